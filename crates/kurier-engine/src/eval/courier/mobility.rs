//! Mobility: how many squares a piece reaches.

use super::attack_info::AttackInfo;
use super::weights::{S, W};
use kurier_rules::game::Color;
use kurier_rules::games::courier::{Courier, Piece};

/// `us`'s mobility: the squares its rooks and couriers attack that no own piece stands on.
pub(super) fn score(pos: &Courier, info: &AttackInfo, us: Color) -> S {
    let own = pos.occupied_by(us);
    let mut s = S::ZERO;
    for p in info.pieces(us) {
        if matches!(p.piece, Piece::Rook | Piece::Courier) {
            s += W.slider_mobility * (p.attacks & !own).count_ones() as i32;
        }
    }
    s
}
