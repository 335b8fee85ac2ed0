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

use std::sync::Arc;

use crate::game::{Pruning, score, CellView, Display, Eval, Evaluate, Game, NotationError, Outcome, Player};

/// Squares on the board.
pub const SQUARES: usize = 49;
/// Every square.
pub const FULL: u64 = (1u64 << SQUARES) - 1;
/// The turn (ply) count at which a CodinGame game is drawn.
pub const CG_TURN_LIMIT: u32 = 300;
/// The halfmove clock value at which an engine-world game is drawn (libataxx: `>= 100`).
pub const HALFMOVE_LIMIT: u32 = 100;
/// The largest halfmove clock or fullmove number a FEN may give; [`Ataxx::from_fen`] rejects
/// larger ones. No game comes near it: every spawn adds a stone and nothing removes one, so a game
/// has at most 47 spawns, and at most [`HALFMOVE_LIMIT`] plies pass between two of them under the
/// engine rules (the CodinGame rules stop at [`CG_TURN_LIMIT`]), about 4,800 plies in all. The
/// bound leaves the clocks, which grow by one a ply, far from `u32::MAX`, so playing on from any
/// accepted FEN cannot overflow them.
pub const FEN_COUNTER_MAX: u32 = 1_000_000;
/// How many earlier positions (since the last spawn) a position keeps inline for the repetition
/// rule. Older ones move to a shared heap list, which only runs of more than this many jumps and
/// passes in a row ever need, so copy-make stays cheap and no earlier position is forgotten.
/// Positions are compared by their full 64-bit board hash ([`Ataxx::board_hash`]): two different
/// boards match only on a Zobrist collision, about 2^-64 per comparison (the same odds the
/// transposition table accepts).
pub const REPETITION_WINDOW: usize = 16;

const FILE_A: u64 = {
    let mut bb = 0u64;
    let mut rank = 0;
    while rank < 7 {
        bb |= 1 << (rank * 7);
        rank += 1;
    }
    bb
};
const NOT_FILE_A: u64 = FULL & !FILE_A;
const NOT_FILE_G: u64 = FULL & !(FILE_A << 6);

/// Every square at distance at most 1 of a square of `bb` (`bb` included).
#[inline(always)]
pub const fn dilate(bb: u64) -> u64 {
    let h = bb | ((bb << 1) & NOT_FILE_A) | ((bb >> 1) & NOT_FILE_G);
    (h | (h << 7) | (h >> 7)) & FULL
}

const fn chebyshev(a: usize, b: usize) -> usize {
    let (fa, ra, fb, rb) = (a % 7, a / 7, b % 7, b / 7);
    let df = fa.abs_diff(fb);
    let dr = ra.abs_diff(rb);
    if df > dr {
        df
    } else {
        dr
    }
}

const fn ring_masks(distance: usize) -> [u64; SQUARES] {
    let mut out = [0u64; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            if chebyshev(a, b) == distance {
                out[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// `SINGLES[sq]`: the (up to 8) squares at distance 1 of `sq`: its spawn targets and the stones
/// a move to `sq` captures.
pub const SINGLES: [u64; SQUARES] = ring_masks(1);
/// `DOUBLES[sq]`: the (up to 16) squares at Chebyshev distance exactly 2: jump targets.
pub const DOUBLES: [u64; SQUARES] = ring_masks(2);

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_table(salt: u64) -> [u64; SQUARES] {
    let mut out = [0u64; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        out[i] = splitmix(salt.wrapping_mul(1000).wrapping_add(i as u64));
        i += 1;
    }
    out
}

/// Zobrist keys: `[first, second, wall][square]`.
const ZOBRIST: [[u64; SQUARES]; 3] = [
    zobrist_table(0xA7A1),
    zobrist_table(0xA7A2),
    zobrist_table(0xA7A3),
];
/// XORed in when the second player is to move.
const ZOBRIST_SECOND: u64 = splitmix(0xA7A4_0000);

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

/// The name of square `sq` (`0..49`), e.g. `a1` for 0 and `g7` for 48.
pub fn square_name(sq: usize) -> String {
    let file = (b'a' + (sq % 7) as u8) as char;
    let rank = (b'1' + (sq / 7) as u8) as char;
    format!("{file}{rank}")
}

/// The square named by two characters `[a-g][1-7]`, if any.
pub fn parse_square(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0].to_ascii_lowercase().wrapping_sub(b'a');
    let r = b[1].wrapping_sub(b'1');
    (f < 7 && r < 7).then(|| r as usize * 7 + f as usize)
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

    /// Libataxx's perft: a finished game has no moves, so it adds nothing below the root; a
    /// pass counts as a move. Bulk-counts the last ply.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => {
                let mut moves = Vec::with_capacity(128);
                self.legal_moves(&mut moves);
                moves
                    .iter()
                    .map(|&mv| {
                        let mut child = self.clone();
                        child.play(mv);
                        child.perft(depth - 1)
                    })
                    .sum()
            }
        }
    }

    /// Reads a FEN as the Ataxx engine world writes it: ranks 7 to 1 separated by `/` (`x` first
    /// player, `o` second, `-` wall, digits = runs of empty squares), the side to move (`x`/`o`;
    /// `b`/`w` accepted), then optionally the halfmove clock and the fullmove number. The position
    /// gets [`Rules::Engine`]. Errors name the bad field; a halfmove clock or fullmove number
    /// above [`FEN_COUNTER_MAX`] is an error (no game is that long, and playing on from it could
    /// overflow the counter).
    pub fn from_fen(fen: &str) -> Result<Ataxx, NotationError> {
        let err = |m: String| NotationError(format!("bad FEN '{fen}': {m}"));
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() || fields.len() > 4 {
            return Err(err("expected 'ranks side [halfmove fullmove]'".into()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 7 {
            return Err(err(format!("{} ranks, expected 7", ranks.len())));
        }
        let (mut first, mut second, mut walls) = (0u64, 0u64, 0u64);
        for (i, text) in ranks.iter().enumerate() {
            let rank = 6 - i;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(err(format!("a zero in rank {}", rank + 1)));
                    }
                    file += d as usize;
                    continue;
                }
                if file >= 7 {
                    return Err(err(format!("rank {} is longer than 7", rank + 1)));
                }
                let bit = 1u64 << (rank * 7 + file);
                match c {
                    'x' | 'X' | 'b' | 'B' => first |= bit,
                    'o' | 'O' | 'w' | 'W' => second |= bit,
                    '-' => walls |= bit,
                    other => {
                        return Err(err(format!(
                            "unknown square '{other}' in rank {}",
                            rank + 1
                        )))
                    }
                }
                file += 1;
            }
            if file != 7 {
                return Err(err(format!(
                    "rank {} has {file} squares, expected 7",
                    rank + 1
                )));
            }
        }
        let side = match fields.get(1).copied().unwrap_or("x") {
            "x" | "X" | "b" | "B" => Player::First,
            "o" | "O" | "w" | "W" => Player::Second,
            other => return Err(err(format!("side to move '{other}', expected x or o"))),
        };
        let number = |i: usize, default: u32, what: &str| -> Result<u32, NotationError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => {
                    let n = t
                        .parse::<u32>()
                        .map_err(|_| err(format!("{what} '{t}' is not a number")))?;
                    if n > FEN_COUNTER_MAX {
                        return Err(err(format!(
                            "{what} {n} is above {FEN_COUNTER_MAX}, longer than any game"
                        )));
                    }
                    Ok(n)
                }
            }
        };
        let halfmove = number(2, 0, "halfmove clock")?;
        let fullmove = number(3, 1, "fullmove number")?.max(1);
        let mut pos = Ataxx::from_parts(first, second, walls, side, Rules::Engine)?;
        pos.halfmove = halfmove;
        pos.fullmove = fullmove;
        Ok(pos)
    }

    /// The FEN of this position, as libataxx writes it (`x5o/7/7/7/7/7/o5x x 0 1`).
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(64);
        for rank in (0..7).rev() {
            let mut run = 0;
            for file in 0..7 {
                let bit = 1u64 << (rank * 7 + file);
                let c = if self.pieces[0] & bit != 0 {
                    'x'
                } else if self.pieces[1] & bit != 0 {
                    'o'
                } else if self.walls & bit != 0 {
                    '-'
                } else {
                    run += 1;
                    continue;
                };
                if run > 0 {
                    out.push(char::from(b'0' + run));
                    run = 0;
                }
                out.push(c);
            }
            if run > 0 {
                out.push(char::from(b'0' + run));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if self.side == Player::First { 'x' } else { 'o' };
        format!("{out} {side} {} {}", self.halfmove, self.fullmove)
    }

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
    fn currently_safe(&self, p: Player) -> u64 {
        self.pieces[p.index()] & !dilate(self.empty())
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
            self.hash ^= ZOBRIST[us][to];
            if mv.is_jump() {
                let from = mv.from as usize;
                self.pieces[us] ^= 1 << from;
                self.hash ^= ZOBRIST[us][from];
            } else {
                // A spawn adds a stone: no earlier position can come back.
                self.halfmove = 0;
                self.seen_count = 0;
                self.older = None;
            }
            let mut c = captured;
            while c != 0 {
                let sq = c.trailing_zeros() as usize;
                self.hash ^= ZOBRIST[0][sq] ^ ZOBRIST[1][sq];
                c &= c - 1;
            }
        }
        self.side = self.side.opponent();
        self.hash ^= ZOBRIST_SECOND;
    }

    fn hash(&self) -> u64 {
        self.hash
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
        let text = text.trim();
        if self.outcome().is_some() {
            return Err(NotationError("the game is over".into()));
        }
        let bad = |why: &str| NotationError(format!("'{text}': {why}"));
        if text == "0000" || text.eq_ignore_ascii_case("pass") {
            return if self.has_move() {
                Err(bad("a pass is legal only without any other move"))
            } else {
                Ok(Move::PASS)
            };
        }
        let us = self.pieces[self.side.index()];
        let empty = self.empty();
        let (from, to) = match text.len() {
            2 => (
                None,
                parse_square(text).ok_or_else(|| bad("not a square a1..g7"))?,
            ),
            4 if text.is_char_boundary(2) => (
                Some(parse_square(&text[..2]).ok_or_else(|| bad("not a square a1..g7"))?),
                parse_square(&text[2..]).ok_or_else(|| bad("not a square a1..g7"))?,
            ),
            _ => return Err(bad("expected a square (b7), from+to (a7c7) or 0000")),
        };
        if empty & (1 << to) == 0 {
            return Err(bad("the target square is not empty"));
        }
        match from {
            Some(f) if chebyshev(f, to) == 2 => {
                if us & (1 << f) == 0 {
                    Err(bad("no stone of the side to move on the origin"))
                } else {
                    Ok(Move::jump(f, to))
                }
            }
            Some(f) if chebyshev(f, to) == 1 => {
                if us & (1 << f) == 0 {
                    Err(bad("no stone of the side to move on the origin"))
                } else {
                    Ok(Move::spawn(to))
                }
            }
            Some(_) => Err(bad("a jump goes exactly 2 squares (Chebyshev distance)")),
            None => {
                if SINGLES[to] & us == 0 {
                    Err(bad("a spawn needs a stone of the side to move next to it"))
                } else {
                    Ok(Move::spawn(to))
                }
            }
        }
    }

    fn format_move(&self, mv: Move) -> String {
        if mv.is_pass() {
            "0000".into()
        } else if mv.is_jump() {
            format!(
                "{}{}",
                square_name(mv.from as usize),
                square_name(mv.to as usize)
            )
        } else {
            square_name(mv.to as usize)
        }
    }
}

/// Evaluation weights, in centi-stones (tuned by short self-play matches, 40 games each).
const STONE: i32 = 100;
const SAFE: i32 = 15;
const MOBILITY: i32 = 4;
const TEMPO: i32 = 60;
const EXPOSED: i32 = 40;

impl Evaluate for Ataxx {
    /// Two stones' lead is about a 73 % winning chance (the playground's curve).
    const WIN_CHANCE_SCALE: f64 = 200.0;

    /// From the side to move, in centi-stones: material (100 a stone); currently safe stones,
    /// with no empty neighbour (15 each); spawn mobility, the empty squares next to one's stones
    /// (4 each); exposed stones, next to an empty square the other side can reach and so
    /// capturable at its next move (40 each, the opponent's count for us); and a tempo bonus of
    /// 60 for the side to move. A shut-out (one side can never move again and the other wins by
    /// spawning alone, see `shut_out_win`) is a proven result instead, its distance an upper
    /// bound. Finished games never get here: the search scores them exactly.
    fn evaluate(&self) -> Eval {
        if let Some((winner, plies, _)) = self.shut_out_win() {
            let score = if winner == self.side {
                score::win_in(plies)
            } else {
                score::loss_in(plies)
            };
            return Eval { score, quiet: true };
        }
        let me = self.side;
        let them = me.opponent();
        let empty = self.empty();
        let (us, op) = (self.pieces[me.index()], self.pieces[them.index()]);
        let material = us.count_ones() as i32 - op.count_ones() as i32;
        let safe = self.currently_safe(me).count_ones() as i32
            - self.currently_safe(them).count_ones() as i32;
        let mob =
            (dilate(us) & empty).count_ones() as i32 - (dilate(op) & empty).count_ones() as i32;
        // Stones next to an empty square the other side can reach: capturable next move.
        let reach_us = dilate(dilate(us)) & empty;
        let reach_op = dilate(dilate(op)) & empty;
        let exposed = (op & dilate(reach_us)).count_ones() as i32
            - (us & dilate(reach_op)).count_ones() as i32;
        Eval {
            score: STONE * material + SAFE * safe + MOBILITY * mob + EXPOSED * exposed + TEMPO,
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

    /// Measured in the arena (README: the search's SPRTs): Ataxx has no zugzwang worth the name
    /// (a pass is forced only without moves), so a null move is a fair test of a lead.
    const PRUNING: Option<Pruning> = Some(Pruning {
        futility_margin: 120,
        null_move: true,
        late_moves_base: 6,
        late_moves_per_ply: 4,
    });

    /// The side to move passes (a legal Ataxx move only without others; the search uses it to
    /// test a lead, see [`Pruning::null_move`]).
    fn null_move(&self) -> Option<Self> {
        let mut pos = self.clone();
        pos.play(Move::PASS);
        Some(pos)
    }

    /// Captures first, more stones taken first (measured: at depth 7 the bench searches 19 %
    /// fewer nodes than with captures ranked below the TT move and history, and the engine won
    /// 69 of 100 games against that ordering at 50,000 nodes a move).
    fn order_class(&self, mv: Move) -> u8 {
        if mv.is_pass() {
            return 0;
        }
        let them = self.pieces[self.side.opponent().index()];
        (SINGLES[mv.to as usize] & them).count_ones() as u8
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

impl Display for Ataxx {
    /// The FEN, prefixed `cg:` under the CodinGame rules so the same rules come back.
    fn position_text(&self) -> Option<String> {
        Some(match self.rules {
            Rules::CodinGame => format!("cg:{}", self.fen()),
            Rules::Engine => self.fen(),
        })
    }
    /// Ranks 7 to 1 (top to bottom), files a to g; `x` = file 0..6, `y` = rank 0..6 (rank 1 = 0).
    fn cells(&self) -> Vec<CellView> {
        let mut out = Vec::with_capacity(SQUARES);
        for rank in (0..7).rev() {
            for file in 0..7 {
                let sq = rank * 7 + file;
                let bit = 1u64 << sq;
                out.push(CellView {
                    name: square_name(sq),
                    x: file as i32,
                    y: rank as i32,
                    owner: if self.pieces[0] & bit != 0 {
                        1
                    } else if self.pieces[1] & bit != 0 {
                        2
                    } else {
                        0
                    },
                    wall: self.walls & bit != 0,
                });
            }
        }
        out
    }

    /// The reason (see [`Ataxx::end_reason`]) and the winner's stones (none for a draw).
    fn result_detail(&self) -> Option<(&'static str, Vec<String>)> {
        let reason = self.end_reason()?;
        let cells = match self.outcome() {
            Some(Outcome::Win(p)) => {
                let mut bb = self.pieces[p.index()];
                let mut v = Vec::new();
                while bb != 0 {
                    v.push(square_name(bb.trailing_zeros() as usize));
                    bb &= bb - 1;
                }
                v
            }
            _ => Vec::new(),
        };
        Some((reason, cells))
    }

    fn move_note(&self, mv: Move) -> Option<&'static str> {
        if mv.is_pass() {
            Some("pass")
        } else if mv.is_jump() {
            Some("jump")
        } else {
            None
        }
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
