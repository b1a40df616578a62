//! The seed's example lines (seed `002_84427b932d15599d.txt`, docs/rules.md D5–D8) replayed move by
//! move: every position's legal moves are checked, not just the move played.

use kurier_rules::game::{Game, MoveError, MoveList};
use kurier_rules::games::dual::DualCheckers;

fn pos(fen: &str) -> DualCheckers {
    DualCheckers::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves in the seed's notation, sorted.
fn moves(p: &DualCheckers) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.pdn(m)).collect();
    v.sort();
    v
}

fn play(p: &DualCheckers, text: &str) -> DualCheckers {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()));
    p.play(m)
}

#[test]
fn line_1_forced_captures_and_the_direct_capture_of_d3() {
    // 1.f3-e4 d6-e5 (diagram 4): White must capture directly, 2.e4:e5 (diagram 5).
    let p = play(&DualCheckers::start(), "f3-e4");
    let p = play(&p, "d6-e5");
    assert_eq!(moves(&p), ["e4:e5"]);
    let p = play(&p, "e4:e5");
    // 2...f6:d4:d3 (diagram 6): the jump over e5 must go on with the direct capture of d3.
    assert_eq!(moves(&p), ["f6:d4:d3"]);
    assert!(matches!(
        p.parse_move("f6:d4"),
        Err(MoveError::Illegal { .. })
    ));
    let m = p.parse_move("f6:d4:d3").unwrap();
    assert_eq!(p.format_move(m), "f6e5,e5d4,d4d3");
    for text in ["f6xd4xd3", "f6d4d3", "f6e5,e5d4,d4d3", "f6:d3", "F6:D4:D3"] {
        assert_eq!(p.parse_move(text), Ok(m), "{text}");
    }
    let p = p.play(m);
    assert_eq!(
        p.fen(),
        "1m1m1m1m/m1m1m1m1/1m5m/8/8/1M1m3M/M1M1M1M1/1M1M1M1M w 0 3"
    );
    // "Белым предоставляется два варианта боя 3.c2:e4 или 3.e2:c4."
    assert_eq!(moves(&p), ["c2:e4", "e2:c4"]);
}

#[test]
fn line_2_mixed_diagonal_and_direct_captures() {
    // 1.b3-a4 b6-c5 2.a2-b3 f6-e5?? 3.d3-e4! e5:e4 (diagram 7).
    let mut p = DualCheckers::start();
    for m in ["b3-a4", "b6-c5", "a2-b3", "f6-e5", "d3-e4"] {
        p = play(&p, m);
    }
    assert_eq!(moves(&p), ["e5:e4"]);
    let p = play(&p, "e5:e4");
    // 4.f3:d5:d6:b4! or 4.f3:d5:c5?: jump, direct capture, jump — or jump, direct capture.
    assert_eq!(moves(&p), ["f3:d5:c5", "f3:d5:d6:b4"]);
    let main = play(&p, "f3:d5:d6:b4");
    // "белые остаются с двумя лишними шашками": White 11 men, Black 9.
    assert_eq!(
        main.occupied_by(kurier_rules::game::Color::White)
            .count_ones(),
        11
    );
    assert_eq!(
        main.occupied_by(kurier_rules::game::Color::Black)
            .count_ones(),
        9
    );
    let side = play(&p, "f3:d5:c5");
    // 4...d6:b4:a4! or 4...d6:b4:b3.
    assert_eq!(moves(&side), ["d6:b4:a4", "d6:b4:b3"]);
    let after = play(&side, "d6:b4:b3");
    // "после 4...d6:b4:b3 белые отыгрывают шашку ходом 5.b1-a2": no capture for White now, and
    // the quiet 5.b1-a2 is legal.
    assert!(moves(&after).iter().all(|m| m.contains('-')));
    assert!(moves(&after).contains(&"b1-a2".to_string()));
    play(&after, "b1-a2");
}

#[test]
fn diagram_3_king_on_d5_has_exactly_four_captures() {
    // White king d5; black men c6, a5, d8, d3, h5 (docs/rules.md D8; the seed's "h4" is h5).
    let p = pos("3m4/8/2m5/m2K3m/8/3m4/8/8 w 0 1");
    assert_eq!(
        moves(&p),
        ["d5:a5:h5", "d5:a8:a5:h5", "d5:a8:d8:d3", "d5:d8:d3"]
    );
    // d3 and h5 stand on the king's colour (even distance): never taken straight from d5.
    assert!(p.parse_move("d5:d3").is_err());
    assert!(p.parse_move("d5:a5:h4").is_err());
    // The jump over c6 must land on a8, where the capture goes on, not on b7.
    assert!(p.parse_move("d5:b7").is_err());
}

#[test]
fn diagram_9_the_new_king_may_not_pass_d6_twice() {
    // 8.a4:c6:d6:f8:h6:c1: jump, direct capture of d6, jump to f8 promoting, then as a king
    // over g7 to h6 and over d2 to c1. From h6 the man on a6 cannot be taken along the sixth
    // rank: the captured man on d6 is still on the board (docs/rules.md D6, D7).
    let p = pos("8/4m1m1/m2m4/1m6/M7/8/3m4/8 w 0 1");
    assert_eq!(moves(&p), ["a4:c6:d6:f8:h6:c1"]);
    let m = p.parse_move("a4:c6:d6:f8:h6:c1").unwrap();
    assert!(m.is_promotion());
    assert_eq!(
        p.format_move(m),
        "a4b5,b5c6,c6d6,d6e7,e7f8,f8g7,g7h6,h6d2,d2c1"
    );
    let after = p.play(m);
    assert_eq!(after.fen(), "8/8/m7/8/8/8/8/2K5 b 0 1");
}
