//! Ataxx in text: square names (`a1`..`g7`), moves (`b7` spawn, `a7c7` jump, `0000` pass), the
//! FEN of the Ataxx engine world (libataxx's format), and the board as the UI draws it.

use super::*;
use crate::game::NotationError;
#[cfg(not(codingame_bundle))]
use crate::game::{CellView, Display};

/// The largest halfmove clock or fullmove number a FEN may give; [`Ataxx::from_fen`] rejects
/// larger ones. No game comes near it: every spawn adds a stone and nothing removes one, so a game
/// has at most 47 spawns, and at most [`HALFMOVE_LIMIT`] plies pass between two of them under the
/// engine rules (the CodinGame rules stop at [`CG_TURN_LIMIT`]), about 4,800 plies in all. The
/// bound leaves the clocks, which grow by one a ply, far from `u32::MAX`, so playing on from any
/// accepted FEN cannot overflow them.
pub const FEN_COUNTER_MAX: u32 = 1_000_000;

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

impl Ataxx {
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
}

impl Ataxx {
    /// [`Game::parse_move`]: a move in text, checked against this position.
    pub(super) fn read_move(&self, text: &str) -> Result<Move, NotationError> {
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

    /// [`Game::format_move`]: the text [`Ataxx::read_move`] reads back.
    pub(super) fn write_move(&self, mv: Move) -> String {
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

#[cfg(not(codingame_bundle))]
impl Display for Ataxx {
    /// The FEN, prefixed `cg:` under the CodinGame rules so the same rules come back.
    fn position_text(&self) -> Option<String> {
        Some(match self.rules {
            Rules::CodinGame => format!("cg:{}", self.fen()),
            Rules::Engine => self.fen(),
        })
    }
    /// `"codingame"` or `"engine"`: the two rule sets differ in their draw rules.
    fn draw_rules_id(&self) -> Option<&'static str> {
        Some(match self.rules {
            Rules::CodinGame => "codingame",
            Rules::Engine => "engine",
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
