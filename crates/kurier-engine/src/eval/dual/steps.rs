//! One diagonal step of a whole bitboard (docs/rules.md D3, D5: men step and jump diagonally),
//! with the squares that would wrap around the board's edge masked off first.

use kurier_rules::games::dual::tables::{FILE_A, FILE_H};

/// The four diagonal directions, in the order of `kurier_rules::games::dual::tables::DIRS`.
pub(super) const DIAGONALS: [Diagonal; 4] = [
    Diagonal::NorthEast,
    Diagonal::NorthWest,
    Diagonal::SouthEast,
    Diagonal::SouthWest,
];

/// A diagonal direction (north is toward rank 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Diagonal {
    /// +9: toward h8.
    NorthEast,
    /// +7: toward a8.
    NorthWest,
    /// -7: toward h1.
    SouthEast,
    /// -9: toward a1.
    SouthWest,
}

impl Diagonal {
    /// The opposite direction.
    pub(super) const fn opposite(self) -> Diagonal {
        match self {
            Diagonal::NorthEast => Diagonal::SouthWest,
            Diagonal::NorthWest => Diagonal::SouthEast,
            Diagonal::SouthEast => Diagonal::NorthWest,
            Diagonal::SouthWest => Diagonal::NorthEast,
        }
    }

    /// Every square of `bb` moved one step this way; squares that would leave the board drop out.
    #[inline(always)]
    pub(super) const fn shift(self, bb: u64) -> u64 {
        match self {
            Diagonal::NorthEast => (bb & !FILE_H) << 9,
            Diagonal::NorthWest => (bb & !FILE_A) << 7,
            Diagonal::SouthEast => (bb & !FILE_H) >> 7,
            Diagonal::SouthWest => (bb & !FILE_A) >> 9,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_on_the_board() {
        // a1 = 0, h1 = 7, a8 = 56, h8 = 63.
        assert_eq!(Diagonal::NorthEast.shift(1), 1 << 9);
        assert_eq!(Diagonal::NorthWest.shift(1), 0);
        assert_eq!(Diagonal::NorthEast.shift(1 << 7), 0);
        assert_eq!(Diagonal::SouthWest.shift(1 << 63), 1 << 54);
        assert_eq!(Diagonal::SouthEast.shift(1 << 63), 0);
        assert_eq!(Diagonal::NorthEast.shift(1 << 63), 0);
        for d in DIAGONALS {
            for sq in 9..55 {
                if sq % 8 == 0 || sq % 8 == 7 {
                    continue;
                }
                assert_eq!(d.opposite().shift(d.shift(1 << sq)), 1 << sq, "{d:?} {sq}");
            }
        }
    }
}
