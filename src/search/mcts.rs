//! Monte Carlo tree search with UCT, generic over [`Evaluate`] like the alpha-beta search.
//!
//! Each iteration walks from the root to a leaf choosing children by UCT (`value + c *
//! sqrt(ln(parent visits) / visits)`, values being winning chances in 0..1), generates the
//! leaf's children once it has been visited often enough, plays a short random playout from it
//! (each ply a random choice among [`Evaluate::playout_moves`]) and scores the end with the game's evaluation mapped to a winning chance (a logistic curve of
//! scale [`Evaluate::WIN_CHANCE_SCALE`]; finished games score exactly 1, 0 or ½). The result is
//! added to every node on the way back.
//!
//! Against a large branching factor (Amazons: a thousand moves a turn early on):
//! - a node's children are the game's own move selection ([`Evaluate::search_moves`], for
//!   Amazons the best 24 of a two-step selection), each scored by the static evaluation when
//!   generated and sorted best first;
//! - that score is the child's prior, counted as a few virtual playouts (UCT with prior
//!   knowledge), and progressive widening lets a node visited `n` times choose only among its
//!   first `widen_base + n^widen_exponent` children, so the tree grows deep rather than flat.
//!
//! Proven results (a finished game, or an evaluation that proves one, such as Amazons' split
//! boards) are exact and move up the tree (MCTS-Solver): a node with a winning child is won, a
//! node whose children are all proven takes the best of them. The search stops when the root
//! is proven.
//!
//! The hot path allocates nothing: nodes live in an arena allocated when the searcher is made
//! (when it is full, leaves stop being expanded and the search goes on with playouts), and the
//! move lists are reused. The random generator is seeded, so a search limited by iterations is
//! reproducible. The clock (`web-time`, which works in wasm) is read every few iterations; a
//! search with a time budget returns within it.

mod config;
mod merge;
#[cfg(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
))]
mod parallel;
mod report;
#[cfg(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
))]
mod shared;
mod tree;

use crate::clock::Instant;

use crate::game::{score, Evaluate, Outcome};
use crate::rng::Rng;
use crate::search::{Limits, StopFlag, StopReason};
pub use config::{MctsConfig, Parallel};
#[cfg(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
))]
pub use parallel::HELPER_NAME;
pub use report::{value_score, MctsReply, MctsReport, MctsResult, MctsRootMove};
use tree::{proven_reward, NewChild, Tree, UNPROVEN};

/// Iterations between two looks at the clock and the stop flag: every one, since reading the
/// clock (tens of ns) is cheap beside an iteration (an Amazons expansion evaluates every child),
/// and on a loaded machine a few iterations can outlast a scheduler's slice.
const CLOCK_EVERY: u64 = 1;

/// The most nodes a search keeps from the last one's tree ([`Tree::keep_subtree`]): 2^15 nodes,
/// about 1 MiB of Amazons nodes, copied in well under a ms. After the 500 ms first turn the
/// kept subtree held a million nodes and more; with 2^18 kept, the turn after it still ran
/// 25-30 ms past its deadline on a loaded machine (and 0-10 ms past without reuse at all).
const KEEP_MAX_NODES: usize = 1 << 15;

/// The most positions [`Mcts::reuse_subtree`] makes while looking for the new root two plies
/// down. Looking under every child of an Amazons opening (about 2,000 children, dozens of them
/// expanded with 2,000 each) made 100,000 positions and ran 30 to 50 ms past the deadline of the
/// turn after the long first one on a loaded machine; the new root is almost always under the
/// best child, which is looked under first.
const REUSE_SCAN_POSITIONS: usize = 8192;

/// Children an expansion scores between two looks at the clock: an expansion that would end
/// after the deadline is abandoned, its iteration with it (the tree is left as it was).
const CHILDREN_PER_CLOCK_CHECK: usize = 16;

/// Search-wide counters.
#[derive(Clone, Copy, Debug, Default)]
struct Counters {
    iterations: u64,
    depth_sum: u64,
    /// Visits below the root kept from the last search.
    reused: u64,
    max_depth: u32,
    seldepth: u32,
    /// Nodes in the tree (filled in for reports).
    tree_nodes: u64,
    /// Threads counted (filled in for reports).
    threads: u32,
}

/// A reusable MCTS searcher for game `G`: its node arena is allocated once, when it is made.
pub struct Mcts<G: Evaluate> {
    /// The search's settings; changes apply from the next search.
    pub config: MctsConfig,
    tree: Tree<G::Move>,
    rng: Rng,
    /// Reused buffers: the move selection, the scored children, a playout's legal moves, the
    /// path of the current iteration.
    candidates: Vec<G::Move>,
    children: Vec<NewChild<G::Move>>,
    playout_moves: Vec<G::Move>,
    path: Vec<u32>,
    /// The arena could not take a node's children: no more expansions in this search.
    full: bool,
    /// The position the tree's root stands for (after a search), for the next search's reuse.
    root_pos: Option<G>,
    /// A reused subtree on its way to the front of the arena.
    scratch: Vec<tree::Node<G::Move>>,
    counters: Counters,
    started: Instant,
    /// When the running search must stop, in ms since `started` ([`Limits::stop_at_ms`]).
    stop_at_ms: Option<u64>,
    /// The running search's stop flag.
    stop_flag: Option<crate::search::StopFlag>,
    /// The running search saw its deadline (or flag) in the middle of an iteration.
    out_of_time: bool,
    /// On several threads: the flag that stops every thread of the running search (a thread
    /// that ends it for all raises it), `None` on one thread.
    team_stop: Option<StopFlag>,
    /// Root parallelism's helpers only: the spread (0..1) of the noise added to every new
    /// child's prior, so that their trees differ from the main thread's ([`MctsConfig::helper_noise`]).
    prior_noise: f64,
    /// On several threads: the helper searchers and what they share with this one; none on
    /// one thread.
    #[cfg(all(
        feature = "threads",
        any(not(target_arch = "wasm32"), target_feature = "atomics")
    ))]
    team: parallel::Team<G>,
}

impl<G: Evaluate> Mcts<G> {
    /// A searcher whose tree may use about `tree_mib` MiB (at least a few thousand nodes).
    pub fn new(tree_mib: usize, config: MctsConfig) -> Self {
        let node_bytes = std::mem::size_of::<tree::Node<G::Move>>();
        Self::with_nodes(((tree_mib << 20) / node_bytes).max(4096), config)
    }

    /// A searcher whose tree holds at most `capacity` nodes.
    fn with_nodes(capacity: usize, config: MctsConfig) -> Self {
        Mcts {
            config,
            tree: Tree::with_capacity(capacity),
            rng: Rng(config.seed),
            candidates: Vec::with_capacity(256),
            children: Vec::with_capacity(256),
            playout_moves: Vec::with_capacity(2048),
            path: Vec::with_capacity(256),
            full: false,
            root_pos: None,
            scratch: Vec::with_capacity(KEEP_MAX_NODES),
            counters: Counters::default(),
            started: Instant::now(),
            stop_at_ms: None,
            stop_flag: None,
            out_of_time: false,
            team_stop: None,
            prior_noise: 0.0,
            #[cfg(all(
                feature = "threads",
                any(not(target_arch = "wasm32"), target_feature = "atomics")
            ))]
            team: parallel::Team::new(capacity),
        }
    }

    /// The most nodes the tree holds.
    pub fn capacity(&self) -> usize {
        self.tree.capacity()
    }

    /// Forgets the tree (for a new game): the next search starts from scratch.
    pub fn clear(&mut self) {
        self.tree.reset();
        self.root_pos = None;
        self.clear_helpers();
    }

    /// Keeps the subtree of the last search's tree whose root is `pos` (found at most two plies
    /// below the old root), moved to the front of the arena. Returns whether there was one.
    /// The last search's best move is looked under first (a bot played it), and the look stops
    /// after [`REUSE_SCAN_POSITIONS`] positions: the search's clock is not read meanwhile.
    fn reuse_subtree(&mut self, pos: &G) -> bool {
        let Some(old) = self.root_pos.take() else {
            return false;
        };
        let same =
            |p: &G| p.hash() == pos.hash() && p.to_move() == pos.to_move() && p.ply() == pos.ply();
        let mut found = same(&old).then_some(0);
        if found.is_none() && old.ply() < pos.ply() && pos.ply() - old.ply() <= 2 {
            let best = self.tree.best_child(0, self.config.prior_visits);
            let order = best
                .into_iter()
                .chain(self.tree.children(0).filter(|&c| Some(c) != best));
            let mut scanned = 0;
            'search: for c in order {
                let p1 = old.after(self.tree.node(c).mv);
                if same(&p1) {
                    found = Some(c);
                    break;
                }
                for g in self.tree.children(c) {
                    scanned += 1;
                    if scanned > REUSE_SCAN_POSITIONS {
                        break 'search;
                    }
                    let p2 = p1.after(self.tree.node(g).mv);
                    if same(&p2) {
                        found = Some(g);
                        break 'search;
                    }
                }
            }
        }
        match found {
            Some(n) if self.tree.node(n).n_children > 0 => {
                self.tree.keep_subtree(n, &mut self.scratch, KEEP_MAX_NODES);
                true
            }
            _ => false,
        }
    }

    /// Searches `pos` within `limits`: `time_ms` (returns within it), `max_nodes` (iterations,
    /// in all: on several threads each runs its share), `max_depth` (no node deeper than this
    /// many plies below the root is expanded) and `stop`; `exact_root_scores` does not apply.
    /// Calls `on_report` every [`MctsConfig::report_ms`] milliseconds; the final report is in
    /// the result. On several threads ([`Mcts::set_threads`]) the root moves are those of every
    /// thread's tree merged.
    pub fn search(
        &mut self,
        pos: &G,
        limits: Limits,
        on_report: impl FnMut(&MctsReport<G::Move>),
    ) -> MctsResult<G::Move> {
        if pos.outcome().is_some() {
            self.clear();
            return MctsResult {
                best: None,
                last: None,
                iterations: 0,
                elapsed_ms: 0,
                stop: StopReason::Solved,
            };
        }
        // On several threads the team searches; one thread gets the callback back.
        #[cfg(all(
            feature = "threads",
            any(not(target_arch = "wasm32"), target_feature = "atomics")
        ))]
        let mut on_report = match self.search_team(pos, limits, on_report) {
            Ok(result) => return result,
            Err(on_report) => on_report,
        };
        #[cfg(not(all(
            feature = "threads",
            any(not(target_arch = "wasm32"), target_feature = "atomics")
        )))]
        let mut on_report = on_report;
        let stop = self.run(pos, limits, Instant::now(), |m| on_report(&m.report()));
        let best = self.tree.best_child(0, self.config.prior_visits);
        MctsResult {
            best: best.map(|c| self.tree.node(c).mv),
            last: Some(self.report()),
            iterations: self.counters.iterations,
            elapsed_ms: self.elapsed_ms(),
            stop,
        }
    }

    /// The search loop of one thread, from the clock `started` on (the main thread's, on
    /// several), calling `tick` every [`MctsConfig::report_ms`]; `pos` is not over. Leaves the
    /// tree for the next search's reuse.
    fn run(
        &mut self,
        pos: &G,
        limits: Limits,
        started: Instant,
        mut tick: impl FnMut(&Self),
    ) -> StopReason {
        let forced = self.begin(pos, limits, started);
        let max_depth = limits.max_depth.unwrap_or(u32::MAX).max(1);
        let mut next_report = self.config.report_ms;
        let stop = loop {
            if self.settled(forced) {
                break StopReason::Solved;
            }
            let done = self.counters.iterations;
            if limits.max_nodes.is_some_and(|n| done >= n) {
                break StopReason::Nodes;
            }
            if self.out_of_time {
                break StopReason::Time;
            }
            if done % CLOCK_EVERY == 0 {
                if self.time_is_up() {
                    break StopReason::Time;
                }
                if let Some(at) = next_report {
                    let elapsed = self.elapsed_ms();
                    if elapsed >= at {
                        tick(self);
                        next_report = Some(elapsed + self.config.report_ms.unwrap_or(0).max(1));
                    }
                }
            }
            self.iterate(pos, max_depth);
        };
        self.root_pos = Some(pos.clone());
        stop
    }

    /// Readies the searcher for a search of `pos` within `limits` on the clock `started`: the
    /// counters, random generator and deadline, and the root (the last search's subtree kept
    /// when `pos` is found in it, else a fresh root with its children). Returns whether the
    /// root's move selection was forced (a kept root counts as forced).
    fn begin(&mut self, pos: &G, limits: Limits, started: Instant) -> bool {
        self.started = started;
        self.counters = Counters::default();
        self.rng = Rng(self.config.seed);
        self.full = false;
        self.stop_at_ms = limits.stop_at_ms();
        self.stop_flag = limits.stop;
        self.out_of_time = false;
        let reused = self.config.reuse_tree && self.reuse_subtree(pos);
        self.root_pos = None;
        // A kept root has its children; a single one is as good as forced.
        if reused {
            self.counters.reused = self
                .tree
                .children(0)
                .map(|c| self.tree.node(c).visits as u64)
                .sum();
            true
        } else {
            self.tree.reset();
            self.expand(0, pos).unwrap_or(false)
        }
    }

    /// Whether the search has nothing left to do: the root is proven, or it has a single move
    /// and its selection was `forced`.
    fn settled(&self, forced: bool) -> bool {
        self.tree.node(0).proven != UNPROVEN || (forced && self.tree.children(0).len() == 1)
    }

    fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Whether the running search has reached its deadline or seen its stop flag raised.
    fn time_is_up(&self) -> bool {
        self.stop_at_ms.is_some_and(|ms| self.elapsed_ms() >= ms)
            || self.stop_flag.is_some_and(|f| f.is_raised())
            || self.team_stop.is_some_and(|f| f.is_raised())
    }

    /// The report of the tree as it stands.
    pub fn report(&self) -> MctsReport<G::Move> {
        let roots = merge::merge(&[self.root_children()], 1);
        self.report_of(&[&self.tree], &roots, self.counts())
    }

    /// This thread's root children, for [`merge::merge`].
    fn root_children(&self) -> merge::RootChildren<'_, G::Move> {
        (self.tree.child_nodes(0), self.tree.node(0).first_child)
    }

    /// This thread's counters, the tree's size filled in.
    fn counts(&self) -> Counters {
        Counters {
            tree_nodes: self.tree.len() as u64,
            threads: 1,
            ..self.counters
        }
    }

    /// The report of the merged root moves `roots` of `trees`, with the counters `c` (of every
    /// thread) and this thread's clock.
    fn report_of(
        &self,
        trees: &[&Tree<G::Move>],
        roots: &[merge::RootMove<G::Move>],
        c: Counters,
    ) -> MctsReport<G::Move> {
        let secs = self.started.elapsed().as_secs_f64();
        report::build(
            trees,
            roots,
            report::Counts {
                iterations: c.iterations,
                reused: c.reused,
                tree_nodes: c.tree_nodes,
                threads: c.threads,
                elapsed_ms: self.elapsed_ms(),
                nps: if secs > 0.0 {
                    (c.iterations as f64 / secs) as u64
                } else {
                    0
                },
                max_depth: c.max_depth,
                mean_depth: c.depth_sum as f64 / c.iterations.max(1) as f64,
                seldepth: c.seldepth,
            },
            self.config.prior_visits,
            G::WIN_CHANCE_SCALE,
        )
    }

    /// One iteration: select down to a leaf, expand it if it is due, play out, back up.
    fn iterate(&mut self, root: &G, max_depth: u32) {
        let mut pos = root.clone();
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let mut depth = 0u32;
        // The result for the side to move at the last node of the path.
        let reward = loop {
            let n = self.tree.node(node);
            if n.proven != UNPROVEN {
                break proven_reward(n.proven);
            }
            if n.n_children == 0 {
                let due = n.visits >= self.config.expand_after.max(1) || node == 0;
                if due && depth < max_depth && !self.full && self.expand(node, &pos).is_some() {
                    continue; // now proven, or with children to choose from
                }
                if self.out_of_time {
                    return; // the expansion was abandoned: this iteration counts for nothing
                }
                let prior = self.tree.node(node).prior;
                break self.playout(prior, node == 0, &mut pos, depth);
            }
            let child = select(&self.tree, &self.config, node);
            pos.play(self.tree.node(child).mv);
            node = child;
            depth += 1;
            self.path.push(child);
        };
        self.backpropagate(reward);
    }

    /// Generates `node`'s children (the game's move selection, each scored by the evaluation,
    /// best first) and tries to prove it. Returns whether the selection was forced, or `None`
    /// when the children do not fit in the tree, or when the deadline came while they were
    /// being scored (then `out_of_time` is set and the tree is unchanged; never at the root,
    /// which needs its children for a move).
    fn expand(&mut self, node: u32, pos: &G) -> Option<bool> {
        let forced = self.score_children(node == 0, pos)?;
        if !self.tree.add_children(node, &self.children) {
            self.full = true;
            return None;
        }
        self.tree.try_prove(node);
        Some(forced)
    }

    /// The children of the node `pos` (the root when `at_root`), in `self.children`: the game's
    /// move selection, each scored by the evaluation, best first. Returns whether the selection
    /// was forced, or `None` when there is none, or when the deadline came while they were
    /// being scored (then `out_of_time` is set; never at the root, which needs its children
    /// for a move).
    fn score_children(&mut self, at_root: bool, pos: &G) -> Option<bool> {
        self.candidates.clear();
        let forced = pos.search_moves(&mut self.candidates);
        self.children.clear();
        for (i, &mv) in self.candidates.iter().enumerate() {
            if !at_root
                && i % CHILDREN_PER_CLOCK_CHECK == CHILDREN_PER_CLOCK_CHECK - 1
                && self.time_is_up()
            {
                self.out_of_time = true;
                return None;
            }
            let child = pos.after(mv);
            // Scores from the child's side to move; the prior is for the player moving into it.
            let (prior, proven) = match child.outcome() {
                Some(Outcome::Draw) => (0.5, 0),
                Some(Outcome::Win(p)) if p == child.to_move() => (0.0, score::WIN),
                Some(Outcome::Win(_)) => (1.0, -score::WIN),
                None => {
                    let s = child.evaluate().score;
                    let proven = if s.abs() >= score::PROVEN {
                        s
                    } else {
                        UNPROVEN
                    };
                    let prior = 1.0 - self.leaf_chance(s);
                    (with_noise(prior, self.prior_noise, &mut self.rng), proven)
                }
            };
            self.children.push(NewChild {
                mv,
                prior: prior as f32,
                proven,
            });
        }
        // Best prior first; an insertion sort is stable and allocates nothing.
        for i in 1..self.children.len() {
            let mut j = i;
            while j > 0 && self.children[j - 1].prior < self.children[j].prior {
                self.children.swap(j - 1, j);
                j -= 1;
            }
        }
        if self.children.is_empty() {
            return None; // the game promises moves while it is not over; never loop on none
        }
        Some(forced)
    }

    /// The result (0..1) for the side to move at a leaf (`pos`, `depth` plies below the root,
    /// the root itself when `at_root`) whose prior is `prior`: its own evaluation, or the
    /// evaluation after a few random plies.
    fn playout(&mut self, prior: f32, at_root: bool, pos: &mut G, depth: u32) -> f64 {
        let c = &mut self.counters;
        c.depth_sum += depth as u64;
        c.max_depth = c.max_depth.max(depth);
        if self.config.playout_plies == 0 && !at_root {
            c.seldepth = c.seldepth.max(depth);
            return 1.0 - prior as f64;
        }
        let side = pos.to_move();
        let mut plies = 0;
        while plies < self.config.playout_plies && pos.outcome().is_none() {
            self.playout_moves.clear();
            pos.playout_moves(&mut self.playout_moves);
            if self.playout_moves.is_empty() {
                break;
            }
            let mv = self.playout_moves[self.rng.below(self.playout_moves.len())];
            pos.play(mv);
            plies += 1;
        }
        self.counters.seldepth = self.counters.seldepth.max(depth + plies);
        match pos.outcome() {
            Some(Outcome::Draw) => 0.5,
            Some(Outcome::Win(p)) => (p == side) as u32 as f64,
            None => {
                let p = self.leaf_chance(pos.evaluate().score);
                if pos.to_move() == side {
                    p
                } else {
                    1.0 - p
                }
            }
        }
    }

    /// The winning chance of the side to move whose evaluation is `s`, its tempo taken off.
    fn leaf_chance(&self, s: i32) -> f64 {
        if s.abs() >= score::PROVEN {
            return win_chance(s, G::WIN_CHANCE_SCALE);
        }
        1.0 / (1.0 + ((self.config.tempo - s as f64) / G::WIN_CHANCE_SCALE).exp())
    }

    /// Adds the result to every node of the path (each counts it for the player who moved into
    /// it) and moves proven results up.
    fn backpropagate(&mut self, reward: f64) {
        self.counters.iterations += 1;
        self.tree.back_up(&self.path, reward, true);
    }
}

/// UCT among `node`'s children that progressive widening allows: a proven win at once, never a
/// proven loss while anything else is left, an unvisited child without prior first.
fn select<M: Copy + Default>(tree: &Tree<M>, cfg: &MctsConfig, node: u32) -> u32 {
    let n = tree.node(node);
    let all = tree.children(node);
    let widened = (cfg.widen_base + (n.visits as f64).powf(cfg.widen_exponent)) as u32;
    let allowed = all.start..all.start + widened.clamp(1, all.len() as u32);
    let ln_n = ((n.visits + 1) as f64).ln();
    for range in [allowed, all.clone()] {
        let mut best = None;
        let mut best_u = f64::NEG_INFINITY;
        for c in range {
            let child = tree.node(c);
            let proven = child.proven_for_mover();
            if proven != UNPROVEN {
                if proven >= score::PROVEN {
                    return c;
                }
                if proven <= -score::PROVEN {
                    continue;
                }
            }
            let visits = child.visits as f64 + cfg.prior_visits;
            if visits <= 0.0 {
                return c;
            }
            let u = child.value(cfg.prior_visits) + cfg.exploration * (ln_n / visits).sqrt();
            if u > best_u {
                best_u = u;
                best = Some(c);
            }
        }
        if let Some(c) = best {
            return c;
        }
    }
    // Every child is a proven loss (then the solver has proven this node: not reached).
    all.start
}

/// `prior` with a uniform noise of spread `noise` from `rng` added (a helper's, see
/// [`MctsConfig::helper_noise`]), kept inside 0..1; `prior` itself when `noise` is 0.
fn with_noise(prior: f64, noise: f64, rng: &mut Rng) -> f64 {
    if noise <= 0.0 {
        return prior;
    }
    let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (prior + noise * (2.0 * unit - 1.0)).clamp(0.001, 0.999)
}

/// Without threads (no `threads` feature, as in the CodinGame bundle, or wasm without atomics)
/// the search runs on one thread.
#[cfg(not(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
)))]
impl<G: Evaluate> Mcts<G> {
    /// Asks for `n` threads; this build has one and keeps it.
    pub fn set_threads(&mut self, _n: usize) {}

    /// Threads a search runs on: one in this build.
    pub fn threads(&self) -> usize {
        1
    }

    /// Forgets the helpers' trees: this build has none.
    fn clear_helpers(&mut self) {}
}

/// The winning chance (0..1) of the side a score is from: proven results are certain, an
/// evaluation goes through `1 / (1 + e^(-score / scale))`.
pub fn win_chance(s: i32, scale: f64) -> f64 {
    if s >= score::PROVEN {
        1.0
    } else if s <= -score::PROVEN {
        0.0
    } else {
        1.0 / (1.0 + (-(s as f64) / scale).exp())
    }
}
