//! Dual-checkers FEN (docs/rules.md D2, docs/design.md): both forms read, round trips, and every kind of
//! bad input rejected with the reason.

use kurier_rules::game::{Color, FenError, Game};
use kurier_rules::games::dual::{DualCheckers, Piece, START_FEN};

fn sq(name: &str) -> usize {
    let b = name.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

#[test]
fn start_round_trip() {
    let p = DualCheckers::start();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(DualCheckers::from_fen(&p.fen()), Ok(p));
    // Counters are optional.
    let short =
        DualCheckers::from_fen("1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/1M1M1M1M/M1M1M1M1/1M1M1M1M w")
            .unwrap();
    assert_eq!(short, p);
}

#[test]
fn draughts_form_is_read_and_written() {
    let p = DualCheckers::from_fen("W:Wb1,d1,Kc4:Bb6,Kd8").unwrap();
    assert_eq!(p.fen(), "3k4/8/1m6/8/2K5/8/8/1M1M4 w 0 1");
    assert_eq!(p.piece_on(sq("c4")), Some((Color::White, Piece::King)));
    assert_eq!(p.draughts_fen(), "W:Wb1,d1,Kc4:Bb6,Kd8");
    assert_eq!(DualCheckers::from_fen(&p.draughts_fen()), Ok(p));
    let q = DualCheckers::from_fen("B:W:BKa1,h8:H7:F12.").unwrap();
    assert_eq!(q.fen(), "7m/8/8/8/8/8/8/k7 b 7 12");
    let start = DualCheckers::start();
    assert_eq!(DualCheckers::from_fen(&start.draughts_fen()), Ok(start));
}

#[test]
fn bad_fens_say_what_is_wrong() {
    let cases: [(&str, FenError); 10] = [
        ("", FenError::Empty),
        (
            "M7/8/8/8/8/8/8/8 w 0 1",
            FenError::IllegalPlacement {
                piece: 'M',
                square: "a8".into(),
                why: "a man on its far rank must have become a king (docs/rules.md D7); write a king",
            },
        ),
        (
            "8/8/8/8/8/8/8/3m4 w 0 1",
            FenError::IllegalPlacement {
                piece: 'm',
                square: "d1".into(),
                why: "a man on its far rank must have become a king (docs/rules.md D7); write a king",
            },
        ),
        ("8/8/8/8/8/8/8/3p4 w 0 1", FenError::UnknownPiece('p')),
        (
            "8/8/8/8/8/8/8/7 w 0 1",
            FenError::RowLength {
                row: 8,
                found: 7,
                expected: 8,
            },
        ),
        (
            "8/8/8/8/8/8/8/M8 w 0 1",
            FenError::RowLength {
                row: 8,
                found: 9,
                expected: 8,
            },
        ),
        (
            "8/8/8/8/8/8/8 w 0 1",
            FenError::RowCount {
                found: 7,
                expected: 8,
            },
        ),
        ("8/8/8/8/8/8/8/8 x 0 1", FenError::SideToMove("x".into())),
        (
            "8/8/8/8/8/8/8/8 w z 1",
            FenError::Field {
                field: "reversible-ply counter",
                found: "z".into(),
            },
        ),
        ("8/8/8/8/8/8/8/8 w 0 1 9", FenError::TooManyFields(5)),
    ];
    for (fen, want) in cases {
        assert_eq!(DualCheckers::from_fen(fen), Err(want), "{fen}");
    }
    // Kings on the far rank are fine; men on their own first rank too.
    assert!(DualCheckers::from_fen("K7/8/8/8/8/8/8/3k4 w 0 1").is_ok());
    assert!(DualCheckers::from_fen("m7/8/8/8/8/8/8/3M4 w 0 1").is_ok());
    // Draughts form errors.
    for bad in [
        "W:Wb1,b1:B",
        "W:Wz9:B",
        "W:Wb8:B",
        "X:Wb1:Bb6",
        "W:Qb1",
        "W:Wb1:Wc1",
    ] {
        let e = DualCheckers::from_fen(bad);
        assert!(e.is_err(), "{bad}: {e:?}");
        assert!(!e.unwrap_err().to_string().is_empty());
    }
}
