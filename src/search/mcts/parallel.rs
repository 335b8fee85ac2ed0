//! A search on several threads: the team of helper searchers, and root parallelism ([`Parallel::Root`];
//! tree parallelism, [`Parallel::Tree`], is `shared.rs`).
//!
//! Root parallelism (Chaslot, Winands and van den Herik, "Parallel Monte-Carlo Tree Search",
//! 2008): every thread grows a tree of its own from the same root, and the root moves' visits and
//! rewards are summed over the trees to choose the move and to report ([`super::merge`]). The
//! threads share nothing while they search but a stop flag and, for the reports, a copy of
//! each helper's root children that the helper refreshes every [`MctsConfig::report_ms`].
//!
//! Amazons' search has no random playout (its leaves are evaluations), so identical threads
//! would grow identical trees: each helper adds seeded noise to the priors of the children it
//! generates ([`MctsConfig::helper_noise`]); the main thread adds none. An iteration budget is
//! split evenly among the threads and each keeps to its share, so a search limited by
//! iterations gives the same result every time. The main thread reports; the search returns
//! once every helper has ended ([`crate::search::team::run`]).

use std::sync::Mutex;

use super::merge::{self, RootMove};
use super::tree::{Node, Tree};
use super::{Counters, Mcts, MctsConfig, MctsReport, MctsResult, Parallel};
use crate::clock::Instant;
use crate::game::Evaluate;
use crate::search::team::{self, WhenMainEnds};
use crate::search::{Limits, StopFlag, StopReason, MAX_THREADS};

/// The helper threads' names: this and the helper's number from 1 (`mcts-helper-1`, ...).
pub const HELPER_NAME: &str = "mcts-helper-";

/// What a helper shows the main thread while it searches: a copy of its root children and its
/// counters, refreshed every report interval; and how it ended.
struct Snapshot<M> {
    children: Vec<Node<M>>,
    counters: Counters,
    end: Option<StopReason>,
}

impl<M> Default for Snapshot<M> {
    fn default() -> Self {
        Snapshot {
            children: Vec::new(),
            counters: Counters::default(),
            end: None,
        }
    }
}

impl Counters {
    /// These counters and `other`'s, for a report of several threads.
    pub(super) fn add(mut self, other: &Counters) -> Counters {
        self.iterations += other.iterations;
        self.depth_sum += other.depth_sum;
        self.reused += other.reused;
        self.max_depth = self.max_depth.max(other.max_depth);
        self.seldepth = self.seldepth.max(other.seldepth);
        self.tree_nodes += other.tree_nodes;
        self.threads += other.threads;
        self
    }
}

/// A searcher's helpers and what the threads of a search share.
pub(super) struct Team<G: Evaluate> {
    /// Threads a search runs on: the helpers and the searcher's own.
    threads: usize,
    /// The scheme the helpers and the trees are laid out for (`None`: not laid out yet).
    layout: Option<Parallel>,
    /// The helper searchers, kept between searches (with root parallelism each reuses its own
    /// tree; with tree parallelism they have none).
    helpers: Vec<Mcts<G>>,
    /// One snapshot per helper.
    snapshots: Vec<Mutex<Snapshot<G::Move>>>,
    /// Raised to stop every thread (made with the first helpers).
    stop: Option<StopFlag>,
    /// The nodes all the threads' trees hold together: the searcher's size (shared out among
    /// the threads' trees with root parallelism).
    capacity: usize,
}

impl<G: Evaluate> Team<G> {
    /// No helpers, for a searcher of `capacity` nodes.
    pub(super) fn new(capacity: usize) -> Self {
        Team {
            threads: 1,
            layout: None,
            helpers: Vec::new(),
            snapshots: Vec::new(),
            stop: None,
            capacity,
        }
    }

    /// Threads a search runs on: the helpers and the searcher's own.
    pub(super) fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets the helpers' trees.
    pub(super) fn clear(&mut self) {
        self.helpers.iter_mut().for_each(Mcts::clear);
    }
}

/// Locks a snapshot; a helper that panicked holding it left nothing half written that matters.
fn lock<M>(s: &Mutex<Snapshot<M>>) -> std::sync::MutexGuard<'_, Snapshot<M>> {
    s.lock().unwrap_or_else(|e| e.into_inner())
}

impl<G: Evaluate> Mcts<G> {
    /// Searches on `n` threads from now on (clamped to 1..=[`MAX_THREADS`]): `n - 1` helpers,
    /// sharing the work as [`MctsConfig::parallel`] says. With tree parallelism the threads
    /// share this searcher's tree; with root parallelism each has a tree of its own, holding
    /// `1/n` of the nodes the searcher was made with. The trees are laid out anew at the next
    /// search when `n` or the scheme has changed (that search reuses nothing). One thread
    /// searches exactly as a searcher never given helpers.
    pub fn set_threads(&mut self, n: usize) {
        let n = n.clamp(1, MAX_THREADS);
        if n != self.team.threads {
            self.team.threads = n;
            self.team.layout = None;
        }
    }

    /// Makes the trees and the helpers for the team's threads and the configured scheme, unless
    /// they are already laid out for them: one tree of the whole size (tree parallelism, or one
    /// thread), or a tree of `1/n` of it for each thread (root parallelism).
    fn lay_out_team(&mut self) {
        let n = self.team.threads;
        let scheme = self.config.parallel;
        if self.team.layout == Some(scheme) && self.team.helpers.len() + 1 == n {
            return;
        }
        let (main_nodes, helper_nodes) = match scheme {
            Parallel::Root if n > 1 => {
                let nodes = (self.team.capacity / n).max(4096);
                (nodes, nodes)
            }
            // The helpers of tree parallelism grow no tree of their own.
            _ => (self.team.capacity, 2),
        };
        if self.tree.capacity() != main_nodes {
            self.tree = Tree::with_capacity(main_nodes);
            self.root_pos = None;
        }
        self.team.helpers = (1..n)
            .map(|_| Mcts::with_nodes(helper_nodes, self.config))
            .collect();
        self.team.snapshots = (1..n).map(|_| Mutex::default()).collect();
        self.team.layout = Some(scheme);
    }

    /// Threads a search runs on ([`Mcts::set_threads`]).
    pub fn threads(&self) -> usize {
        self.team.threads()
    }

    /// Forgets the helpers' trees.
    pub(super) fn clear_helpers(&mut self) {
        self.team.clear();
    }

    /// [`Mcts::search`] on every thread: the helpers each on a thread of their own, the main
    /// search here; `pos` is not over. On one thread: `Err(on_report)`, for the caller to
    /// search alone.
    pub(super) fn search_team<F: FnMut(&MctsReport<G::Move>)>(
        &mut self,
        pos: &G,
        limits: Limits,
        mut on_report: F,
    ) -> Result<MctsResult<G::Move>, F> {
        self.lay_out_team();
        if self.team.threads() == 1 {
            return Err(on_report);
        }
        let stop = *self.team.stop.get_or_insert_with(StopFlag::new);
        if self.config.parallel == Parallel::Tree {
            let mut helpers = std::mem::take(&mut self.team.helpers);
            let result = self.search_shared(pos, limits, on_report, &mut helpers, stop);
            self.team.helpers = helpers;
            return Ok(result);
        }
        let mut helpers = std::mem::take(&mut self.team.helpers);
        let snapshots = std::mem::take(&mut self.team.snapshots);
        stop.lower();
        for s in &snapshots {
            *lock(s) = Snapshot::default();
        }
        let threads = helpers.len() as u64 + 1;
        let share = |i: u64| {
            limits
                .max_nodes
                .map(|n| n / threads + u64::from(i < n % threads))
        };
        for (i, h) in helpers.iter_mut().enumerate() {
            h.config = MctsConfig {
                seed: crate::rng::mix64(self.config.seed ^ (i as u64 + 1)),
                ..self.config
            };
            h.prior_noise = self.config.helper_noise;
            h.team_stop = Some(stop);
        }
        self.team_stop = Some(stop);
        let jobs: Vec<HelperJob<'_, G>> = helpers
            .iter_mut()
            .zip(&snapshots)
            .enumerate()
            .map(|(i, (searcher, snapshot))| HelperJob {
                searcher,
                snapshot,
                pos: pos.clone(),
                limits: Limits {
                    max_nodes: share(i as u64 + 1),
                    ..limits
                },
            })
            .collect();
        let started = Instant::now();
        let main_limits = Limits {
            max_nodes: share(0),
            ..limits
        };
        let jobs = jobs.into_iter().map(|job| move || job.run(stop, started));
        let end = team::run(
            HELPER_NAME,
            stop.flag(),
            jobs,
            WhenMainEnds::LetHelpersFinish,
            || {
                let end = self.run(pos, main_limits, started, |m| {
                    on_report(&m.running_report(&snapshots))
                });
                // Its own share of iterations done, the main thread waits for the helpers' shares
                // (the result then does not depend on the threads' speeds); otherwise all stop.
                if end != StopReason::Nodes {
                    stop.raise();
                }
                end
            },
        );
        self.team_stop = None;
        let solved = end == StopReason::Solved
            || snapshots
                .iter()
                .any(|s| lock(s).end == Some(StopReason::Solved));
        let result = self.merged_result(&helpers, if solved { StopReason::Solved } else { end });
        self.team.helpers = helpers;
        self.team.snapshots = snapshots;
        Ok(result)
    }

    /// The report while the helpers run: this tree's root moves merged with the helpers' last
    /// snapshots (each move's line from this tree).
    fn running_report(&self, snapshots: &[Mutex<Snapshot<G::Move>>]) -> MctsReport<G::Move> {
        let guards: Vec<_> = snapshots.iter().map(lock).collect();
        let mut roots = vec![self.root_children()];
        roots.extend(guards.iter().map(|g| (&g.children[..], 0)));
        // The team's size, also before a helper has posted its first snapshot.
        let counters = Counters {
            threads: snapshots.len() as u32 + 1,
            ..guards.iter().fold(self.counts(), |c, g| c.add(&g.counters))
        };
        self.report_of(&[&self.tree], &merge::merge(&roots, 1), counters)
    }

    /// The result once every helper has ended: every tree's root moves merged, each move's
    /// line from the tree that visited it most.
    fn merged_result(&self, helpers: &[Mcts<G>], stop: StopReason) -> MctsResult<G::Move> {
        let mut roots = vec![self.root_children()];
        roots.extend(helpers.iter().map(Mcts::root_children));
        let mut trees = vec![&self.tree];
        trees.extend(helpers.iter().map(|h| &h.tree));
        let merged: Vec<RootMove<G::Move>> = merge::merge(&roots, trees.len());
        let counters = helpers
            .iter()
            .fold(self.counts(), |c, h| c.add(&h.counts()));
        let best = merge::best(&merged, self.config.prior_visits);
        MctsResult {
            best: best.map(|k| merged[k].node.mv),
            last: Some(self.report_of(&trees, &merged, counters)),
            iterations: counters.iterations,
            elapsed_ms: self.elapsed_ms(),
            stop,
        }
    }
}

/// A helper's part of a search: its searcher, its snapshot, its copy of the root and its limits
/// (its share of the iterations).
struct HelperJob<'a, G: Evaluate> {
    searcher: &'a mut Mcts<G>,
    snapshot: &'a Mutex<Snapshot<G::Move>>,
    pos: G,
    limits: Limits,
}

impl<G: Evaluate> HelperJob<'_, G> {
    /// Searches until the helper's share is done or the team stops, refreshing the snapshot;
    /// a proven root stops the team.
    fn run(self, stop: StopFlag, started: Instant) {
        let snapshot = self.snapshot;
        let end = self.searcher.run(&self.pos, self.limits, started, |h| {
            let mut s = lock(snapshot);
            s.children.clear();
            s.children.extend_from_slice(h.tree.child_nodes(0));
            s.counters = h.counts();
        });
        if end == StopReason::Solved {
            stop.raise();
        }
        let mut s = lock(snapshot);
        s.end = Some(end);
        s.children.clear();
        s.children
            .extend_from_slice(self.searcher.tree.child_nodes(0));
        s.counters = self.searcher.counts();
    }
}
