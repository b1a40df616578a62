//! What the tuner needs from an evaluation ([`Tunable`]), and each game's that has one:
//! Courier's ([`CourierEval`], `courier.rs`), Schachdame's ([`SchachdameEval`],
//! `schachdame.rs`) and Dual checkers' ([`DualEval`], `dual.rs`).
//!
//! The machinery (reading, filtering, linearising, fitting, writing) is generic over it: a
//! variant becomes tunable by giving its evaluation a table of weights that can be read with
//! any values (not only a constant), numbered weights, an unrounded evaluation and a source
//! writer.

mod courier;
mod dual;
mod schachdame;

pub use courier::CourierEval;
pub use dual::DualEval;
pub use schachdame::SchachdameEval;

use kurier_engine::eval::table::WeightTable;
use kurier_engine::search::Searchable;
use kurier_rules::game::{Color, Game};

/// An evaluation whose weights the tuner can fit.
pub trait Tunable {
    /// The game.
    type Game: Searchable;
    /// Its table of weights.
    type Weights: WeightTable + Send + Sync;
    /// The command line's name of the game.
    const NAME: &'static str = <Self::Game as Game>::NAME;
    /// The engine's source file that holds the table ([`Tunable::source`] writes one).
    const TABLE: &'static str;

    /// The engine's table.
    fn shipped() -> Self::Weights;
    /// The fitted weights' names, in order.
    fn names(w: &Self::Weights) -> Vec<String> {
        w.param_names()
    }
    /// The fitted weights, in order.
    fn params(w: &Self::Weights) -> Vec<i32> {
        w.params()
    }
    /// Sets the fitted weights, in order.
    fn set_params(w: &mut Self::Weights, values: &[i32]) {
        w.set_params(values);
    }
    /// The `i`-th fitted weight.
    fn param_mut(w: &mut Self::Weights, i: usize) -> &mut i32 {
        w.param_mut(i)
    }
    /// Adds `deltas[k]` to the fitted weight `start + k`.
    fn add_params(w: &mut Self::Weights, start: usize, deltas: &[i32]) {
        w.add_params(start, deltas);
    }
    /// The evaluation with `w`, from the side to move's point of view, as the engine plays it.
    fn evaluate(pos: &Self::Game, w: &Self::Weights) -> i32;
    /// The evaluation with `w` before its last roundings (the side to move's point of view):
    /// what the finite differences are taken of.
    fn evaluate_exact(pos: &Self::Game, w: &Self::Weights) -> f64;
    /// The source of the engine's table file holding `w`.
    fn source(w: &Self::Weights) -> String {
        w.to_source()
    }
    /// Lines of weights (by [`Tunable::names`]) that must not fall: shapes the evaluation
    /// needs whatever the data say (mobility rising with the squares, for one). None unless
    /// the evaluation says so.
    fn rising(w: &Self::Weights) -> Vec<Vec<String>> {
        w.rising_lines()
    }
}

/// `v`, a score from the side to move's point of view, from White's.
pub fn white_view<G: Game>(pos: &G, v: f64) -> f64 {
    if pos.side_to_move() == Color::White {
        v
    } else {
        -v
    }
}
