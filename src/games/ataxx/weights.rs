//! The evaluation's weights, in centi-stones per unit of each feature (`features.rs`, same
//! order): `OPENING` counts fully on an empty board, `ENDGAME` on a full one, blended by the
//! share of empty squares. Hand-made (the evaluation before the fit): `boardlab tune ataxx`
//! rewrites this file.

/// Weights on an empty board.
pub const OPENING: [i32; super::FEATURES] = [
    100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 15, 4, 0, 40, 0, 0, 0, 60, 0,
];
/// Weights on a full board.
pub const ENDGAME: [i32; super::FEATURES] = OPENING;
