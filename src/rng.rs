//! A small seeded pseudo-random generator shared by the openings, the baselines and MCTS
//! playouts: reproducible everywhere, wasm included (no platform randomness). Its mixing
//! functions are `const` so the games' Zobrist tables are computed at compile time from the same
//! code: one SplitMix64 in the crate.

/// SplitMix64's increment, 2^64 / φ rounded to odd (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014).
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function (Stafford's "Mix13" variant of MurmurHash3's finaliser): a
/// bijection of `u64` whose every output bit depends on every input bit.
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One SplitMix64 step from `state` without keeping the state: `mix64(state + GOLDEN_GAMMA)`.
/// The games' Zobrist keys are `splitmix(salt + i)` (a fixed table: changing this changes every
/// hash, and with it the bench signatures), and Ataxx's random walls chain it.
pub const fn splitmix(state: u64) -> u64 {
    mix64(state.wrapping_add(GOLDEN_GAMMA))
}

/// `N` Zobrist keys `splitmix(start + i)` for `i` in `0..N`: one row of a game's key table
/// (each game picks its own `start`s, so its keys are fixed by its source alone).
pub const fn splitmix_keys<const N: usize>(start: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        keys[i] = splitmix(start.wrapping_add(i as u64));
        i += 1;
    }
    keys
}

/// A 64-bit hash of a 128-bit key: the high half folded in with the golden gamma, then
/// [`mix64`]. Connect 4's tables key positions by a `u128` of stones.
pub const fn mix128(key: u128) -> u64 {
    mix64((key as u64) ^ ((key >> 64) as u64).wrapping_mul(GOLDEN_GAMMA))
}

/// A small seeded PRNG (SplitMix64): reproducible openings without platform randomness.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        mix64(self.0)
    }

    /// A uniform index below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
