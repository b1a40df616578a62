//! Courier's generator of tactical moves (`movegen::generate_tactical`, what quiescence
//! searches) gives exactly the legal captures and promotions (docs/rules.md C2, C4), in the
//! order of the full generator, with checks, pins and the bare-king rule (C7) as the full
//! generator has them: along random games from the start and from every position of the
//! perft suite, whose positions were built for those rules.

#[path = "support/random_walk.rs"]
mod random_walk;

use kurier_engine::search::Searchable;
use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::courier::{movegen, Courier, Move};
use random_walk::random_walk;

/// Captures (an enemy piece on the target square) and promotions, by the rules alone.
fn is_capture_or_promotion(p: &Courier, m: Move) -> bool {
    m.is_promotion() || p.occupied_by(!p.side_to_move()) & (1u128 << m.to()) != 0
}

/// Checks one position; returns how many tactical moves it has.
fn check(p: &Courier, all: &MoveList<Move>) -> usize {
    let expected: Vec<Move> = all
        .iter()
        .copied()
        .filter(|&m| is_capture_or_promotion(p, m))
        .collect();
    let mut tactical = MoveList::new();
    movegen::generate_tactical(p, &mut movegen::ListSink(&mut tactical));
    assert_eq!(tactical.as_slice(), &expected[..], "{}", p.fen());
    // The search's question: the same moves, and whether the position has any move at all.
    let mut searched = MoveList::new();
    let any = Searchable::generate_tactical(p, &mut searched);
    assert_eq!(searched.as_slice(), &expected[..], "{}", p.fen());
    assert_eq!(any, !all.is_empty(), "{}", p.fen());
    expected.len()
}

#[test]
fn tactical_moves_are_the_captures_and_promotions_along_random_games() {
    let (mut positions, mut tactical, mut promotions) = (0u64, 0u64, 0u64);
    random_walk(&Courier::start(), 1883, 200, 300, |p, all, _| {
        positions += 1;
        tactical += check(p, all) as u64;
        promotions += all.iter().filter(|m| m.is_promotion()).count() as u64;
    });
    assert!(positions > 30_000, "only {positions} positions");
    assert!(tactical > 100_000, "only {tactical} tactical moves");
    assert!(promotions > 100, "only {promotions} promotions met");
}

#[test]
fn tactical_moves_in_the_perft_suite_positions_and_after_them() {
    let suite = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/perft/courier.epd"))
        .expect("perft/courier.epd");
    let mut starts = 0;
    for line in suite
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fen = line.split(';').next().unwrap().trim();
        let start = Courier::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        // The position itself (also a decided one, without moves) and those after it.
        random_walk(&start, 96, 20, 40, |p, all, _| {
            check(p, all);
        });
        starts += 1;
    }
    assert!(starts > 20, "only {starts} suite positions");
}
