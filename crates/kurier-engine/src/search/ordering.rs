//! Move ordering: the transposition-table move first, then tactical moves that do not lose
//! material by static exchange ([`Searchable::see_ge`]), by victim and attacker, then the two
//! killer moves of the ply, then quiet moves by history, then the losing captures.

use super::params::SearchParams;
use super::{Searchable, MAX_PLY};
use kurier_rules::game::{Color, MoveList, MAX_MOVES};

/// History table size per side; move ids are folded into it.
const HISTORY_SIZE: usize = 1 << 14;
/// History scores stay within +-HISTORY_MAX (gravity keeps them there).
const HISTORY_MAX: i32 = 1 << 14;

const TT_MOVE: i32 = 1 << 30;
const TACTICAL: i32 = 1 << 28;
const KILLER_1: i32 = 1 << 27;
const KILLER_2: i32 = KILLER_1 - 1;
/// Below every quiet move's history score (they stay within +-[`HISTORY_MAX`]).
const LOSING_TACTICAL: i32 = -(1 << 26);

/// Killers and history, one set per search thread.
pub struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq> Heuristics<M> {
    /// Empty tables.
    pub fn new() -> Self {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SIZE],
        }
    }

    fn history_index(side: Color, id: u32) -> usize {
        side.index() * HISTORY_SIZE + (id.wrapping_mul(0x9E37_79B1) >> 18) as usize
    }

    /// A quiet move caused a cutoff at `ply`: remember it as a killer and reward it; the quiet
    /// moves tried before it are penalised.
    pub fn cutoff(
        &mut self,
        ply: usize,
        side: Color,
        best: M,
        best_id: u32,
        tried: &[u32],
        depth: i32,
    ) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(best) {
            k[1] = k[0];
            k[0] = Some(best);
        }
        let bonus = (depth * depth).min(SearchParams::DEFAULT.history_bonus_max);
        self.update(side, best_id, bonus);
        for &id in tried {
            if id != best_id {
                self.update(side, id, -bonus);
            }
        }
    }

    fn update(&mut self, side: Color, id: u32, bonus: i32) {
        let h = &mut self.history[Self::history_index(side, id)];
        // Gravity: scores approach +-HISTORY_MAX but never pass it.
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Scores every move of `moves` for ordering into `scores`. A losing tactical move scores
    /// below every quiet move (quiescence, which stops at the first quiet move, so leaves it
    /// out).
    pub fn score<G: Searchable<Move = M>>(
        &self,
        pos: &G,
        moves: &MoveList<M>,
        tt_move: u32,
        ply: usize,
        scores: &mut [i32; MAX_MOVES],
    ) {
        let k = self.killers[ply.min(MAX_PLY)];
        let side = pos.side_to_move();
        for (i, &m) in moves.iter().enumerate() {
            let id = G::move_id(m);
            scores[i] = if id == tt_move {
                TT_MOVE
            } else if pos.is_tactical(m) {
                let base = if pos.see_ge(m, 0) {
                    TACTICAL
                } else {
                    LOSING_TACTICAL
                };
                base + pos.tactical_score(m)
            } else if k[0] == Some(m) {
                KILLER_1
            } else if k[1] == Some(m) {
                KILLER_2
            } else {
                self.history[Self::history_index(side, id)]
            };
        }
    }
}

impl<M: Copy + Eq> Default for Heuristics<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// True for the ordering score of a tactical move that loses material by static exchange:
/// every move after it in the ordering does too.
#[inline]
pub fn is_losing(score: i32) -> bool {
    score < LOSING_TACTICAL / 2
}

/// True for the ordering score of a killer move.
#[inline]
pub fn is_killer(score: i32) -> bool {
    score == KILLER_1 || score == KILLER_2
}

/// Moves the best-scored of `moves[i..]` to `i` (selection sort, one step at a time: most nodes
/// cut off after a few moves, so sorting the whole list would be wasted).
#[inline]
pub fn pick_next<M: Copy>(moves: &mut [M], scores: &mut [i32; MAX_MOVES], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}
