//! Move ordering: the transposition-table move first, then tactical moves that do not lose
//! material by static exchange ([`Searchable::see_ge`]), by victim and attacker, then the two
//! killer moves of the ply, then quiet moves by history, then the losing captures.
//!
//! A quiet move's history is the sum of three tables indexed by the moving piece's kind and
//! destination ([`Searchable::piece_to`]): one per side to move, and two continuation
//! histories indexed also by the move one ply back (the opponent's, a counter-move history) and
//! two plies back (our own previous move) — as Stockfish's and Ethereal's.

use super::params::SearchParams;
use super::{Searchable, MAX_PLY};
use kurier_rules::game::{Color, MoveList, MAX_MOVES};

/// History scores stay within +-HISTORY_MAX (gravity keeps them there).
const HISTORY_MAX: i32 = 1 << 14;

const TT_MOVE: i32 = 1 << 30;
const TACTICAL: i32 = 1 << 28;
const KILLER_1: i32 = 1 << 27;
const KILLER_2: i32 = KILLER_1 - 1;
/// Below every quiet move's history score (a sum of three tables, each within
/// +-[`HISTORY_MAX`]).
const LOSING_TACTICAL: i32 = -(1 << 26);

/// The ordering scores of a move list, index for index. An [`arrayvec::ArrayVec`], not an
/// array: a node fills only as many as it has moves, and zeroing [`MAX_MOVES`] of them at
/// every node cost 5% of a Courier bench.
pub type Scores = arrayvec::ArrayVec<i32, MAX_MOVES>;

/// No move (the root, a null move): its continuation table is not read or written.
pub const NO_PIECE_TO: u16 = u16::MAX;

/// The moves before a node, by [`Searchable::piece_to`]: one ply back and two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// The move that led to the node (the opponent's), or [`NO_PIECE_TO`].
    pub prev1: u16,
    /// The move before it (the side to move's own), or [`NO_PIECE_TO`].
    pub prev2: u16,
}

impl Context {
    /// No move before (the root, quiescence).
    pub const NONE: Context = Context {
        prev1: NO_PIECE_TO,
        prev2: NO_PIECE_TO,
    };
}

/// Killers and histories, one set per search thread.
pub struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    /// `[side][piece_to]`.
    history: Vec<i16>,
    /// `[prev1][piece_to]` and `[prev2][piece_to]`.
    cont1: Vec<i16>,
    cont2: Vec<i16>,
    /// A row of zeros: the continuation row where there is no move before.
    zero: Vec<i16>,
    piece_to: usize,
}

/// Gravity: scores approach +-HISTORY_MAX but never pass it.
#[inline(always)]
fn update(h: &mut i16, bonus: i32) {
    let v = i32::from(*h);
    *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

impl<M: Copy + Eq> Heuristics<M> {
    /// Empty tables for a game whose moves have `piece_to` history indices.
    pub fn new(piece_to: usize) -> Self {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * piece_to],
            cont1: vec![0; piece_to * piece_to],
            cont2: vec![0; piece_to * piece_to],
            zero: vec![0; piece_to],
            piece_to,
        }
    }

    /// The three history rows a node's quiet moves are scored by: the side's, and the
    /// continuation rows of the moves one and two plies back (the zero row where there is
    /// none), each `piece_to` long.
    #[inline(always)]
    fn rows(&self, side: Color, ctx: Context) -> [&[i16]; 3] {
        let n = self.piece_to;
        [
            &self.history[side.index() * n..][..n],
            if ctx.prev1 != NO_PIECE_TO {
                &self.cont1[ctx.prev1 as usize * n..][..n]
            } else {
                &self.zero[..n]
            },
            if ctx.prev2 != NO_PIECE_TO {
                &self.cont2[ctx.prev2 as usize * n..][..n]
            } else {
                &self.zero[..n]
            },
        ]
    }

    fn reward(&mut self, side: Color, ctx: Context, pt: usize, bonus: i32) {
        update(&mut self.history[side.index() * self.piece_to + pt], bonus);
        if ctx.prev1 != NO_PIECE_TO {
            update(
                &mut self.cont1[ctx.prev1 as usize * self.piece_to + pt],
                bonus,
            );
        }
        if ctx.prev2 != NO_PIECE_TO {
            update(
                &mut self.cont2[ctx.prev2 as usize * self.piece_to + pt],
                bonus,
            );
        }
    }

    /// A quiet move (history index `best_pt`) caused a cutoff at `ply`: remember it as a
    /// killer and reward it; the quiet moves tried before it (`tried`, by history index) are
    /// penalised.
    #[allow(clippy::too_many_arguments)]
    pub fn cutoff(
        &mut self,
        ply: usize,
        side: Color,
        ctx: Context,
        best: M,
        best_pt: u16,
        tried: &[u16],
        depth: i32,
    ) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(best) {
            k[1] = k[0];
            k[0] = Some(best);
        }
        let bonus = (depth * depth).min(SearchParams::DEFAULT.history_bonus_max);
        self.reward(side, ctx, best_pt as usize, bonus);
        for &pt in tried {
            if pt != best_pt {
                self.reward(side, ctx, pt as usize, -bonus);
            }
        }
    }

    /// Scores every move of `moves` for ordering into `scores`. A losing tactical move scores
    /// (once [`pick_next`] has found it losing) below every quiet move (quiescence, which stops at the first quiet move, so leaves it
    /// out).
    pub fn score<G: Searchable<Move = M>>(
        &self,
        pos: &G,
        moves: &MoveList<M>,
        tt_move: u32,
        ply: usize,
        ctx: Context,
        scores: &mut Scores,
    ) {
        let k = self.killers[ply.min(MAX_PLY)];
        let [h, c1, c2] = self.rows(pos.side_to_move(), ctx);
        scores.clear();
        for &m in moves.iter() {
            let id = G::move_id(m);
            scores.push(if id == tt_move {
                TT_MOVE
            } else if pos.is_tactical(m) {
                // Whether it loses material is asked when it is picked (`pick_next`).
                TACTICAL + pos.tactical_score(m)
            } else if k[0] == Some(m) {
                KILLER_1
            } else if k[1] == Some(m) {
                KILLER_2
            } else {
                let pt = pos.piece_to(m);
                i32::from(h[pt]) + i32::from(c1[pt]) + i32::from(c2[pt])
            });
        }
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
///
/// Tactical moves are scored as if they did not lose material ([`Heuristics::score`]); the
/// static exchange (`wins`: [`Searchable::see_ge`] at 0) is asked only of the one about to be
/// picked, and one that loses is moved down among the losing tactical moves and the pick
/// made again. Nodes that cut off early never ask it of the others. The order is the one that
/// asking every move first would give: a move's score only ever falls, nothing moves before
/// the pick, so the first best left is the same move.
#[inline]
pub fn pick_next<M: Copy>(moves: &mut [M], scores: &mut [i32], i: usize, wins: impl Fn(M) -> bool) {
    let n = moves.len();
    loop {
        // The first of the best: the largest score (a loop the compiler vectorises), then
        // where it first is.
        let s = scores[i..n].iter().copied().max().unwrap_or(i32::MIN);
        let best = i + scores[i..n].iter().position(|&x| x == s).unwrap_or(0);
        if s > KILLER_1 && s < TT_MOVE && !wins(moves[best]) {
            scores[best] = s - TACTICAL + LOSING_TACTICAL;
            continue;
        }
        moves.swap(i, best);
        scores.swap(i, best);
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain selection step: the first of the best, every tactical move's exchange known.
    fn reference(moves: &mut [u32], scores: &mut [i32], i: usize) {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
    }

    #[test]
    fn picks_the_order_of_eager_scoring_with_many_ties() {
        let mut state = 7u64;
        let mut rand = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2000 {
            let n = 1 + (rand() % 60) as usize;
            // Moves by number; an odd one "loses material" when it is tactical.
            let moves: Vec<u32> = (0..n as u32).collect();
            let lazy_scores: Vec<i32> = moves
                .iter()
                .map(|&m| match rand() % 5 {
                    0 => TACTICAL + (rand() % 4) as i32 * 100,
                    1 => KILLER_1,
                    2 => (rand() % 3) as i32 - 1,
                    3 => TT_MOVE * (m == 0) as i32,
                    _ => -((rand() % 3) as i32),
                })
                .collect();
            let loses = |m: u32| m % 2 == 1;
            // What scoring every move first gives: losing tactical moves already moved down.
            let mut eager_scores: Vec<i32> = lazy_scores
                .iter()
                .zip(&moves)
                .map(|(&s, &m)| {
                    if s > KILLER_1 && s < TT_MOVE && loses(m) {
                        s - TACTICAL + LOSING_TACTICAL
                    } else {
                        s
                    }
                })
                .collect();
            let (mut a, mut b) = (moves.clone(), moves.clone());
            let mut lazy = lazy_scores.clone();
            for i in 0..n {
                reference(&mut a, &mut eager_scores, i);
                pick_next(&mut b, &mut lazy, i, |m| !loses(m));
                assert_eq!(a[i], b[i], "pick {i} of {lazy_scores:?}");
                assert_eq!(eager_scores[i], lazy[i], "score of pick {i}");
            }
        }
    }
}
