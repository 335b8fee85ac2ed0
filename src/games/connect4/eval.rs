//! Connect 4's evaluation: proven results for immediate wins and forced replies, else the fitted
//! weights of threat, row-parity (zugzwang), centre and tempo features (`features.rs`) and, on
//! 9 x 7, the evaluation network's correction to them (`network.rs`).

use super::features::Roles;
use super::network::SHIPPED;
use super::*;
use crate::game::{score, Eval, Evaluate, Pruning};

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// The heuristic part of the evaluation, from the side to move, for the position whose roles
    /// are `roles` ([`Connect4::roles`]) where neither side has a playable win: the fitted
    /// weights ([`super::weights::WEIGHTS`]) of the threat, parity, centre and tempo features
    /// ([`super::features`]), plus on 9 x 7 the network's correction ([`super::network`]).
    #[inline]
    fn heuristic(&self, roles: &Roles) -> i32 {
        let linear = self.role_weighed(roles, &super::weights::WEIGHTS);
        if !Self::HAS_NETWORK {
            return linear;
        }
        let net = SHIPPED.score_with_chips(self.chip_sums(), roles.ta, roles.tb);
        linear + if roles.a_to_move { net } else { -net }
    }
}

impl<const W: usize, const H: usize> Evaluate for Connect4<W, H> {
    /// On 9x7 with the steal: the first column and the answer to it ([`super::book`]).
    #[cfg(not(codingame_baseline))]
    fn book_move(&self) -> Option<u8> {
        super::book::book_move(self)
    }

    /// A win now is `win_in(1)`; two playable wins for the opponent (or one with another of its
    /// wins right above) is `loss_in(2)`; one playable opponent win is not quiet (the reply is
    /// forced). Otherwise the heuristic: parity-weighted threats, centre, tempo.
    fn evaluate(&self) -> Eval {
        if self.steal_open() {
            // The position is worth the better of stealing and not (the steal swaps sides).
            let h = self.heuristic(&self.roles());
            return Eval {
                score: h.max(-h),
                quiet: true,
            };
        }
        let playable = self.playable();
        let mine = Self::winning_cells(self.current, self.mask);
        if mine & playable != 0 {
            return Eval {
                score: score::win_in(1),
                quiet: true,
            };
        }
        let theirs = Self::winning_cells(self.current ^ self.mask, self.mask);
        let forced = theirs & playable;
        if forced != 0 && (forced & (forced - 1) != 0 || theirs & Self::above_cells(forced) != 0) {
            return Eval {
                score: score::loss_in(2),
                quiet: true,
            };
        }
        Eval {
            score: self.heuristic(&self.roles_with_threats(mine, theirs)),
            quiet: forced == 0,
        }
    }

    /// Pons' pruning: a winning move alone if there is one (forced); else the forced block; else
    /// every move that does not drop a chip right below an opponent's winning cell. When every
    /// move loses, all legal moves (forced). At turn index 1 under the steal rule, every move and
    /// the steal.
    fn search_moves(&self, out: &mut Vec<u8>) -> bool {
        if self.steal_open() {
            self.legal_moves(out);
            return false;
        }
        let playable = self.playable();
        let wins = Self::winning_cells(self.current, self.mask) & playable;
        if wins != 0 {
            out.push(Self::column_of(wins & wins.wrapping_neg()));
            return true;
        }
        let safe = self.non_losing_cells();
        if safe == 0 {
            self.legal_moves(out);
            return true;
        }
        let mut bits = safe;
        while bits != 0 {
            out.push(Self::column_of(bits & bits.wrapping_neg()));
            bits &= bits - 1;
        }
        safe.count_ones() == 1 && safe != playable
    }

    /// A chip is two bitboard operations; the table's misses are most of what a node waits on.
    const PREFETCH_SIBLINGS: bool = true;

    /// Reverse futility, futility and late-move pruning with the logarithmic LMR table, and IIR;
    /// no null move: Connect 4 is a game of zugzwang, where passing would often be the best move.
    /// The margin, 50, is about one threat. Kept by an arena match at 30,000 nodes a move
    /// against the build without it (README, "The search's SPRTs"): +40 (+12 .. +69).
    const PRUNING: Option<Pruning> = Some(Pruning {
        futility_margin: 50,
        reverse_futility_margin: 50,
        reverse_futility_depth: 5,
        null_move: false,
        late_moves_base: 3,
        late_moves_per_ply: 1,
        reduction_divisor: 2.25,
        prune_class_zero: false,
        pv_nodes: false,
        singular_depth: 0,
        shallow_table_depth: 0,
        aspiration_step: None,
    });

    /// Centre first, then by the threats the move creates (Pons' ordering).
    fn order_hint(&self, mv: u8) -> i32 {
        if mv == STEAL {
            return 0;
        }
        let col = mv as usize;
        let cell = self.landing_cell(col);
        let centre = W as i32 - (2 * col as i32 - (W as i32 - 1)).abs();
        self.threats_after(cell) as i32 * 16 + centre
    }
}
