//! The incremental Zobrist key equals the key recomputed from scratch along random games, and
//! positions reached by different move orders share a key.

#[path = "support/random_walk.rs"]
mod random_walk;

use kurier_rules::game::Game;
use kurier_rules::games::schachdame::Schachdame;
use random_walk::random_walk;

#[test]
fn incremental_key_matches_recomputed_key_along_random_games() {
    let mut checked = 0;
    random_walk(&Schachdame::start(), 2026, 300, 200, |p, _, _| {
        assert_eq!(p.key(), p.compute_key(), "{}", p.fen());
        // The key read back from FEN agrees too.
        assert_eq!(Schachdame::from_fen(&p.fen()).unwrap().key(), p.key());
        checked += 1;
    });
    assert!(checked > 10_000, "only {checked} positions checked");
}

#[test]
fn transpositions_share_a_key_and_side_to_move_matters() {
    let start = Schachdame::start();
    let a = ["b2a3", "a7b6", "d2c3"]
        .iter()
        .fold(start, |p, m| p.play(p.parse_move(m).unwrap()));
    let b = ["d2c3", "a7b6", "b2a3"]
        .iter()
        .fold(start, |p, m| p.play(p.parse_move(m).unwrap()));
    assert_eq!(a.key(), b.key());
    assert_eq!(a, b);
    let white = Schachdame::from_fen("3k4/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let black = Schachdame::from_fen("3k4/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert_ne!(white.key(), black.key());
}
