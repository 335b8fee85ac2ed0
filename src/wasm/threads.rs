//! The engine build's threads, as the page sees them. The single-threaded build (no `atomics`
//! target feature) searches on the engine's Worker alone. The threaded build (built with
//! `atomics` and `bulk-memory` over a shared `WebAssembly.Memory`, see scripts/build-site.sh)
//! also has a pool of helper Workers, started once by [`start_helpers`] (wasm-bindgen-rayon);
//! every search then runs on the Worker and all the helpers: alpha-beta as Lazy SMP, MCTS
//! (Amazons) with tree parallelism (one shared tree, virtual loss).

/// How the page names the build in use: `wasm, 1 thread` here.
#[cfg(not(target_feature = "atomics"))]
pub fn build_label() -> String {
    "wasm, 1 thread".to_string()
}

/// How the page names the build in use: `wasm, N threads`, N the threads a search runs on
/// (`wasm, 1 thread` before [`start_helpers`]).
#[cfg(target_feature = "atomics")]
pub fn build_label() -> String {
    match search_threads() {
        1 => "wasm, 1 thread".to_string(),
        n => format!("wasm, {n} threads"),
    }
}

#[cfg(target_feature = "atomics")]
mod pool {
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    use wasm_bindgen::prelude::*;

    use crate::search::MAX_THREADS;

    /// The helper Workers asked for by [`start_helpers`] (0 before).
    static HELPERS: AtomicUsize = AtomicUsize::new(0);

    /// Starts `helpers` helper Workers (at least 1, at most the search's thread cap less one),
    /// each instantiating this module over the shared memory, and resolves once all are running
    /// (rejects if a Worker cannot be started). Call it once, before the first search; every
    /// search (alpha-beta or MCTS) then runs on `helpers + 1` threads.
    #[wasm_bindgen]
    pub fn start_helpers(helpers: usize) -> js_sys::Promise {
        let helpers = helpers.clamp(1, MAX_THREADS - 1);
        HELPERS.store(helpers, Relaxed);
        wasm_bindgen_rayon::init_thread_pool(helpers)
    }

    /// The threads a search runs on: the engine's Worker and its helpers.
    pub fn search_threads() -> usize {
        HELPERS.load(Relaxed) + 1
    }
}

#[cfg(target_feature = "atomics")]
pub use pool::search_threads;

/// The threads a search runs on: one in the single-threaded build.
#[cfg(not(target_feature = "atomics"))]
pub fn search_threads() -> usize {
    1
}
