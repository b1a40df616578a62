//! A neural evaluation (NNUE: an efficiently updatable network), generic over the game.
//!
//! - [`features`]: the inputs, one per (perspective, kind, colour, square); each game gives its
//!   pieces by implementing [`features::FeatureSet`].
//! - [`network`]: the quantised network, its integer inference and its file format.
//! - [`stack`]: the search's accumulators along the path, updated by the pieces a move changed.
//! - [`simd`]: the vector instructions the network's loops run with, chosen at run time.
//!
//! The search uses a network when one is loaded for the game it plays (`UseNNUE`, `EvalFile`);
//! otherwise the game's classical evaluation. Networks are trained by `kurier train`
//! (crates/kurier-tune) from `kurier datagen` files.

pub mod features;
pub mod network;
pub mod simd;
pub mod stack;

pub use features::FeatureSet;
pub use network::{NetError, Network};
pub use stack::Stack;

/// Courier's network (`nets/courier.nnue`; README "Neural evaluation" says how it was made).
static COURIER_NET: &[u8] = include_bytes!("../../nets/courier.nnue");

/// The network built into the binary for the game named `variant`, if it has one. Read once;
/// a built-in file that does not read (never expected: a test reads it) counts as none.
pub fn embedded(variant: &str) -> Option<&'static Network> {
    static COURIER: std::sync::OnceLock<Option<Network>> = std::sync::OnceLock::new();
    match variant {
        "courier" => COURIER
            .get_or_init(|| {
                let net = Network::from_bytes(COURIER_NET).and_then(|n| {
                    n.check(
                        "courier",
                        features::inputs::<kurier_rules::games::courier::Courier>(),
                    )
                    .map(|()| n)
                });
                net.map_err(|e| log::error!("the built-in Courier network: {e}"))
                    .ok()
            })
            .as_ref(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_courier_network_reads() {
        let net = super::embedded("courier").expect("the built-in network");
        // Its name in docs/networks.md (net R), whatever the file's format.
        assert_eq!(format!("{:016x}", net.hash()), "cc361ab2d20d5242");
        assert_eq!(super::COURIER_NET, net.to_bytes().as_slice());
        assert!(super::embedded("schachdame").is_none());
    }
}
