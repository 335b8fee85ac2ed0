//! `boardlab bot amazons`: the CodinGame Amazons protocol (`shared/rules.md` §3).
//!
//! A match is two games on one start position; the colours swap for game 2. Per turn the
//! referee sends: only on the player's first turn of game 1, `boardSize` (`8`); then the colour
//! (`w` or `b`, which changes between games); the rows, rank 8 first (`.`, `w`, `b`, `-`);
//! `lastAction` (`null` on the first move of each game, else the opponent's move such as
//! `d8d1d7`); `actionsCount`, the number of legal moves (the moves are not listed). The bot
//! answers one token `from to arrow`, e.g. `d8d1d7`.
//!
//! The board is trusted over everything else: every start has no walls and every move adds one,
//! so the side to move is the parity of the walls, and a board with at most one wall is the
//! bot's first turn of a game (the tables are cleared and the first-turn time applies). The
//! colour line, `lastAction` and `actionsCount` are only checked against the board, and a
//! disagreement is said once on stderr. So nothing remembered from an earlier turn decides
//! anything, and a damaged turn cannot spoil the next one, nor game 1 spoil game 2.
//!
//! The bot answers as soon as the eighth row is read; `lastAction` and `actionsCount` are read at
//! the start of the next turn. So a lost line at the end of a turn never makes the bot wait into
//! the next turn, and never makes it answer one turn twice (see `Reader`). When no board can be
//! read the bot answers `random`, which the referee accepts as "play a random legal move", and
//! says so.

use std::io::{self, BufRead, Write};

use crate::game::{Evaluate, Game, Player};
use crate::games::amazons::{from_rows, Amazons};
#[cfg(not(codingame_baseline))]
use crate::play::engine_agent;
use crate::play::Agent;
use crate::protocol::{serve_turns, short_number, square_count, BotConfig, InputError, Lines};

/// One turn's input, as read.
struct Turn {
    /// `w` or `b`, when a colour line came before the board.
    colour: Option<Player>,
    /// The 8 rows, rank 8 first, or `None` when the board ended short (a row lost or damaged).
    rows: Option<Vec<String>>,
}

/// The lines after a board: `lastAction` (`None` for `null`) and `actionsCount`, when readable.
#[derive(Default)]
struct Tail {
    last_action: Option<Option<String>>,
    actions_count: Option<u64>,
}

/// What a line of Amazons input can be.
enum Line {
    Colour(Player),
    Row,
    LastAction,
    Number(u64),
    Other,
}

fn classify(line: &str) -> Line {
    match line {
        "w" => Line::Colour(Player::First),
        "b" => Line::Colour(Player::Second),
        _ if is_row(line) => Line::Row,
        _ if is_last_action(line) => Line::LastAction,
        _ => match short_number(line, COUNT_DIGITS).map(u64::try_from) {
            Some(Ok(n)) => Line::Number(n),
            _ => Line::Other,
        },
    }
}

/// The most moves an Amazons position can have is under 4 amazons × 27 queen steps × 27 arrows,
/// so `actionsCount` (and `boardSize`) has at most four digits.
const COUNT_DIGITS: usize = 4;

/// Whether `line` is a well-formed board row: 8 characters `.`, `w`, `b` or `-`.
fn is_row(line: &str) -> bool {
    line.len() == 8 && line.bytes().all(|b| matches!(b, b'.' | b'w' | b'b' | b'-'))
}

/// Whether `line` looks like `lastAction`: `null` or three squares such as `d8d1d7` (read as
/// the arena's referee reads an answer: [`square_count`]).
fn is_last_action(line: &str) -> bool {
    line == "null" || square_count(line, 8) == Some(3)
}

/// The side to move on a board of these rows and its number of walls: every start is wall-free
/// and every move adds a wall, so an even count is white's turn.
fn side_by_walls(rows: &[String]) -> (Player, usize) {
    let walls = rows
        .iter()
        .flat_map(|r| r.bytes())
        .filter(|&b| b == b'-')
        .count();
    let side = if walls % 2 == 0 {
        Player::First
    } else {
        Player::Second
    };
    (side, walls)
}

/// The turn reader. Its state: the last whole board with the lines read after it so far, which
/// are checked against it once they are complete. (A line it read but did not use, the line that
/// cut a short board, is carried back to the input: it belongs to what follows.)
#[derive(Default)]
struct Reader {
    previous: Option<Amazons>,
    tail: Tail,
    /// Whether the lines after a board (`lastAction`, `actionsCount`) are due.
    after_board: bool,
}

impl Reader {
    /// The next line; at the end of input, the lines after the last board are checked first.
    fn next<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        log: &mut impl Write,
    ) -> Result<String, InputError> {
        lines
            .next_nonempty(log)
            .inspect_err(|_| self.check_tail(log))
    }

    /// Checks the `lastAction` and `actionsCount` read after the last board against it (once:
    /// the board is forgotten); a disagreement is logged, as the board already decided.
    fn check_tail(&mut self, log: &mut impl Write) {
        self.after_board = false;
        let tail = std::mem::take(&mut self.tail);
        if let Some(pos) = self.previous.take() {
            check_tail(&pos, &tail, log);
        }
    }

    /// Reads one turn up to its eighth row, resynchronising on its structure. Before the board:
    /// the previous turn's `lastAction` and `actionsCount`, `boardSize`, the colour line; the
    /// rows are 8 characters of `.wb-`. Any other line is logged and skipped, so a stray line
    /// never shifts the board. A colour line among the rows starts the board again (a row cut to
    /// `w` or `b`, or a new turn); among leftover rows (no colour line began them) it is a new
    /// turn, whose board is still to come, so lines before its first row are skipped. A board
    /// cut short by a `lastAction` or a number lost a row: it is returned without rows when a
    /// colour line began it (a real turn, which gets `random`), and skipped as the leftover of an
    /// earlier turn otherwise (a duplicated row read after the answer), so one turn never gets
    /// two answers.
    /// Errors: only the end of input or a failed read.
    fn read_turn<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        log: &mut impl Write,
    ) -> Result<Turn, InputError> {
        let mut colour = None;
        'turn: loop {
            let line = self.next(lines, log)?;
            let kind = classify(&line);
            let in_tail = colour.is_none() && self.after_board;
            if in_tail && matches!(kind, Line::Colour(_) | Line::Row) {
                self.check_tail(log);
            }
            match kind {
                Line::Colour(c) => colour = Some(c),
                Line::LastAction if in_tail && self.tail.last_action.is_none() => {
                    self.tail.last_action = Some((line != "null").then_some(line));
                }
                Line::Number(n) if in_tail => {
                    self.tail.actions_count = Some(n);
                    self.check_tail(log);
                }
                Line::Other if in_tail && self.tail.last_action.is_some() => {
                    lines.warn(
                        log,
                        format!("expected actionsCount (a number), got '{line}'"),
                    );
                    self.check_tail(log);
                }
                Line::Number(8) if colour.is_none() => {}
                Line::Number(n) if colour.is_none() => {
                    lines.warn(log, format!("boardSize {n}: only 8x8 is played"));
                }
                Line::Row => {
                    if colour.is_none() {
                        lines.warn(
                            log,
                            format!(
                                "expected the colour 'w' or 'b' before the board, got the row \
                                 '{line}': the walls tell the side to move"
                            ),
                        );
                    }
                    // Rows without a colour line are left over from a damaged turn, already
                    // answered: a colour line among them starts a new turn, not a cut row.
                    let leftover = colour.is_none();
                    let mut rows = vec![line];
                    while rows.len() < 8 {
                        let line = self.next(lines, log)?;
                        match classify(&line) {
                            Line::Row => rows.push(line),
                            Line::Other => lines.warn(
                                log,
                                format!("skipped '{line}': not row {} of the board", rows.len()),
                            ),
                            // A row cut to one character, or a new turn after a lost tail: the
                            // board starts again, so either way the turn gets one answer (a short
                            // board's `random`, or the new board's move).
                            Line::Colour(c) => {
                                lines.warn(
                                    log,
                                    format!(
                                        "the colour '{line}' after {} rows: the board starts again",
                                        rows.len()
                                    ),
                                );
                                colour = Some(c);
                                if leftover {
                                    // A new turn, whose board may come after lines that belong
                                    // to the turn before (its tail, moved): read it as any turn.
                                    continue 'turn;
                                }
                                rows.clear();
                            }
                            _ => {
                                lines.carry(line);
                                break;
                            }
                        }
                    }
                    if rows.len() == 8 {
                        let (side, _) = side_by_walls(&rows);
                        self.previous = from_rows(&rows, side).ok();
                        self.after_board = true;
                        return Ok(Turn {
                            colour,
                            rows: Some(rows),
                        });
                    }
                    let n = rows.len();
                    if colour.is_some() {
                        lines.warn(log, format!("the board ends after {n} of its 8 rows"));
                        self.after_board = true;
                        return Ok(Turn { colour, rows: None });
                    }
                    lines.warn(
                        log,
                        format!(
                            "skipped {n} rows without a colour line: left over from a damaged turn"
                        ),
                    );
                }
                _ => lines.warn(
                    log,
                    format!("expected the colour 'w' or 'b', got '{line}': skipped"),
                ),
            }
        }
    }
}
/// Plays Amazons on CodinGame's protocol with the engine (`config.engine`: alpha-beta or MCTS)
/// until the input ends.
/// Errors: only failures to write the answer. (Left out of the baseline bundles, which play
/// [`run_with`] with a baseline.)
#[cfg(not(codingame_baseline))]
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

/// The character of `square` (such as `d6`) on `pos`, or `None` when it names no square.
fn char_at(pos: &Amazons, square: &str) -> Option<char> {
    let b = square.as_bytes();
    let (x, y) = (b.first()?.checked_sub(b'a')?, b.get(1)?.checked_sub(b'1')?);
    (x < 8 && y < 8).then(|| pos.square_char(y as usize * 8 + x as usize))
}

/// Checks the `lastAction` and `actionsCount` read after `pos` against it; a disagreement is
/// logged (the board already decided the answer).
fn check_tail(pos: &Amazons, tail: &Tail, log: &mut impl Write) {
    let mover = if pos.to_move() == Player::First {
        'b'
    } else {
        'w'
    };
    match &tail.last_action {
        Some(None) if pos.walls() != 0 => {
            let _ = writeln!(
                log,
                "boardlab: lastAction 'null' but the board has walls: the board won"
            );
        }
        Some(Some(action)) => {
            let fits = char_at(pos, &action[2..4]) == Some(mover)
                && char_at(pos, &action[4..6]) == Some('-');
            if !fits {
                let _ = writeln!(
                    log,
                    "boardlab: lastAction '{action}' does not fit the board (no {mover} amazon on its \
                     target or no wall on its arrow): the board won"
                );
            }
        }
        _ => {}
    }
    let count = pos.count_moves();
    if let Some(n) = tail.actions_count.filter(|&n| n != count) {
        let _ = writeln!(
            log,
            "boardlab: actionsCount says {n} but the rows give {count} moves: the board won"
        );
    }
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
    let mut reader = Reader::default();
    let read = |lines: &mut Lines<_>, log: &mut _| reader.read_turn(lines, log);
    serve_turns(&mut lines, out, log, read, |turn, clock, log| {
        let Some(rows) = &turn.rows else {
            let _ = writeln!(
                log,
                "boardlab: cannot read the position (the rows were lost or damaged); \
                 answering 'random'"
            );
            return "random".to_string();
        };
        // Every start is wall-free and every move adds a wall: the walls tell the side to move.
        let walls = rows
            .iter()
            .flat_map(|r| r.bytes())
            .filter(|&b| b == b'-')
            .count();
        let colour = if walls % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let side = if colour == Player::First { 'w' } else { 'b' };
        if turn.colour.is_some_and(|c| c != colour) {
            let _ = writeln!(
                log,
                "boardlab: the colour line disagrees with the board ({walls} walls: {side} to move): \
                 the board won"
            );
        }
        let pos = match from_rows(rows, colour) {
            Ok(pos) => pos,
            Err(e) => {
                let _ = writeln!(
                    log,
                    "boardlab: cannot read the position ({e}); answering 'random'"
                );
                return "random".to_string();
            }
        };
        // White's first board has no wall, black's one: the first turn of a game.
        let new_game = walls <= 1;
        if new_game {
            player.new_game();
            let _ = writeln!(log, "boardlab: new game as {side}");
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
