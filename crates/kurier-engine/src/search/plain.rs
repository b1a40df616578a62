//! Plain alpha-beta: iterative deepening of a bare negamax with alpha-beta cut-offs, the same
//! evaluation and the same game-end scores, but none of the searcher's refinements (no
//! transposition table, move ordering, quiescence, extensions, reductions or pruning). It is the
//! yardstick that shows what those refinements are worth (README, "Search").

use super::{Searchable, INFINITY, MATE};
use kurier_rules::game::{MoveList, Outcome};

struct Plain {
    nodes: u64,
    budget: u64,
    /// The root is already past the move-count rule's limit: as in the searcher
    /// (`alphabeta::Worker::draw_by_rule`), the rule then draws only where its count starts
    /// again inside the search and reaches the limit anew.
    root_past_move_rule: bool,
}

impl Plain {
    fn negamax<G: Searchable>(
        &mut self,
        pos: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            return Some(match pos.outcome() {
                Some(Outcome::Win { winner, .. }) if winner == pos.side_to_move() => MATE - ply,
                Some(Outcome::Win { .. }) => -MATE + ply,
                _ => 0,
            });
        }
        let move_rule = pos.draws_by_move_rule()
            && (!self.root_past_move_rule || (pos.reversible_plies() as i32) < ply);
        if ply > 0 && (move_rule || pos.draws_by_bare_kings()) {
            return Some(0);
        }
        if depth == 0 {
            return Some(pos.evaluate());
        }
        let mut best = -INFINITY;
        for &m in moves.iter() {
            let s = -self.negamax(&pos.play(m), depth - 1, -beta, -alpha, ply + 1)?;
            best = best.max(s);
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }
}

/// Searches `pos` by plain alpha-beta, deepening until `node_budget` nodes are spent, and returns
/// the best move of the deepest completed iteration with its score.
pub fn plain_search<G: Searchable>(pos: &G, node_budget: u64) -> Option<(G::Move, i32)> {
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    let mut best = None;
    let mut searcher = Plain {
        nodes: 0,
        budget: node_budget,
        root_past_move_rule: pos.draws_by_move_rule(),
    };
    for depth in 1..64 {
        let mut alpha = -INFINITY;
        let mut iteration = None;
        for &m in moves.iter() {
            let Some(s) = searcher.negamax(&pos.play(m), depth - 1, -INFINITY, -alpha, 1) else {
                return best;
            };
            let s = -s;
            if s > alpha || iteration.is_none() {
                alpha = s;
                iteration = Some((m, s));
            }
        }
        best = iteration;
    }
    best
}
