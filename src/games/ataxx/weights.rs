//! The evaluation's weights, in centi-stones per unit of each feature (`features.rs`, same
//! order): `OPENING` counts fully on an empty board, `ENDGAME` on a full one, blended by the
//! share of empty squares. Written by `boardlab tune ataxx` (do not edit by hand):
//! `boardlab tune ataxx --games 1500 --nodes 3000 --random-plies 2 --walled-every 4 --seed 1 --l2 0.0000001`:
//! 117967 positions of 1500 self-play games; scale k = 498.8; mean squared error
//! hand-made weights 0.209158 (held-out games 0.199086), fitted 0.193171 (0.182866).

/// Weights on an empty board.
pub const OPENING: [i32; super::FEATURES] = [
    120, // stones on corners
    106, // stones on edge squares next to a corner
    92,  // stones on edge squares two from a corner
    92,  // stones on edge middles
    104, // stones on the inner ring's corners
    83,  // stones on the inner ring next to its corners
    94,  // stones on the inner ring's middles
    87,  // stones on the centre ring's corners
    79,  // stones on the centre ring's middles
    86,  // stones on the centre
    1,   // stones without an empty neighbour
    -9,  // empty squares a spawn reaches
    11,  // empty squares only a jump reaches
    58,  // stones the other side can capture next move
    -15, // empty squares a spawn reaches and the other side cannot reach
    12,  // the mover's best single-move gain (stones captured, +1 for a spawn)
    -5,  // the other side's best single-move gain, were it to move
    59,  // tempo (the side to move)
    0,   // an odd number of empty squares
];

/// Weights on a full board.
pub const ENDGAME: [i32; super::FEATURES] = [
    100, // stones on corners
    145, // stones on edge squares next to a corner
    170, // stones on edge squares two from a corner
    116, // stones on edge middles
    121, // stones on the inner ring's corners
    108, // stones on the inner ring next to its corners
    86,  // stones on the inner ring's middles
    111, // stones on the centre ring's corners
    70,  // stones on the centre ring's middles
    69,  // stones on the centre
    57,  // stones without an empty neighbour
    34,  // empty squares a spawn reaches
    -4,  // empty squares only a jump reaches
    34,  // stones the other side can capture next move
    21,  // empty squares a spawn reaches and the other side cannot reach
    59,  // the mover's best single-move gain (stones captured, +1 for a spawn)
    23,  // the other side's best single-move gain, were it to move
    67,  // tempo (the side to move)
    4,   // an odd number of empty squares
];
