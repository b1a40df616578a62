//! The quiescence search on its own, outside a [`super::Searcher`]: for tools that ask whether a
//! position is quiet (`kurier tune` keeps the positions whose static evaluation no capture
//! changes). The same search as the searcher's ([`super::alphabeta`]): tactical moves that do
//! not lose material by static exchange, best victim first, with the static evaluation as a
//! floor, and every legal move where standing pat is not allowed.

use super::{Searchable, INFINITY, MATE, MAX_PLY};
use kurier_rules::game::{MoveList, Outcome};

/// The quiescence score of `pos` from the side to move's point of view, with a full window:
/// equal to [`Searchable::evaluate`] when no capture or promotion changes it (and the side to
/// move may stand pat).
pub fn quiescence_score<G: Searchable>(pos: &G) -> i32 {
    search(pos, -INFINITY, INFINITY, 0, pos.draws_by_move_rule())
}

/// `root_past_move_rule`: the root is already past the move-count rule's limit; as in the
/// searcher (`alphabeta::Worker::draw_by_rule`), the rule then draws only where its count
/// starts again inside the search and reaches the limit anew.
fn search<G: Searchable>(
    pos: &G,
    mut alpha: i32,
    beta: i32,
    ply: usize,
    root_past_move_rule: bool,
) -> i32 {
    if ply >= MAX_PLY - 1 {
        return pos.evaluate();
    }
    let stand_pat = pos.stand_pat_allowed();
    let move_rule = pos.draws_by_move_rule()
        && (!root_past_move_rule || (pos.reversible_plies() as usize) < ply);
    if stand_pat && (move_rule || pos.draws_by_bare_kings()) {
        return 0;
    }
    let mut best = -INFINITY;
    if stand_pat {
        best = pos.evaluate();
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
    }
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    if moves.is_empty() {
        return match pos.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == pos.side_to_move() => MATE - ply as i32,
            Some(Outcome::Win { .. }) => -MATE + ply as i32,
            _ => 0,
        };
    }
    // Tactical moves that do not lose material first, best victim first; standing pat, the
    // others are not searched.
    let mut ordered: Vec<(i32, G::Move)> = moves
        .iter()
        .filter_map(|&m| {
            let good = pos.is_tactical(m) && pos.see_ge(m, 0);
            if good {
                Some((pos.tactical_score(m), m))
            } else if stand_pat {
                None
            } else {
                Some((i32::MIN, m))
            }
        })
        .collect();
    ordered.sort_by_key(|o| std::cmp::Reverse(o.0));
    for (_, m) in ordered {
        let s = -search(&pos.play(m), -beta, -alpha, ply + 1, root_past_move_rule);
        if s > best {
            best = s;
            if s > alpha {
                alpha = s;
                if s >= beta {
                    break;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::game::Game;
    use kurier_rules::games::courier::Courier;

    #[test]
    fn a_quiet_position_scores_its_evaluation_and_a_hanging_piece_does_not() {
        let start = Courier::start();
        assert_eq!(quiescence_score(&start), start.evaluate());
        // White to move takes the undefended black rook on e5 with the knight.
        let hanging = Courier::from_fen("k11/12/12/4r7/12/5N6/12/7K4 w - - 0 1").unwrap();
        assert!(quiescence_score(&hanging) > hanging.evaluate() + 300);
    }
}
