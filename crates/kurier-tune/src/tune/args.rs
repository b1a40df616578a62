//! The command line of `kurier tune` ([`TuneArgs`], read by the `kurier` binary's clap).

use super::Settings;
use clap::Args;
use kurier_rules::games::Variant;
use std::path::PathBuf;
use std::str::FromStr;
use thiserror::Error;

/// Below the options in `kurier tune --help`.
pub const TUNE_HELP: &str = "\
Keeps the quiet positions (not in check, no mate score, quiescence = static evaluation),
fits K, then --outer times linearises the evaluation and runs --epochs epochs of Adam on it.
Progress on stderr; the losses before and after on stdout. Copy the written file over the
game's table, crates/kurier-engine/src/eval/GAME/table.rs, and rebuild to play with it.
Example: kurier tune --variant courier data.txt --out table.rs";

/// `kurier tune`.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct TuneArgs {
    /// The game: courier, schachdame or dualcheckers
    #[arg(long, value_name = "NAME")]
    pub variant: Variant,
    /// Data files: 'FEN | SCORE | RESULT' lines or packed data (kurier datagen writes them)
    #[arg(required = true, value_name = "DATA")]
    pub data: Vec<PathBuf>,
    /// Where to write the fitted table: Rust source, the form of the engine's table.rs
    #[arg(long, value_name = "FILE.rs")]
    pub out: PathBuf,
    /// Passes over the training positions per linearisation
    #[arg(long, value_name = "E", default_value_t = 50)]
    pub epochs: usize,
    /// Linearisations of the evaluation (each followed by the epochs)
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub outer: usize,
    /// Adam's step size, in centipawns
    #[arg(long, value_name = "X", default_value = "1.0", value_parser = positive)]
    pub lr: Real,
    /// Positions per step
    #[arg(long, value_name = "B", default_value_t = 4096,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub batch: u32,
    /// Weight of the game's result in the target; the rest goes to the search's score
    #[arg(long, value_name = "L", default_value = "1.0", value_parser = unit)]
    pub lambda: Real,
    /// Share of the positions held out to measure the fit on: the last ones in file order (whole games)
    #[arg(long, value_name = "SHARE", default_value = "0.1", value_parser = share)]
    pub validation: Real,
    /// Seed of the shuffles
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Threads, at most 256 [default: the number of cores]
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    /// The sigmoid's scaling K; fitted to the results when absent
    #[arg(long, value_name = "K", value_parser = positive)]
    pub k: Option<Real>,
    /// Pull toward the starting table: L2 × Σ((w - start)/100)² joins the loss
    #[arg(long, value_name = "L2", default_value = "1e-5", value_parser = non_negative)]
    pub l2: Real,
    /// Leave alone the weights that fewer training positions than this depend on
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub min_positions: usize,
    /// Fit only these fields of the table (a comma-separated list); all when absent
    #[arg(
        long,
        value_name = "NAMES",
        value_delimiter = ',',
        help = "Fit only these fields of the table, e.g. material,pst[1],tempo; all when absent"
    )]
    pub only: Vec<String>,
}

impl TuneArgs {
    /// The fit's settings.
    pub fn settings(&self) -> Settings {
        Settings {
            epochs: self.epochs,
            outer: self.outer,
            lr: self.lr.0,
            batch: self.batch as usize,
            lambda: self.lambda.0,
            validation: self.validation.0,
            seed: self.seed,
            k: self.k.map(|k| k.0),
            only: self.only.clone(),
            l2: self.l2.0,
            min_positions: self.min_positions,
        }
    }

    /// The threads to run on.
    pub fn threads(&self) -> usize {
        self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |t| t as usize,
        )
    }
}

/// A finite number from the command line (compared by value, so that the arguments compare).
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Real(pub f64);

// Never NaN: `FromStr` refuses it.
impl Eq for Real {}

/// Why a number option was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RealError {
    /// Not a number.
    #[error("not a number")]
    NotANumber,
    /// Out of the option's range.
    #[error("must be {0}")]
    Range(&'static str),
}

impl FromStr for Real {
    type Err = RealError;
    fn from_str(s: &str) -> Result<Real, RealError> {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .map(Real)
            .ok_or(RealError::NotANumber)
    }
}

fn in_range(s: &str, ok: fn(f64) -> bool, range: &'static str) -> Result<Real, RealError> {
    let x: Real = s.parse()?;
    if ok(x.0) {
        Ok(x)
    } else {
        Err(RealError::Range(range))
    }
}

pub(crate) fn positive(s: &str) -> Result<Real, RealError> {
    in_range(s, |x| x > 0.0, "above 0")
}

fn non_negative(s: &str) -> Result<Real, RealError> {
    in_range(s, |x| x >= 0.0, "at least 0")
}

pub(crate) fn unit(s: &str) -> Result<Real, RealError> {
    in_range(s, |x| (0.0..=1.0).contains(&x), "between 0 and 1")
}

pub(crate) fn share(s: &str) -> Result<Real, RealError> {
    in_range(s, |x| (0.0..0.9).contains(&x), "at least 0 and below 0.9")
}
