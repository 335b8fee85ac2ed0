//! Training Connect 4's evaluation network (`games::connect4::network`) on positions labelled
//! by the exact solver (`connect4.rs`). Everything is seen from role A's side (the player who
//! moves when the chip count is even, `games::connect4::features`): the label is A's result and
//! the network adds a logit to the linear evaluation's (`A's linear score / OUTPUT_SCALE`). The
//! sum predicts the label as its sigmoid; the weights minimise the mean squared error by Adam
//! on shuffled mini-batches (`network.rs`' optimiser, as for Ataxx's network), each position
//! seen as it is or mirrored (the rules do not change under the mirror), at random, each epoch.
//! Hidden weights and biases stay within the limits that let the integer network's `i16` sums
//! not overflow; [`FloatNetwork::quantized`] rounds them to the shipped integers.

use super::network::{
    encode_bytes, encode_sparse, epoch_rate, push_text, shuffle, sigmoid, uniform, unscaled, Adam,
};
use crate::games::connect4::network::{
    for_each_input, NetworkWeights, BLOCKS, HIDDEN, INPUTS, MIRRORED_INPUT, QB, STORED,
};
use crate::games::connect4::weights::WEIGHTS;
use crate::games::connect4::Connect4Cg;
use crate::games::network::QA;
use crate::rng::{splitmix, Rng};

/// A training position from role A's side.
#[derive(Clone, Copy, Debug)]
pub struct NetSample {
    /// A's chips, B's chips, A's threats, B's threats (9 x 7 bitboards in the game's packed
    /// layout).
    pub blocks: [u64; BLOCKS],
    /// A's result: 1 a win, 0.5 a draw, 0 a loss.
    pub target: f32,
    /// The shipped linear evaluation from A's side, in evaluation units (the network's logit is
    /// added to it divided by the output scale). The same under the mirror.
    pub linear: i32,
}

impl NetSample {
    /// The sample of `pos` whose side to move's result is `result`.
    pub fn new(pos: &Connect4Cg, result: f32) -> NetSample {
        let roles = pos.roles();
        let linear = pos.role_weighed(&roles, &WEIGHTS);
        let sign = if roles.a_to_move { 1 } else { -1 };
        NetSample {
            blocks: [roles.a, roles.b, roles.ta, roles.tb],
            target: if roles.a_to_move {
                result
            } else {
                1.0 - result
            },
            linear: sign * linear,
        }
    }

    /// The same position with the columns mirrored.
    pub fn mirrored(&self) -> NetSample {
        NetSample {
            blocks: self.blocks.map(mirror),
            ..*self
        }
    }
}

/// `bits` (a 9 x 7 board in the game's packed layout, 7 bits a column) with its columns in
/// reverse order.
pub fn mirror(bits: u64) -> u64 {
    (0..9).fold(0, |out, c| {
        out | ((bits >> (7 * c)) & 0x7F) << (7 * (8 - c))
    })
}

/// The network in floating point, as trained: the shape of the shipped integer one, its
/// [`STORED`] units each evaluated on the board and on its mirror image (units `u` and
/// `u + STORED` of the hidden sums).
#[derive(Clone, Debug)]
pub struct FloatNetwork {
    /// `hidden[input * STORED + unit]`.
    pub hidden: Vec<f32>,
    /// The stored units' biases.
    pub hidden_bias: Vec<f32>,
    /// The output's weight of each stored unit.
    pub output: Vec<f32>,
    /// The output's bias.
    pub output_bias: f32,
}

/// Parameters in one flat vector for the optimiser: hidden, hidden bias, output, output bias.
const PARAMETERS: usize = INPUTS * STORED + STORED + STORED + 1;

impl FloatNetwork {
    /// Small random weights from `seed` (uniform, ±0.1 for the hidden layer's, ±0.3 for the
    /// output's) and a small positive hidden bias, so that units start active.
    pub fn random(seed: u64) -> FloatNetwork {
        let mut uniform = uniform(seed);
        FloatNetwork {
            hidden: (0..INPUTS * STORED).map(|_| uniform(0.1)).collect(),
            hidden_bias: (0..STORED).map(|_| 0.2 + uniform(0.1)).collect(),
            output: (0..STORED).map(|_| uniform(0.3)).collect(),
            output_bias: 0.0,
        }
    }

    /// The float network whose quantized form is `weights` (each weight divided by its scale,
    /// `QA`, `QB` or `QA × QB`): the start of a refinement (`--from-shipped`).
    pub fn from_weights(weights: NetworkWeights<'_>) -> FloatNetwork {
        FloatNetwork {
            hidden: unscaled(weights.hidden.iter().flatten(), QA),
            hidden_bias: unscaled(weights.hidden_bias, QA),
            output: unscaled(weights.output, QB),
            output_bias: weights.output_bias as f32 / (QA * QB) as f32,
        }
    }

    /// The stored units' row of input `input`.
    fn row(&self, input: usize) -> &[f32] {
        &self.hidden[input * STORED..(input + 1) * STORED]
    }

    /// The hidden sums: the stored units' (`..STORED`), then their mirror images'.
    fn accumulate(&self, s: &NetSample) -> [f32; HIDDEN] {
        let mut acc = [0f32; HIDDEN];
        acc[..STORED].copy_from_slice(&self.hidden_bias);
        acc[STORED..].copy_from_slice(&self.hidden_bias);
        for_each_input(&s.blocks, |i| {
            let (units, images) = acc.split_at_mut(STORED);
            for (a, w) in units.iter_mut().zip(self.row(i)) {
                *a += *w;
            }
            for (a, w) in images.iter_mut().zip(self.row(MIRRORED_INPUT[i] as usize)) {
                *a += *w;
            }
        });
        acc
    }

    /// The network's logit for `s` from A's side (without the linear evaluation's).
    pub fn logit(&self, s: &NetSample) -> f32 {
        self.output_logit(&self.accumulate(s))
    }

    fn output_logit(&self, acc: &[f32; HIDDEN]) -> f32 {
        let squares = acc.iter().map(|a| a.clamp(0.0, 1.0).powi(2));
        let weights = self.output.iter().chain(&self.output);
        self.output_bias + squares.zip(weights).map(|(c, w)| c * w).sum::<f32>()
    }

    /// Adds the gradient of `s`'s squared error, with the linear evaluation's logit `base`, to
    /// `grad` (laid out as [`PARAMETERS`]) and returns the error.
    fn backward(&self, s: &NetSample, base: f32, grad: &mut [f32]) -> f32 {
        let acc = self.accumulate(s);
        let p = sigmoid(base + self.output_logit(&acc));
        let g = 2.0 * (p - s.target) * p * (1.0 - p);
        let (hidden, rest) = grad.split_at_mut(INPUTS * STORED);
        let (hidden_bias, rest) = rest.split_at_mut(STORED);
        let (output, output_bias) = rest.split_at_mut(STORED);
        output_bias[0] += g;
        // A stored unit's parameters get the gradients of both its evaluations.
        let mut dacc = [0f32; HIDDEN];
        for j in 0..HIDDEN {
            let unit = j % STORED;
            let c = acc[j].clamp(0.0, 1.0);
            output[unit] += g * c * c;
            if acc[j] > 0.0 && acc[j] < 1.0 {
                dacc[j] = g * self.output[unit] * 2.0 * c;
                hidden_bias[unit] += dacc[j];
            }
        }
        let (units, images) = dacc.split_at(STORED);
        for_each_input(&s.blocks, |i| {
            let mirrored = MIRRORED_INPUT[i] as usize;
            for (d, a) in hidden[i * STORED..(i + 1) * STORED].iter_mut().zip(units) {
                *d += *a;
            }
            for (d, a) in hidden[mirrored * STORED..(mirrored + 1) * STORED]
                .iter_mut()
                .zip(images)
            {
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
            .chain(std::iter::once(&mut self.output_bias))
    }

    /// The integer network (scaled by `QA` and `QB`), scoring `output_scale` evaluation units
    /// per unit of logit.
    pub fn quantized(&self, output_scale: i32) -> QuantizedNetwork {
        let q = |w: f32, scale: i32| (w * scale as f32).round();
        let mut hidden = Box::new([[0i8; STORED]; INPUTS]);
        for (i, row) in hidden.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                // Training keeps |w| <= 127 / QA; the clamp only absorbs float rounding there.
                *w = q(self.hidden[i * STORED + j], QA).clamp(-127.0, 127.0) as i8;
            }
        }
        QuantizedNetwork {
            hidden,
            hidden_bias: std::array::from_fn(|j| q(self.hidden_bias[j], QA) as i16),
            // Kept within `i16`: an output weight of 32 or more is clamped.
            output: std::array::from_fn(|j| q(self.output[j], QB).clamp(-32768.0, 32767.0) as i16),
            output_bias: q(self.output_bias, QA * QB) as i32,
            output_scale,
        }
    }
}

/// The integer network, owned (see [`NetworkWeights`] for the borrowed form the engine uses).
pub struct QuantizedNetwork {
    /// `hidden[input]`, the stored units' weights, each within ±127.
    pub hidden: Box<[[i8; STORED]; INPUTS]>,
    /// The stored units' biases.
    pub hidden_bias: [i16; STORED],
    /// The output's weight of each stored unit, scaled by `QB`.
    pub output: [i16; STORED],
    /// The output's bias, scaled by `QA × QB`.
    pub output_bias: i32,
    /// Evaluation units per unit of logit.
    pub output_scale: i32,
}

impl QuantizedNetwork {
    /// The weights as the engine reads them.
    pub fn weights(&self) -> NetworkWeights<'_> {
        NetworkWeights {
            hidden: &self.hidden,
            hidden_bias: &self.hidden_bias,
            output: &self.output,
            output_bias: self.output_bias,
            output_scale: self.output_scale,
        }
    }

    /// The Rust source of `src/games/connect4/network_weights.rs`, with `provenance` (lines of
    /// how it was made) in its header comment.
    pub fn source(&self, provenance: &[String]) -> String {
        let mut s = String::from(
            "//! The evaluation network's weights (`network.rs` gives the shape and the scales).\n\
             //! Written by `boardlab tune connect4 --model network` (do not edit by hand):\n",
        );
        for line in provenance {
            s.push_str(&format!("//! {line}\n"));
        }
        let row = |values: &[i16]| {
            let items: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            format!("[{}]", items.join(","))
        };
        s.push_str("\nuse super::network::{decode_hidden, INPUTS, STORED};\n\n");
        s.push_str(
            "/// `HIDDEN_WEIGHTS[input]`: the row an active input adds to the stored units, scaled by\n\
             /// `QA`, packed sparse (`network::decode_sparse`) as text (`games::network::decode_bytes`).\n\
             #[rustfmt::skip]\npub const HIDDEN_WEIGHTS: [[i8; STORED]; INPUTS] = ",
        );
        let bytes = encode_sparse(self.hidden.iter().flatten().copied());
        s.push_str(&format!("decode_hidden::<{}>(\"\\\n", bytes.len()));
        push_text(&mut s, &encode_bytes(bytes));
        s.push_str(&format!(
            "\n/// The stored units' biases, scaled by `QA`.\n\
             #[rustfmt::skip]\npub const HIDDEN_BIAS: [i16; STORED] = {};\n\n\
             /// The output's weight of each stored unit, scaled by `QB`.\n\
             #[rustfmt::skip]\npub const OUTPUT_WEIGHTS: [i16; STORED] = {};\n\n\
             /// The output's bias, scaled by `QA × QB`.\n\
             pub const OUTPUT_BIAS: i32 = {};\n\n\
             /// Evaluation units per unit of the output's logit: the linear evaluation's scale\n\
             /// (`weights.rs`) fitted to the training positions.\n\
             pub const OUTPUT_SCALE: i32 = {};\n",
            row(&self.hidden_bias),
            row(&self.output),
            self.output_bias,
            self.output_scale
        ));
        s
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
    /// Evaluation units per unit of logit: the linear evaluation's score is divided by it.
    pub output_scale: i32,
    /// Seed of the initial weights, the shuffles and the mirrors.
    pub seed: u64,
    /// L1 penalty on the hidden weights, per unit of weight (0: none).
    pub l1: f32,
    /// Start from the shipped network's weights (`games::connect4::network::SHIPPED`) instead
    /// of random ones: training then refines it on new games (`output_scale` should then be
    /// the shipped one's, the scale its logit was trained at).
    pub from_shipped: bool,
}

/// The mean squared error of `net` on `data` with the linear evaluation at `output_scale`
/// (positions as given, not mirrored).
pub fn float_loss(net: &FloatNetwork, data: &[NetSample], output_scale: i32) -> f64 {
    mean_error(data, |s| {
        sigmoid(s.linear as f32 / output_scale as f32 + net.logit(s))
    })
}

/// The mean squared error on `data` of the integer network `net` added to the linear
/// evaluation, read back as a winning chance on the network's scale, as the engine scores.
pub fn quantized_loss(net: NetworkWeights<'_>, data: &[NetSample]) -> f64 {
    mean_error(data, |s| {
        sigmoid((s.linear + net.score(&s.blocks)) as f32 / net.output_scale as f32)
    })
}

/// The mean squared error of the linear evaluation alone at `output_scale`.
pub fn linear_loss(data: &[NetSample], output_scale: i32) -> f64 {
    mean_error(data, |s| sigmoid(s.linear as f32 / output_scale as f32))
}

fn mean_error(data: &[NetSample], predict: impl Fn(&NetSample) -> f32) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|s| ((predict(s) - s.target) as f64).powi(2))
        .sum();
    sum / data.len().max(1) as f64
}

/// Trains a network on `train`, calling `on_epoch(epoch, training loss, network)` after each
/// epoch (1-based). Errors: no training data.
pub fn train(
    train: &[NetSample],
    config: &TrainConfig,
    on_epoch: &mut dyn FnMut(usize, f64, &FloatNetwork),
) -> Result<FloatNetwork, String> {
    if train.is_empty() {
        return Err("no training positions".into());
    }
    let mut net = if config.from_shipped {
        FloatNetwork::from_weights(crate::games::connect4::network::SHIPPED)
    } else {
        FloatNetwork::random(config.seed)
    };
    let mut adam = Adam::new(PARAMETERS);
    let mut rng = Rng(splitmix(config.seed ^ 0x5eed));
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut grad = vec![0f32; PARAMETERS];
    let scale = config.output_scale as f32;
    for epoch in 1..=config.epochs {
        let lr = epoch_rate(config.learning_rate, epoch, config.epochs);
        shuffle(&mut order, &mut rng);
        let mut epoch_loss = 0f64;
        for batch in order.chunks(config.batch.max(1)) {
            grad.fill(0.0);
            for &i in batch {
                let s = &train[i];
                let seen = if rng.below(2) == 1 { s.mirrored() } else { *s };
                epoch_loss += net.backward(&seen, s.linear as f32 / scale, &mut grad) as f64;
            }
            let per = 1.0 / batch.len() as f32;
            let hidden = &net.hidden;
            // The L1 penalty's gradient on the hidden weights: it pulls the weights the data
            // does not need to zero, which also packs them smaller.
            let l1 = |k: usize| match hidden.get(k) {
                Some(&w) if w != 0.0 => config.l1 * w.signum(),
                _ => 0.0,
            };
            let grads: Vec<f32> = (0..PARAMETERS).map(|k| grad[k] * per + l1(k)).collect();
            adam.step(
                net.parameters_mut(),
                |k| grads[k],
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
    use crate::game::Game;
    use crate::games::network::decode_sparse;
    use crate::games::network::{HIDDEN_BIAS_LIMIT, HIDDEN_WEIGHT_LIMIT};
    use crate::play::random_line;

    /// Positions of random games on 9 x 7, some with threats on the board.
    fn positions(count: usize, seed: u64) -> Vec<Connect4Cg> {
        let mut rng = Rng(splitmix(seed));
        (0..count)
            .map(|i| random_line(&Connect4Cg::start(), 8 + i as u32 % 30, &mut rng).0)
            .filter(|p| p.outcome().is_none())
            .collect()
    }

    #[test]
    fn a_mirrored_sample_is_the_sample_of_the_mirrored_position() {
        for pos in positions(60, 1) {
            // The mirror image's text: each row reversed.
            let text = pos.position_string();
            let (rows, rest) = text.split_once(' ').unwrap();
            let flipped: Vec<String> = rows.split('/').map(|r| r.chars().rev().collect()).collect();
            let image =
                Connect4Cg::from_position_string(&format!("{} {rest}", flipped.join("/"))).unwrap();
            let (a, b) = (NetSample::new(&pos, 1.0), NetSample::new(&image, 1.0));
            assert_eq!(a.mirrored().blocks, b.blocks);
            assert_eq!(a.mirrored().mirrored().blocks, a.blocks);
            assert_eq!((a.target, a.linear), (b.target, b.linear));
        }
    }

    #[test]
    fn the_sample_is_seen_from_role_a_whoever_is_to_move() {
        // After one chip B is to move: a win for the side to move is a loss for A.
        let mut pos = Connect4Cg::start();
        pos.play(4);
        let s = NetSample::new(&pos, 1.0);
        assert_eq!(s.target, 0.0);
        // A is who moves at an even chip count: here the first player, whose chip it is.
        assert_eq!(s.blocks[0], Connect4Cg::bit(4, 0));
        assert_eq!(s.blocks[1], 0);
    }

    #[test]
    fn the_integer_network_scores_as_the_float_one_within_rounding() {
        // Rounding each hidden weight to 1/255 moves a unit by up to ~0.1 over 60 inputs: a
        // fraction of a threat. A wrong layout or scale would be off by far more.
        let net = FloatNetwork::random(3);
        let q = net.quantized(60);
        let mut total = 0.0;
        let samples: Vec<NetSample> = positions(200, 5)
            .iter()
            .map(|p| NetSample::new(p, 0.5))
            .collect();
        for s in &samples {
            let float = net.logit(s) * 60.0;
            let int = q.weights().score(&s.blocks) as f32;
            assert!((float - int).abs() < 12.0, "float {float} vs integer {int}");
            total += (float - int).abs();
        }
        assert!(total / samples.len() as f32 <= 3.0, "mean error {total}");
    }

    #[test]
    fn the_shipped_network_read_back_as_floats_quantizes_to_itself() {
        let shipped = crate::games::connect4::network::SHIPPED;
        let q = FloatNetwork::from_weights(shipped).quantized(shipped.output_scale);
        assert!(q.hidden.iter().eq(shipped.hidden.iter()));
        assert_eq!(&q.hidden_bias, shipped.hidden_bias);
        assert_eq!(&q.output, shipped.output);
        assert_eq!(q.output_bias, shipped.output_bias);
    }

    #[test]
    fn the_written_source_holds_the_weights_it_was_written_from() {
        let q = FloatNetwork::random(9).quantized(77);
        let source = q.source(&["a test".into()]);
        // The text is the sparse bytes' (the shipped file is checked by compiling it: a wrong
        // byte count or text is a compile error there).
        let bytes = encode_sparse(q.hidden.iter().flatten().copied());
        let head = format!("decode_hidden::<{}>(\"\\\n", bytes.len());
        let start = source.find(&head).unwrap() + head.len();
        let text: String = source[start..source.find("\");").unwrap()]
            .lines()
            .map(|l| l.trim_end_matches('\\'))
            .collect();
        assert_eq!(text, encode_bytes(bytes.iter().copied()));
        let weights = decode_sparse::<{ INPUTS * STORED }>(&bytes);
        assert!(q.hidden.iter().flatten().eq(weights.iter()));
        assert!(source.contains("pub const OUTPUT_SCALE: i32 = 77;"));
        let biases: Vec<String> = q.hidden_bias.iter().map(|b| b.to_string()).collect();
        assert!(source.contains(&format!("[{}]", biases.join(","))));
    }

    #[test]
    fn training_keeps_the_weights_within_their_limits_and_learns_a_rule() {
        // A rule the linear evaluation does not know: A wins when A holds the bottom centre.
        let samples: Vec<NetSample> = positions(600, 11)
            .iter()
            .map(|p| {
                let mut s = NetSample::new(p, 0.5);
                s.target = (s.blocks[0] & Connect4Cg::bit(4, 0) != 0) as u8 as f32;
                s
            })
            .collect();
        let config = TrainConfig {
            epochs: 20,
            batch: 32,
            learning_rate: 0.01,
            output_scale: 60,
            seed: 2,
            l1: 0.0,
            from_shipped: false,
        };
        let before = float_loss(&FloatNetwork::random(2), &samples, 60);
        let net = train(&samples, &config, &mut |_, _, _| {}).unwrap();
        let after = float_loss(&net, &samples, 60);
        assert!(after < before / 2.0, "loss {before} -> {after}");
        assert!(net.hidden.iter().all(|w| w.abs() <= HIDDEN_WEIGHT_LIMIT));
        assert!(net.hidden_bias.iter().all(|b| b.abs() <= HIDDEN_BIAS_LIMIT));
        assert!(train(&[], &config, &mut |_, _, _| {}).is_err());
    }
}
