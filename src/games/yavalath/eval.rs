//! Yavalath's evaluation: the win and suicide cells of both sides (bit-parallel in an axial
//! layout), open threats and pairs, the forced replies the search restricts itself to, and the
//! ordering hint.

use super::*;
use crate::game::{score, Eval, Evaluate};
use crate::games::cpu::with_avx2;

impl Yavalath {
    /// Win and suicide cells of both players: see [`Threats`]. Compiled for AVX2 and POPCNT
    /// too, chosen at run time (`games::cpu`): a CodinGame bundle, built for x86-64's baseline,
    /// then counts the pairs with the CPU's own instruction instead of an emulated one.
    pub fn threats(&self) -> Threats {
        let (stones, empty) = (self.stones, self.empty());
        with_avx2(
            #[inline(always)]
            || Threats::of(stones, empty),
        )
    }
}

/// Cells that decide the game for each player if that player plays there.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threats {
    /// `wins[p]`: empty cells where `p` would make a 4 (and win).
    pub wins: [u64; 2],
    /// `suicides[p]`: empty cells where `p` would make exactly a 3 (and lose).
    pub suicides: [u64; 2],
    /// `pairs[p]`: four-cell segments with two of `p`'s stones and two empty cells.
    pub pairs: [i32; 2],
    /// `split_pairs[p]`: the `X _ _ X` shape: segments with `p` on both ends, the middle empty.
    pub split_pairs: [i32; 2],
}

/// Row stride of the axial layout: cell `(a, y)` is bit `a + 10 * y` of a `u128`. Column `a = 9`
/// is never on the board, so a shift along any axis that would wrap into the next row meets it
/// and breaks the pattern; rows past 8 fall off the top bits.
const STRIDE: u32 = 10;
/// The shift of one step along each axis in the axial layout: `(1,0)`, `(0,1)`, `(1,1)`.
const AXIS_SHIFTS: [u32; 3] = [1, STRIDE, STRIDE + 1];

/// Re-lays a row-major bitboard out in the axial layout.
fn to_axial(bits: u64) -> u128 {
    let mut out = 0u128;
    for y in 0..9 {
        let row = (bits >> ROW_START[y]) & ((1u64 << ROW_LEN[y]) - 1);
        out |= (row as u128) << (STRIDE as usize * y + y.saturating_sub(4));
    }
    out
}

/// The inverse of [`to_axial`] (bits off the board are dropped).
fn from_axial(bits: u128) -> u64 {
    let mut out = 0u64;
    for y in 0..9 {
        let row = (bits >> (STRIDE as usize * y + y.saturating_sub(4))) as u64
            & ((1u64 << ROW_LEN[y]) - 1);
        out |= row << ROW_START[y];
    }
    out
}

impl Threats {
    /// Bit-parallel: each axis is a shift in the axial layout, so a pattern over a window of
    /// cells is a few shifts and ANDs for the whole board at once.
    #[inline(always)]
    pub(super) fn of(stones: [u64; 2], empty: u64) -> Self {
        let mut t = Threats::default();
        let e = to_axial(empty);
        for p in 0..2 {
            let x = to_axial(stones[p]);
            let free = x | e;
            let (mut wins, mut threes) = (0u128, 0u128);
            for &s in &AXIS_SHIFTS {
                let (x1, x2, x3) = (x >> s, x >> (2 * s), x >> (3 * s));
                let (l1, l2, l3) = (x << s, x << (2 * s), x << (3 * s));
                // An empty cell completing four: the other three cells of a window are own.
                wins |= (x1 & x2 & x3) | (l1 & x1 & x2) | (l2 & l1 & x1) | (l3 & l2 & l1);
                threes |= (x1 & x2) | (l1 & x1) | (l2 & l1);
                // Windows anchored at their first cell with no enemy stone, and their own count.
                let open = free & (free >> s) & (free >> (2 * s)) & (free >> (3 * s));
                let (s01, c01) = (x ^ x1, x & x1);
                let (s23, c23) = (x2 ^ x3, x2 & x3);
                let carry = s01 & s23;
                let two = !(s01 ^ s23) & (c01 ^ c23 ^ carry) & !(c01 & c23);
                let pairs = open & two;
                t.pairs[p] += pairs.count_ones() as i32;
                t.split_pairs[p] += (pairs & x & x3).count_ones() as i32;
            }
            t.wins[p] = from_axial(wins & e);
            t.suicides[p] = from_axial(threes & e) & !t.wins[p];
        }
        t
    }

    /// The same result segment by segment: the slow, obvious version the fast one is tested
    /// against.
    #[cfg(test)]
    pub(super) fn by_segments(stones: [u64; 2], empty: u64) -> Self {
        let mut t = Threats::default();
        let occupied = stones[0] | stones[1];
        for (i, &seg) in SEGMENTS_4.iter().enumerate() {
            // Only segments holding stones of exactly one player matter.
            let (a, b) = (stones[0] & seg, stones[1] & seg);
            let (p, own) = match (a, b) {
                (0, 0) => continue,
                (own, 0) => (0, own),
                (0, own) => (1, own),
                _ => continue,
            };
            match own.count_ones() {
                3 => t.wins[p] |= seg & empty,
                2 => {
                    t.pairs[p] += 1;
                    t.split_pairs[p] += (own == SEG4_ENDS[i]) as i32;
                }
                _ => {}
            }
        }
        for &seg in SEGMENTS_3.iter() {
            let gap = seg & !occupied;
            // Two stones of one player and one empty cell: the empty cell makes that player's 3.
            if gap == 0 || gap & (gap - 1) != 0 {
                continue;
            }
            if stones[0] & seg == seg & !gap {
                t.suicides[0] |= gap;
            } else if stones[1] & seg == seg & !gap {
                t.suicides[1] |= gap;
            }
        }
        t.suicides[0] &= !t.wins[0];
        t.suicides[1] &= !t.wins[1];
        t
    }
}

/// Evaluation weights, in score units (a proven result is worth `score::WIN`).
mod weight {
    pub const OPEN_THREAT: i32 = 60;
    pub const SPLIT_PAIR: i32 = 22;
    pub const PAIR: i32 = 5;
    /// A cell the opponent cannot use (suicide for it) but we can.
    pub const DENIED_CELL: i32 = 9;
    pub const CENTRE: i32 = 3;
    /// The side to move's bonus for having the move.
    pub const TEMPO: i32 = 8;
}

impl Evaluate for Yavalath {
    /// A move is a bit set on a small board; the table's misses are most of what a node waits on.
    const PREFETCH_SIBLINGS: bool = true;

    /// The first cell and the answer to it under the steal rule ([`super::book`]).
    #[cfg(not(codingame_baseline))]
    fn book_move(&self) -> Option<Cell> {
        super::book::book_move(self)
    }

    fn evaluate(&self) -> Eval {
        let me = self.to_move.index();
        let them = 1 - me;
        let empty = self.empty();
        let t = self.threats();
        if t.wins[me] & empty != 0 {
            return Eval {
                score: score::win_in(1),
                quiet: true,
            };
        }
        let against = t.wins[them] & empty;
        if against.count_ones() >= 2 || against & t.suicides[me] != 0 {
            return Eval {
                score: score::loss_in(2),
                quiet: true,
            };
        }
        let side = |p: usize| -> i32 {
            let q = 1 - p;
            let threats = (t.wins[p] & empty & !t.suicides[q]).count_ones() as i32;
            let denied = (t.suicides[q] & !t.suicides[p]).count_ones() as i32;
            let centre: i32 = (0..4)
                .map(|r| (4 - r as i32) * (self.stones[p] & RING_MASKS[r]).count_ones() as i32)
                .sum();
            threats * weight::OPEN_THREAT
                + t.split_pairs[p] * weight::SPLIT_PAIR
                + t.pairs[p] * weight::PAIR
                + denied * weight::DENIED_CELL
                + centre * weight::CENTRE
        };
        Eval {
            score: side(me) - side(them) + weight::TEMPO,
            quiet: against == 0,
        }
    }

    fn search_moves(&self, out: &mut Vec<Cell>) -> bool {
        if self.steal_open() {
            self.legal_moves(out);
            return false;
        }
        let me = self.to_move.index();
        let them = 1 - me;
        let empty = self.empty();
        let t = self.threats();
        let win = t.wins[me] & empty;
        let must_block = t.wins[them] & empty;
        let push_all = |bits: u64, out: &mut Vec<Cell>| {
            let mut b = bits;
            while b != 0 {
                out.push(b.trailing_zeros() as Cell);
                b &= b - 1;
            }
        };
        if win != 0 {
            push_all(win & win.wrapping_neg(), out);
            return true;
        }
        if must_block != 0 {
            push_all(must_block, out);
            return true;
        }
        let safe = empty & !t.suicides[me];
        if safe != 0 {
            push_all(safe, out);
            safe != empty && safe.count_ones() == 1
        } else {
            push_all(empty, out);
            true
        }
    }

    /// Win/loss-aware playouts, as in the published Yavalath MCTS-Solvers: the search's own
    /// selection (an immediate win, else the blocks of the opponent's win, else the cells that
    /// make no 3 of the mover's, else any cell; every legal move while the steal is open).
    fn playout_moves(&self, out: &mut Vec<Cell>) {
        self.search_moves(out);
    }

    const FORCED_WIN_NODES: u64 = 20_000;

    /// Yavalath's threat-space search ([`super::forced_win`]).
    fn forced_win(&self, max_nodes: u64, line: &mut Vec<Cell>, nodes: &mut u64) -> Option<u32> {
        super::forced_win(self, max_nodes, line, nodes)
    }

    fn order_hint(&self, cell: Cell) -> i32 {
        4 - RING[cell as usize] as i32
    }
}
