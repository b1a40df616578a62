//! The step size of each epoch: a cosine from `--lr` at the first epoch down to a twentieth of
//! it at the last, so that the first epochs move far and the last ones settle.

/// The last epoch's step size, as a share of the first's.
pub const FLOOR: f64 = 1.0 / 20.0;

/// The step size of epoch `epoch` (from 0) of `epochs`, starting from `lr`:
/// `lr · (FLOOR + (1 − FLOOR) · (1 + cos(π · epoch / (epochs − 1))) / 2)`; `lr` itself when
/// there is one epoch.
pub fn cosine(lr: f32, epoch: usize, epochs: usize) -> f32 {
    if epochs <= 1 {
        return lr;
    }
    let x = epoch.min(epochs - 1) as f64 / (epochs - 1) as f64;
    let share = FLOOR + (1.0 - FLOOR) * 0.5 * (1.0 + (std::f64::consts::PI * x).cos());
    (f64::from(lr) * share) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cosine_falls_from_lr_to_a_twentieth() {
        assert_eq!(cosine(0.001, 0, 20), 0.001);
        assert!((cosine(0.001, 19, 20) - 0.00005).abs() < 1e-9);
        assert_eq!(cosine(0.001, 0, 1), 0.001);
        let steps: Vec<f32> = (0..10).map(|e| cosine(1.0, e, 10)).collect();
        assert!(steps.windows(2).all(|w| w[1] < w[0]), "{steps:?}");
        assert!((cosine(1.0, 2, 5) - (0.5 + 0.5 * FLOOR) as f32).abs() < 1e-6);
    }
}
