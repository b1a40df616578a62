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
            [S(0, -6), S(0, 0), S(0, 0), S(-5, -8)],
            [S(8, -4), S(14, 7), S(6, 9), S(-3, -8)],
            [S(0, -4), S(11, 25), S(15, 16), S(11, -5)],
            [S(8, 5), S(19, 34), S(15, 16), S(2, -4)],
            [S(1, 5), S(15, 42), S(20, 62), S(17, 4)],
            [S(12, 17), S(42, 79), S(45, 111), S(3, 4)],
            [S(-10, 17), S(51, 113), S(63, 125), S(62, 129)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
        ],
        // Bishop.
        [
            [S(6, 4), S(-2, -13), S(-4, -6), S(-8, -4)],
            [S(6, 9), S(-2, -6), S(-3, 1), S(-7, 0)],
            [S(-5, -5), S(3, 5), S(4, 6), S(-1, 4)],
            [S(-1, 3), S(8, 21), S(3, 4), S(7, -4)],
            [S(8, -1), S(12, 15), S(13, 12), S(7, 2)],
            [S(11, 11), S(8, 11), S(12, 10), S(-9, -2)],
            [S(-2, 6), S(10, 9), S(6, 7), S(1, 0)],
            [S(3, -9), S(0, 1), S(3, -5), S(9, -5)],
        ],
        // King.
        [
            [S(-14, -6), S(0, -27), S(8, -36), S(1, -37)],
            [S(-2, -24), S(15, -22), S(5, -26), S(6, -39)],
            [S(-9, -35), S(0, -1), S(4, -9), S(10, -31)],
            [S(-1, -9), S(-14, 14), S(-3, -9), S(4, -22)],
            [S(-4, -29), S(5, 25), S(4, 27), S(-1, -27)],
            [S(-2, -10), S(12, 18), S(2, 0), S(-3, -38)],
            [S(1, -26), S(1, -4), S(2, -10), S(-5, -20)],
            [S(-7, -35), S(-3, -28), S(-3, -27), S(-10, -40)],
        ],
    ],

    // -- Pawns (pawns.rs).
    passed: [S(-15, -8), S(-13, -7), S(-8, 2), S(0, 19), S(17, 25), S(28, 41), S(43, 42), S(0, 0)],
    pawn_supported: S(-1, -13),
    pawn_stuck: S(0, -46),

    // -- Mobility (mobility.rs).
    mobility_bishop: [
        S(4, -11), S(14, -11), S(18, -7), S(23, 11), S(28, 20), S(30, 27), S(31, 33), S(32, 38),
        S(36, 42), S(38, 43), S(47, 44), S(47, 44), S(53, 46), S(53, 46),
    ],

    // -- King safety (king_safety.rs).
    king_shelter: [S(8, 12), S(11, -8), S(11, -2)],
    king_ring_attacked: S(9, 2),
    king_attackers: [S(4, 4), S(3, -1), S(-7, -3), S(0, 0)],
    safe_check: S(-1, -15),

    // -- Threats (threats.rs).
    threat_by_pawn: S(8, -2),
    hanging: S(3, 10),

    // -- Side to move.
    tempo: 3,
};
