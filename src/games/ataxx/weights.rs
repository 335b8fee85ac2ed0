//! The evaluation's weights, in centi-stones per unit of each feature (`features.rs`, same
//! order): `OPENING` counts fully on an empty board, `ENDGAME` on a full one, blended by the
//! share of empty squares. Written by `boardlab tune ataxx` (do not edit by hand):
//! `boardlab tune ataxx --games 1500 --nodes 3000 --random-plies 2 --walled-every 4 --seed 1 --l2 0.0000003`:
//! 117967 positions of 1500 self-play games; scale k = 498.8; mean squared error
//! hand-made weights 0.209158 (held-out games 0.199086), fitted 0.195032 (0.184916).

/// Weights on an empty board.
pub const OPENING: [i32; super::FEATURES] = [
    110, // stones on corners
    108, // stones on edge squares next to a corner
    102, // stones on edge squares two from a corner
    98, // stones on edge middles
    103, // stones on the inner ring's corners
    91, // stones on the inner ring next to its corners
    95, // stones on the inner ring's middles
    92, // stones on the centre ring's corners
    86, // stones on the centre ring's middles
    92, // stones on the centre
    12, // stones without an empty neighbour
    -6, // empty squares a spawn reaches
    6, // empty squares only a jump reaches
    52, // stones the other side can capture next move
    -8, // empty squares a spawn reaches and the other side cannot reach
    14, // the mover's best single-move gain (stones captured, +1 for a spawn)
    4, // the other side's best single-move gain, were it to move
    62, // tempo (the side to move)
    1, // an odd number of empty squares
];

/// Weights on a full board.
pub const ENDGAME: [i32; super::FEATURES] = [
    103, // stones on corners
    130, // stones on edge squares next to a corner
    143, // stones on edge squares two from a corner
    109, // stones on edge middles
    114, // stones on the inner ring's corners
    106, // stones on the inner ring next to its corners
    89, // stones on the inner ring's middles
    99, // stones on the centre ring's corners
    73, // stones on the centre ring's middles
    82, // stones on the centre
    42, // stones without an empty neighbour
    24, // empty squares a spawn reaches
    -6, // empty squares only a jump reaches
    38, // stones the other side can capture next move
    11, // empty squares a spawn reaches and the other side cannot reach
    42, // the mover's best single-move gain (stones captured, +1 for a spawn)
    23, // the other side's best single-move gain, were it to move
    67, // tempo (the side to move)
    4, // an odd number of empty squares
];
