//! `kurier tune` (issue 13, item 2): the Courier evaluation with any table equals the engine's
//! with its own, the tuner recovers known weights from data labelled with them, `K` is found,
//! the written table is source the engine's `table.rs` form, and the command line reports bad
//! data by file and line.

#[path = "support/temp.rs"]
mod temp;
use kurier_engine::eval::courier::{self, Weights, W};
use kurier_engine::eval::table::WeightTable;
use kurier_engine::search::Searchable;
use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::courier::Courier;
use kurier_tune::rng::SplitMix64;
use kurier_tune::tune::data::Labelled;
use kurier_tune::tune::fit::sigmoid;
use kurier_tune::tune::model::{white_view, CourierEval, Tunable};
use kurier_tune::tune::{fit, Settings};
use std::path::{Path, PathBuf};
use std::process::Command;
use syn::visit::Visit;

/// The hand-set table the recovery tests start from: a fixed, well-conditioned start (from the
/// shipped tuned table some material weights are nearly collinear with the fitted endgame
/// terms, and the fit reaches them only slowly).
mod hand {
    include!("fixtures/hand_table.rs");
}
use hand::HAND;

/// Positions from random games from the start: every third ply of games of up to `plies`
/// plies, until `n` are found whose evaluation is within `bound` centipawns.
fn playouts(n: usize, plies: usize, bound: i32, seed: u64) -> Vec<Courier> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Courier::start();
        for ply in 0..plies {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves.as_slice()[rng.below(moves.len())]);
            if ply % 3 == 2 && pos.evaluate().abs() <= bound && out.len() < n {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn the_evaluation_with_the_shipped_table_is_the_engines() {
    let positions = playouts(3000, 200, i32::MAX, 1);
    for pos in &positions {
        let engine = pos.evaluate();
        assert_eq!(courier::evaluate_with(pos, &W), engine, "{}", pos.fen());
        let exact = courier::evaluate_exact(pos, &W);
        assert!(
            (exact - f64::from(engine)).abs() <= 3.0,
            "{} {exact} {engine}",
            pos.fen()
        );
    }
    // And another table gives another evaluation.
    let mut other = W.clone();
    other.tempo += 5;
    let pos = &positions[0];
    assert_eq!(courier::evaluate_with(pos, &other), pos.evaluate() + 5);
}

/// The shipped table with a few weights moved: what the synthetic data is labelled with.
fn known() -> (Weights, Vec<(&'static str, i32)>) {
    let moves = [
        ("material[1].mg", 40),
        ("material[3].eg", -45),
        ("hanging.mg", 15),
        ("king_shelter", 10),
        ("tempo", 15),
    ];
    let mut w = HAND.clone();
    let names = w.param_names();
    for (name, by) in moves {
        let i = names.iter().position(|n| n == name).unwrap();
        *w.param_mut(i) += by;
    }
    (w, moves.to_vec())
}

/// Positions labelled with `sigmoid(k, evaluation with w)` (the probability itself).
fn labelled(positions: &[Courier], w: &Weights, k: f64) -> Vec<Labelled<Courier>> {
    positions
        .iter()
        .map(|pos| {
            let e = white_view(pos, f64::from(courier::evaluate_with(pos, w)));
            Labelled {
                pos: *pos,
                result: sigmoid(k, e),
                score: e,
            }
        })
        .collect()
}

/// The fields the recovery test fits: the moved weights are among them, and none of them is
/// a sum of others over every position (the rook's material is the sum of its mobility
/// weights, one of which applies to every rook: they could not be told apart).
const FIELDS: [&str; 4] = ["material", "hanging", "king_shelter", "tempo"];

#[test]
fn the_tuner_recovers_known_weights() {
    let (truth, moved) = known();
    let data = labelled(&playouts(4000, 200, 600, 2), &truth, 1.0);
    let settings = Settings {
        epochs: 60,
        outer: 3,
        lr: 2.0,
        batch: 256,
        k: Some(1.0),
        only: FIELDS.map(String::from).to_vec(),
        // Pure Texel: no pull toward the start, which would stop short of the truth.
        l2: 0.0,
        ..Settings::default()
    };
    let fit = fit::<CourierEval>(&data, &HAND, &settings, &|_| {});
    assert_eq!(fit.params, 18 + 2 + 1 + 1);
    assert!(fit.before.train > 1e-4, "{:?}", fit.before);
    eprintln!("{:?} {:?}", fit.before, fit.after);
    assert!(fit.after.train < 1e-6, "{:?} {:?}", fit.before, fit.after);
    assert!(fit.after.validation.unwrap() < 1e-6);
    let names = HAND.param_names();
    let (start, end, goal) = (HAND.params(), fit.weights.params(), truth.params());
    for (name, by) in moved {
        let i = names.iter().position(|n| n == name).unwrap();
        assert!(
            (goal[i] - end[i]).abs() <= 2,
            "{name}: {} -> {}, truth {} ({by:+})",
            start[i],
            end[i],
            goal[i]
        );
    }
    // The weights that were not moved stay within a step or two.
    for c in &fit.changed {
        let i = names.iter().position(|n| *n == c.name).unwrap();
        assert!((goal[i] - end[i]).abs() <= 2, "{c:?}");
    }
}

#[test]
fn a_fit_keeps_the_rising_shapes_the_data_would_break() {
    // The truth: a fers with three squares is worth far less than one with two (a shape the
    // evaluation's tests forbid, `mobility.rs`). The fit must keep the line rising.
    let mut truth = W.clone();
    let names = W.param_names();
    let at = |n: &str| names.iter().position(|m| m == n).unwrap();
    *truth.param_mut(at("mobility_fers[3].mg")) -= 60;
    *truth.param_mut(at("mobility_fers[3].eg")) -= 60;
    let data = labelled(&playouts(3000, 200, 600, 4), &truth, 1.0);
    let settings = Settings {
        epochs: 30,
        outer: 2,
        lr: 2.0,
        batch: 256,
        k: Some(1.0),
        only: vec!["mobility_fers".to_string()],
        l2: 0.0,
        ..Settings::default()
    };
    let fit = fit::<CourierEval>(&data, &W, &settings, &|_| {});
    let end = fit.weights.params();
    for ph in ["mg", "eg"] {
        let line: Vec<i32> = (0..5)
            .map(|i| end[at(&format!("mobility_fers[{i}].{ph}"))])
            .collect();
        assert!(line.windows(2).all(|p| p[0] <= p[1]), "{ph}: {line:?}");
        // The data wants entry 3 below entry 2; the projection holds it at its neighbour, so
        // the constraint binds (an unconstrained fit leaves line[3] < line[2]).
        assert_eq!(line[3], line[2], "{ph}: {line:?}");
    }
    assert!(
        fit.after.train < fit.before.train,
        "{:?} {:?}",
        fit.before,
        fit.after
    );
}

#[test]
fn fitting_every_weight_brings_the_loss_down() {
    let (truth, _) = known();
    let data = labelled(&playouts(3000, 200, 600, 6), &truth, 1.0);
    let settings = Settings {
        epochs: 20,
        outer: 2,
        lr: 1.0,
        batch: 256,
        k: Some(1.0),
        ..Settings::default()
    };
    let fit = fit::<CourierEval>(&data, &W, &settings, &|_| {});
    assert!(fit.params > 1000);
    let (before, after) = (fit.before, fit.after);
    assert!(after.train < before.train / 5.0, "{before:?} {after:?}");
    assert!(after.validation.unwrap() < before.validation.unwrap() / 3.0);
}

#[test]
fn k_is_fitted_to_the_results() {
    let positions = playouts(1500, 60, 600, 3);
    let data = labelled(&positions, &W, 1.7);
    let settings = Settings {
        epochs: 0,
        outer: 0,
        ..Settings::default()
    };
    let fit = fit::<CourierEval>(&data, &W, &settings, &|_| {});
    assert!(fit.k_fitted);
    assert!((fit.k - 1.7).abs() < 1e-3, "{}", fit.k);
    assert!(fit.before.train < 1e-9);
    assert!(fit.changed.is_empty());
    assert_eq!(fit.weights, W);
}

/// Every integer of the constant `W` in `source`, in order (negated literals negative).
fn numbers_of(source: &str) -> Vec<i32> {
    struct Ints(Vec<i32>);
    impl<'a> Visit<'a> for Ints {
        fn visit_expr(&mut self, e: &'a syn::Expr) {
            match e {
                syn::Expr::Unary(syn::ExprUnary {
                    op: syn::UnOp::Neg(_),
                    expr,
                    ..
                }) => {
                    if let syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Int(i),
                        ..
                    }) = &**expr
                    {
                        self.0.push(-i.base10_parse::<i32>().unwrap());
                    }
                }
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(i),
                    ..
                }) => self.0.push(i.base10_parse().unwrap()),
                _ => syn::visit::visit_expr(self, e),
            }
        }
    }
    let file = syn::parse_file(source).expect("the written table is Rust");
    let mut ints = Ints(Vec::new());
    for item in &file.items {
        if let syn::Item::Const(c) = item {
            assert_eq!(c.ident, "W");
            ints.visit_expr(&c.expr);
        }
    }
    ints.0
}

/// Every number of `w`, fitted or not, in the order of its fields.
fn numbers(w: &Weights) -> Vec<i32> {
    let mut w = w.clone();
    let mut out = Vec::new();
    w.fields(&mut |_, v| out.extend((0..v.count()).map(|i| *v.leaf_mut(i))));
    out
}

#[test]
fn the_written_table_is_the_engines_table_rs_and_reads_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped = std::fs::read_to_string(root.join(CourierEval::TABLE)).unwrap();
    assert_eq!(CourierEval::source(&W), shipped);
    let (mut w, _) = known();
    w.phase[1] = 7; // a number the tuner does not fit is written too
    let source = w.to_source();
    assert_eq!(numbers_of(&source), numbers(&w));
    assert_ne!(numbers(&w), numbers(&W));
}

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    temp::fresh_dir("tune", name)
}

fn kurier(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_bad_data_line_names_its_file_and_line() {
    let dir = temp_dir("bad");
    let file = dir.join("data.txt");
    let fen = kurier_rules::games::courier::START_FEN;
    std::fs::write(
        &file,
        format!("# made up\n{fen} | 10 | 0.5\n{fen} | ten | 0.5\n"),
    )
    .unwrap();
    let out = dir.join("table.rs");
    let (file_s, out_s) = (file.to_str().unwrap(), out.to_str().unwrap());
    let run = kurier(&["tune", "--variant", "courier", file_s, "--out", out_s]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains(&format!("{file_s}:3: score 'ten' is not an integer")),
        "{err}"
    );
    assert!(run.stdout.is_empty());
    assert!(!out.exists());
    // A field that is not in the table.
    let run = kurier(&[
        "tune",
        "--variant",
        "courier",
        file_s,
        "--only",
        "materal",
        "--out",
        out_s,
    ]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("--only materal: names no field of the table"),
        "{err}"
    );
    // A missing file is named.
    let run = kurier(&[
        "tune",
        "--variant",
        "courier",
        "nowhere.txt",
        "--out",
        out_s,
    ]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("cannot read nowhere.txt"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_command_line_fits_writes_the_table_and_is_deterministic() {
    let dir = temp_dir("run");
    let file = dir.join("data.txt");
    // Results drawn from the sigmoid of the evaluation with the known table.
    let (truth, _) = known();
    let mut rng = SplitMix64::new(9);
    let mut text = String::from("# kurier tune test data\n");
    for d in labelled(&playouts(600, 60, 600, 4), &truth, 1.0) {
        let r = rng.below(1000) as f64 / 1000.0;
        let result = if r < d.result { "1.0" } else { "0.0" };
        text += &format!("{} | {} | {result}\n", d.pos.fen(), d.score as i32);
    }
    std::fs::write(&file, text).unwrap();
    let run = |threads: &str, out: &Path| {
        kurier(&[
            "tune",
            "--variant",
            "courier",
            file.to_str().unwrap(),
            "--epochs",
            "3",
            "--outer",
            "2",
            "--batch",
            "64",
            "--lambda",
            "0.5",
            "--seed",
            "3",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let (one, two) = (dir.join("one.rs"), dir.join("two.rs"));
    let first = run("1", &one);
    assert!(first.status.success(), "{first:?}");
    let stdout = String::from_utf8(first.stdout).unwrap();
    assert!(stdout.starts_with("positions: 600 read, "), "{stdout}");
    assert!(stdout.contains("loss before: train "), "{stdout}");
    assert!(stdout.contains("loss after:  train "), "{stdout}");
    assert!(stdout.contains(", validation "), "{stdout}");
    let stderr = String::from_utf8(first.stderr).unwrap();
    assert!(stderr.contains("outer 2/2, epoch 3/3: train "), "{stderr}");
    assert!(stderr.contains("ETA"), "{stderr}");
    let second = run("2", &two);
    assert!(second.status.success());
    assert_eq!(String::from_utf8(second.stdout).unwrap().lines().count(), 6);
    let table = std::fs::read_to_string(&one).unwrap();
    assert_eq!(table, std::fs::read_to_string(&two).unwrap());
    assert_ne!(table, W.to_source());
    assert_eq!(numbers_of(&table).len(), numbers(&W).len());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_thread_count_is_bounded() {
    // A pool of billions of threads cannot be spawned: refused on the command line, as
    // kurier datagen refuses it.
    let run = kurier(&[
        "tune",
        "--variant",
        "courier",
        "x.txt",
        "--out",
        "t.rs",
        "--threads",
        "257",
    ]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("257") && err.contains("--threads"), "{err}");
}
