//! The evaluation's weights, in centi-stones per unit of each feature (`features.rs`, same
//! order): `OPENING` counts fully on an empty board, `ENDGAME` on a full one, blended by the
//! share of empty squares. Written by `boardlab tune ataxx` (do not edit by hand):
//! `boardlab tune ataxx --games 1500 --nodes 3000 --random-plies 2 --walled-every 4 --seed 1 --l2 0.000001`:
//! 117967 positions of 1500 self-play games; scale k = 498.8; mean squared error
//! before 0.209158 (held-out games 0.199086), after 0.198201 (0.188459).

/// Weights on an empty board.
pub const OPENING: [i32; super::FEATURES] = [
    104, // stones on corners
    105, // stones on edge squares next to a corner
    103, // stones on edge squares two from a corner
    99,  // stones on edge middles
    102, // stones on the inner ring's corners
    96,  // stones on the inner ring next to its corners
    97,  // stones on the inner ring's middles
    95,  // stones on the centre ring's corners
    92,  // stones on the centre ring's middles
    96,  // stones on the centre
    15,  // stones without an empty neighbour
    -2,  // empty squares a spawn reaches
    2,   // empty squares only a jump reaches
    47,  // stones the other side can capture next move
    -4,  // empty squares a spawn reaches and the other side cannot reach
    12,  // the mover's best single-move gain (stones captured, +1 for a spawn)
    8,   // the other side's best single-move gain, were it to move
    63,  // tempo (the side to move)
    1,   // an odd number of empty squares
];

/// Weights on a full board.
pub const ENDGAME: [i32; super::FEATURES] = [
    103, // stones on corners
    116, // stones on edge squares next to a corner
    121, // stones on edge squares two from a corner
    104, // stones on edge middles
    107, // stones on the inner ring's corners
    103, // stones on the inner ring next to its corners
    94,  // stones on the inner ring's middles
    95,  // stones on the centre ring's corners
    83,  // stones on the centre ring's middles
    91,  // stones on the centre
    28,  // stones without an empty neighbour
    12,  // empty squares a spawn reaches
    -4,  // empty squares only a jump reaches
    41,  // stones the other side can capture next move
    3,   // empty squares a spawn reaches and the other side cannot reach
    27,  // the mover's best single-move gain (stones captured, +1 for a spawn)
    18,  // the other side's best single-move gain, were it to move
    65,  // tempo (the side to move)
    3,   // an odd number of empty squares
];
