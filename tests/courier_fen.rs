//! FEN reading and writing for Courier chess (docs/rules.md C3, C9): round trips, the shapes GUIs
//! send, and a clear error — never a panic — for every kind of bad input.

use kurier_rules::game::{Color, FenError, Game, MoveList};
use kurier_rules::games::courier::{Courier, PRE_CEREMONY_FEN, START_FEN};

#[test]
fn both_start_positions_round_trip() {
    let p = Courier::start();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(Courier::from_fen(START_FEN).unwrap(), p);
    let array = Courier::from_fen(PRE_CEREMONY_FEN).unwrap();
    assert_eq!(array.fen(), PRE_CEREMONY_FEN);
    assert_ne!(array.key(), p.key());
}

#[test]
fn positions_along_a_game_round_trip() {
    let mut p = Courier::start();
    let mut list = MoveList::new();
    for ply in 0..120 {
        let back = Courier::from_fen(&p.fen()).unwrap();
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
    let board = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR";
    for fen in [
        format!("{board} w - - 0 1"),
        format!("{board} w - -"),
        format!("{board} w"),
        // XBoard's `setboard` after `-lpf`: four fields, no castling or en-passant field.
        format!("{board} w 0 1"),
        format!("  {board}   w  -  -  0  1  "),
    ] {
        let p = Courier::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.fen(), START_FEN, "{fen}");
    }
    let p = Courier::from_fen(&format!("{board} b - - 7 12")).unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.fen(), format!("{board} b - - 7 12"));
    assert_eq!(p.reversible_plies(), 7);
    // Digit runs: `12`, `10`, and runs split in several pieces (`6f5`, `1` + `11`).
    let p = Courier::from_fen("k10r/12/12/12/12/12/12/K11 w - - 0 1").unwrap();
    assert_eq!(p.fen(), "k10r/12/12/12/12/12/12/K11 w - - 0 1");
}

fn err(fen: &str) -> FenError {
    match Courier::from_fen(fen) {
        Ok(p) => panic!("accepted bad FEN {fen}: {}", p.fen()),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

#[test]
fn rejects_bad_fens_with_clear_errors() {
    // 13 files in a row.
    assert_eq!(
        err("rnebmk1wbenr/1ppppp1pppp1/7f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"),
        FenError::RowLength {
            row: 3,
            found: 13,
            expected: 12
        }
    );
    assert!(matches!(
        err("rnebmk1wbenrr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w"),
        FenError::RowLength {
            row: 1,
            found: 13,
            ..
        }
    ));
    // 11 files; an 8-file chess row.
    assert!(matches!(
        err("rnebmk1wbenr/1ppppp1pppp1/6f4/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w"),
        FenError::RowLength {
            row: 3,
            found: 11,
            ..
        }
    ));
    assert!(matches!(
        err("rnebmk1wbenr/1ppppp1pppp1/8/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w"),
        FenError::RowLength { found: 8, .. }
    ));
    // A digit run too long for any integer type is just "too long", never an overflow.
    assert!(matches!(
        err("rnebmk1wbenr/1ppppp1pppp1/99999999999999999999999999999/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w"),
        FenError::RowLength { row: 3, .. }
    ));
    // 9 ranks, 7 ranks.
    assert_eq!(
        err("rnebmk1wbenr/1ppppp1pppp1/12/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"),
        FenError::RowCount {
            found: 9,
            expected: 8
        }
    );
    assert!(matches!(
        err("rnebmk1wbenr/1ppppp1pppp1/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"),
        FenError::RowCount { found: 7, .. }
    ));
    // Unknown letters: the chess queen, Schachdame-irrelevant junk, a zero run.
    assert_eq!(
        err("rnebqk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"),
        FenError::UnknownPiece('q')
    );
    assert_eq!(
        err("rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBEN? w - - 0 1"),
        FenError::UnknownPiece('?')
    );
    assert_eq!(
        err("rnebmk1wbenr/1ppppp1pppp1/06f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w"),
        FenError::UnknownPiece('0')
    );
    // Missing king, two kings.
    assert_eq!(
        err("rnebm2wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"),
        FenError::KingCount {
            color: Color::Black,
            count: 0
        }
    );
    assert_eq!(
        err("rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMKKWBENR w - - 0 1"),
        FenError::KingCount {
            color: Color::White,
            count: 2
        }
    );
    // Pawns on the first or the last rank.
    assert!(matches!(
        err("P3k7/12/12/12/12/12/12/4K7 w - - 0 1"),
        FenError::IllegalPlacement { piece: 'P', .. }
    ));
    assert!(matches!(
        err("4k7/12/12/12/12/12/12/P3K7 w - - 0 1"),
        FenError::IllegalPlacement { piece: 'P', .. }
    ));
    assert!(matches!(
        err("4k7/12/12/12/12/12/12/4K6p w - - 0 1"),
        FenError::IllegalPlacement { piece: 'p', .. }
    ));
    match err("4k6p/12/12/12/12/12/12/4K7 w - - 0 1") {
        FenError::IllegalPlacement { piece, square, .. } => {
            assert_eq!((piece, square.as_str()), ('p', "l8"))
        }
        other => panic!("{other:?}"),
    }
    // The side not to move is in check: the white rook a1 attacks the black king a8 with White
    // to move; with Black to move it is fine. Two kings side by side likewise.
    assert_eq!(
        err("k11/12/12/12/12/12/12/R10K w - - 0 1"),
        FenError::OpponentInCheck
    );
    assert!(Courier::from_fen("k11/12/12/12/12/12/12/R10K b - - 0 1").is_ok());
    assert_eq!(
        err("12/12/12/12/12/5kK5/12/12 w - - 0 1"),
        FenError::OpponentInCheck
    );
    // Bad fields.
    assert_eq!(err(""), FenError::Empty);
    assert_eq!(err("   "), FenError::Empty);
    let board = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR";
    assert!(matches!(
        err(&format!("{board} x - - 0 1")),
        FenError::SideToMove(_)
    ));
    assert!(matches!(
        err(&format!("{board} w KQkq - 0 1")),
        FenError::Field {
            field: "castling",
            ..
        }
    ));
    assert!(matches!(
        err(&format!("{board} w - e3 0 1")),
        FenError::Field {
            field: "en passant",
            ..
        }
    ));
    assert!(matches!(
        err(&format!("{board} w - - x 1")),
        FenError::Field {
            field: "halfmove",
            ..
        }
    ));
    assert!(matches!(
        err(&format!("{board} w - - 0 1 9")),
        FenError::TooManyFields(7)
    ));
}

/// Arbitrary bytes never make the reader panic.
#[test]
fn garbage_never_panics() {
    let mut state = 77u64;
    let alphabet = b"rnbekfmwpRNBEKFMWP12345678910/ wb-09xQ\xc3\xa9";
    for len in 0..120 {
        for _ in 0..200 {
            let mut s = Vec::new();
            for _ in 0..len {
                let (n, z) = kurier_rules::zobrist::splitmix64(state);
                state = n;
                s.push(alphabet[(z % alphabet.len() as u64) as usize]);
            }
            let text = String::from_utf8_lossy(&s);
            let _ = Courier::from_fen(&text);
        }
    }
}

/// Mutations of the start FEN: every one is read or rejected, never a panic, and anything read
/// writes back to a FEN that reads to the same position.
#[test]
fn mutated_start_fens_never_panic() {
    let mut state = 5u64;
    let base: Vec<u8> = START_FEN.bytes().collect();
    let alphabet = b"rnbekfmwpRNBEKFMWP0123456789/ -";
    for _ in 0..20_000 {
        let mut s = base.clone();
        for _ in 0..3 {
            let (n, z) = kurier_rules::zobrist::splitmix64(state);
            state = n;
            let i = (z % s.len() as u64) as usize;
            s[i] = alphabet[((z >> 32) % alphabet.len() as u64) as usize];
        }
        let text = String::from_utf8_lossy(&s);
        if let Ok(p) = Courier::from_fen(&text) {
            assert_eq!(Courier::from_fen(&p.fen()).unwrap(), p, "{text}");
            assert_eq!(p.key(), p.compute_key());
        }
    }
}
