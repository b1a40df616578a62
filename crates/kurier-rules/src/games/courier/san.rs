//! SAN for Courier chess ([`crate::san`]), as cutechess-cli and Fairy-Stockfish write it: the
//! FEN letters of docs/rules.md C2 (`R N B E F M W K`, none for a pawn), squares on twelve files
//! (C9), a promotion as `=F` (C4), `+` for check and `#` for checkmate (C5) only — a stalemate
//! (C6) and a bare king (C7) end the game without a mark.

use super::attacks::{FILES, RANKS};
use super::movegen::{self, CountSink};
use super::{Courier, Move, Piece};
use crate::game::{Color, Game};
use crate::san::{CheckMark, SanFacts, SanRules};

/// The upper-case piece letters of docs/rules.md C2, the pawn's among them.
const LETTERS: [char; Piece::COUNT] = {
    let mut letters = ['P'; Piece::COUNT];
    let mut i = 0;
    while i < Piece::COUNT {
        letters[i] = Piece::ALL[i].letter(Color::White);
        i += 1;
    }
    letters
};

/// (file, rank) of a square index, both from 0.
fn file_rank(sq: usize) -> (u8, u8) {
    ((sq % FILES) as u8, (sq / FILES) as u8)
}

/// What SAN says of the legal move `mv` of `pos`.
fn facts(pos: &Courier, mv: Move) -> SanFacts {
    let piece = mv.piece();
    SanFacts {
        piece: (piece != Piece::Pawn).then(|| piece.letter(Color::White)),
        from: file_rank(mv.from()),
        to: file_rank(mv.to()),
        // Capture by replacement (C4: there is no en passant).
        capture: pos.occupied_by(!pos.side_to_move()) & (1u128 << mv.to()) != 0,
        promotion: mv.is_promotion().then(|| Piece::Fers.letter(Color::White)),
    }
}

/// `+` when `mv` gives check, `#` when the checked side has no move by the move rules
/// (docs/rules.md C5), the bare-king rule (C7) set aside as cutechess and Fairy-Stockfish set it
/// aside; no mark for a stalemate (C6).
fn check_mark(pos: &Courier, mv: Move) -> CheckMark {
    let after = pos.play(mv);
    if !after.in_check() {
        return CheckMark::None;
    }
    let mut count = CountSink(0);
    movegen::generate_by_move_rules(&after, &mut count);
    if count.0 == 0 {
        CheckMark::Mate
    } else {
        CheckMark::Check
    }
}

impl SanRules for Courier {
    const BOARD: (usize, usize) = (FILES, RANKS);
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
    use crate::game::{MoveError, Reason};
    use crate::games::courier::{PRE_CEREMONY_FEN, START_FEN};
    use crate::san::San;

    fn pos(fen: &str) -> Courier {
        Courier::from_fen(fen).unwrap()
    }

    fn san_of(p: &Courier, coordinate: &str) -> String {
        p.san(p.parse_move(coordinate).unwrap())
    }

    #[test]
    fn start_moves_as_cutechess_writes_them() {
        let p = pos(START_FEN);
        for (coordinate, san) in [
            ("a1a3", "Ra3"),
            ("l1l3", "Rl3"),
            ("e2e3", "e3"),
            ("b1c3", "Nc3"),
            ("g3h4", "Fh4"),
            ("c1e3", "Ee3"),
            ("k1j3", "Nj3"),
        ] {
            assert_eq!(san_of(&p, coordinate), san, "{coordinate}");
            assert_eq!(p.parse_san(san), p.parse_move(coordinate), "{san}");
        }
        let p = pos(PRE_CEREMONY_FEN);
        assert_eq!(san_of(&p, "g2g3"), "g3");
        assert_eq!(san_of(&p, "c1a3"), "Ea3");
        assert_eq!(san_of(&p, "b1c3"), "Nc3");
        assert_eq!(p.lan(p.parse_move("b1c3").unwrap()), "Nb1-c3");
    }

    #[test]
    fn every_piece_letter() {
        // Black: K e8, pawn l7 (a side with its king alone has lost, C7). White: K e1, R a4,
        // N b1, B (courier) d1, E (alfil) c1, F h4, M e2, W g1; pawn k2.
        let p = pos("4k7/11p/12/12/R6F4/12/4M5P1/1NEBK1W5 w - - 0 1");
        for (coordinate, san) in [
            ("a4a7", "Ra7"),
            ("b1c3", "Nc3"),
            ("d1b3", "Bb3"),
            ("c1a3", "Ea3"),
            ("h4i5", "Fi5"),
            ("e2d3", "Md3"),
            ("g1g2", "Wg2"),
            ("e1f2", "Kf2"),
            ("k2k3", "k3"),
        ] {
            assert_eq!(san_of(&p, coordinate), san, "{coordinate}");
            assert_eq!(p.parse_san(san), p.parse_move(coordinate), "{san}");
        }
    }

    #[test]
    fn disambiguation_by_legal_moves_only() {
        // Rooks d1 and d8 both reach d4: by rank. Knights b1 and f1 both reach d2: by file.
        let p = pos("3R8/p10k/12/12/12/12/12/1N1R1N4K1 w - - 0 1");
        assert_eq!(san_of(&p, "d1d4"), "R1d4");
        assert_eq!(san_of(&p, "d8d4"), "R8d4");
        assert_eq!(san_of(&p, "b1d2"), "Nbd2");
        assert_eq!(san_of(&p, "f1d2"), "Nfd2");
        assert_eq!(san_of(&p, "d1d2"), "R1d2");
        assert_eq!(san_of(&p, "d1e1"), "Re1");
        let e = p.parse_san("Rd4").unwrap_err();
        assert!(matches!(&e, MoveError::Ambiguous { candidates, .. } if candidates.len() == 2));
        assert!(matches!(
            p.parse_san("Nd2"),
            Err(MoveError::Ambiguous { .. })
        ));
        for text in ["Rdd4?", "Rd4+", "Rxd4"] {
            assert!(
                matches!(p.parse_san(text), Err(MoveError::Ambiguous { .. })),
                "{text}"
            );
        }
        for text in ["R1d4", "Rd1d4", "Rd1-d4", "R1-d4", "d1d4", "R1d4+!"] {
            assert_eq!(p.parse_san(text), p.parse_move("d1d4"), "{text}");
        }
        assert_eq!(p.parse_san("R8d4"), p.parse_move("d8d4"));
        assert_eq!(p.parse_san("Nbd2"), p.parse_move("b1d2"));
        assert_eq!(p.parse_san("Nb1d2"), p.parse_move("b1d2"));
    }

    #[test]
    fn a_piece_letter_is_never_a_file() {
        // Couriers e3 and e5 both reach d4 (by rank: `B3d4`), and so does the knight on b3,
        // which `b3d4` names: the SAN is the courier's, whatever the protocol reader makes of
        // `B3D4`. Fersen a1 and a3 both reach b2 (`F1b2`; there is no piece on f1).
        let p = pos("6k5/11p/12/4B7/12/FN2B7/12/F4K6 w - - 0 1");
        assert_eq!(san_of(&p, "e3d4"), "B3d4");
        assert_eq!(san_of(&p, "e5d4"), "B5d4");
        assert_eq!(san_of(&p, "b3d4"), "Nd4");
        assert_eq!(p.parse_san("B3d4"), p.parse_move("e3d4"));
        assert_eq!(p.parse_san("b3d4"), p.parse_move("b3d4"));
        assert_eq!(san_of(&p, "a1b2"), "F1b2");
        assert_eq!(p.parse_san("F1b2"), p.parse_move("a1b2"));
        assert_eq!(p.parse_san("F3b2"), p.parse_move("a3b2"));
    }

    #[test]
    fn pinned_pieces_need_no_disambiguation() {
        // The black rook e8 pins the white rook e2 to its king e1: a2 is the a3 rook's alone.
        let p = pos("4r6k/12/12/12/12/R11/4R7/4K7 w - - 0 1");
        assert_eq!(san_of(&p, "a3a2"), "Ra2");
        assert_eq!(p.parse_san("Ra2"), p.parse_move("a3a2"));
        assert!(matches!(
            p.parse_san("Rea2"),
            Err(MoveError::Illegal { .. })
        ));
        // Both reach e3 (the pinned rook along its pin).
        assert_eq!(san_of(&p, "e2e3"), "Ree3");
        assert_eq!(san_of(&p, "a3e3"), "Rae3");
        // Without the pin both reach a2.
        let p = pos("11k/p11/12/12/12/R11/4R7/4K7 w - - 0 1");
        assert_eq!(san_of(&p, "a3a2"), "Raa2");
        assert_eq!(san_of(&p, "e2a2"), "Rea2");
    }

    #[test]
    fn captures_promotions_checks_and_mates() {
        // White pawn g4 takes h5; pawn c7 promotes on c8 or takes b8.
        let p = pos("1r4k5/2P9/12/7p4/6P5/12/12/4K7 w - - 0 1");
        assert_eq!(san_of(&p, "g4h5"), "gxh5");
        assert_eq!(san_of(&p, "c7c8f"), "c8=F");
        assert_eq!(san_of(&p, "c7b8f"), "cxb8=F");
        assert_eq!(p.lan(p.parse_move("c7b8f").unwrap()), "c7xb8=F");
        for text in [
            "c8=F", "c8F", "c8f", "c8", "c7c8", "c7c8f", "c7-c8=F", "Pc8=F", "c8=F+!",
        ] {
            assert_eq!(p.parse_san(text), p.parse_move("c7c8f"), "{text}");
        }
        for text in ["cxb8", "cb8", "cxb8=F", "c7xb8", "c7b8f"] {
            assert_eq!(p.parse_san(text), p.parse_move("c7b8f"), "{text}");
        }
        assert!(matches!(
            p.parse_san("c8=M"),
            Err(MoveError::Illegal { .. })
        ));
        assert!(matches!(p.parse_san("c8=Q"), Err(MoveError::Syntax(_))));
        // Check: the rook gives check from g1 to the king on g8... with escape squares.
        let p = pos("6k5/11p/12/12/12/12/12/R5K5 w - - 0 1");
        assert_eq!(san_of(&p, "a1a8"), "Ra8+");
        // Mate: king g8 boxed in by its own pawns, rook to the eighth rank.
        let p = pos("6k5/5ppp4/12/12/12/12/12/R5K5 w - - 0 1");
        assert_eq!(san_of(&p, "a1a8"), "Ra8#");
        let mv = p.parse_san("Ra8").unwrap();
        assert_eq!(p.parse_san("Ra8#"), Ok(mv));
        assert_eq!(p.parse_san("Rxa8+"), Ok(mv));
        assert_eq!(p.parse_san("Ra1-a8"), Ok(mv));
        assert_eq!(p.parse_san(" Ra1a8#!? "), Ok(mv));
    }

    #[test]
    fn stalemate_and_bare_king_get_no_mate_mark() {
        // docs/rules.md C6: Rb7 stalemates Black (king a8, pawn l3 blocked), which wins in
        // Courier, but SAN marks only check and mate.
        let p = pos("k11/2K9/12/12/12/11p/11P/1R10 w - - 0 1");
        let mv = p.parse_move("b1b7").unwrap();
        let after = p.play(mv);
        assert!(!after.in_check());
        assert_eq!(after.outcome().map(|o| o.reason()), Some(Reason::Stalemate));
        assert_eq!(p.san(mv), "Rb7");
        // docs/rules.md C7: taking Black's last piece bares Black's king and wins at once.
        let p = pos("6k5/12/12/12/12/12/6r5/R4MK5 w - - 0 1");
        let mv = p.parse_move("f1g2").unwrap();
        assert_eq!(
            p.play(mv).outcome().map(|o| o.reason()),
            Some(Reason::BareKing)
        );
        assert_eq!(p.san(mv), "Mxg2");
        // The same with check: Black has no legal move (C7), but by the move rules its king could
        // take the rook, so the mark is `+`, as cutechess and Fairy-Stockfish write it.
        let p = pos("6k5/6r5/12/12/12/12/P11/6R4K w - - 0 1");
        let mv = p.parse_move("g1g7").unwrap();
        let after = p.play(mv);
        assert_eq!(after.outcome().map(|o| o.reason()), Some(Reason::BareKing));
        assert_eq!(after.count_moves(), 0);
        assert_eq!(p.san(mv), "Rxg7+");
        assert_eq!(p.lan(mv), "Rg1xg7+");
    }
}
