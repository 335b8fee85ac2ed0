//! Ataxx's evaluation (fitted weights of `features.rs`' counts plus the network's correction,
//! `network.rs`), the shut-out proof it rests on, and the move ordering of the search.

use super::weights::{ENDGAME, OPENING};
use super::*;
use crate::game::{score, Eval, Evaluate, Game, Pruning};

impl Ataxx {
    /// The stones of `p` with no empty neighbour: the next move cannot capture them. Only
    /// currently safe, not unflippable: a neighbour that jumps away opens a square next to them.
    ///
    /// The evaluation's stand-in for "safe (unflippable) stones", because the sound notion is
    /// almost never there to count. A stone flips when an enemy stone lands on an empty square
    /// next to it, and an occupied neighbour square empties again when its stone jumps away (an
    /// enemy stone at the enemy's choice, an own stone once flipped). So a stone is unflippable
    /// only if every neighbour is a wall, the edge, or an own stone that is unflippable too: the
    /// stones of a walled-off region (8-connected) that one side fills completely. Without walls
    /// that split the board, filling the one region ends the game. Measured in session 4: 7.7 %
    /// of `walls:SEED` layouts split (100,000 seeds), none of `walls:1`-`3` or the empty board;
    /// on split layouts such stones appeared in 39 of 40 engine games, yet a term for them (25
    /// centi-stones each, on top of this one) scored 48.5 % against the engine without it over
    /// 240 arena games on split layouts only (Elo -10, 95 % interval about -54 .. +34; an
    /// earlier run, spoiled by 54 time-outs on the loaded machine, gave +58), so it was left out.
    pub(super) fn currently_safe(&self, p: Player) -> u64 {
        self.pieces[p.index()] & !dilate(self.empty())
    }
    /// A win proven by a shut-out: one side has no empty square within distance 2 of its stones,
    /// so it cannot move, and the other side wins by spawning alone. Returns the winner, an upper
    /// bound on the plies to the end, and the winner's spawn targets (each keeps the proof).
    ///
    /// Why it holds, with `S` the shut-out side and `O` the other, while `O` only spawns:
    /// - Spawns only fill empty squares, so `S` stays shut out and passes at each turn.
    /// - A spawn lands on an empty square, which is at distance 3 or more from every stone of
    ///   `S`: it captures nothing, so `S` keeps exactly its stones. (Only a jump by `O` from a
    ///   square near `S` could open a square next to `S`, and then `S` could move; `O` never
    ///   jumps here.)
    /// - `O` fills every empty square 8-connected (through empty squares) to its stones, one
    ///   spawn each; spawns reset the halfmove clock and the repetition history.
    /// - When no other empty square is within distance 2 of `O`'s stones after that, neither
    ///   side can move and the game ends by count: `O` has its stones plus the filled squares.
    ///
    /// Claimed only when that count beats `S`'s and no draw rule can strike first (the 300-turn
    /// limit, the halfmove clock at `S`'s pass, a board seen before that `S`'s pass would repeat).
    /// A count that does not beat `S`'s proves nothing: `O` might do better by jumping or stall.
    fn shut_out_win(&self) -> Option<(Player, u32, u64)> {
        let empty = self.empty();
        for stuck in [Player::First, Player::Second] {
            let winner = stuck.opponent();
            let (s, o) = (self.pieces[stuck.index()], self.pieces[winner.index()]);
            if s == 0 || o == 0 || dilate(dilate(s)) & empty != 0 {
                continue;
            }
            let spawns = dilate(o) & empty;
            if spawns == 0 {
                return None;
            }
            let mut filled = spawns;
            loop {
                let grown = dilate(filled) & empty;
                if grown == filled {
                    break;
                }
                filled = grown;
            }
            let unfilled = empty & !filled;
            if dilate(dilate(o | filled)) & unfilled != 0
                || (o | filled).count_ones() <= s.count_ones()
            {
                return None;
            }
            let stuck_passes_first = (self.side == stuck) as u32;
            // O's spawns and S's passes between them, plus S's pass now if S is to move.
            let plies = 2 * filled.count_ones() - 1 + stuck_passes_first;
            // O's spawns reset both draw counts; only S's pass before the first one could
            // repeat a board a third time (seen once before, now, and after the pass) or reach
            // the halfmove limit. (Finished positions never get here; the checks also keep them
            // out.)
            let draw_first = match self.rules {
                Rules::CodinGame => {
                    self.ply + plies > CG_TURN_LIMIT
                        || self.earlier_occurrences() + stuck_passes_first >= 2
                }
                Rules::Engine => self.halfmove + stuck_passes_first >= HALFMOVE_LIMIT,
            };
            return (!draw_first).then_some((winner, plies, spawns));
        }
        None
    }
}

impl Ataxx {
    /// The features ([`Ataxx::features`]) weighed by `opening` and `endgame` (centi-stones per
    /// unit), blended linearly by the share of empty squares ([`Ataxx::phase`]).
    pub fn weighed(&self, opening: &[i32; FEATURES], endgame: &[i32; FEATURES]) -> i32 {
        let f = self.features();
        let (mut open, mut end) = (0, 0);
        for i in 0..FEATURES {
            open += f[i] * opening[i];
            end += f[i] * endgame[i];
        }
        let (empty, squares) = self.phase();
        (open * empty + end * (squares - empty)) / squares.max(1)
    }
}

impl Ataxx {
    /// The linear part of the evaluation: the features weighed by the fitted weights of
    /// `weights.rs`, in centi-stones for the side to move.
    pub fn linear_score(&self) -> i32 {
        self.weighed(&OPENING, &ENDGAME)
    }
}

impl Evaluate for Ataxx {
    /// Two stones' lead is about a 73 % winning chance (the playground's curve).
    const WIN_CHANCE_SCALE: f64 = 200.0;

    /// The next child's key is a few table lookups ([`Game::hash_after`]), no copy of the position.
    const PREFETCH_SIBLINGS: bool = true;

    /// From the side to move, in centi-stones: the features of `features.rs` (stones by square
    /// class, currently safe stones, spawn and jump reach, exposed stones, uncontested spawn
    /// squares, each side's best single-move gain, tempo, parity of the empty squares) weighed
    /// by `weights.rs` ([`Ataxx::linear_score`]), plus the evaluation network's correction over
    /// the squares ([`Ataxx::network_score`], `network.rs`; README, "The evaluation network":
    /// +205 Elo at 100 ms a move over the linear evaluation alone). A shut-out (one side can
    /// never move again and the other wins by spawning alone, see `shut_out_win`) is a proven
    /// result instead, its distance an upper bound. Finished games never get here: the search
    /// scores them exactly.
    fn evaluate(&self) -> Eval {
        if let Some((winner, plies, _)) = self.shut_out_win() {
            let score = if winner == self.side {
                score::win_in(plies)
            } else {
                score::loss_in(plies)
            };
            return Eval { score, quiet: true };
        }
        Eval {
            score: score_cache::cached(self.hash, || self.linear_score() + self.network_score()),
            quiet: true,
        }
    }

    /// In a shut-out won by the side to move (see `shut_out_win`), one spawn alone (forced: it
    /// keeps the proven win, so no other move can do better); otherwise every legal move.
    fn search_moves(&self, out: &mut Vec<Move>) -> bool {
        match self.shut_out_win() {
            Some((winner, _, spawns)) if winner == self.side => {
                out.push(Move::spawn(spawns.trailing_zeros() as usize));
                true
            }
            _ => {
                self.legal_moves(out);
                false
            }
        }
    }

    /// Measured in the arena (README: the search's SPRTs). Reverse futility at 60 a ply up to 6
    /// plies (Zataxx's values on BoardLab's scale) took over from 120 up to 5 once the evaluation
    /// network saw where the sides touch (session 11). The move loop's pruning and table cutoffs
    /// at PV nodes too, as Zataxx does (session 12). No null move since session 23, as Zataxx:
    /// a pass is a fair test of a lead (Ataxx has no zugzwang worth the name), yet the engine
    /// measured stronger without it (+31 Elo, SPRT H1; sessions 14 and 20 saw +14 and +9).
    /// Late moves reduced by `ln(depth) * ln(index) / 1.9`, more than Connect 4's 2.25 (+18 at
    /// 15 ms a move over 3,000 games, session 25; 2.75 measured -37). Reverse futility up to 8
    /// plies from the horizon instead of Zataxx's 6 (+17 at 15 ms over 3,000 games, session 26).
    const PRUNING: Option<Pruning> = Some(Pruning {
        futility_margin: 120,
        reverse_futility_margin: 60,
        reverse_futility_depth: 8,
        null_move: false,
        late_moves_base: 6,
        late_moves_per_ply: 4,
        reduction_divisor: 1.9,
        prune_class_zero: true,
        pv_nodes: true,
        singular_depth: 6,
        shallow_table_depth: 2,
        aspiration_step: Some(30),
    });

    /// The side to move passes (a legal Ataxx move only without others). The search would use it
    /// to test a lead if [`Pruning::null_move`] were set; Ataxx measured stronger without.
    fn null_move(&self) -> Option<Self> {
        Some(self.after(Move::PASS))
    }

    /// By gain: the stones taken, plus two for a spawn (which adds a stone and leaves no hole
    /// behind), as Zataxx orders its moves; class 0 is a jump that takes nothing, which the
    /// search prunes late in non-PV nodes ([`Pruning::prune_class_zero`]).
    fn order_class(&self, mv: Move) -> u8 {
        if mv.is_pass() {
            return 0;
        }
        let them = self.pieces[self.side.opponent().index()];
        (SINGLES[mv.to as usize] & them).count_ones() as u8 + 2 * !mv.is_jump() as u8
    }

    /// Within a capture class: spawns before jumps, and jumps that leave fewer of the mover's
    /// stones next to the hole at their origin first.
    fn order_hint(&self, mv: Move) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        if !mv.is_jump() {
            return 64 << 12;
        }
        let exposed =
            (SINGLES[mv.from as usize] & self.pieces[self.side.index()]).count_ones() as i32;
        (-exposed * 8) << 12
    }
}

/// Each search thread's recent static scores by position: transpositions reach the same
/// position again and again (spawns in another order), and the linear terms and the network
/// take most of a node's time.
mod score_cache {
    use std::cell::RefCell;

    /// Slots: a power of two, 16 bytes each, so the cache stays within a core's L2 cache.
    const SLOTS: usize = 1 << 14;

    thread_local! {
        /// `(Zobrist key, score)`, direct-mapped by the key's low bits; key 0 is an empty slot.
        static SCORES: RefCell<Vec<(u64, i32)>> = RefCell::new(vec![(0, 0); SLOTS]);
    }

    /// The score of the position whose Zobrist key is `key` (which covers everything the
    /// score depends on: the stones, the walls and the side to move): from the cache, else
    /// `score()`, kept for next time. A key collision would hand back another position's
    /// score, as it would a transposition table's entry; the table accepts the same odds.
    #[inline(always)]
    pub(super) fn cached(key: u64, score: impl FnOnce() -> i32) -> i32 {
        SCORES.with(|cache| {
            let slot = key as usize & (SLOTS - 1);
            let (stored, value) = cache.borrow()[slot];
            if stored == key && key != 0 {
                return value;
            }
            let value = score();
            cache.borrow_mut()[slot] = (key, value);
            value
        })
    }
}
