//! Search, generic over [`crate::game::Evaluate`]: limits, the transposition table, iterative
//! deepening alpha-beta, Monte Carlo tree search, and their reports.

// The engine's search; a baseline bundle (`codingame_baseline`) plays without it.
#[cfg(not(codingame_baseline))]
pub mod alphabeta;
pub mod budget;
// The CodinGame bundles of bots that never run MCTS leave it out (scripts/codingame-bundle.py).
#[cfg(not(bundle_without_mcts))]
pub mod mcts;
pub mod report;
pub mod statics;
#[cfg(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
))]
pub(crate) mod team;
pub mod tt;

#[cfg(not(codingame_baseline))]
pub use alphabeta::{Searcher, MAX_THREADS};
pub use budget::{BudgetError, DEFAULT_BUDGET_MS, MAX_BUDGET_MS, MIN_BUDGET_MS};
#[cfg(not(bundle_without_mcts))]
pub use mcts::{Mcts, MctsConfig, MctsReport, MctsResult};
pub use report::{Iteration, Progress, RootMove, Score, ScoreBound, SearchResult, StopReason};
pub use statics::{static_move_score, static_root_scores};

/// Declared beside the games (each game's [`crate::game::Evaluate::DEFAULT_ENGINE`] names one),
/// re-exported here where the engines live.
pub use crate::game::EngineKind;

use std::sync::atomic::{AtomicBool, Ordering};

/// A flag another thread raises to stop a running search (UAI `stop`). The search reads it where
/// it reads the clock (every 256 nodes) and then returns as if its time had run out. Flags live
/// for the whole program (they are leaked, one per UAI session); equality is identity.
#[derive(Clone, Copy, Debug)]
pub struct StopFlag(&'static AtomicBool);

impl StopFlag {
    /// A new, lowered flag.
    pub fn new() -> StopFlag {
        StopFlag(Box::leak(Box::new(AtomicBool::new(false))))
    }

    /// Asks the search to stop.
    pub fn raise(self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag before a new search.
    pub fn lower(self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// The flag itself, for a team of threads to watch ([`team::run`]).
    #[cfg(all(
        feature = "threads",
        any(not(target_arch = "wasm32"), target_feature = "atomics")
    ))]
    pub(crate) fn flag(self) -> &'static AtomicBool {
        self.0
    }

    /// Whether the flag is up.
    pub fn is_raised(self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Default for StopFlag {
    fn default() -> Self {
        StopFlag::new()
    }
}

impl PartialEq for StopFlag {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for StopFlag {}

/// When a search must stop. Unset fields do not limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget in milliseconds, checked inside the search; the search returns within it.
    pub time_ms: Option<u64>,
    /// Deepest nominal iteration, in plies (MCTS: the deepest tree node it expands).
    pub max_depth: Option<u32>,
    /// Node budget (checked every 256 nodes); for MCTS, the number of iterations (playouts).
    pub max_nodes: Option<u64>,
    /// Search every root move with a full window so each gets an exact score (analysis; slower).
    /// Otherwise PVS proves most root moves only "no better than the best" (an upper bound).
    pub exact_root_scores: bool,
    /// Stop when this flag is raised (checked with the clock; reported as [`StopReason::Time`]).
    pub stop: Option<StopFlag>,
    /// `time_ms` is this move's alone (UAI `movetime`): iterate until [`Limits::stop_at_ms`]
    /// instead of stopping once the next iteration looks unlikely to end in time, since time
    /// saved here is not spent anywhere else.
    pub fixed_time: bool,
}

impl Limits {
    /// A time budget in milliseconds.
    pub fn time(ms: u64) -> Self {
        Limits {
            time_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// A fixed depth in plies.
    pub fn depth(plies: u32) -> Self {
        Limits {
            max_depth: Some(plies),
            ..Limits::default()
        }
    }

    /// When the search loop stops, in ms since the search began: the budget less a reserve of
    /// 1/20 of it (2 to 50 ms) for what follows the last clock check (finishing the node, the
    /// final report, handing the move over), so the whole search returns within `time_ms`.
    pub fn stop_at_ms(&self) -> Option<u64> {
        self.time_ms
            .map(|ms| ms.saturating_sub((ms / 20).clamp(2, 50)))
    }
}
