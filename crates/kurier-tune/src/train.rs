//! `kurier train`: fits the engine's neural evaluation ([`kurier_engine::nnue`]) to positions
//! with known outcomes, on the CPU, and writes the quantised network.
//!
//! Hand-written, because no Rust crate does this fitting on a CPU in a shape that fits:
//! bullet (`bullet_lib`, the trainer most NNUE engines use) is built for CUDA, its CPU backend
//! "not intended for serious training use", and its data tooling is for chess and Ataxx; burn,
//! candle, dfdx and tch are dense-tensor frameworks, where a batch of positions is a dense
//! `batch × inputs` matrix (1,728 inputs with a few dozen on) or a sparse path of their own
//! making; noru (pure-Rust NNUE) trains its own layout into its own quantisation and file
//! format. Each would need more code bent around it than the forward and backward pass of this
//! one-layer network ([`net`]), and none would check the engine's own quantised evaluation
//! against the float one, which is the part that matters.
//!
//! The steps:
//!
//! 1. the files read and filtered to the quiet positions ([`crate::tune::data`], exactly as
//!    `kurier tune`), then packed into feature lists with their targets ([`data::Features`]);
//!    the positions themselves are dropped, but for the few the check of step 4 needs;
//! 2. the last `--validation` share, in file order, held out: whole games, so the validation
//!    loss measures games the network has not seen;
//! 3. `--epochs` passes of Adam ([`adam`], β1 0.9, β2 0.999) over the training positions,
//!    shuffled by the seed each epoch, in batches of `--batch`; the step size falls along a
//!    cosine from `--lr` to a twentieth of it ([`schedule`]); after each step every weight is
//!    clipped to ±`WEIGHT_CLIP`. The gradient of a batch is the sum of fixed chunks in chunk
//!    order ([`gradient`]), so a seed gives the same network whatever the number of threads;
//! 4. the network quantised ([`quantise::quantise`]) and checked: the engine's evaluation with
//!    it against the float network's on up to [`CHECK_POSITIONS`] validation positions; a mean
//!    difference above [`quantise::TOLERANCE_CP`] (5 cp) is an error and nothing is written;
//! 5. the file written ([`kurier_engine::nnue::Network::to_bytes`], the `KURNNUE3` format with
//!    its header and checksum, after [`kurier_engine::nnue::Network::verify`]) and its hash
//!    printed.
//!
//! The loss is the mean squared error between `sigmoid(out)` (the network's centipawns over
//! 400, through `1 / (1 + e^-x)`) and the target `λ · result + (1 − λ) · sigmoid(score / 400)`,
//! the game's result and the search's score turned to the side to move's view
//! ([`data::target`]). Each epoch reports on stderr the mean loss of its batches (the network
//! changing as they go), the validation loss after it, the step size, the time and an ETA.

pub mod adam;
pub mod args;
pub mod data;
pub mod error;
pub mod gradient;
pub mod net;
pub mod quantise;
pub mod schedule;

use crate::rng::SplitMix64;
use crate::tune::data::{quiet, read_files, Counts};
use adam::Adam;
use args::TrainArgs;
use data::Features;
use error::TrainError;
use gradient::{loss, Gradient};
use kurier_engine::nnue::features::inputs;
use kurier_engine::nnue::network::{Activation, WEIGHT_CLIP};
use kurier_engine::search::Searchable;
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;
use kurier_rules::games::Variant;
use net::Net;
use std::io::Write;
use std::time::{Duration, Instant};

/// Validation positions (at most) on which the quantised network is checked.
pub const CHECK_POSITIONS: usize = 10_000;

/// How the training runs (the command line's options, [`TrainArgs`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size at the first epoch ([`schedule::cosine`] after).
    pub lr: f32,
    /// The seed of the initial weights and of the shuffles.
    pub seed: u64,
    /// The hidden layer's activation.
    pub activation: Activation,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            epochs: 20,
            batch: 16384,
            lr: 0.001,
            seed: 1,
            activation: Activation::ClippedRelu,
        }
    }
}

/// What one epoch did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// The mean loss of its batches, each at the weights it was stepped from.
    pub train: f64,
    /// The validation loss after it, if positions were held out.
    pub validation: Option<f64>,
    /// Its step size.
    pub lr: f32,
    /// How long it took (the validation loss included).
    pub time: Duration,
}

/// What a training run found.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The float network.
    pub net: Net,
    /// The validation loss of the untrained network, if positions were held out.
    pub untrained: Option<f64>,
    /// Each epoch, in order.
    pub epochs: Vec<Epoch>,
}

impl Trained {
    /// The validation loss after the last epoch (the untrained one if no epoch ran).
    pub fn validation(&self) -> Option<f64> {
        self.epochs.last().map_or(self.untrained, |e| e.validation)
    }
}

/// Where the training reports its progress (stderr for the command line, nowhere in tests).
pub type Log<'a> = &'a (dyn Fn(&str) + Sync);

/// The index where the validation positions start when a share `validation` of `n` is held
/// out: the last `round(n · validation)`, leaving at least one to train on.
pub fn split(n: usize, validation: f64) -> usize {
    let held = ((n as f64 * validation).round() as usize).min(n.saturating_sub(1));
    n - held
}

/// `d` as a short duration: `42.0 s`, `3 min 5 s`.
fn human(d: Duration) -> String {
    let s = d.as_secs();
    if s < 60 {
        format!("{:.1} s", d.as_secs_f64())
    } else {
        format!("{} min {} s", s / 60, s % 60)
    }
}

/// Trains a network of `features.inputs()` inputs on the positions `train` of `features`,
/// reporting the loss on the positions `validation`, on the current rayon pool.
/// Deterministic: the same features, sets and settings give the same network, whatever the
/// number of threads.
pub fn train(
    features: &Features,
    train: &[u32],
    validation: &[u32],
    settings: &Settings,
    log: Log,
) -> Trained {
    let mut net = Net::new(features.inputs(), settings.activation, settings.seed);
    // The shuffles draw from their own stream (the weights took the seed's first values).
    let mut rng = SplitMix64::new(settings.seed ^ 0x5348_5546_464c_4531);
    let mut adam = Adam::new(net.rows().len());
    // Two chunks per thread in flight; the count changes the speed only.
    let mut grad = Gradient::new(net.rows().len(), 2 * rayon::current_num_threads());
    let measure = |net: &Net| (!validation.is_empty()).then(|| loss(net, features, validation));
    let untrained = measure(&net);
    if let Some(l) = untrained {
        log(&format!("untrained: validation {l:.6}"));
    }
    let mut order = train.to_vec();
    let mut epochs = Vec::with_capacity(settings.epochs);
    let started = Instant::now();
    for epoch in 0..settings.epochs {
        let t0 = Instant::now();
        let lr = schedule::cosine(settings.lr, epoch, settings.epochs);
        rng.shuffle(&mut order);
        let mut sum = 0.0;
        for batch in order.chunks(settings.batch.max(1)) {
            sum += grad.compute(&net, features, batch);
            adam.step(net.rows_mut(), grad.total(), lr, WEIGHT_CLIP);
        }
        let e = Epoch {
            train: sum / order.len().max(1) as f64,
            validation: measure(&net),
            lr,
            time: t0.elapsed(),
        };
        epochs.push(e);
        let left = (settings.epochs - epoch - 1) as u32;
        let eta = started.elapsed() / (epoch as u32 + 1) * left;
        let rate = order.len() as f64 / e.time.as_secs_f64().max(1e-9);
        log(&format!(
            "epoch {}/{}: train {:.6}{}, lr {:.2e}, {} ({:.0} positions/s), elapsed {}, ETA {}",
            epoch + 1,
            settings.epochs,
            e.train,
            e.validation
                .map_or(String::new(), |v| format!(", validation {v:.6}")),
            lr,
            human(e.time),
            rate,
            human(started.elapsed()),
            human(eta)
        ));
    }
    Trained {
        net,
        untrained,
        epochs,
    }
}

/// Runs `kurier train`: progress on stderr, the summary on `out`, the network to `--out`.
pub fn run(args: &TrainArgs, out: &mut impl Write) -> Result<(), TrainError> {
    let pool = crate::tune::pool(args.threads())?;
    match args.variant {
        Variant::Courier => run_with::<Courier>(args, &pool, out),
        Variant::Schachdame => run_with::<Schachdame>(args, &pool, out),
        Variant::DualCheckers => run_with::<DualCheckers>(args, &pool, out),
    }
}

fn run_with<G: Searchable>(
    args: &TrainArgs,
    pool: &rayon::ThreadPool,
    out: &mut impl Write,
) -> Result<(), TrainError> {
    let log = |line: &str| eprintln!("{line}");
    if args.mirror && G::mirror(0).is_none() {
        return Err(TrainError::NotSymmetric { variant: G::NAME });
    }
    let t0 = Instant::now();
    let data = read_files::<G>(&args.data)?;
    let (data, counts) = pool.install(|| quiet(data));
    log(&format!(
        "read and filtered {} positions in {}: {} kept",
        counts.read,
        human(t0.elapsed()),
        counts.kept
    ));
    if data.is_empty() {
        writeln!(out, "{}", counts_line(&counts))?;
        return Err(TrainError::NoPositions { read: counts.read });
    }
    let n = u32::try_from(data.len()).map_err(|_| TrainError::TooMany { kept: data.len() })?;
    let cut = split(data.len(), args.validation.0);
    // The check's positions: validation positions, or training ones when none is held out.
    let check_from = if cut < data.len() { cut } else { 0 };
    let check_positions: Vec<G> = data[check_from..]
        .iter()
        .take(CHECK_POSITIONS)
        .map(|d| d.pos.clone())
        .collect();
    let t1 = Instant::now();
    let mut features = pool.install(|| Features::from_labelled(&data, args.lambda.0));
    drop(data);
    log(&format!(
        "packed {} positions in {} ({} MB); {} inputs per perspective",
        features.len(),
        human(t1.elapsed()),
        features.bytes() / 1_000_000,
        inputs::<G>()
    ));
    let mut train_set: Vec<u32> = (0..cut as u32).collect();
    let validation: Vec<u32> = (cut as u32..n).collect();
    if args.mirror {
        let mirror = |sq| G::mirror(sq).expect("checked: the game reflects");
        features.append_mirrored(0, cut, G::SQUARES, mirror);
        let end = u32::try_from(features.len()).map_err(|_| TrainError::TooMany {
            kept: features.len(),
        })?;
        train_set.extend(n..end);
        log(&format!(
            "added the {cut} training positions reflected left-right: {} to train on",
            train_set.len()
        ));
    }
    let settings = args.settings();
    let trained = pool.install(|| train(&features, &train_set, &validation, &settings, &log));
    let quantised = quantise::quantise(&trained.net, G::NAME);
    let check = quantise::check(&trained.net, &quantised, &check_positions);

    writeln!(out, "{}", counts_line(&counts))?;
    writeln!(
        out,
        "trained {} epochs on {} positions, {} held out for validation (the last in file order)",
        trained.epochs.len(),
        train_set.len(),
        validation.len()
    )?;
    if let Some(v) = trained.validation() {
        writeln!(
            out,
            "validation loss: {v:.6} (untrained {:.6})",
            trained.untrained.unwrap_or(v)
        )?;
    }
    writeln!(
        out,
        "quantised vs float over {} {} positions: mean {:.2} cp, max {:.1} cp (tolerance: mean {} cp)",
        check.positions,
        if check_from == cut { "validation" } else { "training" },
        check.mean_cp,
        check.max_cp,
        quantise::TOLERANCE_CP
    )?;
    if !check.passes() {
        return Err(TrainError::Quantisation {
            positions: check.positions,
            mean_cp: check.mean_cp,
            max_cp: check.max_cp,
            tolerance: quantise::TOLERANCE_CP,
        });
    }
    // The file must prove what it is, as the engine reads it (the clip keeps the weights
    // within the bound; this says so before anything is written).
    quantised.verify()?;
    let bytes = quantised.to_bytes();
    std::fs::write(&args.out, &bytes).map_err(|source| TrainError::Write {
        path: args.out.clone(),
        source,
    })?;
    writeln!(
        out,
        "wrote {} ({}, {} bytes) in {}: network {:016x}",
        args.out.display(),
        G::NAME,
        bytes.len(),
        human(t0.elapsed()),
        quantised.hash()
    )?;
    Ok(())
}

/// `positions: 1000 read, 812 quiet (dropped: 12 mate scores, ...)`.
fn counts_line(c: &Counts) -> String {
    format!(
        "positions: {} read, {} quiet (dropped: {} mate scores, {} in check, {} over or drawn by rule, {} not quiet)",
        c.read, c.kept, c.mates, c.in_check, c.ended, c.not_quiet
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_engine::nnue::features::FeatureSet;
    use kurier_rules::game::MoveList;

    #[test]
    fn the_split_holds_out_the_tail_and_leaves_one_to_train() {
        assert_eq!(split(100, 0.05), 95);
        assert_eq!(split(100, 0.0), 100);
        assert_eq!(split(1, 0.5), 1);
        assert_eq!(split(3, 0.89), 1);
    }

    /// The side to move's pieces minus the other side's.
    fn material<G: FeatureSet>(pos: &G) -> i32 {
        let boards = pos.boards();
        let count = |c: usize| -> i32 {
            boards[c * G::KINDS..(c + 1) * G::KINDS]
                .iter()
                .map(|b| b.count_ones() as i32)
                .sum()
        };
        let us = pos.side_to_move().index();
        count(us) - count(1 - us)
    }

    /// Positions of random games (every fourth ply from the 20th), each with the target
    /// `sigmoid(100 · material / 400)`: a function the network can represent (a sum of one
    /// weight per input), so the loss can go near zero.
    fn synthetic<G: FeatureSet>(n: usize, seed: u64) -> (Features, Vec<G>) {
        let mut rng = SplitMix64::new(seed);
        let mut features = Features::new(inputs::<G>());
        let mut positions = Vec::new();
        while features.len() < n {
            let mut pos = G::start();
            for ply in 0..160 {
                let mut moves = MoveList::new();
                pos.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves.as_slice()[rng.below(moves.len())]);
                if ply >= 20 && ply % 4 == 0 && features.len() < n {
                    let t = data::sigmoid_cp(100.0 * f64::from(material(&pos)));
                    features.push(&pos, t as f32);
                    positions.push(pos.clone());
                }
            }
        }
        (features, positions)
    }

    fn settings() -> Settings {
        Settings {
            epochs: 8,
            batch: 128,
            lr: 0.01,
            seed: 3,
            activation: Activation::ClippedRelu,
        }
    }

    #[test]
    fn training_learns_a_known_function_and_quantises_within_the_tolerance() {
        for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
            learns_a_known_function(activation);
        }
    }

    fn learns_a_known_function(activation: Activation) {
        let (features, positions) = synthetic::<Schachdame>(3000, 1);
        let cut = split(features.len(), 0.1);
        let train_set: Vec<u32> = (0..cut as u32).collect();
        let validation: Vec<u32> = (cut as u32..features.len() as u32).collect();
        let s = Settings {
            activation,
            ..settings()
        };
        let t = train(&features, &train_set, &validation, &s, &|l| {
            eprintln!("{l}")
        });
        let (before, after) = (t.untrained.unwrap(), t.validation().unwrap());
        eprintln!("{activation:?}: validation loss {before} -> {after}");
        assert!(
            after < 0.002,
            "validation loss {after} (untrained {before})"
        );
        assert!(after < before / 10.0, "{after} {before}");
        assert!(t.epochs.windows(2).all(|w| w[1].lr < w[0].lr));
        // The engine's integer evaluation with the trained network is the float one's.
        let q = quantise::quantise(&t.net, "schachdame");
        let c = quantise::check(&t.net, &q, &positions[cut..]);
        eprintln!("{c:?}");
        assert_eq!(c.positions, features.len() - cut);
        assert!(c.passes() && c.mean_cp < 2.0, "{c:?}");
    }

    #[test]
    fn a_seed_gives_the_same_network_on_one_thread_or_two() {
        let (features, _) = synthetic::<Courier>(1200, 2);
        let train_set: Vec<u32> = (0..1000).collect();
        let validation: Vec<u32> = (1000..1200).collect();
        let s = Settings {
            epochs: 2,
            ..settings()
        };
        let bytes = |threads: usize, s: &Settings| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let t = pool.install(|| train(&features, &train_set, &validation, s, &|_| {}));
            quantise::quantise(&t.net, "courier").to_bytes()
        };
        let one = bytes(1, &s);
        assert_eq!(one, bytes(2, &s));
        assert_ne!(one, bytes(1, &Settings { seed: 4, ..s }));
    }
}
