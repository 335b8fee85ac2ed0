//! Connect 4 in text: columns (`0`..`W-1` and the steal), Pons' move strings, the referee's
//! board rows and output lines, the position string, and the board as the UI draws it.

use super::*;
#[cfg(not(codingame_bundle))]
use crate::game::{CellView, Display};

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// The position after a Pons-style move string: 1-based columns without separators
    /// (`"4453"`), from the empty board with or without the steal rule (the string cannot name a
    /// steal). Whitespace is ignored. Errors: a character that is not a column digit `1..=W`, a
    /// full column, or a move after the game ended.
    #[cfg(not(codingame_bundle))]
    pub fn from_pons(moves: &str, steal_rule: bool) -> Result<Self, NotationError> {
        let mut pos = Self::new(steal_rule);
        pos.play_pons(moves)?;
        Ok(pos)
    }

    /// Plays a Pons-style move string (1-based column digits) from this position.
    /// Errors as for [`Connect4::from_pons`], naming the 1-based index of the bad move.
    #[cfg(not(codingame_bundle))]
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
        let mut stones = [0u64; 2];
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
            chip_sums: [0; super::network::HIDDEN],
        }
        .with_chip_sums();
        if mask == Self::BOARD {
            pos.outcome = Some(Outcome::Draw);
        }
        Ok(pos)
    }

    /// The first column (0-based) of `mask` with a chip above an empty cell, if any.
    fn floating_column(mask: u64) -> Option<usize> {
        // A column's chips fill it from the bottom when they are a run of ones from bit 0.
        (0..W).find(|&c| {
            let column = Self::column_bits(mask, c);
            column & (column + 1) != 0
        })
    }

    /// The position string (see the module doc) that [`Connect4::from_position_string`] reads:
    /// rows from the top, the side to move, and `steal` while the steal is still to come (the
    /// empty board under the steal rule) or open now, else `-`.
    #[cfg(not(codingame_bundle))]
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
    #[cfg(not(codingame_bundle))]
    pub fn from_position_string(text: &str) -> Result<Self, NotationError> {
        let err = |m: String| NotationError(format!("bad Connect 4 position: {m}"));
        let read = stones_text::read(
            text,
            &[W; H],
            |y| format!("row {} from the top", y + 1),
            |y, x| format!("row {} from the top, column {x}", y + 1),
        )
        .map_err(err)?;
        let mut stones = [0u64; 2];
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
            chip_sums: [0; super::network::HIDDEN],
        }
        .with_chip_sums())
    }
    /// [`Game::parse_move`]: a column or the steal, checked against this position.
    pub(super) fn read_move(&self, text: &str) -> Result<u8, NotationError> {
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
    /// Reads a bot's output line as the CodinGame referee does (AshKcg/cg-multi-connect4): the
    /// action is the text before the first space (the rest is a message), so a leading space
    /// loses; a column is an integer (`+3` reads as 3) with room in it; `STEAL` (any case) or `-2`
    /// only at turn index 1. Errors: every output the referee would count as a loss. Not in the
    /// bot's bundle (the arena's referee reads with it).
    #[cfg(not(codingame_bundle))]
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

#[cfg(not(codingame_bundle))]
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
                    names.push(cell_name(i / H, H - 1 - i % H));
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
