//! Dual checkers' evaluation as the tuner sees it.

use super::Tunable;
use kurier_engine::eval::dual::{self, Weights};
use kurier_rules::games::dual::DualCheckers;

/// Dual checkers' evaluation ([`kurier_engine::eval::dual`]): its table goes to
/// `crates/kurier-engine/src/eval/dual/table.rs`.
#[derive(Clone, Copy, Debug)]
pub struct DualEval;

impl Tunable for DualEval {
    type Game = DualCheckers;
    type Weights = Weights;
    const TABLE: &'static str = "crates/kurier-engine/src/eval/dual/table.rs";

    fn shipped() -> Weights {
        dual::W
    }
    fn evaluate(pos: &DualCheckers, w: &Weights) -> i32 {
        dual::evaluate_with(pos, w)
    }
    /// The evaluation is linear in its weights and has no rounding.
    fn evaluate_exact(pos: &DualCheckers, w: &Weights) -> f64 {
        f64::from(dual::evaluate_with(pos, w))
    }
}
