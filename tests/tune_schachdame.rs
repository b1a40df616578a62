//! `kurier tune` on Schachdame's evaluation (issue 13, item 2): the evaluation with any table
//! equals the engine's with its own, the tuner recovers known weights from data labelled with
//! them and keeps the rising shapes, and the written table is the engine's `table.rs`.

use kurier_engine::eval::schachdame::{self, Weights, W};
use kurier_engine::eval::table::WeightTable;
use kurier_engine::search::Searchable;
use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::schachdame::Schachdame;
use kurier_tune::rng::SplitMix64;
use kurier_tune::tune::data::Labelled;
use kurier_tune::tune::fit::sigmoid;
use kurier_tune::tune::model::{white_view, SchachdameEval, Tunable};
use kurier_tune::tune::{fit, Settings};
use std::path::Path;

/// Positions from random games from the start: every second ply of games of up to `plies`
/// plies, until `n` are found whose evaluation is within `bound` centipawns.
fn playouts(n: usize, plies: usize, bound: i32, seed: u64) -> Vec<Schachdame> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Schachdame::start();
        for ply in 0..plies {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves.as_slice()[rng.below(moves.len())]);
            if ply % 2 == 1 && pos.evaluate().abs() <= bound && out.len() < n {
                out.push(pos);
            }
        }
    }
    out
}

/// Positions labelled with `sigmoid(k, evaluation with w)` (the probability itself).
fn labelled(positions: &[Schachdame], w: &Weights, k: f64) -> Vec<Labelled<Schachdame>> {
    positions
        .iter()
        .map(|pos| {
            let e = white_view(pos, f64::from(schachdame::evaluate_with(pos, w)));
            Labelled {
                pos: *pos,
                result: sigmoid(k, e),
                score: e,
            }
        })
        .collect()
}

fn index(name: &str) -> usize {
    W.param_names().iter().position(|n| n == name).unwrap()
}

#[test]
fn the_evaluation_with_the_shipped_table_is_the_engines() {
    for pos in &playouts(3000, 120, i32::MAX, 1) {
        let engine = pos.evaluate();
        assert_eq!(schachdame::evaluate_with(pos, &W), engine, "{}", pos.fen());
        let exact = schachdame::evaluate_exact(pos, &W);
        assert!((exact - f64::from(engine)).abs() < 1.0, "{}", pos.fen());
    }
}

/// The fitted fields are not sums of one another over every position (the three entries of
/// `king_shelter` are: each side has exactly one of them, so a constant added to all three
/// changes no evaluation, and no fit could tell it).
#[test]
fn the_tuner_recovers_known_weights() {
    let moves = [
        ("material[1].mg", 40),
        ("material[0].eg", -15),
        ("hanging.mg", 20),
        ("safe_check.mg", -12),
        ("tempo", 15),
    ];
    let mut truth = W.clone();
    for (name, by) in moves {
        *truth.param_mut(index(name)) += by;
    }
    let data = labelled(&playouts(4000, 120, 600, 2), &truth, 1.0);
    let settings = Settings {
        epochs: 60,
        outer: 3,
        lr: 2.0,
        batch: 256,
        k: Some(1.0),
        only: ["material", "hanging", "safe_check", "tempo"]
            .map(String::from)
            .to_vec(),
        l2: 0.0,
        ..Settings::default()
    };
    let fit = fit::<SchachdameEval>(&data, &W, &settings, &|_| {});
    assert_eq!(fit.params, 6 + 2 + 2 + 1);
    assert!(fit.before.train > 1e-4, "{:?}", fit.before);
    assert!(fit.after.train < 1e-6, "{:?} {:?}", fit.before, fit.after);
    let (end, goal) = (fit.weights.params(), truth.params());
    for (name, by) in moves {
        let i = index(name);
        assert!(
            (goal[i] - end[i]).abs() <= 2,
            "{name}: {} -> {}, truth {} ({by:+})",
            W.params()[i],
            end[i],
            goal[i]
        );
    }
}

#[test]
fn a_fit_keeps_bishop_mobility_rising() {
    // The truth: a bishop with six squares is worth far less than one with five.
    let mut truth = W.clone();
    *truth.param_mut(index("mobility_bishop[6].mg")) -= 80;
    *truth.param_mut(index("mobility_bishop[6].eg")) -= 80;
    let data = labelled(&playouts(3000, 120, 600, 4), &truth, 1.0);
    let settings = Settings {
        epochs: 30,
        outer: 2,
        lr: 2.0,
        batch: 256,
        k: Some(1.0),
        only: vec!["mobility_bishop".to_string()],
        l2: 0.0,
        ..Settings::default()
    };
    let fit = fit::<SchachdameEval>(&data, &W, &settings, &|_| {});
    let end = fit.weights.params();
    for ph in ["mg", "eg"] {
        let line: Vec<i32> = (0..14)
            .map(|i| end[index(&format!("mobility_bishop[{i}].{ph}"))])
            .collect();
        assert!(line.windows(2).all(|p| p[0] <= p[1]), "{ph}: {line:?}");
    }
    assert!(fit.after.train < fit.before.train);
}

#[test]
fn the_written_table_is_the_engines_table_rs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped = std::fs::read_to_string(root.join(SchachdameEval::TABLE)).unwrap();
    assert_eq!(SchachdameEval::source(&W), shipped);
}
