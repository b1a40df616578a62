//! The loss over many positions and its gradient, on the threads, with results that depend on
//! the positions only: not on the number of threads.
//!
//! The loss of a position is `(sigmoid(out) − target)²` ([`super::net`]); of a set, the mean.
//! Positions are taken in chunks of [`CHUNK`] in order; each chunk's gradient is computed from
//! zero into a buffer of its own (a dense copy of the network's shape: touching only the rows
//! of the active inputs per position, and zeroing a buffer is cheap beside a chunk's work), and
//! the chunks' gradients are added to the total one after the other in chunk order. The threads
//! work on as many chunks at a time as there are buffers; how many that is changes nothing but
//! the speed, as every float of the total is the same sum in the same order.

use super::data::Features;
use super::net::{sigmoid, Net, Row, ZERO};
use rayon::prelude::*;

/// Positions per chunk: the unit of work of a thread, and of the order of the sums.
pub const CHUNK: usize = 1024;
/// Rows per parallel part when the chunks' gradients are summed.
const ROWS_PER_PART: usize = 64;

/// The squared error of position `i` and the loss's derivative with respect to its output.
#[inline]
fn error(net: &Net, features: &Features, i: usize) -> (f32, f32, super::net::Forward) {
    let (us, them) = features.position(i);
    let f = net.forward(us, them);
    let p = sigmoid(f.out);
    let e = p - features.target(i);
    (e * e, 2.0 * e * p * (1.0 - p), f)
}

/// The mean loss of `net` over the positions `set` (indices into `features`); 0 for none.
pub fn loss(net: &Net, features: &Features, set: &[u32]) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    let sums: Vec<f64> = set
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut sum = 0.0f64;
            for &i in chunk {
                sum += f64::from(error(net, features, i as usize).0);
            }
            sum
        })
        .collect();
    let mut sum = 0.0f64;
    for s in sums {
        sum += s;
    }
    sum / set.len() as f64
}

/// The buffers of the gradient of a batch: one per chunk computed at a time, and the total.
#[derive(Clone, Debug)]
pub struct Gradient {
    parts: Vec<Vec<Row>>,
    total: Vec<Row>,
}

impl Gradient {
    /// Buffers for a network of `rows` rows, `parallel` chunks at a time (at least 1).
    pub fn new(rows: usize, parallel: usize) -> Gradient {
        Gradient {
            parts: vec![vec![ZERO; rows]; parallel.max(1)],
            total: vec![ZERO; rows],
        }
    }

    /// The gradient of the last batch ([`Gradient::compute`]), shaped as [`Net::rows`].
    pub fn total(&self) -> &[Row] {
        &self.total
    }

    /// Computes the gradient of the mean loss over `batch` (indices into `features`) at `net`
    /// into [`Gradient::total`], and returns the sum of the batch's squared errors.
    pub fn compute(&mut self, net: &Net, features: &Features, batch: &[u32]) -> f64 {
        self.total.fill(ZERO);
        if batch.is_empty() {
            return 0.0;
        }
        let scale = 1.0 / batch.len() as f32;
        let mut sum = 0.0;
        for wave in batch.chunks(CHUNK * self.parts.len()) {
            let chunks = wave.chunks(CHUNK).count();
            let sums: Vec<f64> = wave
                .par_chunks(CHUNK)
                .zip(self.parts.par_iter_mut())
                .map(|(chunk, grad)| {
                    grad.fill(ZERO);
                    let mut sum = 0.0f64;
                    for &i in chunk {
                        let i = i as usize;
                        let (sq, d, f) = error(net, features, i);
                        let (us, them) = features.position(i);
                        net.backward(us, them, &f, d * scale, grad);
                        sum += f64::from(sq);
                    }
                    sum
                })
                .collect();
            // One chunk at a time, as the gradient: the same sum whatever the buffers.
            for s in sums {
                sum += s;
            }
            let parts = &self.parts[..chunks];
            self.total
                .par_chunks_mut(ROWS_PER_PART)
                .enumerate()
                .for_each(|(k, total)| {
                    for part in parts {
                        let rows = &part[k * ROWS_PER_PART..][..total.len()];
                        for (t, r) in total.iter_mut().zip(rows) {
                            for (t, r) in t.iter_mut().zip(r) {
                                *t += r;
                            }
                        }
                    }
                });
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use kurier_engine::nnue::network::Activation;
    use kurier_rules::game::{Game, MoveList};
    use kurier_rules::games::courier::Courier;

    /// Positions of a random Courier game with random targets.
    fn features(n: usize, seed: u64) -> Features {
        let mut rng = SplitMix64::new(seed);
        let mut f = Features::new(1728);
        let mut pos = Courier::start();
        while f.len() < n {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            if moves.is_empty() {
                pos = Courier::start();
                continue;
            }
            pos = pos.play(moves.as_slice()[rng.below(moves.len())]);
            f.push(&pos, rng.below(1000) as f32 / 1000.0);
        }
        f
    }

    /// The analytic gradient matches central differences of the loss, for weights of every
    /// kind: active feature rows, the bias, the output rows and the output bias.
    #[test]
    fn the_gradient_is_the_derivative_of_the_loss() {
        for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
            gradient_is_the_derivative(activation);
        }
    }

    fn gradient_is_the_derivative(activation: Activation) {
        let f = features(48, 5);
        let mut net = Net::new(1728, activation, 9);
        // Biases off zero, so that they move the loss through every unit.
        for (j, b) in net.rows_mut()[1728].iter_mut().enumerate() {
            *b = 0.1 + 0.3 * (j % 3) as f32;
        }
        net.rows_mut()[1731][0] = 0.2;
        let set: Vec<u32> = (0..f.len() as u32).collect();
        let mut grad = Gradient::new(net.rows().len(), 3);
        grad.compute(&net, &f, &set);
        let (us, _) = f.position(0);
        let feature = usize::from(us[0]);
        let mut checked = 0;
        for (row, col) in [
            (feature, 3),
            (feature, 40),
            (usize::from(us[5]), 100),
            (1728, 7),
            (1728, 64),
            (1729, 11),
            (1730, 90),
            (1731, 0),
        ] {
            let analytic = f64::from(grad.total()[row][col]);
            let eps = 1e-3;
            let at = |delta: f32| {
                let mut n = net.clone();
                n.rows_mut()[row][col] += delta;
                loss(&n, &f, &set)
            };
            let numeric = (at(eps) - at(-eps)) / (2.0 * f64::from(eps));
            let tolerance = 2e-3 * analytic.abs().max(numeric.abs()) + 2e-5;
            assert!(
                (analytic - numeric).abs() <= tolerance,
                "{activation:?} row {row} col {col}: analytic {analytic}, numeric {numeric}"
            );
            checked += usize::from(analytic.abs() > 1e-4);
        }
        assert!(checked >= 6, "too few weights with a gradient to check");
    }

    #[test]
    fn the_gradient_does_not_depend_on_the_buffers_or_the_threads() {
        let f = features(3000, 6);
        let net = Net::new(1728, Activation::SquaredClippedRelu, 2);
        let set: Vec<u32> = (0..f.len() as u32).rev().collect();
        let mut one = Gradient::new(net.rows().len(), 1);
        let sum = one.compute(&net, &f, &set);
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut other = Gradient::new(net.rows().len(), 2);
            let s = pool.install(|| other.compute(&net, &f, &set));
            assert_eq!(s, sum);
            assert_eq!(other.total(), one.total());
        }
        assert!((sum / set.len() as f64 - loss(&net, &f, &set)).abs() < 1e-9);
    }
}
