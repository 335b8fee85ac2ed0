//! The monotonic clock every search and bot reads. Natively it is `std::time::Instant`, so the
//! rules, searches and bots need no crate (the CodinGame bundle compiles them with plain
//! `rustc`); on wasm32, where `std::time::Instant::now` panics, it is `web_time::Instant`
//! (`performance.now()` in the page and in Workers).

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;
