//! Piece-square tables: where a piece stands, whatever else is on the board
//! ([`super::weights::Weights::pst`], one per kind of piece, docs/rules.md C2).

use super::table::W;
use super::weights::{Table, S};
use kurier_rules::bitboard::squares128;
use kurier_rules::game::Color;
use kurier_rules::games::courier::attacks::{FILES, RANKS, SQUARES};
use kurier_rules::games::courier::{Courier, Piece};

/// `sq`'s rank counted from `color`'s own side (0 = its first rank).
#[inline(always)]
pub(super) fn relative_rank(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq / FILES,
        Color::Black => RANKS - 1 - sq / FILES,
    }
}

/// The half-board tables spread over the whole board, for White: `FULL[piece][square]`.
pub(super) static FULL: [[S; SQUARES]; Piece::COUNT] = {
    let mut t = [[S(0, 0); SQUARES]; Piece::COUNT];
    let mut p = 0;
    while p < Piece::COUNT {
        let mut sq = 0;
        while sq < SQUARES {
            let f = sq % FILES;
            let edge = if f < FILES / 2 { f } else { FILES - 1 - f };
            t[p][sq] = W.pst[p][sq / FILES][edge];
            sq += 1;
        }
        p += 1;
    }
    t
};

/// The value of `color`'s `piece` on `sq`.
#[inline(always)]
pub(super) fn value<T: Table>(color: Color, piece: Piece, sq: usize, t: T) -> S {
    let own = relative_rank(color, sq) * FILES + sq % FILES;
    t.pst(piece as usize, own)
}

/// `us`'s piece-square score.
pub(super) fn score<T: Table>(pos: &Courier, us: Color, t: T) -> S {
    let mut s = S::ZERO;
    for piece in Piece::ALL {
        for sq in squares128(pos.pieces(us, piece)) {
            s += value(us, piece, sq, t);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::courier::Shipped;

    fn value(color: Color, piece: Piece, sq: usize) -> S {
        super::value(color, piece, sq, Shipped)
    }

    fn sq(name: &str) -> usize {
        let b = name.as_bytes();
        (b[0] - b'a') as usize + (name[1..].parse::<usize>().unwrap() - 1) * FILES
    }

    #[test]
    fn the_tables_are_the_same_for_both_wings_and_both_colours() {
        for piece in Piece::ALL {
            for s in 0..SQUARES {
                let wing = s - s % FILES + (FILES - 1 - s % FILES);
                let other = (RANKS - 1 - s / FILES) * FILES + s % FILES;
                assert_eq!(
                    value(Color::White, piece, s),
                    value(Color::White, piece, wing)
                );
                assert_eq!(
                    value(Color::White, piece, s),
                    value(Color::Black, piece, other)
                );
            }
        }
    }

    #[test]
    fn short_steppers_and_the_endgame_king_like_the_centre() {
        for piece in [
            Piece::Knight,
            Piece::Fers,
            Piece::Mann,
            Piece::Wazir,
            Piece::Alfil,
        ] {
            let (centre, corner) = (
                value(Color::White, piece, sq("f4")),
                value(Color::White, piece, sq("a1")),
            );
            assert!(centre.0 > corner.0 && centre.1 > corner.1, "{piece:?}");
        }
        let king = |s: &str| value(Color::White, Piece::King, sq(s));
        assert!(king("f4").1 > king("a1").1 && king("f4").1 > king("f8").1);
        // In the middlegame the king is safer at home.
        assert!(king("f1").0 > king("f4").0 && king("b1").0 > king("b5").0);
    }

    #[test]
    fn pawns_gain_as_they_advance() {
        let pawn = |s: &str| value(Color::White, Piece::Pawn, sq(s));
        for f in ["a", "c", "f"] {
            for r in 3..=7 {
                let (lo, hi) = (pawn(&format!("{f}{}", r - 1)), pawn(&format!("{f}{r}")));
                assert!(hi.1 > lo.1, "{f}{r}");
            }
        }
        // A pawn on the 7th rank is worth less than the fers it becomes (docs/rules.md C4),
        // material included, away from the edge files (where the fers is worth least).
        for f in ["c", "d", "e", "f"] {
            let material = |p: Piece| W.material[p as usize];
            let before = material(Piece::Pawn) + pawn(&format!("{f}7"));
            let after =
                material(Piece::Fers) + value(Color::White, Piece::Fers, sq(&format!("{f}8")));
            assert!(
                after.0 > before.0 && after.1 > before.1,
                "{f}: {before:?} {after:?}"
            );
        }
        // Central pawns are worth more in the middlegame.
        assert!(pawn("f4").0 > pawn("a4").0);
        assert_eq!(value(Color::Black, Piece::Pawn, sq("f5")), pawn("f4"));
    }
}
