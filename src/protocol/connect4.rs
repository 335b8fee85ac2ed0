//! `boardlab bot connect4`: the CodinGame Connect 4 protocol (referee AshKcg/cg-multi-connect4,
//! `shared/rules.md` §2), 9 columns x 7 rows with the steal.
//!
//! Per turn the referee sends: on the player's own first turn only, `myId oppId` (`0 1` or
//! `1 0`); then `turnIndex` (0, 1, 2, ...; a steal counts as a turn); the 7 rows top to bottom,
//! 9 characters each (`0` first player, `1` second player, `.` empty: absolute colours); the
//! number of valid actions and one action per line (playable columns ascending, plus `-2` at turn
//! index 1); the opponent's previous action (`-1` at turn index 0, `-2` after a steal). The bot
//! answers a column digit or `STEAL`, without a leading space.
//!
//! The position is rebuilt from the rows and the turn index each turn, so nothing is lost when a
//! turn is malformed. As second player at turn index 1 the search weighs the steal against every
//! column; as first player at turn index 0 it searches each opening against every reply including
//! the steal, so it opens with a move that is not worth stealing.

use std::io::{self, BufRead, Write};

use crate::clock::Instant;

use crate::game::Game;
use crate::games::connect4::solver::Solver;
use crate::games::connect4::{Connect4Cg, STEAL};
use crate::play::{Agent, EngineAgent};
use crate::protocol::{BotConfig, InputError, Lines};
use crate::search::{Limits, Score};

/// Rows and columns of the CodinGame board.
const ROWS: usize = 7;
const COLS: usize = 9;

/// One turn's input, as read.
struct Turn {
    /// `(myId, oppId)` when this turn had the id line.
    ids: Option<(i32, i32)>,
    turn_index: Option<u32>,
    rows: Vec<String>,
    /// The valid actions as sent (`-2` is the steal).
    actions: Vec<i32>,
}

fn warn(log: &mut impl Write, e: InputError) {
    if let InputError::Malformed(msg) = e {
        let _ = writeln!(log, "boardlab: {msg}");
    }
}

/// Reads one turn. Bad lines are logged to `log` and read as best they can be; only the end of
/// input stops the bot.
fn read_turn<R: BufRead>(lines: &mut Lines<R>, log: &mut impl Write) -> Result<Turn, InputError> {
    let mut turn = Turn {
        ids: None,
        turn_index: None,
        rows: Vec::with_capacity(ROWS),
        actions: Vec::new(),
    };
    let mut line = lines.next_line()?;
    while line.is_empty() {
        line = lines.next_line()?;
    }
    let parts: Vec<&str> = line.split_whitespace().collect();
    if parts.len() == 2 {
        match (parts[0].parse(), parts[1].parse()) {
            (Ok(a), Ok(b)) => turn.ids = Some((a, b)),
            _ => warn(
                log,
                lines.error(format!("expected the ids 'myId oppId', got '{line}'")),
            ),
        }
        line = lines.next_line()?;
    }
    let mut first_row = None;
    match line.parse::<u32>() {
        Ok(t) => turn.turn_index = Some(t),
        Err(_) => {
            warn(
                log,
                lines.error(format!("expected the turn index, got '{line}'")),
            );
            if line.len() == COLS {
                first_row = Some(line);
            }
        }
    }
    for y in 0..ROWS {
        let row = match first_row.take() {
            Some(r) if y == 0 => r,
            _ => lines.next_line()?,
        };
        turn.rows.push(row);
    }
    let count_line = lines.next_line()?;
    let count = match count_line.parse::<usize>() {
        Ok(n) if n <= COLS + 1 => n,
        _ => {
            warn(
                log,
                lines.error(format!(
                    "expected the number of valid actions (0..=10), got '{count_line}'"
                )),
            );
            // Read no action lines: the board decides the move.
            return Ok(turn);
        }
    };
    for _ in 0..count {
        let a = lines.next_line()?;
        match a.parse::<i32>() {
            Ok(v) => turn.actions.push(v),
            Err(_) => warn(log, lines.error(format!("expected an action, got '{a}'"))),
        }
    }
    let previous = lines.next_line()?;
    if previous.parse::<i32>().is_err() {
        warn(
            log,
            lines.error(format!(
                "expected the opponent's previous action, got '{previous}'"
            )),
        );
    }
    Ok(turn)
}

/// The action text for `mv`: the column digit, or `STEAL`.
fn action_text(mv: u8) -> String {
    if mv == STEAL {
        "STEAL".into()
    } else {
        mv.to_string()
    }
}

/// Plays Connect 4 on CodinGame's protocol with the engine until the input ends.
/// Errors: only failures to write the answer.
pub fn run(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> io::Result<()> {
    let mut engine = BotEngine::new(config.tt_mib);
    run_with(input, out, log, config, &mut engine)
}

/// How much better than the best column the steal must score before the bot steals, in
/// evaluation units (a quarter of a threat on a row of the right parity). An opening the engine
/// judges balanced is then not stolen, which is what the first player aims for.
pub const STEAL_MARGIN: i32 = 10;

/// The engine as the bot plays it: the alpha-beta search, with exact scores for every root move
/// at turn index 1 so that the steal is weighed against the best column, and [`STEAL_MARGIN`].
pub struct BotEngine {
    engine: EngineAgent<Connect4Cg>,
    /// The exact solver for endgames.
    solver: Solver<9, 7>,
    /// The log line of the last steal decision or solved endgame, until the next other move.
    summary: Option<String>,
}

/// The bot tries the exact solver (on 40 % of the budget) once this few cells are empty.
pub const SOLVER_EMPTY_CELLS: u32 = 30;

impl BotEngine {
    /// An engine with a transposition table of `tt_mib` MiB.
    pub fn new(tt_mib: usize) -> Self {
        BotEngine {
            engine: EngineAgent::new(tt_mib, None),
            solver: Solver::new(tt_mib),
            summary: None,
        }
    }
}

impl Agent<Connect4Cg> for BotEngine {
    fn choose(&mut self, pos: &Connect4Cg, budget_ms: u64) -> u8 {
        if !pos.steal_open() {
            self.summary = None;
            // Endgames: try the exact solver on part of the budget first.
            if Connect4Cg::CELLS - pos.chips() <= SOLVER_EMPTY_CELLS {
                let started = Instant::now();
                self.solver.set_time_limit(Some(budget_ms * 2 / 5));
                self.solver.reset_nodes();
                if let Ok((mv, score)) = self.solver.best_move(pos) {
                    self.summary = Some(format!(
                        "solved: score {score} (Pons), nodes {} {} ms",
                        self.solver.nodes,
                        started.elapsed().as_millis()
                    ));
                    return mv;
                }
                let spent = started.elapsed().as_millis() as u64;
                return self
                    .engine
                    .choose(pos, budget_ms.saturating_sub(spent).max(1));
            }
            return self.engine.choose(pos, budget_ms);
        }
        let limits = Limits {
            exact_root_scores: true,
            ..Limits::time(budget_ms)
        };
        let result = self.engine.searcher.search(pos, limits, |_| {});
        let mut best = result.best.unwrap_or(STEAL);
        if let (true, Some(it)) = (best == STEAL, result.last.as_ref()) {
            let steal = it.root_moves.iter().find(|r| r.mv == STEAL);
            let column = it.root_moves.iter().find(|r| r.mv != STEAL);
            if let (Some(steal), Some(column)) = (steal, column) {
                if let (Score::Eval(s), Score::Eval(c)) = (steal.score, column.score) {
                    if s < c + STEAL_MARGIN {
                        best = column.mv;
                    }
                }
            }
        }
        self.summary = result.last.as_ref().map(|it| {
            let roots: Vec<String> = it
                .root_moves
                .iter()
                .map(|r| format!("{}:{}", pos.format_move(r.mv), r.score))
                .collect();
            format!(
                "depth {} nodes {} {} ms score {} | {}",
                it.depth,
                result.nodes,
                result.elapsed_ms,
                it.score,
                roots.join(" ")
            )
        });
        best
    }

    fn new_game(&mut self) {
        self.engine.new_game();
    }

    fn summary(&self) -> Option<String> {
        self.summary.clone().or_else(|| self.engine.summary())
    }
}

/// Plays Connect 4 on CodinGame's protocol with `player` choosing the moves (the engine, or a
/// baseline for the arena) until the input ends. Errors: only failures to write the answer.
pub fn run_with(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
    player: &mut dyn Agent<Connect4Cg>,
) -> io::Result<()> {
    let mut lines = Lines::new(input);
    let mut turns = 0u32;
    let mut my_id: Option<i32> = None;
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
        if let Some((me, _)) = turn.ids {
            my_id = Some(me);
        }
        let budget = if turns == 0 {
            config.first_turn_ms
        } else {
            config.turn_ms
        };
        turns += 1;
        // Without a readable turn index, the chip count tells whose turn it is (no steal assumed).
        let turn_index = turn.turn_index.unwrap_or_else(|| {
            turn.rows
                .iter()
                .map(|r| r.chars().filter(|&c| c == '0' || c == '1').count() as u32)
                .sum()
        });
        if let Some(id) = my_id {
            if id >= 0 && turn_index % 2 != id as u32 % 2 {
                let _ = writeln!(
                    log,
                    "boardlab: turn index {turn_index} is not player {id}'s turn; playing anyway"
                );
            }
        }
        let rows: Vec<&str> = turn.rows.iter().map(String::as_str).collect();
        let answer = match Connect4Cg::from_rows(&rows, turn_index, true) {
            Ok(pos) if pos.outcome().is_none() => {
                let spent = started.elapsed().as_millis() as u64;
                let mv = player.choose(&pos, budget.saturating_sub(spent).max(1));
                if let Some(summary) = player.summary() {
                    let _ = writeln!(log, "boardlab: {summary}");
                }
                action_text(mv)
            }
            Ok(_) => {
                let _ = writeln!(log, "boardlab: the game is already over; playing anyway");
                fallback(&turn)
            }
            Err(e) => {
                let _ = writeln!(
                    log,
                    "boardlab: cannot read the position ({e}); playing a legal-looking column"
                );
                fallback(&turn)
            }
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
}

/// A move when the position cannot be searched: the most central valid column from the action
/// list, else the most central column whose top cell looks empty, else the centre.
fn fallback(turn: &Turn) -> String {
    let order = Connect4Cg::COLUMN_ORDER;
    let listed = order
        .iter()
        .find(|&&c| turn.actions.contains(&(c as i32)))
        .copied();
    let open_top = |c: u8| {
        turn.rows
            .first()
            .and_then(|r| r.as_bytes().get(c as usize))
            .is_none_or(|&b| b != b'0' && b != b'1')
    };
    let col = listed
        .or_else(|| order.iter().copied().find(|&c| open_top(c)))
        .unwrap_or(order[0]);
    col.to_string()
}
