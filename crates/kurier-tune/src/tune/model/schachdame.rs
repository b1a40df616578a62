//! Schachdame's evaluation as the tuner sees it.

use super::Tunable;
use kurier_engine::eval::schachdame::{self, Weights};
use kurier_rules::games::schachdame::Schachdame;

/// Schachdame's evaluation ([`kurier_engine::eval::schachdame`]): its table goes to
/// `crates/kurier-engine/src/eval/schachdame/table.rs`.
#[derive(Clone, Copy, Debug)]
pub struct SchachdameEval;

impl Tunable for SchachdameEval {
    type Game = Schachdame;
    type Weights = Weights;
    const TABLE: &'static str = "crates/kurier-engine/src/eval/schachdame/table.rs";

    fn shipped() -> Weights {
        schachdame::W
    }
    fn evaluate(pos: &Schachdame, w: &Weights) -> i32 {
        schachdame::evaluate_with(pos, w)
    }
    fn evaluate_exact(pos: &Schachdame, w: &Weights) -> f64 {
        schachdame::evaluate_exact(pos, w)
    }
}
