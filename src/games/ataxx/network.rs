//! Ataxx's evaluation network: one hidden layer over the board's squares, as the small networks
//! of NNUE-style engines are built (Stockfish's NNUE; the "bullet" trainer's simple nets). It
//! scores a correction to the linear evaluation (`weights.rs`), which keeps its tactical
//! counts (each side's best single-move gain, stones open to capture): the evaluation is their
//! sum (`eval.rs`).
//!
//! - Inputs: `3 × 49` binary features from the side to move's view: its stones, the other
//!   side's stones, the walls (square `(file, rank)` is `rank * 7 + file` within each block).
//! - Hidden layer: [`HIDDEN`] units, each the sum of the rows of its active inputs plus a bias,
//!   clipped to `0..=1` (CReLU).
//! - Output: the hidden units' weighted sum plus a bias, a logit of the side to move's winning
//!   chance (added to the linear evaluation's); times [`OUTPUT_SCALE`] it is centi-stones.
//!
//! Weights are integers (`network_weights.rs`, written by `boardlab tune ataxx --model network`,
//! which trains on self-play positions labelled with the game's result and the search's score):
//! the hidden layer's weights `i8` and its biases `i16`, both scaled by [`QA`] (so an activation
//! of 1 is `QA`), the output's `i32`, scaled by [`QB`]. `i8` weights keep the table at 4.6 KB
//! (147 × 32 bytes), half of `i16`'s, which the wasm download and the CodinGame bundle feel.
//! Integer arithmetic makes the score the same natively and in wasm, bit for bit, so the bench's
//! node counts agree. The accumulator is `i16`: the trainer keeps every hidden weight within
//! ±[`HIDDEN_WEIGHT_LIMIT`] (±127 once scaled) and every bias within ±[`HIDDEN_BIAS_LIMIT`]
//! (±505 once scaled), so an accumulator stays within `49 × 127 + 505 = 6,728 < 32,767`
//! (49 active inputs at most, plus the bias): it cannot overflow.

use super::network_weights::{HIDDEN_BIAS, HIDDEN_WEIGHTS, OUTPUT_BIAS, OUTPUT_WEIGHTS};
use super::{Ataxx, SQUARES};

/// Inputs: the mover's stones, the other side's, the walls, one block of 49 squares each.
pub const INPUTS: usize = 3 * SQUARES;
/// Hidden units. 64 measured no stronger (README: the evaluation network) and would not fit the
/// CodinGame bundle's 100,000 characters.
pub const HIDDEN: usize = 32;
/// The hidden layer's integer scale: a weight `w` is stored as `round(w × QA)`, and an active
/// unit clips at `QA`.
pub const QA: i32 = 255;
/// The output layer's integer scale.
pub const QB: i32 = 1024;
/// The largest magnitude of a hidden weight (before scaling): `127 / QA`, so that a scaled
/// weight fits an `i8`. The shipped weights were trained under the earlier limit of 1.98 (they
/// ended within ±127 all the same); rerunning their command under this one moves the training's
/// path slightly (49 of 4,704 weights end one to three units apart, the same held-out error).
pub const HIDDEN_WEIGHT_LIMIT: f32 = i8::MAX as f32 / QA as f32;
/// The largest magnitude of a hidden bias (before scaling); with [`HIDDEN_WEIGHT_LIMIT`] it keeps
/// the `i16` accumulator from overflowing (see the module's documentation).
pub const HIDDEN_BIAS_LIMIT: f32 = 1.98;
/// Centi-stones per unit of the output logit: the fitted scale of the linear evaluation
/// (`weights.rs`, winning chance `1 / (1 + e^(-eval / 498.8))`), so that the search's margins
/// keep their meaning.
pub const OUTPUT_SCALE: i64 = 499;

/// The network's input indices active in a position (the side to move's view), at most 49.
/// Calls `f` with each.
#[inline(always)]
pub fn for_each_input(mover: u64, other: u64, walls: u64, mut f: impl FnMut(usize)) {
    for (block, mut bb) in [mover, other, walls].into_iter().enumerate() {
        while bb != 0 {
            f(block * SQUARES + bb.trailing_zeros() as usize);
            bb &= bb - 1;
        }
    }
}

/// A network's integer weights, as `network_weights.rs` holds them (see the module's
/// documentation for the scales).
#[derive(Clone, Copy)]
pub struct NetworkWeights<'a> {
    /// `hidden[input]`: the row an active input adds to the hidden units (each within ±127).
    pub hidden: &'a [[i8; HIDDEN]; INPUTS],
    /// The hidden units' biases (each within ±`round(HIDDEN_BIAS_LIMIT × QA)`).
    pub hidden_bias: &'a [i16; HIDDEN],
    /// The output's weight of each hidden unit.
    pub output: &'a [i32; HIDDEN],
    /// The output's bias, scaled by `QA × QB`.
    pub output_bias: i32,
}

/// The shipped network.
pub const SHIPPED: NetworkWeights<'static> = NetworkWeights {
    hidden: &HIDDEN_WEIGHTS,
    hidden_bias: &HIDDEN_BIAS,
    output: &OUTPUT_WEIGHTS,
    output_bias: OUTPUT_BIAS,
};

impl NetworkWeights<'_> {
    /// The score, in centi-stones for the side to move, of the position with the side to move's
    /// stones `mover`, the other side's `other` and the walls `walls` (49-square bitboards).
    #[inline]
    pub fn score(&self, mover: u64, other: u64, walls: u64) -> i32 {
        let mut acc = *self.hidden_bias;
        for_each_input(mover, other, walls, |i| {
            for (a, w) in acc.iter_mut().zip(&self.hidden[i]) {
                *a += *w as i16;
            }
        });
        let mut sum: i64 = 0;
        for (a, w) in acc.iter().zip(self.output) {
            sum += ((*a as i32).clamp(0, QA) * *w) as i64;
        }
        let logit = sum + self.output_bias as i64;
        (logit * OUTPUT_SCALE / (QA * QB) as i64) as i32
    }
}

impl Ataxx {
    /// The shipped network's score of this position for the side to move, in centi-stones (see
    /// the module's documentation). It knows nothing of proven results; the caller checks those.
    pub fn network_score(&self) -> i32 {
        SHIPPED.score(
            self.pieces[self.side.index()],
            self.pieces[self.side.opponent().index()],
            self.walls,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_weights_respect_the_trainers_limits() {
        let weight_limit = (HIDDEN_WEIGHT_LIMIT * QA as f32).round() as i32;
        let bias_limit = (HIDDEN_BIAS_LIMIT * QA as f32).round() as i32;
        assert_eq!(weight_limit, i8::MAX as i32);
        for row in SHIPPED.hidden.iter() {
            assert!(row.iter().all(|&w| (w as i32).abs() <= weight_limit));
        }
        assert!(SHIPPED
            .hidden_bias
            .iter()
            .all(|&b| (b as i32).abs() <= bias_limit));
    }

    #[test]
    fn no_accumulator_of_the_shipped_network_can_overflow() {
        // The extreme an accumulator can reach: its bias plus its 49 largest (or smallest)
        // weights, whatever the inputs (a looser bound than any legal position's).
        for unit in 0..HIDDEN {
            let mut column: Vec<i32> = SHIPPED.hidden.iter().map(|r| r[unit] as i32).collect();
            column.sort_unstable();
            let bias = SHIPPED.hidden_bias[unit] as i32;
            let low = bias + column[..SQUARES].iter().filter(|&&w| w < 0).sum::<i32>();
            let high = bias
                + column[INPUTS - SQUARES..]
                    .iter()
                    .filter(|&&w| w > 0)
                    .sum::<i32>();
            assert!(
                low >= i16::MIN as i32 && high <= i16::MAX as i32,
                "unit {unit}"
            );
        }
        // The bound the module's documentation gives for any weights within the limits.
        let bound =
            SQUARES as i32 * i8::MAX as i32 + (HIDDEN_BIAS_LIMIT * QA as f32).round() as i32;
        assert_eq!(bound, 6_728);
    }
}
