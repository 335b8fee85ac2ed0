//! Amazons' evaluation: queen- and king-distance territory, the mobility penalty, the exact
//! longest-play solve of separated regions (the proven endgame), and the two-step move selection
//! of the search.

use super::*;
use crate::game::{EngineKind, Eval, Evaluate};
use crate::ranking;
use crate::rng::splitmix;

/// Evaluation weights, in units where one square of territory is [`weights::SQUARE`].
pub mod weights {
    /// One square of territory.
    pub const SQUARE: i32 = 16;
    /// A square both sides reach equally fast counts this much for the side to move.
    pub const TEMPO_TIE: i32 = 3;
    /// Penalty for an amazon with `m` queen moves, `m` = 0..7 (8 or more: none).
    pub const LOW_MOBILITY: [i32; 8] = [90, 48, 30, 20, 13, 8, 4, 2];
    /// The share of a square's queen-territory value that an exposed square (owned by queen
    /// distance, yet an opponent amazon still reaches it within two queen moves: an invasion
    /// can take it) loses, in 1/64. Region safety, after the lost game whose score stayed
    /// high while its amazons were boxed into regions not yet secure; SPRT in the README.
    pub const EXPOSED_DISCOUNT: i32 = 24;
    /// Once the regions are separated, the winner-to-be gets this bonus on top of the territory.
    pub const SEPARATED: i32 = 3000;

    /// The weights of the three territory terms at one stage of the game, in 1/64.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Stage {
        /// Queen-distance territory: 30 early, growing to 64 late.
        pub queen: i32,
        /// King-distance territory: 26 early, fading to 10 late.
        pub king: i32,
        /// The distance-weighted position term: 24 early, fading to 0 late.
        pub position: i32,
    }

    /// The weights with `empties` empty squares on the board (56 at the start): they move
    /// linearly from the early values (56 empties) to the late ones (10 or fewer). Queen
    /// territory outweighs king territory at every stage.
    pub const fn stage(empties: i32) -> Stage {
        let early = if empties < 10 {
            0
        } else if empties > 56 {
            46
        } else {
            empties - 10
        }; // 46 early .. 0 late
        Stage {
            queen: 30 + (46 - early) * 34 / 46,
            king: 10 + early * 16 / 46,
            position: early * 24 / 46,
        }
    }
}

impl Amazons {
    /// The low-mobility penalty of `player`'s amazons (see [`weights::LOW_MOBILITY`]).
    fn mobility_penalty(&self, player: Player) -> i32 {
        let occ = !self.empty();
        let mut pen = 0;
        let mut b = self.amazons[player.index()];
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            let m = (queen_attacks(sq, occ) & !occ).count_ones() as usize;
            if m < 8 {
                pen += weights::LOW_MOBILITY[m];
            }
        }
        pen
    }

    /// The static score from the side to move (see [`Evaluate::evaluate`] for Amazons), solving
    /// split boards exactly ([`Amazons::separated_score`]).
    pub fn score(&self) -> i32 {
        self.score_with(true)
    }

    /// The static score; `exact_split: false` scores a split board by region sizes only (the
    /// cheap form the move selection uses for its hundreds of candidates).
    pub fn score_with(&self, exact_split: bool) -> i32 {
        use weights::*;
        let t = self.territory();
        let sign = if self.to_move == Player::First { 1 } else { -1 };
        if t.separated {
            if exact_split {
                return self.separated_score();
            }
            let me = self.to_move.index();
            return split_heuristic(t.reach[me] as u32, t.reach[1 - me] as u32);
        }
        let w = stage(self.empty().count_ones() as i32);
        let white = (t.queen * SQUARE + sign * t.queen_ties * TEMPO_TIE) * w.queen
            - t.exposed * SQUARE * w.queen * EXPOSED_DISCOUNT / 64
            + (t.king * SQUARE + sign * t.king_ties * TEMPO_TIE) * w.king
            + (t.position * SQUARE / 128) * w.position;
        let mob = self.mobility_penalty(Player::Second) - self.mobility_penalty(Player::First);
        sign * (white / 64 + mob)
    }
}

impl Amazons {
    /// The score once the board has split (no empty square both sides reach): each side plays
    /// only in its own regions, so the side to move wins exactly when it can make more moves
    /// than the opponent. Each side's move count is bracketed ([`play_bounds`]); when the
    /// brackets do not overlap the result is proven: a win once the opponent's moves run out
    /// (`2 * theirs + 1` plies, with `theirs` at its upper bound unless exact) or a loss once
    /// ours do (`2 * mine` plies). Overlapping brackets give a large heuristic score.
    pub fn separated_score(&self) -> i32 {
        let empty = self.empty();
        let me = self.to_move.index();
        let mine = play_bounds(self.amazons[me], empty);
        let theirs = play_bounds(self.amazons[1 - me], empty);
        if mine.low > theirs.high {
            crate::game::score::win_in(2 * theirs.high + 1)
        } else if mine.high <= theirs.low {
            crate::game::score::loss_in(2 * mine.high)
        } else {
            split_heuristic(mine.estimate(), theirs.estimate())
        }
    }
}

/// A split board's score when the move counts are only estimates: a large bonus for the side
/// with more moves, plus the difference.
fn split_heuristic(mine: u32, theirs: u32) -> i32 {
    let diff = mine as i32 - theirs as i32;
    let base = if diff > 0 {
        weights::SEPARATED
    } else {
        -weights::SEPARATED
    };
    base + diff * weights::SQUARE * 4
}

/// Every square connected to `from` through `open` by king steps (a queen reaches exactly these
/// squares in some number of moves), `from` included.
pub(super) fn flood(from: u64, open: u64) -> u64 {
    let mut region = from;
    loop {
        let next = region | (king_step(region) & open);
        if next == region {
            return region;
        }
        region = next;
    }
}

/// Regions with at most this many empty squares get the full budget of an exact solve; larger
/// ones get a short one that only finds a lower bound in practice.
pub const EXACT_REGION: u32 = 14;
/// Nodes one region solve may visit before it stops with the longest sequence found so far.
const REGION_BUDGET: u32 = 600;
/// The budget for regions over [`EXACT_REGION`] squares: one greedy descent and a little more.
const LARGE_REGION_BUDGET: u32 = 64;

/// How many moves in a row some amazons can make in regions no opponent can enter: at least
/// `low` (a sequence of that length was found), at most `high` (a sequence was proven longest,
/// or the count of reachable empty squares, since every move burns one). Exact when equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayBounds {
    /// Moves of the longest sequence found.
    pub low: u32,
    /// No sequence is longer than this.
    pub high: u32,
}

impl PlayBounds {
    /// Whether the count is known exactly.
    pub fn exact(self) -> bool {
        self.low == self.high
    }

    /// A single guess for the count, between the bounds.
    pub fn estimate(self) -> u32 {
        (self.low + self.high).div_ceil(2)
    }
}

/// [`play_bounds`] as `(upper bound, exact)`: the most moves `amazons` can make in a row when
/// no opponent can enter their regions, and whether that count is proven.
pub fn longest_play(amazons: u64, empty: u64) -> (u32, bool) {
    let b = play_bounds(amazons, empty);
    (b.high, b.exact())
}

/// Bounds on the moves `amazons` can make in a row when no opponent can enter their regions,
/// region by region (the regions are independent, so the counts add up). Each region is
/// searched depth first within a node budget ([`REGION_BUDGET`], or [`LARGE_REGION_BUDGET`] over
/// [`EXACT_REGION`] squares); a finished search is exact, an unfinished one gives the longest
/// sequence it found as the lower bound and the region's square count as the upper.
pub fn play_bounds(amazons: u64, empty: u64) -> PlayBounds {
    let mut total = PlayBounds { low: 0, high: 0 };
    let mut rest = amazons;
    while rest != 0 {
        let seed = rest & rest.wrapping_neg();
        let region = flood(seed, empty | amazons);
        let own = region & amazons;
        let squares = region & empty;
        rest &= !own;
        let b = solve_region_cached(own, squares);
        total.low += b.low;
        total.high += b.high;
    }
    total
}

/// A direct-mapped cache of region solves: `(amazons, empty, low, high)`; `high == u32::MAX`
/// marks an empty slot. Exact entries also serve the sub-solves inside other solves.
const REGION_CACHE: usize = 1 << 12;

thread_local! {
    static REGION_SOLVES: std::cell::RefCell<Vec<(u64, u64, u32, u32)>> =
        std::cell::RefCell::new(vec![(0, 0, 0, u32::MAX); REGION_CACHE]);
}

fn region_slot(amazons: u64, empty: u64) -> usize {
    (splitmix(amazons ^ empty.rotate_left(17)) as usize) & (REGION_CACHE - 1)
}

fn cached_region(amazons: u64, empty: u64) -> Option<PlayBounds> {
    let slot = region_slot(amazons, empty);
    REGION_SOLVES.with(|c| {
        let e = c.borrow()[slot];
        (e.0 == amazons && e.1 == empty && e.3 != u32::MAX).then_some(PlayBounds {
            low: e.2,
            high: e.3,
        })
    })
}

fn store_region(amazons: u64, empty: u64, b: PlayBounds) {
    let slot = region_slot(amazons, empty);
    REGION_SOLVES.with(|c| c.borrow_mut()[slot] = (amazons, empty, b.low, b.high));
}

/// Bounds for one region: from the cache, else a budgeted search.
fn solve_region_cached(amazons: u64, empty: u64) -> PlayBounds {
    if let Some(b) = cached_region(amazons, empty) {
        return b;
    }
    let size = empty.count_ones();
    let mut nodes = if size <= EXACT_REGION {
        REGION_BUDGET
    } else {
        LARGE_REGION_BUDGET
    };
    let (best, finished) = solve_region(amazons, empty, &mut nodes);
    let bound = (flood(amazons, empty) & empty).count_ones();
    let b = PlayBounds {
        low: best,
        high: if finished { best } else { bound },
    };
    store_region(amazons, empty, b);
    b
}

/// The longest sequence of moves `amazons` can make using only `empty` found within `nodes`
/// (a budget counted down), and whether the search finished (then it is the longest there is).
/// Depth first, stopping as soon as a sequence fills every square still reachable; finished
/// sub-solves are cached.
fn solve_region(amazons: u64, empty: u64, nodes: &mut u32) -> (u32, bool) {
    let reach = flood(amazons, empty) & empty;
    let bound = reach.count_ones();
    if bound == 0 {
        return (0, true);
    }
    if let Some(b) = cached_region(amazons, empty).filter(|b| b.exact()) {
        return (b.low, true);
    }
    if *nodes == 0 {
        return (0, false);
    }
    *nodes -= 1;
    let occ = !empty;
    let mut best = 0;
    let mut finished = true;
    let mut from_set = amazons;
    while from_set != 0 {
        let from = from_set.trailing_zeros() as usize;
        from_set &= from_set - 1;
        let mut tos = queen_attacks(from, occ) & empty;
        while tos != 0 {
            let to = tos.trailing_zeros() as usize;
            tos &= tos - 1;
            let occ1 = (occ ^ (1 << from)) | 1 << to;
            let mut arrows = queen_attacks(to, occ1) & !occ1;
            while arrows != 0 {
                let arrow = arrows.trailing_zeros() as usize;
                arrows &= arrows - 1;
                if *nodes == 0 {
                    // Out of budget: what was found so far is a lower bound. (A move not yet
                    // tried still counts 1, so the count is at least 1.)
                    return (best.max(1), false);
                }
                let rest_empty = ((empty | 1 << from) & !(1 << to)) & !(1 << arrow);
                let rest_amazons = amazons ^ (1 << from) ^ (1 << to);
                let (sub, sub_finished) = solve_region(rest_amazons, rest_empty, nodes);
                if sub_finished {
                    store_region(
                        rest_amazons,
                        rest_empty,
                        PlayBounds {
                            low: sub,
                            high: sub,
                        },
                    );
                } else {
                    finished = false;
                }
                if 1 + sub > best {
                    best = 1 + sub;
                    if best >= bound {
                        return (best, true);
                    }
                }
            }
        }
    }
    (best, finished)
}

/// Move ordering and pruning: how many amazon moves (by the score after the amazon alone moved)
/// get their arrows tried, and how many full moves are searched.
pub mod selection {
    /// Amazon moves whose arrows are scored.
    pub const AMAZON_MOVES: usize = 8;
    /// Full moves handed to the search (best first by their static score).
    pub const MOVES: usize = 24;
}

impl Evaluate for Amazons {
    /// An interior node scores a few hundred candidate moves (about 0.1 ms).
    const NODES_PER_CLOCK_CHECK: u64 = 8;

    /// 16 units are one square of territory: three squares' lead is about a 73 % winning chance.
    const WIN_CHANCE_SCALE: f64 = 48.0;

    /// MCTS beat alpha-beta at 100 ms a move in the arena (the README's measured strength): the
    /// branching factor (about a thousand moves) starves a full-width search.
    const DEFAULT_ENGINE: EngineKind = EngineKind::Mcts;

    /// Territory by queen and king distance (weights shifting from king territory and position
    /// early to queen territory late), a penalty for amazons with few moves, and, once the board
    /// has split into regions no square of which both sides reach, the region sizes decide.
    fn evaluate(&self) -> Eval {
        Eval {
            score: self.score(),
            quiet: true,
        }
    }

    /// Split generation: every amazon move is scored with the amazon moved and no arrow yet; the
    /// best [`selection::AMAZON_MOVES`] get every arrow scored; the best [`selection::MOVES`]
    /// full moves are searched, best first. A move that leaves the opponent without a move is
    /// found among all legal moves and searched alone (forced).
    fn search_moves(&self, out: &mut Vec<Move>) -> bool {
        let occ = !self.empty();
        // A move can only leave the opponent stuck when its amazons have at most two free
        // neighbours in all (the move fills at most two squares): then look at every move.
        let opponent = self.amazons[self.to_move.opponent().index()];
        if (king_step(opponent) & !occ).count_ones() <= 2 {
            let start = out.len();
            self.legal_moves(out);
            let winner = out[start..].iter().copied().find(|&mv| {
                let mut child = *self;
                child.play(mv);
                child.outcome().is_some()
            });
            out.truncate(start);
            if let Some(mv) = winner {
                out.push(mv);
                return true;
            }
        }
        // Half moves (an amazon's step) then whole moves, each best first by its static score,
        // as keys of the shared sort (`ranking`): a half move's key holds its step (from, to),
        // so equal scores keep the order they were generated in; a whole move's holds its
        // index in `full_moves`.
        let mut halves = [0u128; 128];
        let mut n_halves = 0;
        let mut mine = self.amazons[self.to_move.index()];
        while mine != 0 {
            let from = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let mut tos = queen_attacks(from, occ) & !occ;
            while tos != 0 {
                let to = tos.trailing_zeros() as usize;
                tos &= tos - 1;
                let s = -self.with_amazon_moved(from, to).score_with(false);
                if n_halves < halves.len() {
                    let step = from << 8 | to;
                    halves[n_halves] = ranking::key(ranking::descending_i32(s), step);
                    n_halves += 1;
                }
            }
        }
        let halves = ranking::smallest(&mut halves[..n_halves], selection::AMAZON_MOVES);
        let mut fulls = [0u128; 256];
        let mut full_moves = [Move::default(); 256];
        let mut n_full = 0;
        for &half in halves {
            let step = ranking::index(half);
            let (from, to) = ((step >> 8) as u8, step as u8);
            let (f, t) = (from as usize, to as usize);
            let occ2 = occ ^ (1 << f) | 1 << t;
            let mut arrows = queen_attacks(t, occ2) & !occ2;
            while arrows != 0 {
                let arrow = arrows.trailing_zeros() as u8;
                arrows &= arrows - 1;
                let mv = Move { from, to, arrow };
                let mut child = *self;
                child.play(mv);
                let s = -child.score_with(false);
                if n_full < fulls.len() {
                    fulls[n_full] = ranking::key(ranking::descending_i32(s), n_full);
                    full_moves[n_full] = mv;
                    n_full += 1;
                }
            }
        }
        let best = ranking::smallest(&mut fulls[..n_full], selection::MOVES);
        out.extend(best.iter().map(|&f| full_moves[ranking::index(f)]));
        if out.is_empty() {
            // Unreachable while the game is not over, but never hand the search nothing.
            self.legal_moves(out);
        }
        false
    }
}
