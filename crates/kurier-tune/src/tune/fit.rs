//! The fit: the loss (Texel's), the scaling constant `K`, and Adam on the linear model.
//!
//! A position's evaluation `e` (centipawns, White's point of view) predicts White's score as
//! `sigmoid(K e / 400) = 1 / (1 + 10^(-K e / 400))`; the loss is the mean squared error
//! between the prediction and the target (the result, or a blend with the search's score).
//! Every sum over positions is taken in chunks of a fixed size and added up in order, so the
//! numbers do not depend on the number of threads.

use super::linear::Linear;
use rayon::prelude::*;

/// Positions per parallel chunk of a sum.
const CHUNK: usize = 512;

/// White's expected score for an evaluation of `e` centipawns, with the scaling `k`.
#[inline]
pub fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The mean squared error between `sigmoid(k, evals[j])` and `targets[j]`.
pub fn loss(k: f64, evals: &[f64], targets: &[f64]) -> f64 {
    if evals.is_empty() {
        return 0.0;
    }
    let sums: Vec<f64> = evals
        .par_chunks(CHUNK)
        .zip(targets.par_chunks(CHUNK))
        .map(|(e, t)| {
            e.iter()
                .zip(t)
                .map(|(&e, &t)| (sigmoid(k, e) - t).powi(2))
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / evals.len() as f64
}

/// The `K` that minimises [`loss`] of `evals` against `targets`: the best of a grid from 0.02
/// to 10, then a golden-section search around it.
pub fn fit_k(evals: &[f64], targets: &[f64]) -> f64 {
    let f = |k: f64| loss(k, evals, targets);
    let step = 0.02;
    let grid = (1..=500).map(|i| f64::from(i) * step);
    let (best, _) = grid.fold((step, f64::INFINITY), |(bk, bl), k| {
        let l = f(k);
        if l < bl {
            (k, l)
        } else {
            (bk, bl)
        }
    });
    let (mut a, mut b) = ((best - step).max(1e-6), best + step);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - r * (b - a), a + r * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    while b - a > 1e-6 {
        if fc < fd {
            b = d;
            (d, fd) = (c, fc);
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            (c, fc) = (d, fd);
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    (a + b) / 2.0
}

/// Adam's state: the running means of the gradient and of its square, per weight.
#[derive(Clone, Debug)]
pub struct Adam {
    /// The step size, in centipawns (about how far a weight moves per step at most).
    pub lr: f64,
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-12;

    /// Fresh state for `n` weights.
    pub fn new(n: usize, lr: f64) -> Adam {
        Adam {
            lr,
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step on `w` down the gradient `g`.
    pub fn step(&mut self, w: &mut [f64], g: &[f64]) {
        self.t += 1;
        let (c1, c2) = (
            1.0 - Self::BETA1.powi(self.t),
            1.0 - Self::BETA2.powi(self.t),
        );
        for i in 0..w.len() {
            self.m[i] = Self::BETA1 * self.m[i] + (1.0 - Self::BETA1) * g[i];
            self.v[i] = Self::BETA2 * self.v[i] + (1.0 - Self::BETA2) * g[i] * g[i];
            let (m, v) = (self.m[i] / c1, self.v[i] / c2);
            w[i] -= self.lr * m / (v.sqrt() + Self::EPSILON);
        }
    }
}

/// The linear model's evaluations of the positions `set` with the weights `at + delta`.
pub fn model_evals(model: &Linear, set: &[usize], delta: &[f64]) -> Vec<f64> {
    set.par_iter().map(|&j| model.eval(j, delta)).collect()
}

/// The gradient of the loss over the positions `batch` (indices into `model` and `targets`)
/// with respect to the weights, at `at + delta`.
pub fn gradient(
    model: &Linear,
    targets: &[f64],
    batch: &[usize],
    k: f64,
    delta: &[f64],
) -> Vec<f64> {
    let n = delta.len();
    let dsig = k * std::f64::consts::LN_10 / 400.0;
    let parts: Vec<Vec<f64>> = batch
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut g = vec![0.0; n];
            for &j in chunk {
                let p = sigmoid(k, model.eval(j, delta));
                let d = 2.0 * (p - targets[j]) * p * (1.0 - p) * dsig;
                for (i, s) in model.row(j) {
                    g[i] += d * s;
                }
            }
            g
        })
        .collect();
    let mut total = vec![0.0; n];
    for part in parts {
        for (t, x) in total.iter_mut().zip(part) {
            *t += x;
        }
    }
    let scale = 1.0 / batch.len().max(1) as f64;
    total.iter_mut().for_each(|t| *t *= scale);
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sigmoid_is_texels() {
        assert_eq!(sigmoid(1.0, 0.0), 0.5);
        assert!((sigmoid(1.0, 400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((sigmoid(1.0, -400.0) + sigmoid(1.0, 400.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn k_is_found_when_the_targets_are_a_sigmoid() {
        let evals: Vec<f64> = (-300..300).map(|i| f64::from(i) * 2.5).collect();
        for k0 in [0.4, 1.3, 2.7] {
            let targets: Vec<f64> = evals.iter().map(|&e| sigmoid(k0, e)).collect();
            let k = fit_k(&evals, &targets);
            assert!((k - k0).abs() < 1e-4, "{k} {k0}");
        }
    }

    #[test]
    fn adam_walks_down_a_bowl() {
        let mut w = vec![5.0, -3.0];
        let mut adam = Adam::new(2, 0.1);
        for _ in 0..2000 {
            let g = vec![2.0 * (w[0] - 1.0), 2.0 * (w[1] - 2.0)];
            adam.step(&mut w, &g);
        }
        assert!(
            (w[0] - 1.0).abs() < 0.05 && (w[1] - 2.0).abs() < 0.05,
            "{w:?}"
        );
    }
}
