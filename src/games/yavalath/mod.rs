//! Yavalath on the CodinGame board: 61 hexagons, a line of 4 wins, a line of exactly 3 loses, and
//! the steal on the second player's first turn.
//!
//! Rules source: referee MultiStruct/Yavalath (`HexGrid`, `Referee`), as summarised in
//! `shared/rules.md` §1. Coordinates are the referee's `(x, y)`: `y` is the row `0..=8` from the
//! top, `x` the index within the row; rows hold `[5,6,7,8,9,8,7,6,5]` cells.
//!
//! Bit layout: cell `i` is bit `i` of a `u64`, numbered row by row from `(0,0)` to `(4,8)`, so the
//! 61 cells fill bits `0..=60`. The three line axes are best seen in axial coordinates
//! `a = x + max(0, y - 4)`: the axes are `(da, dy) = (1,0), (1,1), (0,1)`.
//!
//! Notation: a cell is its row letter `a..i` (`y = 0..8`) then its 1-based index in the row, so the
//! centre `(4,4)` is `e5`. The steal is written as the stolen cell (or `steal`).
//!
//! Setups ([`Game::from_setup`]): `""` or `steal` (the empty board, CodinGame's rules), `nosteal`
//! (no steal), or a position string ([`Yavalath::position_string`]): the nine rows `a` to `i`
//! separated by `/` (`.` empty, `x` the first player, `o` the second), the side to move (`x` or
//! `o`) and `steal` while the steal is still to come or open now, else `-`. The start is
//! `...../....../......./......../........./......../......./....../..... x steal`.

// Left out of the CodinGame baseline bundles (scripts/codingame-bundle.py): baselines play no book.
#[cfg(not(codingame_baseline))]
pub mod book;
#[cfg(not(codingame_baseline))]
mod book_table;
mod eval;
mod notation;
mod tables;
mod tss;

use super::stones_text;
use crate::game::{Game, NotationError, Outcome, Player};
pub use eval::Threats;
pub use notation::{cell_name, parse_cell};
use tables::*;
pub use tables::{cell_at, coords, CELLS, FULL, ROW_LEN, SEGMENTS_3, SEGMENTS_4};
pub use tss::{forced_win, MAX_ATTACKS};

/// A move: the index of the cell played (`0..61`). At the steal turn, the opponent's first cell
/// means "steal".
pub type Cell = u8;

/// A Yavalath position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Yavalath {
    stones: [u64; 2],
    to_move: Player,
    plies: u32,
    steal_rule: bool,
    /// The cell of the first move (meaningful once `plies >= 1`).
    first_cell: Cell,
    last: Option<Cell>,
    outcome: Option<Outcome>,
    hash: u64,
}

/// What a move does to the mover, under the referee's rule: 4+ wins even with a 3 elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveEffect {
    /// The move makes a line of 4 or more: the mover wins.
    Wins,
    /// The move makes a line of exactly 3 and no 4: the mover loses.
    Loses,
    /// Neither: the game goes on (or is drawn if the board is full).
    Neutral,
}

/// The effect of `player` adding a stone on empty `cell` given its stones `own`.
pub fn move_effect(own: u64, cell: usize) -> MoveEffect {
    let own = own | 1u64 << cell;
    let (fours, n4) = (&SEG4_AT.0[cell], SEG4_AT.1[cell] as usize);
    if fours[..n4].iter().any(|&m| own & m == m) {
        return MoveEffect::Wins;
    }
    let (threes, n3) = (&SEG3_AT.0[cell], SEG3_AT.1[cell] as usize);
    if threes[..n3].iter().any(|&m| own & m == m) {
        return MoveEffect::Loses;
    }
    MoveEffect::Neutral
}

impl Yavalath {
    /// The empty board; `steal_rule` enables the second player's steal (CodinGame: on).
    pub fn new(steal_rule: bool) -> Self {
        let mut pos = Yavalath {
            stones: [0, 0],
            to_move: Player::First,
            plies: 0,
            steal_rule,
            first_cell: 0,
            last: None,
            outcome: None,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// A position from its stones (bit `i` = cell `i`, see the module doc) and the side to move,
    /// as a bot reconstructs it from the referee's board. `steal_open` says the side to move may
    /// steal (then `Second` must be to move and exactly one `First` stone stand on the board).
    /// Errors: overlapping stones, bits past cell 60, an inconsistent steal, or a finished game.
    pub fn from_stones(
        first: u64,
        second: u64,
        to_move: Player,
        steal_open: bool,
    ) -> Result<Self, NotationError> {
        if (first | second) & !FULL != 0 {
            return Err(NotationError("stones outside the 61 cells".into()));
        }
        if first & second != 0 {
            return Err(NotationError("a cell holds two stones".into()));
        }
        let count = (first | second).count_ones();
        if steal_open && (to_move != Player::Second || first.count_ones() != 1 || second != 0) {
            return Err(NotationError(
                "the steal is only open to the second player after one stone".into(),
            ));
        }
        // The ply count's parity follows the side to move; a steal leaves one stone fewer.
        let parity = (to_move == Player::Second) as u32;
        let plies = if count % 2 == parity {
            count
        } else {
            count + 1
        };
        let mut pos = Yavalath {
            stones: [first, second],
            to_move,
            plies,
            steal_rule: steal_open,
            first_cell: if steal_open {
                first.trailing_zeros() as Cell
            } else {
                0
            },
            last: None,
            outcome: None,
            hash: 0,
        };
        for player in [Player::First, Player::Second] {
            let own = pos.stones[player.index()];
            let mut bits = own;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                match move_effect(own & !(1 << c), c) {
                    MoveEffect::Neutral => {}
                    _ => {
                        return Err(NotationError(
                            "the board already holds a line of 3 or more".into(),
                        ))
                    }
                }
            }
        }
        if first | second == FULL {
            return Err(NotationError("the board is full".into()));
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for p in 0..2 {
            let mut bits = self.stones[p];
            while bits != 0 {
                h ^= ZOBRIST[p][bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        if self.to_move == Player::Second {
            h ^= ZOBRIST_SECOND_TO_MOVE;
        }
        if self.steal_open() {
            h ^= ZOBRIST_STEAL_OPEN;
        }
        h
    }

    /// The stones of `player`, one bit per cell.
    pub fn stones(&self, player: Player) -> u64 {
        self.stones[player.index()]
    }

    /// Empty cells.
    pub fn empty(&self) -> u64 {
        FULL & !(self.stones[0] | self.stones[1])
    }

    /// Whether the side to move may steal now.
    pub fn steal_open(&self) -> bool {
        self.steal_rule && self.plies == 1
    }

    /// Whether this game is played with the steal rule.
    pub fn steal_rule(&self) -> bool {
        self.steal_rule
    }

    /// The cell the last move was played on.
    pub fn last_move(&self) -> Option<Cell> {
        self.last
    }

    /// Whether `mv` is the steal in this position.
    pub fn is_steal(&self, mv: Cell) -> bool {
        self.steal_open() && mv == self.first_cell
    }

    /// The owner of a cell: `None` when empty.
    pub fn owner(&self, cell: usize) -> Option<Player> {
        if self.stones[0] >> cell & 1 == 1 {
            Some(Player::First)
        } else if self.stones[1] >> cell & 1 == 1 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The cells of the line that decided a finished game (the 4+ that won or the 3 that lost),
    /// as a bitboard; 0 when the game is not decided by a line.
    pub fn deciding_line(&self) -> u64 {
        let (Some(Outcome::Win(_)), Some(last)) = (self.outcome, self.last) else {
            return 0;
        };
        let last = last as usize;
        let mover = if self.stones[0] >> last & 1 == 1 {
            0
        } else {
            1
        };
        let own = self.stones[mover];
        let mut lines = [0u64; 3];
        for (axis, line) in lines.iter_mut().enumerate() {
            *line = 1 << last;
            for sign in [1, -1] {
                let mut cur = step(last, axis, sign);
                while let Some(c) = cur.filter(|&c| own >> c & 1 == 1) {
                    *line |= 1 << c;
                    cur = step(c, axis, sign);
                }
            }
        }
        let four = lines
            .iter()
            .copied()
            .filter(|l| l.count_ones() >= 4)
            .fold(0, |a, l| a | l);
        if four != 0 {
            four
        } else {
            lines
                .iter()
                .copied()
                .filter(|l| l.count_ones() == 3)
                .fold(0, |a, l| a | l)
        }
    }
}

impl Game for Yavalath {
    type Move = Cell;
    const NAME: &'static str = "yavalath";
    const MOVE_SLOTS: usize = CELLS;

    fn start() -> Self {
        Yavalath::new(true)
    }

    /// Setups: `""` or `"steal"` (the CodinGame rules), `"nosteal"` (no steal), or a position
    /// string ([`Yavalath::from_position_string`]).
    #[cfg(not(codingame_bundle))]
    fn from_setup(setup: &str) -> Result<Self, NotationError> {
        match setup.trim() {
            "" | "steal" => Ok(Yavalath::new(true)),
            "nosteal" => Ok(Yavalath::new(false)),
            position if position.contains('/') => Yavalath::from_position_string(position),
            other => Err(NotationError(format!(
                "unknown Yavalath setup '{other}': use 'steal', 'nosteal' or a position such as \
                 '...../....../......./......../....x..../......../......./....../..... o steal'"
            ))),
        }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.plies
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn legal_moves(&self, out: &mut Vec<Cell>) {
        if self.outcome.is_some() {
            return;
        }
        let mut bits = self.empty();
        while bits != 0 {
            out.push(bits.trailing_zeros() as Cell);
            bits &= bits - 1;
        }
        if self.steal_open() {
            out.push(self.first_cell);
        }
    }

    fn play(&mut self, cell: Cell) {
        let c = cell as usize;
        let me = self.to_move.index();
        if self.is_steal(cell) {
            self.stones[0] &= !(1 << c);
            self.stones[1] |= 1 << c;
            self.hash ^= ZOBRIST[0][c] ^ ZOBRIST[1][c] ^ ZOBRIST_STEAL_OPEN;
        } else {
            if self.plies == 0 {
                self.first_cell = cell;
                if self.steal_rule {
                    self.hash ^= ZOBRIST_STEAL_OPEN;
                }
            } else if self.steal_open() {
                self.hash ^= ZOBRIST_STEAL_OPEN;
            }
            self.outcome = match move_effect(self.stones[me], c) {
                MoveEffect::Wins => Some(Outcome::Win(self.to_move)),
                MoveEffect::Loses => Some(Outcome::Win(self.to_move.opponent())),
                MoveEffect::Neutral => None,
            };
            self.stones[me] |= 1 << c;
            self.hash ^= ZOBRIST[me][c];
            if self.outcome.is_none() && self.stones[0] | self.stones[1] == FULL {
                self.outcome = Some(Outcome::Draw);
            }
        }
        self.plies += 1;
        self.last = Some(cell);
        self.to_move = self.to_move.opponent();
        self.hash ^= ZOBRIST_SECOND_TO_MOVE;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist key without making the move (which scans the new stone's lines for a win or
    /// a loss). The first two plies, which open and close the steal, make it.
    #[inline]
    fn hash_after(&self, cell: Cell) -> u64 {
        if self.plies < 2 {
            return self.after(cell).hash();
        }
        self.hash ^ ZOBRIST[self.to_move.index()][cell as usize] ^ ZOBRIST_SECOND_TO_MOVE
    }

    fn move_slot(mv: Cell) -> usize {
        mv as usize
    }

    fn parse_move(&self, text: &str) -> Result<Cell, NotationError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: Cell) -> String {
        cell_name(mv as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_parallel_threats_match_the_segment_scan() {
        let mut seed = 1u64;
        for _ in 0..20_000 {
            let mut stones = [0u64; 2];
            for c in 0..CELLS {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match seed >> 61 {
                    0 | 1 => stones[0] |= 1 << c,
                    2 | 3 => stones[1] |= 1 << c,
                    _ => {}
                }
            }
            let empty = FULL & !(stones[0] | stones[1]);
            // The search's path: in AVX2 where the CPU has it (`Yavalath::threats`).
            let fast = crate::games::cpu::with_avx2(
                #[inline(always)]
                || Threats::of(stones, empty),
            );
            let slow = Threats::by_segments(stones, empty);
            assert_eq!((fast.wins, fast.suicides), (slow.wins, slow.suicides));
            assert_eq!(
                (fast.pairs, fast.split_pairs),
                (slow.pairs, slow.split_pairs)
            );
        }
    }

    #[test]
    fn board_geometry_matches_the_referee() {
        assert_eq!(ROW_START, [0, 5, 11, 18, 26, 35, 43, 50, 56]);
        assert_eq!(coords(60), (4, 8));
        assert_eq!(RING[cell_at(4, 4).unwrap()], 0);
        assert_eq!(RING[cell_at(0, 0).unwrap()], 4);
        assert_eq!(cell_name(cell_at(4, 4).unwrap()), "e5");
        assert_eq!(parse_cell("i5").unwrap(), 60);
    }
}
