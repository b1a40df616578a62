//! Courier's evaluation as the tuner sees it.

use super::Tunable;
use kurier_engine::eval::courier::{self, Weights};
use kurier_rules::games::courier::Courier;

/// Courier's evaluation ([`kurier_engine::eval::courier`]): its table goes to
/// `crates/kurier-engine/src/eval/courier/table.rs`.
#[derive(Clone, Copy, Debug)]
pub struct CourierEval;

impl Tunable for CourierEval {
    type Game = Courier;
    type Weights = Weights;
    const TABLE: &'static str = "crates/kurier-engine/src/eval/courier/table.rs";

    fn shipped() -> Weights {
        courier::W
    }
    fn evaluate(pos: &Courier, w: &Weights) -> i32 {
        courier::evaluate_with(pos, w)
    }
    fn evaluate_exact(pos: &Courier, w: &Weights) -> f64 {
        courier::evaluate_exact(pos, w)
    }
}
