//! What the games' evaluation networks share (Ataxx's `ataxx::network`, Connect 4's
//! `connect4::network`): the integer arithmetic of a hidden layer of `i16` sums clipped and
//! squared (SCReLU, as the "bullet" trainer's small nets), and the text their weights are
//! packed in so that a CodinGame bundle holds them.

/// The hidden layer's integer scale: a weight `w` is stored as `round(w × QA)`, and an active
/// unit clips at `QA`.
pub const QA: i32 = 255;
/// The largest magnitude of a hidden weight (before scaling): `i8` holds it scaled.
pub const HIDDEN_WEIGHT_LIMIT: f32 = 127.0 / QA as f32;
/// The largest magnitude of a hidden bias (before scaling), which with the weights' limit keeps
/// each game's `i16` accumulator from overflowing (its network module gives the bound).
pub const HIDDEN_BIAS_LIMIT: f32 = 1.98;

/// The bits one digit of the weights' text holds: each digit is one of 2^15 characters, every
/// one an assigned letter of the Basic Multilingual Plane that a Rust string holds unescaped and
/// that the composed normal form (NFC, the web's) leaves as it is ([`digit_point`]). CodinGame
/// counts a submission's length in UTF-16 code units (a bundle's limit is 100,000), and each of
/// these is one unit holding 15 bits, where a printable ASCII character holds under 6.6.
pub const DIGIT_BITS: u32 = 15;
/// The digits below this value are the characters from U+3400 on: CJK Extension A, the Yijing
/// hexagrams and the CJK Unified Ideographs, up to U+9FFF.
const LOW_DIGITS: u32 = 0xA000 - 0x3400;

/// The character (its code point) of the weights' text that stands for the digit `value`
/// (`0..2^DIGIT_BITS`): U+3400 + `value` below [`LOW_DIGITS`], else a Hangul syllable from
/// U+AC00 on (up to U+BFFF).
pub const fn digit_point(value: u32) -> u32 {
    if value < LOW_DIGITS {
        0x3400 + value
    } else {
        0xAC00 + value - LOW_DIGITS
    }
}

/// The digits of a text of `bytes` bytes: [`DIGIT_BITS`] bits a digit, rounded up.
pub const fn text_digits(bytes: usize) -> usize {
    (bytes * 8).div_ceil(DIGIT_BITS as usize)
}

/// Reads a text of the trainer's back into the `N` bytes it was written from
/// (`tune::network::encode_bytes`: the bytes in order, least significant bit first,
/// [`DIGIT_BITS`] to a digit, see [`digit_point`]), at compile time (each game's
/// `network_weights.rs` holds the texts). Spaces and line breaks are skipped. Panics (a compile
/// error in a `const`) on any other character, or on a text of the wrong length.
pub const fn decode_bytes<const N: usize>(text: &str) -> [u8; N] {
    let text = text.as_bytes();
    let mut out = [0u8; N];
    let (mut i, mut digits, mut byte) = (0, 0, 0);
    // Bits read and not yet a byte: `pending`'s low `bits`.
    let (mut pending, mut bits) = (0u32, 0);
    while i < text.len() {
        let lead = text[i];
        if lead == b' ' || lead == b'\n' {
            i += 1;
            continue;
        }
        // Every digit is a three-byte UTF-8 sequence: 1110xxxx 10xxxxxx 10xxxxxx.
        assert!(
            lead & 0xF0 == 0xE0 && i + 2 < text.len(),
            "not a weight digit"
        );
        let point = (lead as u32 & 0x0F) << 12
            | (text[i + 1] as u32 & 0x3F) << 6
            | (text[i + 2] as u32 & 0x3F);
        i += 3;
        // The inverse of `digit_point`; any other code point is refused.
        let value = if point < 0xAC00 {
            point.wrapping_sub(0x3400)
        } else {
            point - 0xAC00 + LOW_DIGITS
        };
        assert!(
            value < 1 << DIGIT_BITS && (point < 0xA000 || point >= 0xAC00),
            "not a weight digit"
        );
        assert!(digits < text_digits(N), "too many weight digits");
        digits += 1;
        pending |= value << bits;
        bits += DIGIT_BITS;
        while bits >= 8 && byte < N {
            out[byte] = pending as u8;
            byte += 1;
            pending >>= 8;
            bits -= 8;
        }
    }
    assert!(digits == text_digits(N), "weights missing");
    out
}

/// The Exp-Golomb order of the sparse weights ([`decode_sparse`]): orders 2 and 3 took the fewest
/// bits for Connect 4's weights, within 0.4 % of each other (README, "Connect 4's evaluation
/// network").
pub const SPARSE_ORDER: u32 = 2;

/// Reads `N` weights back from the bytes `tune::network::encode_sparse` wrote, at compile time:
/// one stream of bits, least significant first, in which a weight is a `0` bit when it is zero,
/// else a `1`, its sign (`1`: negative) and its magnitude less one in an Exp-Golomb code of order
/// [`SPARSE_ORDER`] (`q` zero bits, a one, then the low `q + order` bits of `magnitude - 1 +
/// 2^order`). Zero weights, most of an L1-trained layer, take a bit each. Panics (a compile error
/// in a `const`) on a magnitude over 127, or on too few or too many bytes.
pub const fn decode_sparse<const N: usize>(bytes: &[u8]) -> [i8; N] {
    let mut out = [0i8; N];
    let (mut byte, mut n) = (0, 0);
    // Bits read and not yet used: `pending`'s low `bits`.
    let (mut pending, mut bits) = (0u64, 0);
    while n < N {
        // The longest code, a magnitude of 127, takes 15 bits.
        while bits < 16 && byte < bytes.len() {
            pending |= (bytes[byte] as u64) << bits;
            bits += 8;
            byte += 1;
        }
        assert!(bits > 0, "weights missing");
        let (nonzero, negative) = (pending & 1 == 1, pending & 2 == 2);
        if !nonzero {
            pending >>= 1;
            bits -= 1;
        } else {
            pending >>= 2;
            let q = pending.trailing_zeros();
            let width = q + SPARSE_ORDER;
            assert!(width <= 7 && bits >= 3 + q + width, "weights missing");
            pending >>= q + 1;
            let code = (1 << width) | (pending & ((1 << width) - 1));
            let magnitude = code - (1 << SPARSE_ORDER) + 1;
            assert!(magnitude <= 127, "a weight out of range");
            out[n] = if negative {
                -(magnitude as i8)
            } else {
                magnitude as i8
            };
            pending >>= width;
            bits -= 3 + q + width;
        }
        n += 1;
    }
    // What is left is the last byte's padding: fewer than 8 bits, all zero.
    assert!(
        byte == bytes.len() && bits < 8 && pending == 0,
        "too many weight bytes"
    );
    out
}

/// Adds `row` to `acc`. Wrapping: an update may pass through sums outside `i16` (rows added
/// before others are taken away), but it ends at an accumulator of real inputs, which fits (the
/// module's bound), so the result is exact.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
pub fn add_row<const N: usize>(acc: &mut [i16; N], row: &[i8; N]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w as i16);
    }
}

/// [`add_row`] in wasm SIMD: sixteen weights a load, widened to two `i16x8` halves (LLVM's
/// vectorisation of the plain loop measured slower there). The same wrapping sums.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub fn add_row<const N: usize>(acc: &mut [i16; N], row: &[i8; N]) {
    use std::arch::wasm32::*;
    // Whole chunks of 16 weights cover every unit.
    const { assert!(N % 16 == 0) };
    for (a, w) in acc.chunks_exact_mut(16).zip(row.chunks_exact(16)) {
        // SAFETY: `w` is 16 bytes and `a` 32 (two `v128`s); wasm loads and stores unaligned.
        unsafe {
            let w = v128_load(w.as_ptr().cast::<v128>());
            let (low, high) = (
                a.as_mut_ptr().cast::<v128>(),
                a.as_mut_ptr().add(8).cast::<v128>(),
            );
            v128_store(low, i16x8_add(v128_load(low), i16x8_extend_low_i8x16(w)));
            v128_store(high, i16x8_add(v128_load(high), i16x8_extend_high_i8x16(w)));
        }
    }
}

/// The sum over the units of `c² × w`, `c` a unit's sum clipped to `0..=QA` and `w` its output
/// weight, exactly. In sums that fit `i32` and products of `i16` pairs, which vectorise where
/// `i64` products ran one unit at a time: `c² ≤ 255² < 2^16` splits into `high × 256 + low`,
/// both parts below 256, and each part's sum of products stays within
/// `N × 255 × 2^15 < 2^31` (so `N < 257`). Natively the compiler turns the loop into SSE2's
/// `pmaddwd`.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
pub fn squared_dot<const N: usize>(acc: &[i16; N], weights: &[i16; N]) -> i64 {
    let (mut high, mut low) = (0i32, 0i32);
    for (a, &w) in acc.iter().zip(weights) {
        let c = (*a).clamp(0, QA as i16) as u16;
        let square = c * c;
        high += (square >> 8) as i16 as i32 * w as i32;
        low += (square & 0xFF) as i16 as i32 * w as i32;
    }
    ((high as i64) << 8) + low as i64
}

/// [`squared_dot`] in wasm SIMD: LLVM vectorises the plain loop there with widening multiplies,
/// not with `i32x4.dot_i16x8_s`, the instruction that matches SSE2's `pmaddwd`. The same sums,
/// so the same scores as natively.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub fn squared_dot<const N: usize>(acc: &[i16; N], weights: &[i16; N]) -> i64 {
    use std::arch::wasm32::*;
    // Whole chunks of 8 units cover every unit.
    const { assert!(N % 8 == 0) };
    let (zero, qa, low_bits) = (i16x8_splat(0), i16x8_splat(QA as i16), u16x8_splat(0xFF));
    let (mut high, mut low) = (i32x4_splat(0), i32x4_splat(0));
    for (a, w) in acc.chunks_exact(8).zip(weights.chunks_exact(8)) {
        // SAFETY: each chunk is 8 `i16`s, 16 bytes: one `v128`, which wasm loads unaligned.
        let (a, w) = unsafe {
            (
                v128_load(a.as_ptr().cast::<v128>()),
                v128_load(w.as_ptr().cast::<v128>()),
            )
        };
        let c = i16x8_min(i16x8_max(a, zero), qa);
        // Below 2^16, so exact as the lanes' unsigned value.
        let square = i16x8_mul(c, c);
        high = i32x4_add(high, i32x4_dot_i16x8(u16x8_shr(square, 8), w));
        low = i32x4_add(low, i32x4_dot_i16x8(v128_and(square, low_bits), w));
    }
    let lanes = |v: v128| {
        i32x4_extract_lane::<0>(v) as i64
            + i32x4_extract_lane::<1>(v) as i64
            + i32x4_extract_lane::<2>(v) as i64
            + i32x4_extract_lane::<3>(v) as i64
    };
    (lanes(high) << 8) + lanes(low)
}
