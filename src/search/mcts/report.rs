//! What an MCTS search tells the outside world while it runs and at the end: iterations, speed,
//! tree depth, and for every root move its visits, value, line and replies (one level down).

#[cfg(feature = "serde")]
use serde::Serialize;

use crate::game::score;
use crate::ranking;
use crate::search::mcts::merge;
use crate::search::mcts::tree::{Tree, UNPROVEN};
use crate::search::report::{Score, StopReason};

/// A reply to a root move: the move one level down, with what the tree knows of it.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct MctsReply<M> {
    /// The reply.
    pub mv: M,
    /// Playouts through this reply.
    pub visits: u32,
    /// Winning chance (0..1) for the player making the reply (the opponent of the root's side).
    pub value: f64,
    /// The value as a score for the player making the reply (proven results exact).
    pub score: Score,
}

/// One root move of an MCTS search.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct MctsRootMove<M> {
    /// The root move.
    pub mv: M,
    /// Playouts through this move.
    pub visits: u32,
    /// Winning chance (0..1) for the side to move at the root: the mean playout result with the
    /// prior counted as its virtual playouts (the prior alone before a visit), or exactly 1, 0
    /// or 0.5 once proven.
    pub value: f64,
    /// The static evaluation's winning chance (0..1) the move started with.
    pub prior: f64,
    /// The value as a score for the side to move (proven results exact).
    pub score: Score,
    /// The most visited line starting with this move.
    pub pv: Vec<M>,
    /// The replies the tree has generated, most visited first (empty before the move's node is
    /// expanded). On several threads: those of the tree that visited the move most, as is `pv`.
    pub replies: Vec<MctsReply<M>>,
}

/// A report of a running or finished MCTS search.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct MctsReport<M> {
    /// Iterations (one playout each) since the search started.
    pub iterations: u64,
    /// Visits below the root kept from the previous search's tree (0 without reuse): the root
    /// moves' visits add up to `iterations + reused`.
    pub reused: u64,
    /// Nodes in the tree, the root included (in all the threads' trees).
    pub tree_nodes: u64,
    /// Threads the search ran on (root parallelism: whose trees the report merges; 1 on one
    /// thread).
    pub threads: u32,
    /// Iterations per second since the search started.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: u64,
    /// Deepest tree node a playout started from, in plies below the root.
    pub max_depth: u32,
    /// Mean depth of the tree nodes the playouts started from, in plies.
    pub mean_depth: f64,
    /// Deepest ply any playout reached, its random plies included.
    pub seldepth: u32,
    /// The best move's winning chance (0..1) for the side to move at the root.
    pub value: f64,
    /// The best move's value as a score for the side to move (proven results exact).
    pub score: Score,
    /// The principal variation: the most visited line.
    pub pv: Vec<M>,
    /// Every root move, most visited first.
    pub root_moves: Vec<MctsRootMove<M>>,
}

/// The end of an MCTS search: the move to play and the last report.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct MctsResult<M> {
    /// The most visited root move (a proven win first); `None` only when the game is over.
    pub best: Option<M>,
    /// The report at the end (`None` when the game is over).
    pub last: Option<MctsReport<M>>,
    /// Iterations (selection, expansion, playout, backup) run.
    pub iterations: u64,
    /// Milliseconds spent.
    pub elapsed_ms: u64,
    /// Why the search stopped.
    pub stop: StopReason,
}

/// A winning chance (0..1) as a score on the evaluation's scale `scale` (the logistic curve
/// inverted), or the proven result `proven` (an internal score, [`crate::game::score`]).
pub fn value_score(value: f64, proven: Option<i32>, scale: f64) -> Score {
    if let Some(p) = proven {
        return Score::from_proven(p, true);
    }
    let p = value.clamp(1e-6, 1.0 - 1e-6);
    let s = (scale * (p / (1.0 - p)).ln()).round() as i32;
    Score::Eval(s.clamp(-score::PROVEN + 1, score::PROVEN - 1))
}

/// Search-wide counts a report needs beyond the trees (summed over the threads).
pub struct Counts {
    pub iterations: u64,
    pub reused: u64,
    pub tree_nodes: u64,
    pub threads: u32,
    pub elapsed_ms: u64,
    pub nps: u64,
    pub max_depth: u32,
    pub mean_depth: f64,
    pub seldepth: u32,
}

/// Longest line a report lists.
const MAX_LINE: usize = 32;

/// Reads a report off the merged root moves `roots` ([`merge::merge`]), each move's line and
/// replies from the tree `trees[source]` it names.
pub fn build<M: Copy + Default>(
    trees: &[&Tree<M>],
    roots: &[merge::RootMove<M>],
    counts: Counts,
    prior_visits: f64,
    scale: f64,
) -> MctsReport<M> {
    let mut unsorted: Vec<MctsRootMove<M>> = roots
        .iter()
        .map(|r| root_move(trees[r.source], r, prior_visits, scale))
        .collect();
    // The best move (a proven win may have few visits) leads, then the most visited, as the
    // search ranks them.
    let best = merge::best(roots, prior_visits).map(|k| unsorted.remove(k));
    let mut root_moves = ranking::sorted_by(unsorted, |r| rank(r.visits, r.value));
    root_moves.splice(0..0, best);
    let (value, score, pv) = match root_moves.first() {
        Some(r) => (r.value, r.score, r.pv.clone()),
        None => (0.5, Score::Eval(0), Vec::new()),
    };
    MctsReport {
        iterations: counts.iterations,
        reused: counts.reused,
        tree_nodes: counts.tree_nodes,
        threads: counts.threads,
        nps: counts.nps,
        elapsed_ms: counts.elapsed_ms,
        max_depth: counts.max_depth,
        mean_depth: counts.mean_depth,
        seldepth: counts.seldepth,
        value,
        score,
        pv,
        root_moves,
    }
}

/// `x` as a 64-bit key part that sorts largest first, in the order of `f64::total_cmp`.
const fn descending_f64(x: f64) -> u128 {
    let bits = x.to_bits();
    // IEEE 754 bits ordered as unsigned integers: negative numbers flipped whole, the sign bit
    // set on the others (the order `total_cmp` defines); then reversed.
    let ascending = if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    };
    !ascending as u128
}

/// The ranking key of a move with `visits` and `value`: the most visited first, then the higher
/// value.
fn rank(visits: u32, value: f64) -> u128 {
    ((u32::MAX - visits) as u128) << 64 | descending_f64(value)
}

/// The report of root move `r`: its (merged) numbers, and its line and replies in `tree`.
fn root_move<M: Copy + Default>(
    tree: &Tree<M>,
    r: &merge::RootMove<M>,
    prior_visits: f64,
    scale: f64,
) -> MctsRootMove<M> {
    let n = &r.node;
    let value = n.value(prior_visits);
    let mut pv = vec![n.mv];
    tree.line_from(r.index, prior_visits, MAX_LINE - 1, &mut pv);
    let replies: Vec<MctsReply<M>> = tree
        .children(r.index)
        .map(|c| {
            let rn = tree.node(c);
            let v = rn.value(prior_visits);
            MctsReply {
                mv: rn.mv,
                visits: rn.visits,
                value: v,
                score: value_score(v, known(rn.proven_for_mover()), scale),
            }
        })
        .collect();
    let replies = ranking::sorted_by(replies, |r| rank(r.visits, r.value));
    MctsRootMove {
        mv: n.mv,
        visits: n.visits,
        value,
        prior: n.prior as f64,
        score: value_score(value, known(n.proven_for_mover()), scale),
        pv,
        replies,
    }
}

/// `Some` for a proven result, `None` for [`UNPROVEN`].
fn known(proven: i32) -> Option<i32> {
    (proven != UNPROVEN).then_some(proven)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descending_f64_reverses_total_cmp() {
        let xs = [
            f64::NEG_INFINITY,
            -1.5,
            -0.0,
            0.0,
            1e-300,
            0.25,
            1.0,
            f64::INFINITY,
            f64::NAN,
        ];
        for a in xs {
            for b in xs {
                assert_eq!(
                    descending_f64(a).cmp(&descending_f64(b)),
                    b.total_cmp(&a),
                    "{a} vs {b}"
                );
            }
        }
    }
}
