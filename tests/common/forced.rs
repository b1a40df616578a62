//! A brute-force prover of forced wins, independent of the searcher: plain minimax over the
//! rules (`Game::generate`, `Game::outcome`), no evaluation, no pruning beyond the obvious.
//! Tests use it to check that the search's answers really win.

use kurier_rules::game::{Game, MoveList, Outcome};

/// True when the side to move at `pos` has already lost by the board (mate, a lost stalemate,
/// a lost bare king, no legal move).
pub fn lost<G: Game>(pos: &G) -> bool {
    matches!(pos.outcome(), Some(Outcome::Win { winner, .. }) if winner != pos.side_to_move())
}

/// True when the side to move can force a win by the board within `moves` of its own moves. A
/// position already won for the side to move counts (Courier's bare-king rule decides some games
/// on the winner's turn, docs/rules.md C7).
pub fn wins_within<G: Game>(pos: &G, moves: u32) -> bool {
    match pos.outcome() {
        Some(Outcome::Win { winner, .. }) => return winner == pos.side_to_move(),
        Some(Outcome::Draw(_)) => return false,
        None if moves == 0 => return false,
        None => {}
    }
    let mut list = MoveList::new();
    pos.generate(&mut list);
    list.iter().any(|&m| move_wins_within(pos, m, moves))
}

/// True when `mv` forces a win within `moves` moves (this one included).
pub fn move_wins_within<G: Game>(pos: &G, mv: G::Move, moves: u32) -> bool {
    let child = pos.play(mv);
    if lost(&child) {
        return true;
    }
    if child.outcome().is_some() {
        return false;
    }
    let mut replies = MoveList::new();
    child.generate(&mut replies);
    replies
        .iter()
        .all(|&r| wins_within(&child.play(r), moves - 1))
}

/// The least number of moves in which the side to move forces a win, up to `max`.
pub fn shortest_win<G: Game>(pos: &G, max: u32) -> Option<u32> {
    (1..=max).find(|&n| wins_within(pos, n))
}
