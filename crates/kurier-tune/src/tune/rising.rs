//! Shape constraints of a fit: lines of weights that must not fall (mobility by squares, a
//! passed pawn by rank).
//!
//! The fit steps in [`Steps`] coordinates: a line's first movable weight and the rises from
//! each movable weight to the next, a rise kept at zero or above. A bound on a single
//! coordinate is what Adam's per-weight step sizes respect; projecting the weights themselves
//! after an Adam step is not (Adam scales each weight's step by its own gradient history, so
//! pooling a rare weight's full-size step with a common one's drifts the whole line, and the
//! fit ended worse than it started in the test that found it). The weights the fit does not
//! move (not chosen, or too few positions) stay and bound the moving ones between them:
//! [`Rising::project`] (the nearest rising weights in least squares, by pooling adjacent
//! violators) enforces those bounds. Written by hand: no numerics crate offers isotonic
//! regression with fixed points, and the change of coordinates is a prefix sum.

/// Lines of weight indices, each to be kept non-decreasing, and which weights may move.
#[derive(Clone, Debug, Default)]
pub struct Rising {
    lines: Vec<Vec<usize>>,
}

impl Rising {
    /// The lines given as indices into the weight vector.
    pub fn new(lines: Vec<Vec<usize>>) -> Rising {
        Rising { lines }
    }

    /// How many lines there are.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Moves the weights that `moves` allows to the nearest values that keep every line
    /// non-decreasing; the other weights stay and bound the moving ones between them. A line
    /// whose fixed weights themselves fall is left as it is between them. Returns whether a
    /// weight changed.
    pub fn project(&self, w: &mut [f64], moves: impl Fn(usize) -> bool) -> bool {
        let mut changed = false;
        for line in &self.lines {
            // Runs of movable weights between fixed ones (or the line's ends).
            let mut lo = f64::NEG_INFINITY;
            let mut run: Vec<usize> = Vec::new();
            for &i in line.iter().chain(std::iter::once(&usize::MAX)) {
                if i != usize::MAX && moves(i) {
                    run.push(i);
                    continue;
                }
                let hi = if i == usize::MAX { f64::INFINITY } else { w[i] };
                if !run.is_empty() && lo <= hi {
                    let values: Vec<f64> = run.iter().map(|&j| w[j]).collect();
                    for (&j, v) in run.iter().zip(isotonic(&values)) {
                        // Clipping the unbounded solution solves the bounded problem.
                        let v = v.clamp(lo, hi);
                        changed |= w[j] != v;
                        w[j] = v;
                    }
                }
                run.clear();
                if i != usize::MAX {
                    lo = w[i];
                }
            }
        }
        changed
    }
}

/// The fit's coordinates for one linearisation: each line's movable weights, in order, as the
/// first one's value and the rises from one to the next (see the module comment).
#[derive(Clone, Debug, Default)]
pub struct Steps {
    lines: Vec<Vec<usize>>,
}

impl Steps {
    /// The movable weights of each of `rising`'s lines (`moves`), lines of one weight dropped.
    /// A weight on two lines is kept on the first only.
    pub fn new(rising: &Rising, moves: impl Fn(usize) -> bool) -> Steps {
        let mut seen = std::collections::HashSet::new();
        let lines = rising
            .lines
            .iter()
            .map(|line| {
                line.iter()
                    .copied()
                    .filter(|&i| moves(i) && seen.insert(i))
                    .collect::<Vec<_>>()
            })
            .filter(|line| line.len() > 1)
            .collect();
        Steps { lines }
    }

    /// The coordinates of weights `w` (the other weights are their own coordinates).
    pub fn encode(&self, w: &[f64]) -> Vec<f64> {
        let mut z = w.to_vec();
        for line in &self.lines {
            for pair in line.windows(2) {
                z[pair[1]] = w[pair[1]] - w[pair[0]];
            }
        }
        z
    }

    /// The weights of coordinates `z`, with every rise first kept at zero or above.
    pub fn decode(&self, z: &mut [f64]) -> Vec<f64> {
        let mut w = z.to_vec();
        for line in &self.lines {
            for pair in line.windows(2) {
                z[pair[1]] = z[pair[1]].max(0.0);
                w[pair[1]] = w[pair[0]] + z[pair[1]];
            }
        }
        w
    }

    /// The gradient in coordinates from the gradient in weights `g`: a rise moves every weight
    /// after it on its line.
    pub fn chain(&self, g: &mut [f64]) {
        for line in &self.lines {
            for k in (1..line.len()).rev() {
                g[line[k - 1]] += g[line[k]];
            }
        }
    }
}

/// The non-decreasing sequence nearest to `y` in least squares (pool adjacent violators).
pub fn isotonic(y: &[f64]) -> Vec<f64> {
    // Blocks of (mean, count), merged while a block's mean is below the one before it.
    let mut blocks: Vec<(f64, usize)> = Vec::with_capacity(y.len());
    for &v in y {
        blocks.push((v, 1));
        while blocks.len() > 1 {
            let (m2, n2) = blocks[blocks.len() - 1];
            let (m1, n1) = blocks[blocks.len() - 2];
            if m1 <= m2 {
                break;
            }
            blocks.pop();
            let n = n1 + n2;
            *blocks.last_mut().expect("two blocks") =
                ((m1 * n1 as f64 + m2 * n2 as f64) / n as f64, n);
        }
    }
    blocks
        .into_iter()
        .flat_map(|(m, n)| std::iter::repeat_n(m, n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isotonic_pools_the_violators_and_keeps_a_rising_line() {
        assert_eq!(isotonic(&[1.0, 2.0, 3.0]), vec![1.0, 2.0, 3.0]);
        assert_eq!(isotonic(&[3.0, 1.0]), vec![2.0, 2.0]);
        assert_eq!(
            isotonic(&[1.0, 4.0, 2.0, 0.0, 5.0]),
            vec![1.0, 2.0, 2.0, 2.0, 5.0]
        );
        assert!(isotonic(&[]).is_empty());
    }

    #[test]
    fn steps_keep_the_lines_rising_and_chain_the_gradient() {
        let r = Rising::new(vec![vec![0, 1, 2], vec![3, 4]]);
        let steps = Steps::new(&r, |i| i != 4);
        let w = vec![1.0, 3.0, 6.0, 2.0, 9.0];
        let mut z = steps.encode(&w);
        assert_eq!(z, vec![1.0, 2.0, 3.0, 2.0, 9.0]);
        assert_eq!(steps.decode(&mut z), w);
        // A rise driven below zero is held at zero: the line stays rising.
        z[1] = -5.0;
        assert_eq!(steps.decode(&mut z), vec![1.0, 1.0, 4.0, 2.0, 9.0]);
        assert_eq!(z[1], 0.0);
        // d loss / d first = the sum over the line; d loss / d rise k = the sum from k on.
        let mut g = vec![1.0, 10.0, 100.0, 5.0, 7.0];
        steps.chain(&mut g);
        assert_eq!(g, vec![111.0, 110.0, 100.0, 5.0, 7.0]);
    }

    #[test]
    fn fixed_weights_stay_and_bound_the_others() {
        // Weights 0..5 on one line; 2 is fixed at 5.
        let r = Rising::new(vec![vec![0, 1, 2, 3, 4]]);
        let mut w = vec![7.0, 6.0, 5.0, 1.0, 9.0];
        r.project(&mut w, |i| i != 2);
        assert_eq!(w, vec![5.0, 5.0, 5.0, 5.0, 9.0]);
        // Indices off the line are not touched.
        let r = Rising::new(vec![vec![3, 1]]);
        let mut w = vec![9.0, 1.0, 0.0, 4.0];
        r.project(&mut w, |_| true);
        assert_eq!(w, vec![9.0, 2.5, 0.0, 2.5]);
    }
}
