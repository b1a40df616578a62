//! The evaluation linearised around a table: for each position its value and its sparse
//! gradient with respect to the fitted weights, by central finite differences at the table
//! ([`Linear::build`]). Between two linearisations the fit works on this linear model.
//!
//! The differences are taken of the unrounded evaluation ([`Tunable::evaluate_exact`]), one
//! step each way: exact for the weights the evaluation is linear in (nearly all of them), the
//! slope at the table for the others (the squared king danger, the endgame scaling). Only the
//! weights that change a position's evaluation are kept for it.

use super::model::{white_view, Tunable};
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Positions linearised per task: the unit of parallel work and of progress reports.
const CHUNK: usize = 64;

/// The linear model of the evaluation around a table: position `j` evaluates (from White's
/// point of view) to `base[j] + Σ g · (w[i] - at[i])` over its gradient entries `(i, g)`.
#[derive(Clone, Debug, Default)]
pub struct Linear {
    /// The weights it was linearised at.
    pub at: Vec<i32>,
    /// Each position's unrounded evaluation at [`Linear::at`], White's point of view.
    pub base: Vec<f64>,
    /// Where each position's entries start in `index` and `slope` (one more at the end).
    start: Vec<usize>,
    /// The weight of each entry.
    index: Vec<u16>,
    /// The derivative of each entry.
    slope: Vec<f32>,
}

/// One position's value and gradient entries.
struct Row {
    base: f64,
    index: Vec<u16>,
    slope: Vec<f32>,
}

/// The slope of the evaluation in weight `i` at `w` (left as it was): a central difference.
fn slope<T: Tunable>(pos: &T::Game, w: &mut T::Weights, i: usize) -> f64 {
    let eval = |w: &T::Weights| white_view(pos, T::evaluate_exact(pos, w));
    let p = T::param_mut(w, i);
    let v = *p;
    *p = v + 1;
    let up = eval(w);
    *T::param_mut(w, i) = v - 1;
    let down = eval(w);
    *T::param_mut(w, i) = v;
    (up - down) / 2.0
}

/// Which weights are fitted (`--only`): the others are left out of the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fitted {
    /// `before[i]`: how many of the weights before `i` are fitted (one more entry at the end).
    before: Vec<usize>,
}

impl Fitted {
    /// Weight `i` is fitted when `mask[i]`.
    pub fn new(mask: &[bool]) -> Fitted {
        let mut before = vec![0];
        for &m in mask {
            before.push(before[before.len() - 1] + usize::from(m));
        }
        Fitted { before }
    }

    /// All `n` weights fitted.
    pub fn all(n: usize) -> Fitted {
        Fitted::new(&vec![true; n])
    }

    /// How many weights there are, fitted or not.
    pub fn len(&self) -> usize {
        self.before.len() - 1
    }

    /// Whether there is no weight at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether weight `i` is fitted.
    pub fn has(&self, i: usize) -> bool {
        self.before[i + 1] > self.before[i]
    }

    /// Whether any of the weights `lo..hi` is fitted.
    fn any(&self, lo: usize, hi: usize) -> bool {
        self.before[hi] > self.before[lo]
    }
}

/// Linearises the evaluation of `pos` at `w` (left as it was) the plain way: the slope in
/// every fitted weight, two evaluations each. What [`row`] finds faster (the tests compare).
#[cfg(test)]
fn row_dense<T: Tunable>(pos: &T::Game, w: &mut T::Weights, fitted: &Fitted) -> Row {
    let base = white_view(pos, T::evaluate_exact(pos, w));
    let (mut index, mut slope_of) = (Vec::new(), Vec::new());
    for i in (0..fitted.len()).filter(|&i| fitted.has(i)) {
        let g = slope::<T>(pos, w, i);
        if g != 0.0 {
            index.push(i as u16);
            slope_of.push(g as f32);
        }
    }
    Row {
        base,
        index,
        slope: slope_of,
    }
}

/// The probe offset of weight `i` at depth `level`: a pseudo-random step from 1 to 1000.
fn offset(i: usize, level: u32) -> i32 {
    let mut z = (i as u64) << 8 | u64::from(level);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    1 + ((z ^ (z >> 31)) % 1000) as i32
}

/// Linearises the evaluation of `pos` at `w` (left as it was), finding the few weights a
/// position depends on by group testing: a run of weights is moved at once, each by its own
/// pseudo-random step ([`offset`]); if the evaluation does not change, no weight of the run
/// matters (the steps are unlikely to cancel out), else the run is halved and each half tested,
/// down to single weights, whose slopes are central differences. A position reads about 60 of
/// Courier's 1100 weights: some 600 evaluations instead of 2200.
fn row<T: Tunable>(pos: &T::Game, w: &mut T::Weights, fitted: &Fitted) -> Row {
    struct Probe<'a, T: Tunable> {
        pos: &'a T::Game,
        fitted: &'a Fitted,
        base: f64,
        steps: Vec<i32>,
        row: Row,
    }
    fn probe<T: Tunable>(p: &mut Probe<T>, w: &mut T::Weights, lo: usize, hi: usize, level: u32) {
        if !p.fitted.any(lo, hi) {
            return;
        }
        p.steps.clear();
        p.steps.extend((lo..hi).map(|i| offset(i, level)));
        T::add_params(w, lo, &p.steps);
        let moved = white_view(p.pos, T::evaluate_exact(p.pos, w));
        p.steps.iter_mut().for_each(|d| *d = -*d);
        T::add_params(w, lo, &p.steps);
        if moved == p.base {
            return;
        }
        if hi - lo == 1 {
            let g = slope::<T>(p.pos, w, lo);
            if g != 0.0 {
                p.row.index.push(lo as u16);
                p.row.slope.push(g as f32);
            }
            return;
        }
        let mid = lo + (hi - lo) / 2;
        probe(p, w, lo, mid, level + 1);
        probe(p, w, mid, hi, level + 1);
    }
    let base = white_view(pos, T::evaluate_exact(pos, w));
    let mut p = Probe::<T> {
        pos,
        fitted,
        base,
        steps: Vec::new(),
        row: Row {
            base,
            index: Vec::new(),
            slope: Vec::new(),
        },
    };
    probe(&mut p, w, 0, fitted.len(), 0);
    p.row
}

impl Linear {
    /// Linearises the evaluation of every position of `positions` at `w` in the `fitted`
    /// weights, on the current rayon pool; `progress(done)` is called from the workers as
    /// positions are done.
    ///
    /// # Panics
    ///
    /// If the evaluation has more than 65536 fitted weights.
    pub fn build<T: Tunable>(
        positions: &[&T::Game],
        w: &T::Weights,
        fitted: &Fitted,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Linear {
        let at = T::params(w);
        let n = at.len();
        assert!(n <= usize::from(u16::MAX) + 1, "too many weights: {n}");
        assert_eq!(fitted.len(), n);
        let done = AtomicUsize::new(0);
        let rows: Vec<Vec<Row>> = positions
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut w = w.clone();
                let rows = chunk.iter().map(|p| row::<T>(p, &mut w, fitted)).collect();
                progress(done.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len());
                rows
            })
            .collect();
        let mut model = Linear {
            at,
            base: Vec::with_capacity(positions.len()),
            start: Vec::with_capacity(positions.len() + 1),
            index: Vec::new(),
            slope: Vec::new(),
        };
        model.start.push(0);
        for r in rows.into_iter().flatten() {
            model.base.push(r.base);
            model.index.extend(r.index);
            model.slope.extend(r.slope);
            model.start.push(model.index.len());
        }
        model
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.base.len()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.base.is_empty()
    }

    /// Gradient entries in all, over the positions.
    pub fn entries(&self) -> usize {
        self.index.len()
    }

    /// Position `j`'s gradient entries: (weight, derivative).
    #[inline]
    pub fn row(&self, j: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let r = self.start[j]..self.start[j + 1];
        self.index[r.clone()]
            .iter()
            .zip(&self.slope[r])
            .map(|(&i, &g)| (usize::from(i), f64::from(g)))
    }

    /// Position `j`'s evaluation in the model when the weights are `at + delta`.
    #[inline]
    pub fn eval(&self, j: usize, delta: &[f64]) -> f64 {
        self.base[j] + self.row(j).map(|(i, g)| g * delta[i]).sum::<f64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::model::CourierEval;
    use kurier_engine::eval::courier::W;
    use kurier_engine::eval::table::WeightTable;
    use kurier_rules::game::Game;
    use kurier_rules::games::courier::Courier;

    /// Positions from random games from the start, every few plies.
    fn playouts(n: usize) -> Vec<Courier> {
        let mut rng = crate::rng::SplitMix64::new(5);
        let mut out = Vec::new();
        while out.len() < n {
            let mut pos = Courier::start();
            for ply in 0..120 {
                let mut moves = kurier_rules::game::MoveList::new();
                pos.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves.as_slice()[rng.below(moves.len())]);
                if ply % 7 == 6 {
                    out.push(pos);
                }
            }
        }
        out
    }

    #[test]
    fn group_testing_finds_the_slopes_of_every_weight() {
        let n = W.params().len();
        let some = Fitted::new(&(0..n).map(|i| i % 3 != 1).collect::<Vec<_>>());
        for (k, pos) in playouts(60).iter().enumerate() {
            let mut w = W.clone();
            let fitted = if k % 2 == 0 {
                Fitted::all(n)
            } else {
                some.clone()
            };
            let fast = row::<CourierEval>(pos, &mut w, &fitted);
            let dense = row_dense::<CourierEval>(pos, &mut w, &fitted);
            assert_eq!(w, W);
            assert_eq!(fast.index, dense.index, "{}", pos.fen());
            assert_eq!(fast.slope, dense.slope);
            assert_eq!(fast.base, dense.base);
        }
    }

    #[test]
    fn the_model_predicts_a_changed_table_where_the_evaluation_is_linear() {
        let fens = [
            "r1eb2kw1e1r/1p1pmp2p1p1/n1p4p1p2/p10p/P5P4P/1P9N/R2PPP2PPP1/1N1b1MKWBE1R b - - 0 13",
            "12/2p9/3k8/12/8P3/12/4K1R5/12 b - - 3 60",
        ];
        let positions: Vec<Courier> = fens.iter().map(|f| Courier::from_fen(f).unwrap()).collect();
        let refs: Vec<&Courier> = positions.iter().collect();
        let n = W.params().len();
        let model = Linear::build::<CourierEval>(&refs, &W, &Fitted::all(n), &|_| {});
        assert_eq!(model.len(), 2);
        // The material and the piece-square weights enter linearly: moving them moves the
        // model exactly as it moves the evaluation.
        let names = W.param_names();
        let mut w = W.clone();
        let mut delta = vec![0.0; names.len()];
        for (i, name) in names.iter().enumerate() {
            if name.starts_with("material[3]") || name.starts_with("pst[0]") {
                *w.param_mut(i) += 7;
                delta[i] = 7.0;
            }
        }
        for (j, pos) in positions.iter().enumerate() {
            let exact = white_view(pos, CourierEval::evaluate_exact(pos, &w));
            assert!((model.eval(j, &delta) - exact).abs() < 1e-3, "{j}");
        }
        // White's extra rook in the second position: the change shows.
        let second = white_view(
            &positions[1],
            CourierEval::evaluate_exact(&positions[1], &w),
        );
        assert!((model.base[1] - second).abs() > 1.0);
        // Both sides have two rooks in the first position: the rook's material drops out of
        // its gradient (sparse), not out of the second's.
        let rook = names.iter().position(|n| n == "material[3].mg").unwrap();
        assert!(!model.row(0).any(|(i, _)| i == rook));
        assert!(model.row(1).any(|(i, _)| i == rook));
    }
}
