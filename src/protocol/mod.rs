//! CodinGame adapters: each reads its referee's per-turn input from stdin and answers on stdout
//! within the time limit. Malformed input is reported on stderr and, where the position can
//! still be read, answered with a legal move; nothing here panics on input.

pub mod amazons;
pub mod ataxx;
pub mod connect4;
mod dispatch;
pub mod uai;
pub mod yavalath;

use std::io::BufRead;

use crate::search::{EngineKind, MctsConfig};
pub use dispatch::{run_baseline_bot, run_bot};

/// Time and memory settings of a bot.
#[derive(Clone, Copy, Debug)]
pub struct BotConfig {
    /// Thinking time on the first turn, in ms (the referees allow 1000).
    pub first_turn_ms: u64,
    /// Thinking time on later turns, in ms (the referees allow 100).
    pub turn_ms: u64,
    /// Transposition table (or MCTS tree) size in MiB.
    pub tt_mib: usize,
    /// The engine; `None`: the game's default ([`EngineKind::default_for`]).
    pub engine: Option<EngineKind>,
    /// MCTS settings, when the engine is MCTS.
    pub mcts: MctsConfig,
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig {
            first_turn_ms: 600,
            turn_ms: 80,
            tt_mib: 64,
            engine: None,
            mcts: MctsConfig::default(),
        }
    }
}

/// Reads input lines, counting them for error messages.
pub struct Lines<R> {
    input: R,
    /// 1-based number of the last line read.
    pub line_no: usize,
}

/// Why a turn could not be read.
#[derive(Debug)]
pub enum InputError {
    /// Standard input ended (the referee closed it): stop quietly.
    Eof,
    /// A line that does not fit the protocol; the message names it.
    Malformed(String),
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Self {
        Lines { input, line_no: 0 }
    }

    /// The next line without its line ending and surrounding whitespace.
    pub fn next_line(&mut self) -> Result<String, InputError> {
        let mut buf = String::new();
        match self.input.read_line(&mut buf) {
            Ok(0) => Err(InputError::Eof),
            Ok(_) => {
                self.line_no += 1;
                Ok(buf.trim().to_string())
            }
            Err(e) => Err(InputError::Malformed(format!("cannot read stdin: {e}"))),
        }
    }

    /// A malformed-input error naming the current line.
    pub fn error(&self, what: impl std::fmt::Display) -> InputError {
        InputError::Malformed(format!("line {}: {what}", self.line_no))
    }
}
