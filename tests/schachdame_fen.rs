//! FEN reading and writing for Schachdame (docs/rules.md S3, S9): round trips, the shapes GUIs send,
//! and a clear error — never a panic — for every kind of bad input.

use kurier_rules::game::{Color, FenError, Game};
use kurier_rules::games::schachdame::{Schachdame, START_FEN};

#[test]
fn start_position_round_trips() {
    let p = Schachdame::start();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(Schachdame::from_fen(START_FEN).unwrap(), p);
}

#[test]
fn positions_along_a_game_round_trip() {
    let mut p = Schachdame::start();
    let mut list = kurier_rules::game::MoveList::new();
    for ply in 0..60 {
        let back = Schachdame::from_fen(&p.fen()).unwrap();
        assert_eq!(back, p, "ply {ply}: {}", p.fen());
        list.clear();
        p.generate(&mut list);
        let Some(&mv) = list.get((ply * 7) % list.len().max(1)) else {
            break;
        };
        p = p.play(mv);
    }
}

#[test]
fn accepts_the_shapes_guis_send() {
    let board = "1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1";
    for fen in [
        format!("{board} w - - 0 1"),
        format!("{board} w - -"),
        format!("{board} w"),
        format!("{board} w 0 1"),
        format!("  {board}   w  -  -  0  1  "),
    ] {
        let p = Schachdame::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.fen(), START_FEN, "{fen}");
    }
    let p = Schachdame::from_fen(&format!("{board} b - - 7 12")).unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.fen(), format!("{board} b - - 7 12"));
    assert_eq!(p.reversible_plies(), 7);
}

fn err(fen: &str) -> FenError {
    match Schachdame::from_fen(fen) {
        Ok(p) => panic!("accepted bad FEN {fen}: {}", p.fen()),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

#[test]
fn rejects_bad_fens_with_clear_errors() {
    // Wrong number of rows.
    assert_eq!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1"),
        FenError::RowCount {
            found: 7,
            expected: 8
        }
    );
    assert!(matches!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1"),
        FenError::RowCount { found: 9, .. }
    ));
    // Rows too long or too short.
    assert!(matches!(
        err("1p1k1b1p/p1p1p1p1/9/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1"),
        FenError::RowLength {
            row: 3,
            found: 9,
            ..
        }
    ));
    assert!(matches!(
        err("1p1k1b1p/p1p1p1p/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1"),
        FenError::RowLength {
            row: 2,
            found: 7,
            ..
        }
    ));
    assert!(matches!(
        err("1p1k1b1p/p1p1p1p1/99999999999999999999999/8/8/8/1P1P1P1P/P1B1K1P1 w"),
        FenError::RowLength { row: 3, .. }
    ));
    // Unknown letters: chess pieces that Schachdame does not have, and junk.
    assert_eq!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1Q1 w - - 0 1"),
        FenError::UnknownPiece('Q')
    );
    assert_eq!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P? w - - 0 1"),
        FenError::UnknownPiece('?')
    );
    // A piece on a light square (b1 is light: file 2 + rank 1 is odd).
    assert_eq!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/PPB1K1P1 w - - 0 1"),
        FenError::UnusableSquare {
            piece: 'P',
            square: "b1".into()
        }
    );
    // Two kings of one colour, or none.
    assert_eq!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/2K5/1P1P1P1P/P1B1K1P1 w - - 0 1"),
        FenError::KingCount {
            color: Color::White,
            count: 2
        }
    );
    assert_eq!(
        err("1p3b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1"),
        FenError::KingCount {
            color: Color::Black,
            count: 0
        }
    );
    // The side not to move is in check: the white bishop on a5 attacks the black king on d8,
    // and it is White's move.
    assert_eq!(
        err("3k4/8/8/B7/8/8/8/4K3 w - - 0 1"),
        FenError::OpponentInCheck
    );
    // ... which is fine with Black to move.
    assert!(Schachdame::from_fen("3k4/8/8/B7/8/8/8/4K3 b - - 0 1").is_ok());
    // Pawns on their promotion rank.
    assert!(matches!(
        err("1P1k4/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::IllegalPlacement { piece: 'P', .. }
    ));
    assert!(matches!(
        err("3k4/8/8/8/8/8/8/p3K3 w - - 0 1"),
        FenError::IllegalPlacement { piece: 'p', .. }
    ));
    // Bad fields.
    assert_eq!(err(""), FenError::Empty);
    assert!(matches!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 x - - 0 1"),
        FenError::SideToMove(_)
    ));
    assert!(matches!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w KQkq - 0 1"),
        FenError::Field {
            field: "castling",
            ..
        }
    ));
    assert!(matches!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - e3 0 1"),
        FenError::Field {
            field: "en passant",
            ..
        }
    ));
    assert!(matches!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - x 1"),
        FenError::Field {
            field: "halfmove",
            ..
        }
    ));
    assert!(matches!(
        err("1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1 9"),
        FenError::TooManyFields(7)
    ));
}

/// Arbitrary bytes never make the reader panic.
#[test]
fn garbage_never_panics() {
    let mut state = 99u64;
    let alphabet = b"pbkPBK12345678/ wb-09xQ\xc3\xa9";
    for len in 0..80 {
        for _ in 0..200 {
            let mut s = Vec::new();
            for _ in 0..len {
                let (n, z) = kurier_rules::zobrist::splitmix64(state);
                state = n;
                s.push(alphabet[(z % alphabet.len() as u64) as usize]);
            }
            let text = String::from_utf8_lossy(&s);
            let _ = Schachdame::from_fen(&text);
        }
    }
}
