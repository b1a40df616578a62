//! The attack sets of one position, computed once per evaluation and read by every term:
//! each piece's attacks (docs/rules.md C2), their union per kind and colour, and the squares
//! attacked twice. No allocation: fixed arrays on the stack.

use kurier_rules::bitboard::squares128;
use kurier_rules::game::Color;
use kurier_rules::games::courier::attacks::{self, BOARD, FILES, FILE_A, FILE_L};
use kurier_rules::games::courier::{Courier, Piece};

/// Most pieces besides pawns and the king a side can have: 11 at the start, and each of the 12
/// pawns can become a fers (docs/rules.md C4).
pub(super) const MAX_PIECES: usize = 23;

/// One piece besides pawns and the king, with the squares it attacks.
#[derive(Clone, Copy, Debug)]
pub(super) struct PieceAttacks {
    /// Its kind.
    pub piece: Piece,
    /// The squares it attacks (sliders stopped by the first piece of either colour).
    pub attacks: u128,
}

/// Every attack of both sides in one position.
pub(super) struct AttackInfo {
    /// `by_kind[colour][piece]`: squares attacked by that colour's pieces of that kind.
    pub by_kind: [[u128; Piece::COUNT]; 2],
    /// `all[colour]`: squares attacked by any of that colour's pieces, king and pawns included.
    pub all: [u128; 2],
    /// `twice[colour]`: squares attacked by at least two of that colour's pieces.
    pub twice: [u128; 2],
    /// `pieces[colour][..len[colour]]`: the pieces besides pawns and the king, with their
    /// attacks, in the order of [`Piece::ALL`].
    pub pieces: [[PieceAttacks; MAX_PIECES]; 2],
    /// How many entries of [`AttackInfo::pieces`] are used, per colour.
    pub len: [usize; 2],
}

/// The squares `color`'s pawns attack (one step diagonally forward, docs/rules.md C2).
#[inline(always)]
pub(super) fn pawn_attacks(pawns: u128, color: Color) -> u128 {
    let (west, east) = (pawns & !FILE_A, pawns & !FILE_L);
    match color {
        Color::White => ((west << (FILES - 1)) | (east << (FILES + 1))) & BOARD,
        Color::Black => (west >> (FILES + 1)) | (east >> (FILES - 1)),
    }
}

impl AttackInfo {
    /// The attacks of both sides in `pos`.
    pub fn new(pos: &Courier) -> AttackInfo {
        let blank = PieceAttacks {
            piece: Piece::Pawn,
            attacks: 0,
        };
        let mut info = AttackInfo {
            by_kind: [[0; Piece::COUNT]; 2],
            all: [0; 2],
            twice: [0; 2],
            pieces: [[blank; MAX_PIECES]; 2],
            len: [0; 2],
        };
        let occ = pos.occupied();
        for color in Color::BOTH {
            let c = color.index();
            let pawns = pos.pieces(color, Piece::Pawn);
            let pawn_att = pawn_attacks(pawns, color);
            let king_att = attacks::KING[pos.king_square(color)];
            // Squares two pawns attack: the west captures overlap the east captures.
            let (west, east) = (pawns & !FILE_A, pawns & !FILE_L);
            let pawn_twice = match color {
                Color::White => (west << (FILES - 1)) & (east << (FILES + 1)) & BOARD,
                Color::Black => (west >> (FILES + 1)) & (east >> (FILES - 1)),
            };
            let mut all = pawn_att | king_att;
            let mut twice = (pawn_att & king_att) | pawn_twice;
            info.by_kind[c][Piece::Pawn as usize] = pawn_att;
            info.by_kind[c][Piece::King as usize] = king_att;
            let mut n = 0;
            for piece in &Piece::ALL[1..Piece::COUNT - 1] {
                let mut kind = 0;
                for sq in squares128(pos.pieces(color, *piece)) {
                    let a = attacks::piece_attacks(*piece, color, sq, occ);
                    twice |= all & a;
                    all |= a;
                    kind |= a;
                    if n < MAX_PIECES {
                        info.pieces[c][n] = PieceAttacks {
                            piece: *piece,
                            attacks: a,
                        };
                        n += 1;
                    }
                }
                info.by_kind[c][*piece as usize] = kind;
            }
            info.all[c] = all;
            info.twice[c] = twice;
            info.len[c] = n;
        }
        info
    }

    /// `color`'s pieces besides pawns and the king, with their attacks.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> &[PieceAttacks] {
        &self.pieces[color.index()][..self.len[color.index()]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::game::Game;

    /// The attack sets against the rules crate's own attack test, square by square.
    #[test]
    fn attack_sets_agree_with_the_rules() {
        for fen in [
            kurier_rules::games::courier::START_FEN,
            "r1eb2kw1e1r/1p1pmp2p1p1/n1p4p1p2/p10p/P5P4P/1P9N/R2PPP2PPP1/1N1b1MKWBE1R b - - 0 13",
            "4mk1w1e2/r2ppp1p1bpn/nN6p3/p10p/P6P3P/4E3PN1R/1PPPPP4P1/R2BM1K5 w - - 0 22",
        ] {
            let pos = Courier::from_fen(fen).unwrap();
            let info = AttackInfo::new(&pos);
            for color in Color::BOTH {
                for sq in 0..attacks::SQUARES {
                    let n = pos.attackers(sq, color, pos.occupied()).count_ones();
                    assert_eq!(info.all[color.index()] >> sq & 1 == 1, n >= 1, "{fen} {sq}");
                    assert_eq!(
                        info.twice[color.index()] >> sq & 1 == 1,
                        n >= 2,
                        "{fen} {sq}"
                    );
                }
            }
        }
    }
}
