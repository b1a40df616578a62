//! The command line of `kurier train` ([`TrainArgs`], read by the `kurier` binary's clap).

use super::Settings;
use crate::tune::args::{positive, share, unit, Real};
use clap::Args;
use kurier_engine::nnue::network::Activation;
use kurier_rules::games::Variant;
use std::path::PathBuf;

/// Below the options in `kurier train --help`.
pub const TRAIN_HELP: &str = "\
Keeps the quiet positions of the data (as kurier tune does), holds out the last --validation
share of them (whole games, in file order) and fits the network with Adam on the rest, in
shuffled batches; the step size falls along a cosine from --lr to a twentieth of it at the
last epoch. The loss is the squared error between sigmoid(eval / 400) and
lambda * result + (1 - lambda) * sigmoid(score / 400), from the side to move's view. The
network is then quantised and checked against the float one on up to 10,000 validation
positions: a mean difference above 5 cp is an error and nothing is written. The same seed
gives the same network whatever --threads. Progress on stderr; the counts, the losses, the
check and the network's hash on stdout. Play with it through the EvalFile option.
Example: kurier train --variant courier data.txt --out courier.nnue --epochs 20 --threads 2";

/// `kurier train`.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct TrainArgs {
    /// The game: courier, schachdame or dualcheckers
    #[arg(long, value_name = "NAME")]
    pub variant: Variant,
    /// Data files: 'FEN | SCORE | RESULT' lines or packed data (kurier datagen writes them)
    #[arg(required = true, value_name = "DATA")]
    pub data: Vec<PathBuf>,
    /// Where to write the network (the engine's KURNNUE1 or KURNNUE2 format)
    #[arg(long, value_name = "NET")]
    pub out: PathBuf,
    /// Passes over the training positions
    #[arg(long, value_name = "E", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub epochs: u32,
    /// Positions per step
    #[arg(long, value_name = "B", default_value_t = 16384,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub batch: u32,
    /// Adam's step size at the first epoch; a cosine takes it to a twentieth at the last
    #[arg(long, value_name = "X", default_value = "0.001", value_parser = positive)]
    pub lr: Real,
    /// Weight of the game's result in the target; the rest goes to the search's score
    #[arg(long, value_name = "L", default_value = "0.5", value_parser = unit)]
    pub lambda: Real,
    /// Share of the positions held out to measure the fit on: the last ones in file order
    #[arg(long, value_name = "SHARE", default_value = "0.05", value_parser = share)]
    pub validation: Real,
    /// Also train on every training position reflected left-right (twice the positions), where
    /// the game's rules are symmetric that way (Courier); the validation positions stay as read
    #[arg(long)]
    pub mirror: bool,
    /// Seed of the initial weights and of the shuffles
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The hidden layer's activation: crelu (clamp(x, 0, 1); files start KURNNUE1) or screlu
    /// (its square; KURNNUE2)
    #[arg(long, value_name = "A", default_value = "crelu", value_parser = activation)]
    pub activation: Activation,
    /// Threads, at most 256 [default: the number of cores]
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

impl TrainArgs {
    /// The training's settings.
    pub fn settings(&self) -> Settings {
        Settings {
            epochs: self.epochs as usize,
            batch: self.batch as usize,
            lr: self.lr.0 as f32,
            seed: self.seed,
            activation: self.activation,
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

/// `crelu` or `screlu`.
fn activation(s: &str) -> Result<Activation, String> {
    match s {
        "crelu" => Ok(Activation::ClippedRelu),
        "screlu" => Ok(Activation::SquaredClippedRelu),
        _ => Err(format!("'{s}': crelu or screlu")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_activation_is_named_by_its_short_name() {
        assert_eq!(activation("crelu"), Ok(Activation::ClippedRelu));
        assert_eq!(activation("screlu"), Ok(Activation::SquaredClippedRelu));
        assert!(activation("relu").unwrap_err().contains("crelu or screlu"));
        assert!(activation("").is_err());
    }
}
