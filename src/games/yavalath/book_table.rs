//! Yavalath's opening book (the steal rule): written by `boardlab book yavalath` (do not edit
//! by hand): `boardlab book yavalath --depth 11 --nodes 400000000 --tt-mb 256`.
//! Each first cell up to the board's symmetry was searched once, the steal open, by alpha-beta
//! to depth 11 (single-threaded, a fresh 256 MiB table, at most 400000000 nodes); the answer is the
//! search's best move, the score its value for the second player. The first cell is the one
//! whose score is lowest. Read by `book.rs`.

use super::Cell;

/// The first cell on the empty board: b3 (+8 for the second player, who answers steal).
pub(super) const FIRST: Cell = 7;

/// `(first cell, answer)` per class of first cells; the answer equals the first cell for a
/// steal. Above each: the answer's score for the second player and how it was found.
pub(super) const ANSWERS: [(Cell, Cell); 9] = [
    // a1: d4, +40; depth 11, 73282637 nodes; line d4 d5 e5 e4 d1 d2 g5 f5 d7 e7 b2 c3 g2
    (0, 21),
    // a2: steal, +10; depth 11, 59412175 nodes; line a2 d5 d4 b2 a5 b4 e5 g5 h2 b1 b3 e4
    (1, 1),
    // a3: d4, +9; depth 11, 66353443 nodes; line d4 d6 b4 c4 g5 c3 g2 d3 b3 f2 e3 c6 c5 f5 e6 e4
    (2, 21),
    // b2: steal, +9; depth 11, 52090165 nodes; line b2 e5 d4 c4 c1 a1 d2 e2 d5 d3 d7 d6 a2 c2 a5
    (6, 6),
    // b3: steal, +8; depth 11, 67759998 nodes; line b3 c4 e6 c6 d4 c3 c5 f3 e3 e5 d7 c1 c2 f6
    (7, 7),
    // c3: steal, +12; depth 11, 86203293 nodes; line c3 d4 f5 e6 f3 d6 f6 f4 i3 d3 d5 g4 e4 d1 d2 g1
    (13, 13),
    // c4: steal, +29; depth 11, 77900097 nodes; line c4 e4 d5 e7 e5 h4 f6 e6 g3 f4 g4 h1 a2 b3 b5 c5 d2
    (14, 14),
    // d4: steal, +40; depth 11, 47578234 nodes; line d4 e5 d5 c4 g6 f6 a1 b2 d7 d6 d2 d3 g3
    (21, 21),
    // e5: steal, +43; depth 11, 43923979 nodes; line e5 d5 d4 e4 d1 d2 b2 c3 b5 b4 g5 f5 e8
    (30, 30),
];
