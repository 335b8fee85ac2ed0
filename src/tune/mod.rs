//! Fitting Ataxx's evaluation to games (`boardlab tune ataxx`): self-play at a fixed node count
//! labels positions with the games' results (`selfplay.rs`), and a logistic fit of the linear
//! evaluation to those labels (`fit.rs`, Texel's tuning method, as described on the Chess
//! Programming Wiki's "Texel's Tuning Method") gives the weights that `weights_source` writes as
//! `src/games/ataxx/weights.rs`. Connect 4's fit (`connect4.rs`) labels positions with the exact
//! solver's results instead of games' and shares the fit.

pub mod connect4;
pub mod connect4_network;
pub mod fit;
pub mod network;
pub mod samples;
pub mod selfplay;

use crate::games::ataxx::{Ataxx, FEATURES};

/// The names of Ataxx's evaluation features, in [`Ataxx::features`]' order: the tuner writes them
/// beside the weights. Kept here, not beside the features, because only the tuner needs them (the
/// CodinGame bundle, which holds the features, has no room to spare).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "stones on corners",
    "stones on edge squares next to a corner",
    "stones on edge squares two from a corner",
    "stones on edge middles",
    "stones on the inner ring's corners",
    "stones on the inner ring next to its corners",
    "stones on the inner ring's middles",
    "stones on the centre ring's corners",
    "stones on the centre ring's middles",
    "stones on the centre",
    "stones without an empty neighbour",
    "empty squares a spawn reaches",
    "empty squares only a jump reaches",
    "stones the other side can capture next move",
    "empty squares a spawn reaches and the other side cannot reach",
    "the mover's best single-move gain (stones captured, +1 for a spawn)",
    "the other side's best single-move gain, were it to move",
    "tempo (the side to move)",
    "an odd number of empty squares",
];

/// The hand-made weights the fit starts from and is pulled toward (its ridge penalty), the same
/// for both phases: the evaluation before the fit (100 a stone wherever it stands, 15 a currently
/// safe stone, 4 a spawn target, 40 an exposed stone, 60 tempo). Fixed here rather than read
/// from `weights.rs`, so that a refit reproduces the shipped weights instead of drifting from
/// the last fit.
pub const HAND_WEIGHTS: [i32; FEATURES] = [
    100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 15, 4, 0, 40, 0, 0, 0, 60, 0,
];

/// The Rust source of `src/games/ataxx/weights.rs` for the weights `opening` and `endgame`
/// (centi-stones per feature unit), with `provenance` (lines of how they were made) in its
/// header comment.
pub fn weights_source(
    opening: &[i32; FEATURES],
    endgame: &[i32; FEATURES],
    provenance: &[String],
) -> String {
    let mut s = String::new();
    s.push_str(
        "//! The evaluation's weights, in centi-stones per unit of each feature (`features.rs`, same\n\
         //! order): `OPENING` counts fully on an empty board, `ENDGAME` on a full one, blended by the\n\
         //! share of empty squares. Written by `boardlab tune ataxx` (do not edit by hand):\n",
    );
    for line in provenance {
        s.push_str(&format!("//! {line}\n"));
    }
    for (name, doc, w) in [
        ("OPENING", "Weights on an empty board.", opening),
        ("ENDGAME", "Weights on a full board.", endgame),
    ] {
        s.push('\n');
        s.push_str(&weight_array(
            name,
            doc,
            "super::FEATURES",
            w,
            &FEATURE_NAMES,
        ));
    }
    s
}

/// A weights array as Rust source: `/// doc`, `pub const name: [i32; len] = [...]`, one value a
/// line with its feature's name as a trailing comment (aligned as rustfmt writes them).
pub fn weight_array(name: &str, doc: &str, len: &str, values: &[i32], names: &[&str]) -> String {
    let mut s = format!("/// {doc}\npub const {name}: [i32; {len}] = [\n");
    let width = values
        .iter()
        .map(|v| format!("{v},").len())
        .max()
        .unwrap_or(0);
    for (value, feature) in values.iter().zip(names) {
        let item = format!("{value},");
        s.push_str(&format!("    {item:<width$} // {feature}\n"));
    }
    s.push_str("];\n");
    s
}

/// The fit's inputs for `pos`: each feature times the opening's share of the phase, then each
/// times the endgame's, so that the inputs' dot product with `OPENING` then `ENDGAME` is the
/// evaluation ([`Ataxx::weighed`], up to its integer rounding).
pub fn ataxx_inputs(pos: &Ataxx) -> [f32; 2 * FEATURES] {
    let f = pos.features();
    let (empty, squares) = pos.phase();
    let open = empty as f32 / squares.max(1) as f32;
    let mut out = [0f32; 2 * FEATURES];
    for i in 0..FEATURES {
        out[i] = f[i] as f32 * open;
        out[FEATURES + i] = f[i] as f32 * (1.0 - open);
    }
    out
}
