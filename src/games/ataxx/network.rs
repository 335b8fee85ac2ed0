//! Ataxx's evaluation network: one hidden layer over the board's squares, as the small networks
//! of NNUE-style engines are built (Stockfish's NNUE; the "bullet" trainer's simple nets). It
//! scores a correction to the linear evaluation (`weights.rs`), which keeps its tactical
//! counts (each side's best single-move gain, stones open to capture): the evaluation is their
//! sum (`eval.rs`).
//!
//! - Inputs: [`BLOCKS`] `× 49` binary features from the side to move's view (square `(file,
//!   rank)` is `rank * 7 + file` within each block), see [`input_blocks`]: the stones and
//!   walls, and the squares where the two sides touch, which a single hidden layer over stones
//!   alone cannot see (a stone is lost when the other side reaches an empty square beside it).
//! - Hidden layer: [`HIDDEN`] units, each the sum of the rows of its active inputs plus a bias,
//!   clipped to `0..=1` and squared (SCReLU, as Zataxx and the "bullet" trainer's nets). They
//!   come in mirror pairs, as Connect 4's (`games::connect4::network`): unit `u + STORED` is unit
//!   `u` (`u < STORED`) looking at the board with its files mirrored (its weight of square
//!   `(file, rank)` is unit `u`'s of `(6 - file, rank)`, in the same block; the same bias and
//!   output weights). Only the [`STORED`] units' rows are stored, so a pair costs the bundle the
//!   characters of one unit, and a position and its mirror image score the same.
//! - Output: the hidden units' weighted sum plus a bias, a logit of the side to move's winning
//!   chance (added to the linear evaluation's); times [`OUTPUT_SCALE`] it is centi-stones. The
//!   output layer has [`OUTPUT_BUCKETS`] sets of weights, one chosen by the stones on the board
//!   ([`output_bucket`]): the "output buckets" of NNUE-style nets (Stockfish's layer stacks by
//!   piece count; the "bullet" trainer's material buckets), so that the same hidden features
//!   may weigh differently in the opening and in a nearly full board.
//!
//! Weights are integers (`network_weights.rs`, written by `boardlab tune ataxx --model network`,
//! which trains on self-play positions labelled with the game's result and the search's score):
//! the hidden layer's `i8` (biases `i16`), scaled by [`QA`] (so an activation of 1 is `QA`) and
//! packed sparse (`decode_sparse`: an L1 penalty in training sets most of them to zero), the
//! output's `i16` (biases `i32`), scaled by [`QB`]. Integer arithmetic makes the score the same
//! natively and in wasm, bit for bit, so the bench's node counts agree. The trainer keeps every
//! hidden weight within ±[`HIDDEN_WEIGHT_LIMIT`] and bias within ±[`HIDDEN_BIAS_LIMIT`]. A square
//! is active in at most two blocks (a stone's own block and its side's "capturable" block; an
//! empty square, one reach block of each side), so an accumulator stays within
//! `2 × 49 × 127 + 1.98 × 255 = 12,951`: `i16` cannot overflow.

// The shared arithmetic and weights' text (QA, add_row, squared_dot, decode_bytes).
use crate::games::network::*;

use crate::games::cpu::with_avx2;

use super::network_weights::{HIDDEN_BIAS, HIDDEN_WEIGHTS, OUTPUT_BIAS, OUTPUT_WEIGHTS};
use super::tables::dilate;
use super::{Ataxx, FULL, SQUARES};

/// Input blocks of 49 squares each (see [`input_blocks`]).
pub const BLOCKS: usize = 9;
/// Inputs: [`BLOCKS`] blocks of 49 squares.
pub const INPUTS: usize = BLOCKS * SQUARES;
/// Hidden units whose rows are stored; each is evaluated on the board and on its mirror image
/// (the module's documentation). 64 free units measured no stronger than 32 on three blocks of
/// inputs, and stronger on nine (README: the evaluation network).
pub const STORED: usize = 64;
/// Hidden units evaluated: [`STORED`] mirror pairs.
pub const HIDDEN: usize = 2 * STORED;
/// Sets of output weights, chosen by the stones on the board ([`output_bucket`]).
pub const OUTPUT_BUCKETS: usize = 8;

/// The output bucket of a position whose sides' stones are `mover` and `other` (49-square
/// bitboards): equal ranges of the stone count (0..=49), `stones × OUTPUT_BUCKETS / 50`.
#[inline(always)]
pub fn output_bucket(mover: u64, other: u64) -> usize {
    (mover | other).count_ones() as usize * OUTPUT_BUCKETS / 50
}

/// The output layer's integer scale.
pub const QB: i32 = 1024;
/// Centi-stones per unit of the output logit: the fitted scale of the linear evaluation
/// (`weights.rs`, winning chance `1 / (1 + e^(-eval / 498.8))`), so that the search's margins
/// keep their meaning.
pub const OUTPUT_SCALE: i64 = 499;

/// The network's input blocks in a position (the side to move's view), each a 49-square
/// bitboard: 0 the mover's stones, 1 the other side's, 2 the walls; 3 and 4 the empty squares
/// the mover's and the other side's spawns reach; 5 the mover's stones the other side can
/// capture next move (beside an empty square it reaches), 6 the other side's stones the mover
/// can capture; 7 and 8 the empty squares only the mover's and only the other side's jumps
/// reach. Input `block × 49 + square` is active when the square's bit is set in its block.
#[inline(always)]
pub fn input_blocks(mover: u64, other: u64, walls: u64) -> [u64; BLOCKS] {
    let empty = FULL & !(mover | other | walls);
    let (near_mover, near_other) = (dilate(mover) & empty, dilate(other) & empty);
    let reach_mover = dilate(dilate(mover)) & empty;
    let reach_other = dilate(dilate(other)) & empty;
    [
        mover,
        other,
        walls,
        near_mover,
        near_other,
        mover & dilate(reach_other),
        other & dilate(reach_mover),
        reach_mover & !near_mover,
        reach_other & !near_other,
    ]
}

/// Calls `f` with each input index set in `blocks` ([`input_blocks`]), block by block.
#[inline(always)]
pub fn for_each_set(blocks: &[u64; BLOCKS], mut f: impl FnMut(usize)) {
    for (block, &bits) in blocks.iter().enumerate() {
        let mut bb = bits;
        while bb != 0 {
            f(block * SQUARES + bb.trailing_zeros() as usize);
            bb &= bb - 1;
        }
    }
}

/// `MIRRORED_INPUT[input]`: the input of the same block on the mirrored square (file
/// `6 - file`, the same rank).
pub const MIRRORED_INPUT: [u16; INPUTS] = {
    let mut out = [0u16; INPUTS];
    let mut i = 0;
    while i < INPUTS {
        let (block, square) = (i / SQUARES, i % SQUARES);
        out[i] = (block * SQUARES + square / 7 * 7 + 6 - square % 7) as u16;
        i += 1;
    }
    out
};

/// The stored hidden weights, row after row, from their text: `BYTES` bytes ([`decode_bytes`])
/// holding them sparse ([`decode_sparse`]; `tune::network::QuantizedNetwork::source`).
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

/// The output weights from their text ([`decode_bytes`] of each weight as a little-endian `i16`,
/// bucket after bucket; `tune::network::encode_output`).
pub const fn decode_output(text: &str) -> [[i16; STORED]; OUTPUT_BUCKETS] {
    let bytes = decode_bytes::<{ OUTPUT_BUCKETS * STORED * 2 }>(text);
    let mut out = [[0i16; STORED]; OUTPUT_BUCKETS];
    let mut k = 0;
    while k < OUTPUT_BUCKETS * STORED {
        out[k / STORED][k % STORED] = i16::from_le_bytes([bytes[2 * k], bytes[2 * k + 1]]);
        k += 1;
    }
    out
}

/// A network's integer weights, as `network_weights.rs` holds them (see the module's
/// documentation for the scales).
#[derive(Clone, Copy)]
pub struct NetworkWeights<'a> {
    /// `hidden[input]`: the row an active input adds to the stored units (and, at the mirrored
    /// input, to their mirror images: [`add_input`]).
    pub hidden: &'a [[i8; STORED]; INPUTS],
    /// The stored units' biases (a mirror image has its unit's).
    pub hidden_bias: &'a [i16; STORED],
    /// `output[bucket]`: the output's weight of each stored unit in each output bucket (a mirror
    /// image has its unit's).
    pub output: &'a [[i16; STORED]; OUTPUT_BUCKETS],
    /// The output's bias in each bucket, scaled by `QA × QB`.
    pub output_bias: &'a [i32; OUTPUT_BUCKETS],
}

/// The shipped network.
pub const SHIPPED: NetworkWeights<'static> = NetworkWeights {
    hidden: &HIDDEN_WEIGHTS,
    hidden_bias: &HIDDEN_BIAS,
    output: &OUTPUT_WEIGHTS,
    output_bias: &OUTPUT_BIAS,
};

/// The hidden units' sums before clipping: the bias plus the rows of the active inputs.
type Accumulator = [i16; HIDDEN];

/// The accumulator of the inputs set in `blocks`: `bias` (each stored unit's, for the unit and
/// its mirror image) plus their rows ([`add_input`]).
#[inline(always)]
pub fn accumulate(
    bias: &[i16; STORED],
    rows: &[[i8; STORED]; INPUTS],
    blocks: &[u64; BLOCKS],
) -> Accumulator {
    accumulate_rows(bias, rows, blocks, add_row)
}

/// [`accumulate`] over rows of type `R`, added by `add` (the stored `i8` rows, or the search's
/// widened ones: `recent::SearchRow`).
#[inline(always)]
fn accumulate_rows<R>(
    bias: &[i16; STORED],
    rows: &[R; INPUTS],
    blocks: &[u64; BLOCKS],
    add: impl Fn(&mut [i16; STORED], &R) + Copy,
) -> Accumulator {
    let mut acc = [0; HIDDEN];
    acc[..STORED].copy_from_slice(bias);
    acc[STORED..].copy_from_slice(bias);
    for_each_set(blocks, |i| add_input(&mut acc, rows, i, add));
    acc
}

/// Applies `op` (`add_row`, or its inverse) to the accumulator with input `input`'s weights:
/// its row to the stored units' sums, the mirrored input's row to their mirror images'. `R` is
/// a row's type (`[i8; STORED]` as stored, or widened: `recent::SearchRow`).
#[inline(always)]
pub fn add_input<R>(
    acc: &mut Accumulator,
    rows: &[R; INPUTS],
    input: usize,
    op: impl Fn(&mut [i16; STORED], &R),
) {
    let (units, images) = acc.split_at_mut(STORED);
    op(units.try_into().unwrap(), &rows[input]);
    op(
        images.try_into().unwrap(),
        &rows[MIRRORED_INPUT[input] as usize],
    );
}

impl NetworkWeights<'_> {
    /// The output layer: the score, in centi-stones for the side to move, of a position whose
    /// inputs sum to `acc` ([`accumulate`]) and whose output bucket is `bucket`
    /// ([`output_bucket`]).
    #[inline(always)]
    pub fn output(&self, acc: &Accumulator, bucket: usize) -> i32 {
        let (units, images) = acc.split_at(STORED);
        let weights = &self.output[bucket];
        let sum = squared_dot(units.try_into().unwrap(), weights)
            + squared_dot(images.try_into().unwrap(), weights);
        // The squares are scaled by `QA × QA`: one `QA` goes, the bias's `QA × QB` stays.
        let logit = sum / QA as i64 + self.output_bias[bucket] as i64;
        (logit * OUTPUT_SCALE / (QA * QB) as i64) as i32
    }
}

use recent::shipped_accumulator;

/// Each search thread updates a recent accumulator instead of summing every row.
mod recent {
    use std::cell::RefCell;
    use std::sync::OnceLock;

    use super::{accumulate_rows, add_input, for_each_set, Accumulator, BLOCKS, INPUTS};
    use super::{SHIPPED, STORED};

    /// A row of the shipped network as the search adds it: widened to `i16` once, on first use
    /// (a table of 56 KiB, built at run time so that the wasm does not carry it). x86-64's
    /// baseline (SSE2) widens `i8` lanes in two instructions a half-row, which took most of
    /// the evaluation's native time; wasm SIMD widens in one (`games::network::add_row`), yet
    /// ran 3 % faster with `i16` rows in Chromium (README: issue 16, session 38).
    type SearchRow = [i16; STORED];

    /// The shipped network's rows, widened ([`SearchRow`]).
    fn search_rows() -> &'static [SearchRow; INPUTS] {
        static ROWS: OnceLock<Box<[SearchRow; INPUTS]>> = OnceLock::new();
        ROWS.get_or_init(|| {
            let rows: Vec<SearchRow> = SHIPPED
                .hidden
                .iter()
                .map(|row| row.map(i16::from))
                .collect();
            rows.into_boxed_slice().try_into().unwrap()
        })
    }

    /// Adds `row` to `acc` (wrapping, as `games::network::add_row`).
    #[inline(always)]
    fn add_row(acc: &mut [i16; STORED], row: &SearchRow) {
        for (a, &w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_add(w);
        }
    }

    /// Runs `f` on the thread's last accumulator of `side`'s view (0 or 1; [`RECENT`]).
    pub(super) fn with_seen<T>(side: usize, f: impl FnOnce(&mut Option<Seen>) -> T) -> T {
        RECENT.with(|recent| f(&mut recent.borrow_mut()[side]))
    }

    /// The shipped network's accumulator of `blocks`, updated from `seen`, the thread's last one
    /// of the same side's view ([`with_seen`]), and kept there.
    #[inline(always)]
    pub(super) fn shipped_accumulator(
        blocks: &[u64; BLOCKS],
        seen: &mut Option<Seen>,
    ) -> Accumulator {
        accumulate_near(SHIPPED.hidden_bias, search_rows(), blocks, seen)
    }

    /// Takes `row` away from `acc` (wrapping, as [`add_row`]).
    #[inline(always)]
    fn sub_row(acc: &mut [i16; STORED], row: &SearchRow) {
        for (a, &w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_sub(w);
        }
    }

    /// The accumulator of `blocks` for a network of `bias` and `rows`, updated from `seen` when
    /// fewer inputs differ from it than are active (else summed afresh), and kept in `seen`: the
    /// same sums as [`accumulate`], exactly. `seen` must hold only this network's accumulators.
    #[inline(always)]
    fn accumulate_near(
        bias: &[i16; STORED],
        rows: &[SearchRow; INPUTS],
        blocks: &[u64; BLOCKS],
        seen: &mut Option<Seen>,
    ) -> Accumulator {
        let count = |bits: [u64; BLOCKS]| bits.iter().map(|b| b.count_ones()).sum::<u32>();
        let acc = match seen {
            Some(old)
                if count(std::array::from_fn(|b| old.blocks[b] ^ blocks[b])) < count(*blocks) =>
            {
                let mut acc = old.acc;
                let gone = std::array::from_fn(|b| old.blocks[b] & !blocks[b]);
                let came = std::array::from_fn(|b| blocks[b] & !old.blocks[b]);
                for_each_set(&gone, |i| add_input(&mut acc, rows, i, sub_row));
                for_each_set(&came, |i| add_input(&mut acc, rows, i, add_row));
                acc
            }
            _ => accumulate_rows(bias, rows, blocks, add_row),
        };
        *seen = Some(Seen {
            blocks: *blocks,
            acc,
        });
        acc
    }

    /// An accumulator computed lately, with the input blocks it sums.
    #[derive(Clone, Copy)]
    pub(super) struct Seen {
        blocks: [u64; BLOCKS],
        acc: Accumulator,
    }

    thread_local! {
        /// The shipped network's last accumulator of each side to move's view, one search
        /// thread's: the search evaluates positions a few moves apart (siblings, a grandchild
        /// after its grandparent), whose inputs differ in a few squares, so updating a recent
        /// accumulator costs a fraction of summing every active row. This is NNUE's incremental
        /// update, found by comparing inputs instead of following the moves, so neither the
        /// search nor the position need know of it. One per side: the two views of nearby
        /// positions differ in almost every input. With 32 hidden units the update
        /// measured slower than the whole sum in wasm (session 12, Ataxx's bench in Node:
        /// 1.60–1.64 M against 1.81–1.85 M nodes/s), so wasm summed every row; with 64 it is
        /// faster there too (session 13: 1.89–1.93 M against 1.83–1.84 M), as natively. The
        /// scores are the same.
        static RECENT: RefCell<[Option<Seen>; 2]> = const { RefCell::new([None, None]) };
    }
}

impl Ataxx {
    /// The shipped network's score of this position for the side to move, in centi-stones (see
    /// the module's documentation). It knows nothing of proven results; the caller checks those.
    /// Equal to the sum of every active row of [`SHIPPED`] ([`accumulate`]; computed from the
    /// thread's recent accumulators, `recent::RECENT`).
    pub fn network_score(&self) -> i32 {
        let (mover, other) = (
            self.pieces[self.side.index()],
            self.pieces[self.side.opponent().index()],
        );
        let blocks = input_blocks(mover, other, self.walls);
        let bucket = output_bucket(mover, other);
        // In AVX2 where the CPU has it: the rows' sums take sixteen `i16` lanes an instruction
        // instead of SSE2's eight (`games::cpu`). The thread-local is reached outside that copy:
        // `LocalKey::with` is not inlined, so what it calls would run without AVX2.
        recent::with_seen(self.side.index(), |seen| {
            with_avx2(
                #[inline(always)]
                || SHIPPED.output(&shipped_accumulator(&blocks, seen), bucket),
            )
        })
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
    fn the_searchs_score_from_recent_accumulators_equals_the_whole_sum() {
        use crate::game::{Game, Player};
        let score = |p: &Ataxx| {
            let (us, them) = match p.to_move() {
                Player::First => (Player::First, Player::Second),
                Player::Second => (Player::Second, Player::First),
            };
            let blocks = input_blocks(p.stones(us), p.stones(them), p.walls());
            let bucket = output_bucket(p.stones(us), p.stones(them));
            SHIPPED.output(
                &accumulate(SHIPPED.hidden_bias, SHIPPED.hidden, &blocks),
                bucket,
            )
        };
        let mut rng = crate::rng::Rng(11);
        for setup in ["", "walls:3", "walls:17"] {
            for _ in 0..20 {
                let mut pos = Ataxx::from_setup(setup).unwrap();
                let mut moves = Vec::new();
                while pos.outcome().is_none() {
                    moves.clear();
                    pos.legal_moves(&mut moves);
                    // The node, then a few children and grandchildren in a random order, as a
                    // search visits them.
                    assert_eq!(pos.network_score(), score(&pos));
                    for _ in 0..3 {
                        let mut child = pos.clone();
                        child.play(moves[rng.below(moves.len())]);
                        assert_eq!(child.network_score(), score(&child));
                        let mut replies = Vec::new();
                        child.legal_moves(&mut replies);
                        if let Some(&reply) = replies.get(rng.below(replies.len().max(1))) {
                            child.play(reply);
                            assert_eq!(child.network_score(), score(&child));
                        }
                    }
                    pos.play(moves[rng.below(moves.len())]);
                }
            }
        }
    }

    #[test]
    fn a_position_and_its_mirror_image_score_the_same() {
        let mirror =
            |bb: u64| (0..SQUARES).fold(0u64, |m, sq| m | (bb >> sq & 1) << MIRRORED_INPUT[sq]);
        let mut rng = crate::rng::Rng(8);
        for _ in 0..500 {
            let mover = rng.next_u64() & FULL;
            let other = rng.next_u64() & FULL & !mover;
            let walls = rng.next_u64() & rng.next_u64() & FULL & !(mover | other);
            let score = |m: u64, o: u64, w: u64| {
                let acc = accumulate(SHIPPED.hidden_bias, SHIPPED.hidden, &input_blocks(m, o, w));
                SHIPPED.output(&acc, output_bucket(m, o))
            };
            assert_eq!(
                score(mover, other, walls),
                score(mirror(mover), mirror(other), mirror(walls))
            );
        }
    }

    #[test]
    fn the_mirrored_input_is_the_same_ranks_square_on_the_mirrored_file() {
        for i in 0..INPUTS {
            let (block, square) = (i / SQUARES, i % SQUARES);
            let m = MIRRORED_INPUT[i] as usize;
            assert_eq!((m / SQUARES, m % SQUARES / 7), (block, square / 7));
            assert_eq!(m % SQUARES % 7, 6 - square % 7);
            assert_eq!(MIRRORED_INPUT[m] as usize, i);
        }
    }

    #[test]
    fn a_square_is_active_in_at_most_two_blocks() {
        // The overflow bound rests on it; random boards cover stones, walls and empty squares
        // beside either side.
        let mut rng = crate::rng::Rng(3);
        for _ in 0..2000 {
            let mover = rng.next_u64() & rng.next_u64() & FULL;
            let other = rng.next_u64() & rng.next_u64() & FULL & !mover;
            let walls = rng.next_u64() & rng.next_u64() & rng.next_u64() & FULL & !(mover | other);
            let mut per_square = [0; SQUARES];
            for_each_set(&input_blocks(mover, other, walls), |i| {
                per_square[i % SQUARES] += 1
            });
            assert!(per_square.iter().all(|&n| n <= 2));
            for sq in 0..SQUARES {
                let stone_or_wall = (mover | other | walls) >> sq & 1 == 1;
                assert!(!stone_or_wall || per_square[sq] >= 1);
            }
        }
    }

    #[test]
    fn no_accumulator_of_the_shipped_network_can_overflow() {
        // The extreme an accumulator can reach: its bias plus its 98 largest (or smallest)
        // weights, two a square, whatever the inputs (a looser bound than any legal position's).
        for unit in 0..STORED {
            let mut column: Vec<i32> = SHIPPED.hidden.iter().map(|r| r[unit] as i32).collect();
            column.sort_unstable();
            let bias = SHIPPED.hidden_bias[unit] as i32;
            let low = bias
                + column[..2 * SQUARES]
                    .iter()
                    .filter(|&&w| w < 0)
                    .sum::<i32>();
            let high = bias
                + column[INPUTS - 2 * SQUARES..]
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
            2 * SQUARES as i32 * i8::MAX as i32 + (HIDDEN_BIAS_LIMIT * QA as f32).round() as i32;
        assert_eq!(bound, 12_951);
    }
}
