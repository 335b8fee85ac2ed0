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

pub mod solver;

use super::stones_text;
use crate::game::{score, CellView, Display, Eval, Evaluate, Game, NotationError, Outcome, Player};

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
}

/// Bits set at the bottom cell of every column.
const fn bottom<const W: usize, const H: usize>() -> u128 {
    let mut b = 0u128;
    let mut c = 0;
    while c < W {
        b |= 1u128 << (c * (H + 1));
        c += 1;
    }
    b
}

/// Bits set at every cell of rows `r` (from the bottom) with `r % 2 == parity`.
const fn rows_of_parity<const W: usize, const H: usize>(parity: usize) -> u128 {
    let mut b = 0u128;
    let mut r = parity;
    while r < H {
        b |= bottom::<W, H>() << r;
        r += 2;
    }
    b
}

/// The cells of every column `c` with `|2c - (W-1)| == distance` (0 or 1 is the centre).
const fn columns_at<const W: usize, const H: usize>(distance: usize) -> u128 {
    let mut b = 0u128;
    let mut c = 0;
    while c < W {
        let d = (2 * c as isize - (W as isize - 1)).unsigned_abs();
        if d == distance {
            b |= ((1u128 << H) - 1) << (c * (H + 1));
        }
        c += 1;
    }
    b
}

/// Evaluation weights, in evaluation units (a proven result is worth `score::PROVEN` or more).
mod weight {
    /// A threat (an empty cell that completes a four) on a row of the owner's parity.
    pub const GOOD_THREAT: i32 = 40;
    /// A threat on a row of the other parity.
    pub const OTHER_THREAT: i32 = 16;
    /// Per chip per step towards the centre column.
    pub const CENTRE: i32 = 3;
    /// For having the move.
    pub const TEMPO: i32 = 4;
}

impl<const W: usize, const H: usize> Connect4<W, H> {
    const FITS: () = assert!(
        (H + 1) * W <= 128 && W >= 4 && W <= 16 && H >= 4 && H <= 15,
        "the board must fit the u128 layout"
    );
    /// Bits set at the bottom cell of every column.
    pub const BOTTOM: u128 = bottom::<W, H>();
    /// Every playable cell (no sentinels).
    pub const BOARD: u128 = {
        let mut b = 0u128;
        let mut r = 0;
        while r < H {
            b |= bottom::<W, H>() << r;
            r += 1;
        }
        b
    };
    /// Number of cells.
    pub const CELLS: u32 = (W * H) as u32;
    /// Rows 0, 2, 4, ... from the bottom (1-based odd rows).
    const ODD_ROWS: u128 = rows_of_parity::<W, H>(0);
    /// Rows 1, 3, 5, ... from the bottom (1-based even rows).
    const EVEN_ROWS: u128 = rows_of_parity::<W, H>(1);
    /// Column masks by distance from the centre, nearest first (`CENTRE_RINGS[k]`: `|2c-(W-1)|`
    /// equals `2k` or `2k + 1`).
    const CENTRE_RINGS: [u128; 8] = {
        let mut rings = [0u128; 8];
        let mut k = 0;
        while k < 8 {
            rings[k] = columns_at::<W, H>(2 * k) | columns_at::<W, H>(2 * k + 1);
            k += 1;
        }
        rings
    };
    /// Columns in search order: centre first, then alternately outwards (left before right).
    pub const COLUMN_ORDER: [u8; W] = {
        let mut order = [0u8; W];
        let mut i = 0;
        while i < W {
            // i = 0, 1, 2, ... -> centre, centre-1, centre+1, ... for odd W; for even W the two
            // middle columns come first.
            let half = i.div_ceil(2);
            let col = if W % 2 == 1 {
                if i % 2 == 1 {
                    W / 2 - half
                } else {
                    W / 2 + half
                }
            } else if i % 2 == 0 {
                W / 2 - 1 - i / 2
            } else {
                W / 2 + i / 2
            };
            order[i] = col as u8;
            i += 1;
        }
        order
    };

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
        }
    }

    /// The position after a Pons-style move string: 1-based columns without separators
    /// (`"4453"`), from the empty board with or without the steal rule (the string cannot name a
    /// steal). Whitespace is ignored. Errors: a character that is not a column digit `1..=W`, a
    /// full column, or a move after the game ended.
    pub fn from_pons(moves: &str, steal_rule: bool) -> Result<Self, NotationError> {
        let mut pos = Self::new(steal_rule);
        pos.play_pons(moves)?;
        Ok(pos)
    }

    /// Plays a Pons-style move string (1-based column digits) from this position.
    /// Errors as for [`Connect4::from_pons`], naming the 1-based index of the bad move.
    pub fn play_pons(&mut self, moves: &str) -> Result<(), NotationError> {
        for (i, ch) in moves.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let col = ch
                .to_digit(10)
                .filter(|&d| d >= 1 && d as usize <= W)
                .ok_or_else(|| {
                    NotationError(format!(
                        "Pons move {} '{ch}': not a 1-based column 1..{W}",
                        i + 1
                    ))
                })?;
            if self.outcome.is_some() {
                return Err(NotationError(format!(
                    "Pons move {} '{ch}': the game is already over",
                    i + 1
                )));
            }
            if !self.can_play(col as usize - 1) {
                return Err(NotationError(format!(
                    "Pons move {} '{ch}': column {col} is full",
                    i + 1
                )));
            }
            self.play((col - 1) as u8);
        }
        Ok(())
    }

    /// The position the protocol describes: `rows[y]` is row `y` from the top, `W` characters
    /// `'0'` (first player), `'1'` (second player) or `'.'`; `turn_index` is the referee's turn
    /// index of the side to move (the first player moves at even indices; a steal counts). The
    /// steal is open when `steal_rule` and `turn_index == 1`.
    /// Errors: a wrong row count or length, another character, a floating chip, chip counts that
    /// do not fit the turn index, or a board that already holds a four.
    pub fn from_rows(
        rows: &[&str],
        turn_index: u32,
        steal_rule: bool,
    ) -> Result<Self, NotationError> {
        if rows.len() != H {
            return Err(NotationError(format!(
                "expected {H} rows, got {}",
                rows.len()
            )));
        }
        let mut stones = [0u128; 2];
        for (y, row) in rows.iter().enumerate() {
            if row.len() != W {
                return Err(NotationError(format!(
                    "row {y} should have {W} cells, got '{row}'"
                )));
            }
            for (x, ch) in row.chars().enumerate() {
                let bit = Self::bit(x, H - 1 - y);
                match ch {
                    '0' => stones[0] |= bit,
                    '1' => stones[1] |= bit,
                    '.' => {}
                    other => {
                        return Err(NotationError(format!(
                            "row {y} column {x}: '{other}' is not 0, 1 or '.'"
                        )))
                    }
                }
            }
        }
        let mask = stones[0] | stones[1];
        if let Some(c) = Self::floating_column(mask) {
            return Err(NotationError(format!(
                "column {c} has a chip above an empty cell"
            )));
        }
        let (n0, n1) = (stones[0].count_ones(), stones[1].count_ones());
        let turns = turn_index.min(u16::MAX as u32) as u16;
        // Without a steal the first player has as many chips as the second, or one more after
        // its move; after a steal (turn index >= 2) the second player is one chip ahead.
        let to_move = if turn_index % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let plain = match to_move {
            Player::First => n0 == n1,
            Player::Second => n0 == n1 + 1,
        };
        let stolen = turn_index >= 2 && steal_rule && {
            match to_move {
                Player::First => n1 == n0 + 1,
                Player::Second => n1 == n0,
            }
        };
        if !plain && !stolen {
            return Err(NotationError(format!(
                "{n0} chips '0' and {n1} chips '1' do not fit turn index {turn_index}"
            )));
        }
        if Self::has_four(stones[0]) || Self::has_four(stones[1]) {
            return Err(NotationError("the board already holds a four".into()));
        }
        let current = stones[to_move.index()];
        let mut pos = Connect4 {
            current,
            mask,
            turns,
            steal_rule,
            outcome: None,
            last: None,
        };
        if mask == Self::BOARD {
            pos.outcome = Some(Outcome::Draw);
        }
        Ok(pos)
    }

    /// The first column (0-based) of `mask` with a chip above an empty cell, if any.
    fn floating_column(mask: u128) -> Option<usize> {
        // A column's chips fill it from the bottom when they plus its bottom bit make one bit.
        (0..W).find(|&c| ((mask & Self::column_mask(c)) + Self::bottom_mask(c)).count_ones() != 1)
    }

    /// The position string (see the module doc) that [`Connect4::from_position_string`] reads:
    /// rows from the top, the side to move, and `steal` while the steal is still to come (the
    /// empty board under the steal rule) or open now, else `-`.
    pub fn position_string(&self) -> String {
        let first = self.stones(Player::First);
        let rows = (0..H).map(|y| {
            (0..W).map(move |x| {
                let bit = Self::bit(x, H - 1 - y);
                match (self.mask & bit != 0, first & bit != 0) {
                    (false, _) => None,
                    (true, true) => Some(Player::First),
                    (true, false) => Some(Player::Second),
                }
            })
        });
        stones_text::write(rows, self.to_move(), self.steal_rule && self.turns <= 1)
    }

    /// Reads a position string (see the module doc; `x`/`o` in either case, `nosteal` for `-`).
    ///
    /// Rules checked, as they follow from play: no chip above an empty cell; the chip counts fit
    /// the side to move (without a steal `x` has as many chips as `o` with `x` to move, one more
    /// with `o` to move; after a steal `o` is one ahead of that); `steal` only on the empty board
    /// with `x` to move or with one `x` chip and `o` to move. A finished game is refused (a four,
    /// a full board): there is nothing left to play or analyse.
    /// Errors name the row (from the top) and the column (0-based, as moves name it) of a bad
    /// character, or the rule broken.
    pub fn from_position_string(text: &str) -> Result<Self, NotationError> {
        let err = |m: String| NotationError(format!("bad Connect 4 position: {m}"));
        let read = stones_text::read(
            text,
            &[W; H],
            |y| format!("row {} from the top", y + 1),
            |y, x| format!("row {} from the top, column {x}", y + 1),
        )
        .map_err(err)?;
        let mut stones = [0u128; 2];
        for &(y, x, player) in &read.stones {
            stones[player.index()] |= Self::bit(x, H - 1 - y);
        }
        let mask = stones[0] | stones[1];
        if let Some(c) = Self::floating_column(mask) {
            return Err(err(format!("column {c} has a chip above an empty cell")));
        }
        for (chips, name) in stones.iter().zip(['x', 'o']) {
            if Self::has_four(*chips) {
                return Err(err(format!(
                    "{name} already has four in a row: a finished game cannot be set up"
                )));
            }
        }
        if mask == Self::BOARD {
            return Err(err("the board is full: the game is over".into()));
        }
        let (xs, os) = (stones[0].count_ones(), stones[1].count_ones());
        let stolen =
            stones_text::check_counts(xs, os, read.to_move, read.steal, "chips").map_err(err)?;
        Ok(Connect4 {
            current: stones[read.to_move.index()],
            mask,
            turns: (xs + os + stolen as u32) as u16,
            steal_rule: read.steal || stolen,
            outcome: None,
            last: None,
        })
    }

    /// The bit of column `col`, row `row` counted from the bottom.
    #[inline]
    pub const fn bit(col: usize, row: usize) -> u128 {
        1u128 << (col * (H + 1) + row)
    }

    /// Every cell of column `col`.
    #[inline]
    pub const fn column_mask(col: usize) -> u128 {
        ((1u128 << H) - 1) << (col * (H + 1))
    }

    /// The top cell of column `col`.
    #[inline]
    const fn top_mask(col: usize) -> u128 {
        1u128 << (H - 1 + col * (H + 1))
    }

    /// The bottom cell of column `col`.
    #[inline]
    const fn bottom_mask(col: usize) -> u128 {
        1u128 << (col * (H + 1))
    }

    /// Whether `stones` hold 4 in a row in any direction.
    #[inline]
    pub fn has_four(stones: u128) -> bool {
        Self::fours(stones) != 0
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

    /// A 64-bit mix of a 128-bit key.
    #[inline]
    fn mix(key: u128) -> u64 {
        let mut z = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
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

    fn play(&mut self, mv: u8) {
        if mv == STEAL {
            // The single chip becomes the stealer's; the first player, to move, has none.
            self.current = 0;
        } else {
            let col = mv as usize;
            let cell = (self.mask + Self::bottom_mask(col)) & Self::column_mask(col);
            let mine = self.current | cell;
            self.mask |= cell;
            if Self::winning_cells(self.current, self.mask ^ cell) & cell != 0 {
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
        let h = Self::mix(self.key());
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
        let text = text.trim();
        if self.outcome.is_some() {
            return Err(NotationError("the game is over".into()));
        }
        if text.eq_ignore_ascii_case("steal") || text == "-2" {
            return if self.steal_open() {
                Ok(STEAL)
            } else {
                Err(NotationError(
                    "the steal is only allowed on the second player's first turn".into(),
                ))
            };
        }
        let col: i64 = text.parse().map_err(|_| {
            NotationError(format!("'{text}' is not a column 0..{} or 'steal'", W - 1))
        })?;
        if col < 0 || col >= W as i64 {
            return Err(NotationError(format!(
                "column {col} is off the board (0..{})",
                W - 1
            )));
        }
        if !self.can_play(col as usize) {
            return Err(NotationError(format!("column {col} is full")));
        }
        Ok(col as u8)
    }

    fn format_move(&self, mv: u8) -> String {
        if mv == STEAL {
            "steal".into()
        } else {
            mv.to_string()
        }
    }
}

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// Reads a bot's output line as the CodinGame referee does (AshKcg/cg-multi-connect4): the
    /// action is the text before the first space (the rest is a message), so a leading space
    /// loses; a column is an integer (`+3` reads as 3) with room in it; `STEAL` (any case) or `-2`
    /// only at turn index 1. Errors: every output the referee would count as a loss.
    pub fn parse_action(&self, output: &str) -> Result<u8, NotationError> {
        let output = output.trim_end_matches(['\n', '\r']);
        let action = output.split(' ').next().unwrap_or("");
        if action.is_empty() {
            return Err(NotationError(format!(
                "'{output}': no action before the first space"
            )));
        }
        self.parse_move(action)
    }
}

/// The name of the cell in column `x`, protocol row `y` (from the top): `"x,y"`.
pub fn cell_name(x: usize, y: usize) -> String {
    format!("{x},{y}")
}

impl<const W: usize, const H: usize> Display for Connect4<W, H> {
    /// The position string, while the game goes on (a finished game cannot be set up).
    fn position_text(&self) -> Option<String> {
        self.outcome.is_none().then(|| self.position_string())
    }

    /// Row by row from the top; `x` the column, `y` the row from the top, name `"x,y"` (a move
    /// names only the column, `x`).
    fn cells(&self) -> Vec<CellView> {
        let first = self.stones(Player::First);
        let mut out = Vec::with_capacity(W * H);
        for y in 0..H {
            for x in 0..W {
                let bit = Self::bit(x, H - 1 - y);
                let owner = if self.mask & bit == 0 {
                    0
                } else if first & bit != 0 {
                    1
                } else {
                    2
                };
                out.push(CellView {
                    name: cell_name(x, y),
                    x: x as i32,
                    y: y as i32,
                    owner,
                    wall: false,
                });
            }
        }
        out
    }

    /// Reasons: `four` (the winner's line(s) of 4 or more, as `"x,y"` cells), `full` (a draw).
    fn result_detail(&self) -> Option<(&'static str, Vec<String>)> {
        match self.outcome? {
            Outcome::Draw => Some(("full", Vec::new())),
            Outcome::Win(p) => {
                let mut line = Self::fours(self.stones(p));
                let mut names = Vec::new();
                while line != 0 {
                    let i = line.trailing_zeros() as usize;
                    names.push(cell_name(i / (H + 1), H - 1 - i % (H + 1)));
                    line &= line - 1;
                }
                Some(("four", names))
            }
        }
    }

    fn move_note(&self, mv: u8) -> Option<&'static str> {
        (mv == STEAL).then_some("steal")
    }
}

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// The heuristic part of the evaluation, from the side to move, for a position where neither
    /// side has a playable win: threats weighted by row parity, centre control and tempo.
    ///
    /// Parity: the player who moves when the chip count is even (the first player, or the second
    /// after a steal) profits from threats on rows 1, 3, 5, ... from the bottom (1-based), the
    /// other player from rows 2, 4, 6, ...: in zugzwang endings each fills the cells of its parity.
    fn heuristic(&self) -> i32 {
        let opponent = self.current ^ self.mask;
        let empty = Self::BOARD ^ self.mask;
        let me_odd = self.mask.count_ones() % 2 == 0;
        let side = |stones: u128, odd: bool| -> i32 {
            let threats = Self::winning_cells(stones, self.mask) & empty;
            let good_rows = if odd { Self::ODD_ROWS } else { Self::EVEN_ROWS };
            let good = (threats & good_rows).count_ones() as i32;
            let other = (threats & !good_rows).count_ones() as i32;
            let mut centre = 0;
            let rings = W.div_ceil(2);
            for (k, ring) in Self::CENTRE_RINGS.iter().enumerate().take(rings) {
                centre += (rings - k) as i32 * (stones & ring).count_ones() as i32;
            }
            good * weight::GOOD_THREAT + other * weight::OTHER_THREAT + centre * weight::CENTRE
        };
        side(self.current, me_odd) - side(opponent, !me_odd) + weight::TEMPO
    }
}

impl<const W: usize, const H: usize> Evaluate for Connect4<W, H> {
    /// A win now is `win_in(1)`; two playable wins for the opponent (or one with another of its
    /// wins right above) is `loss_in(2)`; one playable opponent win is not quiet (the reply is
    /// forced). Otherwise the heuristic: parity-weighted threats, centre, tempo.
    fn evaluate(&self) -> Eval {
        if self.steal_open() {
            // The position is worth the better of stealing and not (the steal swaps sides).
            let h = self.heuristic();
            return Eval {
                score: h.max(-h),
                quiet: true,
            };
        }
        let playable = self.playable();
        if Self::winning_cells(self.current, self.mask) & playable != 0 {
            return Eval {
                score: score::win_in(1),
                quiet: true,
            };
        }
        let theirs = Self::winning_cells(self.current ^ self.mask, self.mask);
        let forced = theirs & playable;
        if forced != 0 {
            if forced & (forced - 1) != 0 || theirs & (forced << 1) != 0 {
                return Eval {
                    score: score::loss_in(2),
                    quiet: true,
                };
            }
            return Eval {
                score: self.heuristic(),
                quiet: false,
            };
        }
        Eval {
            score: self.heuristic(),
            quiet: true,
        }
    }

    /// Pons' pruning: a winning move alone if there is one (forced); else the forced block; else
    /// every move that does not drop a chip right below an opponent's winning cell. When every
    /// move loses, all legal moves (forced). At turn index 1 under the steal rule, every move and
    /// the steal.
    fn search_moves(&self, out: &mut Vec<u8>) -> bool {
        if self.steal_open() {
            self.legal_moves(out);
            return false;
        }
        let playable = self.playable();
        let wins = Self::winning_cells(self.current, self.mask) & playable;
        if wins != 0 {
            out.push(Self::column_of(wins & wins.wrapping_neg()));
            return true;
        }
        let safe = self.non_losing_cells();
        if safe == 0 {
            self.legal_moves(out);
            return true;
        }
        let mut bits = safe;
        while bits != 0 {
            out.push(Self::column_of(bits & bits.wrapping_neg()));
            bits &= bits - 1;
        }
        safe.count_ones() == 1 && safe != playable
    }

    /// Centre first, then by the threats the move creates (Pons' ordering).
    fn order_hint(&self, mv: u8) -> i32 {
        if mv == STEAL {
            return 0;
        }
        let col = mv as usize;
        let cell = (self.mask + Self::bottom_mask(col)) & Self::column_mask(col);
        let centre = W as i32 - (2 * col as i32 - (W as i32 - 1)).abs();
        self.threats_after(cell) as i32 * 16 + centre
    }
}

/// Pons' score of a proven result, from the side to move of a position with `chips` chips on a
/// `cells`-cell board, given the number of plies until the winning chip (`plies_to_win` > 0 for
/// the side to move, or the loser's count): `(cells + 2 - chips_after_the_win) / 2`, negated for a
/// loss. The steal is not counted (Pons' convention has none).
pub fn pons_score(cells: u32, chips: u32, result: crate::search::Score) -> Option<i32> {
    use crate::search::Score;
    match result {
        Score::Win(n) => Some(((cells + 2 - (chips + n)) / 2) as i32),
        Score::Loss(n) => Some(-(((cells + 2 - (chips + n)) / 2) as i32)),
        Score::Draw => Some(0),
        Score::Eval(_) => None,
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
