//! The incremental Zobrist key equals the key recomputed from scratch along random games, and
//! positions reached by different move orders share a key.

#[path = "support/random_walk.rs"]
mod random_walk;

use kurier_rules::game::Game;
use kurier_rules::games::courier::{Courier, PRE_CEREMONY_FEN};
use random_walk::random_walk;

#[test]
fn incremental_key_matches_recomputed_key_along_random_games() {
    let mut checked = 0;
    let starts = [
        Courier::start(),
        Courier::from_fen(PRE_CEREMONY_FEN).unwrap(),
    ];
    for (seed, start) in [2026, 2027].into_iter().zip(&starts) {
        random_walk(start, seed, 100, 300, |p, list, _| {
            assert_eq!(p.key(), p.compute_key(), "{}", p.fen());
            // The key read back from FEN agrees too.
            assert_eq!(Courier::from_fen(&p.fen()).unwrap().key(), p.key());
            assert_eq!(list.len() as u64, p.count_moves(), "{}", p.fen());
            checked += 1;
        });
    }
    assert!(checked > 20_000, "only {checked} positions checked");
}

#[test]
fn transpositions_share_a_key_and_side_to_move_matters() {
    let start = Courier::start();
    let a = ["i2i3", "k7k6", "b1c3"]
        .iter()
        .fold(start, |p, m| p.play(p.parse_move(m).unwrap()));
    let b = ["b1c3", "k7k6", "i2i3"]
        .iter()
        .fold(start, |p, m| p.play(p.parse_move(m).unwrap()));
    assert_eq!(a.key(), b.key());
    // Same board and side; only the move counter differs (i2i3 came last in one order).
    assert_eq!(
        a.fen().split(' ').take(2).collect::<Vec<_>>(),
        b.fen().split(' ').take(2).collect::<Vec<_>>()
    );
    let white = Courier::from_fen("k11/12/12/12/12/12/12/11K w - - 0 1").unwrap();
    let black = Courier::from_fen("k11/12/12/12/12/12/12/11K b - - 0 1").unwrap();
    assert_ne!(white.key(), black.key());
}
