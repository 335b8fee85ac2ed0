//! Search, generic over [`crate::game::Evaluate`]: limits, the transposition table, iterative
//! deepening alpha-beta and its reports.

pub mod alphabeta;
pub mod report;
pub mod tt;

pub use alphabeta::Searcher;
pub use report::{Iteration, RootMove, Score, ScoreBound, SearchResult, StopReason};

/// When a search must stop. Unset fields do not limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget in milliseconds, checked inside the search; the search returns within it.
    pub time_ms: Option<u64>,
    /// Deepest nominal iteration, in plies.
    pub max_depth: Option<u32>,
    /// Node budget (checked every 256 nodes).
    pub max_nodes: Option<u64>,
    /// Search every root move with a full window so each gets an exact score (analysis; slower).
    /// Otherwise PVS proves most root moves only "no better than the best" (an upper bound).
    pub exact_root_scores: bool,
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
}
