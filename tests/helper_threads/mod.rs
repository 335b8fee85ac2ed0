//! Watching a search's helper threads from a test: the tests of one binary run one at a time
//! ([`serial`]) so that the process's threads can be counted by name (Linux:
//! `/proc/self/task/*/comm`), and every wait is bounded by [`HANG_GUARD`], never a timing claim.

use std::sync::{mpsc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use boardlab::search::StopFlag;

/// A hang guard, not a timing claim: how long a search that must stop may take at most.
pub const HANG_GUARD: Duration = Duration::from_secs(60);

static SERIAL: Mutex<()> = Mutex::new(());

/// Holds the binary's tests to one at a time while the guard lives.
pub fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// This process's threads whose names start with `prefix` (a search's helper name), or `None`
/// where `/proc/self/task` cannot be read.
pub fn helper_threads(prefix: &str) -> Option<usize> {
    let tasks = std::fs::read_dir("/proc/self/task").ok()?;
    Some(
        tasks
            .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
            .filter(|name| name.starts_with(prefix))
            .count(),
    )
}

/// Whether no `prefix` thread is left. Joined helpers may stay listed by the kernel for a
/// moment, so the count is given the hang guard to reach 0.
pub fn no_helper_left(prefix: &str) -> bool {
    let deadline = Instant::now() + HANG_GUARD;
    while helper_threads(prefix).unwrap_or(0) > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(1));
    }
    helper_threads(prefix).unwrap_or(0) == 0
}

/// Runs `search` on a thread of its own and waits at most [`HANG_GUARD`] for it.
pub fn within_guard<T: Send + 'static>(search: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(search());
    });
    rx.recv_timeout(HANG_GUARD)
        .expect("the search stopped within the hang guard")
}

/// Raises `stop` once `helpers` threads named `prefix` are seen running (or the guard runs
/// out, or the count cannot be read); the handle gives the count seen.
pub fn stop_when_running(
    stop: StopFlag,
    prefix: &'static str,
    helpers: usize,
) -> JoinHandle<usize> {
    std::thread::spawn(move || {
        let deadline = Instant::now() + HANG_GUARD;
        let mut seen = 0;
        while seen < helpers && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
            seen = helper_threads(prefix).unwrap_or(helpers);
        }
        stop.raise();
        seen
    })
}
