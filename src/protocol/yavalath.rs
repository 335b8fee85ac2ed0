//! `boardlab bot yavalath`: the CodinGame Yavalath protocol (referee MultiStruct/Yavalath,
//! `shared/rules.md` §1).
//!
//! Per turn the referee sends: on the player's first turn only, its id (`1` first player, `2`
//! second); then `9`; then the nine rows top to bottom as digits (`1` mine, `2` the opponent's,
//! `0` empty); then the opponent's last move `x y` (`-1 -1` before any move). The bot answers
//! `x y`. The position is rebuilt from the board each turn (see [`turn_position`]): a stolen stone
//! simply shows as the opponent's, and the empty board is searched with the opponent's steal
//! still to come, so the first stone is one not worth stealing.
//!
//! Bad input never stops the bot while input continues. The reader resynchronises on the turn's
//! structure (see `Reader`), so a stray line costs a message on stderr, not a wrong board.
//! When the position cannot be searched (rows lost, an impossible board) the bot prints an empty
//! cell chosen without a search and says on stderr which kind of cell it printed and why.

use std::io::{self, BufRead, Write};

use crate::game::{EngineKind, Evaluate, Player};
use crate::games::yavalath::{cell_at, coords, move_effect, MoveEffect, Yavalath, CELLS, ROW_LEN};
use crate::play::Agent;
#[cfg(not(codingame_baseline))]
use crate::play::{engine_agent, EngineAgent};
use crate::protocol::{serve_turns, two_numbers, BotConfig, InputError, Lines};

/// One turn's input, as read.
struct Turn {
    /// The id line, when this turn had one.
    id: Option<u8>,
    /// `rows[y][x]`: 0 empty, 1 mine, 2 the opponent's; `None` for a cell whose row was lost or
    /// damaged.
    rows: [[Option<u8>; 9]; 9],
}

/// Whether `line` is a well-formed row `y`: `ROW_LEN[y]` digits 0, 1 or 2.
fn is_row(y: usize, line: &str) -> bool {
    line.len() == ROW_LEN[y] as usize && line.bytes().all(|b| matches!(b, b'0' | b'1' | b'2'))
}

/// The turn reader. It answers as soon as the ninth row is read: the last move that follows is
/// read at the start of the next turn and checked against the board it follows. So a lost line
/// at the end of a turn never makes the bot wait into the next turn and answer twice.
#[derive(Default)]
struct Reader {
    /// The last whole board, while its last-move line is due.
    previous: Option<[[Option<u8>; 9]; 9]>,
}

impl Reader {
    /// Reads one turn up to its ninth row, resynchronising on its structure: the line `9`
    /// starts the board, a lone small number before it is the id line, the rows are known by
    /// their lengths; the line `x y` before the board is the previous turn's last move. Lines
    /// that fit nowhere are logged and skipped, so one stray line never shifts the board. A board
    /// cut short by `x y` or `9` lost rows: it is returned with those rows unknown when a `9` or
    /// an id line began it (a real turn), and skipped as the leftover of an earlier turn
    /// otherwise, so one turn never gets two answers. Errors: only the end of input or a failed
    /// read.
    fn read_turn<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        log: &mut impl Write,
    ) -> Result<Turn, InputError> {
        let mut id = None;
        let mut started = false;
        loop {
            let mut first_row = None;
            loop {
                let line = lines.next_nonempty(log)?;
                if line == "9" {
                    started = true;
                    break;
                }
                if let Some(last) = two_numbers(&line) {
                    match self.previous.take() {
                        Some(rows) => check_last(&rows, Some(last), log),
                        None => lines.warn(log, format!("skipped '{line}': no board before it")),
                    }
                    continue;
                }
                if is_row(0, &line) {
                    lines.warn(
                        log,
                        format!("no '9' line before the board: '{line}' is row 0"),
                    );
                    first_row = Some(line);
                    break;
                }
                if line.len() <= 2 && line.bytes().all(|b| b.is_ascii_digit()) {
                    match line.as_str() {
                        "1" => id = Some(1),
                        "2" => id = Some(2),
                        other => lines.warn(
                            log,
                            format!(
                                "'{other}' stands where the id line goes but is not 1 or 2: ignored"
                            ),
                        ),
                    }
                    started = true;
                    continue;
                }
                lines.warn(
                    log,
                    format!("expected the row count '9', got '{line}': skipped"),
                );
            }
            if let Some(rows) = self.previous.take() {
                // The last move of the previous board never came.
                check_last(&rows, None, log);
            }
            // The board ends at an `x y` line whenever it comes (it cannot be a row, so passing
            // the header count lets it end the board at once), and at the next turn's `9` when
            // this board had its own (else that `9` is this board's, displaced: skipped).
            let nine_first = first_row.is_none();
            let mut board = lines.read_rows(log, 9, first_row, 9, is_row, |l| {
                two_numbers(l).is_some() || (nine_first && l == "9")
            })?;
            let read = board.rows.iter().flatten().count();
            if let (Some(trailing), 0) = (board.trailing.clone(), read) {
                // A `9` or `x y` right after the `9`: a duplicated or displaced header, not a
                // board. Read on from that line.
                if trailing == "9" {
                    lines.carry(trailing);
                } else if let Some(rows) = self.previous.take() {
                    check_last(&rows, two_numbers(&trailing), log);
                }
                continue;
            }
            if board.trailing.as_deref() == Some("9") {
                // The next turn began before this board was whole: the referee has moved on, so
                // this turn gets no answer (a late one would answer the next turn).
                lines.warn(
                    log,
                    format!(
                        "the board ends after {read} of its 9 rows at the next turn's '9': skipped"
                    ),
                );
                if let Some(line) = board.trailing.take() {
                    lines.carry(line);
                }
                started = false;
                id = None;
                continue;
            }
            let mut rows = [[None; 9]; 9];
            for (y, row) in board.rows.iter().enumerate() {
                if let Some(row) = row {
                    for (x, b) in row.bytes().enumerate() {
                        rows[y][x] = Some(b - b'0');
                    }
                }
            }
            let Some(trailing) = board.trailing.take() else {
                self.previous = Some(rows);
                return Ok(Turn { id, rows });
            };
            if !started {
                lines.warn(
                    log,
                    "skipped rows without a '9' line: left over from a damaged turn",
                );
                continue;
            }
            check_last(&rows, two_numbers(&trailing), log);
            return Ok(Turn { id, rows });
        }
    }
}

/// Checks the opponent's last move `last` (`None`: it never came) against the board it
/// follows: the board wins, and a move naming a cell without the opponent's stone (off the
/// board, empty, or the bot's own) is damage worth a line on `log`.
fn check_last(rows: &[[Option<u8>; 9]; 9], last: Option<(i32, i32)>, log: &mut impl Write) {
    let Some((x, y)) = last else {
        let _ = writeln!(log, "boardlab: the last move 'x y' did not come");
        return;
    };
    if (x, y) == (-1, -1) {
        return;
    }
    let (mine, theirs, unknown) = stones_of(rows);
    let holds_theirs = cell_at(x, y).map(|c| (theirs | unknown) >> c & 1 == 1);
    if holds_theirs != Some(true) {
        let what = match cell_at(x, y) {
            None => "off the board",
            Some(c) if mine >> c & 1 == 1 => "a cell holding my stone",
            Some(_) => "an empty cell",
        };
        let _ = writeln!(
            log,
            "boardlab: the last move '{x} {y}' names {what}: the board wins"
        );
    }
}

/// The stones of `rows` as `(mine, theirs, unknown)` bitboards.
fn stones_of(rows: &[[Option<u8>; 9]; 9]) -> (u64, u64, u64) {
    let (mut mine, mut theirs, mut unknown) = (0u64, 0u64, 0u64);
    for (y, row) in rows.iter().enumerate() {
        for (x, cell) in row.iter().take(ROW_LEN[y] as usize).enumerate() {
            let bit = 1u64 << cell_at(x as i32, y as i32).expect("on board");
            match cell {
                Some(1) => mine |= bit,
                Some(2) => theirs |= bit,
                Some(_) => {}
                None => unknown |= bit,
            }
        }
    }
    (mine, theirs, unknown)
}

/// Plays Yavalath on CodinGame's protocol with the engine (`config.engine`: alpha-beta, the
/// default, or the MCTS-Solver) until the input ends, each turn within its time and, when
/// `config.max_nodes` is set, within that many nodes (MCTS: iterations).
/// The opening book ([`crate::games::yavalath::book`]) plays the first turn of each side for
/// alpha-beta; the MCTS-Solver (`--engine mcts`, the arena's stand-in for independent MCTS
/// programs) plays without it.
/// Errors: only failures to write the answer. (Left out of the baseline bundles, which play
/// [`run_with`] with a baseline.)
#[cfg(not(codingame_baseline))]
pub fn run(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> io::Result<()> {
    let mut engine = engine(&config);
    if config.engine.unwrap_or(Yavalath::DEFAULT_ENGINE) != EngineKind::AlphaBeta {
        // The MCTS-Solver is the arena's stand-in for independent programs: no book.
        return run_with(input, out, log, config, engine.as_mut());
    }
    let mut booked = crate::play::Booked::new(engine);
    run_with(input, out, log, config, &mut booked)
}

/// The engine [`run`] plays with, without the opening book: `config.engine` (alpha-beta, the
/// default, or the MCTS-Solver) with its table size, node cap and forced-win switch.
#[cfg(not(codingame_baseline))]
pub fn engine(config: &BotConfig) -> Box<dyn Agent<Yavalath>> {
    match config.engine.unwrap_or(Yavalath::DEFAULT_ENGINE) {
        EngineKind::AlphaBeta => {
            let mut agent = EngineAgent::<Yavalath>::new(config.tt_mib, None);
            agent.max_nodes = config.max_nodes;
            agent.searcher.forced_wins = config.forced_wins;
            Box::new(agent)
        }
        kind => engine_agent::<Yavalath>(kind, config.tt_mib, config.mcts, config.max_nodes),
    }
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
    // The id, and whether it came from an id line (else it was guessed from the board).
    let mut my_id: Option<(u8, bool)> = None;
    let mut turns = 0u32;
    let mut reader = Reader::default();
    let read = |lines: &mut Lines<_>, log: &mut _| reader.read_turn(lines, log);
    serve_turns(&mut lines, out, log, read, |turn, clock, log| {
        let (mine, theirs, unknown) = stones_of(&turn.rows);
        match (turn.id, my_id) {
            (Some(id), None | Some((_, false))) => my_id = Some((id, true)),
            (Some(id), Some((known, true))) => {
                let _ = writeln!(
                    log,
                    "boardlab: an id line '{id}' on a later turn (the referee sends it once): \
                     staying player {known}"
                );
            }
            (None, _) => {}
        }
        let (id, _) = *my_id.get_or_insert_with(|| {
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
            (guess, false)
        });
        let me = if id == 1 {
            Player::First
        } else {
            Player::Second
        };
        let first_turn = turns == 0;
        let budget = config.turn_budget(first_turn, player);
        turns += 1;

        let position = if unknown != 0 {
            Err("rows were lost or damaged, so some cells are unknown".to_string())
        } else {
            turn_position(me, mine, theirs, first_turn)
                .map_err(|e| format!("cannot read the position ({e})"))
        };
        let cell = match position {
            Ok(pos) => {
                let cell = player.choose(&pos, clock.budget_ms(budget));
                if let Some(summary) = player.summary() {
                    let _ = writeln!(log, "boardlab: {summary}");
                }
                cell as usize
            }
            Err(why) => {
                let (cell, what) = fallback_cell(mine, theirs, unknown);
                let (x, y) = coords(cell);
                let _ = writeln!(log, "boardlab: {why}; printing '{x} {y}': {what}");
                cell
            }
        };
        let (x, y) = coords(cell);
        format!("{x} {y}")
    })
}

/// The position a turn's board stands for: `mine` and `theirs` are the stones as the referee
/// shows them (bit `i` = cell `i`), `me` the bot's seat, `first_turn` whether this is the bot's
/// first turn. CodinGame's Yavalath always has the steal (referee MultiStruct/Yavalath: the
/// second player may take over the first stone on its first turn), and the board alone shows
/// whether it is still to come: on the empty board the first player moves knowing its stone can
/// be stolen, and on the second player's first turn one enemy stone means it may steal it.
/// Errors: what [`Yavalath::from_stones`] refuses (overlapping stones, a finished game, …).
pub fn turn_position(
    me: Player,
    mine: u64,
    theirs: u64,
    first_turn: bool,
) -> Result<Yavalath, crate::game::NotationError> {
    if mine | theirs == 0 && me == Player::First {
        return Ok(Yavalath::new(true));
    }
    let (first, second) = match me {
        Player::First => (mine, theirs),
        Player::Second => (theirs, mine),
    };
    let steal_open = me == Player::Second && first_turn && mine == 0 && theirs.count_ones() == 1;
    Yavalath::from_stones(first, second, me, steal_open)
}

/// A move without a search: an empty cell that wins for `mine`, else one that makes no 3 of
/// `mine`, else any empty cell, else (a full board) the centre. Cells in `unknown` are never
/// chosen. Returns the cell and a description of it that is true for the case taken.
fn fallback_cell(mine: u64, theirs: u64, unknown: u64) -> (usize, &'static str) {
    let empty: Vec<usize> = (0..CELLS)
        .filter(|&c| (mine | theirs | unknown) >> c & 1 == 0)
        .collect();
    let with_effect = |effect| {
        empty
            .iter()
            .copied()
            .find(|&c| move_effect(mine, c) == effect)
    };
    if let Some(c) = with_effect(MoveEffect::Wins) {
        (c, "an empty cell that makes a 4 of mine")
    } else if let Some(c) = with_effect(MoveEffect::Neutral) {
        (c, "an empty cell that makes no 3 of mine")
    } else if let Some(&c) = empty.first() {
        (
            c,
            "an empty cell, though every empty cell makes a 3 of mine",
        )
    } else {
        (
            cell_at(4, 4).expect("centre"),
            "the centre, which is not empty: no cell that is known to be empty is left, and \
             the referee waits for an answer",
        )
    }
}
