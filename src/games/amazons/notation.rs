//! Amazons in text: square names (`a1`..`h8`), moves (`d8d1d7`), the position string, the
//! referee's board rows, and the board as the UI draws it.

use super::*;
#[cfg(not(codingame_bundle))]
use crate::game::{CellView, Display};

/// The name of a square, e.g. `d8`.
pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

/// Reads a square name such as `d8` (file `a..h`, rank `1..8`, any case).
/// Errors: anything else.
pub fn parse_square(text: &str) -> Result<usize, NotationError> {
    let b = text.as_bytes();
    if b.len() == 2 {
        let f = b[0].to_ascii_lowercase();
        if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&b[1]) {
            return Ok((b[1] - b'1') as usize * 8 + (f - b'a') as usize);
        }
    }
    Err(NotationError(format!(
        "'{text}' is not a square (file a-h then rank 1-8, e.g. d8)"
    )))
}

impl Amazons {
    /// Reads a position string (see the module docs). Errors name the first bad rank or
    /// character.
    pub fn from_position_string(text: &str) -> Result<Self, NotationError> {
        let mut parts = text.split_whitespace();
        let board = parts.next().unwrap_or("");
        let side = parts.next().ok_or_else(|| {
            NotationError("a position needs the side to move after the board ('w' or 'b')".into())
        })?;
        if parts.next().is_some() {
            return Err(NotationError(
                "a position is the board then the side to move, nothing more".into(),
            ));
        }
        let to_move = match side {
            "w" | "W" => Player::First,
            "b" | "B" => Player::Second,
            other => {
                return Err(NotationError(format!(
                    "side to move '{other}': use 'w' or 'b'"
                )))
            }
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(NotationError(format!(
                "a board has 8 ranks separated by '/', got {}",
                ranks.len()
            )));
        }
        let mut sets = [0u64; 3];
        for (i, rank) in ranks.iter().enumerate() {
            let row = rank_row(rank).map_err(|e| NotationError(format!("rank {}: {e}", 8 - i)))?;
            for (k, set) in sets.iter_mut().enumerate() {
                *set |= row[k] << ((7 - i) * 8);
            }
        }
        Amazons::from_parts(sets[0], sets[1], sets[2], to_move)
    }

    /// The position string (see the module docs) that [`Amazons::from_position_string`] reads.
    pub fn position_string(&self) -> String {
        let mut s = String::with_capacity(72);
        for y in (0..8).rev() {
            for x in 0..8 {
                s.push(self.square_char(y * 8 + x));
            }
            if y > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if self.to_move == Player::First {
            'w'
        } else {
            'b'
        });
        s
    }

    /// The character of square `sq`: `.`, `w`, `b` or `-`.
    pub fn square_char(&self, sq: usize) -> char {
        let bit = 1u64 << sq;
        if self.amazons[0] & bit != 0 {
            'w'
        } else if self.amazons[1] & bit != 0 {
            'b'
        } else if self.walls & bit != 0 {
            '-'
        } else {
            '.'
        }
    }
}

/// One rank's eight characters as `[white, black, walls]` bits in file order.
fn rank_row(rank: &str) -> Result<[u64; 3], String> {
    let mut row = [0u64; 3];
    let chars: Vec<char> = rank.chars().collect();
    if chars.len() != 8 {
        return Err(format!("'{rank}' should be 8 characters of . w b -"));
    }
    for (x, c) in chars.iter().enumerate() {
        match c {
            '.' => {}
            'w' | 'W' => row[0] |= 1 << x,
            'b' | 'B' => row[1] |= 1 << x,
            '-' | 'x' | 'X' => row[2] |= 1 << x,
            other => return Err(format!("'{other}' is not one of . w b -")),
        }
    }
    Ok(row)
}

/// CodinGame's rows (rank 8 first, `.`, `w`, `b`, `-`) and the side to move as a position.
/// Errors: not 8 rows of 8 such characters, or an impossible position.
pub fn from_rows(rows: &[String], to_move: Player) -> Result<Amazons, NotationError> {
    if rows.len() != 8 {
        return Err(NotationError(format!(
            "expected 8 rows, got {}",
            rows.len()
        )));
    }
    let mut text = rows.join("/");
    text.push_str(if to_move == Player::First { " w" } else { " b" });
    Amazons::from_position_string(&text)
}

impl Amazons {
    /// [`Game::parse_move`]: a move in text, checked against this position.
    pub(super) fn read_move(&self, text: &str) -> Result<Move, NotationError> {
        let clean: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        if clean.len() != 6 || !clean.is_ascii() {
            return Err(NotationError(format!(
                "'{text}' is not a move: write from, to and arrow squares, e.g. d8d1d7"
            )));
        }
        let from = parse_square(&clean[0..2])?;
        let to = parse_square(&clean[2..4])?;
        let arrow = parse_square(&clean[4..6])?;
        if self.outcome().is_some() {
            return Err(NotationError("the game is over".into()));
        }
        let side = if self.to_move == Player::First {
            "white"
        } else {
            "black"
        };
        if self.amazons[self.to_move.index()] >> from & 1 == 0 {
            return Err(NotationError(format!(
                "{} has no {side} amazon",
                square_name(from)
            )));
        }
        if self.destinations(from) >> to & 1 == 0 {
            return Err(NotationError(format!(
                "the amazon on {} cannot reach {} (not a free queen line)",
                square_name(from),
                square_name(to)
            )));
        }
        if self.arrow_targets(from, to) >> arrow & 1 == 0 {
            return Err(NotationError(format!(
                "an arrow from {} cannot reach {} (not a free queen line)",
                square_name(to),
                square_name(arrow)
            )));
        }
        Ok(Move {
            from: from as u8,
            to: to as u8,
            arrow: arrow as u8,
        })
    }
}

/// `from to arrow` without spaces, e.g. `d8d1d7`.
pub fn format_move(mv: Move) -> String {
    let mut s = square_name(mv.from as usize);
    s.push_str(&square_name(mv.to as usize));
    s.push_str(&square_name(mv.arrow as usize));
    s
}

#[cfg(not(codingame_bundle))]
impl Display for Amazons {
    fn position_text(&self) -> Option<String> {
        Some(self.position_string())
    }
    /// Rank 8 first, files a..h; `x` is the file (0..7), `y` the rank minus one (0..7).
    fn cells(&self) -> Vec<CellView> {
        let mut cells = Vec::with_capacity(SQUARES);
        for y in (0..8).rev() {
            for x in 0..8 {
                let sq = y * 8 + x;
                let owner = match self.square_char(sq) {
                    'w' => 1,
                    'b' => 2,
                    _ => 0,
                };
                cells.push(CellView {
                    name: square_name(sq),
                    x: x as i32,
                    y: y as i32,
                    owner,
                    wall: self.walls >> sq & 1 == 1,
                });
            }
        }
        cells
    }

    /// The only reason is `no-moves`; the cells are the loser's trapped amazons.
    fn result_detail(&self) -> Option<(&'static str, Vec<String>)> {
        self.outcome()?;
        let mut names = Vec::new();
        let mut b = self.amazons[self.to_move.index()];
        while b != 0 {
            names.push(square_name(b.trailing_zeros() as usize));
            b &= b - 1;
        }
        Some(("no-moves", names))
    }
}
