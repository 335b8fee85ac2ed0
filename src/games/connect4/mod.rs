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
/// Bit layout (packed, one machine word): the cell in column `c`, row `r` counted from the
/// bottom, is bit `c * H + r`, so 9 x 7's 63 cells fit a `u64`; `W * H <= 64` is checked at
/// compile time. Pons' layout keeps a spare sentinel bit on top of each column so that the
/// alignment shifts never wrap from one column into the next, which takes 9 x 8 = 72 bits, a
/// `u128`, whose shifts cost two or three instructions each (on AMD's cores x86's double shifts
/// are slow) where a `u64`'s cost one. Here each shifted copy is masked to the rows its line can
/// reach instead ([`Connect4::FROM_ROW`], [`Connect4::UP_TO_ROW`]; README, "Connect 4's board in
/// one machine word").
///
/// The position is stored as Pons does: `current` (the side to move's chips) and `mask` (all
/// chips); [`Connect4::key`] gives his unique key of the stones. Colours are absolute only
/// through the turn count: the first player moves at even turn indices (a steal counts as a
/// turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connect4<const W: usize, const H: usize> {
    current: u64,
    mask: u64,
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
    pub const fn bit(col: usize, row: usize) -> u64 {
        1u64 << (col * H + row)
    }

    /// Every cell of column `col`.
    #[inline]
    pub const fn column_mask(col: usize) -> u64 {
        Self::COLUMN_CELLS[col][2]
    }

    /// The top cell of column `col`.
    #[inline]
    const fn top_mask(col: usize) -> u64 {
        Self::COLUMN_CELLS[col][1]
    }

    /// The bottom cell of column `col`.
    #[inline]
    const fn bottom_mask(col: usize) -> u64 {
        Self::COLUMN_CELLS[col][0]
    }

    /// The four directions of a line, each as its step in bits and the rows it climbs a step
    /// (1, 0 or -1, which choose the masks of [`Connect4::ahead`] and [`Connect4::back`]): up
    /// the column, along the row, up-right and down-right.
    #[inline(always)]
    fn line_steps() -> [(usize, isize); 4] {
        [(1, 1), (H, 0), (H + 1, 1), (H - 1, -1)]
    }

    /// `p` shifted `k` steps of `s` bits ahead along a line climbing `up` rows a step (1, 0 or
    /// -1): at each cell, whether `p` holds the cell `k` steps ahead, where that cell is on the
    /// same line (the masks stand in for Pons' sentinel row).
    #[inline(always)]
    fn ahead(p: u64, s: usize, up: isize, k: usize) -> u64 {
        (p >> (k * s))
            & match up {
                1 => Self::UP_TO_ROW[k],
                -1 => Self::FROM_ROW[k],
                _ => Self::BOARD,
            }
    }

    /// `p` shifted `k` steps back along the line (see [`Connect4::ahead`]).
    #[inline(always)]
    fn back(p: u64, s: usize, up: isize, k: usize) -> u64 {
        (p << (k * s))
            & match up {
                1 => Self::FROM_ROW[k],
                -1 => Self::UP_TO_ROW[k],
                _ => Self::BOARD,
            }
    }

    /// Whether `stones` hold 4 in a row in any direction.
    #[inline]
    pub fn has_four(stones: u64) -> bool {
        Self::line_steps().into_iter().any(|(s, up)| {
            let start = stones & Self::ahead(stones, s, up, 1);
            start & Self::ahead(start, s, up, 2) != 0
        })
    }

    /// Every cell of every line of 4 (or more) in `stones`.
    pub fn fours(stones: u64) -> u64 {
        let mut cells = 0;
        for (s, up) in Self::line_steps() {
            let pairs = stones & Self::ahead(stones, s, up, 1);
            let start = pairs & Self::ahead(pairs, s, up, 2);
            cells |= start | start << s | start << (2 * s) | start << (3 * s);
        }
        cells
    }

    /// The empty cells (anywhere, not only playable) where one more chip of `stones` makes a four,
    /// given the occupied cells `mask` (Pons' `compute_winning_position`).
    #[inline]
    pub fn winning_cells(stones: u64, mask: u64) -> u64 {
        let p = stones;
        // Vertical: three below the cell (rows 3 and up).
        let mut r = (p << 1) & (p << 2) & (p << 3) & Self::FROM_ROW[3];
        for (s, up) in &Self::line_steps()[1..] {
            let (s, up) = (*s, *up);
            // At a cell, `bk` holds p's chip k steps back along the line, `ak` k steps ahead:
            // the patterns xxx., xx.x, x.xx and .xxx.
            let (b1, b2, b3) = (
                Self::back(p, s, up, 1),
                Self::back(p, s, up, 2),
                Self::back(p, s, up, 3),
            );
            let (a1, a2, a3) = (
                Self::ahead(p, s, up, 1),
                Self::ahead(p, s, up, 2),
                Self::ahead(p, s, up, 3),
            );
            r |= b1 & b2 & (b3 | a1) | a1 & a2 & (a3 | b1);
        }
        r & (Self::BOARD ^ mask)
    }

    /// The cells right above `cells` (nothing above the top row).
    #[inline]
    pub fn above_cells(cells: u64) -> u64 {
        (cells & !Self::TOP) << 1
    }

    /// The cells right below `cells` (nothing below the bottom row).
    #[inline]
    pub fn below_cells(cells: u64) -> u64 {
        (cells & !Self::BOTTOM) >> 1
    }

    /// The cells where the side to move can drop a chip now.
    #[inline]
    pub fn playable(&self) -> u64 {
        Self::playable_cells(self.mask)
    }

    /// The cells where a chip can be dropped, given the occupied cells `mask`.
    #[inline]
    pub fn playable_cells(mask: u64) -> u64 {
        // A full column takes no bottom cell: its carry would spill into the next column.
        let open_bottoms = Self::BOTTOM & !((mask & Self::TOP) >> (H - 1));
        mask.wrapping_add(open_bottoms) & !mask & Self::BOARD
    }

    /// The cell a chip dropped in column `col` lands on (the column has room).
    #[inline]
    pub fn landing_cell(&self, col: usize) -> u64 {
        (self.mask + Self::bottom_mask(col)) & Self::column_mask(col)
    }

    /// Whether column `col` has room.
    #[inline]
    pub fn can_play(&self, col: usize) -> bool {
        col < W && self.mask & Self::top_mask(col) == 0
    }

    /// The side to move's chips.
    pub fn current(&self) -> u64 {
        self.current
    }

    /// Every chip on the board.
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Number of chips on the board (turns minus a steal).
    pub fn chips(&self) -> u32 {
        self.mask.count_ones()
    }

    /// The chips of `player`.
    pub fn stones(&self, player: Player) -> u64 {
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

    /// The Pons key: `current + mask` in his layout (a sentinel bit over each column), unique
    /// for the stones and the side to move's colour-relative view.
    #[inline]
    pub fn key(&self) -> u128 {
        Self::pons_key(self.current, self.mask)
    }

    /// [`Connect4::key`] of the side to move's chips `current` among all chips `mask`.
    #[inline]
    fn pons_key(current: u64, mask: u64) -> u128 {
        Self::pons_bits(current) + Self::pons_bits(mask)
    }

    /// The cells `bits` (packed) in Pons' layout: column `c`, row `r` at bit `c * (H + 1) + r`.
    /// Each column's bits move up by its index, in two 64-bit halves: a `u128` shift is two or
    /// three instructions, and the hash takes this key at every node.
    #[inline]
    pub const fn pons_bits(bits: u64) -> u128 {
        let (mut low, mut high) = (0u64, 0u64);
        let mut c = 0;
        while c < W {
            let cells = Self::column_bits(bits, c);
            let at = c * (H + 1);
            if at < 64 {
                low |= cells << at;
                if at + H > 64 {
                    high |= cells >> (64 - at);
                }
            } else {
                high |= cells << (at - 64);
            }
            c += 1;
        }
        (high as u128) << 64 | low as u128
    }

    /// Column `c` of the cells `bits` (packed), as the low `H` bits.
    #[inline]
    pub const fn column_bits(bits: u64, c: usize) -> u64 {
        bits >> (c * H) & ((1 << H) - 1)
    }

    /// The column of the single bit `cell`.
    #[inline]
    pub fn column_of(cell: u64) -> u8 {
        (cell.trailing_zeros() as usize / H) as u8
    }

    /// Pons' move ordering score of dropping `cell`: how many winning cells the side to move
    /// then has.
    #[inline]
    pub fn threats_after(&self, cell: u64) -> u32 {
        (Self::winning_cells(self.current | cell, self.mask) & !cell).count_ones()
    }

    /// The cells among `playable` that are not directly below a winning cell of the opponent and
    /// do not leave one of its playable wins unblocked (Pons' `possibleNonLosingMoves`), assuming
    /// the side to move cannot win at once. Empty when every move loses.
    pub fn non_losing_cells(&self) -> u64 {
        let mut possible = self.playable();
        let opponent_win = Self::winning_cells(self.current ^ self.mask, self.mask);
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !Self::below_cells(opponent_win)
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
    #[cfg(not(codingame_bundle))]
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
            let cell = self.landing_cell(col);
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

    /// Without making the move (which also updates the network's chip sums): after a column
    /// move the side to move's chips are the opponent's, `current ^ mask`, and the mask gains
    /// the cell. The first two turns open and close the steal, so they make the move.
    #[inline]
    fn hash_after(&self, mv: u8) -> u64 {
        if mv == STEAL || self.turns == 0 {
            return self.after(mv).hash();
        }
        let cell = self.landing_cell(mv as usize);
        crate::rng::mix128(Self::pons_key(self.current ^ self.mask, self.mask | cell))
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

    /// The cells of every line of four among `stones` on a `W` x `H` grid, walked cell by cell.
    fn lines_walked<const W: usize, const H: usize>(stones: u64) -> u64 {
        let has = |c: isize, r: isize| {
            (0..W as isize).contains(&c)
                && (0..H as isize).contains(&r)
                && stones & Connect4::<W, H>::bit(c as usize, r as usize) != 0
        };
        let mut cells = 0;
        for c in 0..W as isize {
            for r in 0..H as isize {
                for (dc, dr) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    if (0..4).all(|k| has(c + k * dc, r + k * dr)) {
                        for k in 0..4 {
                            cells |=
                                Connect4::<W, H>::bit((c + k * dc) as usize, (r + k * dr) as usize);
                        }
                    }
                }
            }
        }
        cells
    }

    /// The cells of `stones`' lines of four and their completing cells against a walk of the grid,
    /// on random boards whose columns fill from the bottom (their chips' colours at random, so
    /// not always legal): the packed layout's masks must stop every line at the board's edges.
    fn check_lines<const W: usize, const H: usize>(seed: u64) {
        let mut rng = crate::rng::Rng(seed);
        for _ in 0..3000 {
            let mask = (0..W).fold(0, |mask, c| {
                let height = rng.below(H + 1);
                mask | ((1u64 << height) - 1) << (c * H)
            });
            let stones = mask & rng.next_u64();
            let fours = lines_walked::<W, H>(stones);
            assert_eq!(Connect4::<W, H>::fours(stones), fours);
            assert_eq!(Connect4::<W, H>::has_four(stones), fours != 0);
            let completing = (0..W * H)
                .map(|i| 1u64 << i)
                .filter(|&cell| cell & mask == 0 && lines_walked::<W, H>(stones | cell) & cell != 0)
                .fold(0, |all, cell| all | cell);
            assert_eq!(Connect4::<W, H>::winning_cells(stones, mask), completing);
        }
    }

    #[test]
    fn lines_of_four_stop_at_the_edges_of_the_board() {
        check_lines::<9, 7>(1);
        check_lines::<7, 6>(2);
        check_lines::<8, 8>(3);
        check_lines::<4, 4>(4);
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
