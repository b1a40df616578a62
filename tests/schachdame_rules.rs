//! Each rule of docs/rules.md section S shown on a position built for it.

use kurier_rules::game::{Color, Game, MoveError, MoveList, Outcome, Reason};
use kurier_rules::games::schachdame::{Piece, Schachdame};
use kurier_rules::record::GameRecord;

fn pos(fen: &str) -> Schachdame {
    Schachdame::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Schachdame) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

fn sq(name: &str) -> usize {
    let b = name.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

#[test]
fn s3_s4_start_position_has_only_diagonal_pawn_steps() {
    let p = Schachdame::start();
    assert_eq!(
        moves(&p),
        ["b2a3", "b2c3", "d2c3", "d2e3", "f2e3", "f2g3", "h2g3"]
    );
}

#[test]
fn s4_pawns_never_move_backward_or_straight() {
    // White pawn d4 with the black pawn on c5 and e5: d4 can take both, never go back.
    let p = pos("7k/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1");
    let m = moves(&p);
    assert!(m.contains(&"d4c5".to_string()) && m.contains(&"d4e5".to_string()));
    assert!(!m.iter().any(|m| m.starts_with("d4") && !m.ends_with('5')));
    // Black pawn on c5 moves down the board only.
    let p = pos("7k/8/8/2p5/8/8/8/4K3 b - - 0 1");
    let m = moves(&p);
    assert!(m.contains(&"c5b4".to_string()) && m.contains(&"c5d4".to_string()));
    assert!(!m.iter().any(|m| m.starts_with("c5") && !m.ends_with('4')));
}

#[test]
fn s5_capture_is_never_compulsory() {
    let p = pos("7k/8/8/8/8/p7/1P6/4K3 w - - 0 1");
    assert_eq!(moves(&p), ["b2a3", "b2c3", "e1d2", "e1f2"]);
    let after = p.play(p.parse_move("b2a3").unwrap());
    assert_eq!(
        after.pieces(Color::Black, Piece::Pawn),
        0,
        "captured by replacement"
    );
    assert_eq!(after.reversible_plies(), 0);
}

#[test]
fn s6_promotion_is_to_bishop_only() {
    let p = pos("7k/2P5/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves(&p), ["c7b8b", "c7d8b", "e1d2", "e1f2"]);
    // Named with or without the suffix; any other suffix is not a move.
    let m = p.parse_move("c7b8b").unwrap();
    assert_eq!(p.parse_move("c7b8").unwrap(), m);
    assert!(matches!(p.parse_move("c7b8q"), Err(MoveError::Syntax(_))));
    let after = p.play(m);
    assert_eq!(after.piece_on(Color::White, sq("b8")), Some(Piece::Bishop));
    assert_eq!(after.fen(), "1B5k/8/8/8/8/8/8/4K3 b - - 0 1");
    // Several bishops per side are possible.
    let p = pos("7k/2P5/8/8/8/8/8/2B1K3 w - - 0 1");
    let after = p.play(p.parse_move("c7d8b").unwrap());
    assert_eq!(after.pieces(Color::White, Piece::Bishop).count_ones(), 2);
}

#[test]
fn s7_pinned_piece_stays_on_the_pin_line() {
    // The white bishop on d2 stands between its king on e1 and the black bishop on b4.
    let p = pos("7k/8/8/8/1b6/8/3B4/4K3 w - - 0 1");
    assert_eq!(moves(&p), ["d2b4", "d2c3", "e1f2"]);
}

#[test]
fn s7_king_never_moves_into_check_nor_along_the_checking_line() {
    // The black bishop on a5 checks e1 along a5-e1; the king may not step back to f0 (off the
    // board) nor to d2 (on the line); f2 is free.
    let p = pos("7k/8/8/b7/8/8/8/4K3 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["e1f2"]);
    // Kings may not touch: f6 is next to the black king on g7.
    let p = pos("8/6k1/8/4K3/8/8/8/8 w - - 0 1");
    assert!(!moves(&p).contains(&"e5f6".to_string()));
}

#[test]
fn s7_checkmate_wins() {
    // docs/rules.md S8's example: White Kc3, Bb2 against Black Ka1.
    let p = pos("8/8/8/8/8/2K5/1B6/k7 b - - 0 1");
    assert!(p.in_check());
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
    // Mate on the 100th reversible ply still wins: the board decides before the counter.
    let p = pos("8/8/8/8/8/2K5/1B6/k7 b - - 100 80");
    assert!(matches!(p.outcome(), Some(Outcome::Win { .. })));
}

#[test]
fn s8_stalemate_draws() {
    let p = pos("8/8/8/8/8/2K5/7P/k7 b - - 0 1");
    assert!(!p.in_check());
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw(Reason::Stalemate)));
}

#[test]
fn s8_two_bare_kings_draw_but_king_and_bishop_play_on() {
    let p = pos("3k4/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::Draw(Reason::TwoBareKings)));
    let p = pos("3k4/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(p.outcome(), None);
    // A capture that leaves two bare kings ends the game at once.
    let p = pos("3k4/8/8/8/8/8/3b4/4K3 w - - 0 1");
    let after = p.play(p.parse_move("e1d2").unwrap());
    assert_eq!(after.outcome(), Some(Outcome::Draw(Reason::TwoBareKings)));
}

#[test]
fn s8_fifty_move_rule() {
    let p = pos("3k1b2/8/8/8/8/8/8/2B1K3 w - - 99 70");
    assert_eq!(p.outcome(), None);
    let after = p.play(p.parse_move("e1f2").unwrap());
    assert_eq!(after.reversible_plies(), 100);
    assert_eq!(after.outcome(), Some(Outcome::Draw(Reason::MoveRule(100))));
    // A pawn move resets the count.
    let p = pos("3k1b2/8/8/8/8/8/7P/2B1K3 w - - 99 70");
    let after = p.play(p.parse_move("h2g3").unwrap());
    assert_eq!(after.reversible_plies(), 0);
    assert_eq!(after.outcome(), None);
}

#[test]
fn s8_threefold_repetition() {
    let mut game = GameRecord::new(pos("3k1b2/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    let cycle = ["e1f2", "d8e7", "f2e1", "e7d8"];
    for m in cycle {
        game.play_text(m).unwrap();
    }
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.outcome(), None);
    for (i, m) in cycle.iter().enumerate() {
        game.play_text(m).unwrap();
        if i < 3 {
            assert_eq!(game.outcome(), None, "after {m}");
        }
    }
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw(Reason::Repetition)));
    // Undo takes the game back before the third occurrence.
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
}

#[test]
fn s9_move_text_errors_are_clear() {
    let p = Schachdame::start();
    assert!(matches!(p.parse_move("zz"), Err(MoveError::Syntax(_))));
    assert!(matches!(p.parse_move("e1e9"), Err(MoveError::Syntax(_))));
    assert!(matches!(p.parse_move("b2a3é"), Err(MoveError::Syntax(_))));
    match p.parse_move("e1e3") {
        Err(MoveError::Illegal { legal, .. }) => assert_eq!(legal.len(), 7),
        other => panic!("{other:?}"),
    }
    // Other spellings of the same move.
    let m = p.parse_move("b2a3").unwrap();
    for text in ["B2A3", "b2-a3", " b2xa3 "] {
        assert_eq!(p.parse_move(text).unwrap(), m, "{text}");
    }
}
