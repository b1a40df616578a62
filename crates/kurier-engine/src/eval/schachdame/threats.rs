//! Threats: enemy bishops attacked by pawns, enemy pieces attacked and not defended. Bonuses
//! for the attacker.

use super::attack_info::AttackInfo;
use super::weights::{Table, S};
use kurier_rules::game::Color;
use kurier_rules::games::schachdame::{Piece, Schachdame};

/// `us`'s threats against the other side.
pub(super) fn score<T: Table>(pos: &Schachdame, info: &AttackInfo, us: Color, t: T) -> S {
    let w = t.w();
    let them = !us;
    let bishops = pos.pieces(them, Piece::Bishop);
    let pieces = bishops | pos.pieces(them, Piece::Pawn);
    let by_pawn = (info.pawns[us.index()] & bishops).count_ones() as i32;
    let hanging = (info.all[us.index()] & pieces & !info.all[them.index()]).count_ones() as i32;
    w.threat_by_pawn * by_pawn + w.hanging * hanging
}
