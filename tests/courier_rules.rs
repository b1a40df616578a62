//! Each rule of docs/rules.md section C shown on a position built for it.

use kurier_rules::game::{Color, Game, MoveError, MoveList, Outcome, Reason};
use kurier_rules::games::courier::{Courier, Piece, PRE_CEREMONY_FEN, START_FEN};
use kurier_rules::record::GameRecord;

fn pos(fen: &str) -> Courier {
    Courier::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Courier) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    assert_eq!(v.len() as u64, p.count_moves(), "count_moves agrees");
    v
}

/// The moves of the piece on `from`.
fn moves_from(p: &Courier, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric))
        .collect()
}

fn sq(name: &str) -> usize {
    let b = name.as_bytes();
    let rank: usize = name[1..].parse().unwrap();
    (rank - 1) * 12 + (b[0] - b'a') as usize
}

fn win(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn c1_c2_leapers_move_as_their_betza_says() {
    // White: king a1, alfil e4, knight h4, fers b6, mann j6, schleich l8; black pawns on the
    // squares the alfil jumps over.
    let p = pos("11W/12/1F7M2/3p1p6/4E2N4/3p1p6/12/K10k w - - 0 1");
    // Alfil [A]: exactly two squares diagonally, over anything.
    assert_eq!(moves_from(&p, "e4"), ["e4c2", "e4c6", "e4g2", "e4g6"]);
    // Knight [N].
    assert_eq!(
        moves_from(&p, "h4"),
        ["h4f3", "h4f5", "h4g2", "h4g6", "h4i2", "h4i6", "h4j3", "h4j5"]
    );
    // Fers [F]: one step diagonally.
    assert_eq!(moves_from(&p, "b6"), ["b6a5", "b6a7", "b6c5", "b6c7"]);
    // Mann [K], not royal: one step in any direction.
    assert_eq!(moves_from(&p, "j6").len(), 8);
    // Schleich [W]: one step orthogonally (the corner l8 has two).
    assert_eq!(moves_from(&p, "l8"), ["l8k8", "l8l7"]);
    // King [K].
    assert_eq!(moves_from(&p, "a1"), ["a1a2", "a1b1", "a1b2"]);
}

#[test]
fn c1_c2_sliders_cross_the_twelve_files() {
    // Rook a1 slides along the rank up to its own king on l1; the courier b2 runs to h8;
    // nothing wraps around the edge from file l to file a.
    let p = pos("8k3/11p/12/12/12/12/1B10/R10K w - - 0 1");
    let rook = moves_from(&p, "a1");
    assert_eq!(rook.len(), 10 + 7, "{rook:?}");
    assert!(rook.contains(&"a1k1".to_string()) && !rook.contains(&"a1l1".to_string()));
    let courier = moves_from(&p, "b2");
    assert_eq!(
        courier,
        ["b2a3", "b2c1", "b2c3", "b2d4", "b2e5", "b2f6", "b2g7", "b2h8"]
    );
    // A king on l1 is not attacked "around" the edge by a rook on a2.
    let p = pos("8k3/12/12/12/12/12/r11/11K w - - 0 1");
    assert!(!p.in_check());
}

#[test]
fn c3_both_start_positions() {
    let p = Courier::start();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(moves(&p).len(), 26);
    // The ceremony moved both rook pawns, the queen's pawn and the fers.
    assert_eq!(p.piece_on(sq("g3")), Some((Color::White, Piece::Fers)));
    assert_eq!(p.piece_on(sq("g4")), Some((Color::White, Piece::Pawn)));
    let array = pos(PRE_CEREMONY_FEN);
    assert_eq!(array.fen(), PRE_CEREMONY_FEN);
    assert_eq!(moves(&array).len(), 20, "12 pawn steps and 8 leaps");
}

#[test]
fn c4_pawns_step_once_and_capture_diagonally() {
    // No double step from the second rank, not even in the pre-ceremony array.
    let p = pos(PRE_CEREMONY_FEN);
    assert_eq!(moves_from(&p, "g2"), ["g2g3"]);
    // Straight forward to move, diagonally forward to capture; blocked straight ahead.
    let p = pos("k11/12/12/4rp6/4P7/12/12/11K w - - 0 1");
    assert_eq!(moves_from(&p, "e4"), ["e4f5"]);
    // Black pawns move down the board.
    let p = pos("k11/12/12/4p7/3P1P6/12/12/11K b - - 0 1");
    assert_eq!(moves_from(&p, "e5"), ["e5d4", "e5e4", "e5f4"]);
    // No en passant: a pawn beside an enemy pawn cannot capture it.
    let p = pos("k11/12/12/3Pp7/12/12/12/11K w - - 0 1");
    assert_eq!(moves_from(&p, "d5"), ["d5d6"]);
}

#[test]
fn c4_promotion_to_fers_only() {
    let p = pos("1r1nk6r/2P9/12/12/12/12/12/4K7 w - - 0 1");
    assert_eq!(moves_from(&p, "c7"), ["c7b8f", "c7c8f", "c7d8f"]);
    let m = p.parse_move("c7c8f").unwrap();
    // Named with or without the suffix; any other piece letter is not a move.
    assert_eq!(p.parse_move("c7c8").unwrap(), m);
    assert_eq!(p.parse_move("c7c8=F").unwrap(), m);
    assert!(matches!(p.parse_move("c7c8q"), Err(MoveError::Syntax(_))));
    assert!(matches!(p.parse_move("c7c8m"), Err(MoveError::Syntax(_))));
    let after = p.play(m);
    assert_eq!(after.piece_on(sq("c8")), Some((Color::White, Piece::Fers)));
    assert_eq!(after.fen(), "1rFnk6r/12/12/12/12/12/12/4K7 b - - 0 1");
    assert_eq!(after.key(), after.compute_key());
    // Promotion by capture.
    let after = p.play(p.parse_move("c7b8f").unwrap());
    assert_eq!(after.pieces(Color::Black, Piece::Rook).count_ones(), 1);
    assert_eq!(after.reversible_plies(), 0);
    // Black promotes on rank 1.
    let p = pos("4k7/12/12/12/12/12/8p3/4K6R b - - 0 1");
    assert_eq!(moves_from(&p, "i2"), ["i2i1f"]);
}

#[test]
fn c5_pinned_pieces_and_unblockable_alfil_checks() {
    // The white rook e2 is pinned on the e-file by the black rook e8: it moves along the file.
    let p = pos("k3r7/12/12/12/12/12/4R7/4K7 w - - 0 1");
    assert_eq!(
        moves_from(&p, "e2"),
        ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"]
    );
    // An alfil check cannot be blocked: d3 is between the black alfil c4 and the king e2, but
    // d2-d3 does not help (Fairy-Stockfish agrees: 3 legal moves).
    let p =
        pos("rn1bmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P1e3P4P/4P1F5/1PPPKP1PPPP1/RNEBM2WBENR w - - 3 3");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["e2d3", "e2f1", "e2f3"]);
    // An alfil pinned on a diagonal jumps along it, but neither over its own king (h3-f1) nor
    // over the pinner (h3-j5).
    let p = pos("k11/12/12/12/8b3/7E4/6K5/12 w - - 0 1");
    assert_eq!(moves_from(&p, "h3"), Vec::<String>::new());
    let p = pos("k11/12/12/9b2/12/7E4/6K5/12 w - - 0 1");
    assert_eq!(moves_from(&p, "h3"), ["h3j5"]);
    // The king never steps along the checking line.
    let p = pos("k11/12/12/12/12/12/12/r3K7 w - - 0 1");
    assert!(!moves(&p).contains(&"e1f1".to_string()));
}

#[test]
fn c5_checkmate_wins() {
    let p = pos("k11/2K8p/11P/12/12/12/12/R11 b - - 0 1");
    assert!(p.in_check());
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), win(Color::White, Reason::Checkmate));
    // Mate on the 100th reversible ply still wins: the board decides before the counter.
    let p = pos("k11/2K8p/11P/12/12/12/12/R11 b - - 100 80");
    assert_eq!(p.outcome(), win(Color::White, Reason::Checkmate));
}

#[test]
fn c6_stalemate_loses_for_the_stalemated_side() {
    let before = pos("k11/p11/P1K9/12/12/12/12/12 w - - 0 1");
    assert_eq!(before.outcome(), None);
    let p = before.play(before.parse_move("c6c7").unwrap());
    assert!(!p.in_check());
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), win(Color::White, Reason::Stalemate));
}

#[test]
fn c7_side_not_to_move_bare_has_lost() {
    // Black is bare, White (to move) is not: White has won and there are no moves, even though
    // the white rook and king could move.
    let p = pos("k11/12/12/12/12/12/12/1R9K w - - 0 1");
    assert!(p.is_bare(Color::Black) && !p.is_bare(Color::White));
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), win(Color::White, Reason::BareKing));
    // The same for Black.
    let p = pos("k11/12/12/12/12/12/11K/r11 b - - 0 1");
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), win(Color::Black, Reason::BareKing));
}

#[test]
fn c7_bare_side_to_move_against_two_pieces_has_lost() {
    let p = pos("k11/12/12/12/12/12/12/R9RK b - - 0 1");
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), win(Color::White, Reason::BareKing));
    // It does not matter that the bare king is in check or could capture.
    let p = pos("k11/1R10/12/12/12/12/12/R10K b - - 0 1");
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), win(Color::White, Reason::BareKing));
}

#[test]
fn c7_bare_side_to_move_against_one_piece_plays_on() {
    // Black (bare, to move) against king and rook: play goes on for one move...
    let p = pos("k11/12/12/12/12/12/12/R10K b - - 0 1");
    assert_eq!(p.outcome(), None);
    assert_eq!(moves(&p), ["a8b7", "a8b8"]);
    // ... and if the bare king cannot take the piece, the first case applies: White has won.
    let after = p.play(p.parse_move("a8b8").unwrap());
    assert!(moves(&after).is_empty());
    assert_eq!(after.outcome(), win(Color::White, Reason::BareKing));
    // If it takes the last piece, both kings are bare: a draw (C8), and perft goes on.
    let p = pos("k11/1R10/12/12/12/12/12/11K b - - 0 1");
    assert_eq!(moves(&p), ["a8b7"]);
    let after = p.play(p.parse_move("a8b7").unwrap());
    assert_eq!(after.outcome(), Some(Outcome::Draw(Reason::TwoBareKings)));
    assert_eq!(moves(&after).len(), 3);
}

#[test]
fn c8_two_bare_kings_draw() {
    let p = pos("k11/12/12/12/12/12/12/11K w - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::Draw(Reason::TwoBareKings)));
    // Draws never stop perft: the kings still move.
    assert_eq!(moves(&p).len(), 3);
    // A bare king to move against king and fers plays on (C7).
    let p = pos("k11/12/12/12/12/12/12/10FK b - - 0 1");
    assert_eq!(p.outcome(), None);
}

#[test]
fn c8_fifty_move_rule() {
    let p = pos("k4r6/12/12/12/12/12/12/5R5K w - - 99 90");
    assert_eq!(p.outcome(), None);
    let after = p.play(p.parse_move("l1l2").unwrap());
    assert_eq!(after.reversible_plies(), 100);
    assert_eq!(after.outcome(), Some(Outcome::Draw(Reason::MoveRule(100))));
    // The counter never stops move generation.
    assert!(!moves(&after).is_empty());
    // A capture resets it; so does a pawn move.
    let after = p.play(p.parse_move("f1f8").unwrap());
    assert_eq!(after.reversible_plies(), 0);
    let p = pos("k4r6/12/12/12/12/12/7P4/5R5K w - - 99 90");
    let after = p.play(p.parse_move("h2h3").unwrap());
    assert_eq!(after.reversible_plies(), 0);
    assert_eq!(after.outcome(), None);
}

#[test]
fn c8_threefold_repetition() {
    let mut game = GameRecord::new(pos("k5r5/12/12/12/12/12/12/5R5K w - - 0 1"));
    let cycle = ["l1l2", "a8b8", "l2l1", "b8a8"];
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
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
}

#[test]
fn c9_move_text() {
    let p = Courier::start();
    let m = p.parse_move("i2i3").unwrap();
    assert_eq!(p.format_move(m), "i2i3");
    for text in ["I2I3", "i2-i3", " i2xi3 "] {
        assert_eq!(p.parse_move(text).unwrap(), m, "{text}");
    }
    // Files a..l, ranks 1..8: l1l2 is a move of the rook, m1, a9 and a10 are no squares.
    assert_eq!(p.format_move(p.parse_move("l1l2").unwrap()), "l1l2");
    for bad in ["zz", "m1m2", "a9a10", "a1a10", "i2", "i2i3ff", "i2i3é", ""] {
        assert!(
            matches!(p.parse_move(bad), Err(MoveError::Syntax(_))),
            "{bad}"
        );
    }
    match p.parse_move("i2i4") {
        Err(MoveError::Illegal { legal, .. }) => assert_eq!(legal.len(), 26),
        other => panic!("{other:?}"),
    }
}
