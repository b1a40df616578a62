//! Positions along seeded random games: the walk that the property tests of a game's move
//! questions (check, attackers, tactical moves) share, so each test says only what it checks.

use kurier_rules::game::{Game, MoveList};
use kurier_rules::zobrist::splitmix64;

/// Plays `games` random games of at most `plies` plies from `start`, the moves drawn by
/// splitmix64 from `seed`, and calls `visit` on every position reached (the start included)
/// with its legal moves and a random number (the one that then draws the next move, for the
/// test's own use). A game stops where the position has no move.
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
            if list.is_empty() {
                break;
            }
            let (s, r) = splitmix64(state);
            state = s;
            visit(&p, &list, r);
            p = p.play(list[(r % list.len() as u64) as usize]);
        }
    }
}
