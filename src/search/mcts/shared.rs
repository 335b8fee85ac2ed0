//! Tree parallelism (Chaslot, Winands and van den Herik, "Parallel Monte-Carlo Tree Search",
//! 2008: one tree, a global mutex, virtual loss): every thread runs iterations on the same tree,
//! taking one lock for the walk down and again for the result's way back up. What costs (an
//! expansion's move selection and the evaluation of every new child, a random playout) is done
//! outside the lock, so the lock is held for a small part of an iteration.
//!
//! Virtual loss: a thread walking down adds a visit to every node of its path at once, with no
//! reward yet, as if the iteration had been lost by each mover; the others see those nodes as
//! worse and less in need of exploration, and walk elsewhere while the result is pending. The
//! backup then adds only the rewards (the visits are counted already). An iteration abandoned at
//! the deadline takes its visits back. A leaf another thread is expanding is scored as a leaf
//! (its prior, or a playout), never expanded twice.
//!
//! An iteration budget is a total: each thread claims an iteration before it starts it, so a
//! search of `n` iterations runs exactly `n` whatever the threads' speeds (their order, and so
//! the tree, still varies from run to run). The main thread reports from the shared tree.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard};

use super::tree::{proven_reward, Tree, UNPROVEN};
use super::{merge, select, Counters, Mcts, MctsConfig, MctsReport, MctsResult};
use crate::clock::Instant;
use crate::game::Evaluate;
use crate::search::team::{self, WhenMainEnds};
use crate::search::{Limits, StopFlag, StopReason};

/// What the threads of a tree-parallel search share.
pub(super) struct Shared<M> {
    /// The tree and what goes with it, behind the one lock.
    state: Mutex<State<M>>,
    /// Iterations begun by every thread, claimed before they start (for an iteration budget).
    begun: AtomicU64,
    /// The root has been proven: every thread stops.
    solved: AtomicBool,
}

/// The shared tree and the bookkeeping that changes with it.
pub(super) struct State<M> {
    tree: Tree<M>,
    /// The leaves whose children a thread is scoring outside the lock (at most one a thread).
    expanding: Vec<u32>,
    /// The arena could not take a node's children: no more expansions in this search.
    full: bool,
    /// Every thread's counters, added at each backup.
    counters: Counters,
}

impl<M> Shared<M> {
    /// Locks the shared state; a thread that panicked holding the lock is a bug passed on when
    /// the team ends, and the state it left is still a tree.
    fn lock(&self) -> MutexGuard<'_, State<M>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<G: Evaluate> Mcts<G> {
    /// [`Mcts::search`] with tree parallelism on the team's threads (at least 2): this
    /// searcher's tree (reused from the last search as on one thread) is shared by every
    /// thread for the search and is this searcher's again afterwards; `pos` is not over.
    pub(super) fn search_shared(
        &mut self,
        pos: &G,
        limits: Limits,
        mut on_report: impl FnMut(&MctsReport<G::Move>),
        helpers: &mut [Mcts<G>],
        stop: StopFlag,
    ) -> MctsResult<G::Move> {
        stop.lower();
        let started = Instant::now();
        let threads = helpers.len() as u32 + 1;
        let forced = self.begin(pos, limits, started);
        let end = if self.settled(forced) {
            StopReason::Solved
        } else {
            let shared = Shared {
                state: Mutex::new(State {
                    tree: std::mem::replace(&mut self.tree, Tree::with_capacity(2)),
                    expanding: Vec::with_capacity(threads as usize),
                    full: self.full,
                    counters: self.counters,
                }),
                begun: AtomicU64::new(0),
                solved: AtomicBool::new(false),
            };
            for (i, h) in helpers.iter_mut().enumerate() {
                h.config = MctsConfig {
                    seed: crate::rng::mix64(self.config.seed ^ (i as u64 + 1)),
                    report_ms: None,
                    ..self.config
                };
                h.prior_noise = 0.0;
                h.team_stop = Some(stop);
                h.begin_helper(limits, started);
            }
            self.team_stop = Some(stop);
            let jobs = helpers.iter_mut().map(|h| {
                let (pos, shared) = (pos.clone(), &shared);
                move || {
                    h.run_shared(shared, &pos, limits, |_, _| {});
                }
            });
            let end = team::run(
                super::parallel::HELPER_NAME,
                stop.flag(),
                jobs,
                WhenMainEnds::LetHelpersFinish,
                || {
                    let end = self.run_shared(&shared, pos, limits, |m, state| {
                        on_report(&m.shared_report(state, threads))
                    });
                    // A budget's iterations end on every thread at once (the claims run out);
                    // any other end stops the helpers.
                    if end != StopReason::Nodes {
                        stop.raise();
                    }
                    end
                },
            );
            self.team_stop = None;
            let state = shared.state.into_inner().unwrap_or_else(|e| e.into_inner());
            self.tree = state.tree;
            self.full = state.full;
            self.counters = state.counters;
            if shared.solved.load(Relaxed) {
                StopReason::Solved
            } else {
                end
            }
        };
        self.root_pos = Some(pos.clone());
        let counters = Counters {
            threads,
            ..self.counts()
        };
        let roots = merge::merge(&[self.root_children()], 1);
        let best = self.tree.best_child(0, self.config.prior_visits);
        MctsResult {
            best: best.map(|c| self.tree.node(c).mv),
            last: Some(self.report_of(&[&self.tree], &roots, counters)),
            iterations: counters.iterations,
            elapsed_ms: self.elapsed_ms(),
            stop: end,
        }
    }

    /// Readies a helper for a search that started at `started` within `limits`: its clock,
    /// deadline, stop flag, random generator and counters (it has no tree of its own to use).
    fn begin_helper(&mut self, limits: Limits, started: Instant) {
        self.started = started;
        self.counters = Counters::default();
        self.rng = crate::rng::Rng(self.config.seed);
        self.stop_at_ms = limits.stop_at_ms();
        self.stop_flag = limits.stop;
        self.out_of_time = false;
    }

    /// The report of the shared tree as `state` holds it, for `threads` threads.
    fn shared_report(&self, state: &State<G::Move>, threads: u32) -> MctsReport<G::Move> {
        let counters = Counters {
            tree_nodes: state.tree.len() as u64,
            threads,
            ..state.counters
        };
        let root = (state.tree.child_nodes(0), state.tree.node(0).first_child);
        self.report_of(&[&state.tree], &merge::merge(&[root], 1), counters)
    }

    /// One thread's iterations on the shared tree until the root is proven, the budget's
    /// iterations have all been claimed, time is up or a stop flag is raised; `tick` every
    /// [`MctsConfig::report_ms`] (the main thread's report), with the state locked.
    fn run_shared(
        &mut self,
        shared: &Shared<G::Move>,
        pos: &G,
        limits: Limits,
        mut tick: impl FnMut(&Self, &State<G::Move>),
    ) -> StopReason {
        let max_depth = limits.max_depth.unwrap_or(u32::MAX).max(1);
        let mut next_report = self.config.report_ms;
        loop {
            if shared.solved.load(Relaxed) {
                return StopReason::Solved;
            }
            if self.out_of_time || self.time_is_up() {
                return StopReason::Time;
            }
            if let Some(at) = next_report {
                let elapsed = self.elapsed_ms();
                if elapsed >= at {
                    tick(self, &shared.lock());
                    next_report = Some(elapsed + self.config.report_ms.unwrap_or(0).max(1));
                }
            }
            if limits
                .max_nodes
                .is_some_and(|n| shared.begun.fetch_add(1, Relaxed) >= n)
            {
                return StopReason::Nodes;
            }
            self.iterate_shared(shared, pos, max_depth);
        }
    }

    /// One iteration on the shared tree: the walk down under the lock (a virtual loss on every
    /// node of the path), the expansion's scoring or a random playout outside it, the backup
    /// under it again.
    fn iterate_shared(&mut self, shared: &Shared<G::Move>, root: &G, max_depth: u32) {
        let mut pos = root.clone();
        self.path.clear();
        self.path.push(0);
        // Only this iteration's counts: they are added to the shared ones at the backup.
        self.counters = Counters::default();
        let mut state = shared.lock();
        state.tree.node_mut(0).visits += 1;
        let mut node = 0u32;
        let mut depth = 0u32;
        // The result for the side to move at the last node of the path.
        let reward = loop {
            let n = *state.tree.node(node);
            if n.proven != UNPROVEN {
                break proven_reward(n.proven);
            }
            if n.n_children == 0 {
                // `visits` counts this iteration's own (virtual) visit.
                let due = n.visits > self.config.expand_after.max(1) || node == 0;
                if due && depth < max_depth && !state.full && !state.expanding.contains(&node) {
                    state.expanding.push(node);
                    drop(state);
                    let scored = self.score_children(node == 0, &pos);
                    state = shared.lock();
                    state.expanding.retain(|&e| e != node);
                    if scored.is_none() {
                        if self.out_of_time {
                            // Abandoned at the deadline: the iteration takes its visits back.
                            for &i in &self.path {
                                state.tree.node_mut(i).visits -= 1;
                            }
                            return;
                        }
                    } else if state.tree.add_children(node, &self.children) {
                        state.tree.try_prove(node);
                        continue; // now proven, or with children to choose from
                    } else {
                        state.full = true;
                    }
                }
                if self.config.playout_plies == 0 && node != 0 {
                    break self.playout(n.prior, false, &mut pos, depth);
                }
                drop(state);
                let r = self.playout(n.prior, node == 0, &mut pos, depth);
                state = shared.lock();
                break r;
            }
            let child = select(&state.tree, &self.config, node);
            let c = state.tree.node_mut(child);
            c.visits += 1;
            pos.play(c.mv);
            node = child;
            depth += 1;
            self.path.push(child);
        };
        state.tree.back_up(&self.path, reward, false);
        state.counters = state.counters.add(&self.counters);
        state.counters.iterations += 1;
        if state.tree.node(0).proven != UNPROVEN {
            shared.solved.store(true, Relaxed);
        }
    }
}
