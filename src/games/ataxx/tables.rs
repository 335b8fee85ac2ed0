//! Ataxx's precomputed tables: the board's bit masks (square `(file, rank)` is bit
//! `rank * 7 + file`), the distance rings that give spawn and jump targets, and the Zobrist keys.
//! Everything here is computed at compile time; the keys are [`crate::rng::splitmix`] of fixed
//! salts, so they (and the bench signatures that depend on them) never change by accident.

use crate::rng::{splitmix, splitmix_keys};

/// Squares on the board.
pub const SQUARES: usize = 49;
/// Every square.
pub const FULL: u64 = (1u64 << SQUARES) - 1;

const FILE_A: u64 = {
    let mut bb = 0u64;
    let mut rank = 0;
    while rank < 7 {
        bb |= 1 << (rank * 7);
        rank += 1;
    }
    bb
};
pub(super) const NOT_FILE_A: u64 = FULL & !FILE_A;
pub(super) const NOT_FILE_G: u64 = FULL & !(FILE_A << 6);

/// Every square at distance at most 1 of a square of `bb` (`bb` included).
#[inline(always)]
pub const fn dilate(bb: u64) -> u64 {
    let h = bb | ((bb << 1) & NOT_FILE_A) | ((bb >> 1) & NOT_FILE_G);
    (h | (h << 7) | (h >> 7)) & FULL
}

pub(super) const fn chebyshev(a: usize, b: usize) -> usize {
    let (fa, ra, fb, rb) = (a % 7, a / 7, b % 7, b / 7);
    let df = fa.abs_diff(fb);
    let dr = ra.abs_diff(rb);
    if df > dr {
        df
    } else {
        dr
    }
}

const fn ring_masks(distance: usize) -> [u64; SQUARES] {
    let mut out = [0u64; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            if chebyshev(a, b) == distance {
                out[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// `SINGLES[sq]`: the (up to 8) squares at distance 1 of `sq`: its spawn targets and the stones
/// a move to `sq` captures.
pub const SINGLES: [u64; SQUARES] = ring_masks(1);
/// `DOUBLES[sq]`: the (up to 16) squares at Chebyshev distance exactly 2: jump targets.
pub const DOUBLES: [u64; SQUARES] = ring_masks(2);

/// Zobrist keys: `[first, second, wall][square]`.
pub(super) const ZOBRIST: [[u64; SQUARES]; 3] = [
    splitmix_keys(0xA7A1 * 1000),
    splitmix_keys(0xA7A2 * 1000),
    splitmix_keys(0xA7A3 * 1000),
];
/// XORed in when the second player is to move.
pub(super) const ZOBRIST_SECOND: u64 = splitmix(0xA7A4_0000);
