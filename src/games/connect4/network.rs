//! Connect 4's evaluation network, on the CodinGame board (9 x 7) only: one hidden layer that
//! scores a correction to the linear evaluation of `features.rs`, as Ataxx's network does
//! (`games::ataxx::network`; the shared arithmetic is `games::network`). The linear features
//! count threats by role and row parity; the network sees where the chips and the threats are,
//! which a sum of counts cannot: which threats share a column, which cells each side will get
//! as the columns fill.
//!
//! - Inputs: [`BLOCKS`] `× 63` binary features by role, as the linear features are counted
//!   (player A moves when the chip count is even, B the other; `features.rs`): A's chips, B's
//!   chips, A's threats, B's threats (a threat is an empty cell that completes a four). Cell
//!   `column × 7 + row` (row 0 at the bottom) within each block: the board's own bit of the cell
//!   (`Connect4::bit`).
//! - Hidden layer: [`HIDDEN`] units, each the sum of its active inputs' weights plus a bias,
//!   clipped to `0..=1` and squared (SCReLU). They come in mirror pairs: unit `u + STORED` is
//!   unit `u` (`u < STORED`) looking at the board with its columns mirrored (the weight of cell
//!   `(column, row)` is unit `u`'s of `(8 - column, row)`; the same bias and output weight). Only
//!   the [`STORED`] units' weights are stored, so a pair costs the characters and bytes of one,
//!   and a position and its mirror image score the same by construction (the trainer sees each
//!   position mirrored at random). 32 stored units evaluated twice measured about as good as 64
//!   free ones and better than 32 (README, "Connect 4's evaluation network").
//! - Output: the units' weighted sum plus a bias, a logit of A's winning chance, added to the
//!   linear evaluation's (`linear / OUTPUT_SCALE`); times [`OUTPUT_SCALE`] it is evaluation
//!   units, and the evaluation turns it to the side to move's view.
//!
//! Weights are integers (`network_weights.rs`, written by `boardlab tune connect4 --model
//! network`, which trains on positions labelled by the exact solver): the hidden layer's `i8`
//! (biases `i16`) scaled by `QA`, the output's `i16` (bias `i32`) scaled by [`QB`], so scores are
//! the same natively and in wasm. At most 63 chips and 63 threat cells are active, so an
//! accumulator stays within `126 × 127 + 1.98 × 255 = 16,507`: `i16` cannot overflow.

use super::network_weights::{
    HIDDEN_BIAS, HIDDEN_WEIGHTS, OUTPUT_BIAS, OUTPUT_SCALE, OUTPUT_WEIGHTS,
};
use crate::games::network::{add_row, decode_bytes, decode_sparse, squared_dot, QA};
pub use crate::games::network::{HIDDEN_BIAS_LIMIT, HIDDEN_WEIGHT_LIMIT};

/// The board's cells (9 x 7).
pub const CELLS: usize = 63;
/// Input blocks of 63 cells: A's chips, B's chips, A's threats, B's threats.
pub const BLOCKS: usize = 4;
/// Inputs: [`BLOCKS`] blocks of [`CELLS`].
pub const INPUTS: usize = BLOCKS * CELLS;
/// Hidden units whose weights are stored; each is evaluated on the board and on its mirror
/// image (the module docs), so the layer has [`HIDDEN`] units.
pub const STORED: usize = 32;
/// Hidden units evaluated: [`STORED`] mirror pairs.
pub const HIDDEN: usize = 2 * STORED;
/// The output layer's integer scale.
pub const QB: i32 = 1024;

/// `MIRRORED_INPUT[input]`: the input of the same block on the mirrored cell (column `8 - c`,
/// the same row).
pub const MIRRORED_INPUT: [u8; INPUTS] = {
    let mut out = [0u8; INPUTS];
    let mut i = 0;
    while i < INPUTS {
        let (block, cell) = (i / CELLS, i % CELLS);
        out[i] = (block * CELLS + (8 - cell / 7) * 7 + cell % 7) as u8;
        i += 1;
    }
    out
};

/// Calls `f` with each input index set in `blocks` (one 9 x 7 bitboard in the game's packed
/// layout a block: A's chips, B's chips, A's threats, B's threats), block by block.
#[inline(always)]
pub fn for_each_input(blocks: &[u64; BLOCKS], mut f: impl FnMut(usize)) {
    for (block, &bits) in blocks.iter().enumerate() {
        let mut bb = bits;
        while bb != 0 {
            f(block * CELLS + bb.trailing_zeros() as usize);
            bb &= bb - 1;
        }
    }
}

/// The stored hidden weights, row after row, from their text: `BYTES` bytes
/// (`games::network::decode_bytes`) holding them sparse (`games::network::decode_sparse`;
/// `tune::connect4_network::QuantizedNetwork::source`).
pub const fn decode_hidden<const BYTES: usize>(text: &str) -> [[i8; STORED]; INPUTS] {
    let weights = decode_sparse::<{ INPUTS * STORED }>(&decode_bytes::<BYTES>(text));
    let mut out = [[0i8; STORED]; INPUTS];
    let mut k = 0;
    while k < INPUTS * STORED {
        out[k / STORED][k % STORED] = weights[k];
        k += 1;
    }
    out
}

/// A network's integer weights, as `network_weights.rs` holds them (the module's documentation
/// gives the scales).
#[derive(Clone, Copy)]
pub struct NetworkWeights<'a> {
    /// `hidden[input]`: the row an active input adds to the stored units (and, at the mirrored
    /// input, to their mirror images: [`NetworkWeights::add_input`]).
    pub hidden: &'a [[i8; STORED]; INPUTS],
    /// The stored units' biases (a mirror image has its unit's).
    pub hidden_bias: &'a [i16; STORED],
    /// The output's weight of each stored unit (a mirror image has its unit's).
    pub output: &'a [i16; STORED],
    /// The output's bias, scaled by `QA × QB`.
    pub output_bias: i32,
    /// Evaluation units per unit of the output's logit.
    pub output_scale: i32,
}

/// The shipped network.
pub const SHIPPED: NetworkWeights<'static> = NetworkWeights {
    hidden: &HIDDEN_WEIGHTS,
    hidden_bias: &HIDDEN_BIAS,
    output: &OUTPUT_WEIGHTS,
    output_bias: OUTPUT_BIAS,
    output_scale: OUTPUT_SCALE,
};

impl NetworkWeights<'_> {
    /// The score from A's view, in evaluation units, of the inputs `blocks` (see
    /// [`for_each_input`]).
    pub fn score(&self, blocks: &[u64; BLOCKS]) -> i32 {
        let [a, b, ta, tb] = *blocks;
        self.score_with_chips(&self.chip_sums(a, b), ta, tb)
    }

    /// The hidden sums of the bias and of the chip blocks: A's chips `a`, B's chips `b`.
    pub fn chip_sums(&self, a: u64, b: u64) -> [i16; HIDDEN] {
        let mut acc = [0; HIDDEN];
        acc[..STORED].copy_from_slice(self.hidden_bias);
        acc[STORED..].copy_from_slice(self.hidden_bias);
        for_each_input(&[a, b, 0, 0], |i| self.add_input(&mut acc, i));
        acc
    }

    /// Adds input `input`'s weights to the hidden sums `acc`: its row to the stored units', the
    /// mirrored input's row to their mirror images'.
    #[inline(always)]
    pub fn add_input(&self, acc: &mut [i16; HIDDEN], input: usize) {
        let (units, images) = acc.split_at_mut(STORED);
        let mirrored = MIRRORED_INPUT[input] as usize;
        add_row(units.try_into().unwrap(), &self.hidden[input]);
        add_row(images.try_into().unwrap(), &self.hidden[mirrored]);
    }

    /// Adds to `sums` ([`NetworkWeights::chip_sums`]) the row of a chip on cell `cell` (its bit
    /// in the game's packed layout, `column × 7 + row`), in chip block `block` (0: A's, 1: B's).
    #[inline(always)]
    pub fn add_chip(&self, sums: &mut [i16; HIDDEN], block: usize, cell: u32) {
        self.add_input(sums, block * CELLS + cell as usize);
    }

    /// [`NetworkWeights::score`] given the chip blocks' sums `chips`
    /// ([`NetworkWeights::chip_sums`]) and the threat blocks: A's threats `ta`, B's `tb`. The
    /// sums are the same in any order (no `i16` overflows, see the module docs), so the score is.
    #[inline]
    pub fn score_with_chips(&self, chips: &[i16; HIDDEN], ta: u64, tb: u64) -> i32 {
        let mut acc = *chips;
        for_each_input(&[0, 0, ta, tb], |i| self.add_input(&mut acc, i));
        let (units, images) = acc.split_at(STORED);
        let squares = squared_dot(units.try_into().unwrap(), self.output)
            + squared_dot(images.try_into().unwrap(), self.output);
        // The squares are scaled by `QA × QA`: one `QA` goes, the bias's `QA × QB` stays.
        let logit = squares / QA as i64 + self.output_bias as i64;
        (logit * self.output_scale as i64 / (QA * QB) as i64) as i32
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
        assert!(SHIPPED
            .hidden
            .iter()
            .flatten()
            .all(|&w| w as i32 >= -weight_limit));
        let biggest_bias = SHIPPED.hidden_bias.iter().map(|&b| (b as i32).abs()).max();
        assert!(biggest_bias.unwrap() <= bias_limit);
        // The module's bound: 126 active inputs of 127 and the bias fit an `i16`.
        assert!(2 * CELLS as i32 * weight_limit + bias_limit <= i16::MAX as i32);
    }

    #[test]
    fn the_chip_sums_kept_by_play_are_those_of_the_chips_on_the_board() {
        use crate::game::Game;
        use crate::games::connect4::{Connect4Cg, STEAL};
        use crate::rng::Rng;
        let mut rng = Rng(31);
        let mut moves = Vec::new();
        for game in 0..40 {
            let mut pos = Connect4Cg::start();
            while pos.outcome().is_none() {
                let roles = pos.roles();
                assert_eq!(*pos.chip_sums(), SHIPPED.chip_sums(roles.a, roles.b));
                moves.clear();
                pos.legal_moves(&mut moves);
                // Every other game steals when it can, so both roles' first chips are covered.
                let steal = game % 2 == 0 && moves.contains(&STEAL);
                let mv = if steal {
                    STEAL
                } else {
                    moves[rng.below(moves.len())]
                };
                pos.play(mv);
            }
        }
    }

    #[test]
    fn a_chip_added_to_the_sums_is_its_row_in_its_roles_block() {
        use crate::games::connect4::Connect4Cg;
        let a = Connect4Cg::bit(0, 0) | Connect4Cg::bit(1, 1) | Connect4Cg::bit(8, 1);
        let b = Connect4Cg::bit(0, 1) | Connect4Cg::bit(2, 1);
        let mut sums = SHIPPED.chip_sums(a, 0);
        SHIPPED.add_chip(&mut sums, 1, 1);
        SHIPPED.add_chip(&mut sums, 1, 2 * 7 + 1);
        assert_eq!(sums, SHIPPED.chip_sums(a, b));
    }

    #[test]
    fn a_position_and_its_mirror_image_score_the_same() {
        use crate::game::Game;
        use crate::games::connect4::Connect4Cg;
        use crate::play::random_line;
        let mirror =
            |bits: u64| (0..9).fold(0, |m, c| m | ((bits >> (7 * c)) & 0x7F) << (56 - 7 * c));
        let mut rng = crate::rng::Rng(8);
        for i in 0..200 {
            let pos = random_line(&Connect4Cg::start(), 4 + i % 40, &mut rng).0;
            let roles = pos.roles();
            let blocks = [roles.a, roles.b, roles.ta, roles.tb];
            assert_eq!(SHIPPED.score(&blocks), SHIPPED.score(&blocks.map(mirror)));
        }
    }

    #[test]
    fn the_mirrored_input_is_the_same_rows_cell_in_the_mirrored_column() {
        for i in 0..INPUTS {
            let (block, cell) = (i / CELLS, i % CELLS);
            let m = MIRRORED_INPUT[i] as usize;
            assert_eq!((m / CELLS, m % CELLS % 7), (block, cell % 7));
            assert_eq!(m % CELLS / 7, 8 - cell / 7);
            assert_eq!(MIRRORED_INPUT[m] as usize, i);
        }
    }

    #[test]
    fn each_cell_of_the_board_is_one_input_of_a_block() {
        use crate::games::connect4::Connect4Cg;
        let cells: Vec<usize> = (0..9)
            .flat_map(|c| (0..7).map(move |r| Connect4Cg::bit(c, r).trailing_zeros() as usize))
            .collect();
        assert_eq!(cells, (0..CELLS).collect::<Vec<_>>());
        let mut seen = Vec::new();
        for_each_input(&[1, 0, 0, Connect4Cg::bit(8, 6)], |i| seen.push(i));
        assert_eq!(seen, [0, 3 * CELLS + 62]);
    }
}
