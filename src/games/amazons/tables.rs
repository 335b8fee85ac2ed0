//! Amazons' precomputed tables and bitboard steps: the queen rays of every square, the ray
//! attacks and the one-step floods the territory and the move generator use, and the Zobrist keys
//! ([`crate::rng::splitmix`] of fixed salts, computed at compile time: the bench signatures
//! depend on them).

use crate::rng::{splitmix, splitmix_keys};

/// The number of squares.
pub const SQUARES: usize = 64;

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The eight queen directions as `(dx, dy)`; the first four raise the square index.
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the board's edge in direction `d`.
const RAYS: [[u64; SQUARES]; 8] = {
    let mut rays = [[0u64; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            let (mut x, mut y) = ((sq % 8) as i32, (sq / 8) as i32);
            let mut ray = 0u64;
            loop {
                x += DIRS[d].0;
                y += DIRS[d].1;
                if x < 0 || x > 7 || y < 0 || y > 7 {
                    break;
                }
                ray |= 1u64 << (y * 8 + x);
            }
            rays[d][sq] = ray;
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// The squares a queen on `sq` attacks when `occ` is occupied, including the first blocker of
/// each ray (mask it out to get the squares it can move to).
#[inline]
pub fn queen_attacks(sq: usize, occ: u64) -> u64 {
    let mut att = 0;
    let mut d = 0;
    while d < 8 {
        let mut ray = RAYS[d][sq];
        let blockers = ray & occ;
        if blockers != 0 {
            let b = if d < 4 {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            } as usize;
            ray &= !RAYS[d][b];
        }
        att |= ray;
        d += 1;
    }
    att
}

/// Every empty square one queen move away from any square of `from`, moving through `empty`
/// (Kogge-Stone occluded fills in the eight directions).
#[inline(always)]
pub(super) fn queen_step(from: u64, empty: u64) -> u64 {
    #[inline(always)]
    fn up(gen: u64, pro: u64, s: u32, mask: u64) -> u64 {
        let mut g = gen;
        let mut p = pro & mask;
        g |= p & (g << s);
        p &= p << s;
        g |= p & (g << (2 * s));
        p &= p << (2 * s);
        g |= p & (g << (4 * s));
        (g << s) & mask
    }
    #[inline(always)]
    fn down(gen: u64, pro: u64, s: u32, mask: u64) -> u64 {
        let mut g = gen;
        let mut p = pro & mask;
        g |= p & (g >> s);
        p &= p >> s;
        g |= p & (g >> (2 * s));
        p &= p >> (2 * s);
        g |= p & (g >> (4 * s));
        (g >> s) & mask
    }
    let all = !0u64;
    (up(from, empty, 1, NOT_A)
        | up(from, empty, 7, NOT_H)
        | up(from, empty, 8, all)
        | up(from, empty, 9, NOT_A)
        | down(from, empty, 1, NOT_H)
        | down(from, empty, 7, NOT_A)
        | down(from, empty, 8, all)
        | down(from, empty, 9, NOT_H))
        & empty
}

/// `from` and every square a king step away from any square of it.
#[inline(always)]
pub(super) fn king_step(from: u64) -> u64 {
    let h = from | ((from << 1) & NOT_A) | ((from >> 1) & NOT_H);
    h | (h << 8) | (h >> 8)
}

/// Zobrist keys `[kind][square]`: kind 0 a white amazon, 1 a black amazon, 2 a wall.
pub(super) const ZOBRIST: [[u64; SQUARES]; 3] = [
    splitmix_keys(0x414D_415A),
    splitmix_keys(0x414D_415A + SQUARES as u64),
    splitmix_keys(0x414D_415A + 2 * SQUARES as u64),
];
pub(super) const ZOBRIST_BLACK_TO_MOVE: u64 = splitmix(0x414D_415A_0001);
