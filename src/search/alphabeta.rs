//! Iterative-deepening negamax alpha-beta with principal variation search (PVS), a transposition
//! table, move ordering by game-defined classes (above everything), then TT move, killers and
//! history, forced-move extensions, and a time budget checked inside the search. Games that opt in
//! with [`Evaluate::PRUNING`] also get forward pruning (reverse futility, null move, late-move and
//! move-loop futility pruning, all tuned by an improving flag), internal iterative reduction,
//! logarithmic late-move reductions and a root aspiration window.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use crate::clock::Instant;

use crate::game::{score, Evaluate, Outcome};
use crate::ranking;
use crate::search::report::{
    Iteration, Progress, RootMove, Score, ScoreBound, SearchResult, StopReason,
};
use crate::search::tt::{self, Bound, TranspositionTable};
use crate::search::Limits;

#[cfg(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
))]
mod smp;
#[cfg(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
))]
pub use smp::HELPER_NAME;

/// Lazy SMP's helper searchers, kept between searches (empty with one thread).
#[cfg(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
))]
type Helpers<G> = Vec<Searcher<G>>;
/// Lazy SMP's helper searchers: none in a build without threads.
#[cfg(not(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
)))]
type Helpers<G> = std::marker::PhantomData<G>;

/// What the threads of a search share: the table and the [`Team`].
#[cfg(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
))]
type Shared<T> = std::sync::Arc<T>;
/// What the threads of a search would share: owned alone in a build without threads.
#[cfg(not(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
)))]
type Shared<T> = Box<T>;

/// The most threads a search runs on ([`Searcher::set_threads`] clamps to it).
#[cfg(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
))]
pub const MAX_THREADS: usize = 256;
/// The most threads a search runs on: one in a build without threads (no `threads` feature, as
/// in the CodinGame bundle, or wasm without atomics).
#[cfg(not(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
)))]
pub const MAX_THREADS: usize = 1;

/// Deepest ply from the root the search ever visits (extensions included).
pub const MAX_PLY: usize = 128;

/// MiB of each search thread's own table for the nodes near the horizon
/// ([`crate::game::Pruning::shallow_table_depth`]): small enough to stay in a core's caches.
const SHALLOW_TABLE_MIB: usize = 1;

/// A node's static score when it has none (see `Searcher::evals`): above every score, so no
/// node is improving on it.
const NO_EVAL: i32 = i32::MAX;

/// Low bits of a move's ordering key that hold its position in the move list (see [`tagged`]):
/// room for 4,096 moves (Amazons has at most 2,176). Keys stay below 2^51 (the TT move's is
/// `i64::MAX >> TAG_BITS`), so a tagged key does not overflow.
const TAG_BITS: u32 = 12;
const TAG_MASK: i64 = (1 << TAG_BITS) - 1;

/// The most a move's history may hold. Times 8, its place in the ordering key, it stays below
/// the killers' 2^29, so the key's layout holds however long a search runs: unbounded, Connect
/// 4's largest entry reached 268 M in a 140-second analysis (527 M nodes), four times past the
/// killers and a whisker from wrapping the key's `i32` (at 268.4 M).
const HISTORY_MAX: i32 = 1 << 25;

/// A move's history after a cutoff (or a new best root move) `depth` plies from the horizon:
/// `depth²` more, at most [`HISTORY_MAX`].
fn rewarded(history: i32, depth: i32) -> i32 {
    history.saturating_add(depth * depth).min(HISTORY_MAX)
}

/// A widening aspiration window (`Pruning::aspiration_step`) doubles its step while the step is
/// below this (in evaluation units); a window that still fails then becomes the full window.
const ASPIRATION_LAST_STEP: i32 = 1000;

/// `key` with the position `pos` of its move in the low bits, so that the largest tagged key
/// is the largest key and, among equal keys, the one nearest the front (see
/// [`tag_position`]).
#[inline(always)]
fn tagged(key: i64, pos: usize) -> i64 {
    key << TAG_BITS | (TAG_MASK - pos as i64)
}

/// The move-list position a [`tagged`] key holds.
#[inline(always)]
fn tag_position(tagged: i64) -> usize {
    (TAG_MASK - (tagged & TAG_MASK)) as usize
}

/// The move to search `i`-th: the position `pick` of the largest key in `order[i..]` (tagged
/// keys, see [`tagged`]) and that key, untagged. Of equal keys the first wins, so ties keep the
/// generation order. The caller swaps its moves `i` and `pick`: the key that was at `i` already
/// sits at `pick`, retagged. One plain maximum, a compare and a select with no branch (wasm's,
/// in V8, ~7 % faster for Ataxx than a loop that kept the index beside the key).
#[inline(always)]
fn pick_best(order: &mut [i64], i: usize) -> (usize, i64) {
    let mut best = order[i];
    for key in &order[i + 1..] {
        // Read as volatile only to keep LLVM from vectorising the loop: x86-64's baseline
        // (SSE2) has no 64-bit compare, and its emulation made native Ataxx ~5 % slower.
        // SAFETY: `key` is a live reference.
        best = best.max(unsafe { std::ptr::read_volatile(key) });
    }
    let pick = tag_position(best);
    order[pick] = tagged(order[i] >> TAG_BITS, pick);
    (pick, best >> TAG_BITS)
}

/// What the search keeps about one ply of the line it is in.
#[derive(Clone, Copy)]
struct PlyState<M> {
    /// Two quiet moves that last caused a cutoff at this ply.
    killers: [Option<M>; 2],
    /// Whether the move that led here was a null move (no two in a row).
    after_null: bool,
    /// The move a singular-extension test leaves out here (the table's move).
    excluded: Option<M>,
    /// The node's static score ([`NO_EVAL`] when it has none: a game without
    /// [`Evaluate::PRUNING`], or a score near a proven result), for the improving flag.
    eval: i32,
}

/// A reusable alpha-beta searcher for game `G`. It keeps its transposition table and history
/// between searches, so consecutive moves of one game reuse earlier work.
pub struct Searcher<G: Evaluate> {
    /// Whether each search first looks for a win by forcing moves at the root
    /// ([`Evaluate::forced_win`], for games that have one). Off by default: for Yavalath the
    /// arena SPRT did not pass (the main search's forced-reply extension already reads threat
    /// sequences to their end; see the README).
    pub forced_wins: bool,
    tt: Shared<TranspositionTable<G::Move>>,
    /// This thread's own table for nodes near the horizon (`Pruning::shallow_table_depth`; a
    /// single slot, never used, in games without one: `TranspositionTable::new(0)`).
    shallow: TranspositionTable<G::Move>,
    /// Lazy SMP's helper searchers (`smp`), kept between searches; empty with one thread.
    helpers: Helpers<G>,
    /// Whether this searcher is such a helper.
    helper: bool,
    /// Shared with the helpers: their nodes so far and the flag that stops them.
    team: Shared<Team>,
    history: Vec<i32>,
    moves: Vec<Vec<G::Move>>,
    /// Per ply, each move's ordering key: its [`Evaluate::order_class`] above bit 40, then the
    /// TT move (2^30), killers (2^29), or history * 8 + [`Evaluate::order_hint`] (an `i32`).
    order: Vec<Vec<i64>>,
    pv: Vec<Vec<G::Move>>,
    nodes: u64,
    seldepth: u32,
    started: Instant,
    limits: Limits,
    stopped: Option<StopReason>,
    /// Whether the score the last `negamax` call returned follows from finished games alone (no
    /// evaluation, no table entry that used one): a proven bound, so a proven 0 is a draw.
    proven: bool,
    /// The iteration under way (nominal depth), for [`Progress`].
    depth_now: u32,
    /// [`Searcher::search_with_progress`]: ms between two progress reports (`None`: none), and
    /// when the next one is due, in ms since the search began.
    progress_every_ms: Option<u64>,
    next_progress_ms: u64,
    /// What the search keeps per ply (`MAX_PLY + 1` of them). On the heap: arrays in the
    /// struct became kilobytes of unrolled stores in each game's `new` in wasm.
    plies: Box<[PlyState<G::Move>]>,
    /// Late-move reductions in plies by `[depth * 64 + move index]`, both capped at 63 (games
    /// with [`Evaluate::PRUNING`] only).
    reductions: Box<[u8]>,
}

/// The late-move reduction table, `[depth * 64 + index]` for depth and index below 64:
/// `0.75 + ln(depth) * ln(index) / divisor` plies, rounded down
/// ([`crate::game::Pruning::reduction_divisor`]).
fn reduction_table(divisor: f64) -> Box<[u8]> {
    // Collected, not filled in: a zeroed array filled in place became 5 KB of stores in wasm.
    (0..64 * 64)
        .map(|k| match (k / 64, k % 64) {
            (0, _) | (_, 0) => 0,
            (d, i) => (0.75 + (d as f64).ln() * (i as f64).ln() / divisor) as u8,
        })
        .collect()
}

impl<G: Evaluate> Searcher<G> {
    /// A searcher with a transposition table of at most `tt_mib` MiB.
    pub fn new(tt_mib: usize) -> Self {
        Searcher {
            forced_wins: false,
            tt: Shared::new(TranspositionTable::new(tt_mib)),
            shallow: TranspositionTable::new(
                SHALLOW_TABLE_MIB * G::PRUNING.is_some_and(|p| p.shallow_table_depth > 0) as usize,
            ),
            helpers: Helpers::default(),
            helper: false,
            team: Shared::default(),
            history: vec![0; 2 * G::MOVE_SLOTS],
            moves: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            order: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            nodes: 0,
            seldepth: 0,
            started: Instant::now(),
            limits: Limits::default(),
            stopped: None,
            proven: false,
            depth_now: 0,
            progress_every_ms: None,
            next_progress_ms: 0,
            plies: vec![
                PlyState {
                    killers: [None, None],
                    after_null: false,
                    excluded: None,
                    eval: NO_EVAL,
                };
                MAX_PLY + 1
            ]
            .into_boxed_slice(),
            // Read only where the game prunes (`G::PRUNING`): empty elsewhere.
            reductions: G::PRUNING
                .map_or_else(Box::default, |p| reduction_table(p.reduction_divisor)),
        }
    }

    /// The shared transposition table's size in bytes (without the thread's own table of
    /// shallow nodes).
    pub fn tt_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets the transposition table and history (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.shallow.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.clear_helpers();
    }

    /// Searches `pos` within `limits`, calling `on_iteration` after every completed iteration.
    /// Returns the best move of the last completed iteration; with a time budget the search
    /// returns within it (the clock is read every `G::NODES_PER_CLOCK_CHECK` nodes).
    pub fn search(
        &mut self,
        pos: &G,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<G::Move>),
    ) -> SearchResult<G::Move> {
        self.progress_every_ms = None;
        self.start(pos, limits, on_iteration, &mut |_| {})
    }

    /// [`Searcher::search`], also calling `on_progress` about every `every_ms` milliseconds while
    /// it runs, mid-iteration too: for a caller that must tell a long search from a dead one
    /// (the browser's worker watchdog). The clock is read at the usual checks, every
    /// `G::NODES_PER_CLOCK_CHECK` nodes, so a report is late by at most that many nodes.
    pub fn search_with_progress(
        &mut self,
        pos: &G,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<G::Move>),
        every_ms: u64,
        mut on_progress: impl FnMut(&Progress),
    ) -> SearchResult<G::Move> {
        self.progress_every_ms = Some(every_ms.max(1));
        self.next_progress_ms = every_ms;
        let result = self.start(pos, limits, on_iteration, &mut on_progress);
        self.progress_every_ms = None;
        result
    }

    /// The search itself; `on_progress` is called only when `progress_every_ms` is set. It is a
    /// trait object, not a type parameter, so the recursive search is compiled once per game.
    fn run(
        &mut self,
        pos: &G,
        limits: Limits,
        mut on_iteration: impl FnMut(&Iteration<G::Move>),
        on_progress: &mut dyn FnMut(&Progress),
    ) -> SearchResult<G::Move> {
        self.started = Instant::now();
        self.limits = limits;
        self.nodes = 0;
        self.stopped = None;
        self.tt.new_search();
        self.shallow.new_search();
        self.plies.iter_mut().for_each(|p| p.killers = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 4);

        let mut list = Vec::new();
        let forced = pos.search_moves(&mut list);
        if pos.outcome().is_some() || list.is_empty() {
            return SearchResult {
                best: None,
                last: None,
                nodes: 0,
                elapsed_ms: 0,
                stop: StopReason::Solved,
            };
        }
        if let Some(result) = self.forced_win_at_root(pos, &list, forced, &mut on_iteration) {
            return result;
        }
        let mut root: Vec<_> = list
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: Score::Eval(0),
                bound: ScoreBound::Upper,
                pv: Vec::new(),
            })
            .collect();
        let mut root_scores = Vec::new();
        let mut last = None;
        let max_depth = limits.max_depth.unwrap_or(u32::MAX).min(MAX_PLY as u32 - 8);
        let mut stop = StopReason::Depth;

        // The best move of an iteration stopped after its first root move: that move was searched
        // with a full window and any later best move proved better, so it beats the last
        // completed iteration's choice.
        let mut partial_best = None;
        let mut previous_score = None;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            self.depth_now = depth;
            let Some(best_score) = self.search_root(
                pos,
                depth as i32,
                previous_score,
                &mut root_scores,
                &root,
                on_progress,
            ) else {
                stop = self.stopped.unwrap_or(StopReason::Time);
                partial_best = self.pv[0].first().copied();
                break;
            };
            previous_score = Some(best_score);
            root = root_scores
                .iter()
                .map(|r| RootMove {
                    mv: r.mv,
                    score: Score::from_proven(r.score, r.proven),
                    bound: r.bound,
                    pv: r.pv.clone(),
                })
                .collect();
            // Every root move's bound proven: the value is the game's, and no depth changes it.
            let all_proven = root_scores.iter().all(|r| r.proven);
            let iteration = Iteration {
                depth,
                seldepth: self.seldepth.max(depth),
                nodes: self.total_nodes(),
                nps: self.nps(),
                elapsed_ms: self.elapsed_ms(),
                score: Score::from_proven(best_score, all_proven),
                pv: self.pv[0].clone(),
                root_moves: root.clone(),
            };
            on_iteration(&iteration);
            last = Some(iteration);

            let proven = score::plies_to_win(best_score).or(score::plies_to_loss(best_score));
            if proven.is_some_and(|n| n <= depth) || all_proven || (forced && root.len() == 1) {
                stop = StopReason::Solved;
                break;
            }
            if let Some(ms) = limits.time_ms.filter(|_| !limits.fixed_time) {
                // The next iteration costs several times this one: do not start what cannot end.
                // With forward pruning the next iteration's first move (all a stopped iteration
                // keeps, see `partial_best`) is cheap enough to start later.
                let start_until = if G::PRUNING.is_some() {
                    ms * 3 / 5
                } else {
                    ms / 2
                };
                if self.elapsed_ms() >= start_until {
                    stop = StopReason::Time;
                    break;
                }
            }
            if limits.max_nodes.is_some_and(|n| self.total_nodes() >= n) {
                stop = StopReason::Nodes;
                break;
            }
        }
        SearchResult {
            best: partial_best
                .or_else(|| last.as_ref().and_then(|it| it.pv.first().copied()))
                .or(Some(list[0])),
            last,
            nodes: self.nodes,
            elapsed_ms: self.elapsed_ms(),
            stop,
        }
    }

    /// The game's proof by forcing moves ([`Evaluate::forced_win`]) at the root, within
    /// [`Evaluate::FORCED_WIN_NODES`] (and a quarter of a node budget): a proven win ends the
    /// search at once, reported as one iteration whose depth is the win's length, its line the
    /// PV and its first move the only root move. Its positions count as the search's nodes.
    fn forced_win_at_root(
        &mut self,
        pos: &G,
        list: &[G::Move],
        forced: bool,
        on_iteration: &mut impl FnMut(&Iteration<G::Move>),
    ) -> Option<SearchResult<G::Move>> {
        if !self.forced_wins || G::FORCED_WIN_NODES == 0 || (forced && list.len() == 1) {
            return None;
        }
        let budget = self
            .limits
            .max_nodes
            .map_or(G::FORCED_WIN_NODES, |n| G::FORCED_WIN_NODES.min(n / 4));
        let mut line = Vec::new();
        let mut nodes = 0;
        let found = pos.forced_win(budget, &mut line, &mut nodes);
        self.nodes += nodes;
        let plies = found?;
        let mv = *line.first().filter(|m| list.contains(m))?;
        let iteration = Iteration {
            depth: plies,
            seldepth: plies,
            nodes: self.nodes,
            nps: self.nps(),
            elapsed_ms: self.elapsed_ms(),
            score: Score::Win(plies),
            pv: line.clone(),
            root_moves: vec![RootMove {
                mv,
                score: Score::Win(plies),
                bound: ScoreBound::Exact,
                pv: line,
            }],
        };
        on_iteration(&iteration);
        Some(SearchResult {
            best: Some(mv),
            last: Some(iteration),
            nodes: self.nodes,
            elapsed_ms: self.elapsed_ms(),
            stop: StopReason::Solved,
        })
    }

    /// The table of a node: the thread's own one near the horizon, else the shared one.
    fn table(&self, near: bool) -> &TranspositionTable<G::Move> {
        if near {
            &self.shallow
        } else {
            &self.tt
        }
    }

    /// The static score `evals` keeps of `pos`.
    fn static_eval(pos: &G) -> i32 {
        Self::static_of(pos.evaluate().score)
    }

    /// [`Self::static_eval`] of a position whose evaluation scored `e`.
    fn static_of(e: i32) -> i32 {
        if G::PRUNING.is_none() || e.abs() >= score::PROVEN {
            NO_EVAL
        } else {
            e
        }
    }

    /// Rewards `mv`, played by the side of index `side`, for a cutoff or a new best root move
    /// `depth` plies from the horizon ([`rewarded`]).
    fn reward(&mut self, side: usize, mv: G::Move, depth: i32) {
        let slot = side * G::MOVE_SLOTS + G::move_slot(mv);
        self.history[slot] = rewarded(self.history[slot], depth);
    }

    /// The line at `ply`: `mv`, then the line below it.
    fn set_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// This searcher's nodes and its helpers' so far (all of them once they have ended).
    fn total_nodes(&self) -> u64 {
        // A build without threads has no helpers: it reads no shared counter.
        let helpers = if MAX_THREADS > 1 {
            self.team.nodes.load(Relaxed)
        } else {
            0
        };
        self.nodes + helpers
    }

    fn nps(&self) -> u64 {
        let secs = self.started.elapsed().as_secs_f64();
        if secs > 0.0 {
            (self.total_nodes() as f64 / secs) as u64
        } else {
            0
        }
    }

    /// One iteration over the root moves, in the order of the previous iteration. Fills
    /// `scores` best first and returns the best score, or `None` when stopped.
    fn search_root(
        &mut self,
        pos: &G,
        depth: i32,
        previous_score: Option<i32>,
        scores: &mut Vec<RootScore<G::Move>>,
        previous: &[RootMove<G::Move>],
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Option<i32> {
        let mut alpha = -score::INFINITE;
        let beta = score::INFINITE;
        let mut best = None;
        scores.clear();
        self.pv[0].clear();
        self.plies[0].eval = Self::static_eval(pos);
        for (i, rm) in previous.iter().enumerate() {
            let child = pos.after(rm.mv);
            let full_window = i == 0 || self.limits.exact_root_scores;
            // Aspiration: the first move within a window around the last iteration's score
            // (`Pruning::aspiration_step`; by default a quarter of the win-chance scale each way,
            // the full window only if it fails). Other moves get a null window at alpha (PVS),
            // with exact root scores the full one.
            let aspiration = match (previous_score, G::PRUNING) {
                (Some(p), Some(pruning))
                    if i == 0
                        && depth >= 5
                        && !self.limits.exact_root_scores
                        && p.abs() < score::PROVEN =>
                {
                    Some((p, pruning.aspiration_step))
                }
                _ => None,
            };
            let (mut lo, mut hi) = match aspiration {
                Some((p, step)) => {
                    let delta = step.unwrap_or((G::WIN_CHANCE_SCALE / 4.0) as i32);
                    (p - delta, p + delta)
                }
                None if full_window => (-score::INFINITE, score::INFINITE),
                None => (alpha, alpha + 1),
            };
            let mut s = -self.negamax(&child, depth - 1, -hi, -lo, 1, full_window, on_progress);
            if let Some((_, Some(mut step))) = aspiration {
                // Widened on the side that failed, by a step that doubles each time.
                while self.stopped.is_none() && (s <= lo || s >= hi) && step < ASPIRATION_LAST_STEP
                {
                    step *= 2;
                    if s <= lo {
                        lo = (lo - step).max(-score::INFINITE);
                    } else {
                        hi = (hi + step).min(score::INFINITE);
                    }
                    s = -self.negamax(&child, depth - 1, -hi, -lo, 1, true, on_progress);
                }
            }
            // A failed aspiration (only the first move has one, so alpha and beta are still the
            // full window) or a null window beaten: again with (alpha, beta).
            if self.stopped.is_none() && (s >= hi || full_window && s <= lo) {
                s = -self.negamax(&child, depth - 1, -beta, -alpha, 1, true, on_progress);
            }
            if self.stopped.is_some() {
                return None;
            }
            let bound = if full_window || s > alpha {
                ScoreBound::Exact
            } else {
                ScoreBound::Upper
            };
            // With exact root scores every move had a full window: its line is the child's PV.
            let line = if self.limits.exact_root_scores {
                std::iter::once(rm.mv)
                    .chain(self.pv[1].iter().copied())
                    .collect()
            } else {
                Vec::new()
            };
            scores.push(RootScore {
                mv: rm.mv,
                score: s,
                bound,
                proven: self.proven,
                pv: line,
            });
            if s > alpha || best.is_none() {
                if s > alpha {
                    alpha = s;
                }
                best = Some(rm.mv);
                self.set_pv(0, rm.mv);
                self.reward(pos.to_move().index(), rm.mv, depth);
            }
        }
        // The best move first, then by score; among equals keep the search order.
        *scores = ranking::sorted_by(std::mem::take(scores), |s| {
            ((Some(s.mv) != best) as u128) << 32 | ranking::descending_i32(s.score)
        });
        self.tt
            .store(pos.hash(), 0, depth, alpha, Bound::Exact, false, best);
        Some(alpha)
    }

    fn check_limits(&mut self, on_progress: &mut dyn FnMut(&Progress)) {
        if self.nodes % G::NODES_PER_CLOCK_CHECK != 0 {
            return;
        }
        let stop_at = self.limits.stop_at_ms();
        if stop_at.is_some() || self.progress_every_ms.is_some() {
            let elapsed = self.elapsed_ms();
            if stop_at.is_some_and(|ms| elapsed >= ms) {
                self.stopped = Some(StopReason::Time);
            }
            if let Some(every) = self.progress_every_ms {
                if elapsed >= self.next_progress_ms {
                    self.next_progress_ms = elapsed + every;
                    on_progress(&Progress {
                        depth: self.depth_now,
                        seldepth: self.seldepth.max(self.depth_now),
                        nodes: self.total_nodes(),
                        nps: self.nps(),
                        elapsed_ms: elapsed,
                    });
                }
            }
        }
        if self
            .limits
            .max_nodes
            .is_some_and(|n| self.total_nodes() >= n)
        {
            self.stopped = Some(StopReason::Nodes);
        }
        if self.limits.stop.is_some_and(|f| f.is_raised()) {
            self.stopped = Some(StopReason::Time);
        }
        if MAX_THREADS > 1 {
            if self.helper {
                self.team.nodes.fetch_add(G::NODES_PER_CLOCK_CHECK, Relaxed);
            }
            // A helper stops when the main search has ended, the main search when a helper has
            // completed the depth limit (`smp`).
            if self.team.stop.load(Relaxed) {
                self.stopped = Some(StopReason::Depth);
            }
        }
    }

    /// Negamax alpha-beta from the side to move of `pos`, `ply` plies below the root.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &G,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        is_pv: bool,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> i32 {
        // Near the horizon: the thread's own table (`Pruning::shallow_table_depth`).
        let near = depth > 0 && G::PRUNING.is_some_and(|p| depth <= p.shallow_table_depth);
        // The table is probed below, after the work that does not need it; the key is taken
        // once (Connect 4's spreads its packed board into Pons' layout).
        let mut entry_key = (depth > 0).then(|| pos.hash());
        if let Some(key) = entry_key {
            self.table(near).prefetch(key);
        }
        self.nodes += 1;
        self.check_limits(on_progress);
        if self.stopped.is_some() {
            return 0;
        }
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply as u32);
        self.proven = false;
        if let Some(outcome) = pos.outcome() {
            self.proven = true;
            return match outcome {
                Outcome::Draw => 0,
                Outcome::Win(p) if p == pos.to_move() => score::win_in(ply as u32),
                Outcome::Win(_) => score::loss_in(ply as u32),
            };
        }
        // The last ply kept ends every line, however much depth is left: extensions (a forced
        // reply's, a singular move's) can keep a line's depth from falling, as in Ataxx's
        // shut-outs, where one side fills the board while the other passes.
        let mut horizon_eval = None;
        if depth <= 0 || ply >= MAX_PLY {
            let eval = pos.evaluate();
            if eval.quiet || ply >= MAX_PLY / 2 {
                // An evaluation that proves a result (Ataxx's shut-outs, say) counts as proven.
                self.proven = score::plies_to_win(eval.score)
                    .or(score::plies_to_loss(eval.score))
                    .is_some();
                return relative_to_root(eval.score, ply);
            }
            // Searched a ply deeper (Connect 4's forced block): the table is probed after all,
            // and the static score below is the one just taken.
            depth = 1;
            horizon_eval = Some(eval.score);
            let key = *entry_key.get_or_insert_with(|| pos.hash());
            self.table(near).prefetch(key);
        }

        // Mate-distance pruning: no result here can beat a win already found nearer the root.
        alpha = alpha.max(score::loss_in(ply as u32));
        beta = beta.min(score::win_in(ply as u32 + 1));
        if alpha >= beta {
            // A true bound whatever the evaluation says: nothing wins before the next ply, and
            // nothing loses before it either (see the window's raise and cut above).
            self.proven = true;
            return alpha;
        }

        // Where the table's slot was prefetched on entry, the static score comes before the
        // probe: its work hides the wait for memory, though a table cutoff then wastes it.
        // Elsewhere (wasm) it comes after the cutoff, which saves it. Either way the same score.
        let node_eval =
            |pos: &G| horizon_eval.map_or_else(|| Self::static_eval(pos), Self::static_of);
        if tt::PREFETCHES {
            self.plies[ply].eval = node_eval(pos);
        }
        // Every node that gets here has its key: inner nodes from entry, the horizon's above.
        let key = entry_key.unwrap_or_else(|| pos.hash());
        let mut tt_move = None;
        let entry = self.table(near).probe(key, ply as u32);
        // A singular-extension test (below) searches this node again without one move: the
        // table's entry is not its result, and its result must not replace the entry.
        let excluded = self.plies[ply].excluded;
        if let Some(e) = entry {
            tt_move = e.best;
            // At PV nodes only where the game prunes them (`Pruning::pv_nodes`), never at the
            // root, which must search its moves.
            let may_cut =
                excluded.is_none() && (!is_pv || ply > 0 && G::PRUNING.is_some_and(|p| p.pv_nodes));
            if may_cut && e.depth as i32 >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    self.proven = e.proven;
                    return e.score;
                }
            }
        }

        // Forward pruning on the static score (games that opt in, see `Evaluate::PRUNING`):
        // reverse futility and the null move at non-PV nodes, the move loop's pruning at PV
        // nodes too where the game says so (`Pruning::pv_nodes`). The static score is taken in
        // PV nodes anyway, for the improving flag of the nodes below.
        let pruning = G::PRUNING.filter(|p| !is_pv || p.pv_nodes);
        let settled = |v: i32| v.abs() >= score::PROVEN;
        if !tt::PREFETCHES {
            self.plies[ply].eval = node_eval(pos);
        }
        // Improving: the side to move's static score rose since its previous turn (two plies
        // up), so a fail high is likelier and a fail low less so: prune more boldly above beta,
        // more cautiously below alpha (Stockfish's "improving").
        let improving = ply >= 2 && self.plies[ply].eval > self.plies[ply - 2].eval;
        let mut static_eval = None;
        if let Some(p) = pruning {
            let mut eval = self.plies[ply].eval;
            // A table bound on the side of the static score that it tightens replaces it: a
            // searched score guesses better than a static one (as Stockfish adjusts its eval).
            if let Some(e) = entry.filter(|e| {
                eval != NO_EVAL
                    && !settled(e.score)
                    && match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => e.score > eval,
                        Bound::Upper => e.score < eval,
                    }
            }) {
                eval = e.score;
            }
            if eval != NO_EVAL && !settled(beta) {
                static_eval = Some(eval);
                if !is_pv
                    && excluded.is_none()
                    && depth <= p.reverse_futility_depth
                    && eval - p.reverse_futility_margin * (depth - improving as i32) >= beta
                {
                    return eval;
                }
                if !is_pv
                    && excluded.is_none()
                    && p.null_move
                    && depth >= 3
                    && eval >= beta
                    && !self.plies[ply].after_null
                {
                    if let Some(null) = pos.null_move() {
                        let r = 3 + depth / 4;
                        self.plies[ply + 1].after_null = true;
                        let s = -self.negamax(
                            &null,
                            depth - 1 - r,
                            -beta,
                            -beta + 1,
                            ply + 1,
                            false,
                            on_progress,
                        );
                        self.plies[ply + 1].after_null = false;
                        if self.stopped.is_some() {
                            return 0;
                        }
                        if s >= beta {
                            self.proven = false;
                            return if settled(s) { beta } else { s };
                        }
                    }
                }
            }
        }

        // Internal iterative reduction: a node the table knows no move for is searched a ply
        // shallower; its ordering is poor, and if it matters, the next iteration returns with
        // the move this search stores (Ed Schröder's idea, as in Ethereal and Stockfish).
        depth -= (G::PRUNING.is_some() && tt_move.is_none() && depth >= 4) as i32;

        // Singular extensions (`Pruning::singular_depth`): the table's move searched a ply
        // deeper when no other move comes near its score, a ply shallower when it is not alone
        // in failing high, and a cut when several others fail high too.
        let mut tt_extension = 0;
        if let (Some(p), Some(e), Some(mv)) = (G::PRUNING, entry, tt_move) {
            if p.singular_depth > 0
                && !is_pv
                && ply > 0
                && excluded.is_none()
                && depth >= p.singular_depth
                && e.depth as i32 >= depth - 3
                && e.bound != Bound::Upper
                && !settled(e.score)
            {
                let singular_beta = e.score - depth;
                self.plies[ply].excluded = Some(mv);
                let s = self.negamax(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    false,
                    on_progress,
                );
                self.plies[ply].excluded = None;
                if self.stopped.is_some() {
                    return 0;
                }
                if s < singular_beta {
                    tt_extension = 1;
                } else if singular_beta >= beta {
                    self.proven = false;
                    return singular_beta;
                } else if e.score >= beta {
                    tt_extension = -1;
                }
            }
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut order = std::mem::take(&mut self.order[ply]);
        moves.clear();
        order.clear();
        let forced = pos.search_moves(&mut moves);
        let side = pos.to_move().index();
        let killers = self.plies[ply].killers;
        let history = &self.history[side * G::MOVE_SLOTS..(side + 1) * G::MOVE_SLOTS];
        debug_assert!(moves.len() <= 1 << TAG_BITS);
        order.extend(moves.iter().enumerate().map(|(j, &mv)| {
            let within_class = if Some(mv) == tt_move {
                return tagged(i64::MAX >> TAG_BITS, j);
            } else if Some(mv) == killers[0] {
                1 << 29
            } else if Some(mv) == killers[1] {
                (1 << 29) - 1
            } else {
                history[G::move_slot(mv)] * 8 + pos.order_hint(mv)
            };
            tagged(
                ((pos.order_class(mv) as i64) << 40) + within_class as i64,
                j,
            )
        }));
        // A single forced reply does not use up depth: threat sequences are searched to the end.
        let extension = (forced && moves.len() == 1) as i32;

        let original_alpha = alpha;
        let mut best_score = -score::INFINITE;
        let mut best_move = None;
        // A cutoff rests on one move's bound; any other result on every move's.
        let mut all_proven = true;
        let mut cut_proven = None;
        // The next move's ordering key when it was picked ahead, while this one's subtree was
        // searched, so that the prefetch of its table slot has landed by the time it is searched
        // (games that opt in, `Evaluate::PREFETCH_SIBLINGS`; children that probe the shared
        // table).
        let mut picked_ahead: Option<i64> = None;
        let prefetch_siblings = G::PREFETCH_SIBLINGS
            && tt::PREFETCHES
            && depth - 1 > G::PRUNING.map_or(0, |p| p.shallow_table_depth);
        for i in 0..moves.len() {
            // Selection sort: cutoffs usually come early, so sorting the whole list is waste.
            let key = picked_ahead.take().unwrap_or_else(|| {
                let (pick, key) = pick_best(&mut order, i);
                moves.swap(i, pick);
                key
            });
            let mv = moves[i];
            if Some(mv) == excluded {
                continue;
            }
            if let (Some(p), Some(eval)) = (pruning, static_eval) {
                // Half as many moves when the side to move is not improving.
                let late = (p.late_moves_base + (depth * depth) as usize * p.late_moves_per_ply)
                    >> (!improving as usize);
                // Late-move pruning; futility pruning; and, as class 0 comes last in the order,
                // the rest of the list once it reaches class 0 (see `Pruning`).
                if !forced
                    && best_score > -score::PROVEN
                    && (depth <= 3 && i >= late
                        || depth <= 6
                            && i >= 3
                            && !settled(alpha)
                            && eval + p.futility_margin / 2 * (depth + 1 + improving as i32)
                                <= alpha
                        || p.prune_class_zero && i >= 2 && key < (1 << 29) - 1)
                {
                    all_proven = false;
                    break;
                }
            }

            let child = pos.after(mv);
            if prefetch_siblings && i + 1 < moves.len() {
                let (pick, next_key) = pick_best(&mut order, i + 1);
                moves.swap(i + 1, pick);
                self.table(false).prefetch(pos.hash_after(moves[i + 1]));
                picked_ahead = Some(next_key);
            }
            let new_depth =
                depth - 1 + extension + if Some(mv) == tt_move { tt_extension } else { 0 };
            let s = if i == 0 {
                -self.negamax(
                    &child,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    is_pv,
                    on_progress,
                )
            } else {
                // Late moves are first searched shallower: with forward pruning by the
                // logarithmic table (less in PV nodes and for killers), else one ply for moves
                // with a poor ordering key (not the TT move, a killer or of a class above 0).
                let reduce = if depth < 3 || forced {
                    0
                } else if G::PRUNING.is_none() {
                    (i >= 4 && key < (1 << 29)) as i32
                } else if i >= 2 {
                    let r = self.reductions[(depth as usize).min(63) * 64 + i.min(63)] as i32
                        - is_pv as i32
                        - (key & ((1 << 40) - 1) >= (1 << 29) - 1) as i32;
                    r.min(new_depth - 1).max(0)
                } else {
                    0
                };
                let mut s = -self.negamax(
                    &child,
                    new_depth - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    on_progress,
                );
                if s > alpha && reduce > 0 && self.stopped.is_none() {
                    s = -self.negamax(
                        &child,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        on_progress,
                    );
                }
                if s > alpha && s < beta && is_pv && self.stopped.is_none() {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true, on_progress);
                }
                s
            };
            if self.stopped.is_some() {
                break;
            }
            all_proven &= self.proven;
            if s > best_score {
                best_score = s;
                best_move = Some(mv);
                if s > alpha {
                    alpha = s;
                    // Only a PV node's line reaches the root (and the root moves' lines come
                    // from PV children): elsewhere the copy at every cutoff is waste, which in
                    // wasm is a call out of the module (V8's `memory.copy`).
                    if is_pv {
                        self.set_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if Some(mv) != tt_move && !forced {
                            let k = &mut self.plies[ply].killers;
                            if k[0] != Some(mv) {
                                k[1] = k[0];
                                k[0] = Some(mv);
                            }
                        }
                        self.reward(side, mv, depth);
                        cut_proven = Some(self.proven);
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.order[ply] = order;
        if self.stopped.is_some() {
            return 0;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let proven = cut_proven.unwrap_or(all_proven);
        if excluded.is_none() {
            self.table(near)
                .store(key, ply as u32, depth, best_score, bound, proven, best_move);
        }
        self.proven = proven;
        best_score
    }
}

/// Without threads (no `threads` feature, as in the CodinGame bundle, or wasm without atomics)
/// the search runs on the calling thread alone.
#[cfg(not(all(
    feature = "threads",
    any(not(target_arch = "wasm32"), target_feature = "atomics")
)))]
impl<G: Evaluate> Searcher<G> {
    /// Asks for `n` threads; this build has one and keeps it.
    pub fn set_threads(&mut self, _n: usize) {}

    fn clear_helpers(&mut self) {}

    fn start(
        &mut self,
        pos: &G,
        limits: Limits,
        on_iteration: impl FnMut(&Iteration<G::Move>),
        on_progress: &mut dyn FnMut(&Progress),
    ) -> SearchResult<G::Move> {
        self.run(pos, limits, on_iteration, on_progress)
    }
}

/// What a searcher shares with its helpers besides the table.
#[derive(Default)]
struct Team {
    /// The helpers' nodes, added every `NODES_PER_CLOCK_CHECK` nodes.
    nodes: AtomicU64,
    /// Raised when the main search ends (the helpers stop), or when a helper has completed the
    /// depth limit (the main search stops, and the helper's iteration is the answer).
    stop: AtomicBool,
}

/// Turns an evaluation's proven result (relative to the evaluated node) into one relative to the
/// root, `ply` plies up.
fn relative_to_root(s: i32, ply: usize) -> i32 {
    score::shift_proven(s, -(ply as i32))
}

/// One root move's result in an iteration: its score (a bound unless `bound` is exact) and
/// whether that score follows from finished games alone.
struct RootScore<M> {
    mv: M,
    score: i32,
    bound: ScoreBound,
    proven: bool,
    /// The move's line (with `exact_root_scores` only, else empty).
    pv: Vec<M>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The order the move loop visits `keys` in (`negamax`'s pick).
    fn tagged_order(keys: &[i64]) -> Vec<usize> {
        let mut moves: Vec<usize> = (0..keys.len()).collect();
        let mut order: Vec<i64> = keys
            .iter()
            .enumerate()
            .map(|(j, &k)| tagged(k, j))
            .collect();
        for i in 0..moves.len() {
            let (pick, key) = pick_best(&mut order, i);
            assert_eq!(key, keys[moves[pick]], "the tag hides the key");
            moves.swap(i, pick);
        }
        moves
    }

    /// The same, by the rule the tags replace: scan for the first largest key, then swap.
    fn scanned_order(keys: &[i64]) -> Vec<usize> {
        let mut moves: Vec<usize> = (0..keys.len()).collect();
        let mut order = keys.to_vec();
        for i in 0..moves.len() {
            let mut pick = i;
            for j in i + 1..order.len() {
                if order[j] > order[pick] {
                    pick = j;
                }
            }
            moves.swap(i, pick);
            order.swap(i, pick);
        }
        moves
    }

    #[test]
    fn moves_are_visited_best_key_first_and_of_equal_keys_in_the_scans_order() {
        let mut rng = Rng(7);
        for _ in 0..500 {
            let len = 1 + rng.below(60);
            // Few distinct keys, so ties are common; negative ones (order hints) and the TT
            // move's key among them.
            let choices = [
                -(1 << 20),
                -1,
                0,
                3,
                1 << 29,
                (7 << 40) + 5,
                i64::MAX >> TAG_BITS,
            ];
            let keys: Vec<i64> = (0..len)
                .map(|_| choices[rng.below(choices.len())])
                .collect();
            assert_eq!(tagged_order(&keys), scanned_order(&keys), "keys {keys:?}");
        }
    }

    #[test]
    fn however_long_a_search_runs_history_ranks_below_the_killers() {
        let mut history = 0;
        for _ in 0..100_000 {
            history = rewarded(history, 60);
        }
        assert_eq!(history, HISTORY_MAX);
        // The largest key a history can give (`negamax`'s `history * 8 + order_hint`; Ataxx's
        // hints, the largest, stay below 2^19) stays below the second killer's.
        assert!(HISTORY_MAX as i64 * 8 + (1 << 20) < (1 << 29) - 1);
        assert_eq!(rewarded(100, 3), 109);
    }

    /// A game of two moves at the start, then one forced move a turn, drawn after 300 plies:
    /// every line is a single forced reply, which the search extends, so its depth never runs
    /// out before the game does (as in Ataxx's shut-outs, where the singular extension adds a ply
    /// to the forced one's).
    #[derive(Clone)]
    struct ForcedLine(u32);

    impl crate::game::Game for ForcedLine {
        type Move = u8;
        const NAME: &'static str = "forced-line";
        const MOVE_SLOTS: usize = 2;
        fn start() -> Self {
            ForcedLine(0)
        }
        fn from_setup(_: &str) -> Result<Self, crate::game::NotationError> {
            Ok(ForcedLine(0))
        }
        fn to_move(&self) -> crate::game::Player {
            [crate::game::Player::First, crate::game::Player::Second][self.0 as usize % 2]
        }
        fn ply(&self) -> u32 {
            self.0
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.0 >= 300).then_some(Outcome::Draw)
        }
        fn legal_moves(&self, out: &mut Vec<u8>) {
            if self.outcome().is_none() {
                out.push(0);
            }
            if self.0 == 0 {
                out.push(1);
            }
        }
        fn play(&mut self, _: u8) {
            self.0 += 1;
        }
        fn hash(&self) -> u64 {
            crate::rng::splitmix(self.0 as u64)
        }
        fn move_slot(mv: u8) -> usize {
            mv as usize
        }
        fn parse_move(&self, _: &str) -> Result<u8, crate::game::NotationError> {
            Ok(0)
        }
        fn format_move(&self, _: u8) -> String {
            "0".into()
        }
    }

    impl Evaluate for ForcedLine {
        fn evaluate(&self) -> crate::game::Eval {
            crate::game::Eval {
                score: 0,
                quiet: true,
            }
        }
        fn search_moves(&self, out: &mut Vec<u8>) -> bool {
            crate::game::Game::legal_moves(self, out);
            out.len() == 1
        }
    }

    #[test]
    fn a_line_of_forced_replies_longer_than_the_plies_kept_ends_at_the_last_one() {
        let mut searcher = Searcher::<ForcedLine>::new(1);
        let found = searcher.search(&ForcedLine(0), Limits::depth(4), |_| {});
        assert!(found.last.is_some_and(|it| it.seldepth as usize <= MAX_PLY));
    }

    #[test]
    fn the_largest_move_list_keeps_its_positions() {
        let keys = vec![0; 1 << TAG_BITS];
        let last = keys.len() - 1;
        assert_eq!(tag_position(tagged(0, last)), last);
        assert_eq!(tagged_order(&keys), (0..keys.len()).collect::<Vec<_>>());
    }
}
