//! `boardlab bot ataxx`: the CodinGame Ataxx protocol (statement seed 004, `shared/rules.md` §4).
//!
//! The statement leaves the input partly open, so the reader is tolerant:
//! - Initial input: `id` (0 or 1), then a `config` line. A first line after the id that looks
//!   like a board row is taken as the first row (no config line).
//! - Each turn: seven rows of `.`, `0`, `1`, `#`; `lastAction` (`null` on the first turn);
//!   `actionsCount`. Action lines after the count are never waited for: the bot answers at once,
//!   and any line that is not a board row where a row is expected is skipped (and logged).
//! - Row order: the statement says "bottom to top" but no public referee settles it. The bot
//!   decides from the board: the orientation in which playing `lastAction` on its own record of
//!   the game gives this board, else the one in which `lastAction` fits the board (target holds
//!   an enemy stone, a jump's origin is empty), else the one it used before, else the one where
//!   player 0 stands on a7 and g1 (the standard start), else the statement's bottom to top.
//! - Every line read is logged to stderr as `<< line`, so a real match settles the open points.
//! - With no legal move (the statement has no pass) the bot prints an empty square, the only
//!   output the statement does not call a loss, and says so on stderr.
//!
//! Player `0` is the first player (`x`), `1` the second (`o`); the CodinGame rules apply (300
//! turns, threefold repetition).

use std::io::{self, BufRead, Write};

use crate::clock::Instant;

use crate::game::{Game, Player};
use crate::games::ataxx::{square_name, Ataxx, Rules, FULL};
use crate::play::Agent;
use crate::protocol::{BotConfig, InputError, Lines};
use crate::search::{Limits, Searcher};

/// How the seven rows map to ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowOrder {
    /// The first row is rank 7 (a7..g7).
    TopFirst,
    /// The first row is rank 1 (the statement's "bottom to top").
    BottomFirst,
}

/// One turn's input.
#[derive(Clone, Debug)]
pub struct TurnInput {
    /// The rows as read, first row first; each `[char; 7]`.
    pub rows: [[u8; 7]; 7],
    /// `lastAction` as read (`null` on the first turn).
    pub last_action: String,
    /// `actionsCount`, if it was a number.
    pub actions_count: Option<u32>,
}

fn is_row(line: &str) -> bool {
    line.len() == 7 && line.bytes().all(|b| matches!(b, b'.' | b'0' | b'1' | b'#'))
}

/// The board the rows show under `order`: `(stones of player 0, of player 1, walls)`.
pub fn board_of(rows: &[[u8; 7]; 7], order: RowOrder) -> (u64, u64, u64) {
    let (mut p0, mut p1, mut walls) = (0u64, 0u64, 0u64);
    for (i, row) in rows.iter().enumerate() {
        let rank = match order {
            RowOrder::TopFirst => 6 - i,
            RowOrder::BottomFirst => i,
        };
        for (file, &c) in row.iter().enumerate() {
            let bit = 1u64 << (rank * 7 + file);
            match c {
                b'0' => p0 |= bit,
                b'1' => p1 |= bit,
                b'#' => walls |= bit,
                _ => {}
            }
        }
    }
    (p0, p1, walls)
}

/// The bot's memory between turns.
pub struct AtaxxBot {
    me: Option<Player>,
    order: Option<RowOrder>,
    /// The position after the bot's own last move, with the game's history.
    tracked: Option<Ataxx>,
    turns: u32,
    searcher: Searcher<Ataxx>,
    config: BotConfig,
}

impl AtaxxBot {
    pub fn new(config: BotConfig) -> Self {
        AtaxxBot {
            me: None,
            order: None,
            tracked: None,
            turns: 0,
            searcher: Searcher::new(config.tt_mib),
            config,
        }
    }

    /// Decides the row order of this turn's rows (see the module documentation).
    fn decide_order(&self, turn: &TurnInput, me: Player, log: &mut impl Write) -> RowOrder {
        let orders = [RowOrder::TopFirst, RowOrder::BottomFirst];
        let them = me.opponent();
        let boards = orders.map(|o| board_of(&turn.rows, o));
        let action = turn.last_action.split_whitespace().next().unwrap_or("");
        // 1. Our record of the game plus the opponent's move gives the board.
        if let Some(prev) = &self.tracked {
            let fits: Vec<RowOrder> = orders
                .iter()
                .zip(boards.iter())
                .filter(|(_, b)| {
                    let mut p = prev.clone();
                    p.play_text(action).is_ok()
                        && p.stones(Player::First) == b.0
                        && p.stones(Player::Second) == b.1
                })
                .map(|(o, _)| *o)
                .collect();
            if fits.len() == 1 {
                return fits[0];
            }
        }
        // 2. The opponent's move fits the board.
        let target = |b: &(u64, u64, u64)| -> bool {
            let (p0, p1, walls) = *b;
            let theirs = if them == Player::First { p0 } else { p1 };
            let sq = |t: &str| crate::games::ataxx::parse_square(t);
            match action.len() {
                2 => sq(action).is_some_and(|s| theirs >> s & 1 == 1),
                4 if action.is_char_boundary(2) => match (sq(&action[..2]), sq(&action[2..])) {
                    (Some(f), Some(t)) => theirs >> t & 1 == 1 && (p0 | p1 | walls) >> f & 1 == 0,
                    _ => false,
                },
                _ => false,
            }
        };
        let fits: Vec<RowOrder> = orders
            .iter()
            .zip(boards.iter())
            .filter(|(_, b)| target(b))
            .map(|(o, _)| *o)
            .collect();
        if fits.len() == 1 {
            return fits[0];
        }
        // 3. What we used before.
        if let Some(o) = self.order {
            return o;
        }
        // 4. The standard start: player 0 on a7 and g1.
        let standard = (1u64 << 42) | (1u64 << 6);
        for (o, b) in orders.iter().zip(boards.iter()) {
            if b.0 == standard {
                let _ = writeln!(
                    log,
                    "row order: {o:?} (player 0 on a7 and g1, the standard start)"
                );
                return *o;
            }
        }
        let _ = writeln!(
            log,
            "row order: undecided, using the statement's bottom to top"
        );
        RowOrder::BottomFirst
    }

    /// The bot's answer to one turn (a move in the referee's notation), with notes on stderr.
    /// `player` replaces the engine when given (a baseline).
    pub fn answer(
        &mut self,
        turn: &TurnInput,
        started: Instant,
        log: &mut impl Write,
        player: Option<&mut (dyn Agent<Ataxx> + '_)>,
    ) -> String {
        let me = self.me.unwrap_or_else(|| {
            // No id line: guess from the first turn (null last action = we move first).
            if turn.last_action == "null" {
                Player::First
            } else {
                Player::Second
            }
        });
        let order = self.decide_order(turn, me, log);
        if self.order.is_some_and(|o| o != order) {
            let _ = writeln!(log, "row order changed to {order:?}");
        }
        self.order = Some(order);
        let (p0, p1, walls) = board_of(&turn.rows, order);

        // Continue our record when it leads to this board; else rebuild from the board.
        let action = turn.last_action.split_whitespace().next().unwrap_or("");
        let continued = self.tracked.as_ref().and_then(|prev| {
            let mut p = prev.clone();
            let played = if action == "null" {
                Ok(())
            } else {
                p.play_text(action).map(|_| ())
            };
            let same = p.stones(Player::First) == p0
                && p.stones(Player::Second) == p1
                && p.walls() == walls
                && p.to_move() == me;
            (played.is_ok() && same).then_some(p)
        });
        let pos = match continued {
            Some(p) => p,
            None => match Ataxx::from_parts(p0, p1, walls, me, Rules::CodinGame) {
                Ok(mut p) => {
                    let ply = if self.turns == 0 {
                        (action != "null") as u32
                    } else {
                        2 * self.turns + (me == Player::Second) as u32
                    };
                    p.set_ply(ply);
                    if self.tracked.is_some() {
                        let _ = writeln!(log, "board differs from my record: rebuilt at ply {ply}");
                    }
                    p
                }
                Err(e) => {
                    let _ = writeln!(log, "unreadable board: {e}");
                    return fallback_move(p0 | p1 | walls, log);
                }
            },
        };
        self.turns += 1;

        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() || moves.iter().all(|m| m.is_pass()) {
            let _ = writeln!(
                log,
                "no legal move ({}); the statement has no pass",
                if moves.is_empty() {
                    "game over"
                } else {
                    "must pass"
                }
            );
            let mut next = pos.clone();
            if let Some(&m) = moves.first() {
                next.play(m);
            }
            self.tracked = Some(next);
            return fallback_move(p0 | p1 | walls, log);
        }
        let budget = if self.turns == 1 {
            self.config.first_turn_ms
        } else {
            self.config.turn_ms
        };
        let spent = started.elapsed().as_millis() as u64;
        let limits = Limits::time(budget.saturating_sub(spent).max(5));
        if let Some(agent) = player {
            let best = agent.choose(&pos, limits.time_ms.unwrap_or(budget));
            let text = pos.format_move(best);
            let mut next = pos;
            next.play(best);
            self.tracked = Some(next);
            return text;
        }
        let result = self.searcher.search(&pos, limits, |_| {});
        let best = result.best.unwrap_or(moves[0]);
        let text = pos.format_move(best);
        if let Some(it) = &result.last {
            let _ = writeln!(
                log,
                "turn {}: {text} depth {} score {} nodes {} in {} ms",
                self.turns, it.depth, it.score, result.nodes, result.elapsed_ms
            );
        }
        let mut next = pos;
        next.play(best);
        self.tracked = Some(next);
        text
    }
}

/// The statement's best guess when there is no legal move: the first empty square.
fn fallback_move(filled: u64, log: &mut impl Write) -> String {
    let empty = !filled & FULL;
    let text = if empty == 0 {
        "a1".to_string()
    } else {
        square_name(empty.trailing_zeros() as usize)
    };
    let _ = writeln!(log, "printing {text}: an empty square, as a best guess");
    text
}

fn log_line(log: &mut impl Write, line: &str) {
    let _ = writeln!(log, "<< {line}");
}

/// Reads the next non-empty line, logging it.
fn next_logged<R: BufRead>(
    lines: &mut Lines<R>,
    log: &mut impl Write,
) -> Result<String, InputError> {
    loop {
        let line = lines.next_line()?;
        log_line(log, &line);
        if !line.is_empty() {
            return Ok(line);
        }
    }
}

/// Reads one turn; `pending` is a row already read (after the id, when there was no config).
fn read_turn<R: BufRead>(
    lines: &mut Lines<R>,
    log: &mut impl Write,
    mut pending: Option<String>,
) -> Result<TurnInput, InputError> {
    let mut rows = [[b'.'; 7]; 7];
    let mut i = 0;
    while i < 7 {
        let line = match pending.take() {
            Some(l) => l,
            None => next_logged(lines, log)?,
        };
        if !is_row(&line) {
            let _ = writeln!(
                log,
                "line {}: skipped '{line}' (not a board row: an action line or noise)",
                lines.line_no
            );
            continue;
        }
        rows[i].copy_from_slice(line.as_bytes());
        i += 1;
    }
    let last_action = next_logged(lines, log)?;
    let count_line = next_logged(lines, log)?;
    let actions_count = count_line.parse::<u32>().ok();
    if actions_count.is_none() {
        let _ = writeln!(
            log,
            "line {}: actionsCount '{count_line}' is not a number",
            lines.line_no
        );
    }
    Ok(TurnInput {
        rows,
        last_action,
        actions_count,
    })
}

/// Runs the bot until the input ends. Errors: only failures to write the move.
pub fn run(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> io::Result<()> {
    run_with(input, out, log, config, None)
}

/// Runs the bot with `player` choosing the moves instead of the engine (a baseline, for the
/// arena); input reading, row-order detection and logging are the same.
pub fn run_with(
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
    mut player: Option<&mut dyn Agent<Ataxx>>,
) -> io::Result<()> {
    let mut lines = Lines::new(input);
    let mut bot = AtaxxBot::new(config);
    // Initial input: id, then maybe a config line.
    let mut pending = None;
    match next_logged(&mut lines, log) {
        Ok(first) => {
            let started_line = first.clone();
            match first.parse::<u8>() {
                Ok(0) => bot.me = Some(Player::First),
                Ok(1) => bot.me = Some(Player::Second),
                _ if is_row(&started_line) => pending = Some(started_line),
                _ => {
                    let _ = writeln!(log, "line 1: expected the id 0 or 1, got '{first}'");
                }
            }
            if pending.is_none() {
                match next_logged(&mut lines, log) {
                    Ok(l) if is_row(&l) => {
                        let _ = writeln!(log, "no config line: '{l}' is the first row");
                        pending = Some(l);
                    }
                    Ok(l) => {
                        let _ = writeln!(log, "config: '{l}'");
                    }
                    Err(_) => return Ok(()),
                }
            }
        }
        Err(_) => return Ok(()),
    }
    loop {
        let turn = match read_turn(&mut lines, log, pending.take()) {
            Ok(t) => t,
            Err(InputError::Eof) => return Ok(()),
            Err(InputError::Malformed(m)) => {
                let _ = writeln!(log, "{m}");
                return Ok(());
            }
        };
        let started = Instant::now();
        let mv = match player.as_mut() {
            Some(p) => bot.answer(&turn, started, log, Some(&mut **p)),
            None => bot.answer(&turn, started, log, None),
        };
        writeln!(out, "{mv}")?;
        out.flush()?;
    }
}
