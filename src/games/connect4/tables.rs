//! Connect 4's precomputed masks, per board size (associated constants of [`Connect4`], so each
//! `W x H` gets its own at compile time): the bottom row, the board, rows of each parity, the
//! centre rings and the centre-first column order. There are no Zobrist keys: a position's hash
//! is [`crate::rng::mix128`] of its unique `u128` key.

use super::*;

/// Bits set at the bottom cell of every column.
pub(super) const fn bottom<const W: usize, const H: usize>() -> u128 {
    let mut b = 0u128;
    let mut c = 0;
    while c < W {
        b |= 1u128 << (c * (H + 1));
        c += 1;
    }
    b
}

/// Bits set at every cell of rows `r` (from the bottom) with `r % 2 == parity`.
const fn rows_of_parity<const W: usize, const H: usize>(parity: usize) -> u128 {
    let mut b = 0u128;
    let mut r = parity;
    while r < H {
        b |= bottom::<W, H>() << r;
        r += 2;
    }
    b
}

/// The `H` cells of column `c` (no sentinel).
const fn column_cells<const H: usize>(c: usize) -> u128 {
    ((1u128 << H) - 1) << (c * (H + 1))
}

/// The cells of every column `c` with `|2c - (W-1)| == distance` (0 or 1 is the centre).
const fn columns_at<const W: usize, const H: usize>(distance: usize) -> u128 {
    let mut b = 0u128;
    let mut c = 0;
    while c < W {
        let d = (2 * c as isize - (W as isize - 1)).unsigned_abs();
        if d == distance {
            b |= column_cells::<H>(c);
        }
        c += 1;
    }
    b
}

impl<const W: usize, const H: usize> Connect4<W, H> {
    pub(super) const FITS: () = assert!(
        (H + 1) * W <= 128 && W >= 4 && W <= 16 && H >= 4 && H <= 15,
        "the board must fit the u128 layout"
    );
    /// Bits set at the bottom cell of every column.
    pub const BOTTOM: u128 = bottom::<W, H>();
    /// Every playable cell (no sentinels).
    pub const BOARD: u128 = {
        let mut b = 0u128;
        let mut r = 0;
        while r < H {
            b |= bottom::<W, H>() << r;
            r += 1;
        }
        b
    };
    /// Number of cells.
    pub const CELLS: u32 = (W * H) as u32;
    /// Rows 0, 2, 4, ... from the bottom (1-based odd rows).
    pub(super) const ODD_ROWS: u128 = rows_of_parity::<W, H>(0);
    /// Rows 1, 3, 5, ... from the bottom (1-based even rows).
    pub(super) const EVEN_ROWS: u128 = rows_of_parity::<W, H>(1);
    /// Column masks by distance from the centre, nearest first (`CENTRE_RINGS[k]`: `|2c-(W-1)|`
    /// equals `2k` or `2k + 1`).
    pub(super) const CENTRE_RINGS: [u128; 8] = {
        let mut rings = [0u128; 8];
        let mut k = 0;
        while k < 8 {
            rings[k] = columns_at::<W, H>(2 * k) | columns_at::<W, H>(2 * k + 1);
            k += 1;
        }
        rings
    };
    /// Each column's bottom cell, its top cell and all its cells (`[bottom, top, column]`),
    /// indexed by column: tables rather than shifts by the column, since a `u128` shifted by a
    /// variable amount is a library call in wasm (`__ashlti3`, 3 % of the wasm bench's time).
    pub(super) const COLUMN_CELLS: [[u128; 3]; W] = {
        let mut cells = [[0u128; 3]; W];
        let mut c = 0;
        while c < W {
            let bottom = 1u128 << (c * (H + 1));
            cells[c] = [bottom, bottom << (H - 1), column_cells::<H>(c)];
            c += 1;
        }
        cells
    };
    /// Columns in search order: centre first, then alternately outwards (left before right).
    pub const COLUMN_ORDER: [u8; W] = {
        let mut order = [0u8; W];
        let mut i = 0;
        while i < W {
            // i = 0, 1, 2, ... -> centre, centre-1, centre+1, ... for odd W; for even W the two
            // middle columns come first.
            let half = i.div_ceil(2);
            let col = if W % 2 == 1 {
                if i % 2 == 1 {
                    W / 2 - half
                } else {
                    W / 2 + half
                }
            } else if i % 2 == 0 {
                W / 2 - 1 - i / 2
            } else {
                W / 2 + i / 2
            };
            order[i] = col as u8;
            i += 1;
        }
        order
    };
}
