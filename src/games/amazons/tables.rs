//! Amazons' precomputed tables and bitboard steps: the queen rays of every square, the ray
//! attacks and the one-step floods the territory and the move generator use, and the Zobrist keys
//! ([`crate::rng::splitmix`] of fixed salts, computed at compile time: the bench signatures
//! depend on them).

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use super::lanes::side_by_side;
use super::lanes::Lanes;
#[cfg(any(all(target_arch = "wasm32", target_feature = "simd128"), test))]
use super::lanes::RayLanes;
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

/// `RAYS[sq][d]`: the squares from `sq` (exclusive) to the board's edge in direction `d` (a
/// square's eight rays side by side, so that wasm SIMD loads them two at a time).
const RAYS: [[u64; 8]; SQUARES] = {
    let mut rays = [[0u64; 8]; SQUARES];
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
            rays[sq][d] = ray;
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// The squares a queen on `sq` attacks when `occ` is occupied, including the first blocker of
/// each ray (mask it out to get the squares it can move to).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
pub fn queen_attacks(sq: usize, occ: u64) -> u64 {
    let mut att = 0;
    let mut d = 0;
    while d < 8 {
        let mut ray = RAYS[sq][d];
        let blockers = ray & occ;
        if blockers != 0 {
            let b = if d < 4 {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            } as usize;
            ray &= !RAYS[b][d];
        }
        att |= ray;
        d += 1;
    }
    att
}

/// [`queen_attacks`] in wasm SIMD, two rays a register ([`rising_ray`], [`falling_ray`]: no
/// branch, since wasm SIMD has no per-lane bit scan). The same squares as the bit scans find.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
pub fn queen_attacks(sq: usize, occ: u64) -> u64 {
    use std::arch::wasm32::*;
    let rays = &RAYS[sq];
    let occ = u64x2_splat(occ);
    // SAFETY: `rays` is 8 `u64`s and each load reads 2 from `i <= 6`; wasm loads unaligned.
    let pair = |i: usize| unsafe { v128_load(rays.as_ptr().add(i).cast::<v128>()) };
    // Directions 0 to 3 raise the square index (`DIRS`), 4 to 7 lower it.
    let all = v128_or(
        v128_or(rising_ray(pair(0), occ), rising_ray(pair(2), occ)),
        v128_or(falling_ray(pair(4), occ), falling_ray(pair(6), occ)),
    );
    u64x2_extract_lane::<0>(all) | u64x2_extract_lane::<1>(all)
}

/// The squares of `ray`, a ray that raises the square index, up to its first blocker in `occ`
/// (included): those up to the lowest blocker, `lowest ^ (lowest - 1)`, every square when there
/// is none.
#[cfg(any(all(target_arch = "wasm32", target_feature = "simd128"), test))]
#[inline(always)]
fn rising_ray<L: RayLanes>(ray: L, occ: L) -> L {
    let lowest = ray.and(occ).lowest_bit();
    ray.and(lowest.xor(lowest.less_one()))
}

/// The squares of `ray`, a ray that lowers the square index, down to its first blocker in `occ`
/// (included): the blockers smeared downwards, shifted one below the highest, are the squares
/// past it.
#[cfg(any(all(target_arch = "wasm32", target_feature = "simd128"), test))]
#[inline(always)]
fn falling_ray<L: RayLanes>(ray: L, occ: L) -> L {
    let mut below = ray.and(occ);
    for s in [1, 2, 4, 8, 16, 32] {
        below = below.or(below.down(s));
    }
    ray.and_not(below.down(1))
}

/// Every empty square one queen move away from any square of `from`, moving through `empty`
/// (Kogge-Stone occluded fills in the eight directions), lane by lane.
#[inline(always)]
fn queen_fill<L: Lanes>(from: L, empty: L) -> L {
    /// The fill in one direction: `s` squares a step towards the higher squares (`UP`) or the
    /// lower ones, `mask` dropping what wrapped around the board's edge.
    #[inline(always)]
    fn ray<L: Lanes, const UP: bool>(gen: L, pro: L, s: u32, mask: u64) -> L {
        #[inline(always)]
        fn shift<L: Lanes, const UP: bool>(board: L, s: u32) -> L {
            if UP {
                board.up(s)
            } else {
                board.down(s)
            }
        }
        let mask = L::splat(mask);
        let mut g = gen;
        let mut p = pro.and(mask);
        g = g.or(p.and(shift::<L, UP>(g, s)));
        p = p.and(shift::<L, UP>(p, s));
        g = g.or(p.and(shift::<L, UP>(g, 2 * s)));
        p = p.and(shift::<L, UP>(p, 2 * s));
        g = g.or(p.and(shift::<L, UP>(g, 4 * s)));
        shift::<L, UP>(g, s).and(mask)
    }
    let all = !0u64;
    ray::<L, true>(from, empty, 1, NOT_A)
        .or(ray::<L, true>(from, empty, 7, NOT_H))
        .or(ray::<L, true>(from, empty, 8, all))
        .or(ray::<L, true>(from, empty, 9, NOT_A))
        .or(ray::<L, false>(from, empty, 1, NOT_H))
        .or(ray::<L, false>(from, empty, 7, NOT_A))
        .or(ray::<L, false>(from, empty, 8, all))
        .or(ray::<L, false>(from, empty, 9, NOT_H))
        .and(empty)
}

/// Every empty square one queen move away from any square of each side's frontier `from`
/// (`[white, black]`), moving through `empty`; a side with no frontier reaches nothing. One
/// side after the other (the AVX2 copy runs four directions of a side an instruction).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
pub(super) fn queen_steps(from: [u64; 2], empty: u64) -> [u64; 2] {
    // Written out, not `map`: the AVX2 copy inlines only `#[inline(always)]` code.
    #[inline(always)]
    fn side(from: u64, empty: u64) -> u64 {
        if from != 0 {
            queen_fill(from, empty)
        } else {
            0
        }
    }
    [side(from[0], empty), side(from[1], empty)]
}

/// [`queen_steps`] in wasm SIMD: both sides at once, one in each lane, since wasm's 64-bit
/// shifts take one count for both lanes (README, "Amazons in wasm SIMD").
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub(super) fn queen_steps(from: [u64; 2], empty: u64) -> [u64; 2] {
    side_by_side(from, |both| queen_fill(both, Lanes::splat(empty)))
}

/// `from` and every square a king step away from any square of it.
#[inline(always)]
pub(super) fn king_step(from: u64) -> u64 {
    king_fill(from)
}

/// [`king_step`], lane by lane.
#[inline(always)]
fn king_fill<L: Lanes>(from: L) -> L {
    let h = from
        .or(from.up(1).and(L::splat(NOT_A)))
        .or(from.down(1).and(L::splat(NOT_H)));
    h.or(h.up(8)).or(h.down(8))
}

/// [`king_step`] of each side's frontier (`[white, black]`) within `empty`.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
pub(super) fn king_steps(from: [u64; 2], empty: u64) -> [u64; 2] {
    [king_step(from[0]) & empty, king_step(from[1]) & empty]
}

/// [`king_steps`] in wasm SIMD: both sides at once, one in each lane (as [`queen_steps`]).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub(super) fn king_steps(from: [u64; 2], empty: u64) -> [u64; 2] {
    side_by_side(from, |both| king_fill(both).and(Lanes::splat(empty)))
}

/// Zobrist keys `[kind][square]`: kind 0 a white amazon, 1 a black amazon, 2 a wall.
pub(super) const ZOBRIST: [[u64; SQUARES]; 3] = [
    splitmix_keys(0x414D_415A),
    splitmix_keys(0x414D_415A + SQUARES as u64),
    splitmix_keys(0x414D_415A + 2 * SQUARES as u64),
];
pub(super) const ZOBRIST_BLACK_TO_MOVE: u64 = splitmix(0x414D_415A_0001);

#[cfg(test)]
mod tests {
    use super::*;

    /// The branchless rays that wasm SIMD runs two at a time give, one `u64` at a time, the
    /// squares the bit scans give: for every square, on boards from empty to nearly full.
    #[test]
    fn branchless_rays_stop_at_the_first_blocker_as_the_bit_scans_do() {
        let mut state = 11u64;
        for density in [0, 1, 2, 3, 4] {
            for _ in 0..200 {
                // Each square occupied with chance 1 - 2^-density (none at 0).
                let mut occ = 0u64;
                for _ in 0..density {
                    state = splitmix(state);
                    occ |= state;
                }
                for (sq, rays) in RAYS.iter().enumerate() {
                    let branchless = (0..8).fold(0, |att, d| {
                        att | if d < 4 {
                            rising_ray(rays[d], occ)
                        } else {
                            falling_ray(rays[d], occ)
                        }
                    });
                    assert_eq!(branchless, queen_attacks(sq, occ), "{sq} {occ:#x}");
                }
            }
        }
    }
}
