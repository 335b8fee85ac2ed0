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
//! applies. The reader resynchronises on the turn's structure (see `read_turn`), so a stray
//! line costs a message on stderr, not a wrong board. When no position can be read the bot
//! answers `random`, which the referee accepts as "play a random legal move", and says so.

use std::io::{self, BufRead, Write};

use crate::game::{Evaluate, Game, Player};
use crate::games::amazons::{from_rows, Amazons};
use crate::play::{engine_agent, Agent};
use crate::protocol::{serve_turns, square_count, BotConfig, InputError, Lines};

/// One turn's input, as read.
struct Turn {
    /// `w` or `b`, when readable.
    colour: Option<Player>,
    /// The 8 rows, rank 8 first, when all of them were read.
    rows: Option<Vec<String>>,
    /// `None` for `null`.
    last_action: Option<String>,
    actions_count: Option<u64>,
}

/// Whether `line` is a well-formed board row: 8 characters `.`, `w`, `b` or `-`.
fn is_row(_y: usize, line: &str) -> bool {
    line.len() == 8 && line.bytes().all(|b| matches!(b, b'.' | b'w' | b'b' | b'-'))
}

/// Whether `line` looks like `lastAction`: `null` or three squares such as `d8d1d7` (read as
/// the arena's referee reads an answer: [`square_count`]).
fn is_last_action(line: &str) -> bool {
    line == "null" || square_count(line, 8) == Some(3)
}

/// Reads one turn, resynchronising on its structure: a number before the colour is `boardSize`,
/// the colour line `w`/`b` starts the board, the rows are 8 characters of `.wb-`, then come
/// `lastAction` and `actionsCount`. Lines that fit nowhere are logged and skipped, so a stray
/// line never shifts the board. Errors: only the end of input or a failed read.
fn read_turn<R: BufRead>(lines: &mut Lines<R>, log: &mut impl Write) -> Result<Turn, InputError> {
    let mut colour = None;
    let mut first_row = None;
    loop {
        let line = lines.next_nonempty(log)?;
        match line.as_str() {
            "w" => colour = Some(Player::First),
            "b" => colour = Some(Player::Second),
            _ if is_row(0, &line) => {
                lines.warn(
                    log,
                    format!("expected the colour 'w' or 'b', got the row '{line}'"),
                );
                first_row = Some(line);
            }
            _ => {
                match line.parse::<u64>() {
                    Ok(8) => {}
                    Ok(n) => lines.warn(log, format!("boardSize {n}: only 8x8 is played")),
                    Err(_) => lines.warn(
                        log,
                        format!("expected the colour 'w' or 'b', got '{line}': skipped"),
                    ),
                }
                continue;
            }
        }
        break;
    }
    let mut board = lines.read_rows(log, 8, first_row, 0, is_row, is_last_action)?;
    let rows = board.rows.iter().cloned().collect();
    let last = board.next_field(lines, log)?;
    if !is_last_action(&last) {
        lines.warn(log, format!("expected lastAction, got '{last}'"));
    }
    let last_action = (last != "null").then_some(last);
    let count = lines.next_nonempty(log)?;
    let actions_count = count.parse::<u64>().ok();
    if actions_count.is_none() {
        lines.warn(
            log,
            format!("expected actionsCount (a number), got '{count}'"),
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
    let kind = config.engine.unwrap_or(Amazons::DEFAULT_ENGINE);
    let mut engine = engine_agent::<Amazons>(kind, config.tt_mib, config.mcts, config.max_nodes);
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
    let mut previous_walls: Option<u32> = None;
    let mut colour = Player::First;
    serve_turns(&mut lines, out, log, read_turn, |turn, clock, log| {
        if let Some(c) = turn.colour {
            colour = c;
        }
        let position = match &turn.rows {
            Some(rows) => from_rows(rows, colour).map_err(|e| e.to_string()),
            None => Err("rows were lost or damaged".to_string()),
        };
        let pos = match position {
            Ok(pos) => pos,
            Err(e) => {
                let _ = writeln!(
                    log,
                    "boardlab: cannot read the position ({e}); answering 'random'"
                );
                previous_walls = None;
                return "random".to_string();
            }
        };
        let walls = pos.walls().count_ones();
        let new_game =
            turn.last_action.is_none() || !matches!(previous_walls, Some(w) if walls >= w + 2);
        previous_walls = Some(walls);
        if new_game {
            player.new_game();
            let side = if colour == Player::First { 'w' } else { 'b' };
            let _ = writeln!(log, "boardlab: new game as {side}");
        }
        let count = pos.count_moves();
        if let Some(n) = turn.actions_count.filter(|&n| n != count) {
            let _ = writeln!(
                log,
                "boardlab: actionsCount says {n} but the rows give {count} moves"
            );
        }
        if pos.outcome().is_some() {
            let _ = writeln!(log, "boardlab: no legal move here; answering 'random'");
            return "random".to_string();
        }
        // An Amazons node costs a few hundred evaluations, so the search may pass its last
        // clock check by a few ms: keep an eighth of the turn in reserve.
        let budget = if new_game {
            config.first_turn_ms
        } else {
            config.turn_ms
        };
        let budget = budget - budget / 8;
        let mv = player.choose(&pos, clock.budget_ms(budget));
        if let Some(summary) = player.summary() {
            let _ = writeln!(log, "boardlab: {summary}");
        }
        pos.format_move(mv)
    })
}
