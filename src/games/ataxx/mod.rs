//! Ataxx on a 7x7 board with walls, under two rule sets: the CodinGame game and the Ataxx engine
//! world (FEN, UAI, perft).
//!
//! Rules source: the CodinGame statement (seed 004) as summarised in `shared/rules.md` §4, with
//! standard Ataxx (libataxx) filling the gaps. A move puts a stone on an empty square: a *spawn*
//! (clone) at distance 1 of one of the mover's stones, written as the target (`b7`), or a *jump*
//! to a square at Chebyshev distance exactly 2, which empties its origin, written from+to
//! (`a7c7`). Every enemy stone next to the target then changes colour. Walls block squares. A side
//! with no move passes (`0000`) while the opponent can move. The game ends when a side has no
//! stones or neither side can move (a full board included); more stones wins, equal is a draw.
//!
//! Draw rules differ by [`Rules`]:
//! - [`Rules::CodinGame`] (the standard start and `walls:SEED` layouts): a draw once 300 turns
//!   (plies, passes included) have been played, or when a position occurs for the third time
//!   "regardless of the player": a *position* here is the board alone (stones and walls), not the
//!   side to move.
//! - [`Rules::Engine`] (any FEN setup, UAI): the engine world's halfmove clock, which counts plies
//!   since the last spawn; the game is a draw once it reaches 100 (libataxx). There is no
//!   repetition rule and no turn limit, so perft counts match libataxx exactly.
//!
//! Bit layout: square `(file, rank)` with `file` a..g = 0..6 and `rank` 1..7 = 0..6 is bit
//! `rank * 7 + file` of a `u64`; the 49 squares fill bits 0..=48.

mod eval;
mod features;
pub mod network;
mod network_weights;
mod notation;
mod tables;
mod weights;

use std::sync::Arc;

use crate::game::{Game, MoveBits, NotationError, Outcome, Player};
use crate::rng::splitmix;
pub use features::FEATURES;
pub use notation::{parse_square, square_name, FEN_COUNTER_MAX};
use tables::*;
pub use tables::{dilate, DOUBLES, FULL, SINGLES, SQUARES};
pub use weights::{ENDGAME, OPENING};

/// The turn (ply) count at which a CodinGame game is drawn.
pub const CG_TURN_LIMIT: u32 = 300;
/// The halfmove clock value at which an engine-world game is drawn (libataxx: `>= 100`).
pub const HALFMOVE_LIMIT: u32 = 100;
/// How many earlier positions (since the last spawn) a position keeps inline for the repetition
/// rule. Older ones move to a shared heap list, which only runs of more than this many jumps and
/// passes in a row ever need, so copy-make stays cheap and no earlier position is forgotten.
/// Positions are compared by their full 64-bit board hash ([`Ataxx::board_hash`]): two different
/// boards match only on a Zobrist collision, about 2^-64 per comparison (the same odds the
/// transposition table accepts).
pub const REPETITION_WINDOW: usize = 16;

/// The draw rules in force (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// 300 turns, threefold repetition of the board.
    CodinGame,
    /// The FEN halfmove clock: a draw at 100 plies without a spawn.
    Engine,
}

/// An Ataxx move. Spawns have `from == to`; the pass has both set to [`Move::PASS_SQUARE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    /// The origin square (`0..49`, bit layout as in the module doc): the jumping stone's square,
    /// the target itself for a spawn, [`Move::PASS_SQUARE`] for the pass.
    pub from: u8,
    /// The target square (`0..49`), where the new stone lands; [`Move::PASS_SQUARE`] for the pass.
    pub to: u8,
}

impl MoveBits for Move {
    fn to_bits(self) -> u32 {
        u32::from_le_bytes([self.from, self.to, 0, 0])
    }

    fn from_bits(bits: u32) -> Move {
        let [from, to, ..] = bits.to_le_bytes();
        Move { from, to }
    }
}

impl Move {
    /// The square number the pass uses for `from` and `to`.
    pub const PASS_SQUARE: u8 = SQUARES as u8;
    /// The pass (`0000`).
    pub const PASS: Move = Move {
        from: Move::PASS_SQUARE,
        to: Move::PASS_SQUARE,
    };

    /// A spawn onto `to` (`0..49`).
    pub fn spawn(to: usize) -> Move {
        Move {
            from: to as u8,
            to: to as u8,
        }
    }

    /// A jump from `from` to `to` (`0..49` each).
    pub fn jump(from: usize, to: usize) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
        }
    }

    /// Whether this is the pass (`0000`).
    pub fn is_pass(self) -> bool {
        self.to == Move::PASS_SQUARE
    }

    /// Whether this is a jump (origin emptied). False for spawns and for the pass.
    pub fn is_jump(self) -> bool {
        self.from != self.to
    }
}

/// An Ataxx position with the state its draw rules need. Copy-make: about 190 bytes.
#[derive(Clone, Debug)]
pub struct Ataxx {
    /// Stones of `[first (x, CodinGame '0'), second (o, '1')]`.
    pieces: [u64; 2],
    walls: u64,
    side: Player,
    hash: u64,
    /// Plies played since the setup (CodinGame turns).
    ply: u32,
    /// Plies since the last spawn (the FEN halfmove clock).
    halfmove: u32,
    /// The FEN fullmove number (starts at 1, grows after the second player's move).
    fullmove: u32,
    rules: Rules,
    /// Board hashes of the earlier positions since the last spawn, a ring buffer.
    seen: [u64; REPETITION_WINDOW],
    /// Positions written to `seen` since the last spawn (may exceed the window).
    seen_count: u32,
    /// The entries that fell out of `seen` since the last spawn, oldest first (`None` while
    /// the run is short; copied on write).
    older: Option<Arc<Vec<u64>>>,
}

impl Ataxx {
    /// A position from bitboards. Errors: overlapping sets, bits outside the board.
    pub fn from_parts(
        first: u64,
        second: u64,
        walls: u64,
        side: Player,
        rules: Rules,
    ) -> Result<Ataxx, NotationError> {
        if (first | second | walls) & !FULL != 0 {
            return Err(NotationError("squares outside the 7x7 board".into()));
        }
        if first & second != 0 || (first | second) & walls != 0 {
            return Err(NotationError(
                "a square holds two things (stone and stone or wall)".into(),
            ));
        }
        let mut pos = Ataxx {
            pieces: [first, second],
            walls,
            side,
            hash: 0,
            ply: 0,
            halfmove: 0,
            fullmove: 1,
            rules,
            seen: [0; REPETITION_WINDOW],
            seen_count: 0,
            older: None,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The standard CodinGame start on the wall layout `walls` (which must leave the corners
    /// free): the first player on a7 and g1, the second on g7 and a1.
    pub fn with_walls(walls: u64) -> Result<Ataxx, NotationError> {
        let (a1, g1, a7, g7) = (0, 6, 42, 48);
        if walls & (1 << a1 | 1 << g1 | 1 << a7 | 1 << g7) != 0 {
            return Err(NotationError("walls on the corners".into()));
        }
        Ataxx::from_parts(
            1 << a7 | 1 << g1,
            1 << g7 | 1 << a1,
            walls,
            Player::First,
            Rules::CodinGame,
        )
    }

    /// A seeded random wall layout: symmetric under both mirror axes (so about the centre, and
    /// fair to both players), corners free, at least one wall (a "random walls" board without
    /// walls would only repeat the empty setup), both players able to move. Same seed, same
    /// layout.
    pub fn random_walls(seed: u64) -> u64 {
        let mut state = seed;
        loop {
            state = splitmix(state);
            let density = 10 + state % 25; // percent of the non-corner squares
            let mut walls = 0u64;
            for rank in 0..4usize {
                for file in 0..4usize {
                    if (rank == 0 && file == 0) || (rank == 3 && file == 3) {
                        continue; // the corner orbit; the centre stays open too
                    }
                    state = splitmix(state);
                    if state % 100 < density {
                        for (f, r) in [
                            (file, rank),
                            (6 - file, rank),
                            (file, 6 - rank),
                            (6 - file, 6 - rank),
                        ] {
                            walls |= 1 << (r * 7 + f);
                        }
                    }
                }
            }
            if walls == 0 {
                continue;
            }
            if let Ok(pos) = Ataxx::with_walls(walls) {
                let mut other = pos.clone();
                other.side = Player::Second;
                if pos.has_move() && other.has_move() {
                    return walls;
                }
            }
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (table, mut bb) in [(0, self.pieces[0]), (1, self.pieces[1]), (2, self.walls)] {
            while bb != 0 {
                h ^= ZOBRIST[table][bb.trailing_zeros() as usize];
                bb &= bb - 1;
            }
        }
        if self.side == Player::Second {
            h ^= ZOBRIST_SECOND;
        }
        h
    }

    /// The hash of the board alone (stones and walls, not the side to move): the repetition
    /// rule's notion of a position.
    pub fn board_hash(&self) -> u64 {
        if self.side == Player::Second {
            self.hash ^ ZOBRIST_SECOND
        } else {
            self.hash
        }
    }

    /// The stones of `p`.
    pub fn stones(&self, p: Player) -> u64 {
        self.pieces[p.index()]
    }

    /// The walls.
    pub fn walls(&self) -> u64 {
        self.walls
    }

    /// Squares with no stone and no wall.
    pub fn empty(&self) -> u64 {
        !(self.pieces[0] | self.pieces[1] | self.walls) & FULL
    }

    /// The draw rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The FEN halfmove clock: plies since the last spawn.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Sets the turn count (CodinGame turns already played), e.g. for a bot that joins a game
    /// from the board alone.
    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }

    /// Whether the side to move has a spawn or a jump (not counting the pass).
    pub fn has_move(&self) -> bool {
        let us = self.pieces[self.side.index()];
        dilate(dilate(us)) & self.empty() != 0
    }

    /// The stone count difference, first player minus second.
    pub fn material(&self) -> i32 {
        self.pieces[0].count_ones() as i32 - self.pieces[1].count_ones() as i32
    }

    fn ended_on_board(&self) -> bool {
        let [a, b] = self.pieces;
        a == 0 || b == 0 || dilate(dilate(a | b)) & self.empty() == 0
    }

    fn count_outcome(&self) -> Outcome {
        match self.material() {
            d if d > 0 => Outcome::Win(Player::First),
            d if d < 0 => Outcome::Win(Player::Second),
            _ => Outcome::Draw,
        }
    }

    /// How many times the current board occurred before (within the repetition window).
    fn earlier_occurrences(&self) -> u32 {
        let key = self.board_hash();
        let n = (self.seen_count as usize).min(REPETITION_WINDOW);
        let recent = self.seen[..n].iter().filter(|&&k| k == key).count();
        let old = self
            .older
            .as_ref()
            .map_or(0, |v| v.iter().filter(|&&k| k == key).count());
        (recent + old) as u32
    }

    /// Whether the game is over and why: `"no-pieces"` (one side has no stones; the other wins),
    /// `"no-stones"` (neither side has a stone, a board only a setup can give: 0 against 0 is a
    /// draw on stones), `"pieces"` (neither side can move; more stones win), `"equal"` (neither
    /// side can move, equal stones), `"turns"` (CodinGame 300 turns), `"repetition"` (CodinGame
    /// threefold) or `"halfmove"` (the engine world's halfmove clock).
    pub fn end_reason(&self) -> Option<&'static str> {
        let [a, b] = self.pieces;
        if a == 0 && b == 0 {
            return Some("no-stones");
        }
        if a == 0 || b == 0 {
            return Some("no-pieces");
        }
        if dilate(dilate(a | b)) & self.empty() == 0 {
            return Some(if self.material() == 0 {
                "equal"
            } else {
                "pieces"
            });
        }
        match self.rules {
            Rules::Engine => (self.halfmove >= HALFMOVE_LIMIT).then_some("halfmove"),
            Rules::CodinGame => {
                if self.ply >= CG_TURN_LIMIT {
                    Some("turns")
                } else if self.earlier_occurrences() >= 2 {
                    Some("repetition")
                } else {
                    None
                }
            }
        }
    }

    /// The number of legal moves (a pass counts as one; 0 when the game is over), without
    /// generating them: perft's bulk count.
    pub fn count_legal(&self) -> u64 {
        if self.outcome().is_some() {
            return 0;
        }
        let us = self.pieces[self.side.index()];
        let empty = self.empty();
        let mut n = (dilate(us) & empty).count_ones() as u64;
        let mut bb = us;
        while bb != 0 {
            n += (DOUBLES[bb.trailing_zeros() as usize] & empty).count_ones() as u64;
            bb &= bb - 1;
        }
        n.max(1)
    }

    /// The number of earlier boards the repetition rule remembers (since the last spawn, which
    /// clears them: no board from before a spawn can come back, as the stone count only grows).
    #[doc(hidden)]
    pub fn repetition_history_len(&self) -> usize {
        match self.rules {
            Rules::CodinGame => self.seen_count as usize,
            Rules::Engine => 0,
        }
    }
}

/// The Zobrist keys a move (not a pass) of side `us` toggles, `captured` being the stones it
/// takes: its target's stone, a jump's origin, and each captured stone's colour. [`Game::play`]
/// applies them, [`Game::hash_after`] adds them to the key without the move.
#[inline]
fn move_keys(us: usize, mv: Move, captured: u64) -> u64 {
    let mut keys = ZOBRIST[us][mv.to as usize];
    if mv.is_jump() {
        keys ^= ZOBRIST[us][mv.from as usize];
    }
    let mut c = captured;
    while c != 0 {
        let sq = c.trailing_zeros() as usize;
        keys ^= ZOBRIST[0][sq] ^ ZOBRIST[1][sq];
        c &= c - 1;
    }
    keys
}

impl Game for Ataxx {
    type Move = Move;
    const NAME: &'static str = "ataxx";
    const MOVE_SLOTS: usize = SQUARES * SQUARES + 1;
    /// libataxx: a finished game has no moves, so it adds nothing below the root.
    const PERFT_COUNTS_FINISHED: bool = false;

    fn count_moves(&self, _buf: &mut Vec<Move>) -> u64 {
        self.count_legal()
    }

    /// The CodinGame start on the empty board (no walls).
    fn start() -> Self {
        Ataxx::with_walls(0).expect("the empty layout is valid")
    }

    /// `""`: the standard start, no walls (CodinGame rules); `walls:SEED` (a `u64`): the standard
    /// start on [`Ataxx::random_walls`]`(SEED)` (CodinGame rules); `cg:FEN`: a FEN position under
    /// the CodinGame rules; any other text is read as a FEN under the engine rules.
    #[cfg(not(codingame_bundle))]
    fn from_setup(setup: &str) -> Result<Self, NotationError> {
        let setup = setup.trim();
        if setup.is_empty() || setup == "startpos-cg" {
            return Ok(Ataxx::start());
        }
        if let Some(seed) = setup.strip_prefix("walls:") {
            let seed: u64 = seed.trim().parse().map_err(|_| {
                NotationError(format!("walls:SEED needs a whole number, got '{seed}'"))
            })?;
            return Ataxx::with_walls(Ataxx::random_walls(seed));
        }
        if let Some(fen) = setup.strip_prefix("cg:") {
            let mut pos = Ataxx::from_fen(fen)?;
            pos.rules = Rules::CodinGame;
            return Ok(pos);
        }
        if setup == "startpos" {
            return Ataxx::from_fen("x5o/7/7/7/7/7/o5x x 0 1");
        }
        Ataxx::from_fen(setup)
    }

    fn to_move(&self) -> Player {
        self.side
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.ended_on_board() {
            return Some(self.count_outcome());
        }
        let draw = match self.rules {
            Rules::Engine => self.halfmove >= HALFMOVE_LIMIT,
            Rules::CodinGame => self.ply >= CG_TURN_LIMIT || self.earlier_occurrences() >= 2,
        };
        draw.then_some(Outcome::Draw)
    }

    /// Spawns first (by target square), then jumps (by origin, then target); the pass alone when
    /// the side to move has neither.
    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let us = self.pieces[self.side.index()];
        let empty = self.empty();
        let start = out.len();
        let mut spawns = dilate(us) & empty;
        while spawns != 0 {
            out.push(Move::spawn(spawns.trailing_zeros() as usize));
            spawns &= spawns - 1;
        }
        let mut origins = us;
        while origins != 0 {
            let from = origins.trailing_zeros() as usize;
            let mut targets = DOUBLES[from] & empty;
            while targets != 0 {
                out.push(Move::jump(from, targets.trailing_zeros() as usize));
                targets &= targets - 1;
            }
            origins &= origins - 1;
        }
        if out.len() == start {
            out.push(Move::PASS);
        }
    }

    fn play(&mut self, mv: Move) {
        if self.rules == Rules::CodinGame {
            let slot = self.seen_count as usize % REPETITION_WINDOW;
            if self.seen_count as usize >= REPETITION_WINDOW {
                let evicted = self.seen[slot];
                Arc::make_mut(self.older.get_or_insert_with(Default::default)).push(evicted);
            }
            self.seen[slot] = self.board_hash();
            self.seen_count += 1;
        }
        self.ply += 1;
        self.halfmove += 1;
        if self.side == Player::Second {
            self.fullmove += 1;
        }
        let us = self.side.index();
        if !mv.is_pass() {
            let to = mv.to as usize;
            let captured = SINGLES[to] & self.pieces[us ^ 1];
            self.pieces[us] |= 1 << to | captured;
            self.pieces[us ^ 1] ^= captured;
            self.hash ^= move_keys(us, mv, captured);
            if mv.is_jump() {
                self.pieces[us] ^= 1 << mv.from;
            } else {
                // A spawn adds a stone: no earlier position can come back.
                self.halfmove = 0;
                self.seen_count = 0;
                self.older = None;
            }
        }
        self.side = self.side.opponent();
        self.hash ^= ZOBRIST_SECOND;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist key without copying the position (its repetition record too) to make the
    /// move ([`move_keys`]).
    #[inline]
    fn hash_after(&self, mv: Move) -> u64 {
        let h = self.hash ^ ZOBRIST_SECOND;
        if mv.is_pass() {
            return h;
        }
        let us = self.side.index();
        h ^ move_keys(us, mv, SINGLES[mv.to as usize] & self.pieces[us ^ 1])
    }

    fn move_slot(mv: Move) -> usize {
        if mv.is_pass() {
            SQUARES * SQUARES
        } else {
            mv.from as usize * SQUARES + mv.to as usize
        }
    }

    /// `b7` (spawn), `a7c7` (jump; a from+to at distance 1 is read as the spawn), `0000` (pass,
    /// legal only when the side to move has no other move).
    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        self.write_move(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_have_the_ring_sizes_of_the_centre_and_a_corner() {
        let d4 = parse_square("d4").unwrap();
        let a1 = parse_square("a1").unwrap();
        assert_eq!(SINGLES[d4].count_ones(), 8);
        assert_eq!(DOUBLES[d4].count_ones(), 16);
        assert_eq!(SINGLES[a1].count_ones(), 3);
        assert_eq!(DOUBLES[a1].count_ones(), 5);
        for (sq, &single) in SINGLES.iter().enumerate() {
            assert_eq!(dilate(1 << sq), single | 1 << sq);
        }
    }

    #[test]
    fn the_hash_is_updated_incrementally() {
        let mut pos = Ataxx::start();
        let mut moves = Vec::new();
        for i in 0..40 {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[(i * 7) % moves.len()]);
            assert_eq!(pos.hash, pos.compute_hash());
        }
    }
}
