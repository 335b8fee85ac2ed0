//! The evaluation's weights, per unit of each feature (`features.rs`, same order), in
//! evaluation units. Written by `boardlab tune connect4` (do not edit by hand):
//! `boardlab tune connect4 --games 120 --nodes 2000 --min-opening-plies 2 --max-opening-plies 10`
//! `--min-chips 16 --max-chips 32 --solve-ms 1000 --seed 1 --threads 2 --l2 0.000001`:
//! 449 positions of 120 games labelled by the exact solver; scale k = 51.3;
//! mean squared error: hand-made weights 0.197986 (held-out games 0.338606), fitted 0.098985 (0.269133).

/// Weight of each feature.
pub const WEIGHTS: [i32; super::features::FEATURES] = [
    52,  // A's threats on odd rows (1-based from the bottom)
    55,  // A's threats on even rows
    -20, // B's threats on odd rows
    -15, // B's threats on even rows
    -22, // A's moot odd threats (a threat below in the column)
    -31, // A's moot even threats
    -6,  // B's moot odd threats
    13,  // B's moot even threats
    15,  // A's stacked threats (one of A's directly below)
    0,   // B's stacked threats
    17,  // A's ready threats (right above a playable cell)
    -33, // B's ready threats
    1,   // A has a non-moot odd threat (0 or 1)
    -50, // B has a non-moot even threat (0 or 1)
    6,   // centre: A's chips minus B's, weighted by closeness to the centre column
    6,   // A's role (1: the first mover's advantage)
    30,  // tempo (for the side to move, not signed by role)
];
