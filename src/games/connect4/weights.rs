//! The evaluation's weights, per unit of each feature (`features.rs`, same order), in evaluation
//! units. The hand-made evaluation before the fit: 40 a threat on its owner's parity, 16 on the
//! other, 3 a centre step, 4 tempo.

/// Weight of each feature.
pub const WEIGHTS: [i32; super::features::FEATURES] =
    [40, 16, -16, -40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 4];
