//! The incremental Zobrist key equals the key recomputed from scratch along random games, FEN
//! round trips hold at every position, and transpositions share a key.

#[path = "support/random_walk.rs"]
mod random_walk;

use kurier_rules::game::Game;
use kurier_rules::games::dual::DualCheckers;
use random_walk::{next_move, random_walk};

#[test]
fn incremental_key_and_fen_round_trip_along_random_games() {
    let mut checked = 0;
    random_walk(&DualCheckers::start(), 2027, 500, 300, |p, list, r| {
        assert_eq!(p.key(), p.compute_key(), "{}", p.fen());
        let back = DualCheckers::from_fen(&p.fen()).unwrap();
        assert_eq!(&back, p, "{}", p.fen());
        let back = DualCheckers::from_fen(&p.draughts_fen()).unwrap();
        assert_eq!(back.key(), p.key(), "{}", p.draughts_fen());
        checked += 1;
        if !list.is_empty() {
            // Every move's protocol text reads back as the same move.
            let m = next_move(list, r);
            assert_eq!(p.parse_move(&p.format_move(m)), Ok(m), "{}", p.fen());
            assert_eq!(p.parse_move(&p.pdn(m)), Ok(m), "{}", p.fen());
        }
    });
    assert!(checked > 15_000, "only {checked} positions checked");
}

#[test]
fn transpositions_share_a_key_and_side_to_move_matters() {
    let start = DualCheckers::start();
    let a = ["b3a4", "h6g5", "d3c4"]
        .iter()
        .fold(start, |p, m| p.play(p.parse_move(m).unwrap()));
    let b = ["d3c4", "h6g5", "b3a4"]
        .iter()
        .fold(start, |p, m| p.play(p.parse_move(m).unwrap()));
    assert_eq!(a.key(), b.key());
    assert_eq!(a, b);
    let white = DualCheckers::from_fen("k7/8/8/8/8/8/8/7K w 0 1").unwrap();
    let black = DualCheckers::from_fen("k7/8/8/8/8/8/8/7K b 0 1").unwrap();
    assert_ne!(white.key(), black.key());
}
