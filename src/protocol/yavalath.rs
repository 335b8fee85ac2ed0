//! `boardlab bot yavalath`: the CodinGame Yavalath protocol (referee MultiStruct/Yavalath,
//! `shared/rules.md` §1).
//!
//! Per turn the referee sends: on the player's first turn only, its id (`1` first player, `2`
//! second); then `9`; then the nine rows top to bottom as digits (`1` mine, `2` the opponent's,
//! `0` empty); then the opponent's last move `x y` (`-1 -1` before any move). The bot answers
//! `x y`. The position is rebuilt from the board each turn, so a steal needs no special case:
//! the stolen stone simply shows as the opponent's.

use std::io::{self, BufRead, Write};

use crate::clock::Instant;

use crate::game::Player;
use crate::games::yavalath::{cell_at, coords, move_effect, MoveEffect, Yavalath, CELLS, ROW_LEN};
use crate::play::{Agent, EngineAgent};
use crate::protocol::{BotConfig, InputError, Lines};

/// One turn's input, as read.
struct Turn {
    /// The id line, when this turn had one.
    id: Option<u8>,
    /// `rows[y][x]`: 0 empty, 1 mine, 2 the opponent's.
    rows: [[u8; 9]; 9],
}

/// Reads one turn. Bad lines are logged to `log` and read as best they can be; only the end of
/// input stops the bot.
fn read_turn<R: BufRead>(lines: &mut Lines<R>, log: &mut impl Write) -> Result<Turn, InputError> {
    let mut turn = Turn {
        id: None,
        rows: [[0; 9]; 9],
    };
    let mut line = lines.next_line()?;
    while line.is_empty() {
        line = lines.next_line()?;
    }
    if line == "1" || line == "2" {
        turn.id = line.parse().ok();
        line = lines.next_line()?;
    }
    let mut first_row = None;
    if line != "9" {
        warn(
            log,
            lines.error(format!("expected the row count '9', got '{line}'")),
        );
        if line.chars().all(|c| c.is_ascii_digit()) && line.len() == ROW_LEN[0] as usize {
            first_row = Some(line);
        }
    }
    for y in 0..9 {
        let row = match first_row.take() {
            Some(r) if y == 0 => r,
            _ => lines.next_line()?,
        };
        let want = ROW_LEN[y] as usize;
        if row.len() != want || !row.chars().all(|c| matches!(c, '0' | '1' | '2')) {
            warn(
                log,
                lines.error(format!(
                    "row {y} should be {want} digits 0/1/2, got '{row}'"
                )),
            );
        }
        for (x, c) in row.chars().take(want).enumerate() {
            turn.rows[y][x] = match c {
                '1' => 1,
                '2' => 2,
                _ => 0,
            };
        }
    }
    let last = lines.next_line()?;
    let parts: Vec<&str> = last.split_whitespace().collect();
    if parts.len() != 2 || parts.iter().any(|p| p.parse::<i32>().is_err()) {
        warn(
            log,
            lines.error(format!("expected the last move 'x y', got '{last}'")),
        );
    }
    Ok(turn)
}

fn warn(log: &mut impl Write, e: InputError) {
    if let InputError::Malformed(msg) = e {
        let _ = writeln!(log, "boardlab: {msg}");
    }
}

/// The stones of `rows` as `(mine, theirs)` bitboards.
fn stones_of(rows: &[[u8; 9]; 9]) -> (u64, u64) {
    let (mut mine, mut theirs) = (0u64, 0u64);
    for y in 0..9 {
        for x in 0..ROW_LEN[y] as usize {
            let bit = 1u64 << cell_at(x as i32, y as i32).expect("on board");
            match rows[y][x] {
                1 => mine |= bit,
                2 => theirs |= bit,
                _ => {}
            }
        }
    }
    (mine, theirs)
}

/// Plays Yavalath on CodinGame's protocol with the engine until the input ends.
/// Errors: only failures to write the answer.
pub fn run(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> io::Result<()> {
    let mut engine: EngineAgent<Yavalath> = EngineAgent::new(config.tt_mib, None);
    run_with(input, out, log, config, &mut engine)
}

/// Plays Yavalath on CodinGame's protocol with `player` choosing the moves (the engine, or a
/// baseline for the arena) until the input ends. Errors: only failures to write the answer.
pub fn run_with(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
    player: &mut dyn Agent<Yavalath>,
) -> io::Result<()> {
    let mut lines = Lines::new(input);
    let mut my_id: Option<u8> = None;
    let mut turns = 0u32;
    loop {
        let turn = match read_turn(&mut lines, log) {
            Ok(t) => t,
            Err(InputError::Eof) => return Ok(()),
            Err(e) => {
                warn(log, e);
                return Ok(());
            }
        };
        let started = Instant::now();
        let (mine, theirs) = stones_of(&turn.rows);
        if let Some(id) = turn.id {
            my_id = Some(id);
        }
        let id = *my_id.get_or_insert_with(|| {
            // No id line: the first player moves with as many stones as the opponent.
            let guess = if mine.count_ones() >= theirs.count_ones() {
                1
            } else {
                2
            };
            let _ = writeln!(
                log,
                "boardlab: no id line before the first turn; guessing player {guess}"
            );
            guess
        });
        let me = if id == 1 {
            Player::First
        } else {
            Player::Second
        };
        let (first, second) = if id == 1 {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        let steal_open = id == 2 && turns == 0 && mine == 0 && theirs.count_ones() == 1;
        let budget = if turns == 0 {
            config.first_turn_ms
        } else {
            config.turn_ms
        };
        turns += 1;

        let cell = match Yavalath::from_stones(first, second, me, steal_open) {
            Ok(pos) => {
                let spent = started.elapsed().as_millis() as u64;
                let cell = player.choose(&pos, budget.saturating_sub(spent).max(1));
                if let Some(summary) = player.summary() {
                    let _ = writeln!(log, "boardlab: {summary}");
                }
                cell as usize
            }
            Err(e) => {
                let _ = writeln!(
                    log,
                    "boardlab: cannot read the position ({e}); playing a safe-looking empty cell"
                );
                fallback_cell(mine, theirs)
            }
        };
        let (x, y) = coords(cell);
        writeln!(out, "{x} {y}")?;
        out.flush()?;
    }
}

/// An empty cell that does not make a 3 for `mine`, else any empty cell, else the centre.
fn fallback_cell(mine: u64, theirs: u64) -> usize {
    let empty: Vec<usize> = (0..CELLS)
        .filter(|&c| (mine | theirs) >> c & 1 == 0)
        .collect();
    empty
        .iter()
        .copied()
        .find(|&c| move_effect(mine, c) != MoveEffect::Loses)
        .or(empty.first().copied())
        .unwrap_or(cell_at(4, 4).expect("centre"))
}
