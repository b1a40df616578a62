//! The attack sets the evaluation's terms read, computed once per evaluation.

use kurier_rules::bitboard::squares;
use kurier_rules::game::Color;
use kurier_rules::games::schachdame::attacks::{bishop_attacks, KING, PAWN};
use kurier_rules::games::schachdame::{Piece, Schachdame};

/// Per colour (indexed by [`Color::index`]): the squares its pawns, its bishops, its king and
/// all its pieces attack.
pub(super) struct AttackInfo {
    /// Squares attacked by the colour's pawns.
    pub pawns: [u64; 2],
    /// Squares attacked by the colour's bishops.
    pub bishops: [u64; 2],
    /// Squares attacked by any of the colour's pieces.
    pub all: [u64; 2],
}

impl AttackInfo {
    /// The attack sets of `pos`.
    #[inline(always)]
    pub(super) fn new(pos: &Schachdame) -> Self {
        let occ = pos.occupied();
        let mut info = AttackInfo {
            pawns: [0; 2],
            bishops: [0; 2],
            all: [0; 2],
        };
        for color in Color::BOTH {
            let c = color.index();
            for sq in squares(pos.pieces(color, Piece::Pawn)) {
                info.pawns[c] |= PAWN[c][sq];
            }
            for sq in squares(pos.pieces(color, Piece::Bishop)) {
                info.bishops[c] |= bishop_attacks(sq, occ);
            }
            info.all[c] = info.pawns[c] | info.bishops[c] | KING[pos.king_square(color)];
        }
        info
    }
}
