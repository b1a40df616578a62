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
            [S(0, -8), S(0, 0), S(0, 0), S(-2, -13)],
            [S(10, -6), S(13, 1), S(7, 6), S(-3, -13)],
            [S(0, -6), S(16, 17), S(21, 15), S(11, -6)],
            [S(13, -3), S(21, 22), S(21, 15), S(2, -6)],
            [S(0, -3), S(18, 39), S(24, 59), S(17, -5)],
            [S(23, -3), S(38, 91), S(43, 119), S(-1, -5)],
            [S(-34, -3), S(64, 141), S(70, 155), S(66, 146)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
        ],
        // Bishop.
        [
            [S(0, 2), S(-3, -17), S(-7, -8), S(-15, -4)],
            [S(4, 11), S(2, -4), S(-9, 7), S(-7, -1)],
            [S(-4, -8), S(5, 3), S(6, 7), S(0, 5)],
            [S(0, 4), S(6, 26), S(0, 8), S(7, -8)],
            [S(7, 2), S(11, 20), S(18, 14), S(9, -1)],
            [S(9, 9), S(14, 14), S(17, 6), S(-8, 0)],
            [S(2, 13), S(10, 9), S(10, 3), S(7, 4)],
            [S(9, -12), S(3, -1), S(0, -6), S(20, -6)],
        ],
        // King.
        [
            [S(-32, 3), S(4, -41), S(16, -34), S(10, -44)],
            [S(-1, -27), S(19, -23), S(7, -25), S(11, -41)],
            [S(-8, -33), S(1, -5), S(4, -4), S(9, -30)],
            [S(-2, -11), S(-24, 19), S(-9, -1), S(1, -26)],
            [S(-1, -26), S(9, 28), S(1, 31), S(3, -24)],
            [S(1, 2), S(20, 22), S(1, 3), S(-9, -48)],
            [S(4, -27), S(4, 7), S(1, -13), S(-3, -15)],
            [S(-7, -37), S(-3, -32), S(-9, -39), S(-17, -51)],
        ],
    ],

    // -- Pawns (pawns.rs).
    passed: [
        S(-22, -9), S(-20, -8), S(-11, -4), S(-6, 18), S(15, 19), S(37, 27), S(43, 27), S(0, 0),
    ],
    pawn_supported: S(0, -17),
    pawn_stuck: S(1, -44),

    // -- Mobility (mobility.rs).
    mobility_bishop: [
        S(13, -21), S(21, -17), S(25, -7), S(28, 13), S(30, 22), S(31, 29), S(34, 38), S(34, 41),
        S(38, 48), S(38, 48), S(51, 49), S(51, 49), S(57, 52), S(57, 52),
    ],

    // -- King safety (king_safety.rs).
    king_shelter: [S(8, 12), S(11, -4), S(11, -8)],
    king_ring_attacked: S(7, 5),
    king_attackers: [S(5, 2), S(2, 1), S(-8, 0), S(0, 0)],
    safe_check: S(-3, -11),

    // -- Threats (threats.rs).
    threat_by_pawn: S(13, 1),
    hanging: S(6, 7),

    // -- Side to move.
    tempo: 4,
};
