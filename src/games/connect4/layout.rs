//! The exact solver's board layouts: how its negamax holds the side to move's chips (`current`)
//! and every chip (`mask`) as bitboards, and the few operations it asks of them.
//!
//! - [`Sentinel`]: Pons' layout: a column of `H + 1` bits, the top one always empty, so that
//!   adding the bottom row finds each column's next cell and shifts never carry a line from one
//!   column into the next. In a `u64` where `(H + 1) * W` fits (7 x 6); in a `u128` the tests
//!   check the packed layout against it on 9 x 7.
//! - [`Packed`]: the game's own layout ([`Connect4`]): columns of `H` bits with no sentinel row,
//!   so that 9 x 7 (63 cells) fits a `u64` instead of a `u128`; masks do what the sentinel did.
//!   About 1.3 times as many nodes a second as Pons' layout in a `u128` (README, "Connect 4's
//!   solver in a machine word").

use std::marker::PhantomData;

use super::Connect4;

/// The bitboard operations the layouts need, for `u64` and `u128`.
pub(super) trait Bits:
    Copy
    + Eq
    + Ord
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shl<usize, Output = Self>
    + std::ops::Shr<usize, Output = Self>
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The width in bits.
    const BITS: usize;
    /// The low bits of a `u128` board (callers ensure the board fits).
    fn from_u128(b: u128) -> Self;
    fn count_ones(self) -> u32;
    /// The bytes in reverse order.
    fn swap_bytes(self) -> Self;
    /// The table's check word of a key: the key itself when it fits 64 bits, else a mix.
    fn check(key: Self) -> u64;
}

impl Bits for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const BITS: usize = u64::BITS as usize;
    #[inline]
    fn swap_bytes(self) -> Self {
        u64::swap_bytes(self)
    }
    #[inline]
    fn from_u128(b: u128) -> Self {
        b as u64
    }
    #[inline]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline]
    fn check(key: Self) -> u64 {
        key
    }
}

// Pons' layout on 9 x 7, against which the tests check the packed one.
#[cfg(test)]
impl Bits for u128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const BITS: usize = u128::BITS as usize;
    #[inline]
    fn swap_bytes(self) -> Self {
        u128::swap_bytes(self)
    }
    #[inline]
    fn from_u128(b: u128) -> Self {
        b
    }
    #[inline]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline]
    fn check(key: Self) -> u64 {
        crate::rng::mix128(key)
    }
}

/// A board layout of the solver's negamax (see the module docs).
pub(super) trait Layout {
    /// The bitboard type.
    type B: Bits;
    /// `(current, mask)` of the game's own layout ([`Connect4::current`], [`Connect4::mask`]) in
    /// this one.
    fn from_game(current: u64, mask: u64) -> (Self::B, Self::B);
    /// The cells where a chip can be dropped now, given the occupied cells `mask`.
    fn playable(mask: Self::B) -> Self::B;
    /// The empty cells (anywhere, not only playable) where one more chip of `p` makes a four,
    /// given the occupied cells `mask` (Pons' `compute_winning_position`).
    fn winning_cells(p: Self::B, mask: Self::B) -> Self::B;
    /// The cells right below `cells` (nothing for the bottom row).
    fn below(cells: Self::B) -> Self::B;
    /// Every cell of column `col`.
    fn column(col: usize) -> Self::B;
    /// The transposition table's check word of the position, and whether that word is its mirror
    /// image's (then the table's best columns are mirrored too).
    fn table_key(current: Self::B, mask: Self::B) -> (u64, bool);
}

/// Pons' layout in the bitboard type `B`, for a `W` x `H` board. Not in the CodinGame bundle,
/// whose bot plays 9 x 7 only (`solver::in_layout`).
#[cfg(not(codingame_bundle))]
pub(super) struct Sentinel<B, const W: usize, const H: usize>(PhantomData<B>);

#[cfg(not(codingame_bundle))]
impl<B: Bits, const W: usize, const H: usize> Sentinel<B, W, H> {
    /// Every cell of the board.
    const BOARD: u128 = Connect4::<W, H>::pons_bits(Connect4::<W, H>::BOARD);
    /// The bottom cell of every column.
    const BOTTOM: u128 = Connect4::<W, H>::pons_bits(Connect4::<W, H>::BOTTOM);

    #[inline]
    fn board() -> B {
        B::from_u128(Self::BOARD)
    }
}

#[cfg(not(codingame_bundle))]
impl<B: Bits, const W: usize, const H: usize> Layout for Sentinel<B, W, H> {
    type B = B;

    #[inline]
    fn from_game(current: u64, mask: u64) -> (B, B) {
        let pons = Connect4::<W, H>::pons_bits;
        (B::from_u128(pons(current)), B::from_u128(pons(mask)))
    }

    #[inline]
    fn playable(mask: B) -> B {
        (mask + B::from_u128(Self::BOTTOM)) & Self::board()
    }

    #[inline]
    fn winning_cells(p: B, mask: B) -> B {
        let mut r = (p << 1) & (p << 2) & (p << 3);
        for s in [H + 1, H, H + 2] {
            let two = (p << s) & (p << (2 * s));
            r = r | (two & (p << (3 * s)));
            r = r | (two & (p >> s));
            let two = (p >> s) & (p >> (2 * s));
            r = r | (two & (p >> (3 * s)));
            r = r | (two & (p << s));
        }
        r & (Self::board() ^ mask)
    }

    #[inline]
    fn below(cells: B) -> B {
        // A bottom cell's image is the column below's sentinel, which is never a cell.
        cells >> 1
    }

    #[inline]
    fn column(col: usize) -> B {
        B::from_u128(((1u128 << H) - 1) << (col * (H + 1)))
    }

    /// Mirror images share one entry, keyed by the smaller of the two keys (Pons' key:
    /// `current + mask`, unique per position), and the stored column is in that key's orientation.
    #[inline]
    fn table_key(current: B, mask: B) -> (u64, bool) {
        let key = current + mask;
        let mirrored_key = mirror::<B, W, H>(key);
        let flipped = mirrored_key < key;
        (B::check(if flipped { mirrored_key } else { key }), flipped)
    }
}

/// The game's own layout ([`Connect4`]): no sentinel row, in a `u64`, for a `W` x `H` board of
/// at most 64 cells: column `c`, row `r` (from the bottom) is bit `c * H + r`.
pub(super) struct Packed<const W: usize, const H: usize>;

impl<const W: usize, const H: usize> Layout for Packed<W, H> {
    type B = u64;

    #[inline]
    fn from_game(current: u64, mask: u64) -> (u64, u64) {
        (current, mask)
    }

    #[inline]
    fn playable(mask: u64) -> u64 {
        Connect4::<W, H>::playable_cells(mask)
    }

    #[inline]
    fn winning_cells(p: u64, mask: u64) -> u64 {
        Connect4::<W, H>::winning_cells(p, mask)
    }

    #[inline]
    fn below(cells: u64) -> u64 {
        Connect4::<W, H>::below_cells(cells)
    }

    #[inline]
    fn column(col: usize) -> u64 {
        Connect4::<W, H>::column_mask(col)
    }

    /// A 64-bit mix of both words (no 64-bit key is unique here), so no mirror sharing: among
    /// positions 24 chips in, as the bot solves them, mirror images are rare. The mask is mixed
    /// before the chips join it: `current ^ mask * odd` (`rng::mix128`'s input) collides for a
    /// chip in the top bits, as a test against Pons' layout showed.
    #[inline]
    fn table_key(current: u64, mask: u64) -> (u64, bool) {
        (crate::rng::mix64(crate::rng::mix64(mask) ^ current), false)
    }
}

/// The board `key` (any per-column bit pattern in Pons' layout) reflected left to right.
#[cfg(not(codingame_bundle))]
#[inline]
pub(super) fn mirror<B: Bits, const W: usize, const H: usize>(key: B) -> B {
    if H + 1 == 8 {
        // One byte a column (9 x 7, 8 x 7): reversing the bytes reverses the columns, and the shift
        // brings the `W` columns down from the top of the word. The table's key is computed at
        // every node, and this is a few instructions where the loop below is dozens.
        return key.swap_bytes() >> (B::BITS - 8 * W);
    }
    mirror_by_columns::<B, W, H>(key)
}

/// [`mirror`] for any column height: one column at a time.
#[cfg(not(codingame_bundle))]
#[inline]
fn mirror_by_columns<B: Bits, const W: usize, const H: usize>(key: B) -> B {
    let column = B::from_u128((1u128 << (H + 1)) - 1);
    let mut m = B::ZERO;
    for c in 0..W {
        let bits = (key >> (c * (H + 1))) & column;
        m = m | (bits << ((W - 1 - c) * (H + 1)));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::connect4::Connect4Cg;

    /// Random 9 x 7 positions of every chip count, full columns and won games included.
    fn random_positions(seed: u64, count: usize) -> Vec<Connect4Cg> {
        let mut rng = crate::rng::Rng(seed);
        (0..count)
            .map(|_| {
                let mut pos = Connect4Cg::new(false);
                for _ in 0..rng.below(64) {
                    let playable: Vec<u8> = (0..9).filter(|&c| pos.can_play(c as usize)).collect();
                    if pos.outcome().is_some() || playable.is_empty() {
                        break;
                    }
                    pos = pos.after(playable[rng.below(playable.len())]);
                }
                pos
            })
            .collect()
    }

    #[test]
    fn reversing_the_bytes_mirrors_a_9_by_7_board_as_column_by_column_does() {
        for pos in random_positions(3, 2000) {
            let key = pos.key();
            let image = mirror::<u128, 9, 7>(key);
            assert_eq!(image, mirror_by_columns::<u128, 9, 7>(key));
            assert_eq!(mirror::<u128, 9, 7>(image), key);
        }
    }

    #[test]
    fn the_packed_layout_finds_the_cells_pons_layout_finds() {
        type Pons = Sentinel<u128, 9, 7>;
        type Tight = Packed<9, 7>;
        let pack = |bits: u128| {
            (0..9).fold(0u64, |out, c| {
                out | ((bits >> (8 * c)) as u64 & 0x7F) << (7 * c)
            })
        };
        for pos in random_positions(5, 3000) {
            let (packed_current, packed_mask) = (pos.current(), pos.mask());
            let (current, mask) = Pons::from_game(packed_current, packed_mask);
            assert_eq!(packed_current.count_ones(), current.count_ones());
            assert_eq!(packed_mask.count_ones(), mask.count_ones());
            assert_eq!(Tight::playable(packed_mask), pack(Pons::playable(mask)));
            for stones in [current, current ^ mask] {
                let cells = Pons::winning_cells(stones, mask);
                assert_eq!(Tight::winning_cells(pack(stones), packed_mask), pack(cells));
                assert_eq!(Tight::below(pack(cells)), pack(Pons::below(cells)));
            }
            for col in 0..9 {
                assert_eq!(Tight::column(col), pack(Pons::column(col)));
            }
        }
    }
}
