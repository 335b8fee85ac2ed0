//! The logistic fit of a linear evaluation to game results (Texel's tuning method): the
//! predicted score of a position is `sigmoid(eval / k)`, and the weights minimise the mean
//! squared error between that and the result (1, 0.5, 0 for the side to move). `k` is fitted
//! once to the evaluation before tuning and then held, so the tuned evaluation keeps the old
//! one's scale (centi-stones) and the search's margins keep their meaning. Weights move by Adam
//! (Kingma and Ba, 2015) on the full data.

/// Rows of inputs with a result each, `dim` inputs a row.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Inputs per row.
    pub dim: usize,
    /// Row-major inputs, `dim` per row.
    pub inputs: Vec<f32>,
    /// The result of each row, in `0..=1`.
    pub results: Vec<f32>,
}

impl Dataset {
    /// An empty dataset of rows of `dim` inputs.
    pub fn new(dim: usize) -> Self {
        Dataset {
            dim,
            ..Dataset::default()
        }
    }

    /// Adds a row; `inputs` must hold `dim` values.
    pub fn push(&mut self, inputs: &[f32], result: f32) {
        assert_eq!(inputs.len(), self.dim, "a row of the dataset's width");
        self.inputs.extend_from_slice(inputs);
        self.results.push(result);
    }

    /// Rows.
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    fn row(&self, i: usize) -> &[f32] {
        &self.inputs[i * self.dim..(i + 1) * self.dim]
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(a: &[f32], w: &[f64]) -> f64 {
    a.iter().zip(w).map(|(&x, &w)| x as f64 * w).sum()
}

/// The mean squared error of `sigmoid(inputs · weights / k)` against the results (0 for no row).
pub fn loss(data: &Dataset, weights: &[f64], k: f64) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let total: f64 = (0..data.len())
        .map(|i| {
            let e = data.results[i] as f64 - sigmoid(dot(data.row(i), weights) / k);
            e * e
        })
        .sum();
    total / data.len() as f64
}

/// The scale `k` (in the evaluation's units, `10..=10000`) that minimises [`loss`] for
/// `weights`, by golden-section search on `ln k`.
pub fn fit_scale(data: &Dataset, weights: &[f64]) -> f64 {
    let (mut lo, mut hi) = (10f64.ln(), 10000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let f = |x: f64| loss(data, weights, x.exp());
    let (mut a, mut b) = (hi - g * (hi - lo), lo + g * (hi - lo));
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..40 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = f(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Adam's settings for [`fit`].
#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    /// Full passes over the data.
    pub iterations: usize,
    /// Step size, in the weights' units.
    pub learning_rate: f64,
    /// Ridge penalty toward the starting weights: `l2 * sum((w - start)^2)` is added to the
    /// loss the steps minimise (not to the loss reported). It keeps weights the data barely
    /// constrains (say, stones on a nearly empty board) where the hand-made evaluation had them,
    /// where an unpenalised fit extrapolates them into nonsense the search then exploits.
    pub l2: f64,
}

/// Weights that minimise [`loss`] at scale `k`, starting from `start`; `on_iteration` gets the
/// iteration number (from 1) and the loss before its step.
pub fn fit(
    data: &Dataset,
    start: &[f64],
    k: f64,
    config: FitConfig,
    on_iteration: &mut dyn FnMut(usize, f64),
) -> Vec<f64> {
    let dim = data.dim;
    let mut w = start.to_vec();
    let (mut m, mut v) = (vec![0.0; dim], vec![0.0; dim]);
    let (beta1, beta2, eps) = (0.9f64, 0.999f64, 1e-12);
    let n = data.len().max(1) as f64;
    let mut grad = vec![0.0; dim];
    for t in 1..=config.iterations {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut total = 0.0;
        for i in 0..data.len() {
            let row = data.row(i);
            let p = sigmoid(dot(row, &w) / k);
            let e = data.results[i] as f64 - p;
            total += e * e;
            // d(e^2)/dw = -2 e p (1 - p) x / k
            let scale = -2.0 * e * p * (1.0 - p) / k;
            for (g, &x) in grad.iter_mut().zip(row) {
                *g += scale * x as f64;
            }
        }
        on_iteration(t, total / n);
        for j in 0..dim {
            let g = grad[j] / n + 2.0 * config.l2 * (w[j] - start[j]);
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let m_hat = m[j] / (1.0 - beta1.powi(t as i32));
            let v_hat = v[j] / (1.0 - beta2.powi(t as i32));
            w[j] -= config.learning_rate * m_hat / (v_hat.sqrt() + eps);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_recovers_a_logistic_weight() {
        // Results drawn deterministically from sigmoid(2 x / 100) at x in -50..50: the fit at
        // k = 100 must find a weight near 2 from 0.
        let mut data = Dataset::new(1);
        for i in 0..1000 {
            let x = (i % 101) as f32 - 50.0;
            let p = sigmoid(2.0 * x as f64 / 100.0);
            let r = if (i as f64 * 0.618_034).fract() < p {
                1.0
            } else {
                0.0
            };
            data.push(&[x], r);
        }
        let w = fit(
            &data,
            &[0.0],
            100.0,
            FitConfig {
                iterations: 2000,
                learning_rate: 0.05,
                l2: 0.0,
            },
            &mut |_, _| {},
        );
        assert!((w[0] - 2.0).abs() < 0.5, "fitted {}", w[0]);
        assert!(loss(&data, &w, 100.0) < loss(&data, &[0.0], 100.0));
    }
}
