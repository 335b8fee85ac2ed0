//! Bitboards a lane at a time: what Amazons' queen and king steps and queen rays do to a board,
//! written once for a plain `u64` and, in wasm SIMD, for two boards side by side in one `v128`
//! (wasm's SIMD is 128 bits wide and shifts both 64-bit lanes by one count, so the two lanes hold
//! two boards that take the same steps: both sides' frontiers, or two rays of one square).

/// What a queen or king step does to a bitboard: a `u64`, or in wasm SIMD two bitboards side by
/// side in one `v128` (two `u64` lanes), each operation applied to both lanes.
pub(super) trait Lanes: Copy {
    /// The same bitboard in every lane.
    fn splat(bits: u64) -> Self;
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// Each lane shifted towards the higher squares by `s`.
    fn up(self, s: u32) -> Self;
    /// Each lane shifted towards the lower squares by `s`.
    fn down(self, s: u32) -> Self;
}

impl Lanes for u64 {
    #[inline(always)]
    fn splat(bits: u64) -> Self {
        bits
    }
    #[inline(always)]
    fn and(self, other: Self) -> Self {
        self & other
    }
    #[inline(always)]
    fn or(self, other: Self) -> Self {
        self | other
    }
    #[inline(always)]
    fn up(self, s: u32) -> Self {
        self << s
    }
    #[inline(always)]
    fn down(self, s: u32) -> Self {
        self >> s
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Lanes for std::arch::wasm32::v128 {
    #[inline(always)]
    fn splat(bits: u64) -> Self {
        std::arch::wasm32::u64x2_splat(bits)
    }
    #[inline(always)]
    fn and(self, other: Self) -> Self {
        std::arch::wasm32::v128_and(self, other)
    }
    #[inline(always)]
    fn or(self, other: Self) -> Self {
        std::arch::wasm32::v128_or(self, other)
    }
    #[inline(always)]
    fn up(self, s: u32) -> Self {
        std::arch::wasm32::u64x2_shl(self, s)
    }
    #[inline(always)]
    fn down(self, s: u32) -> Self {
        std::arch::wasm32::u64x2_shr(self, s)
    }
}

/// `f` run on two boards at once, one in each lane of a `v128` (`[lane 0, lane 1]` in and out).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub(super) fn side_by_side(
    boards: [u64; 2],
    f: impl FnOnce(std::arch::wasm32::v128) -> std::arch::wasm32::v128,
) -> [u64; 2] {
    use std::arch::wasm32::{u64x2, u64x2_extract_lane};
    let both = f(u64x2(boards[0], boards[1]));
    [u64x2_extract_lane::<0>(both), u64x2_extract_lane::<1>(both)]
}

/// What a ray that stops at its first blocker needs beyond a fill, with no bit scan (which wasm
/// SIMD lacks per lane): only wasm's queen attacks use it, and the test that checks them.
#[cfg(any(all(target_arch = "wasm32", target_feature = "simd128"), test))]
pub(super) trait RayLanes: Lanes {
    fn xor(self, other: Self) -> Self;
    /// `self & !other`.
    fn and_not(self, other: Self) -> Self;
    /// Each lane less one, wrapping.
    fn less_one(self) -> Self;
    /// Each lane's lowest set bit alone (zero stays zero).
    fn lowest_bit(self) -> Self;
}

#[cfg(any(all(target_arch = "wasm32", target_feature = "simd128"), test))]
impl RayLanes for u64 {
    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        self ^ other
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        self & !other
    }
    #[inline(always)]
    fn less_one(self) -> Self {
        self.wrapping_sub(1)
    }
    #[inline(always)]
    fn lowest_bit(self) -> Self {
        self & self.wrapping_neg()
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl RayLanes for std::arch::wasm32::v128 {
    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        std::arch::wasm32::v128_xor(self, other)
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        std::arch::wasm32::v128_andnot(self, other)
    }
    #[inline(always)]
    fn less_one(self) -> Self {
        std::arch::wasm32::i64x2_sub(self, Self::splat(1))
    }
    #[inline(always)]
    fn lowest_bit(self) -> Self {
        std::arch::wasm32::v128_and(self, std::arch::wasm32::i64x2_neg(self))
    }
}
