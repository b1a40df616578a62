//! The float network turned into the engine's integer one ([`quantise`], by the rules of
//! [`kurier_engine::nnue::network`]), and the check that the two agree ([`check`]): the
//! engine's own evaluation from scratch ([`evaluate_full`]) against the float network's
//! centipawns, position by position. Rounding each weight to a step of `1/QA` or `1/QB` and the
//! integer division of the output move an evaluation by a few centipawns at most on a trained
//! network; a mean difference above [`TOLERANCE_CP`] means the two do not compute the same
//! function (a bug in either), and `kurier train` fails rather than write the network.

use super::net::Net;
use kurier_engine::nnue::features::{active, FeatureSet};
use kurier_engine::nnue::network::{Network, HIDDEN, QA, QB};
use kurier_engine::nnue::stack::evaluate_full;

/// The largest mean |quantised − float| evaluation, in centipawns, that the check accepts.
pub const TOLERANCE_CP: f64 = 5.0;

/// `x · scale` rounded to the nearest integer (the weights are clipped, so it fits).
fn round(x: f32, scale: i32) -> f64 {
    (f64::from(x) * f64::from(scale)).round()
}

/// The quantised network of `net` for the game named `variant`: feature weights and biases
/// `round(w · QA)`, output weights `round(w · QB)`, output bias `round(b · QA · QB)`.
pub fn quantise(net: &Net, variant: &str) -> Network {
    let n = net.inputs();
    let to_i16 = |rows: &[[f32; HIDDEN]], scale: i32| -> Vec<i16> {
        rows.iter()
            .flatten()
            .map(|&w| round(w, scale) as i16)
            .collect()
    };
    let rows = net.rows();
    Network::from_parts(
        variant,
        n,
        net.activation(),
        &to_i16(&rows[..n], QA),
        &to_i16(&rows[n..n + 1], QA),
        &to_i16(&rows[n + 1..n + 3], QB),
        round(net.output_bias(), QA * QB) as i32,
    )
}

/// How far the quantised network is from the float one.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Check {
    /// Positions compared.
    pub positions: usize,
    /// The mean |quantised − float| in centipawns.
    pub mean_cp: f64,
    /// The largest.
    pub max_cp: f64,
}

impl Check {
    /// Whether the mean is within [`TOLERANCE_CP`].
    pub fn passes(&self) -> bool {
        self.mean_cp <= TOLERANCE_CP
    }
}

/// The float network's evaluation of `pos` in centipawns, the side to move's view.
pub fn float_cp<G: FeatureSet>(net: &Net, pos: &G) -> f64 {
    let us = pos.side_to_move();
    let mut inputs = [Vec::new(), Vec::new()];
    for (list, perspective) in inputs.iter_mut().zip([us, !us]) {
        active(pos, perspective, |i| list.push(i as u16));
    }
    net.centipawns(&inputs[0], &inputs[1])
}

/// Compares the engine's evaluation with `quantised` ([`evaluate_full`]) and the float
/// network's on each of `positions`.
pub fn check<G: FeatureSet>(net: &Net, quantised: &Network, positions: &[G]) -> Check {
    let mut c = Check {
        positions: positions.len(),
        ..Check::default()
    };
    let mut sum = 0.0;
    for pos in positions {
        let d = (f64::from(evaluate_full(quantised, pos)) - float_cp(net, pos)).abs();
        sum += d;
        c.max_cp = c.max_cp.max(d);
    }
    c.mean_cp = sum / positions.len().max(1) as f64;
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_engine::nnue::network::Activation;
    use kurier_rules::game::{Game, MoveList};
    use kurier_rules::games::courier::Courier;

    #[test]
    fn a_random_network_quantises_within_the_tolerance() {
        for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
            quantises_within_the_tolerance(activation);
        }
    }

    fn quantises_within_the_tolerance(activation: Activation) {
        let mut net = Net::new(1728, activation, 4);
        net.rows_mut()[1731][0] = -0.3;
        let q = quantise(&net, "courier");
        assert_eq!((q.variant(), q.inputs()), ("courier", 1728));
        assert_eq!(q.activation(), activation);
        let mut positions = vec![Courier::start()];
        for i in 0..200 {
            let mut moves = MoveList::new();
            positions[i].generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            positions.push(positions[i].play(moves[(i * 7) % moves.len()]));
        }
        let c = check(&net, &q, &positions);
        assert_eq!(c.positions, positions.len());
        assert!(c.passes() && c.max_cp < 10.0, "{activation:?} {c:?}");
    }
}
