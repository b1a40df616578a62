//! A neural evaluation (NNUE: an efficiently updatable network), generic over the game.
//!
//! - [`features`]: the inputs, one per (perspective, kind, colour, square); each game gives its
//!   pieces by implementing [`features::FeatureSet`].
//! - [`network`]: the quantised network, its integer inference and its file format.
//! - [`stack`]: the search's accumulators along the path, updated by the pieces a move changed.
//!
//! The search uses a network when one is loaded for the game it plays (`UseNNUE`, `EvalFile`);
//! otherwise the game's classical evaluation. Networks are trained by `kurier train`
//! (crates/kurier-tune) from `kurier datagen` files.

pub mod features;
pub mod network;
pub mod stack;

pub use features::FeatureSet;
pub use network::{NetError, Network};
pub use stack::Stack;

/// The network built into the binary for the game named `variant`, if it has one.
pub fn embedded(variant: &str) -> Option<&'static Network> {
    let _ = variant;
    None
}
