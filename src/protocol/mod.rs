//! CodinGame adapters: each reads its referee's per-turn input from stdin and answers on stdout
//! within the time limit. Malformed input is reported on stderr and, where the position can
//! still be read, answered with a legal move; nothing here panics on input.

pub mod amazons;
pub mod ataxx;
pub mod connect4;
mod dispatch;
pub mod uai;
pub mod yavalath;

use std::cell::Cell;
use std::io::{self, BufRead, Write};

use crate::clock::Instant;

use crate::search::budget::TurnReserve;
use crate::search::EngineKind;
#[cfg(not(bundle_without_mcts))]
use crate::search::MctsConfig;
pub use dispatch::{run_baseline_bot, run_bot, run_bot_without_book};

/// Time and memory settings of a bot.
#[derive(Clone, Copy, Debug)]
pub struct BotConfig {
    /// Thinking time on the first turn, in ms (the referees allow 1000).
    pub first_turn_ms: u64,
    /// Thinking time on later turns, in ms (the referees allow 100).
    pub turn_ms: u64,
    /// Transposition table (or MCTS tree) size in MiB.
    pub tt_mib: usize,
    /// The engine; `None`: the game's default ([`crate::game::Evaluate::DEFAULT_ENGINE`]).
    pub engine: Option<EngineKind>,
    /// MCTS settings, when the engine is MCTS (absent from the CodinGame bundles of bots that
    /// never run it).
    #[cfg(not(bundle_without_mcts))]
    pub mcts: MctsConfig,
    /// Nodes per turn, on top of the time (Ataxx's and Yavalath's alpha-beta; Yavalath's and
    /// Amazons' MCTS: iterations): a fixed-node budget makes arena comparisons of two builds
    /// independent of the machine's load. `None`: time only.
    pub max_nodes: Option<u64>,
    /// Whether alpha-beta first looks for a win by forcing moves at the root
    /// ([`crate::game::Evaluate::forced_win`]; Yavalath's threat-space search). Off by default
    /// (see [`crate::search::Searcher::forced_wins`]).
    pub forced_wins: bool,
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig {
            first_turn_ms: 600,
            turn_ms: 80,
            tt_mib: 64,
            engine: None,
            #[cfg(not(bundle_without_mcts))]
            mcts: MctsConfig::default(),
            max_nodes: None,
            forced_wins: false,
        }
    }
}

impl BotConfig {
    /// The thinking time of a turn, in ms: `first_turn_ms` on the bot's first turn (`first`),
    /// `turn_ms` after. The first turn also empties `player`'s tables
    /// ([`crate::play::Agent::clear_tables`]), so that their memory is mapped under the turn whose
    /// clock allows for it, not during a later 100 ms turn.
    pub fn turn_budget<G: crate::game::Game>(
        &self,
        first: bool,
        player: &mut dyn crate::play::Agent<G>,
    ) -> u64 {
        if first {
            player.clear_tables();
            self.first_turn_ms
        } else {
            self.turn_ms
        }
    }
}

/// Reads the referee's input line by line, counting lines for the messages on stderr.
///
/// Lines are read as bytes and decoded lossily: a line that is not valid UTF-8 is logged and
/// read with U+FFFD in place of the bad bytes, so a bot keeps answering while input continues.
pub struct Lines<R> {
    input: R,
    /// 1-based number of the last line read.
    pub line_no: usize,
    /// Whether every line read is copied to the log as `<< line` (the Ataxx bot does this so a
    /// real match settles the points its statement leaves open).
    echo: bool,
    /// A line read too far (it belongs to the next field or turn), given back by
    /// [`Lines::carry`]: the next read returns it first.
    carried: Option<String>,
}

/// Why no further turn can be read.
#[derive(Debug)]
pub enum InputError {
    /// Standard input ended (the referee closed it): stop quietly.
    Eof,
    /// Standard input itself failed (not a bad line: those are read lossily); the message says
    /// how.
    Io(String),
}

impl<R: BufRead> Lines<R> {
    /// A reader of `input` that logs only problems.
    pub fn new(input: R) -> Self {
        Lines {
            input,
            line_no: 0,
            echo: false,
            carried: None,
        }
    }

    /// A reader of `input` that also copies every line to the log as `<< line`.
    pub fn echoing(input: R) -> Self {
        Lines {
            echo: true,
            ..Lines::new(input)
        }
    }

    /// Gives `line` back: the next read returns it (already counted and logged) before reading
    /// on. A reader that read into the next field or turn carries the line there this way.
    pub fn carry(&mut self, line: String) {
        self.carried = Some(line);
    }

    /// Whether a carried line waits to be read again.
    pub fn has_carried(&self) -> bool {
        self.carried.is_some()
    }

    /// The next line without its line ending and surrounding whitespace: the carried line if
    /// there is one ([`Lines::carry`]), else the next line of the input. Invalid UTF-8 is
    /// replaced (U+FFFD) and reported on `log`. Errors: the end of input, or a failed read.
    pub fn next_line(&mut self, log: &mut impl Write) -> Result<String, InputError> {
        if let Some(line) = self.carried.take() {
            return Ok(line);
        }
        let mut buf = Vec::new();
        match self.input.read_until(b'\n', &mut buf) {
            Ok(0) => Err(InputError::Eof),
            Ok(_) => {
                self.line_no += 1;
                let line = match String::from_utf8(buf) {
                    Ok(text) => text.trim().to_string(),
                    Err(e) => {
                        let text = String::from_utf8_lossy(e.as_bytes()).trim().to_string();
                        self.warn(log, format!("not valid UTF-8, read as '{text}'"));
                        text
                    }
                };
                if self.echo {
                    let _ = writeln!(log, "<< {line}");
                }
                Ok(line)
            }
            Err(e) => Err(InputError::Io(format!("cannot read stdin: {e}"))),
        }
    }

    /// The next line that is not blank (blank lines carry nothing in any of the protocols).
    pub fn next_nonempty(&mut self, log: &mut impl Write) -> Result<String, InputError> {
        loop {
            let line = self.next_line(log)?;
            if !line.is_empty() {
                return Ok(line);
            }
        }
    }

    /// Writes `boardlab: line N: what` to `log`, naming the last line read.
    pub fn warn(&self, log: &mut impl Write, what: impl std::fmt::Display) {
        let _ = writeln!(log, "boardlab: line {}: {what}", self.line_no);
    }

    /// Reads the `n` rows of a board, resynchronising on their shape (see [`Rows`]).
    ///
    /// `first` is a row the caller already read (when the board came without its header line);
    /// `noise_before` counts the lines after the header that the caller skipped (they may be
    /// damaged rows). `fits(y, line)` says whether `line` is a well-formed row `y`; `ends(line)`
    /// whether it looks like the field that follows the board.
    ///
    /// A line that is not row `y` but fits row `y + 1` means row `y` was lost (only boards whose
    /// rows differ in shape, such as Yavalath's, can tell). A line that looks like the next field
    /// ends the board early only once `n` lines have passed since the header (the referee always
    /// sends `n`): before that it is a stray line. Every other line is skipped. So a stray line
    /// never shifts the board, and a damaged row never makes the bot wait for a line that is not
    /// coming; only a board that lost whole lines with nothing in their place can.
    /// Errors: the end of input or a failed read.
    pub fn read_rows(
        &mut self,
        log: &mut impl Write,
        n: usize,
        first: Option<String>,
        noise_before: usize,
        fits: impl Fn(usize, &str) -> bool,
        ends: impl Fn(&str) -> bool,
    ) -> Result<Rows, InputError> {
        let mut rows = vec![None; n];
        let mut pending = first;
        let mut seen = noise_before;
        let mut y = 0;
        while y < n {
            let line = match pending.take() {
                Some(l) => l,
                None => self.next_nonempty(log)?,
            };
            seen += 1;
            if fits(y, &line) {
                rows[y] = Some(line);
                y += 1;
            } else if y + 1 < n && fits(y + 1, &line) {
                self.warn(
                    log,
                    format!("row {y} is missing or damaged; '{line}' is row {}", y + 1),
                );
                rows[y + 1] = Some(line);
                y += 2;
            } else if seen > n && ends(&line) {
                self.warn(
                    log,
                    format!(
                        "the board ends after {} of its {n} rows",
                        rows.iter().flatten().count()
                    ),
                );
                return Ok(Rows {
                    rows,
                    trailing: Some(line),
                });
            } else {
                self.warn(log, format!("skipped '{line}': not row {y} of the board"));
            }
        }
        Ok(Rows {
            rows,
            trailing: None,
        })
    }
}

/// The rows of one board as [`Lines::read_rows`] found them.
#[derive(Clone, Debug)]
pub struct Rows {
    /// Row `y` as sent, or `None` when it was lost or damaged. On boards whose rows all look
    /// alike, rows after a lost one may stand one place early: use such a board only when every
    /// row is there ([`Rows::complete`]).
    pub rows: Vec<Option<String>>,
    /// The line that ended a short board: the field after the board, already read.
    pub trailing: Option<String>,
}

impl Rows {
    /// Whether every row was read.
    pub fn complete(&self) -> bool {
        self.rows.iter().all(Option::is_some)
    }
}

/// One turn's clock, handed to a bot's answer: when the turn's input was complete, and the
/// reserve its earlier turns taught ([`TurnReserve`]). The bot asks it for its search budget,
/// which is also the plan the turn's wall time is measured against.
pub struct TurnClock {
    /// When the turn's input was complete: the referee's time limit counts from about here.
    pub started: Instant,
    reserve: TurnReserve,
    /// When the turn was planned to end, in ms after `started` (set by [`TurnClock::budget_ms`]).
    plan_ms: Cell<Option<f64>>,
}

impl TurnClock {
    /// A clock started now with `reserve`'s current reserve.
    pub fn new(reserve: TurnReserve) -> TurnClock {
        TurnClock {
            started: Instant::now(),
            reserve,
            plan_ms: Cell::new(None),
        }
    }

    /// Milliseconds since the turn's input was complete (fractional).
    pub fn elapsed_ms(&self) -> f64 {
        self.started.elapsed().as_secs_f64() * 1000.0
    }

    /// The search budget, in ms, of a turn whose nominal budget is `nominal_ms`: what is left of
    /// it after the time already spent since the input was complete and the adaptive reserve
    /// ([`TurnReserve::budget_ms`]), at least 1 ms. Records the plan (spent + budget) that the
    /// turn's wall time is compared with.
    pub fn budget_ms(&self, nominal_ms: u64) -> u64 {
        let spent = self.elapsed_ms();
        let budget = self.reserve.budget_ms(nominal_ms, spent as u64);
        self.plan_ms.set(Some(spent + budget as f64));
        budget
    }
}

/// Answers turns until the input ends: `read` reads one turn, `answer` turns it (and its
/// [`TurnClock`], started when the reading finished) into the line to print. The time from the
/// input being complete to the answer being flushed is compared with the turn's plan, and the
/// reserve of later turns follows the excess ([`TurnReserve`]); a turn that ran 5 ms or more
/// past its plan is logged (`turn W ms, plan P ms, reserve R ms`). Everything `read` and
/// `answer` log goes to `log` only after the answer is flushed: a write to a stderr that blocks
/// (a busy disk, a slow pipe) must not delay the answer. Errors: only failures to write the
/// answer.
pub fn serve_turns<R: BufRead, T, W: Write, L: Write>(
    lines: &mut Lines<R>,
    out: &mut W,
    log: &mut L,
    mut read: impl FnMut(&mut Lines<R>, &mut Vec<u8>) -> Result<T, InputError>,
    mut answer: impl FnMut(T, &TurnClock, &mut Vec<u8>) -> String,
) -> io::Result<()> {
    let mut reserve = TurnReserve::new();
    let mut held = Vec::new();
    loop {
        held.clear();
        let turn = match read(lines, &mut held) {
            Ok(t) => t,
            Err(InputError::Eof) => {
                let _ = log.write_all(&held);
                return Ok(());
            }
            Err(InputError::Io(e)) => {
                let _ = log.write_all(&held);
                let _ = writeln!(log, "boardlab: {e}");
                return Ok(());
            }
        };
        let clock = TurnClock::new(reserve);
        let line = answer(turn, &clock, &mut held);
        writeln!(out, "{line}")?;
        out.flush()?;
        let wall = clock.elapsed_ms();
        let _ = log.write_all(&held);
        if let Some(planned) = clock.plan_ms.get() {
            reserve.observe(planned, wall);
            if wall >= planned + 5.0 {
                let _ = writeln!(
                    log,
                    "boardlab: turn {wall:.1} ms, plan {planned:.1} ms, reserve {} ms",
                    reserve.reserve_ms()
                );
            }
        }
    }
}

/// `line` as one of a referee's short numbers (a count, a turn index, a column) of at most
/// `max_digits` digits after an optional `-`, or `None`. A longer run of digits is a damaged
/// line, not a number: a row of `0`s run on without its line breaks parses as 0, and taken for a
/// count it would end a board early, so that the rest of the turn's rows were answered as
/// another turn (`make fuzz` found it in Amazons and Connect 4).
pub fn short_number(line: &str, max_digits: usize) -> Option<i32> {
    let digits = line.strip_prefix('-').unwrap_or(line);
    if digits.len() > max_digits {
        return None;
    }
    line.parse().ok()
}

/// Whether `line` is two whole numbers separated by whitespace (a move `x y`, or the ids
/// `myId oppId`).
pub fn two_numbers(line: &str) -> Option<(i32, i32)> {
    let mut words = line.split_whitespace();
    let a = words.next()?.parse().ok()?;
    let b = words.next()?.parse().ok()?;
    words.next().is_none().then_some((a, b))
}

/// The number of squares `text` names back to back (`a1`-style names on a board of `size`
/// files and ranks, lower-case files), or `None` when it is anything else: the readability test
/// of the games whose actions are squares. Shared by the bots (is a line a move?) and the arena's
/// referees (is an answer readable?), which read the same square notation.
pub fn square_count(text: &str, size: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let square = |sq: &[u8]| {
        sq.len() == 2
            && (b'a'..b'a' + size).contains(&sq[0])
            && (b'1'..b'1' + size).contains(&sq[1])
    };
    (!bytes.is_empty() && bytes.chunks(2).all(square)).then_some(bytes.len() / 2)
}
