//! Amazons on 8x8 under the CodinGame rules (`shared/rules.md` §3; the referee wins over the
//! statement): four amazons a side, a move is a queen move of one amazon followed by a queen-like
//! arrow shot from its landing square (the square it left is empty while the arrow flies), and
//! the arrow's square becomes a wall. A player with no legal move on their turn loses; there are
//! no draws.
//!
//! Squares are numbered `y * 8 + x` with `x` the file (`a` = 0) and `y` the rank minus one, so
//! bit 0 is `a1` and bit 63 is `h8`. A move is written `from to arrow` without spaces, e.g.
//! `d8d1d7`.
//!
//! Setup strings ([`Game::from_setup`]):
//! - `""`: the CodinGame start of seed 0 (the documented default; CodinGame draws a random seed).
//! - `"seed:N"`: the start position CodinGame generates for the Java seed `N` (any `i64`), made
//!   with a bit-exact `java.util.Random` and the referee's placement loop ([`start_from_seed`]).
//! - a position string ([`Amazons::position_string`]): eight ranks, rank 8 first, separated by
//!   `/`, each eight characters `.` empty, `w` white, `b` black, `-` wall; then a space and the
//!   side to move, `w` or `b`. Example: `..b..b../......../b......b/......../......../w......w/
//!   ......../..w..w.. w` (without the line break).
//!
//! The engine side ([`Evaluate`]): the generic alpha-beta searches a selection of moves made in
//! two steps (every amazon move scored with the amazon moved and no arrow yet, then every arrow
//! of the best few), and evaluates by queen-distance and king-distance territory (simultaneous
//! breadth-first searches on bitboards, [`territory`], which also maps it square by square for
//! the playground), a distance-weighted position term and a penalty for
//! amazons with few moves, with weights moving from king territory and position early to queen
//! territory late. Once no empty square is reachable by both sides, each side's longest run of
//! moves is solved region by region ([`longest_play`]) and the result is proven.

mod eval;
mod lanes;
mod notation;
mod tables;
pub mod territory;

use crate::game::{Game, MoveBits, NotationError, Outcome, Player};
pub use eval::{longest_play, play_bounds, selection, weights, PlayBounds, EXACT_REGION};
pub use notation::{format_move, from_rows, parse_square, square_name};
use tables::*;
pub use tables::{queen_attacks, SQUARES};
pub use territory::{Claim, SealedRegion, Territory, TerritoryMap};

/// A move: the amazon's origin and destination and the arrow's square (square indices `0..64`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the amazon leaves.
    pub from: u8,
    /// The square it lands on.
    pub to: u8,
    /// The square its arrow burns, reached by a queen line from `to`.
    pub arrow: u8,
}

impl MoveBits for Move {
    fn to_bits(self) -> u32 {
        u32::from_le_bytes([self.from, self.to, self.arrow, 0])
    }

    fn from_bits(bits: u32) -> Move {
        let [from, to, arrow, _] = bits.to_le_bytes();
        Move { from, to, arrow }
    }
}

/// An Amazons position: amazons per side, walls, the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Amazons {
    /// `[white, black]` amazons.
    amazons: [u64; 2],
    walls: u64,
    to_move: Player,
    plies: u32,
    last: Option<Move>,
    hash: u64,
}

/// `java.util.Random`, bit for bit: the 48-bit linear congruential generator.
#[derive(Clone, Debug)]
pub struct JavaRandom {
    seed: u64,
}

impl JavaRandom {
    const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    const MASK: u64 = (1 << 48) - 1;

    /// `new Random(seed)`: the seed scrambled with the multiplier.
    pub fn new(seed: i64) -> Self {
        JavaRandom {
            seed: (seed as u64 ^ Self::MULTIPLIER) & Self::MASK,
        }
    }

    /// `next(bits)`: the top `bits` bits of the advanced 48-bit state, as Java's signed `int`.
    pub fn next(&mut self, bits: u32) -> i32 {
        self.seed = (self.seed.wrapping_mul(Self::MULTIPLIER).wrapping_add(0xB)) & Self::MASK;
        (self.seed >> (48 - bits)) as i64 as i32
    }

    /// `nextInt(bound)` for `bound > 0`: the power-of-two shortcut, else rejection sampling
    /// exactly as the JDK does it (including its `int` overflow test).
    ///
    /// # Panics
    /// When `bound <= 0`, where Java throws `IllegalArgumentException` (the referee uses 4).
    pub fn next_int(&mut self, bound: i32) -> i32 {
        assert!(bound > 0, "bound must be positive");
        if bound & -bound == bound {
            return ((bound as i64 * self.next(31) as i64) >> 31) as i32;
        }
        loop {
            let bits = self.next(31);
            let val = bits % bound;
            if bits.wrapping_sub(val).wrapping_add(bound - 1) >= 0 {
                return val;
            }
        }
    }
}

/// The CodinGame start for Java seed `seed` as `[white, black]` amazon bitboards.
///
/// The referee's loop (`shared/rules.md` §3): until eight amazons are placed, `k = placed / 2`;
/// draw `y = nextInt(4)` then `x = nextInt(4)`; add the quadrant offset
/// `[(0,0),(0,4),(4,0),(4,4)][k]` as `(y, x)`; skip a square that is occupied, next to any amazon
/// or a corner; else white goes on `(x, y)` and black on `(7-x, 7-y)`.
pub fn start_from_seed(seed: i64) -> [u64; 2] {
    const OFFSETS: [(usize, usize); 4] = [(0, 0), (0, 4), (4, 0), (4, 4)];
    const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;
    let mut rng = JavaRandom::new(seed);
    let mut amazons = [0u64; 2];
    let mut placed = 0;
    while placed < 8 {
        let k = placed / 2;
        let y = rng.next_int(4) as usize + OFFSETS[k].0;
        let x = rng.next_int(4) as usize + OFFSETS[k].1;
        let bit = 1u64 << (y * 8 + x);
        let all = amazons[0] | amazons[1];
        if all & bit != 0 || king_step(all) & bit != 0 || CORNERS & bit != 0 {
            continue;
        }
        amazons[0] |= bit;
        amazons[1] |= 1u64 << ((7 - y) * 8 + (7 - x));
        placed += 2;
    }
    amazons
}

impl Amazons {
    /// A position from bitboards. Errors: overlapping pieces, or a side without amazons or with
    /// more than four.
    pub fn from_parts(
        white: u64,
        black: u64,
        walls: u64,
        to_move: Player,
    ) -> Result<Self, NotationError> {
        if white & black != 0 || (white | black) & walls != 0 {
            return Err(NotationError("two pieces on one square".into()));
        }
        for (name, set) in [("white", white), ("black", black)] {
            if !(1..=4).contains(&set.count_ones()) {
                return Err(NotationError(format!(
                    "{name} has {} amazons; 1 to 4 are allowed",
                    set.count_ones()
                )));
            }
        }
        let mut pos = Amazons {
            amazons: [white, black],
            walls,
            to_move,
            plies: walls.count_ones(),
            last: None,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The CodinGame start position of Java seed `seed` ([`start_from_seed`]), white to move.
    pub fn from_seed(seed: i64) -> Self {
        let [w, b] = start_from_seed(seed);
        Amazons::from_parts(w, b, 0, Player::First).expect("the generator places 4 + 4 amazons")
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.to_move == Player::Second {
            ZOBRIST_BLACK_TO_MOVE
        } else {
            0
        };
        for (kind, set) in [self.amazons[0], self.amazons[1], self.walls]
            .iter()
            .enumerate()
        {
            let mut b = *set;
            while b != 0 {
                h ^= ZOBRIST[kind][b.trailing_zeros() as usize];
                b &= b - 1;
            }
        }
        h
    }

    /// The amazons of `player`.
    pub fn amazons(&self, player: Player) -> u64 {
        self.amazons[player.index()]
    }

    /// The walls (burned squares).
    pub fn walls(&self) -> u64 {
        self.walls
    }

    /// The empty squares.
    pub fn empty(&self) -> u64 {
        !(self.amazons[0] | self.amazons[1] | self.walls)
    }

    /// The last move played, if any since the setup.
    pub fn last_move(&self) -> Option<Move> {
        self.last
    }

    /// Whether `player` has a legal move: an amazon with an empty neighbour can step there and
    /// shoot back at the square it left; an amazon without one cannot move at all.
    pub fn has_move(&self, player: Player) -> bool {
        king_step(self.amazons[player.index()]) & self.empty() != 0
    }

    /// The number of squares `player`'s amazons can move to, summed over its amazons (the
    /// first half of a move only).
    pub fn amazon_mobility(&self, player: Player) -> u32 {
        let occ = !self.empty();
        let mut total = 0;
        let mut b = self.amazons[player.index()];
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            total += (queen_attacks(sq, occ) & !occ).count_ones();
        }
        total
    }

    /// The number of legal moves of the side to move (CodinGame's `actionsCount`), without
    /// listing them.
    pub fn count_moves(&self) -> u64 {
        let occ = !self.empty();
        let mut total = 0u64;
        let mut mine = self.amazons[self.to_move.index()];
        while mine != 0 {
            let from = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let occ1 = occ ^ (1 << from);
            let mut tos = queen_attacks(from, occ) & !occ;
            while tos != 0 {
                let to = tos.trailing_zeros() as usize;
                tos &= tos - 1;
                let occ2 = occ1 | 1 << to;
                total += (queen_attacks(to, occ2) & !occ2).count_ones() as u64;
            }
        }
        total
    }

    /// The squares the amazon on `from` can move to (empty when there is none of the side to
    /// move's there).
    pub fn destinations(&self, from: usize) -> u64 {
        if from >= SQUARES || self.amazons[self.to_move.index()] >> from & 1 == 0 {
            return 0;
        }
        let occ = !self.empty();
        queen_attacks(from, occ) & !occ
    }

    /// The squares an arrow can hit after the amazon on `from` moved to `to` (empty when that is
    /// not a legal amazon move).
    pub fn arrow_targets(&self, from: usize, to: usize) -> u64 {
        if to >= SQUARES || self.destinations(from) >> to & 1 == 0 {
            return 0;
        }
        let occ2 = !self.empty() ^ (1 << from) | 1 << to;
        queen_attacks(to, occ2) & !occ2
    }

    /// Moves the amazon only (no arrow) and passes the turn: the half-move the move ordering
    /// evaluates.
    fn with_amazon_moved(&self, from: usize, to: usize) -> Amazons {
        let mut p = *self;
        let me = self.to_move.index();
        p.amazons[me] ^= 1 << from | 1 << to;
        p.to_move = self.to_move.opponent();
        p
    }
}

impl Game for Amazons {
    type Move = Move;
    const NAME: &'static str = "amazons";
    /// Slots are `to * 64 + arrow`: the history table ignores the origin.
    const MOVE_SLOTS: usize = SQUARES * SQUARES;

    /// The CodinGame start of seed 0.
    fn start() -> Self {
        Amazons::from_seed(0)
    }

    /// `""` (seed 0), `"seed:N"`, or a position string (module docs).
    #[cfg(not(codingame_bundle))]
    fn from_setup(setup: &str) -> Result<Self, NotationError> {
        let setup = setup.trim();
        if setup.is_empty() {
            return Ok(Amazons::start());
        }
        if let Some(n) = setup.strip_prefix("seed:") {
            return n
                .trim()
                .parse::<i64>()
                .map(Amazons::from_seed)
                .map_err(|_| NotationError(format!("'{n}' is not a seed (a 64-bit integer)")));
        }
        if setup.contains('/') {
            return Amazons::from_position_string(setup);
        }
        Err(NotationError(format!(
            "unknown Amazons setup '{setup}': use '', 'seed:N' or a position string \
             (8 ranks of . w b - separated by '/', rank 8 first, then 'w' or 'b')"
        )))
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.plies
    }

    fn outcome(&self) -> Option<Outcome> {
        (!self.has_move(self.to_move)).then(|| Outcome::Win(self.to_move.opponent()))
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        let occ = !self.empty();
        let mut mine = self.amazons[self.to_move.index()];
        while mine != 0 {
            let from = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let occ1 = occ ^ (1 << from);
            let mut tos = queen_attacks(from, occ) & !occ;
            while tos != 0 {
                let to = tos.trailing_zeros() as usize;
                tos &= tos - 1;
                let occ2 = occ1 | 1 << to;
                let mut arrows = queen_attacks(to, occ2) & !occ2;
                while arrows != 0 {
                    let arrow = arrows.trailing_zeros() as u8;
                    arrows &= arrows - 1;
                    out.push(Move {
                        from: from as u8,
                        to: to as u8,
                        arrow,
                    });
                }
            }
        }
    }

    fn play(&mut self, mv: Move) {
        let me = self.to_move.index();
        let (from, to, arrow) = (mv.from as usize, mv.to as usize, mv.arrow as usize);
        self.amazons[me] ^= 1 << from | 1 << to;
        self.walls |= 1 << arrow;
        self.hash ^=
            ZOBRIST[me][from] ^ ZOBRIST[me][to] ^ ZOBRIST[2][arrow] ^ ZOBRIST_BLACK_TO_MOVE;
        self.to_move = self.to_move.opponent();
        self.plies += 1;
        self.last = Some(mv);
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_slot(mv: Move) -> usize {
        mv.to as usize * SQUARES + mv.arrow as usize
    }

    /// Reads `from to arrow` such as `d8d1d7`; case and whitespace are ignored (`D8 D1 D7`), as
    /// the referee does.
    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        format_move(mv)
    }
}
