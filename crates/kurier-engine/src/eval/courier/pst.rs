//! Piece-square terms: where a piece stands, whatever else is on the board.

use super::weights::{S, W};
use kurier_rules::bitboard::squares128;
use kurier_rules::game::Color;
use kurier_rules::games::courier::attacks::{FILES, RANKS};
use kurier_rules::games::courier::{Courier, Piece};

/// `sq`'s rank counted from `color`'s own side (0 = its first rank).
#[inline(always)]
pub(super) fn relative_rank(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq / FILES,
        Color::Black => RANKS - 1 - sq / FILES,
    }
}

/// Distance from the centre of the 12x8 board, in king steps.
#[inline(always)]
pub(super) fn centre_distance(sq: usize) -> i32 {
    let (f, r) = ((sq % FILES) as i32, (sq / FILES) as i32);
    ((2 * f - 11).abs() / 2).max((2 * r - 7).abs() / 2)
}

/// `us`'s piece-square score: pawns by rank, knight and mann near the centre, the king near
/// the centre in the endgame.
pub(super) fn score(pos: &Courier, us: Color) -> S {
    let mut s = S::ZERO;
    for sq in squares128(pos.pieces(us, Piece::Pawn)) {
        s += W.pawn_rank[relative_rank(us, sq)];
    }
    for sq in squares128(pos.pieces(us, Piece::Knight) | pos.pieces(us, Piece::Mann)) {
        s += W.centre * centre_distance(sq);
    }
    s.1 += W.centre.1 * centre_distance(pos.king_square(us));
    s
}
