//! Lazy SMP: helper threads search the same root as the main search, each its own iterative
//! deepening with its own history and killers, sharing only the lock-free transposition table,
//! so each finds the others' results there. Helpers skip some depths (Stockfish 10's
//! `SkipSize`/`SkipPhase` tables), so they run ahead of the main thread rather than beside it.
//! The main search reports its iterations and stops the helpers when it ends;
//! [`Searcher::search`] returns once every helper has ([`crate::search::team::run`]). A helper
//! that completes the depth limit first stops the main search, and its iteration is the answer:
//! the team reaches a depth when its first thread does. Under a time or node limit the main
//! search's answer stands (taking a helper's deeper iteration there, as Stockfish picks its best
//! thread, scored -38 Elo, -86 .. +8, in 200 Ataxx games at 30 ms a move: README).

use std::sync::atomic::Ordering::Relaxed;

use super::{RootScore, Searcher, Team, MAX_PLY, MAX_THREADS};
use crate::game::Evaluate;
use crate::search::report::{
    Iteration, Progress, RootMove, Score, ScoreBound, SearchResult, StopReason,
};
use crate::search::team::{self, WhenMainEnds};
use crate::search::Limits;

/// The helper threads' names: this and the helper's number from 1 (`lazy-smp-1`, ...).
pub const HELPER_NAME: &str = "lazy-smp-";

/// Helper `i` (from 0) skips iteration `d` when `(d + SKIP_PHASE[i % 20]) / SKIP_SIZE[i % 20]` is
/// odd: the first helper searches the even depths, the second the odd ones, later ones runs of
/// two, three or four (Stockfish 10, `search.cpp`).
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

impl<G: Evaluate> Searcher<G> {
    /// Searches on `n` threads from now on (clamped to 1..=[`MAX_THREADS`]): `n - 1` helpers
    /// sharing this searcher's table. One thread searches exactly as before (same nodes, same
    /// move); more make the search nondeterministic.
    pub fn set_threads(&mut self, n: usize) {
        let helpers = n.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut h = Searcher::new(0);
            h.tt = self.tt.clone();
            h.team = self.team.clone();
            h.helper = true;
            self.helpers.push(h);
        }
    }

    /// Forgets the helpers' history (the shared table is the caller's to clear).
    pub(super) fn clear_helpers(&mut self) {
        for s in &mut self.helpers {
            s.history.iter_mut().for_each(|h| *h = 0);
        }
    }

    /// The search on every thread: the helpers on threads of their own ([`Self::run_team`]),
    /// the main search here.
    pub(super) fn start(
        &mut self,
        pos: &G,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<G::Move>),
        on_progress: &mut dyn FnMut(&Progress),
    ) -> SearchResult<G::Move> {
        // Lowered here, not only before a team search: one thread also reads it (a helper's
        // completed depth limit), and the last team search left it raised.
        self.team.stop.store(false, Relaxed);
        if self.helpers.is_empty() {
            return self.run(pos, limits, on_iteration, on_progress);
        }
        self.team.nodes.store(0, Relaxed);
        let mut helpers = std::mem::take(&mut self.helpers);
        let mut completed: Vec<Option<Iteration<G::Move>>> = helpers.iter().map(|_| None).collect();
        let team = self.team.clone();
        let mut on_iteration = on_iteration;
        let mut result = self.run_team(
            &mut helpers,
            &mut completed,
            &team,
            pos,
            limits,
            &mut on_iteration,
            on_progress,
        );
        result.nodes += helpers.iter().map(|h| h.nodes).sum::<u64>();
        self.helpers = helpers;
        Self::adopt_at_limit(&mut result, completed, &mut on_iteration);
        result
    }

    /// When a helper completed the depth limit before the main search did, the helper's
    /// iteration is the search's answer and is reported as its last. A proven result of the
    /// main search stands, and so does its answer when no helper reached the limit.
    fn adopt_at_limit(
        result: &mut SearchResult<G::Move>,
        at_limit: Vec<Option<Iteration<G::Move>>>,
        on_iteration: &mut impl FnMut(&Iteration<G::Move>),
    ) {
        let main_depth = result.last.as_ref().map_or(0, |it| it.depth);
        let mut reached = at_limit.into_iter().flatten();
        let Some(mut answer) = reached.find(|it| it.depth > main_depth && !it.pv.is_empty()) else {
            return;
        };
        if result.stop == StopReason::Solved {
            return;
        }
        answer.nodes = result.nodes;
        answer.elapsed_ms = result.elapsed_ms;
        answer.nps = result.nodes * 1000 / result.elapsed_ms.max(1);
        on_iteration(&answer);
        result.best = answer.pv.first().copied();
        result.stop = StopReason::Depth;
        result.last = Some(answer);
    }

    /// Runs the main search here and each helper on a thread of its own
    /// ([`crate::search::team::run`]); the helpers stop when the main search ends, and this
    /// returns once every helper has. A helper's iteration at the depth limit, if it completed
    /// one, lands in its slot of `completed`.
    #[allow(clippy::too_many_arguments)]
    fn run_team(
        &mut self,
        helpers: &mut [Searcher<G>],
        completed: &mut [Option<Iteration<G::Move>>],
        team: &Team,
        pos: &G,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<G::Move>),
        on_progress: &mut dyn FnMut(&Progress),
    ) -> SearchResult<G::Move> {
        let jobs = helpers
            .iter_mut()
            .zip(completed)
            .enumerate()
            .map(|(i, (h, slot))| {
                h.nodes = 0;
                let pos = pos.clone();
                move || *slot = h.run_helper(&pos, limits.max_depth, i)
            });
        team::run(
            HELPER_NAME,
            &team.stop,
            jobs,
            WhenMainEnds::StopHelpers,
            || self.run(pos, limits, on_iteration, on_progress),
        )
    }

    /// The report of the iteration a helper just completed at `depth` (plies), whose best
    /// score is `best` and whose root moves scored `scores` (best first). The main search
    /// builds its own inline: this code is threads-only, so the Ataxx CodinGame bundle, which
    /// has no threads and is within a few dozen characters of its limit, does not carry it.
    fn completed_iteration(
        &self,
        depth: u32,
        best: i32,
        scores: &[RootScore<G::Move>],
    ) -> Iteration<G::Move> {
        let root_moves = scores.iter().map(|r| RootMove {
            mv: r.mv,
            score: Score::from_proven(r.score, r.proven),
            bound: r.bound,
            pv: r.pv.clone(),
        });
        Iteration {
            depth,
            seldepth: self.seldepth.max(depth),
            nodes: self.nodes,
            nps: self.nps(),
            elapsed_ms: self.elapsed_ms(),
            score: Score::from_proven(best, scores.iter().all(|r| r.proven)),
            pv: self.pv[0].clone(),
            root_moves: root_moves.collect(),
        }
    }

    /// A helper's search: iterative deepening to `max_depth` (plies) or until the main search
    /// raises the team's stop flag, skipping depths as helper `index` does (see [`SKIP_SIZE`])
    /// but never `max_depth` itself. Its work reaches the main search through the table. When
    /// it completes `max_depth` it raises the team's flag and returns that iteration; else
    /// `None` (a report it would build at every depth is used only at the limit).
    fn run_helper(
        &mut self,
        pos: &G,
        max_depth: Option<u32>,
        index: usize,
    ) -> Option<Iteration<G::Move>> {
        self.started = crate::clock::Instant::now();
        self.limits = Limits {
            max_depth,
            ..Limits::default()
        };
        self.stopped = None;
        self.plies.iter_mut().for_each(|p| p.killers = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 4);
        let mut list = Vec::new();
        pos.search_moves(&mut list);
        if pos.outcome().is_some() || list.is_empty() {
            return None;
        }
        let mut root: Vec<RootMove<G::Move>> = list
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: Score::Eval(0),
                bound: ScoreBound::Upper,
                pv: Vec::new(),
            })
            .collect();
        let mut scores = Vec::new();
        let mut previous = None;
        let (size, phase) = (SKIP_SIZE[index % 20], SKIP_PHASE[index % 20]);
        let max = max_depth.unwrap_or(u32::MAX).min(MAX_PLY as u32 - 8);
        // The depth limit is never skipped: the team reaches it when its first thread does.
        let searched = |d: u32| (d + phase) / size % 2 == 0 || max_depth == Some(d);
        for depth in (1..=max).filter(|&d| searched(d)) {
            self.seldepth = 0;
            self.depth_now = depth;
            let Some(best) =
                self.search_root(pos, depth as i32, previous, &mut scores, &root, &mut |_| {})
            else {
                return None;
            };
            previous = Some(best);
            if max_depth == Some(depth) {
                self.team.stop.store(true, Relaxed);
                return Some(self.completed_iteration(depth, best, &scores));
            }
            if scores.iter().all(|r| r.proven) {
                return None;
            }
            root = scores
                .iter()
                .map(|r| RootMove {
                    mv: r.mv,
                    score: Score::Eval(r.score),
                    bound: r.bound,
                    pv: Vec::new(),
                })
                .collect();
        }
        None
    }
}
