//! The Dual-checkers evaluation's weights, the values: what each one means is on the fields of
//! [`Weights`] (`weights.rs`). `kurier tune --variant dualcheckers --out FILE.rs` writes a file
//! of this form; a tuned table replaces this file as it is.

use super::weights::Weights;

/// The weights the engine plays with.
#[rustfmt::skip]
pub const W: Weights = Weights {
    // -- Material.
    man: 100,
    king: 300,

    // -- Men.
    man_rank: [0, 0, 3, 6, 12, 22, 40, 0],
    back_rank: 8,
    colour_safe: 4,
    tempo: 8,

    // -- Mobility and the centre.
    man_mobility: 2,
    king_mobility: 2,
    centre: 3,

    // -- Threats and runaways.
    threatened: [0, -12, -50],
    runaway: [0, 0, 0, 0, 20, 40, 70, 0],
    runaway_king: [0, 0, 0, 0, 10, 20, 35, 0],
};
