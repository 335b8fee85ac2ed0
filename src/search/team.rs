//! Running a search on a team of threads: the main search on the calling thread, each helper's
//! job on a thread of its own, and a return only once every helper has ended. Both parallel
//! searches use it: alpha-beta's Lazy SMP (`alphabeta/smp.rs`) and MCTS on several threads
//! (`mcts/parallel.rs`). What the helpers search and how they share work is theirs; this module
//! only starts, stops and joins the threads.
//!
//! Natively each helper is a scoped thread named after its search (`lazy-smp-1`, ...), so the
//! helpers may borrow the caller's searchers. The browser's threaded wasm build has no
//! `std::thread::spawn`: each helper is a job on rayon's global pool, whose threads are Web
//! Workers over the module's shared memory (wasm-bindgen-rayon; `crate::wasm` starts the pool
//! with one thread per helper). The main search runs on the engine's own Worker
//! (`in_place_scope`), so its reports reach the page from the thread that owns the page's
//! callbacks, and the pool's threads sleep between searches.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// What the helpers do once the main search has returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenMainEnds {
    /// The team's stop flag is raised: the helpers stop at their next look at it (Lazy SMP, whose
    /// helpers feed the main search, or answer for it once one completes the depth limit).
    StopHelpers,
    /// The helpers run on until they end by themselves (MCTS with an iteration budget shared out:
    /// each finishes its share, so the result does not depend on the threads' speeds). The main
    /// search raises the flag itself when it ends for any other reason.
    LetHelpersFinish,
}

/// Raises the team's stop flag when dropped, so a main search that ends in any way (a panic
/// included) never leaves the team waiting for helpers that would not stop.
struct RaiseOnDrop<'a>(&'a AtomicBool);

impl Drop for RaiseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Relaxed);
    }
}

/// Runs every job of `helpers` on a helper thread (natively named `name` and the helper's number
/// from 1) and `main` on this thread, and returns `main`'s answer once every helper has ended.
/// `stop` is the flag the helpers watch: raised if `main` panics, and when it returns if `when`
/// says so. A helper the system cannot start is left out (fewer threads search); a helper's panic
/// is a bug, passed on once the others have ended.
#[cfg(not(target_arch = "wasm32"))]
pub fn run<J, R>(
    name: &str,
    stop: &AtomicBool,
    helpers: impl IntoIterator<Item = J>,
    when: WhenMainEnds,
    main: impl FnOnce() -> R,
) -> R
where
    J: FnOnce() + Send,
{
    std::thread::scope(|scope| {
        let guard = RaiseOnDrop(stop);
        let mut running = Vec::new();
        for (i, job) in helpers.into_iter().enumerate() {
            running.extend(
                std::thread::Builder::new()
                    .name(format!("{name}{}", i + 1))
                    .spawn_scoped(scope, job)
                    .ok(),
            );
        }
        let answer = main();
        if when == WhenMainEnds::StopHelpers {
            stop.store(true, Relaxed);
        }
        // Joined here, not only awaited by the scope: the threads themselves have ended when the
        // search returns.
        for helper in running {
            if let Err(panic) = helper.join() {
                std::panic::resume_unwind(panic);
            }
        }
        std::mem::forget(guard);
        answer
    })
}

/// The browser's threaded build of [`run`]: each job on rayon's global pool (Web Workers), `main`
/// on this thread; the scope returns once every job has ended. `name` is unused (the pool's
/// Workers are named by the pool).
#[cfg(target_arch = "wasm32")]
pub fn run<J, R>(
    _name: &str,
    stop: &AtomicBool,
    helpers: impl IntoIterator<Item = J>,
    when: WhenMainEnds,
    main: impl FnOnce() -> R,
) -> R
where
    J: FnOnce() + Send,
{
    rayon::in_place_scope(|scope| {
        let guard = RaiseOnDrop(stop);
        for job in helpers {
            scope.spawn(move |_| job());
        }
        let answer = main();
        if when == WhenMainEnds::StopHelpers {
            stop.store(true, Relaxed);
        }
        std::mem::forget(guard);
        answer
    })
}
