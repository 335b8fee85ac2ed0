//! `boardlab bench`: a fixed set of positions searched to a fixed depth with a fresh table each.
//! The total node count is a signature that changes only when the search or evaluation changes;
//! nodes per second measures speed.

use crate::clock::Instant;

use crate::game::{Evaluate, Game};
use crate::play::{random_opening, Rng};
use crate::search::{Iteration, Limits, Searcher};

/// One bench position's result.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// Plies played in the position.
    pub plies: u32,
    /// Nodes the search visited at the bench depth (on all its threads).
    pub nodes: u64,
    /// Wall time of the search, in ms.
    pub ms: u64,
    /// The best move found, in the game's notation.
    pub best: String,
}

/// The bench positions of a game: seeded random openings of 0, 1, 2, 4, ... 14 plies from the
/// start, so every game gets a reproducible set without hand-written move lists.
pub fn positions<G: Game>() -> Vec<G> {
    let mut rng = Rng(0xB0A2D1AB);
    [0, 1, 2, 4, 6, 8, 10, 12, 14]
        .iter()
        .map(|&plies| random_opening(&G::start(), plies, &mut rng))
        .collect()
}

/// Searches each position to `depth` plies with a fresh `tt_mib` MiB table on `threads` threads
/// (Lazy SMP; with more than one the node counts vary from run to run, and the time to depth is
/// what to compare).
pub fn run<G: Evaluate>(
    positions: &[G],
    depth: u32,
    tt_mib: usize,
    threads: usize,
) -> Vec<BenchLine> {
    let mut out = Vec::new();
    for pos in positions {
        let mut searcher: Searcher<G> = Searcher::new(tt_mib);
        searcher.set_threads(threads);
        // A new table's memory is mapped only when first touched (`search::tt::ZeroedTable`):
        // writing it here keeps the kernel's work out of the time, which measures the search.
        searcher.clear();
        let t = Instant::now();
        // A trait object, as the wasm API's search passes: one copy of the search per game.
        let mut ignore = |_: &Iteration<G::Move>| {};
        let report = &mut ignore as &mut dyn FnMut(&Iteration<G::Move>);
        let result = searcher.search(pos, Limits::depth(depth), report);
        out.push(BenchLine {
            plies: pos.ply(),
            nodes: result.nodes,
            ms: t.elapsed().as_millis() as u64,
            best: result
                .best
                .map(|m| pos.format_move(m))
                .unwrap_or_else(|| "-".into()),
        });
    }
    out
}
