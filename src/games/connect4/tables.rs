//! Connect 4's precomputed masks, per board size (associated constants of [`Connect4`], so each
//! `W x H` gets its own at compile time): the bottom and top rows, the board, rows of each
//! parity, the rows a line's shifted copies may land on, the centre rings and the centre-first
//! column order, all in the game's packed layout (column `c`, row `r` is bit `c * H + r`). There
//! are no Zobrist keys: a position's hash is [`crate::rng::mix128`] of its unique Pons key
//! ([`Connect4::key`]).

use super::*;

/// The cells of rows `from..=to` (from the bottom) in every column.
const fn rows<const W: usize, const H: usize>(from: usize, to: usize) -> u64 {
    let column = ((1u64 << (to + 1)) - 1) & !((1u64 << from) - 1);
    let mut out = 0;
    let mut c = 0;
    while c < W {
        out |= column << (c * H);
        c += 1;
    }
    out
}

/// Bits set at every cell of rows `r` (from the bottom) with `r % 2 == parity`.
const fn rows_of_parity<const W: usize, const H: usize>(parity: usize) -> u64 {
    let mut b = 0;
    let mut r = parity;
    while r < H {
        b |= rows::<W, H>(r, r);
        r += 2;
    }
    b
}

/// The `H` cells of column `c`.
const fn column_cells<const H: usize>(c: usize) -> u64 {
    ((1u64 << H) - 1) << (c * H)
}

/// The cells of every column `c` with `|2c - (W-1)| == distance` (0 or 1 is the centre).
const fn columns_at<const W: usize, const H: usize>(distance: usize) -> u64 {
    let mut b = 0;
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
    /// Compile-time check that the board fits the packed `u64` layout (and Pons' `u128` one,
    /// which the solver's cross-checks use).
    pub(super) const FITS: () = assert!(
        W * H <= 64 && W >= 4 && W <= 16 && H >= 4 && H <= 15,
        "the board must fit the packed u64 layout"
    );
    /// Bits set at the bottom cell of every column.
    pub const BOTTOM: u64 = rows::<W, H>(0, 0);
    /// Bits set at the top cell of every column.
    pub const TOP: u64 = rows::<W, H>(H - 1, H - 1);
    /// Every cell of the board.
    pub const BOARD: u64 = rows::<W, H>(0, H - 1);
    /// Number of cells.
    pub const CELLS: u32 = (W * H) as u32;
    /// Rows 0, 2, 4, ... from the bottom (1-based odd rows).
    pub(super) const ODD_ROWS: u64 = rows_of_parity::<W, H>(0);
    /// Rows 1, 3, 5, ... from the bottom (1-based even rows).
    pub(super) const EVEN_ROWS: u64 = rows_of_parity::<W, H>(1);
    /// `FROM_ROW[k]`: the cells of rows `k` and up, whose cell `k` rows below is on the board.
    pub(super) const FROM_ROW: [u64; 4] = [
        rows::<W, H>(0, H - 1),
        rows::<W, H>(1, H - 1),
        rows::<W, H>(2, H - 1),
        rows::<W, H>(3, H - 1),
    ];
    /// `UP_TO_ROW[k]`: the cells `k` rows or more below the top, whose cell `k` rows above is on
    /// the board.
    pub(super) const UP_TO_ROW: [u64; 4] = [
        rows::<W, H>(0, H - 1),
        rows::<W, H>(0, H - 2),
        rows::<W, H>(0, H - 3),
        rows::<W, H>(0, H - 4),
    ];
    /// Column masks by distance from the centre, nearest first (`CENTRE_RINGS[k]`: `|2c-(W-1)|`
    /// equals `2k` or `2k + 1`).
    pub(super) const CENTRE_RINGS: [u64; 8] = {
        let mut rings = [0u64; 8];
        let mut k = 0;
        while k < 8 {
            rings[k] = columns_at::<W, H>(2 * k) | columns_at::<W, H>(2 * k + 1);
            k += 1;
        }
        rings
    };
    /// Each column's bottom cell, its top cell and all its cells (`[bottom, top, column]`),
    /// indexed by column.
    pub(super) const COLUMN_CELLS: [[u64; 3]; W] = {
        let mut cells = [[0u64; 3]; W];
        let mut c = 0;
        while c < W {
            let bottom = 1u64 << (c * H);
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
