//! The float network `kurier train` fits: the engine's network ([`kurier_engine::nnue::network`])
//! before quantisation, with its forward and backward pass for one position.
//!
//! For each perspective `p` (the side to move's, then the other side's), with the same feature
//! weights `W` and bias `c` for both:
//!
//! ```text
//! acc_p = c + Σ_{i active for p} W[i]          (HIDDEN units)
//! h_p   = act(acc_p)                           (clamp(x, 0, 1), or its square)
//! out   = Σ_j h_us[j]·V[0][j] + Σ_j h_them[j]·V[1][j] + b
//! cp    = out · SCALE                          (the engine's evaluation, side to move's view)
//! ```
//!
//! Every parameter lives in one array of rows of [`HIDDEN`] floats ([`Row`]): the `inputs`
//! feature rows, then the bias row `c`, the output rows `V[0]` and `V[1]`, and a row whose
//! first float is `b` (the rest stay zero: their gradient is always zero). One shape for the
//! weights, their gradient and Adam's moments, and every inner loop a fixed-size loop over a
//! row that the compiler vectorises.

use crate::rng::SplitMix64;
use kurier_engine::nnue::network::{Activation, HIDDEN, WEIGHT_CLIP};

/// One row of parameters: a feature's weights for every hidden unit, or a bias or output row.
pub type Row = [f32; HIDDEN];

/// A row of zeros.
pub const ZERO: Row = [0.0; HIDDEN];

/// Half-width of the uniform distribution of the initial feature weights: about 40 active
/// pieces give accumulators with a standard deviation near 0.35, in the clipped ReLU's range.
const INIT_FEATURE: f32 = 0.1;
/// Half-width of the initial output weights: outputs of a few tens of centipawns at first.
const INIT_OUTPUT: f32 = 0.0625;

/// The float network: `inputs` feature rows, then the bias, output and output-bias rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    inputs: usize,
    activation: Activation,
    rows: Vec<Row>,
}

/// What the backward pass needs from the forward pass of a position.
#[derive(Clone, Debug)]
pub struct Forward {
    /// The accumulators before the activation: the side to move's, then the other side's.
    pub acc: [Row; 2],
    /// The output (centipawns / `SCALE`).
    pub out: f32,
}

/// The logistic function: the expected score of an output `x` (`1 / (1 + e^-x)`).
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A fresh network for `inputs` inputs per perspective with `activation`, its weights drawn
    /// from `seed`: feature weights uniform in ±0.1, output weights uniform in ±0.0625, biases
    /// zero.
    pub fn new(inputs: usize, activation: Activation, seed: u64) -> Net {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |half: f32| -> f32 {
            // 24 random bits: a float in [0, 1) with every value equally likely.
            let unit = (rng.next_u64() >> 40) as f32 / (1u32 << 24) as f32;
            (2.0 * unit - 1.0) * half
        };
        let mut rows = vec![ZERO; inputs + 4];
        for row in &mut rows[..inputs] {
            row.iter_mut().for_each(|w| *w = uniform(INIT_FEATURE));
        }
        for row in &mut rows[inputs + 1..inputs + 3] {
            row.iter_mut().for_each(|w| *w = uniform(INIT_OUTPUT));
        }
        Net {
            inputs,
            activation,
            rows,
        }
    }

    /// The hidden layer's activation.
    pub fn activation(&self) -> Activation {
        self.activation
    }

    /// Inputs per perspective.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Every parameter, as rows ([module docs](self)).
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Every parameter, to change.
    pub fn rows_mut(&mut self) -> &mut [Row] {
        &mut self.rows
    }

    /// The weights of input `i`.
    pub fn feature(&self, i: usize) -> &Row {
        &self.rows[i]
    }

    /// The feature transformer's bias.
    pub fn bias(&self) -> &Row {
        &self.rows[self.inputs]
    }

    /// The output weights of the side to move's units (`side` 0) or the other side's (1).
    pub fn output(&self, side: usize) -> &Row {
        &self.rows[self.inputs + 1 + side]
    }

    /// The output bias.
    pub fn output_bias(&self) -> f32 {
        self.rows[self.inputs + 3][0]
    }

    /// The index of the bias row (the first after the feature rows).
    pub fn bias_row(&self) -> usize {
        self.inputs
    }

    /// Keeps every weight within ±[`WEIGHT_CLIP`] (what the quantisation assumes).
    pub fn clip(&mut self) {
        for row in &mut self.rows {
            for w in row.iter_mut() {
                *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
            }
        }
    }

    /// The accumulator of one perspective: the bias plus the rows of its active inputs.
    #[inline]
    pub fn accumulate(&self, active: &[u16]) -> Row {
        let mut acc = *self.bias();
        for &i in active {
            let row = &self.rows[usize::from(i)];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        acc
    }

    /// The forward pass of a position given by the active inputs of the side to move (`us`)
    /// and of the other side (`them`).
    #[inline]
    pub fn forward(&self, us: &[u16], them: &[u16]) -> Forward {
        let acc = [self.accumulate(us), self.accumulate(them)];
        let mut sum = [0.0f32; HIDDEN];
        for (side, a) in acc.iter().enumerate() {
            for ((s, &x), &v) in sum.iter_mut().zip(a).zip(self.output(side)) {
                *s += self.activation.apply(x) * v;
            }
        }
        Forward {
            acc,
            out: sum.iter().sum::<f32>() + self.output_bias(),
        }
    }

    /// The centipawns of a position, the side to move's point of view: `out · SCALE`.
    pub fn centipawns(&self, us: &[u16], them: &[u16]) -> f64 {
        let scale = f64::from(kurier_engine::nnue::network::SCALE);
        f64::from(self.forward(us, them).out) * scale
    }

    /// The backward pass: adds to `grad` (rows shaped as [`Net::rows`]) `d` (the loss's
    /// derivative with respect to the output) times the output's gradient. Touches the active
    /// inputs' rows and the four last rows only.
    #[inline]
    pub fn backward(&self, us: &[u16], them: &[u16], f: &Forward, d: f32, grad: &mut [Row]) {
        let n = self.inputs;
        let mut dacc = [ZERO; 2];
        for side in 0..2 {
            let (acc, v) = (&f.acc[side], self.output(side));
            let out_grad = &mut grad[n + 1 + side];
            for j in 0..HIDDEN {
                let x = acc[j];
                out_grad[j] += d * self.activation.apply(x);
                dacc[side][j] = d * v[j] * self.activation.derivative(x);
            }
        }
        grad[n + 3][0] += d;
        let bias = &mut grad[n];
        for j in 0..HIDDEN {
            bias[j] += dacc[0][j] + dacc[1][j];
        }
        for (side, active) in [us, them].into_iter().enumerate() {
            for &i in active {
                for (g, &x) in grad[usize::from(i)].iter_mut().zip(&dacc[side]) {
                    *g += x;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_one_network_and_the_biases_start_at_zero() {
        let a = Net::new(100, Activation::ClippedRelu, 7);
        assert_eq!(a, Net::new(100, Activation::ClippedRelu, 7));
        assert_ne!(a, Net::new(100, Activation::ClippedRelu, 8));
        assert_eq!(a.bias(), &ZERO);
        assert_eq!(a.output_bias(), 0.0);
        assert!(a.rows()[..100]
            .iter()
            .flatten()
            .all(|w| w.abs() <= INIT_FEATURE));
        assert!(a.output(1).iter().any(|&w| w != 0.0));
    }

    #[test]
    fn the_forward_pass_is_the_formula() {
        for (activation, power) in [
            (Activation::ClippedRelu, 1),
            (Activation::SquaredClippedRelu, 2),
        ] {
            let mut net = Net::new(10, activation, 3);
            net.rows_mut()[13][0] = 0.25; // the output bias: the row after bias, V[0], V[1]
            let (us, them) = ([1u16, 4], [2u16, 9]);
            let f = net.forward(&us, &them);
            let mut want = 0.25f64;
            for j in 0..HIDDEN {
                let a = |act: &[u16]| {
                    act.iter()
                        .map(|&i| f64::from(net.feature(usize::from(i))[j]))
                        .sum::<f64>()
                        .clamp(0.0, 1.0)
                        .powi(power)
                };
                want +=
                    a(&us) * f64::from(net.output(0)[j]) + a(&them) * f64::from(net.output(1)[j]);
            }
            assert!((f64::from(f.out) - want).abs() < 1e-5, "{} {want}", f.out);
        }
    }
}
