//! `kurier tune`: fits an evaluation's weights to positions with known outcomes (Texel's
//! method) and writes the new table as source the engine compiles.
//!
//! 1. [`data`]: the positions of the data files, filtered to the quiet ones (not in check, no
//!    mate score, no capture that changes the evaluation: quiescence = static evaluation).
//! 2. [`fit::fit_k`]: the scaling `K` of the sigmoid that best turns the current evaluation
//!    into the results (unless `--k` gives it).
//! 3. The targets: `lambda × result + (1 - lambda) × sigmoid(K × score / 400)` (White's point
//!    of view; `lambda` 1 is pure Texel, 0 fits the search's scores).
//! 4. `--outer` times: [`linear::Linear::build`] linearises the evaluation at the current
//!    weights (the sparse gradient of each position by finite differences), then `--epochs`
//!    passes of Adam ([`fit::Adam`]) over shuffled mini-batches minimise the mean squared error
//!    between `sigmoid(K × e / 400)` and the targets on the linear model, the weights kept
//!    fractional; each epoch reports the loss on the training and the validation positions.
//!    Re-linearising follows the terms that are not linear (king danger, endgame scaling).
//! 5. The weights rounded, the loss of the real evaluation before and after, the source.
//!
//! Deterministic: the shuffles depend on `--seed` only (the split is the file's tail), and every sum is taken in
//! the same order whatever the number of threads. [`model::Tunable`] is what an evaluation
//! must offer; Courier's is [`model::CourierEval`], Schachdame's [`model::SchachdameEval`], Dual checkers' [`model::DualEval`].

pub mod args;
pub mod data;
pub mod error;
pub mod fit;
pub mod linear;
pub mod model;
pub mod rising;

use crate::rng::SplitMix64;
use args::TuneArgs;
use data::{Counts, Labelled};
use error::TuneError;
use fit::{fit_k, gradient, loss, model_evals, sigmoid, Adam};
use kurier_rules::games::Variant;
use linear::{Fitted, Linear};
use model::{white_view, CourierEval, DualEval, SchachdameEval, Tunable};
use rising::{Rising, Steps};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How the fit runs (the command line's options, [`TuneArgs`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Passes over the training positions per linearisation.
    pub epochs: usize,
    /// Linearisations.
    pub outer: usize,
    /// Adam's step size in centipawns.
    pub lr: f64,
    /// Positions per step.
    pub batch: usize,
    /// The weight of the result in the target, against the search's score.
    pub lambda: f64,
    /// The share of the positions held out for validation: the last ones, in the order given.
    pub validation: f64,
    /// The seed of the shuffles.
    pub seed: u64,
    /// The sigmoid's scaling; fitted to the results when `None`.
    pub k: Option<f64>,
    /// The pull toward the starting table: `l2 × Σ ((w - start) / 100)²` is added to the loss,
    /// so that a weight few positions depend on cannot run off to fit them alone.
    pub l2: f64,
    /// Weights fewer training positions than this depend on (at a linearisation) are left as
    /// they are: a handful of positions cannot tell a weight's value.
    pub min_positions: usize,
    /// Fit only the weights of these fields (`material`, `pst[3]`: a name and what follows it
    /// with `[` or `.`); all when empty.
    pub only: Vec<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            epochs: 50,
            outer: 4,
            lr: 1.0,
            batch: 4096,
            lambda: 1.0,
            validation: 0.1,
            seed: 1,
            k: None,
            only: Vec::new(),
            l2: 1e-5,
            min_positions: 100,
        }
    }
}

/// A loss on the training positions and, if any were held out, on the validation positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Losses {
    /// On the training positions.
    pub train: f64,
    /// On the validation positions.
    pub validation: Option<f64>,
}

/// A weight the fit changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Its name (`pst[1][3][2].mg`).
    pub name: String,
    /// Before.
    pub from: i32,
    /// After.
    pub to: i32,
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit<W> {
    /// The fitted table.
    pub weights: W,
    /// The sigmoid's scaling.
    pub k: f64,
    /// Whether `K` was fitted (else given).
    pub k_fitted: bool,
    /// Training positions.
    pub train: usize,
    /// Validation positions.
    pub validation: usize,
    /// Fitted weights.
    pub params: usize,
    /// Weights in the table, fitted or not.
    pub weights_in_all: usize,
    /// The loss of the real evaluation with the starting table.
    pub before: Losses,
    /// The loss of the real evaluation with the fitted table.
    pub after: Losses,
    /// The weights that changed, the largest change first.
    pub changed: Vec<Change>,
}

/// Where the fit reports its progress (stderr for the command line, nowhere in tests).
pub type Log<'a> = &'a (dyn Fn(&str) + Sync);

/// `d` as a short duration: `42 s`, `3 min 5 s`.
fn human(d: Duration) -> String {
    let s = d.as_secs();
    if s < 60 {
        format!("{:.1} s", d.as_secs_f64())
    } else {
        format!("{} min {} s", s / 60, s % 60)
    }
}

/// The real evaluations (as the engine plays them, White's point of view) of `set` with `w`.
fn real_evals<T: Tunable>(data: &[Labelled<T::Game>], set: &[usize], w: &T::Weights) -> Vec<f64> {
    use rayon::prelude::*;
    set.par_iter()
        .map(|&j| {
            let pos = &data[j].pos;
            white_view(pos, f64::from(T::evaluate(pos, w)))
        })
        .collect()
}

/// The targets of `set`.
fn pick(values: &[f64], set: &[usize]) -> Vec<f64> {
    set.iter().map(|&j| values[j]).collect()
}

/// Fits `T`'s weights, starting from `start`, to `data` (already filtered), on the current rayon
/// pool. Deterministic for given data and settings, whatever the number of threads.
///
/// # Panics
///
/// If `data` is empty.
pub fn fit<T: Tunable>(
    data: &[Labelled<T::Game>],
    start: &T::Weights,
    settings: &Settings,
    log: Log,
) -> Fit<T::Weights> {
    let clock = Instant::now();
    let mut rng = SplitMix64::new(settings.seed);
    // The split: the last positions in file order are held out. A data file holds its games
    // one after the other, so these are whole games (all but at most one): a held-out
    // position's result is not also the result of training positions from its own game, and
    // the validation loss measures how the fit carries over to games it has not seen (a random
    // split by position would let ~200 positions of each game teach its result).
    let held = ((data.len() as f64 * settings.validation).round() as usize).min(data.len() - 1);
    let cut = data.len() - held;
    let (valid, train): (Vec<usize>, Vec<usize>) =
        ((cut..data.len()).collect(), (0..cut).collect());

    // K, fitted to the results with the starting table.
    let results: Vec<f64> = data.iter().map(|d| d.result).collect();
    let start_train = real_evals::<T>(data, &train, start);
    let (k, k_fitted) = match settings.k {
        Some(k) => (k, false),
        None => (fit_k(&start_train, &pick(&results, &train)), true),
    };
    log(&format!(
        "K = {k:.4}{}",
        if k_fitted { " (fitted)" } else { "" }
    ));
    let lambda = settings.lambda;
    let targets: Vec<f64> = data
        .iter()
        .map(|d| lambda * d.result + (1.0 - lambda) * sigmoid(k, d.score))
        .collect();
    let (train_t, valid_t) = (pick(&targets, &train), pick(&targets, &valid));
    let losses = |w: &T::Weights| Losses {
        train: loss(k, &real_evals::<T>(data, &train, w), &train_t),
        validation: (!valid.is_empty())
            .then(|| loss(k, &real_evals::<T>(data, &valid, w), &valid_t)),
    };
    let before = losses(start);
    log(&format!("loss before: {}", show(before)));

    let names = T::names(start);
    let chosen = Fitted::new(
        &names
            .iter()
            .map(|n| selected(n, &settings.only))
            .collect::<Vec<_>>(),
    );
    let first = T::params(start);
    let n = first.len();
    // The shapes the fit must keep (a line of weights that must not fall): by name.
    let rising = Rising::new(
        T::rising(start)
            .iter()
            .map(|line| {
                line.iter()
                    .filter_map(|name| names.iter().position(|m| m == name))
                    .collect()
            })
            .collect(),
    );
    let mut w: Vec<f64> = first.iter().map(|&v| f64::from(v)).collect();
    let mut adam = Adam::new(n, settings.lr);
    let positions: Vec<&T::Game> = data.iter().map(|d| &d.pos).collect();
    let mut epoch_time = Duration::ZERO;
    let mut epochs_done = 0u32;
    let mut table = start.clone();
    for outer in 0..settings.outer {
        // Linearise at the rounded weights.
        let t0 = Instant::now();
        let rounded: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
        T::set_params(&mut table, &rounded);
        let step = data.len().div_ceil(10).max(1);
        let reported = AtomicUsize::new(0);
        let progress = |done: usize| {
            let tenth = done / step;
            if reported.fetch_max(tenth, Ordering::Relaxed) < tenth && done < data.len() {
                let spent = t0.elapsed();
                let eta = spent.mul_f64((data.len() - done) as f64 / done as f64);
                log(&format!(
                    "linearising {}/{}: {done}/{} positions, {}, ETA {}",
                    outer + 1,
                    settings.outer,
                    data.len(),
                    human(spent),
                    human(eta)
                ));
            }
        };
        let model = Linear::build::<T>(&positions, &table, &chosen, &progress);
        let lin_time = t0.elapsed();
        // The weights too few training positions depend on stay as they are.
        let mut uses = vec![0usize; n];
        for &j in &train {
            model.row(j).for_each(|(i, _)| uses[i] += 1);
        }
        let frozen: Vec<bool> = uses.iter().map(|&u| u < settings.min_positions).collect();
        let thin = (0..n).filter(|&i| chosen.has(i) && frozen[i]).count();
        log(&format!(
            "linearised {}/{} in {}: {:.1} weights a position; {thin} weights left as they are \
             (fewer than {} training positions depend on them)",
            outer + 1,
            settings.outer,
            human(lin_time),
            model.entries() as f64 / model.len().max(1) as f64,
            settings.min_positions
        ));
        let at: Vec<f64> = model.at.iter().map(|&v| f64::from(v)).collect();
        let delta = |w: &[f64]| -> Vec<f64> { w.iter().zip(&at).map(|(x, a)| x - a).collect() };
        // The fit steps in coordinates that keep the rising lines rising (`rising.rs`).
        let movable = |i: usize| chosen.has(i) && !frozen[i];
        let steps = Steps::new(&rising, movable);
        rising.project(&mut w, movable);
        let mut z = steps.encode(&w);
        for epoch in 0..settings.epochs {
            let t1 = Instant::now();
            let mut batch_order = train.clone();
            rng.shuffle(&mut batch_order);
            for batch in batch_order.chunks(settings.batch.max(1)) {
                let mut g = gradient(&model, &targets, batch, k, &delta(&w));
                for (i, g) in g.iter_mut().enumerate() {
                    *g = if frozen[i] {
                        0.0
                    } else {
                        *g + 2.0 * settings.l2 * (w[i] - f64::from(first[i])) / 1e4
                    };
                }
                steps.chain(&mut g);
                adam.step(&mut z, &g);
                w = steps.decode(&mut z);
                // The weights that stay bound the moving ones on their lines.
                if rising.project(&mut w, movable) {
                    z = steps.encode(&w);
                }
            }
            let d = delta(&w);
            let train_loss = loss(k, &model_evals(&model, &train, &d), &train_t);
            let valid_loss =
                (!valid.is_empty()).then(|| loss(k, &model_evals(&model, &valid, &d), &valid_t));
            epochs_done += 1;
            epoch_time += t1.elapsed();
            let per_epoch = epoch_time / epochs_done;
            let left_here = (settings.epochs - epoch - 1) as u32;
            let left_outer = (settings.outer - outer - 1) as u32;
            let eta = per_epoch * left_here
                + (lin_time + per_epoch * settings.epochs as u32) * left_outer;
            log(&format!(
                "outer {}/{}, epoch {}/{}: {} [{}, ETA {}]",
                outer + 1,
                settings.outer,
                epoch + 1,
                settings.epochs,
                show(Losses {
                    train: train_loss,
                    validation: valid_loss
                }),
                human(clock.elapsed()),
                human(eta)
            ));
        }
    }
    let fitted: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    let mut weights = start.clone();
    T::set_params(&mut weights, &fitted);
    let after = losses(&weights);
    log(&format!("loss after: {}", show(after)));
    let mut changed: Vec<Change> = names
        .into_iter()
        .zip(first.iter().zip(&fitted))
        .filter(|(_, (a, b))| a != b)
        .map(|(name, (&from, &to))| Change { name, from, to })
        .collect();
    changed.sort_by_key(|c| std::cmp::Reverse((c.to - c.from).abs()));
    Fit {
        weights,
        k,
        k_fitted,
        train: train.len(),
        validation: valid.len(),
        params: (0..n).filter(|&i| chosen.has(i)).count(),
        weights_in_all: n,
        before,
        after,
        changed,
    }
}

/// Whether the weight `name` is fitted with `--only only`.
fn selected(name: &str, only: &[String]) -> bool {
    only.is_empty()
        || only.iter().any(|o| {
            name.strip_prefix(o.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['[', '.']))
        })
}

/// `train 0.081234, validation 0.082345`.
fn show(l: Losses) -> String {
    match l.validation {
        Some(v) => format!("train {:.6}, validation {v:.6}", l.train),
        None => format!("train {:.6}", l.train),
    }
}

/// A pool of `threads` worker threads for fitting (shared by `kurier tune` and `kurier train`).
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, TuneError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| TuneError::Threads { threads, source })
}

/// Runs `kurier tune`: progress on stderr, the summary on `out`, the table to `--out`.
pub fn run(args: &TuneArgs, out: &mut impl Write) -> Result<(), TuneError> {
    let settings = args.settings();
    let pool = pool(args.threads())?;
    match args.variant {
        Variant::Courier => run_with::<CourierEval>(args, &settings, &pool, out),
        Variant::Schachdame => run_with::<SchachdameEval>(args, &settings, &pool, out),
        Variant::DualCheckers => run_with::<DualEval>(args, &settings, &pool, out),
    }
}

fn run_with<T: Tunable>(
    args: &TuneArgs,
    settings: &Settings,
    pool: &rayon::ThreadPool,
    out: &mut impl Write,
) -> Result<(), TuneError> {
    let names = T::names(&T::shipped());
    if let Some(o) = settings
        .only
        .iter()
        .find(|o| !names.iter().any(|n| selected(n, std::slice::from_ref(o))))
    {
        return Err(TuneError::Option {
            option: "--only",
            value: o.clone(),
            expected: "names no field of the table (such as material, pst[1], tempo)",
        });
    }
    let log = |line: &str| eprintln!("{line}");
    let t0 = Instant::now();
    let data = data::read_files::<T::Game>(&args.data)?;
    let (data, counts) = pool.install(|| data::quiet(data));
    log(&format!(
        "read and filtered {} positions in {}",
        counts.read,
        human(t0.elapsed())
    ));
    if data.is_empty() {
        writeln!(out, "{}", counts_line(&counts))?;
        return Err(TuneError::NoPositions { read: counts.read });
    }
    let fit = pool.install(|| fit::<T>(&data, &T::shipped(), settings, &log));
    std::fs::write(&args.out, T::source(&fit.weights)).map_err(|source| TuneError::Write {
        path: args.out.clone(),
        source,
    })?;
    writeln!(out, "{}", counts_line(&counts))?;
    writeln!(
        out,
        "fitted {} weights on {} positions, {} held out for validation; K {:.4}{}",
        fit.params,
        fit.train,
        fit.validation,
        fit.k,
        if fit.k_fitted { " (fitted)" } else { "" }
    )?;
    writeln!(out, "loss before: {}", show(fit.before))?;
    writeln!(out, "loss after:  {}", show(fit.after))?;
    let most: Vec<String> = fit
        .changed
        .iter()
        .take(8)
        .map(|c| format!("{} {} -> {}", c.name, c.from, c.to))
        .collect();
    writeln!(
        out,
        "changed {} of {} weights{}{}",
        fit.changed.len(),
        fit.weights_in_all,
        if most.is_empty() { "" } else { "; most: " },
        most.join(", ")
    )?;
    writeln!(
        out,
        "wrote {} (the engine's {}; {} in all)",
        args.out.display(),
        T::TABLE,
        human(t0.elapsed())
    )?;
    Ok(())
}

/// `positions: 1000 read, 812 quiet (12 mate scores, ...)`.
fn counts_line(c: &Counts) -> String {
    format!(
        "positions: {} read, {} quiet (dropped: {} mate scores, {} in check, {} over or drawn by rule, {} not quiet)",
        c.read, c.kept, c.mates, c.in_check, c.ended, c.not_quiet
    )
}
