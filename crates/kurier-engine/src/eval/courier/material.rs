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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_gains_and_the_pieces_keep_their_order() {
        let v = |p: Piece| super::super::table::W.material[p as usize];
        // A pawn becomes a fers (docs/rules.md C4): worth well over two pawns in both phases,
        // so a pawn near promotion is never worth as much as the fers it becomes.
        assert!(v(Piece::Fers).0 > 2 * v(Piece::Pawn).0 && v(Piece::Fers).1 > 2 * v(Piece::Pawn).1);
        // Rook, then courier, then knight, then the one-step pieces, the alfil, the pawn.
        let order = [
            Piece::Rook,
            Piece::Courier,
            Piece::Knight,
            Piece::Fers,
            Piece::Alfil,
            Piece::Pawn,
        ];
        for w in order.windows(2) {
            assert!(
                v(w[0]).0 > v(w[1]).0 && v(w[0]).1 > v(w[1]).1,
                "{:?} {:?}",
                w[0],
                w[1]
            );
        }
    }
}
