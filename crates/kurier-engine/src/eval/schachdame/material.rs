//! Material, the game phase and the piece-square tables (docs/rules.md S2: the pieces).

use super::weights::{Table, S};
use kurier_rules::bitboard::squares;
use kurier_rules::game::Color;
use kurier_rules::games::schachdame::{Piece, Schachdame};

/// `sq` as `color` sees it: White's squares as they are, Black's board turned half round
/// (h8 is Black's a1), so that both sides' pieces start on the same own squares (S3) and every
/// own square is dark, as every square in play is (S1).
#[inline(always)]
pub(super) fn own_square(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq,
        Color::Black => 63 - sq,
    }
}

/// The piece-square value of `piece` on the own square `own` ([`own_square`]).
#[inline(always)]
pub(super) fn pst<T: Table>(piece: Piece, own: usize, t: T) -> S {
    // The dark squares of a rank are every other file from the a-file (odd ranks) or the
    // b-file (even ranks): `file / 2` numbers them 0..4.
    t.w().pst[piece as usize][own / 8][own % 8 / 2]
}

/// `us`'s material and piece-square score, and its share of the game phase
/// ([`super::weights::Weights::phase`]).
pub(super) fn score<T: Table>(pos: &Schachdame, us: Color, t: T) -> (S, i32) {
    let w = t.w();
    let (mut s, mut phase) = (S::ZERO, 0);
    for piece in Piece::ALL {
        let bits = pos.pieces(us, piece);
        let n = bits.count_ones() as i32;
        s += w.material[piece as usize] * n;
        phase += n * w.phase[piece as usize];
        for sq in squares(bits) {
            s += pst(piece, own_square(us, sq), t);
        }
    }
    (s, phase)
}
