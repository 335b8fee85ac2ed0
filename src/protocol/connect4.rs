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
//! turn is malformed, and the reader resynchronises on the turn's structure (see `Reader`):
//! a stray line costs a message on stderr, not a wrong board. When the position cannot be
//! searched the bot prints a column from the referee's action list and says so. As second player at turn index 1 the search weighs the steal against every
//! column; as first player at turn index 0 it searches each opening against every reply including
//! the steal, so it opens with a move that is not worth stealing.

use std::io::{self, BufRead, Write};

use crate::game::Game;
use crate::games::connect4::solver::{Solver, Wdl};
use crate::games::connect4::{Connect4Cg, STEAL};
use crate::play::Agent;
#[cfg(not(codingame_baseline))]
use crate::play::EngineAgent;
use crate::protocol::{serve_turns, short_number, two_numbers, BotConfig, InputError, Lines};
use crate::search::{Limits, Score};

/// Rows and columns of the CodinGame board.
const ROWS: usize = 7;
const COLS: usize = 9;
/// The referee's numbers have at most two digits: the turn index (at most 63, a steal counting
/// as a turn), the action count (at most 10), the actions and the previous action (-2 to 8).
const NUMBER_DIGITS: usize = 2;

/// One turn's input, as read.
struct Turn {
    /// `myId`, from the id line of the first turn.
    my_id: Option<i32>,
    /// The turn index: the number before the board that fits its chip count (see `Reader`).
    turn_index: u32,
    /// The 7 rows top to bottom, when all of them were read.
    rows: Option<Vec<String>>,
    /// The valid actions as sent (`-2` is the steal), when they were read before the answer
    /// (only for a board that cannot be searched: they then choose the move).
    actions: Vec<i32>,
}

/// Whether `line` is a well-formed board row: 9 characters `.`, `0` or `1`.
fn is_row(line: &str) -> bool {
    line.len() == COLS && line.bytes().all(|b| matches!(b, b'.' | b'0' | b'1'))
}

/// The chips on a board.
fn chips(rows: &[String]) -> u32 {
    rows.iter()
        .map(|r| r.bytes().filter(|&b| b != b'.').count() as u32)
        .sum()
}

/// The turn reader. It answers as soon as a whole board is read: the count, the action lines and
/// the previous action that follow are read at the start of the next turn (`read_tail`), checked
/// against the board they belong to. So a lost line at the end of a turn never makes the bot
/// wait into the next turn and then answer twice, and leftover lines of a damaged turn are
/// skipped before the next board.
#[derive(Default)]
struct Reader {
    /// `myId` from the id line.
    my_id: Option<i32>,
    /// The lines after a board that are still due: the count and actions (`Some(board)`), or
    /// only the previous action (`previous_due`).
    tail_due: Option<Vec<String>>,
    previous_due: Option<Vec<String>>,
}

impl Reader {
    /// The count line and the action lines after a board: never more action lines than the
    /// board has actions (`rows`: the top row tells the open columns; `steal`: the steal is
    /// one), so a bad count cannot make the bot wait. A row stops the reading (the next board
    /// has begun) and is kept. Errors: only the end of input or a failed read.
    fn read_actions<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        log: &mut impl Write,
        top_row: Option<&str>,
        steal: bool,
    ) -> Result<Vec<i32>, InputError> {
        let count_line = lines.next_nonempty(log)?;
        if is_row(&count_line) {
            lines.carry(count_line);
            return Ok(Vec::new());
        }
        let count = match short_number(&count_line, NUMBER_DIGITS).map(usize::try_from) {
            Some(Ok(n)) if n <= COLS + 1 => n,
            _ => {
                lines.warn(log, format!("bad action count '{count_line}'"));
                return Ok(Vec::new());
            }
        };
        let open = top_row.map(|top| top.bytes().filter(|&b| b == b'.').count() + steal as usize);
        let to_read = match open {
            Some(open) if open < count => {
                lines.warn(
                    log,
                    format!(
                        "{count} valid actions announced, the board has {open}: reading {open}"
                    ),
                );
                open
            }
            _ => count,
        };
        let mut actions = Vec::with_capacity(to_read);
        for _ in 0..to_read {
            // A blank line is an action line that lost its text (the referee sends none): it
            // counts, so that a count the action lines fall short of never makes the bot read
            // into the next turn, before its answer to this one.
            let a = lines.next_line(log)?;
            if is_row(&a) {
                lines.carry(a);
                break;
            }
            match short_number(&a, NUMBER_DIGITS) {
                Some(v) => actions.push(v),
                None => lines.warn(log, format!("expected an action, got '{a}'")),
            }
        }
        Ok(actions)
    }

    /// Reads what is still due after the last board (see `tail_due`), checking the opponent's
    /// previous action against the board it follows (logged when unreadable or when its column's
    /// top chip is not the opponent's: the board decided the answer).
    /// Errors: only the end of input or a failed read.
    fn read_tail<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        log: &mut impl Write,
    ) -> Result<(), InputError> {
        if let Some(rows) = self.tail_due.take() {
            let steal = chips(&rows) == 1 && rows.concat().contains('0');
            self.read_actions(lines, log, Some(&rows[0]), steal)?;
            if !lines.has_carried() {
                self.previous_due = Some(rows);
            }
        }
        let Some(rows) = self.previous_due.take() else {
            return Ok(());
        };
        let previous = lines.next_nonempty(log)?;
        let Some(col) = short_number(&previous, NUMBER_DIGITS) else {
            if is_row(&previous) {
                lines.carry(previous);
            } else {
                lines.warn(log, format!("bad previous action '{previous}'"));
            }
            return Ok(());
        };
        // The board it follows already holds that chip: a column whose top chip is not the
        // opponent's (empty, or topped by mine) means damage. The board decided the answer.
        if let Some(id @ 0..=1) = self.my_id.filter(|_| (0..COLS as i32).contains(&col)) {
            let theirs = b"10"[id as usize];
            let top = rows
                .iter()
                .filter_map(|r| r.as_bytes().get(col as usize))
                .find(|&&c| c != b'.');
            if top != Some(&theirs) {
                let what = if top.is_none() {
                    "an empty column"
                } else {
                    "a column I topped"
                };
                lines.warn(
                    log,
                    format!("previous action '{col}' names {what}: the board won"),
                );
            }
        }
        Ok(())
    }

    /// Reads one turn up to its last row, resynchronising on its structure: whole numbers before
    /// the board are turn index candidates (the last one that fits the board's chip count wins,
    /// so a leftover line of the previous turn is harmless), the line `a b` is the ids, the rows
    /// are 9 characters of `.01`. Lines that fit nowhere are logged and skipped. A board cut
    /// short by a number lost a row: when numbers came before it (a real turn) its count and
    /// actions are read at once and it is returned without rows, to be answered from the action
    /// list; without them it is the leftover of an earlier turn (a duplicated row read after
    /// the answer) and is skipped, so one turn never gets two answers. A whole board the rules
    /// the rules refuse (a floating chip) is answered from its top row.
    /// Errors: only the end of input or a failed read.
    fn read_turn<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        log: &mut impl Write,
    ) -> Result<Turn, InputError> {
        self.read_tail(lines, log)?;
        let mut numbers: Vec<u32> = Vec::new();
        let mut started = false;
        loop {
            let line = lines.next_nonempty(log)?;
            if !is_row(&line) {
                if let Some((me, opp)) = two_numbers(&line) {
                    if !matches!((me, opp), (0, 1) | (1, 0)) {
                        lines.warn(
                            log,
                            format!("the ids should be '0 1' or '1 0', got '{line}'"),
                        );
                    }
                    self.my_id = Some(me);
                    started = true;
                } else if let Some(n) = short_number(&line, NUMBER_DIGITS) {
                    if let Ok(n) = u32::try_from(n) {
                        numbers.push(n);
                    }
                    started = true;
                } else {
                    lines.warn(
                        log,
                        format!("expected the turn index, got '{line}': skipped"),
                    );
                }
                continue;
            }
            let mut rows = vec![line];
            while rows.len() < ROWS {
                let line = lines.next_nonempty(log)?;
                if is_row(&line) {
                    rows.push(line);
                } else if short_number(&line, NUMBER_DIGITS).is_some() {
                    lines.carry(line);
                    break;
                } else {
                    lines.warn(
                        log,
                        format!("skipped '{line}': not row {} of the board", rows.len()),
                    );
                }
            }
            if rows.len() < ROWS && !started {
                lines.warn(log, format!("skipped {} leftover rows", rows.len()));
                continue;
            }
            if rows.len() < ROWS {
                lines.warn(
                    log,
                    format!("the board ends after {} of its {ROWS} rows", rows.len()),
                );
                let steal = numbers.last() == Some(&1);
                let actions = self.read_actions(lines, log, None, steal)?;
                if !lines.has_carried() {
                    // The previous action is due, with no board to check it against.
                    self.previous_due = Some(Vec::new());
                }
                return Ok(Turn {
                    my_id: self.my_id,
                    turn_index: numbers.last().copied().unwrap_or(0),
                    rows: None,
                    actions,
                });
            }
            let turn_index = Self::turn_index(lines, log, &numbers, chips(&rows));
            self.tail_due = Some(rows.clone());
            return Ok(Turn {
                my_id: self.my_id,
                turn_index,
                rows: Some(rows),
                actions: Vec::new(),
            });
        }
    }

    /// The turn index of a board with `chips` chips: the last of the `numbers` read before it
    /// that fits (a steal counts as a turn but adds no chip, so the index is the chip count or
    /// one more), else the chip count.
    fn turn_index<R: BufRead>(
        lines: &Lines<R>,
        log: &mut impl Write,
        numbers: &[u32],
        chips: u32,
    ) -> u32 {
        match numbers
            .iter()
            .rev()
            .find(|&&t| t == chips || (t == chips + 1 && t >= 2))
        {
            Some(&t) => {
                if numbers.len() > 1 {
                    lines.warn(
                        log,
                        format!("numbers {numbers:?} before the board: {t} fits its {chips} chips"),
                    );
                }
                t
            }
            None => {
                if !numbers.is_empty() {
                    lines.warn(log, format!("no turn index fits {chips} chips"));
                }
                chips
            }
        }
    }
}

/// The action text for `mv`: the column digit, or `STEAL`.
fn action_text(mv: u8) -> String {
    if mv == STEAL {
        "STEAL".into()
    } else {
        mv.to_string()
    }
}

/// Plays Connect 4 on CodinGame's protocol with the engine until the input ends, the opening
/// book ([`crate::games::connect4::book`]) playing the first turn of each side.
/// Errors: only failures to write the answer. (Left out of the baseline bundles, which play
/// [`run_with`] with a baseline.)
#[cfg(not(codingame_baseline))]
pub fn run(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> io::Result<()> {
    let engine = Box::new(BotEngine::with_max_nodes(config.tt_mib, config.max_nodes));
    run_with(
        input,
        out,
        log,
        config,
        &mut crate::play::Booked::new(engine),
    )
}

/// How much better than the best column the steal must score before the bot steals, in
/// evaluation units (a quarter of a threat on a row of the right parity). An opening the engine
/// judges balanced is then not stolen, which is what the first player aims for.
pub const STEAL_MARGIN: i32 = 10;

/// The engine as the bot plays it: the alpha-beta search, with exact scores for every root move
/// at turn index 1 so that the steal is weighed against the best column, and [`STEAL_MARGIN`];
/// from [`SOLVER_MIN_CHIPS`] chips on, the exact solver checks the alpha-beta's move with the
/// rest of the budget and replaces it when it gives the result away.
#[cfg(not(codingame_baseline))]
pub struct BotEngine {
    engine: EngineAgent<Connect4Cg>,
    /// The exact solver, its table kept between turns (and games: its entries are positions).
    solver: Solver<9, 7>,
    /// The log line of the last steal decision or solver verdict, until the next other move.
    summary: Option<String>,
    /// What the solver made of the last move chosen: `None` when it was not tried or ran out of
    /// time, else the result it proved the move keeps (read by the measurements of
    /// `boardlab c4check`).
    pub last_proof: Option<Wdl>,
    /// Nodes per move on top of the time, for load-independent arena runs: the alpha-beta's
    /// nodes ([`EngineAgent::max_nodes`]); the solver after it gets
    /// `(100 - ALPHABETA_SHARE_PERCENT) / ALPHABETA_SHARE_PERCENT` times as many of its own.
    /// `None`: time only (CodinGame).
    pub max_nodes: Option<u64>,
}

/// From this many chips on, the bot hands the position to the exact solver after the alpha-beta
/// search. Measured with `boardlab c4check` (README, "Connect 4's solver in play").
pub const SOLVER_MIN_CHIPS: u32 = 24;

/// The alpha-beta search's share of the budget, in percent, when the solver runs after it; the
/// solver gets the rest. 25 since session 18's faster solver (40 before): replayed in the same
/// positions, 10, 25 and 40 kept the result from 24 chips in 573, 573 and 572 of 578 (README,
/// "Connect 4's solver in play").
pub const ALPHABETA_SHARE_PERCENT: u64 = 25;

/// The part of the budget, in ms, left after the solver's deadline: it reads its clock every
/// 4,096 nodes, which takes up to a millisecond or two on a loaded machine.
const SOLVER_RESERVE_MS: u64 = 3;

#[cfg(not(codingame_baseline))]
impl BotEngine {
    /// An engine with a transposition table of `tt_mib` MiB, and as much for the solver.
    pub fn new(tt_mib: usize) -> Self {
        BotEngine {
            engine: EngineAgent::new(tt_mib, None),
            solver: Solver::new(tt_mib),
            summary: None,
            last_proof: None,
            max_nodes: None,
        }
    }

    /// The same with a node budget per move ([`BotEngine::max_nodes`]).
    pub fn with_max_nodes(tt_mib: usize, max_nodes: Option<u64>) -> Self {
        let mut bot = BotEngine::new(tt_mib);
        bot.max_nodes = max_nodes;
        bot.engine.max_nodes = max_nodes;
        bot
    }

    /// The alpha-beta's move, then the solver's check of it with the rest of the budget.
    fn search_and_prove(&mut self, pos: &Connect4Cg, budget_ms: u64) -> u8 {
        let started = crate::clock::Instant::now();
        let limits = Limits {
            max_nodes: self.max_nodes,
            ..Limits::time((budget_ms * ALPHABETA_SHARE_PERCENT / 100).max(1))
        };
        let result = self.engine.searcher.search(pos, limits, |_| {});
        let preferred = result.best.expect("the game is not over");
        // Root moves best first: the solver's second choices follow the search's judgement.
        let order: Vec<u8> = result.last.map_or(vec![], |it| {
            self.summary = Some(format!("depth {} score {}", it.depth, it.score));
            it.root_moves.iter().map(|r| r.mv).collect()
        });
        let spent = started.elapsed().as_millis() as u64 + SOLVER_RESERVE_MS;
        self.solver
            .set_time_limit(Some(budget_ms.saturating_sub(spent)));
        self.solver
            .set_node_limit(self.max_nodes.map(|n| {
                n.saturating_mul(100 - ALPHABETA_SHARE_PERCENT) / ALPHABETA_SHARE_PERCENT
            }));
        // An unfinished proof (time ran out) leaves the alpha-beta's move, unless the solver
        // proved on the way that it loses.
        let (mv, proof) = match self.solver.keep_result(pos, preferred, &order) {
            Ok((mv, wdl)) => (mv, Some(wdl)),
            Err(_) => (self.solver.first_unrefuted(pos, preferred, &order), None),
        };
        self.last_proof = proof;
        self.summary = Some(format!(
            "{}; solved {proof:?} by {mv}, {} ms",
            self.summary.take().unwrap_or_default(),
            started.elapsed().as_millis()
        ));
        mv
    }
}

#[cfg(not(codingame_baseline))]
impl Agent<Connect4Cg> for BotEngine {
    fn choose(&mut self, pos: &Connect4Cg, budget_ms: u64) -> u8 {
        self.last_proof = None;
        if !pos.steal_open() {
            self.summary = None;
            if pos.chips() >= SOLVER_MIN_CHIPS {
                return self.search_and_prove(pos, budget_ms);
            }
            return self.engine.choose(pos, budget_ms);
        }
        let limits = Limits {
            exact_root_scores: true,
            max_nodes: self.max_nodes,
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

    fn clear_tables(&mut self) {
        self.engine.clear_tables();
        self.solver.clear();
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
    let mut reader = Reader::default();
    let read = |lines: &mut Lines<_>, log: &mut _| reader.read_turn(lines, log);
    serve_turns(&mut lines, out, log, read, |turn, clock, log| {
        let budget = config.turn_budget(turns == 0, player);
        turns += 1;
        let turn_index = turn.turn_index;
        if let Some(id) = turn.my_id {
            if id >= 0 && turn_index % 2 != id as u32 % 2 {
                let _ = writeln!(
                    log,
                    "boardlab: turn index {turn_index} is not player {id}'s turn; playing anyway"
                );
            }
        }
        let position = match &turn.rows {
            Some(rows) => {
                let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                Connect4Cg::from_rows(&rows, turn_index, true)
                    .map_err(|e| format!("cannot read the position ({e})"))
            }
            None => Err("rows were lost or damaged".to_string()),
        };
        match position {
            Ok(pos) if pos.outcome().is_none() => {
                let mv = player.choose(&pos, clock.budget_ms(budget));
                if let Some(summary) = player.summary() {
                    let _ = writeln!(log, "boardlab: {summary}");
                }
                action_text(mv)
            }
            other => {
                let why = match other {
                    Ok(_) => "the game is already over on this board".to_string(),
                    Err(why) => why,
                };
                let (col, what) = fallback(&turn);
                let _ = writeln!(log, "boardlab: {why}; printing column {col}: {what}");
                col.to_string()
            }
        }
    })
}

/// A move when the position cannot be searched: the most central column in the referee's
/// action list, else the most central column whose top cell reads empty, else the centre column.
/// Returns the column and a description of it that is true for the case taken.
fn fallback(turn: &Turn) -> (u8, &'static str) {
    let order = Connect4Cg::COLUMN_ORDER;
    if let Some(&c) = order.iter().find(|&&c| turn.actions.contains(&(c as i32))) {
        return (
            c,
            "the most central column in the referee's list of valid actions",
        );
    }
    let top = turn.rows.as_ref().map(|rows| rows[0].as_bytes());
    if let Some(top) = top {
        if let Some(&c) = order.iter().find(|&&c| top[c as usize] == b'.') {
            return (c, "the most central column whose top cell is empty");
        }
    }
    (
        order[0],
        "the centre column, a guess: neither the action list nor the top row shows an open one",
    )
}
