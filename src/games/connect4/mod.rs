//! Connect 4 on a `W` x `H` board, with the CodinGame steal: 9 columns x 7 rows is the CodinGame
//! game (registered as `"connect4"`), 7 x 6 the standard board of Pascal Pons' solver.
//!
//! Rules source: referee AshKcg/cg-multi-connect4, as summarised in `shared/rules.md` §2. A chip
//! drops to the lowest empty cell of its column; 4 or more in a row (vertical, horizontal or either
//! diagonal) wins; a full board with no line draws. At turn index 1 (the second player's first
//! action) the second player may STEAL instead: the single chip on the board changes colour where
//! it stands, and the steal counts as a turn.
//!
//! Notation: a move is its 0-based column digit (`0`..`W-1`, what the protocol sends) or `steal`
//! (also `STEAL` / `-2`). Setups and the `solve` command also read Pons-style move strings: the
//! 1-based columns of the moves from the empty board, without separators (`4453`).
//!
//! Position strings ([`Connect4::position_string`], also a setup): the `H` rows from the top
//! separated by `/`, each `W` cells (`.` empty, `x` the first player's chip, `o` the second's),
//! then the side to move (`x` or `o`) and `steal` while the steal is still to come or open now,
//! else `-`. The CodinGame start is `........./........./........./........./........./........./
//! ......... x steal` (without the line break).
//!
//! Coordinates for the UI are the protocol's: `x` the column `0..W`, `y` the row `0..H` counted
//! from the top.
//!
//! The solver-grade search for positions it can prove lives in [`solver`].

// Left out of the CodinGame baseline bundles (scripts/codingame-bundle.py): baselines play no book.
#[cfg(not(codingame_baseline))]
pub mod book;
#[cfg(not(codingame_baseline))]
mod book_table;
mod eval;
pub mod features;
mod layout;
pub mod network;
mod network_weights;
mod notation;
pub mod solver;
mod tables;
pub mod weights;

use super::stones_text;
use crate::game::{Game, NotationError, Outcome, Player};
pub use notation::cell_name;

/// The move value of the steal (the column values are `0..W`).
pub const STEAL: u8 = 0xFF;

/// The CodinGame board: 9 columns x 7 rows, with the steal.
pub type Connect4Cg = Connect4<9, 7>;
/// The standard board: 7 columns x 6 rows (the solver check board).
pub type Connect4Std = Connect4<7, 6>;

/// A Connect 4 position on `W` columns x `H` rows.
///
/// Bit layout (Pons' layout in a `u128`): the cell in column `c`, row `r` counted from the
/// bottom, is bit `c * (H + 1) + r`. Each column has one spare sentinel bit on top, so the
/// alignment shifts (1 vertical, `H + 1` horizontal, `H` and `H + 2` the diagonals) never wrap from
/// one column into the next. 9 x 7 needs 9 x 8 = 72 bits, hence `u128` rather than `u64`;
/// `(H + 1) * W <= 128` is checked at compile time. `u128` shifts, ands and adds cost two machine
/// words each natively and in wasm; the hot paths use no `u128` multiplies (wasm emulates them).
///
/// The position is stored as Pons does: `current` (the side to move's chips) and `mask` (all
/// chips), so `current + mask` is a unique key of the stones. Colours are absolute only through
/// the turn count: the first player moves at even turn indices (a steal counts as a turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connect4<const W: usize, const H: usize> {
    current: u128,
    mask: u128,
    /// Turns played, the steal included (the protocol's turn index of the side to move).
    turns: u16,
    /// Whether the steal exists in this game (CodinGame: yes; Pons' standard game: no).
    steal_rule: bool,
    outcome: Option<Outcome>,
    /// The last move (a column or [`STEAL`]), `None` at the start.
    last: Option<u8>,
    /// On 9 x 7, the evaluation network's hidden sums of its bias and of the roles' chips (its
    /// first two input blocks, [`network::NetworkWeights::chip_sums`]): a chip's role never
    /// changes once it is dropped (A drops at an even chip count, a steal included), so `play`
    /// adds one row and a leaf adds only its threats'. Zero on other boards.
    chip_sums: [i16; network::HIDDEN],
}

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// Whether this board has the evaluation network ([`network`]): CodinGame's 9 x 7 only.
    pub(super) const HAS_NETWORK: bool = W == 9 && H == 7;

    /// The empty board. `steal_rule`: whether the second player may steal at turn index 1.
    pub fn new(steal_rule: bool) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::FITS;
        Connect4 {
            current: 0,
            mask: 0,
            turns: 0,
            steal_rule,
            outcome: None,
            last: None,
            chip_sums: [0; network::HIDDEN],
        }
        .with_chip_sums()
    }

    /// The position with [`Connect4::chip_sums`] computed from its chips (on 9 x 7). Out of
    /// line: only constructors call it.
    #[inline(never)]
    fn with_chip_sums(mut self) -> Self {
        if Self::HAS_NETWORK {
            // Only the chips: no threat cells needed.
            let roles = self.roles_with_threats(0, 0);
            self.chip_sums = network::SHIPPED.chip_sums(roles.a, roles.b);
        }
        self
    }

    /// The network's hidden sums of its bias and the roles' chips (see the field); zero on
    /// boards other than 9 x 7.
    #[inline]
    pub fn chip_sums(&self) -> &[i16; network::HIDDEN] {
        &self.chip_sums
    }

    /// The bit of column `col`, row `row` counted from the bottom.
    #[inline]
    pub const fn bit(col: usize, row: usize) -> u128 {
        1u128 << (col * (H + 1) + row)
    }

    /// Every cell of column `col`.
    #[inline]
    pub const fn column_mask(col: usize) -> u128 {
        Self::COLUMN_CELLS[col][2]
    }

    /// The top cell of column `col`.
    #[inline]
    const fn top_mask(col: usize) -> u128 {
        Self::COLUMN_CELLS[col][1]
    }

    /// The bottom cell of column `col`.
    #[inline]
    const fn bottom_mask(col: usize) -> u128 {
        Self::COLUMN_CELLS[col][0]
    }

    /// Whether `stones` hold 4 in a row in any direction.
    #[inline]
    pub fn has_four(stones: u128) -> bool {
        [1, H + 1, H, H + 2].into_iter().any(|s| {
            let pairs = stones & (stones >> s);
            pairs & (pairs >> (2 * s)) != 0
        })
    }

    /// Every cell of every line of 4 (or more) in `stones`.
    pub fn fours(stones: u128) -> u128 {
        let mut cells = 0;
        for s in [1, H + 1, H, H + 2] {
            let m = stones & (stones >> s);
            let start = m & (m >> (2 * s));
            cells |= start | start << s | start << (2 * s) | start << (3 * s);
        }
        cells
    }

    /// The empty cells (anywhere, not only playable) where one more chip of `stones` makes a four,
    /// given the occupied cells `mask` (Pons' `compute_winning_position`).
    #[inline]
    pub fn winning_cells(stones: u128, mask: u128) -> u128 {
        let p = stones;
        // Vertical: three above each other, the cell on top.
        let mut r = (p << 1) & (p << 2) & (p << 3);
        for s in [H + 1, H, H + 2] {
            // The pattern xxx. and .xxx
            let two = (p << s) & (p << (2 * s));
            r |= two & (p << (3 * s));
            r |= two & (p >> s);
            let two = (p >> s) & (p >> (2 * s));
            r |= two & (p >> (3 * s));
            r |= two & (p << s);
        }
        r & (Self::BOARD ^ mask)
    }

    /// The cells where the side to move can drop a chip now.
    #[inline]
    pub fn playable(&self) -> u128 {
        (self.mask + Self::BOTTOM) & Self::BOARD
    }

    /// Whether column `col` has room.
    #[inline]
    pub fn can_play(&self, col: usize) -> bool {
        col < W && self.mask & Self::top_mask(col) == 0
    }

    /// The side to move's chips.
    pub fn current(&self) -> u128 {
        self.current
    }

    /// Every chip on the board.
    pub fn mask(&self) -> u128 {
        self.mask
    }

    /// Number of chips on the board (turns minus a steal).
    pub fn chips(&self) -> u32 {
        self.mask.count_ones()
    }

    /// The chips of `player`.
    pub fn stones(&self, player: Player) -> u128 {
        if player == self.to_move() {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// Whether this game has the steal rule.
    pub fn steal_rule(&self) -> bool {
        self.steal_rule
    }

    /// Whether the side to move may steal now (turn index 1 under the steal rule).
    pub fn steal_open(&self) -> bool {
        self.steal_rule && self.turns == 1 && self.outcome.is_none()
    }

    /// The last move played, `None` at the start.
    pub fn last_move(&self) -> Option<u8> {
        self.last
    }

    /// Whether the side to move can win with its next chip.
    pub fn can_win_next(&self) -> bool {
        Self::winning_cells(self.current, self.mask) & self.playable() != 0
    }

    /// The Pons key: unique for the stones and the side to move's colour-relative view.
    #[inline]
    pub fn key(&self) -> u128 {
        self.current + self.mask
    }

    /// The column of the single bit `cell`.
    #[inline]
    fn column_of(cell: u128) -> u8 {
        (cell.trailing_zeros() as usize / (H + 1)) as u8
    }

    /// Pons' move ordering score of dropping `cell`: how many winning cells the side to move
    /// then has.
    #[inline]
    pub fn threats_after(&self, cell: u128) -> u32 {
        (Self::winning_cells(self.current | cell, self.mask) & !cell).count_ones()
    }

    /// The cells among `playable` that are not directly below a winning cell of the opponent and
    /// do not leave one of its playable wins unblocked (Pons' `possibleNonLosingMoves`), assuming
    /// the side to move cannot win at once. Empty when every move loses.
    pub fn non_losing_cells(&self) -> u128 {
        let mut possible = self.playable();
        let opponent_win = Self::winning_cells(self.current ^ self.mask, self.mask);
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }
}

impl<const W: usize, const H: usize> Game for Connect4<W, H> {
    type Move = u8;
    const NAME: &'static str = "connect4";
    const MOVE_SLOTS: usize = W + 1;

    fn start() -> Self {
        Self::new(true)
    }

    /// Setups: a position string ([`Connect4::from_position_string`]), or, whitespace-separated,
    /// `steal` (the default, CodinGame's rule) or `nosteal`, then optionally a Pons move string
    /// (`4453`, 1-based columns) played from the empty board.
    fn from_setup(setup: &str) -> Result<Self, NotationError> {
        if setup.contains('/') {
            return Self::from_position_string(setup);
        }
        let mut steal_rule = true;
        let mut pons = None;
        for token in setup.split_whitespace() {
            match token {
                "steal" => steal_rule = true,
                "nosteal" => steal_rule = false,
                t if t.chars().all(|c| c.is_ascii_digit()) && pons.is_none() => pons = Some(t),
                other => {
                    return Err(NotationError(format!(
                        "unknown Connect 4 setup '{other}': use 'steal' or 'nosteal', then a Pons \
                         move string such as 4453 (columns 1..{W}), or a position string"
                    )))
                }
            }
        }
        Self::from_pons(pons.unwrap_or(""), steal_rule)
    }

    fn to_move(&self) -> Player {
        if self.turns % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn ply(&self) -> u32 {
        self.turns as u32
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.outcome.is_some() {
            return;
        }
        for c in 0..W {
            if self.mask & Self::top_mask(c) == 0 {
                out.push(c as u8);
            }
        }
        if self.steal_open() {
            out.push(STEAL);
        }
    }

    // Out of line in wasm: inlined into every caller it grows the module by 2 KB gzipped.
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn play(&mut self, mv: u8) {
        if mv == STEAL {
            // The single chip becomes the stealer's; the first player, to move, has none.
            self.current = 0;
        } else {
            let col = mv as usize;
            let cell = (self.mask + Self::bottom_mask(col)) & Self::column_mask(col);
            let mine = self.current | cell;
            if Self::HAS_NETWORK {
                // Role A's block when the chips before this one are even, else B's.
                let block = self.mask.count_ones() as usize % 2;
                network::SHIPPED.add_chip(&mut self.chip_sums, block, cell.trailing_zeros());
            }
            self.mask |= cell;
            // The side to move had no four, so one now is the new chip's.
            if Self::has_four(mine) {
                self.outcome = Some(Outcome::Win(self.to_move()));
            } else if self.mask == Self::BOARD {
                self.outcome = Some(Outcome::Draw);
            }
            self.current = mine ^ self.mask;
        }
        self.turns += 1;
        self.last = Some(mv);
    }

    fn hash(&self) -> u64 {
        let h = crate::rng::mix128(self.key());
        if self.steal_open() {
            h ^ 0x5354_4541_4C00_0001
        } else {
            h
        }
    }

    fn move_slot(mv: u8) -> usize {
        if mv == STEAL {
            W
        } else {
            mv as usize
        }
    }

    /// Reads `0`..`W-1` (the protocol's columns; `+3` reads as 3) or `steal` / `STEAL` / `-2`.
    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: u8) -> String {
        if mv == STEAL {
            "steal".into()
        } else {
            mv.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_order_is_centre_first() {
        assert_eq!(Connect4Cg::COLUMN_ORDER, [4, 3, 5, 2, 6, 1, 7, 0, 8]);
        assert_eq!(Connect4Std::COLUMN_ORDER, [3, 2, 4, 1, 5, 0, 6]);
        assert_eq!(Connect4::<8, 7>::COLUMN_ORDER, [3, 4, 2, 5, 1, 6, 0, 7]);
    }

    #[test]
    fn winning_cells_find_every_completing_cell() {
        // Bottom row chips in columns 0, 1, 2 of the first player: column 3 completes.
        let p = Connect4Cg::from_pons("1122334", false).unwrap();
        assert_eq!(p.outcome(), Some(Outcome::Win(Player::First)));
        let p = Connect4Cg::from_pons("112233", false).unwrap();
        assert_eq!(
            Connect4Cg::winning_cells(p.current(), p.mask()) & p.playable(),
            Connect4Cg::bit(3, 0)
        );
    }
}
