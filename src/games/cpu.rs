//! Hot code compiled a second time for the CPU's wider instructions, chosen at run time.
//!
//! The native build targets x86-64's baseline (SSE2, plus POPCNT: `.cargo/config.toml`), and
//! CodinGame compiles a bundle with plain `rustc`, so neither may assume AVX2, whose integer
//! instructions take 256 bits (sixteen `i16` lanes) where SSE2's take 128, and shift each 64-bit
//! lane by a count of its own; the bundle may not assume POPCNT either, so its `count_ones` are
//! emulated. [`with_avx2`] runs a closure in a copy of itself compiled for AVX2 and POPCNT (every
//! CPU with AVX2 has both) when the CPU has them (`is_x86_feature_detected!`, a cached flag),
//! else as it is. The arithmetic is the same integers either way, so scores, trees and node
//! counts do not change; only the speed does (README: "Sixteen lanes where the CPU has them"). In
//! wasm, and on other targets, the closure simply runs.

/// Runs `f`, compiled for AVX2 and POPCNT where the CPU has them. `f` must be marked
/// `#[inline(always)]` and call only `#[inline(always)]` code on its hot path: a function that is
/// not inlined into the copy keeps the baseline's instructions (a closure does not inherit target
/// features).
#[inline(always)]
pub fn with_avx2<T>(f: impl FnOnce() -> T) -> T {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
        /// `f`, inlined into a function compiled for AVX2 and POPCNT.
        #[target_feature(enable = "avx2,popcnt")]
        unsafe fn wide<T>(f: impl FnOnce() -> T) -> T {
            f()
        }
        // SAFETY: the CPU has both, checked above.
        return unsafe { wide(f) };
    }
    f()
}
