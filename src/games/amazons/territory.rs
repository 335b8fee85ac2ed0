//! Territory: which side reaches each empty square first. Both sides' breadth-first searches run
//! in lockstep (one `race` function), once by queen moves and once by king steps, over the empty squares
//! (amazons and walls block). The evaluation counts the result ([`Amazons::territory`]); the
//! playground shades it square by square ([`Amazons::territory_map`]). Both read the same races,
//! so the shading shows exactly what the engine counts.

use super::eval::flood;
use super::tables::{king_steps, queen_steps};
use super::{longest_play, Amazons, SQUARES};
use crate::game::Player;
use crate::games::cpu::with_avx2;

/// What one lockstep race found, as bitboards of empty squares (index `[white, black]`).
struct Race {
    /// Reached by this side in fewer steps than the other (or only by this side).
    owned: [u64; 2],
    /// Reached by both in the same number of steps.
    tied: u64,
    /// Reached by this side at all.
    reached: [u64; 2],
}

/// Runs both sides' breadth-first searches in lockstep from `sources` (`[white, black]` amazon
/// bitboards). `step([white, black])` gives, for each side's frontier, every square one step
/// from it that the side's search may enter (the caller masks it to the empty squares); squares
/// already reached are dropped here.
/// `on_layer(d, [white, black])` hears the squares each side reaches first at distance `d`
/// (1, 2, ...), in order.
#[inline(always)]
fn race(
    sources: [u64; 2],
    step: impl Fn([u64; 2]) -> [u64; 2],
    mut on_layer: impl FnMut(u32, [u64; 2]),
) -> Race {
    let mut frontier = sources;
    let mut r = Race {
        owned: [0; 2],
        tied: 0,
        reached: [0; 2],
    };
    let mut d = 0;
    while frontier[0] | frontier[1] != 0 {
        d += 1;
        let reach = step(frontier);
        let next = [reach[0] & !r.reached[0], reach[1] & !r.reached[1]];
        // A square new to one side is its own unless the other side got there earlier
        // (`reached`) or gets there now (`next`): then the earlier one owns it, or it is tied.
        r.owned[0] |= next[0] & !r.reached[1] & !next[1];
        r.owned[1] |= next[1] & !r.reached[0] & !next[0];
        r.tied |= next[0] & next[1];
        on_layer(d, next);
        r.reached[0] |= next[0];
        r.reached[1] |= next[1];
        frontier = next;
    }
    r
}

/// How many queen moves away an opponent amazon still makes an owned square exposed.
const EXPOSED_WITHIN: u32 = 2;

/// Adds a queen race layer at distance `d` to `near`, the squares each side reaches within
/// [`EXPOSED_WITHIN`] moves.
#[inline(always)]
fn note_near(near: &mut [u64; 2], d: u32, layer: [u64; 2]) {
    if d <= EXPOSED_WITHIN {
        near[0] |= layer[0];
        near[1] |= layer[1];
    }
}

/// Squares each side owns by queen distance that an opponent amazon still reaches within
/// [`EXPOSED_WITHIN`] queen moves (`near`: see [`note_near`]), `[white, black]`.
#[inline(always)]
fn exposed(queen: &Race, near: [u64; 2]) -> [u64; 2] {
    [queen.owned[0] & near[1], queen.owned[1] & near[0]]
}

/// The race by queen moves over the empty squares.
#[inline(always)]
fn queen_race(pos: &Amazons, on_layer: impl FnMut(u32, [u64; 2])) -> Race {
    let empty = pos.empty();
    race(
        pos.amazons,
        #[inline(always)]
        |from| queen_steps(from, empty),
        on_layer,
    )
}

/// The race by king steps over the empty squares.
#[inline(always)]
fn king_race(pos: &Amazons, on_layer: impl FnMut(u32, [u64; 2])) -> Race {
    let empty = pos.empty();
    race(
        pos.amazons,
        #[inline(always)]
        |from| king_steps(from, empty),
        on_layer,
    )
}

/// The territory measures of a position, from white's side (white minus black): what the
/// evaluation weighs ([`Amazons::score`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Territory {
    /// Empty squares white reaches in fewer queen moves, minus black's; `ties` reached equally.
    pub queen: i32,
    /// Empty squares both sides reach in the same number of queen moves.
    pub queen_ties: i32,
    /// The same by king moves.
    pub king: i32,
    /// Empty squares both sides reach in the same number of king moves.
    pub king_ties: i32,
    /// `sum 2^-d` over squares by queen distance, white minus black, in 1/256 units.
    pub position: i32,
    /// Squares white owns by queen distance that a black amazon still reaches within two queen
    /// moves (not yet safe: an invasion can take them), minus the same for black.
    pub exposed: i32,
    /// Empty squares reachable at all by white, by black.
    pub reach: [i32; 2],
    /// No empty square is reachable by both sides: the board has split.
    pub separated: bool,
}

impl Amazons {
    /// Queen-distance and king-distance territory by simultaneous breadth-first search on
    /// bitboards (the king race is skipped once the board has split: it would say the same).
    /// In AVX2 where the CPU has it (`games::cpu`): the eight directions of the queen race's
    /// fills then run four to an instruction, each with a shift count of its own (`vpsllvq`),
    /// which x86-64's baseline (SSE2) lacks; the same bitboards (README: "The territory races in
    /// AVX2").
    pub fn territory(&self) -> Territory {
        with_avx2(
            #[inline(always)]
            || self.territory_races(),
        )
    }

    /// [`Amazons::territory`]'s work, inlined into each of its builds.
    #[inline(always)]
    fn territory_races(&self) -> Territory {
        let mut position = 0;
        let mut near = [0u64; 2];
        let queen = queen_race(
            self,
            #[inline(always)]
            |d, [nw, nb]| {
                note_near(&mut near, d, [nw, nb]);
                if d <= 8 {
                    position += (nw.count_ones() as i32 - nb.count_ones() as i32) * (256 >> d);
                }
            },
        );
        let count = |set: u64| set.count_ones() as i32;
        let mut t = Territory {
            queen: count(queen.owned[0]) - count(queen.owned[1]),
            queen_ties: count(queen.tied),
            king: 0,
            king_ties: 0,
            position,
            exposed: {
                let [white, black] = exposed(&queen, near);
                count(white) - count(black)
            },
            reach: [count(queen.reached[0]), count(queen.reached[1])],
            separated: queen.reached[0] & queen.reached[1] == 0,
        };
        if t.separated {
            t.king = t.queen;
            return t;
        }
        let king = king_race(self, |_, _| {});
        t.king = count(king.owned[0]) - count(king.owned[1]);
        t.king_ties = count(king.tied);
        t
    }

    /// The territory square by square, for showing it (see [`TerritoryMap`]). Runs the
    /// evaluation's own races, plus a region flood and the exact region solves of sealed regions
    /// ([`longest_play`]); about a millisecond, not for the search.
    pub fn territory_map(&self) -> TerritoryMap {
        let mut queen = [[None; SQUARES]; 2];
        let mut king = [[None; SQUARES]; 2];
        let mut near = [0u64; 2];
        let q = queen_race(self, |d, layer| {
            record(&mut queen, d, layer);
            note_near(&mut near, d, layer);
        });
        let k = king_race(self, |d, layer| record(&mut king, d, layer));
        // The evaluation weighs queen territory above king territory at every stage
        // (`weights::stage`), so a square tied by queen moves leans to the side nearer by king
        // steps; only a tie in both is contested. (A square one race reaches, the other reaches
        // too: a queen path is a path of king steps, and a king step is a queen move.)
        let owned = [
            q.owned[0] | (q.tied & k.owned[0]),
            q.owned[1] | (q.tied & k.owned[1]),
        ];
        let (sealed, regions) = self.sealed_regions();
        TerritoryMap {
            owned,
            exposed: exposed(&q, near),
            contested: q.tied & k.tied,
            dead: self.empty() & !(q.reached[0] | q.reached[1]),
            sealed,
            queen,
            king,
            regions,
            split: q.reached[0] & q.reached[1] == 0,
        }
    }

    /// The regions (squares connected by king steps through anything but walls) holding amazons
    /// of one side only, with at least one empty square: `([white, black] sealed empty squares,
    /// the regions)`. Walls never go away, so no amazon of the other side can ever enter one.
    fn sealed_regions(&self) -> ([u64; 2], Vec<SealedRegion>) {
        let open = !self.walls;
        let empty = self.empty();
        let mut sealed = [0u64; 2];
        let mut regions = Vec::new();
        let mut rest = self.amazons[0] | self.amazons[1];
        while rest != 0 {
            let region = flood(rest & rest.wrapping_neg(), open);
            rest &= !region;
            let owner = match (region & self.amazons[0] != 0, region & self.amazons[1] != 0) {
                (true, false) => Player::First,
                (false, true) => Player::Second,
                _ => continue,
            };
            let squares = region & empty;
            if squares == 0 {
                continue;
            }
            sealed[owner.index()] |= squares;
            let (moves, exact) = longest_play(region & self.amazons[owner.index()], squares);
            regions.push(SealedRegion {
                owner,
                squares,
                moves,
                exact,
            });
        }
        (sealed, regions)
    }
}

/// Writes distance `d` into `dist[side][square]` for every square of `layer[side]`.
fn record(dist: &mut [[Option<u8>; SQUARES]; 2], d: u32, layer: [u64; 2]) {
    for (side, mut set) in layer.into_iter().enumerate() {
        while set != 0 {
            dist[side][set.trailing_zeros() as usize] = Some(d as u8);
            set &= set - 1;
        }
    }
}

/// Who an empty square belongs to by the evaluation's territory measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// An amazon or a wall stands on it.
    Occupied,
    /// No amazon can ever reach it.
    Dead,
    /// Both sides reach it in the same number of queen moves and of king steps.
    Contested,
    /// This side reaches it first (by queen moves; on a tie, by king steps).
    Owned(Player),
}

/// A region only one side's amazons are in: its empty squares are that side's for good.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealedRegion {
    /// The side whose amazons are in the region.
    pub owner: Player,
    /// The region's empty squares, a bitboard (bit `y * 8 + x`).
    pub squares: u64,
    /// The most moves the owner can make inside it ([`longest_play`]): exact when `exact`, else
    /// an upper bound (the square count; regions over [`super::EXACT_REGION`] squares, or whose
    /// solve ran out of budget).
    pub moves: u32,
    /// Whether `moves` is proven.
    pub exact: bool,
}

/// The territory square by square ([`Amazons::territory_map`]). Bitboards have bit `y * 8 + x`
/// (`a1` = 0, `h8` = 63); every empty square is in exactly one of `owned[0]`, `owned[1]`,
/// `contested` and `dead`. Arrays are indexed `[white, black]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerritoryMap {
    /// Empty squares each side reaches first: in fewer queen moves, or, when the queen moves
    /// tie, in fewer king steps.
    pub owned: [u64; 2],
    /// The squares of `owned` the evaluation discounts as not yet safe: owned by queen distance,
    /// yet an opponent amazon reaches them within two queen moves
    /// ([`super::weights::EXPOSED_DISCOUNT`]).
    pub exposed: [u64; 2],
    /// Empty squares both sides reach in the same number of queen moves and of king steps.
    pub contested: u64,
    /// Empty squares no amazon can reach.
    pub dead: u64,
    /// The empty squares of each side's [`SealedRegion`]s (a subset of `owned`).
    pub sealed: [u64; 2],
    /// `queen[side][square]`: the fewest queen moves that side's amazons need to reach the
    /// square through empty squares (1 = one move), `None` when they never can or it is occupied.
    pub queen: [[Option<u8>; SQUARES]; 2],
    /// The same in king steps (one square in any of the eight directions).
    pub king: [[Option<u8>; SQUARES]; 2],
    /// The sealed regions, in the order of their lowest amazon square.
    pub regions: Vec<SealedRegion>,
    /// No empty square is reachable by both sides: the evaluation now counts moves region by
    /// region ([`Amazons::separated_score`]).
    pub split: bool,
}

impl TerritoryMap {
    /// Who square `sq` (`0..64`) belongs to.
    pub fn claim(&self, sq: usize) -> Claim {
        let bit = 1u64 << sq;
        if self.owned[0] & bit != 0 {
            Claim::Owned(Player::First)
        } else if self.owned[1] & bit != 0 {
            Claim::Owned(Player::Second)
        } else if self.contested & bit != 0 {
            Claim::Contested
        } else if self.dead & bit != 0 {
            Claim::Dead
        } else {
            Claim::Occupied
        }
    }

    /// The number of squares each side owns, `[white, black]`.
    pub fn owned_counts(&self) -> [u32; 2] {
        [self.owned[0].count_ones(), self.owned[1].count_ones()]
    }
}
