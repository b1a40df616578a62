//! Why `kurier tune` stopped.

use crate::sample::SampleError;
use kurier_rules::game::FenError;
use std::path::PathBuf;
use thiserror::Error;

/// Why `kurier tune` stopped. Each message names the file (and line) or the option at fault.
#[derive(Debug, Error)]
pub enum TuneError {
    /// A data file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line of a data file is not `FEN | SCORE | RESULT`.
    #[error("{}:{line}: {source}", path.display())]
    Sample {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        source: SampleError,
    },
    /// The FEN of a line is not a position of the variant.
    #[error("{}:{line}: bad FEN for {variant}: {source}", path.display())]
    Fen {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The variant the file was read as.
        variant: &'static str,
        /// What is wrong with the FEN.
        source: FenError,
    },
    /// A packed data file is bad: cut short, changed, or of another game.
    #[error("{}: {source}", path.display())]
    Packed {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        source: crate::packed::PackedError,
    },
    /// No position is left to fit once the filter has run.
    #[error("no quiet position to fit: {read} read, none kept (see the counts above)")]
    NoPositions {
        /// Positions read.
        read: usize,
    },
    /// An option is out of range.
    #[error("{option} {value}: {expected}")]
    Option {
        /// The option (`--lambda`).
        option: &'static str,
        /// Its value, as given.
        value: String,
        /// What it must be.
        expected: &'static str,
    },
    /// The thread pool cannot be started.
    #[error("cannot start {threads} threads: {source}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why not.
        source: rayon::ThreadPoolBuildError,
    },
    /// The weight table cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Writing the summary failed.
    #[error(transparent)]
    Output(#[from] std::io::Error),
}
