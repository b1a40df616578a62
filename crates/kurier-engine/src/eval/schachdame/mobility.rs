//! Mobility: how many squares each bishop can use (docs/rules.md S4: bishops slide
//! diagonally, so on the dark squares only).

use super::attack_info::AttackInfo;
use super::weights::{Table, S};
use kurier_rules::bitboard::squares;
use kurier_rules::game::Color;
use kurier_rules::games::schachdame::attacks::bishop_attacks;
use kurier_rules::games::schachdame::{Piece, Schachdame};

/// `us`'s mobility: per bishop, by the squares it attacks that hold no own piece and that no
/// enemy pawn attacks.
pub(super) fn score<T: Table>(pos: &Schachdame, info: &AttackInfo, us: Color, t: T) -> S {
    let w = t.w();
    let usable = !pos.occupied_by(us) & !info.pawns[(!us).index()];
    let occ = pos.occupied();
    let mut s = S::ZERO;
    for sq in squares(pos.pieces(us, Piece::Bishop)) {
        let n = (bishop_attacks(sq, occ) & usable).count_ones() as usize;
        s += w.mobility_bishop[n.min(w.mobility_bishop.len() - 1)];
    }
    s
}
