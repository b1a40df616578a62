//! Positions along seeded random games: the walk that the property tests of a game's move
//! questions (check, attackers, tactical moves) share, so each test says only what it checks.

use kurier_rules::game::{Game, MoveList};
use kurier_rules::zobrist::splitmix64;

/// Plays `games` random games of at most `plies` plies from `start`, the moves drawn by
/// splitmix64 from `seed`, and calls `visit` on every position reached (the start included)
/// with its legal moves and a random number `r` (for the test's own use): the next move is
/// [`next_move`]`(moves, r)`. A game stops after visiting a position without moves.
pub fn random_walk<G: Game>(
    start: &G,
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&G, &MoveList<G::Move>, u64),
) {
    let mut state = seed;
    let mut list = MoveList::new();
    for _game in 0..games {
        let mut p = start.clone();
        for _ply in 0..plies {
            list.clear();
            p.generate(&mut list);
            let (s, r) = splitmix64(state);
            state = s;
            visit(&p, &list, r);
            if list.is_empty() {
                break;
            }
            p = p.play(next_move(&list, r));
        }
    }
}

/// The move the walk plays next from a position with `moves` (not empty) and random number `r`.
#[allow(dead_code)] // each test crate includes this file; not every one asks for the move
pub fn next_move<M: Copy>(moves: &MoveList<M>, r: u64) -> M {
    moves[(r % moves.len() as u64) as usize]
}
