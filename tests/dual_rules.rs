//! Each rule of docs/rules.md section D (D1–D12) shown on a position built for it.

use kurier_rules::game::{Color, Game, MoveError, MoveList, Outcome, Reason};
use kurier_rules::games::dual::notation::capture_paths;
use kurier_rules::games::dual::tables::DARK;
use kurier_rules::games::dual::{DualCheckers, Piece};
use kurier_rules::record::GameRecord;

fn pos(fen: &str) -> DualCheckers {
    DualCheckers::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Legal moves in the people's notation (docs/rules.md D11), sorted.
fn moves(p: &DualCheckers) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.pdn(m)).collect();
    v.sort();
    v
}

fn play(p: &DualCheckers, text: &str) -> DualCheckers {
    p.play(
        p.parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen())),
    )
}

fn sq(name: &str) -> usize {
    let b = name.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

#[test]
fn d1_d2_start_position() {
    let p = DualCheckers::start();
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(p.men(Color::White).count_ones(), 12);
    assert_eq!(p.men(Color::Black).count_ones(), 12);
    // White on the light squares of ranks 1-3, Black on the dark squares of ranks 6-8.
    assert_eq!(p.men(Color::White) & DARK, 0);
    assert_eq!(p.men(Color::White) & !0xFF_FFFF, 0);
    assert_eq!(p.men(Color::Black) & !DARK, 0);
    assert_eq!(p.men(Color::Black) & 0xFF_FFFF_FFFF, 0);
    assert_eq!(
        moves(&p),
        ["b3-a4", "b3-c4", "d3-c4", "d3-e4", "f3-e4", "f3-g4", "h3-g4"]
    );
}

#[test]
fn d3_men_step_diagonally_forward_and_keep_their_colour() {
    let p = pos("7m/8/8/8/3M4/8/8/8 w 0 1");
    assert_eq!(moves(&p), ["d4-c5", "d4-e5"]);
    let p = pos("8/8/8/8/3m4/8/8/K7 b 0 1");
    assert_eq!(moves(&p), ["d4-c3", "d4-e3"]);
    let after = play(&p, "d4-c3");
    assert_eq!(
        (DARK >> sq("d4")) & 1,
        (DARK >> sq("c3")) & 1,
        "a quiet move keeps the colour"
    );
    assert_eq!(after.piece_on(sq("c3")), Some((Color::Black, Piece::Man)));
}

#[test]
fn d4_capture_is_compulsory_free_choice_but_completed() {
    // White has quiet moves, but must capture; it may take one man (g2:g3) or two
    // (a2:c4:e6): no rule to take the most. The two-piece capture cannot stop at c4.
    let p = pos("8/8/8/3m4/8/1m4m1/M5M1/8 w 0 1");
    assert_eq!(moves(&p), ["a2:c4:e6", "g2:g3"]);
    assert!(matches!(
        p.parse_move("a2:c4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(p.parse_move("g2-h3").is_err());
}

#[test]
fn d5_direct_capture_in_every_direction_and_backward_jumps() {
    // A white man on d5 surrounded orthogonally: each direct capture changes its colour.
    let p = pos("8/8/3m4/2mMm3/3m4/8/8/8 w 0 1");
    let all = moves(&p);
    for first in ["d5:d6", "d5:d4", "d5:c5", "d5:e5"] {
        assert!(
            all.iter().any(|m| m.starts_with(first)),
            "{first} in {all:?}"
        );
    }
    assert_eq!(all.len(), 8, "{all:?}");
    // Backward jump of a man.
    let p = pos("8/8/8/3M4/2m5/8/8/8 w 0 1");
    assert_eq!(moves(&p), ["d5:b3"]);
    let after = play(&p, "d5:b3");
    assert_eq!(after.occupied_by(Color::Black), 0);
    // Direct capture: the capturer lands on the victim's square, of the other colour.
    let p = pos("8/8/8/8/8/8/1mM5/8 w 0 1");
    assert_eq!(moves(&p), ["c2:b2"]);
    let after = play(&p, "c2:b2");
    assert_eq!(after.piece_on(sq("b2")), Some((Color::White, Piece::Man)));
    assert_ne!((DARK >> sq("c2")) & 1, (DARK >> sq("b2")) & 1);
}

#[test]
fn d6_captured_pieces_block_until_the_move_ends() {
    // Seed: after a4:c6:d6:f8:h6 the new king may not take a6 across the captured d6.
    let p = pos("8/4m1m1/m2m4/1m6/M7/8/3m4/8 w 0 1");
    assert_eq!(moves(&p), ["a4:c6:d6:f8:h6:c1"]);
    // A captured piece cannot be taken twice: after d4:f6 the man may not jump e5 back to d4.
    let p = pos("8/8/8/4m3/3M4/8/8/8 w 0 1");
    assert_eq!(moves(&p), ["d4:f6"]);
    // A captured piece still blocks: the king from h4 takes e4, b4, b7 and e7 directly (in
    // either order) but may not then take e2 down the e-file past the captured e4 (5 squares
    // from e7, an odd distance: legal if e4 were gone).
    let p = pos("8/1m2m3/8/8/1m2m2K/8/4m3/8 w 0 1");
    let mut list = MoveList::new();
    p.generate(&mut list);
    let square = ["e4", "b4", "b7", "e7"]
        .iter()
        .map(|s| 1u64 << sq(s))
        .sum::<u64>();
    assert!(
        list.iter().any(|m| m.captured() & square == square),
        "{:?}",
        moves(&p)
    );
    assert!(
        list.iter().all(|m| m.captured() & (1u64 << sq("e2")) == 0),
        "{:?}",
        moves(&p)
    );
    // The origin counts as empty: the seed's king passes back over d5 (d5:a5:h5).
    let p = pos("3m4/8/2m5/m2K3m/8/3m4/8/8 w 0 1");
    assert!(moves(&p).contains(&"d5:a5:h5".to_string()));
}

#[test]
fn d7_promotion_in_the_middle_of_a_capture_goes_on_as_a_king() {
    // c7 takes c8 directly, becomes a king on rank 8 and takes f8 directly (3 files: odd).
    let p = pos("2m2m2/2M5/8/8/8/8/8/8 w 0 1");
    assert_eq!(moves(&p), ["c7:c8:f8"]);
    let m = p.parse_move("c7:c8:f8").unwrap();
    assert!(m.is_promotion());
    let after = p.play(m);
    assert_eq!(after.piece_on(sq("f8")), Some((Color::White, Piece::King)));
    // Black promotes on rank 1 by a quiet move.
    let p = pos("8/8/8/8/8/8/6m1/K7 b 0 1");
    let after = play(&p, "g2-h1");
    assert_eq!(after.piece_on(sq("h1")), Some((Color::Black, Piece::King)));
    assert_eq!(after.reversible_plies(), 0);
}

#[test]
fn d8_king_moves_and_captures() {
    // Quiet: flying along the diagonals only.
    let p = pos("7k/8/8/8/3K4/8/8/8 w 0 1");
    assert_eq!(moves(&p).len(), 12);
    assert!(moves(&p).iter().all(|m| m.starts_with("d4-")));
    // Landing rule: over c3 the king may land on d4..h8, but only e5 lets it go on (over f4).
    let p = pos("8/8/8/8/5m2/2m5/8/K7 w 0 1");
    assert_eq!(moves(&p), ["a1:e5:g3", "a1:e5:h2"]);
    // Without a way on, every landing square beyond the victim is a move.
    let p = pos("7k/8/8/8/8/2m5/8/K7 w 0 1");
    assert_eq!(moves(&p), ["a1:d4", "a1:e5", "a1:f6", "a1:g7"]);
    // Direct capture only at an odd distance: a3 is two squares up (even), h1 seven (odd).
    let p = pos("8/8/8/8/m7/m7/8/K6k w 0 1");
    assert_eq!(moves(&p), ["a1:h1"]);
}

#[test]
fn d9_a_side_without_moves_loses() {
    // The white man on a7 is blocked by the black man on b8 and has nothing to capture.
    let p = pos("1m6/M7/8/8/8/8/8/8 w 0 1");
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::NoLegalMove
        })
    );
    // No pieces left.
    let p = pos("8/8/8/8/3m4/8/8/8 w 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::NoLegalMove
        })
    );
    assert_eq!(kurier_rules::perft::perft(&p, 3), 0);
}

#[test]
fn d10_draw_by_thirty_plies_of_king_moves_and_by_repetition() {
    // The kings stand on squares of different colours and never share a rank or file.
    let p = pos("8/8/8/8/8/k7/8/7K w 0 1");
    let mut record = GameRecord::new(p);
    // Kings shuffle: the start position comes back after 4 and 8 plies: third occurrence.
    for m in [
        "h1-g2", "a3-b4", "g2-h1", "b4-a3", "h1-g2", "a3-b4", "g2-h1", "b4-a3",
    ] {
        assert_eq!(record.outcome(), None, "before {m}");
        record.play_text(m).unwrap();
    }
    assert_eq!(record.outcome(), Some(Outcome::Draw(Reason::Repetition)));
    // 30 plies of king moves without capture.
    let p = pos("8/8/8/8/8/k7/8/7K w 29 20");
    assert_eq!(p.outcome(), None);
    let after = play(&p, "h1-g2");
    assert_eq!(after.reversible_plies(), 30);
    assert_eq!(after.outcome(), Some(Outcome::Draw(Reason::MoveRule(30))));
    // A man move resets the counter; so does a capture.
    let p = pos("k7/8/8/8/8/8/M7/7K w 12 20");
    assert_eq!(play(&p, "a2-b3").reversible_plies(), 0);
    let p = pos("k7/8/8/8/8/8/Mm6/7K w 12 20");
    assert_eq!(play(&p, "a2:b2").reversible_plies(), 0);
    let p = pos("8/8/8/8/8/k7/8/7K w 12 20");
    assert_eq!(play(&p, "h1-g2").reversible_plies(), 13);
}

#[test]
fn d11_notation_forms_and_errors() {
    let p = DualCheckers::start();
    let m = p.parse_move("f3-e4").unwrap();
    assert_eq!(p.format_move(m), "f3e4");
    assert_eq!(p.pdn(m), "f3-e4");
    assert_eq!(p.parse_move("f3e4"), Ok(m));
    assert!(matches!(p.parse_move("f3"), Err(MoveError::Syntax(_))));
    assert!(matches!(p.parse_move("z9e4"), Err(MoveError::Syntax(_))));
    match p.parse_move("f3-f4") {
        Err(MoveError::Illegal { legal, .. }) => assert_eq!(legal.len(), 7),
        other => panic!("{other:?}"),
    }
    // origin:destination is accepted only when it names one move.
    let p = pos("1K5m/2m1m3/8/2m5/6m1/8/8/5M2 w 0 26");
    match p.parse_move("b8:g4") {
        Err(MoveError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates.len(), 2);
            assert!(candidates.contains(&"b8c7,c7g3,g3g4".to_string()));
            assert!(candidates.contains(&"b8c7,c7d6,d6c5,c5b4,b4g4".to_string()));
        }
        other => panic!("{other:?}"),
    }
    let a = p.parse_move("b8:g3:g4").unwrap();
    let b = p.parse_move("b8xd6xb4xg4").unwrap();
    assert_ne!(a, b);
    assert_eq!(p.parse_move("b8c7,c7g3,g3g4"), Ok(a));
    assert_eq!(p.parse_move("b8c7,c7d6,d6c5,c5b4,b4g4"), Ok(b));
    // Legs that do not join up are not a move.
    assert!(matches!(
        p.parse_move("b8c7,d6c5"),
        Err(MoveError::Syntax(_))
    ));
}

#[test]
fn d12_paths_with_the_same_result_are_one_move() {
    // Over c3 the king can land on e5 (then e8 along the file) or on h8 (then e8 along the
    // rank): two paths, same origin, destination, captures and piece: one move.
    let p = pos("4m3/m7/8/8/8/2m5/8/K7 w 0 1");
    let paths = capture_paths(&p);
    assert_eq!(paths.len(), 2);
    assert_eq!(paths[0].mv, paths[1].mv);
    assert_eq!(p.count_moves(), 1);
    let m = paths[0].mv;
    assert_eq!(p.parse_move("a1:e5:e8"), Ok(m));
    assert_eq!(p.parse_move("a1:h8:e8"), Ok(m));
    assert_eq!(p.parse_move("a1:e8"), Ok(m));
    assert_eq!(kurier_rules::perft::perft(&p, 1), 1);
}
