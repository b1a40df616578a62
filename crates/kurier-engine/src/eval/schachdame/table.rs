//! The Schachdame evaluation's weights, the values: what each one means and where its first
//! value came from is on the fields of [`Weights`] (`weights.rs`). `kurier tune --variant
//! schachdame --out FILE.rs` writes a file of this form; a tuned table replaces this file as it
//! is.

use super::weights::{Weights, S};

/// The weights the engine plays with.
#[rustfmt::skip]
pub const W: Weights = Weights {
    // -- Material and piece-square terms (material.rs).
    material: [
        S(100, 110), // pawn
        S(325, 340), // bishop
        S(0, 0), // king
    ],
    phase: [1, 3, 0],
    pst: [
        // Pawn.
        [
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(4, 8), S(4, 8), S(4, 8), S(4, 8)],
            [S(8, 16), S(8, 16), S(8, 16), S(8, 16)],
            [S(14, 30), S(14, 30), S(14, 30), S(14, 30)],
            [S(24, 50), S(24, 50), S(24, 50), S(24, 50)],
            [S(40, 80), S(40, 80), S(40, 80), S(40, 80)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
        ],
        // Bishop.
        [
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
        ],
        // King.
        [
            [S(0, -24), S(0, -24), S(0, -24), S(0, -24)],
            [S(0, -16), S(0, -16), S(0, -16), S(0, -24)],
            [S(0, -24), S(0, -8), S(0, -8), S(0, -16)],
            [S(0, -16), S(0, 0), S(0, -8), S(0, -24)],
            [S(0, -24), S(0, -8), S(0, 0), S(0, -16)],
            [S(0, -16), S(0, -8), S(0, -8), S(0, -24)],
            [S(0, -24), S(0, -16), S(0, -16), S(0, -16)],
            [S(0, -24), S(0, -24), S(0, -24), S(0, -24)],
        ],
    ],

    // -- Pawns (pawns.rs).
    passed: [S(0, 0), S(0, 0), S(2, 5), S(5, 10), S(10, 20), S(17, 35), S(30, 60), S(0, 0)],
    pawn_supported: S(0, 0),
    pawn_stuck: S(0, 0),

    // -- Mobility (mobility.rs).
    mobility_bishop: [
        S(0, 0), S(4, 3), S(8, 6), S(12, 9), S(16, 12), S(20, 15), S(24, 18), S(28, 21), S(32, 24),
        S(36, 27), S(40, 30), S(44, 33), S(48, 36), S(52, 39),
    ],

    // -- King safety (king_safety.rs).
    king_shelter: [S(0, 0), S(10, 0), S(20, 0)],
    king_ring_attacked: S(0, 0),
    king_attackers: [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
    safe_check: S(0, 0),

    // -- Threats (threats.rs).
    threat_by_pawn: S(0, 0),
    hanging: S(0, 0),

    // -- Side to move.
    tempo: 10,
};
