//! King safety: the pawns in front of the king, the enemy bishops around it and the checks
//! they could give (docs/rules.md S4: the king steps one square diagonally).

use super::attack_info::AttackInfo;
use super::weights::{Table, S};
use kurier_rules::bitboard::squares;
use kurier_rules::game::Color;
use kurier_rules::games::schachdame::attacks::{bishop_attacks, KING, PAWN};
use kurier_rules::games::schachdame::{Piece, Schachdame};

/// `us`'s king safety.
pub(super) fn score<T: Table>(pos: &Schachdame, info: &AttackInfo, us: Color, t: T) -> S {
    let w = t.w();
    let them = !us;
    let king = pos.king_square(us);
    let occ = pos.occupied();
    let shelter = (PAWN[us.index()][king] & pos.pieces(us, Piece::Pawn)).count_ones() as usize;
    let mut s = w.king_shelter[shelter.min(2)];
    let ring = KING[king] | 1u64 << king;
    s += w.king_ring_attacked * (ring & info.bishops[them.index()]).count_ones() as i32;
    let attackers = squares(pos.pieces(them, Piece::Bishop))
        .filter(|&sq| bishop_attacks(sq, occ) & ring != 0)
        .count();
    s += w.king_attackers[attackers.min(3)];
    let checks = bishop_attacks(king, occ)
        & info.bishops[them.index()]
        & !pos.occupied_by(them)
        & !info.all[us.index()];
    s += w.safe_check * checks.count_ones() as i32;
    s
}
