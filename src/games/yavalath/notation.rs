//! Yavalath in text: cell names (`e5`), the steal, the position string, and the board as the UI
//! draws it.

use super::*;
#[cfg(not(codingame_bundle))]
use crate::game::{CellView, Display};

impl Yavalath {
    /// The position string (see the module doc) that [`Yavalath::from_position_string`] reads:
    /// rows `a` to `i`, the side to move, and `steal` while the steal is still to come (the empty
    /// board under the steal rule) or open now, else `-`.
    pub fn position_string(&self) -> String {
        let rows = ROW_LEN.iter().enumerate().map(|(y, &len)| {
            (0..len as i32).map(move |x| cell_at(x, y as i32).and_then(|c| self.owner(c)))
        });
        stones_text::write(rows, self.to_move, self.steal_rule && self.plies <= 1)
    }

    /// Reads a position string (see the module doc; `x`/`o` in either case, `nosteal` for `-`).
    ///
    /// Rules checked, as they follow from play: the stone counts fit the side to move (without a
    /// steal `x` has as many stones as `o` with `x` to move, one more with `o` to move; after a
    /// steal `o` is one ahead of that); `steal` only on the empty board with `x` to move or with
    /// one `x` stone and `o` to move. A finished game is refused (a line of three or more, a full
    /// board): there is nothing left to play or analyse, and the text could not say which move
    /// ended it.
    /// Errors name the row and the cell of a bad character, or the rule broken.
    pub fn from_position_string(text: &str) -> Result<Self, NotationError> {
        let err = |m: String| NotationError(format!("bad Yavalath position: {m}"));
        let letter = |y: usize| (b'a' + y as u8) as char;
        let read = stones_text::read(
            text,
            &ROW_LEN.map(usize::from),
            |y| format!("row {}", letter(y)),
            |y, x| format!("row {}, cell {} ({}{})", letter(y), x + 1, letter(y), x + 1),
        )
        .map_err(err)?;
        let mut stones = [0u64; 2];
        for &(y, x, player) in &read.stones {
            stones[player.index()] |= 1 << cell_at(x as i32, y as i32).expect("a cell of the row");
        }
        for (stones, name) in stones.iter().zip(['x', 'o']) {
            if let Some(&line) = SEGMENTS_3.iter().find(|&&seg| stones & seg == seg) {
                let cells: Vec<String> = (0..CELLS)
                    .filter(|c| line >> c & 1 == 1)
                    .map(cell_name)
                    .collect();
                return Err(err(format!(
                    "{name} already has a line of three or more ({}): a finished game cannot \
                     be set up",
                    cells.join(" ")
                )));
            }
        }
        if stones[0] | stones[1] == FULL {
            return Err(err("the board is full: the game is over".into()));
        }
        let (xs, os) = (stones[0].count_ones(), stones[1].count_ones());
        stones_text::check_counts(xs, os, read.to_move, read.steal, "stones").map_err(err)?;
        if xs + os == 0 {
            return Ok(Yavalath::new(read.steal));
        }
        Yavalath::from_stones(stones[0], stones[1], read.to_move, read.steal)
    }
    /// [`Game::parse_move`]: a cell name or `steal`, checked against this position.
    pub(super) fn read_move(&self, text: &str) -> Result<Cell, NotationError> {
        let text = text.trim();
        let cell = if text.eq_ignore_ascii_case("steal") {
            if !self.steal_open() {
                return Err(NotationError(
                    "the steal is only allowed on the second player's first turn".into(),
                ));
            }
            self.first_cell as usize
        } else {
            parse_cell(text)?
        };
        if self.outcome.is_some() {
            return Err(NotationError("the game is over".into()));
        }
        if self.empty() >> cell & 1 == 1 || self.is_steal(cell as Cell) {
            Ok(cell as Cell)
        } else {
            Err(NotationError(format!("{} is occupied", cell_name(cell))))
        }
    }
}

#[cfg(not(codingame_bundle))]
impl Display for Yavalath {
    /// The position string, while the game goes on (a finished game cannot be set up).
    fn position_text(&self) -> Option<String> {
        self.outcome.is_none().then(|| self.position_string())
    }

    fn cells(&self) -> Vec<CellView> {
        (0..CELLS)
            .map(|c| {
                let (x, y) = coords(c);
                CellView {
                    name: cell_name(c),
                    x,
                    y,
                    owner: self.owner(c).map_or(0, Player::number),
                    wall: false,
                }
            })
            .collect()
    }

    /// Reasons: `four` (the winner made a 4), `three` (the loser made a 3), `full` (a draw).
    fn result_detail(&self) -> Option<(&'static str, Vec<String>)> {
        let line = self.deciding_line();
        let reason = match self.outcome? {
            Outcome::Draw => "full",
            Outcome::Win(_) if line.count_ones() >= 4 => "four",
            Outcome::Win(_) => "three",
        };
        let mut names = Vec::new();
        let mut bits = line;
        while bits != 0 {
            names.push(cell_name(bits.trailing_zeros() as usize));
            bits &= bits - 1;
        }
        Some((reason, names))
    }

    fn move_note(&self, mv: Cell) -> Option<&'static str> {
        self.is_steal(mv).then_some("steal")
    }
}

/// The name of a cell: row letter `a..i` then its 1-based index in the row (`(4,4)` is `e5`).
pub fn cell_name(cell: usize) -> String {
    let (x, y) = coords(cell);
    format!("{}{}", (b'a' + y as u8) as char, x + 1)
}

/// Reads a cell name such as `e5`. Errors: not a row letter `a..i` and an index within that row.
pub fn parse_cell(text: &str) -> Result<usize, NotationError> {
    let bad = || {
        NotationError(format!(
            "'{text}' is not a Yavalath cell (row a-i, then 1..row length, e.g. e5)"
        ))
    };
    let mut chars = text.chars();
    let row = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    if !('a'..='i').contains(&row) {
        return Err(bad());
    }
    let index: i32 = chars.as_str().parse().map_err(|_| bad())?;
    cell_at(index - 1, row as i32 - 'a' as i32).ok_or_else(bad)
}
