//! Material and the game phase (docs/rules.md C2: the pieces).

use super::weights::{Table, S};
use kurier_rules::game::Color;
use kurier_rules::games::courier::{Courier, Piece};

/// `us`'s material, and its share of the game phase ([`super::weights::Weights::phase`]).
pub(super) fn score<T: Table>(pos: &Courier, us: Color, t: T) -> (S, i32) {
    let w = t.w();
    let (mut s, mut phase) = (S::ZERO, 0);
    for piece in Piece::ALL {
        let n = pos.pieces(us, piece).count_ones() as i32;
        s += w.material[piece as usize] * n;
        phase += n * w.phase[piece as usize];
    }
    (s, phase)
}
