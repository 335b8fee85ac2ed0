//! Training Ataxx's evaluation network (`games::ataxx::network`) on self-play positions. The
//! network adds a logit to the linear evaluation's (`linear score / OUTPUT_SCALE`); the sum `y`
//! predicts the label as `sigmoid(y)`, and the weights minimise the mean squared error, as the
//! linear fit does (`fit.rs`), by Adam (Kingma and Ba, 2015) on shuffled mini-batches. The label
//! blends the game's result with the self-play search's score as a winning chance, as NNUE trainers
//! do (Stockfish's `lambda`): the score tells which of two similar positions the search liked, the
//! result keeps it honest. Each position is seen in a random one of the board's eight symmetries
//! each epoch (the rules and a wall layout's meaning do not change under them). A stored unit's
//! weights get the gradients of both its evaluations, on the board and on its mirror image
//! (`games::ataxx::network`'s mirror pairs); an optional L1 penalty pulls the hidden weights the
//! data does not need to zero, which packs them smaller. Hidden weights stay within
//! ±`HIDDEN_WEIGHT_LIMIT` (so that they fit an `i8` once scaled) and hidden biases within
//! ±`HIDDEN_BIAS_LIMIT`, so the integer network cannot overflow; [`FloatNetwork::quantized`] rounds
//! them to the shipped integers.

use crate::game::Game;
use crate::games::ataxx::network::{
    accumulate, for_each_set, input_blocks, output_bucket, NetworkWeights, HIDDEN, INPUTS,
    MIRRORED_INPUT, OUTPUT_BUCKETS, OUTPUT_SCALE, QB, STORED,
};
use crate::games::ataxx::Ataxx;
use crate::games::network::SPARSE_ORDER;
use crate::games::network::{digit_point, DIGIT_BITS, HIDDEN_BIAS_LIMIT, HIDDEN_WEIGHT_LIMIT, QA};
use crate::rng::{splitmix, Rng};

/// The score, in centi-stones for the side to move, of integer `weights` on the position with
/// the side to move's stones `mover`, the other side's `other` and the walls `walls` (49-square
/// bitboards): the engine's network arithmetic, for any weights.
pub fn quantized_score(weights: &NetworkWeights, mover: u64, other: u64, walls: u64) -> i32 {
    let blocks = input_blocks(mover, other, walls);
    let bucket = output_bucket(mover, other);
    weights.output(
        &accumulate(weights.hidden_bias, weights.hidden, &blocks),
        bucket,
    )
}

/// The network's input indices active in a position (the side to move's view): calls `f` with
/// each, block by block (see [`input_blocks`]), as the trainer reads them.
#[inline(always)]
pub fn for_each_input(mover: u64, other: u64, walls: u64, f: impl FnMut(usize)) {
    for_each_set(&input_blocks(mover, other, walls), f);
}

/// `bytes` as text: least significant bit first, cut into digits of [`DIGIT_BITS`] bits, each
/// the character `digit_point(value)`; the last digit is padded with zero bits
/// (`games::network::decode_bytes` reads it back). It keeps the CodinGame bundle, which
/// counts UTF-16 code units, under its 100,000: a byte takes 0.53 of a character, where base-85
/// text took 1.25 and decimal about 3.
pub fn encode_bytes(bytes: impl IntoIterator<Item = u8>) -> String {
    let digit = |value: u32| char::from_u32(digit_point(value)).expect("a letter of the BMP");
    let mut out = String::new();
    let (mut pending, mut bits) = (0u32, 0);
    for byte in bytes {
        pending |= (byte as u32) << bits;
        bits += 8;
        if bits >= DIGIT_BITS {
            out.push(digit(pending & ((1 << DIGIT_BITS) - 1)));
            pending >>= DIGIT_BITS;
            bits -= DIGIT_BITS;
        }
    }
    if bits > 0 {
        out.push(digit(pending));
    }
    out
}

/// `weights` as a sparse stream of bytes (`games::network::decode_sparse` reads it
/// back; [`encode_bytes`] makes it text): bits least significant first, a `0` for a zero weight,
/// else a `1`, the sign (`1`: negative) and the magnitude less one in an Exp-Golomb code of order
/// `SPARSE_ORDER`, the last byte padded with zero bits. An L1-trained layer, most of it zeros,
/// takes under half its bytes. Panics on -128 (the trainers keep weights within ±127).
pub fn encode_sparse(weights: impl IntoIterator<Item = i8>) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut pending, mut bits) = (0u64, 0u32);
    let mut push = |value: u32, count: u32| {
        pending |= (value as u64 & ((1 << count) - 1)) << bits;
        bits += count;
        while bits >= 8 {
            out.push(pending as u8);
            pending >>= 8;
            bits -= 8;
        }
    };
    for w in weights {
        if w == 0 {
            push(0, 1);
            continue;
        }
        assert!(w != i8::MIN, "a weight out of range");
        push(1 | (w < 0) as u32 * 2, 2);
        // `q` zero bits, a one, then the low `q + order` bits of the shifted magnitude.
        let code = w.unsigned_abs() as u32 - 1 + (1 << SPARSE_ORDER);
        let width = 31 - code.leading_zeros();
        let q = width - SPARSE_ORDER;
        push(1 << q, q + 1);
        push(code & ((1 << width) - 1), width);
    }
    // Pad the last byte.
    push(0, 7);
    out
}

/// The hidden weights' bytes, row after row, sparse ([`encode_sparse`]; [`encode_bytes`] makes
/// them text, `games::ataxx::network::decode_hidden` reads it).
pub fn encode_hidden(rows: &[[i8; STORED]]) -> Vec<u8> {
    encode_sparse(rows.iter().flatten().copied())
}

/// The output weights as text: each as a little-endian `i16`, bucket after bucket
/// ([`encode_bytes`]; `games::ataxx::network::decode_output` reads it).
pub fn encode_output(buckets: &[[i16; STORED]]) -> String {
    encode_bytes(buckets.iter().flatten().flat_map(|&w| w.to_le_bytes()))
}

/// A training position: the side to move's stones, the other side's, the walls, and the label
/// (1 a win for the side to move, 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug)]
pub struct NetSample {
    /// The side to move's stones (49-square bitboard).
    pub mover: u64,
    /// The other side's stones.
    pub other: u64,
    /// The walls.
    pub walls: u64,
    /// The label, in `0..=1`.
    pub target: f32,
    /// The linear evaluation's score as a logit (centi-stones / `OUTPUT_SCALE`): the network
    /// learns a correction to it. The same under every symmetry (its features are).
    pub base: f32,
}

impl NetSample {
    /// The sample of `pos` labelled `target`.
    pub fn new(pos: &Ataxx, target: f32) -> NetSample {
        let side = pos.to_move();
        NetSample {
            mover: pos.stones(side),
            other: pos.stones(side.opponent()),
            walls: pos.walls(),
            target,
            base: pos.linear_score() as f32 / OUTPUT_SCALE as f32,
        }
    }

    /// The output bucket of the position (`games::ataxx::network::output_bucket`): the same
    /// under every symmetry.
    pub fn bucket(&self) -> usize {
        output_bucket(self.mover, self.other)
    }

    /// The same position under symmetry `sym` (`0..8`, see [`symmetric`]).
    pub fn symmetric(&self, sym: usize) -> NetSample {
        NetSample {
            mover: symmetric(self.mover, sym),
            other: symmetric(self.other, sym),
            walls: symmetric(self.walls, sym),
            target: self.target,
            base: self.base,
        }
    }
}

/// `bb` under the board's symmetry `sym`: bit 0 mirrors the files, bit 1 the ranks, bit 2
/// swaps files and ranks (the eight symmetries of the square).
pub fn symmetric(bb: u64, sym: usize) -> u64 {
    if sym == 0 {
        return bb;
    }
    let mut out = 0;
    let mut rest = bb;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (mut f, mut r) = (sq % 7, sq / 7);
        if sym & 1 != 0 {
            f = 6 - f;
        }
        if sym & 2 != 0 {
            r = 6 - r;
        }
        if sym & 4 != 0 {
            std::mem::swap(&mut f, &mut r);
        }
        out |= 1 << (r * 7 + f);
    }
    out
}

/// The network in floating point, as trained: the same shape as the shipped integer one (the
/// stored units; unit `u + STORED` is unit `u` on the mirrored board).
#[derive(Clone, Debug)]
pub struct FloatNetwork {
    /// `hidden[input * STORED + unit]`.
    pub hidden: Vec<f32>,
    /// The stored units' biases.
    pub hidden_bias: Vec<f32>,
    /// `output[bucket * STORED + unit]`: the output's weights of each output bucket.
    pub output: Vec<f32>,
    /// The output's bias of each bucket.
    pub output_bias: Vec<f32>,
}

/// Where output bucket `bucket`'s weights lie in [`FloatNetwork::output`].
fn bucket_row(bucket: usize) -> std::ops::Range<usize> {
    bucket * STORED..(bucket + 1) * STORED
}

/// Where input `input`'s row lies in [`FloatNetwork::hidden`].
fn input_row(input: usize) -> std::ops::Range<usize> {
    input * STORED..(input + 1) * STORED
}

/// Parameters in one flat vector for the optimiser: hidden, hidden bias, output, output bias.
const PARAMETERS: usize = INPUTS * STORED + STORED + OUTPUT_BUCKETS * (STORED + 1);

impl FloatNetwork {
    /// Small random weights from `seed` (uniform, ±0.1 for the hidden layer's, ±0.3 for the
    /// output's) and a small positive hidden bias, so that units start active.
    pub fn random(seed: u64) -> FloatNetwork {
        let mut uniform = uniform(seed);
        FloatNetwork {
            hidden: (0..INPUTS * STORED).map(|_| uniform(0.1)).collect(),
            hidden_bias: (0..STORED).map(|_| 0.2 + uniform(0.1)).collect(),
            output: (0..OUTPUT_BUCKETS * STORED).map(|_| uniform(0.3)).collect(),
            output_bias: vec![0.0; OUTPUT_BUCKETS],
        }
    }

    /// The float weights of an integer network (the engine's scales undone, see
    /// `games::ataxx::network`): `quantized` gives `weights` back exactly.
    pub fn from_weights(weights: NetworkWeights<'_>) -> FloatNetwork {
        FloatNetwork {
            hidden: unscaled(weights.hidden.iter().flatten(), QA),
            hidden_bias: unscaled(weights.hidden_bias, QA),
            output: unscaled(weights.output.iter().flatten(), QB),
            output_bias: unscaled(weights.output_bias, QA * QB),
        }
    }

    /// All weights zero: it adds nothing to the linear evaluation (its loss is the linear
    /// evaluation's).
    pub fn zero() -> FloatNetwork {
        FloatNetwork {
            hidden: vec![0.0; INPUTS * STORED],
            hidden_bias: vec![0.0; STORED],
            output: vec![0.0; OUTPUT_BUCKETS * STORED],
            output_bias: vec![0.0; OUTPUT_BUCKETS],
        }
    }

    /// The hidden sums: the stored units' (`..STORED`), then their mirror images'.
    fn accumulate(&self, s: &NetSample) -> [f32; HIDDEN] {
        let mut acc = [0f32; HIDDEN];
        let (units, images) = acc.split_at_mut(STORED);
        units.copy_from_slice(&self.hidden_bias);
        images.copy_from_slice(&self.hidden_bias);
        for_each_input(s.mover, s.other, s.walls, |i| {
            let mirrored = MIRRORED_INPUT[i] as usize;
            for (a, w) in units.iter_mut().zip(&self.hidden[input_row(i)]) {
                *a += *w;
            }
            for (a, w) in images.iter_mut().zip(&self.hidden[input_row(mirrored)]) {
                *a += *w;
            }
        });
        acc
    }

    /// The output logit for `s` (the predicted result is `sigmoid` of it).
    pub fn logit(&self, s: &NetSample) -> f32 {
        self.output_logit(s, s.bucket(), &self.accumulate(s))
    }

    /// The output logit for `s`, of output bucket `bucket`, from its hidden accumulators `acc`.
    fn output_logit(&self, s: &NetSample, bucket: usize, acc: &[f32; HIDDEN]) -> f32 {
        let mut y = s.base + self.output_bias[bucket];
        let weights = &self.output[bucket_row(bucket)];
        for (a, w) in acc.iter().zip(weights.iter().cycle()) {
            let c = a.clamp(0.0, 1.0);
            y += c * c * w;
        }
        y
    }

    /// Adds the gradient of `s`'s squared error to `grad` (laid out as [`PARAMETERS`]) and
    /// returns the error.
    fn backward(&self, s: &NetSample, grad: &mut [f32]) -> f32 {
        let acc = self.accumulate(s);
        let bucket = s.bucket();
        let p = sigmoid(self.output_logit(s, bucket, &acc));
        let g = 2.0 * (p - s.target) * p * (1.0 - p);
        let (hidden, rest) = grad.split_at_mut(INPUTS * STORED);
        let (hidden_bias, rest) = rest.split_at_mut(STORED);
        let (output, output_bias) = rest.split_at_mut(OUTPUT_BUCKETS * STORED);
        output_bias[bucket] += g;
        let (output, weights) = (
            &mut output[bucket_row(bucket)],
            &self.output[bucket_row(bucket)],
        );
        let mut dacc = [0f32; HIDDEN];
        for j in 0..HIDDEN {
            // Unit `j` and its pair share the stored unit's parameters.
            let stored = j % STORED;
            let active = acc[j] > 0.0 && acc[j] < 1.0;
            let c = acc[j].clamp(0.0, 1.0);
            output[stored] += g * c * c;
            dacc[j] = if active {
                g * weights[stored] * 2.0 * c
            } else {
                0.0
            };
            hidden_bias[stored] += dacc[j];
        }
        let (units, images) = dacc.split_at(STORED);
        for_each_input(s.mover, s.other, s.walls, |i| {
            for (d, a) in hidden[input_row(i)].iter_mut().zip(units) {
                *d += *a;
            }
            let mirrored = MIRRORED_INPUT[i] as usize;
            for (d, a) in hidden[input_row(mirrored)].iter_mut().zip(images) {
                *d += *a;
            }
        });
        (p - s.target) * (p - s.target)
    }

    fn parameters_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.hidden
            .iter_mut()
            .chain(self.hidden_bias.iter_mut())
            .chain(self.output.iter_mut())
            .chain(self.output_bias.iter_mut())
    }

    /// The integer network (scaled by `QA` and `QB`, see `games::ataxx::network`).
    pub fn quantized(&self) -> QuantizedNetwork {
        let q = |w: f32, scale: i32| (w * scale as f32).round() as i16;
        let mut hidden = Box::new([[0i8; STORED]; INPUTS]);
        for (i, row) in hidden.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                // Training keeps |w| <= 127 / QA; the clamp only absorbs float rounding there.
                *w = q(self.hidden[i * STORED + j], QA).clamp(-127, 127) as i8;
            }
        }
        let hidden_bias = std::array::from_fn(|j| q(self.hidden_bias[j], QA));
        let output = std::array::from_fn(|b| {
            let row = &self.output[bucket_row(b)];
            // Kept as `i16`: a weight of 32 or more (none has come near 3) is clamped.
            std::array::from_fn(|j| {
                let w = (row[j] * QB as f32).round();
                w.clamp(i16::MIN as f32, i16::MAX as f32) as i16
            })
        });
        let output_bias =
            std::array::from_fn(|b| (self.output_bias[b] * (QA * QB) as f32).round() as i32);
        QuantizedNetwork {
            hidden,
            hidden_bias,
            output,
            output_bias,
        }
    }
}

/// The integer network, owned (see [`NetworkWeights`] for the borrowed form the engine uses).
pub struct QuantizedNetwork {
    /// `hidden[input]`: the stored units' weights, each within ±127.
    pub hidden: Box<[[i8; STORED]; INPUTS]>,
    /// The stored units' biases.
    pub hidden_bias: [i16; STORED],
    /// `output[bucket]`: the stored units' output weights in each output bucket, scaled by `QB`.
    pub output: [[i16; STORED]; OUTPUT_BUCKETS],
    /// The output's bias of each bucket, scaled by `QA × QB`.
    pub output_bias: [i32; OUTPUT_BUCKETS],
}

impl QuantizedNetwork {
    /// The weights as the engine reads them.
    pub fn weights(&self) -> NetworkWeights<'_> {
        NetworkWeights {
            hidden: &self.hidden,
            hidden_bias: &self.hidden_bias,
            output: &self.output,
            output_bias: &self.output_bias,
        }
    }

    /// The Rust source of `src/games/ataxx/network_weights.rs`, with `provenance` (lines of how
    /// it was made) in its header comment.
    pub fn source(&self, provenance: &[String]) -> String {
        let mut s = String::from(
            "//! The evaluation network's weights (`network.rs` gives the shape and the scales).\n\
             //! Written by `boardlab tune ataxx --model network` (do not edit by hand):\n",
        );
        for line in provenance {
            s.push_str(&format!("//! {line}\n"));
        }
        fn row<T: ToString>(values: &[T]) -> String {
            let items: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            // No spaces: the CodinGame bundle must stay under 100,000 characters.
            format!("[{}]", items.join(","))
        }
        s.push_str(
            "\nuse super::network::{decode_hidden, decode_output, INPUTS, OUTPUT_BUCKETS, STORED};\n\n",
        );
        s.push_str(
            "/// `HIDDEN_WEIGHTS[input]`: the row an active input adds to the stored units, scaled by\n\
             /// `QA`, packed sparse as text (`tune::network::encode_hidden`).\n",
        );
        let bytes = encode_hidden(&self.hidden[..]);
        s.push_str(&format!(
            "#[rustfmt::skip]\npub const HIDDEN_WEIGHTS: [[i8; STORED]; INPUTS] = decode_hidden::<{}>(\"\\\n",
            bytes.len()
        ));
        push_text(&mut s, &encode_bytes(bytes));
        s.push_str("\n/// The stored units' biases, scaled by `QA`.\n");
        s.push_str(&format!(
            "#[rustfmt::skip]\npub const HIDDEN_BIAS: [i16; STORED] = {};\n\n",
            row(&self.hidden_bias)
        ));
        s.push_str(
            "/// `OUTPUT_WEIGHTS[bucket]`: the output's weight of each stored unit in each output\n\
             /// bucket, scaled by `QB`, packed as text (`tune::network::encode_output`).\n",
        );
        s.push_str(
            "#[rustfmt::skip]\npub const OUTPUT_WEIGHTS: [[i16; STORED]; OUTPUT_BUCKETS] = decode_output(\"\\\n",
        );
        push_text(&mut s, &encode_output(&self.output));
        s.push('\n');
        s.push_str("/// The output's bias of each bucket, scaled by `QA × QB`.\n");
        s.push_str(&format!(
            "#[rustfmt::skip]\npub const OUTPUT_BIAS: [i32; OUTPUT_BUCKETS] = {};\n",
            row(&self.output_bias)
        ));
        s
    }
}

/// Appends a weights' `text` to the source `s`, then the string's end and the call's: LINE
/// digits a line, each line continued with a backslash, which also drops the next line's
/// indentation.
pub(crate) fn push_text(s: &mut String, text: &str) {
    const LINE: usize = 64;
    let digits: Vec<char> = text.chars().collect();
    for (k, line) in digits.chunks(LINE).enumerate() {
        let last = (k + 1) * LINE >= digits.len();
        s.extend(line);
        s.push_str(if last { "\");\n" } else { "\\\n" });
    }
}

/// Draws from `seed`: each call `uniform(a)` is uniform in `-a..a`.
pub(crate) fn uniform(seed: u64) -> impl FnMut(f32) -> f32 {
    let mut rng = Rng(splitmix(seed));
    move |a: f32| (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 * a - a
}

/// Adam's step size in epoch `epoch` (1-based) of `epochs`: `base`, a tenth of it for the last
/// quarter.
pub(crate) fn epoch_rate(base: f32, epoch: usize, epochs: usize) -> f32 {
    if epoch * 4 > epochs * 3 {
        base / 10.0
    } else {
        base
    }
}

/// Shuffles `order` in place (Fisher-Yates).
pub(crate) fn shuffle(order: &mut [usize], rng: &mut Rng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
}

/// The logistic function: a logit's winning chance.
pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Adam's moment estimates for a flat vector of parameters (Kingma and Ba, 2015: β1 0.9, β2
/// 0.999, ε 1e-8).
pub(crate) struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    steps: i32,
}

impl Adam {
    /// Zero moments for `len` parameters.
    pub(crate) fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            steps: 0,
        }
    }

    /// One step of size `lr` for `params` (the same order and count as [`Adam::new`]'s): the
    /// `k`-th moves by its bias-corrected moments of the gradient `grad(k)`. The first
    /// `hidden_weights` parameters then stay within ±`HIDDEN_WEIGHT_LIMIT` and the next
    /// `hidden_biases` within ±`HIDDEN_BIAS_LIMIT` (`games::network`).
    pub(crate) fn step<'a>(
        &mut self,
        params: impl Iterator<Item = &'a mut f32>,
        grad: impl Fn(usize) -> f32,
        lr: f32,
        (hidden_weights, hidden_biases): (usize, usize),
    ) {
        let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        self.steps += 1;
        let (c1, c2) = (1.0 - beta1.powi(self.steps), 1.0 - beta2.powi(self.steps));
        for (k, w) in params.enumerate() {
            let g = grad(k);
            self.m[k] = beta1 * self.m[k] + (1.0 - beta1) * g;
            self.v[k] = beta2 * self.v[k] + (1.0 - beta2) * g * g;
            *w -= lr * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + eps);
            if k < hidden_weights {
                *w = w.clamp(-HIDDEN_WEIGHT_LIMIT, HIDDEN_WEIGHT_LIMIT);
            } else if k < hidden_weights + hidden_biases {
                *w = w.clamp(-HIDDEN_BIAS_LIMIT, HIDDEN_BIAS_LIMIT);
            }
        }
    }
}

/// How the network is trained.
#[derive(Clone, Copy, Debug)]
pub struct TrainConfig {
    /// Passes over the training data.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size; it drops to a tenth for the last quarter of the epochs.
    pub learning_rate: f32,
    /// Threads computing a batch's gradient.
    pub threads: usize,
    /// Seed of the initial weights, the shuffles and the symmetries.
    pub seed: u64,
    /// The L1 penalty on the hidden weights, per unit of weight (0: none).
    pub l1: f32,
    /// Start from the shipped network's weights (`games::ataxx::network::SHIPPED`) instead of
    /// random ones: training then refines it on new games.
    pub from_shipped: bool,
}

/// Integer weights at `scale` (`QA`, `QB` or their product) as the floats they were rounded from:
/// the start of a refinement (`--from-shipped`), for both games' networks.
pub fn unscaled<'a, T>(weights: impl IntoIterator<Item = &'a T>, scale: i32) -> Vec<f32>
where
    T: Copy + Into<i32> + 'a,
{
    weights
        .into_iter()
        .map(|&w| w.into() as f32 / scale as f32)
        .collect()
}

/// The mean squared error of `net` on `data` (each position as given, no symmetry).
pub fn float_loss(net: &FloatNetwork, data: &[NetSample]) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|s| {
            let e = sigmoid(net.logit(s)) - s.target;
            (e * e) as f64
        })
        .sum();
    sum / data.len().max(1) as f64
}

/// The mean squared error of the integer network on `data`, its score read back as a winning
/// chance on the engine's own scale (`sigmoid(score / OUTPUT_SCALE)`).
pub fn quantized_loss(net: NetworkWeights<'_>, data: &[NetSample]) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|s| {
            let score = (quantized_score(&net, s.mover, s.other, s.walls) as f32
                + (s.base * OUTPUT_SCALE as f32).round()) as f64;
            let e = 1.0 / (1.0 + (-score / OUTPUT_SCALE as f64).exp()) - s.target as f64;
            e * e
        })
        .sum();
    sum / data.len().max(1) as f64
}

/// Trains a network on `train`, calling `on_epoch(epoch, training loss)` after each epoch
/// (1-based). Errors: no training data.
pub fn train(
    train: &[NetSample],
    config: &TrainConfig,
    on_epoch: &mut dyn FnMut(usize, f64, &FloatNetwork),
) -> Result<FloatNetwork, String> {
    if train.is_empty() {
        return Err("no training positions".into());
    }
    let mut net = if config.from_shipped {
        FloatNetwork::from_weights(crate::games::ataxx::network::SHIPPED)
    } else {
        FloatNetwork::random(config.seed)
    };
    let mut adam = Adam::new(PARAMETERS);
    let mut rng = Rng(splitmix(config.seed ^ 0x5eed));
    let mut order: Vec<usize> = (0..train.len()).collect();
    let threads = config.threads.max(1);
    let mut grads = vec![vec![0f32; PARAMETERS]; threads];
    for epoch in 1..=config.epochs {
        let lr = epoch_rate(config.learning_rate, epoch, config.epochs);
        shuffle(&mut order, &mut rng);
        let mut epoch_loss = 0f64;
        for batch in order.chunks(config.batch.max(1)) {
            let syms: Vec<usize> = batch.iter().map(|_| rng.below(8)).collect();
            let per = batch.len().div_ceil(threads);
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let net = &net;
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(per).zip(syms.chunks(per)))
                    .map(|(grad, (part, part_syms))| {
                        scope.spawn(move || {
                            grad.fill(0.0);
                            let mut loss = 0f64;
                            for (&i, &sym) in part.iter().zip(part_syms) {
                                loss += net.backward(&train[i].symmetric(sym), grad) as f64;
                            }
                            loss
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("no gradient thread panics"))
                    .collect()
            });
            epoch_loss += losses.iter().sum::<f64>();
            let used = batch.len().div_ceil(per);
            let scale = 1.0 / batch.len() as f32;
            let hidden = net.hidden.clone();
            // The L1 penalty's gradient on the hidden weights.
            let l1 = |k: usize| match hidden.get(k) {
                Some(&w) if w != 0.0 => config.l1 * w.signum(),
                _ => 0.0,
            };
            adam.step(
                net.parameters_mut(),
                |k| grads[..used].iter().map(|grad| grad[k]).sum::<f32>() * scale + l1(k),
                lr,
                (INPUTS * STORED, STORED),
            );
        }
        on_epoch(epoch, epoch_loss / train.len() as f64, &net);
    }
    Ok(net)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::network::decode_bytes;
    use crate::games::network::decode_sparse;

    #[test]
    fn sparse_bytes_read_back_as_the_weights_they_were_written_from() {
        // Every magnitude, both signs, and long runs of zeros, as an L1-trained layer has.
        let mut weights: Vec<i8> = (-127..=127).collect();
        let mut rng = Rng(11);
        weights.extend((0..745).map(|_| match rng.below(4) {
            0 => (rng.below(255) as i32 - 127) as i8,
            _ => 0,
        }));
        let weights: [i8; 1000] = weights.try_into().unwrap();
        assert_eq!(decode_sparse::<1000>(&encode_sparse(weights)), weights);
        // Zeros take a bit each: 1,000 of them fit 125 bytes.
        assert_eq!(encode_sparse([0i8; 1000]).len(), 125);
    }

    #[test]
    fn byte_text_reads_back_as_its_bytes() {
        let bytes: [u8; 256] = std::array::from_fn(|i| i as u8);
        assert_eq!(decode_bytes::<256>(&encode_bytes(bytes)), bytes);
    }

    #[test]
    fn the_eight_symmetries_are_distinct_and_keep_the_stone_count() {
        let bb = 1u64 | 1 << 8 | 1 << 20; // a1, b2, g3
        let images: Vec<u64> = (0..8).map(|s| symmetric(bb, s)).collect();
        for (i, a) in images.iter().enumerate() {
            assert_eq!(a.count_ones(), 3);
            for b in &images[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // The corner a1 goes to each of the four corners.
        let corners: u64 = (0..8).map(|s| symmetric(1, s)).fold(0, |a, b| a | b);
        assert_eq!(corners, 1 | 1 << 6 | 1 << 42 | 1 << 48);
    }

    #[test]
    fn the_integer_network_scores_as_the_float_one_within_rounding() {
        // Rounding each hidden weight to 1/255 moves a unit by up to ~0.1 over 49 inputs: a
        // few centi-stones on average. A wrong layout or scale would be off by hundreds.
        let net = FloatNetwork::random(3);
        let q = net.quantized();
        let mut rng = Rng(7);
        let mut total = 0.0;
        for _ in 0..200 {
            let a = rng.next_u64() & crate::games::ataxx::FULL;
            let b = rng.next_u64() & crate::games::ataxx::FULL & !a;
            let walls = rng.next_u64() & rng.next_u64() & crate::games::ataxx::FULL & !(a | b);
            let s = NetSample {
                mover: a,
                other: b,
                walls,
                target: 0.5,
                base: 0.0,
            };
            let float = net.logit(&s) * OUTPUT_SCALE as f32;
            let int = quantized_score(&q.weights(), a, b, walls) as f32;
            assert!((float - int).abs() < 40.0, "float {float} vs integer {int}");
            total += (float - int).abs();
        }
        assert!(total / 200.0 < 10.0, "mean error {}", total / 200.0);
    }

    #[test]
    fn the_hidden_weights_text_reads_back_as_the_weights_it_was_written_from() {
        use crate::games::ataxx::network::decode_hidden;
        // Magnitudes 1 to 4 of both signs, in a scrambled order: each takes 5 bits sparse (a
        // `1`, the sign, a `1` and two bits of the Exp-Golomb code of order 2).
        let mut rows = vec![[0i8; STORED]; INPUTS];
        for (k, w) in rows.iter_mut().flatten().enumerate() {
            *w = [1, -2, 3, -4, -1, 2, -3, 4][k.wrapping_mul(97) % 8];
        }
        const BYTES: usize = INPUTS * STORED * 5 / 8;
        let bytes = encode_hidden(&rows);
        assert_eq!(bytes.len(), BYTES);
        let text = encode_bytes(bytes);
        // 15 bits a character.
        assert_eq!(text.chars().count(), (BYTES * 8).div_ceil(15));
        // Each character is one UTF-16 code unit, as CodinGame counts a submission.
        assert_eq!(text.encode_utf16().count(), text.chars().count());
        let letters = |c: &char| {
            ('\u{3400}'..='\u{9FFF}').contains(c) || ('\u{AC00}'..='\u{BFFF}').contains(c)
        };
        assert!(text.chars().all(|c| letters(&c)));
        // Every digit value is such a letter, a different one for each value.
        let points: Vec<u32> = (0..1 << 15).map(digit_point).collect();
        assert!(points.windows(2).all(|p| p[0] < p[1]));
        assert!(points.iter().all(|&p| letters(&char::from_u32(p).unwrap())));
        assert_eq!(decode_hidden::<BYTES>(&text).to_vec(), rows);
        // The line breaks and indentation a source file may put in are skipped.
        let chars: Vec<char> = text.chars().collect();
        let wrapped: String = chars
            .chunks(40)
            .map(|c| format!("    {}\n", c.iter().collect::<String>()))
            .collect();
        assert_eq!(decode_hidden::<BYTES>(&wrapped).to_vec(), rows);
    }

    #[test]
    fn the_output_weights_text_reads_back_as_the_weights_it_was_written_from() {
        use crate::games::ataxx::network::decode_output;
        let mut buckets = [[0i16; STORED]; OUTPUT_BUCKETS];
        for (k, w) in buckets.iter_mut().flatten().enumerate() {
            *w = ((k as i32 * 7919) % 65536 - 32768) as i16;
        }
        buckets[0][0] = i16::MIN;
        buckets[OUTPUT_BUCKETS - 1][STORED - 1] = i16::MAX;
        assert_eq!(decode_output(&encode_output(&buckets)), buckets);
    }

    #[test]
    #[should_panic(expected = "weights missing")]
    fn a_weights_text_one_digit_short_is_refused() {
        let text = encode_bytes(encode_hidden(&vec![[0i8; STORED]; INPUTS]));
        let mut short = text.chars();
        short.next_back();
        // A zero weight takes a bit.
        crate::games::ataxx::network::decode_hidden::<{ INPUTS * STORED / 8 }>(short.as_str());
    }

    #[test]
    #[should_panic(expected = "weights missing")]
    fn sparse_weights_one_byte_short_are_refused() {
        let bytes = encode_sparse([-5i8; 100]);
        decode_sparse::<100>(&bytes[..bytes.len() - 1]);
    }

    #[test]
    #[should_panic(expected = "too many weight bytes")]
    fn sparse_weights_one_byte_long_are_refused() {
        let mut bytes = encode_sparse([-5i8; 100]);
        bytes.push(1);
        decode_sparse::<100>(&bytes);
    }

    #[test]
    #[should_panic(expected = "not a weight digit")]
    fn an_ascii_character_in_the_weights_text_is_refused() {
        let text = encode_bytes(encode_hidden(&vec![[0i8; STORED]; INPUTS]));
        crate::games::ataxx::network::decode_hidden::<{ INPUTS * STORED / 8 }>(&format!("x{text}"));
    }

    #[test]
    #[should_panic(expected = "not a weight digit")]
    fn a_letter_between_the_two_ranges_of_digits_is_refused() {
        // U+A000 is a Yi syllable, just past the last ideograph and before the Hangul.
        let text = encode_bytes(encode_hidden(&vec![[0i8; STORED]; INPUTS]));
        let mut chars: Vec<char> = text.chars().collect();
        chars[7] = '\u{A000}';
        crate::games::ataxx::network::decode_hidden::<{ INPUTS * STORED / 8 }>(
            &chars.into_iter().collect::<String>(),
        );
    }

    /// Positions of `n` random boards whose label is "the side with more stones wins".
    fn counting_data(n: usize) -> Vec<NetSample> {
        let mut rng = Rng(11);
        (0..n)
            .map(|_| {
                let a = rng.next_u64() & crate::games::ataxx::FULL;
                let b = rng.next_u64() & crate::games::ataxx::FULL & !a;
                let target = if a.count_ones() > b.count_ones() {
                    1.0
                } else {
                    0.0
                };
                NetSample {
                    mover: a,
                    other: b,
                    walls: 0,
                    target,
                    base: 0.0,
                }
            })
            .collect()
    }

    #[test]
    fn training_keeps_the_hidden_weights_and_biases_within_their_limits() {
        // A step size far too large drives weights to the limits within a few batches.
        let config = TrainConfig {
            epochs: 2,
            batch: 64,
            learning_rate: 0.5,
            threads: 2,
            seed: 1,
            l1: 0.0,
            from_shipped: false,
        };
        let net = train(&counting_data(2000), &config, &mut |_, _, _| {}).unwrap();
        let hidden_max = net.hidden.iter().fold(0f32, |m, w| m.max(w.abs()));
        assert!(
            hidden_max <= HIDDEN_WEIGHT_LIMIT,
            "hidden weight {hidden_max}"
        );
        assert!(
            hidden_max >= HIDDEN_WEIGHT_LIMIT * 0.99,
            "the limit was never reached"
        );
        let bias_max = net.hidden_bias.iter().fold(0f32, |m, w| m.max(w.abs()));
        assert!(bias_max <= HIDDEN_BIAS_LIMIT, "hidden bias {bias_max}");
        let q = net.quantized();
        assert!(q.hidden.iter().flatten().any(|w| w.abs() == 127));
    }

    #[test]
    fn the_written_source_declares_i8_weights_and_writes_them_within_range() {
        let mut net = FloatNetwork::random(5);
        // At the limit, and a little past it (as float rounding could leave a weight).
        net.hidden[0] = HIDDEN_WEIGHT_LIMIT;
        net.hidden[1] = -HIDDEN_WEIGHT_LIMIT;
        net.hidden[2] = HIDDEN_WEIGHT_LIMIT * 1.001;
        net.hidden_bias[0] = HIDDEN_BIAS_LIMIT;
        let q = net.quantized();
        assert_eq!(&q.hidden[0][..3], &[127, -127, 127]);
        assert_eq!(q.hidden_bias[0], 505);
        let source = q.source(&[]);
        let bytes = encode_hidden(&q.hidden[..]);
        let opening = format!(
            "pub const HIDDEN_WEIGHTS: [[i8; STORED]; INPUTS] = decode_hidden::<{}>(\"\\\n",
            bytes.len()
        );
        let start = source
            .find(&opening)
            .expect("the hidden weights are declared i8, with their byte count")
            + opening.len();
        let end = start + source[start..].find("\");").unwrap();
        // Rust's string continuation: a backslash at a line's end drops the line break.
        let text = source[start..end].replace("\\\n", "");
        assert_eq!(text.lines().count(), 1);
        assert_eq!(text, encode_bytes(bytes.iter().copied()));
        let read = decode_sparse::<{ INPUTS * STORED }>(&bytes);
        assert!(q.hidden.iter().flatten().eq(read.iter()));
    }

    #[test]
    fn the_float_network_scores_a_position_and_its_mirror_image_alike() {
        // Symmetry 1 mirrors the files, as a stored unit's image sees the board.
        let net = FloatNetwork::random(4);
        for s in counting_data(300) {
            let (a, b) = (net.logit(&s), net.logit(&s.symmetric(1)));
            assert!((a - b).abs() < 1e-4, "{a} against its mirror image's {b}");
        }
    }

    #[test]
    fn the_shipped_networks_float_weights_quantize_back_to_it() {
        let shipped = crate::games::ataxx::network::SHIPPED;
        let q = FloatNetwork::from_weights(shipped).quantized();
        assert!(q.hidden.iter().eq(shipped.hidden.iter()));
        assert_eq!(&q.hidden_bias, shipped.hidden_bias);
        assert_eq!(&q.output, shipped.output);
        assert_eq!(&q.output_bias, shipped.output_bias);
    }

    #[test]
    fn an_l1_penalty_sets_more_hidden_weights_to_zero() {
        let zeros = |l1: f32| {
            let config = TrainConfig {
                epochs: 4,
                batch: 256,
                learning_rate: 0.01,
                threads: 2,
                seed: 1,
                l1,
                from_shipped: false,
            };
            let net = train(&counting_data(2000), &config, &mut |_, _, _| {}).unwrap();
            let q = net.quantized();
            q.hidden.iter().flatten().filter(|&&w| w == 0).count()
        };
        let (plain, penalised) = (zeros(0.0), zeros(0.01));
        assert!(
            penalised > plain * 2,
            "{plain} zeros without, {penalised} with"
        );
    }

    #[test]
    fn training_lowers_the_error_on_a_learnable_rule() {
        // The side with more stones wins: a network must learn to count.
        let data = counting_data(4000);
        let config = TrainConfig {
            epochs: 8,
            batch: 256,
            learning_rate: 0.01,
            threads: 2,
            seed: 1,
            l1: 0.0,
            from_shipped: false,
        };
        let before = float_loss(&FloatNetwork::random(1), &data);
        let net = train(&data, &config, &mut |_, _, _| {}).unwrap();
        let after = float_loss(&net, &data);
        assert!(after < before * 0.5, "loss {before} -> {after}");
        assert!(quantized_loss(net.quantized().weights(), &data) < before * 0.5);
    }
}
