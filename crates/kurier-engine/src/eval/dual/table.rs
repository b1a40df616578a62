//! The Dual-checkers evaluation's weights, the values: what each one means is on the fields of
//! [`Weights`] (`weights.rs`). `kurier tune --variant dualcheckers --out FILE.rs` writes a file
//! of this form; a tuned table replaces this file as it is.

use super::weights::Weights;

/// The weights the engine plays with.
#[rustfmt::skip]
pub const W: Weights = Weights {
    // -- Material.
    man: 139,
    king: 347,

    // -- Men.
    man_rank: [14, 6, 6, 6, 6, 32, 51, 0],
    back_rank: 22,
    colour_safe: -9,
    tempo: -11,

    // -- Mobility and the centre.
    man_mobility: -1,
    king_mobility: -13,
    centre: 9,

    // -- Threats and runaways.
    threatened: [17, -45, -53],
    runaway: [-3, -6, -1, 6, 51, 84, 129, 0],
    runaway_king: [-12, -33, -33, -33, -33, -33, 26, 0],
};
