//! Yavalath's precomputed geometry: the hexagonal board's rows and axes (cell `i` is bit `i`,
//! row by row), every 3- and 4-cell segment and the segments through each cell, the rings around
//! the centre, and the Zobrist keys ([`crate::rng::splitmix`] of fixed salts, computed at compile
//! time: the bench signatures depend on them).

use crate::rng::{splitmix, splitmix_keys};

/// Cells per row, top to bottom.
pub const ROW_LEN: [u8; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];
/// Number of cells on the board.
pub const CELLS: usize = 61;
/// A bitboard with every cell set.
pub const FULL: u64 = (1u64 << CELLS) - 1;

pub(super) const ROW_START: [u8; 9] = {
    let mut starts = [0u8; 9];
    let mut y = 1;
    while y < 9 {
        starts[y] = starts[y - 1] + ROW_LEN[y - 1];
        y += 1;
    }
    starts
};

/// The three line axes as axial steps `(da, dy)`.
const AXES: [(i32, i32); 3] = [(1, 0), (1, 1), (0, 1)];

/// The cell index of `(x, y)`, or `None` off the board.
pub const fn cell_at(x: i32, y: i32) -> Option<usize> {
    if y < 0 || y > 8 || x < 0 || x >= ROW_LEN[y as usize] as i32 {
        return None;
    }
    Some(ROW_START[y as usize] as usize + x as usize)
}

/// The `(x, y)` coordinates of cell `cell` (`0..61`).
pub const fn coords(cell: usize) -> (i32, i32) {
    let mut y = 8;
    while ROW_START[y] as usize > cell {
        y -= 1;
    }
    ((cell - ROW_START[y] as usize) as i32, y as i32)
}

pub(super) const fn axial_to_cell(a: i32, y: i32) -> Option<usize> {
    let shift = if y > 4 { y - 4 } else { 0 };
    cell_at(a - shift, y)
}

pub(super) const fn axial_of(cell: usize) -> (i32, i32) {
    let (x, y) = coords(cell);
    (x + if y > 4 { y - 4 } else { 0 }, y)
}

/// The cell one step from `cell` along `axis` (`0..3`) in direction `sign` (`1` or `-1`).
pub(super) const fn step(cell: usize, axis: usize, sign: i32) -> Option<usize> {
    let (a, y) = axial_of(cell);
    axial_to_cell(a + sign * AXES[axis].0, y + sign * AXES[axis].1)
}

/// All straight segments of `len` cells, as bitboards. `N` must equal their count.
pub(super) const fn segments<const N: usize>(len: usize) -> [u64; N] {
    let mut out = [0u64; N];
    let mut n = 0;
    let mut cell = 0;
    while cell < CELLS {
        let mut axis = 0;
        while axis < 3 {
            let mut mask = 1u64 << cell;
            let mut cur = Some(cell);
            let mut k = 1;
            while k < len {
                cur = match cur {
                    Some(c) => step(c, axis, 1),
                    None => None,
                };
                if let Some(c) = cur {
                    mask |= 1u64 << c;
                }
                k += 1;
            }
            if cur.is_some() {
                out[n] = mask;
                n += 1;
            }
            axis += 1;
        }
        cell += 1;
    }
    assert!(n == N, "segment count mismatch");
    out
}

/// The 102 four-cell segments (anchors.md).
pub const SEGMENTS_4: [u64; 102] = segments::<102>(4);
/// The 129 three-cell segments (anchors.md).
pub const SEGMENTS_3: [u64; 129] = segments::<129>(3);

/// For each cell, the segments of `S` that contain it, padded with 0 (a mask no stone set
/// can equal... except the empty set, so every lookup skips zeros via the count).
const fn segments_at<const S: usize, const K: usize>(
    all: &[u64; S],
) -> ([[u64; K]; CELLS], [u8; CELLS]) {
    let mut table = [[0u64; K]; CELLS];
    let mut count = [0u8; CELLS];
    let mut s = 0;
    while s < S {
        let mut cell = 0;
        while cell < CELLS {
            if all[s] & (1u64 << cell) != 0 {
                table[cell][count[cell] as usize] = all[s];
                count[cell] += 1;
            }
            cell += 1;
        }
        s += 1;
    }
    (table, count)
}

pub(super) const SEG4_AT: ([[u64; 12]; CELLS], [u8; CELLS]) = segments_at::<102, 12>(&SEGMENTS_4);
pub(super) const SEG3_AT: ([[u64; 9]; CELLS], [u8; CELLS]) = segments_at::<129, 9>(&SEGMENTS_3);

/// The two end cells of each four-cell segment: the `X _ _ X` shape.
#[cfg(test)]
pub(super) const SEG4_ENDS: [u64; 102] = {
    let mut ends = [0u64; 102];
    let mut i = 0;
    while i < 102 {
        let m = SEGMENTS_4[i];
        let low = m & m.wrapping_neg();
        let high = 1u64 << (63 - m.leading_zeros());
        ends[i] = low | high;
        i += 1;
    }
    ends
};

/// Zobrist keys: `[player][cell]`, then the side-to-move and steal-available keys.
pub(super) const ZOBRIST: [[u64; CELLS]; 2] = [
    splitmix_keys(0x5941_5641),
    splitmix_keys(0x5941_5641 + CELLS as u64),
];
pub(super) const ZOBRIST_SECOND_TO_MOVE: u64 = splitmix(0x5941_5641_0001);
pub(super) const ZOBRIST_STEAL_OPEN: u64 = splitmix(0x5941_5641_0002);

/// Distance of each cell from the centre (0..=4), for the ordering hint and the evaluation.
pub(super) const RING: [u8; CELLS] = {
    let mut ring = [0u8; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (a, y) = axial_of(c);
        let (da, dy) = (a - 4, y - 4);
        let dz = da - dy;
        let m = if da.abs() > dy.abs() {
            da.abs()
        } else {
            dy.abs()
        };
        ring[c] = if m > dz.abs() { m } else { dz.abs() } as u8;
        c += 1;
    }
    ring
};

/// The cells of each ring around the centre (ring 0 is the centre itself).
pub(super) const RING_MASKS: [u64; 5] = {
    let mut masks = [0u64; 5];
    let mut c = 0;
    while c < CELLS {
        masks[RING[c] as usize] |= 1u64 << c;
        c += 1;
    }
    masks
};
