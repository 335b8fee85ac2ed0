//! What a search tells the outside world after each completed iteration and at the end.

#[cfg(feature = "serde")]
use serde::Serialize;

use crate::game::score;
use crate::search::tt::Bound;

/// A score as people read it: a heuristic value, or a proven result counted in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(Serialize),
    serde(tag = "kind", content = "value", rename_all = "lowercase")
)]
pub enum Score {
    /// Heuristic evaluation units from the side to move (about 60 = one open threat).
    Eval(i32),
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
    /// Proven drawn: every line the search followed ended in a drawn game or in results no
    /// better for either side (serialised as `{kind: "draw"}`, no value).
    Draw,
}

impl Score {
    /// Classifies an internal score (see [`crate::game::score`]).
    pub fn from_internal(s: i32) -> Score {
        if let Some(n) = score::plies_to_win(s) {
            Score::Win(n)
        } else if let Some(n) = score::plies_to_loss(s) {
            Score::Loss(n)
        } else {
            Score::Eval(s)
        }
    }

    /// Classifies an internal score that is `proven` (it depends on finished games only, no
    /// evaluation): 0 is then a proven draw.
    pub fn from_proven(s: i32, proven: bool) -> Score {
        if proven && s == 0 {
            Score::Draw
        } else {
            Score::from_internal(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Eval(v) => write!(f, "{v:+}"),
            Score::Win(n) => write!(f, "win in {n}"),
            Score::Loss(n) => write!(f, "loss in {n}"),
            Score::Draw => write!(f, "draw"),
        }
    }
}

/// Whether a root move's score is exact or only a bound (PVS searches most root moves with a
/// null window, which proves only "no better than the best").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize), serde(rename_all = "lowercase"))]
pub enum ScoreBound {
    /// The score is the move's value at this depth.
    Exact,
    /// The true score is at most this.
    Upper,
    /// The true score is at least this.
    Lower,
}

impl From<Bound> for ScoreBound {
    fn from(b: Bound) -> Self {
        match b {
            Bound::Exact => ScoreBound::Exact,
            Bound::Upper => ScoreBound::Upper,
            Bound::Lower => ScoreBound::Lower,
        }
    }
}

/// One root move's result in the last completed iteration.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct RootMove<M> {
    /// The root move.
    pub mv: M,
    /// Its score for the side to move at the root.
    pub score: Score,
    /// Whether `score` is exact or a bound.
    pub bound: ScoreBound,
    /// Its line, the move first: kept only when every root move is searched with a full window
    /// (`exact_root_scores`, multi-PV), else empty.
    pub pv: Vec<M>,
}

/// The report of one completed iteration of iterative deepening.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Iteration<M> {
    /// Nominal depth of the iteration, in plies.
    pub depth: u32,
    /// Deepest ply reached, extensions included.
    pub seldepth: u32,
    /// Nodes visited since the search started (all iterations).
    pub nodes: u64,
    /// Nodes per second since the search started.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: u64,
    /// The best move's score, from the side to move at the root.
    pub score: Score,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// Every searched root move, best first.
    pub root_moves: Vec<RootMove<M>>,
}

/// Where a search stands in the middle of an iteration. Iterations grow several times longer
/// each (a deep one can take minutes), so a caller that must know the search is alive hears
/// this between them: see [`crate::search::Searcher::search_with_progress`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Progress {
    /// Nominal depth of the iteration under way, in plies.
    pub depth: u32,
    /// Deepest ply reached so far in that iteration, extensions included.
    pub seldepth: u32,
    /// Nodes visited since the search started (all iterations).
    pub nodes: u64,
    /// Nodes per second since the search started.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: u64,
}

/// Why a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize), serde(rename_all = "lowercase"))]
pub enum StopReason {
    /// The time budget ran out.
    Time,
    /// The depth limit was reached.
    Depth,
    /// The node limit was reached.
    Nodes,
    /// The result was proven, or the only move was found.
    Solved,
}

/// The end of a search: the move to play and the last completed iteration.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct SearchResult<M> {
    /// The best move of the last completed iteration; `None` only when the game is over.
    pub best: Option<M>,
    /// The last completed iteration (`None` when the game is over).
    pub last: Option<Iteration<M>>,
    /// Total nodes visited.
    pub nodes: u64,
    /// Total milliseconds spent.
    pub elapsed_ms: u64,
    /// Why the search stopped.
    pub stop: StopReason,
}
