//! The position strings of the games with two kinds of stones and CodinGame's steal (Yavalath,
//! Connect 4): the rows from the top separated by `/`, each cell `.` empty, `x` the first
//! player's stone, `o` the second's (either case); a space and the side to move (`x` or `o`); a
//! space and `steal` while the steal is still to come (the empty board under the steal rule, or
//! one `x` stone with `o` to move), else `-` (`nosteal` is read as `-`).
//!
//! The games bring their board's shape, their words for rows and cells, and the checks of their
//! own rules (a finished line, gravity); the rules of the steal, which both share, are here.

use crate::game::Player;

/// A position string, read: the stones as `(row, index in the row, owner)`, the side to move and
/// whether the steal is still to come.
pub struct Read {
    pub stones: Vec<(usize, usize, Player)>,
    pub to_move: Player,
    pub steal: bool,
}

/// Reads `text` on a board whose rows (top first) hold `row_lens` cells. `row_name(row)` and
/// `cell_name(row, index)` say where a bad row or character is ("row c", "row c, cell 1 (c1)").
/// Errors: the message, for the game to prefix.
pub fn read(
    text: &str,
    row_lens: &[usize],
    row_name: impl Fn(usize) -> String,
    cell_name: impl Fn(usize, usize) -> String,
) -> Result<Read, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let &[board, side, steal] = fields.as_slice() else {
        return Err(format!(
            "expected the rows, the side to move (x or o) and the steal (steal or -), separated \
             by spaces; got {} fields",
            fields.len()
        ));
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != row_lens.len() {
        return Err(format!(
            "{} rows separated by '/', expected {} (top row first)",
            rows.len(),
            row_lens.len()
        ));
    }
    let mut stones = Vec::new();
    for (y, (row, &len)) in rows.iter().zip(row_lens).enumerate() {
        let cells = row.chars().count();
        if cells != len {
            return Err(format!("{} has {cells} cells, expected {len}", row_name(y)));
        }
        for (x, ch) in row.chars().enumerate() {
            match ch {
                'x' | 'X' => stones.push((y, x, Player::First)),
                'o' | 'O' => stones.push((y, x, Player::Second)),
                '.' => {}
                other => {
                    return Err(format!(
                        "{}: '{other}' is not '.', 'x' or 'o'",
                        cell_name(y, x)
                    ))
                }
            }
        }
    }
    let to_move = match side {
        "x" | "X" => Player::First,
        "o" | "O" => Player::Second,
        other => return Err(format!("side to move '{other}': use x or o")),
    };
    let steal = match steal {
        "steal" => true,
        "-" | "nosteal" => false,
        other => return Err(format!("steal '{other}': use steal or -")),
    };
    Ok(Read {
        stones,
        to_move,
        steal,
    })
}

/// Checks that `xs` stones of `x` and `os` of `o` (`stones`: the game's word, "stones", "chips")
/// can stand on the board with `to_move` to move, as play makes them: without a steal `x` has as
/// many as `o` with `x` to move, one more with `o` to move; the steal turns `x`'s first stone
/// into `o`'s, so after it `o` is one ahead of that. `steal` (still to come) fits only the empty
/// board with `x` to move or one `x` stone with `o` to move.
/// Returns whether a steal was played.
pub fn check_counts(
    xs: u32,
    os: u32,
    to_move: Player,
    steal: bool,
    stones: &str,
) -> Result<bool, String> {
    let (plain, stolen, early) = match to_move {
        Player::First => (xs == os, os == xs + 1, xs + os == 0),
        Player::Second => (xs == os + 1, xs == os && xs > 0, xs == 1 && os == 0),
    };
    if !plain && !stolen {
        let side = if to_move == Player::First { 'x' } else { 'o' };
        return Err(format!(
            "{xs} x and {os} o {stones} do not fit {side} to move (x to move: as many x as o, or \
             one o more after a steal; o to move: one x more, or as many after a steal)"
        ));
    }
    if steal && !early {
        return Err(format!(
            "'steal' (the steal is still to come) fits only the empty board with x to move or one \
             x {} with o to move; use '-'",
            stones.trim_end_matches('s')
        ));
    }
    Ok(stolen)
}

/// Writes a position string: `rows` from the top, each the owners of its cells; the side to move;
/// whether the steal is still to come.
pub fn write<R: IntoIterator<Item = Option<Player>>>(
    rows: impl IntoIterator<Item = R>,
    to_move: Player,
    steal: bool,
) -> String {
    let mut out = String::new();
    for (y, row) in rows.into_iter().enumerate() {
        if y > 0 {
            out.push('/');
        }
        out.extend(row.into_iter().map(|owner| match owner {
            Some(Player::First) => 'x',
            Some(Player::Second) => 'o',
            None => '.',
        }));
    }
    let side = if to_move == Player::First { 'x' } else { 'o' };
    let steal = if steal { "steal" } else { "-" };
    format!("{out} {side} {steal}")
}
