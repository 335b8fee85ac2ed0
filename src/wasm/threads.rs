//! The engine build's threads, as the page sees them. The single-threaded build (no `atomics`
//! target feature) searches on the engine's Worker alone. The threaded build (built with
//! `atomics` and `bulk-memory` over a shared `WebAssembly.Memory`, see scripts/build-site.sh)
//! also has a pool of helper Workers, started once by [`start_helpers`] (wasm-bindgen-rayon);
//! every alpha-beta search then runs Lazy SMP on the Worker and all the helpers.

use serde::Serialize;

/// What [`super::engine_build`] returns: the build in use, for the page to name.
#[derive(Serialize)]
pub struct BuildView {
    /// How the page names the engine build in use, e.g. `wasm, 4 threads` or `wasm, 1 thread`.
    pub label: String,
    /// The threads an alpha-beta search runs on: the engine's Worker plus the helpers started.
    pub threads: usize,
    /// Whether this build can run helper threads at all (built with wasm atomics).
    pub threaded: bool,
}

/// The build in use and its threads.
pub fn build_view() -> BuildView {
    let threads = search_threads();
    BuildView {
        label: format!(
            "wasm, {threads} thread{}",
            if threads == 1 { "" } else { "s" }
        ),
        threads,
        threaded: cfg!(target_feature = "atomics"),
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
    /// alpha-beta search then runs on `helpers + 1` threads.
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
