//! `boardlab bot amazons`: the CodinGame Amazons protocol (`shared/rules.md` §3).
//!
//! A match is two games on one start position; the colours swap for game 2. Per turn the
//! referee sends: only on the player's first turn of game 1, `boardSize` (`8`); then the colour
//! (`w` or `b`, which changes between games); the rows, rank 8 first (`.`, `w`, `b`, `-`);
//! `lastAction` (`null` on the first move of each game, else the opponent's move such as
//! `d8d1d7`); `actionsCount`, the number of legal moves (the moves are not listed). The bot
//! answers one token `from to arrow`, e.g. `d8d1d7`.
//!
//! The position is rebuilt from the rows each turn. A new game starts when `lastAction` is
//! `null` or when the board has fewer walls than on the bot's previous turn plus two (black's
//! first turn of game 2 sees one wall); then the tables are cleared and the first-turn time
//! applies. Unreadable input is reported on stderr; when no position can be read the bot
//! answers `random`, which the referee accepts as "play a random legal move".

use std::io::{self, BufRead, Write};

use crate::clock::Instant;

use crate::game::{Game, Player};
use crate::games::amazons::{from_rows, Amazons};
use crate::play::{engine_agent, Agent};
use crate::protocol::{BotConfig, InputError, Lines};
use crate::search::EngineKind;

/// One turn's input, as read.
struct Turn {
    /// `w` or `b`, when readable.
    colour: Option<Player>,
    rows: Vec<String>,
    /// `None` for `null`.
    last_action: Option<String>,
    actions_count: Option<u64>,
}

fn warn(log: &mut impl Write, e: InputError) {
    if let InputError::Malformed(msg) = e {
        let _ = writeln!(log, "boardlab: {msg}");
    }
}

fn is_row(line: &str) -> bool {
    line.len() == 8 && line.chars().all(|c| matches!(c, '.' | 'w' | 'b' | '-'))
}

/// Reads one turn. Bad lines are logged and read as best they can be; only the end of input
/// stops the bot.
fn read_turn<R: BufRead>(
    lines: &mut Lines<R>,
    board_size: &mut usize,
    log: &mut impl Write,
) -> Result<Turn, InputError> {
    let mut line = lines.next_line()?;
    while line.is_empty() {
        line = lines.next_line()?;
    }
    if let Ok(n) = line.parse::<usize>() {
        if n != 8 {
            warn(
                log,
                lines.error(format!("boardSize {n}: only 8x8 is played; reading 8 rows")),
            );
        }
        *board_size = 8;
        line = lines.next_line()?;
    }
    let mut pending_row = None;
    let colour = match line.as_str() {
        "w" => Some(Player::First),
        "b" => Some(Player::Second),
        other => {
            warn(
                log,
                lines.error(format!("expected the colour 'w' or 'b', got '{other}'")),
            );
            if is_row(other) {
                pending_row = Some(other.to_string());
            }
            None
        }
    };
    let mut rows = Vec::with_capacity(*board_size);
    if let Some(r) = pending_row {
        rows.push(r);
    }
    while rows.len() < *board_size {
        let row = lines.next_line()?;
        if !is_row(&row) {
            warn(
                log,
                lines.error(format!(
                    "rank {} should be 8 characters of . w b -, got '{row}'",
                    8 - rows.len()
                )),
            );
        }
        rows.push(row);
    }
    let last = lines.next_line()?;
    let last_action = (last != "null").then_some(last);
    let count = lines.next_line()?;
    let actions_count = count.parse::<u64>().ok();
    if actions_count.is_none() {
        warn(
            log,
            lines.error(format!("expected actionsCount (a number), got '{count}'")),
        );
    }
    Ok(Turn {
        colour,
        rows,
        last_action,
        actions_count,
    })
}

/// Plays Amazons on CodinGame's protocol with the engine (`config.engine`: alpha-beta or MCTS)
/// until the input ends.
/// Errors: only failures to write the answer.
pub fn run(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> io::Result<()> {
    let kind = config
        .engine
        .unwrap_or_else(|| EngineKind::default_for(Amazons::NAME));
    let mut engine = engine_agent::<Amazons>(kind, config.tt_mib, config.mcts);
    run_with(input, out, log, config, engine.as_mut())
}

/// Plays Amazons on CodinGame's protocol with `player` choosing the moves (the engine, or a
/// baseline for the arena) until the input ends. Errors: only failures to write the answer.
pub fn run_with(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
    player: &mut dyn Agent<Amazons>,
) -> io::Result<()> {
    let mut lines = Lines::new(input);
    let mut board_size = 8usize;
    let mut previous_walls: Option<u32> = None;
    let mut colour = Player::First;
    loop {
        let turn = match read_turn(&mut lines, &mut board_size, log) {
            Ok(t) => t,
            Err(InputError::Eof) => return Ok(()),
            Err(e) => {
                warn(log, e);
                return Ok(());
            }
        };
        let started = Instant::now();
        if let Some(c) = turn.colour {
            colour = c;
        }
        let answer = match from_rows(&turn.rows, colour) {
            Ok(pos) => {
                let walls = pos.walls().count_ones();
                let new_game = turn.last_action.is_none()
                    || !matches!(previous_walls, Some(w) if walls >= w + 2);
                previous_walls = Some(walls);
                if new_game {
                    player.new_game();
                    let side = if colour == Player::First { 'w' } else { 'b' };
                    let _ = writeln!(log, "boardlab: new game as {side}");
                }
                let count = pos.count_moves();
                if turn.actions_count.is_some_and(|n| n != count) {
                    let _ = writeln!(
                        log,
                        "boardlab: actionsCount says {} but the rows give {count} moves",
                        turn.actions_count.unwrap_or(0)
                    );
                }
                // An Amazons node costs a few hundred evaluations, so the search may pass its
                // last clock check by a few ms: keep an eighth of the turn in reserve.
                let budget = if new_game {
                    config.first_turn_ms
                } else {
                    config.turn_ms
                };
                let budget = budget - budget / 8;
                let spent = started.elapsed().as_millis() as u64;
                if pos.outcome().is_some() {
                    let _ = writeln!(log, "boardlab: no legal move here; answering 'random'");
                    "random".to_string()
                } else {
                    let mv = player.choose(&pos, budget.saturating_sub(spent).max(1));
                    if let Some(summary) = player.summary() {
                        let _ = writeln!(log, "boardlab: {summary}");
                    }
                    pos.format_move(mv)
                }
            }
            Err(e) => {
                let _ = writeln!(
                    log,
                    "boardlab: cannot read the position ({e}); answering 'random'"
                );
                previous_walls = None;
                "random".to_string()
            }
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
}
