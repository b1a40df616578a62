//! SAN for Schachdame ([`crate::san`]), as Fairy-Stockfish writes it: the FEN letters of
//! docs/rules.md S2 (`K`, `B`, none for a pawn), a promotion as `=B` (S6), `+` for check and `#`
//! for checkmate (S7), no mark for a stalemate (S8).
//!
//! A Schachdame pawn steps diagonally, to move as to capture (S4), so two pawns can reach the
//! same empty square: such a quiet pawn move names the pawn's file like any other piece's
//! (`bc3`, `dc3`), and a capture names it always (`bxc3`). The reader also takes the pawn's
//! letter (`Pbc3`, `Pxc3`), as a program that counts the Schachdame pawn among its own pieces
//! (Fairy-Stockfish's `schachdame.ini` defines it as a custom piece) may write it.

use super::{Move, Piece, Schachdame};
use crate::game::{Color, Game};
use crate::san::{CheckMark, SanFacts, SanRules};

/// The upper-case piece letters of docs/rules.md S2.
const LETTERS: [char; 3] = ['P', 'B', 'K'];

/// (file, rank) of a square index, both from 0.
fn file_rank(sq: usize) -> (u8, u8) {
    ((sq % 8) as u8, (sq / 8) as u8)
}

/// What SAN says of the legal move `mv` of `pos`.
fn facts(pos: &Schachdame, mv: Move) -> SanFacts {
    let us = pos.side_to_move();
    let piece = pos.piece_on(us, mv.from()).unwrap_or(Piece::Pawn);
    SanFacts {
        piece: (piece != Piece::Pawn).then(|| piece.letter(Color::White)),
        from: file_rank(mv.from()),
        to: file_rank(mv.to()),
        // S5: capture by replacement.
        capture: pos.occupied_by(!us) & (1u64 << mv.to()) != 0,
        promotion: mv
            .is_promotion()
            .then(|| Piece::Bishop.letter(Color::White)),
    }
}

/// `+` when `mv` gives check, `#` when it mates (docs/rules.md S7).
fn check_mark(pos: &Schachdame, mv: Move) -> CheckMark {
    let after = pos.play(mv);
    if !after.in_check() {
        CheckMark::None
    } else if after.count_moves() == 0 {
        CheckMark::Mate
    } else {
        CheckMark::Check
    }
}

impl SanRules for Schachdame {
    const BOARD: (usize, usize) = (8, 8);
    const LETTERS: &'static [char] = &LETTERS;

    fn san_facts(&self, mv: Move) -> SanFacts {
        facts(self, mv)
    }

    fn check_mark(&self, mv: Move) -> CheckMark {
        check_mark(self, mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{MoveError, MoveList, Reason};
    use crate::games::schachdame::START_FEN;
    use crate::san::San;

    fn pos(fen: &str) -> Schachdame {
        Schachdame::from_fen(fen).unwrap()
    }

    fn san_of(p: &Schachdame, coordinate: &str) -> String {
        p.san(p.parse_move(coordinate).unwrap())
    }

    #[test]
    fn start_moves() {
        // S3: pawns a1 b2 d2 f2 g1 h2, bishop c1, king e1. b2 and d2 both reach c3; d2 and f2
        // both reach e3.
        let p = pos(START_FEN);
        let mut list = MoveList::new();
        p.generate(&mut list);
        let mut all: Vec<String> = list.iter().map(|&m| p.san(m)).collect();
        all.sort();
        assert_eq!(all, ["a3", "bc3", "dc3", "de3", "fe3", "fg3", "hg3"]);
        for text in ["bc3", "b2c3", "b2-c3", "Pbc3", "bxc3"] {
            assert_eq!(p.parse_san(text), p.parse_move("b2c3"), "{text}");
        }
        assert!(matches!(
            p.parse_san("c3"),
            Err(MoveError::Ambiguous { .. })
        ));
        assert!(matches!(
            p.parse_san("e3"),
            Err(MoveError::Ambiguous { .. })
        ));
        assert!(matches!(p.parse_san("Bd2"), Err(MoveError::Illegal { .. })));
        assert!(matches!(p.parse_san("Nc3"), Err(MoveError::Syntax(_))));
        assert!(matches!(p.parse_san("i3"), Err(MoveError::Syntax(_))));
        assert_eq!(p.lan(p.parse_move("b2a3").unwrap()), "b2-a3");
    }

    #[test]
    fn pieces_captures_promotions_and_marks() {
        // White: K e1, B c1, pawns c7 (promotes on b8, or takes on d8) and d4; Black: K h8,
        // B d8, pawn e5.
        let p = pos("3b3k/2P5/8/4p3/3P4/8/8/2B1K3 w - - 0 1");
        assert_eq!(san_of(&p, "d4e5"), "dxe5");
        assert_eq!(san_of(&p, "c7b8b"), "b8=B");
        assert_eq!(san_of(&p, "c7d8b"), "cxd8=B");
        assert_eq!(san_of(&p, "c1a3"), "Ba3");
        assert_eq!(san_of(&p, "e1f2"), "Kf2");
        assert_eq!(p.lan(p.parse_move("c7d8b").unwrap()), "c7xd8=B");
        for text in [
            "b8=B", "b8B", "b8b", "b8", "c7b8", "c7b8b", "c7b8=b", "cb8", "b8=B+",
        ] {
            assert_eq!(p.parse_san(text), p.parse_move("c7b8b"), "{text}");
        }
        assert!(matches!(
            p.parse_san("b8=K"),
            Err(MoveError::Illegal { .. })
        ));
        // docs/rules.md S7: Ba3-b2 mates the king on a1 (b2 is guarded by the king on c3).
        let p = pos("8/8/8/8/8/B1K5/8/k7 w - - 0 1");
        assert_eq!(san_of(&p, "a3b2"), "Bb2#");
        assert_eq!(p.parse_san("Bb2"), p.parse_move("a3b2"));
        // Check with a way out (e7).
        let p = pos("3k4/8/8/8/1B6/8/8/4K3 w - - 0 1");
        assert_eq!(san_of(&p, "b4a5"), "Ba5+");
    }

    #[test]
    fn stalemate_gets_no_mark() {
        // docs/rules.md S8: the bishop on h6 takes g7, the only square of the king on h8.
        let p = pos("7k/8/8/8/8/4B3/8/4K3 w - - 0 1");
        let mv = p.parse_move("e3h6").unwrap();
        assert_eq!(
            p.play(mv).outcome().map(|o| o.reason()),
            Some(Reason::Stalemate)
        );
        assert_eq!(p.san(mv), "Bh6");
    }
}
