//! Connect 4's opening book (9x7, the steal rule): written by `boardlab book connect4` (do not
//! edit by hand): `boardlab book connect4 --depth 20 --nodes 400000000 --solve-ms 5000 --tt-mb 256`.
//! Each first column 0 to 4 (5 to 8 are their mirror images) was given to the exact solver for
//! 5000 ms, then, unsolved, searched once by alpha-beta to depth 20 (single-threaded, a
//! fresh 256 MiB table, at most 400000000 nodes), the steal open; the answer is the best move, the
//! score its value for the second player. The first column is the one whose score is lowest.
//! Read by `book.rs`.

#[allow(unused_imports)]
use super::STEAL;

/// The first column on the empty board: 4 (-1 for the second player, who answers steal).
pub(super) const FIRST: u8 = 4;

/// The answer to a first chip in column 0 to 4: `STEAL` or a column. Above each: the answer's
/// score for the second player and how it was found.
pub(super) const ANSWERS: [u8; 5] = [
    // column 0: 3, +21; depth 20, 234862465 nodes, the solver unfinished after 5000 ms; line 3 3 3 5 3 5 4 7 4 5 5 7 7 5 1 2 1 1 8 2 3 3 2
    3,
    // column 1: steal, +2; depth 20, 362520124 nodes, the solver unfinished after 5000 ms; line steal 3 3 6 5 5 5 5 1 4 2 2 2 2 6 1 4 4 4 7 1
    STEAL,
    // column 2: steal, +4; depth 20, 127426225 nodes, the solver unfinished after 5000 ms; line steal 5 5 6 4 4 5 5 5 2 4 4 4 1 1 2 6 7 8 2 2 4
    STEAL,
    // column 3: steal, +7; depth 20, 121021136 nodes, the solver unfinished after 5000 ms; line steal 5 5 3 3 3 3 5 5 1 4 4 1 5 4 4 4 3 1 1
    STEAL,
    // column 4: steal, -1; depth 20, 130852089 nodes, the solver unfinished after 5000 ms; line steal 4 3 5 5 4 4 1 1 4 4 4 1 3 3 1 5 5 2 5 2
    STEAL,
];
