//! Why `kurier train` stopped.

use crate::tune::error::TuneError;
use std::path::PathBuf;
use thiserror::Error;

/// Why `kurier train` stopped. Each message names the file (and line) or what is at fault.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A data file cannot be read, or a line of it is not a position of the variant (the
    /// messages of `kurier tune`: `FILE:LINE: ...`).
    #[error(transparent)]
    Data(#[from] TuneError),
    /// No position is left to train on once the filter has run.
    #[error("no quiet position to train on: {read} read, none kept (see the counts above)")]
    NoPositions {
        /// Positions read.
        read: usize,
    },
    /// `--mirror` for a game that gives no reflection
    /// ([`kurier_engine::nnue::features::FeatureSet::mirror`]).
    #[error(
        "--mirror: no left-right reflection for {variant} (Schachdame's is another game; \
         only courier has one)"
    )]
    NotSymmetric {
        /// The game.
        variant: &'static str,
    },
    /// More positions than the packed indices can number.
    #[error(
        "{kept} quiet positions: at most {} can be trained on at once",
        u32::MAX
    )]
    TooMany {
        /// Positions kept.
        kept: usize,
    },
    /// The quantised network does not evaluate as the float one (a mean difference above the
    /// tolerance); the network is not written.
    #[error(
        "the quantised network is {mean_cp:.2} cp from the float one on average over {positions} \
         positions (largest {max_cp:.0} cp; at most {tolerance} cp allowed): not written"
    )]
    Quantisation {
        /// Positions compared.
        positions: usize,
        /// Mean |quantised − float| in centipawns.
        mean_cp: f64,
        /// Largest.
        max_cp: f64,
        /// The tolerance on the mean.
        tolerance: f64,
    },
    /// The network cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The quantised network would not pass the engine's checks (its weights could overflow an
    /// accumulator): not written.
    #[error("the quantised network would be refused: {0}; not written")]
    Refused(#[from] kurier_engine::nnue::NetError),
    /// Writing the summary failed.
    #[error(transparent)]
    Output(#[from] std::io::Error),
}
