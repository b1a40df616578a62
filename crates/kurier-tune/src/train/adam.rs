//! Adam for the float network's rows ([`super::net::Row`]), in `f32`: `kurier tune`'s Adam
//! ([`crate::tune::fit::Adam`]) is `f64` over a flat vector, and here the moments take the
//! network's shape so that each step is a vectorised pass over rows, run on the threads (each
//! weight's update depends on that weight alone, so the result does not depend on them).

use super::net::{Row, ZERO};
use kurier_engine::nnue::network::HIDDEN;
use rayon::prelude::*;

/// Rows per parallel part of a step.
const ROWS_PER_PART: usize = 64;

/// Adam's state: the running means of the gradient and of its square, per weight.
#[derive(Clone, Debug)]
pub struct Adam {
    m: Vec<Row>,
    v: Vec<Row>,
    t: i32,
}

impl Adam {
    /// The decay of the gradient's mean.
    pub const BETA1: f32 = 0.9;
    /// The decay of the squared gradient's mean.
    pub const BETA2: f32 = 0.999;
    /// Added to the root of the squared mean, against a division by zero.
    pub const EPSILON: f32 = 1e-8;

    /// Fresh state for `rows` rows of weights.
    pub fn new(rows: usize) -> Adam {
        Adam {
            m: vec![ZERO; rows],
            v: vec![ZERO; rows],
            t: 0,
        }
    }

    /// One step of size `lr` on `w` down the gradient `g`, then every weight clamped to
    /// `±clip`.
    pub fn step(&mut self, w: &mut [Row], g: &[Row], lr: f32, clip: f32) {
        self.t += 1;
        let c1 = 1.0 - f64::from(Self::BETA1).powi(self.t);
        let c2 = 1.0 - f64::from(Self::BETA2).powi(self.t);
        // The bias corrections folded into the step: lr · m̂ / (√v̂ + ε) with m̂ = m / c1,
        // v̂ = v / c2.
        let (step, root_c2) = ((f64::from(lr) / c1) as f32, c2.sqrt() as f32);
        w.par_chunks_mut(ROWS_PER_PART)
            .zip(self.m.par_chunks_mut(ROWS_PER_PART))
            .zip(self.v.par_chunks_mut(ROWS_PER_PART))
            .zip(g.par_chunks(ROWS_PER_PART))
            .for_each(|(((w, m), v), g)| {
                for (((w, m), v), g) in w.iter_mut().zip(m).zip(v).zip(g) {
                    for j in 0..HIDDEN {
                        m[j] = Self::BETA1 * m[j] + (1.0 - Self::BETA1) * g[j];
                        v[j] = Self::BETA2 * v[j] + (1.0 - Self::BETA2) * g[j] * g[j];
                        let x = w[j] - step * m[j] / (v[j].sqrt() / root_c2 + Self::EPSILON);
                        w[j] = x.clamp(-clip, clip);
                    }
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adam_walks_down_a_bowl_and_keeps_to_the_clip() {
        // f(w) = Σ (w - 0.5)², and one weight pulled toward 3 beyond the clip of 2.
        let mut w = vec![ZERO; 3];
        let mut adam = Adam::new(3);
        for _ in 0..3000 {
            let mut g = vec![ZERO; 3];
            for (gr, wr) in g.iter_mut().zip(&w) {
                for j in 0..HIDDEN {
                    gr[j] = 2.0 * (wr[j] - 0.5);
                }
            }
            g[2][7] = 2.0 * (w[2][7] - 3.0);
            adam.step(&mut w, &g, 0.01, 2.0);
        }
        assert!(w[0].iter().all(|&x| (x - 0.5).abs() < 0.01), "{:?}", w[0]);
        assert_eq!(w[2][7], 2.0);
    }
}
