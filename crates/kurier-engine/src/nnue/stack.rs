//! The search's accumulators, one pair per ply, updated incrementally.
//!
//! Copy-make carries them: each node records its pieces ([`Boards`]) as it is entered
//! ([`Stack::enter`]); its accumulators are computed only when the node is evaluated
//! ([`Stack::evaluate`]), from the nearest ply above it that has them, by the pieces that
//! changed between the two plies' boards (a move changes two to four bits: mover, victim,
//! promotion). A quiet move and a capture write the child's accumulators in one pass over the
//! parent's (copy, subtract and add together); other changes copy, then subtract and add.
//! Nothing here knows which game it plays, and nothing allocates per node. An evaluation runs
//! at the widest vector level the processor has ([`super::simd`]), chosen when the stack is
//! made.

use super::features::{active_in, index, Boards, FeatureSet};
use super::network::{Accumulator, Network};
use super::simd::{self, Level};
use kurier_rules::game::Color;

/// One ply's entry.
#[derive(Clone)]
struct Ply {
    boards: Boards,
    /// White's and Black's accumulators, valid when `ready`.
    acc: [Accumulator; 2],
    ready: bool,
}

/// Accumulators along the search path.
pub struct Stack {
    plies: Vec<Ply>,
    /// The vector instructions the evaluations run with.
    level: Level,
}

impl Stack {
    /// A stack for `plies` plies (the search's deepest ply plus one), its evaluations run with
    /// the widest vector instructions this processor has.
    pub fn new(plies: usize) -> Stack {
        Stack::with_level(plies, Level::detect())
    }

    /// A stack whose evaluations run with the vector instructions of `level` (the tests
    /// compare the levels).
    pub fn with_level(plies: usize, level: Level) -> Stack {
        Stack {
            level,
            plies: vec![
                Ply {
                    boards: [0; super::features::MAX_BOARDS],
                    acc: [[0; super::network::HIDDEN]; 2],
                    ready: false,
                };
                plies
            ],
        }
    }

    /// Records the pieces of the node at `ply`; its accumulators are computed when needed.
    #[inline(always)]
    pub fn enter<G: FeatureSet>(&mut self, ply: usize, pos: &G) {
        let p = &mut self.plies[ply];
        p.boards = pos.boards();
        p.ready = false;
    }

    /// The network's evaluation of `pos`, the node entered at `ply`, for the side to move.
    pub fn evaluate<G: FeatureSet>(&mut self, net: &Network, ply: usize, pos: &G) -> i32 {
        let level = self.level;
        simd::run(
            level,
            #[inline(always)]
            || self.evaluate_here::<G>(net, ply, pos),
        )
    }

    /// [`Stack::evaluate`], inlined into each level's copy.
    #[inline(always)]
    fn evaluate_here<G: FeatureSet>(&mut self, net: &Network, ply: usize, pos: &G) -> i32 {
        self.compute::<G>(net, ply);
        let acc = &self.plies[ply].acc;
        let us = pos.side_to_move();
        net.output(&acc[us.index()], &acc[(!us).index()])
    }

    /// Makes the accumulators of `ply` ready: from the nearest ready ply above it, or from
    /// scratch at the root.
    #[inline(always)]
    fn compute<G: FeatureSet>(&mut self, net: &Network, ply: usize) {
        let from = match (0..=ply).rev().find(|&p| self.plies[p].ready) {
            Some(from) => from,
            None => {
                self.refresh::<G>(net, 0);
                0
            }
        };
        for p in from + 1..=ply {
            let (above, below) = self.plies.split_at_mut(p);
            let (parent, child) = (&above[p - 1], &mut below[0]);
            // The pieces that left and came, (board, square); a move changes one to four,
            // a Dual-checkers capture chain more (those take the general way below).
            let mut gone = [(0, 0); FUSED];
            let mut came = [(0, 0); FUSED];
            let (mut n_gone, mut n_came) = (0, 0);
            let mut many = false;
            for_each_change::<G>(&parent.boards, &child.boards, |b, sq, added| {
                let (list, n) = if added {
                    (&mut came, &mut n_came)
                } else {
                    (&mut gone, &mut n_gone)
                };
                if *n < FUSED {
                    list[*n] = (b, sq);
                    *n += 1;
                } else {
                    many = true;
                }
            });
            for c in Color::BOTH {
                let (from, to) = (&parent.acc[c.index()], &mut child.acc[c.index()]);
                let gone = |k: usize| index::<G>(gone[k].0, gone[k].1, c);
                let came = |k: usize| index::<G>(came[k].0, came[k].1, c);
                // The common moves in one pass over the accumulator: a quiet move (one piece
                // leaves a square, one arrives) and a capture (two leave, one arrives).
                match (many, n_gone, n_came) {
                    (false, 1, 1) => net.sub_add(from, to, gone(0), came(0)),
                    (false, 2, 1) => net.sub2_add(from, to, gone(0), gone(1), came(0)),
                    _ => {
                        *to = *from;
                        if many {
                            for_each_change::<G>(&parent.boards, &child.boards, |b, sq, added| {
                                let i = index::<G>(b, sq, c);
                                if added {
                                    net.add(to, i);
                                } else {
                                    net.sub(to, i);
                                }
                            });
                        } else {
                            (0..n_gone).for_each(|k| net.sub(to, gone(k)));
                            (0..n_came).for_each(|k| net.add(to, came(k)));
                        }
                    }
                }
            }
            child.ready = true;
        }
    }

    /// Computes the accumulators of `ply` from its pieces alone.
    fn refresh<G: FeatureSet>(&mut self, net: &Network, ply: usize) {
        let p = &mut self.plies[ply];
        for c in Color::BOTH {
            let acc = &mut p.acc[c.index()];
            *acc = net.bias();
            active_in::<G>(&p.boards, c, |i| net.add(acc, i));
        }
        p.ready = true;
    }
}

/// Pieces gathered per ply for the one-pass updates; more take the general way.
const FUSED: usize = 4;

/// Calls `f(board, square, added)` for every piece that differs between the boards `old`
/// and `new`: board by board, the pieces that left (`added` false) before those that came.
/// Most boards are the same at two neighbouring plies, and cost one comparison.
#[inline(always)]
fn for_each_change<G: FeatureSet>(
    old: &Boards,
    new: &Boards,
    mut f: impl FnMut(usize, usize, bool),
) {
    for b in 0..2 * G::KINDS {
        let changed = old[b] ^ new[b];
        if changed == 0 {
            continue;
        }
        for (bits, added) in [(old[b] & changed, false), (new[b] & changed, true)] {
            let mut bits = bits;
            while bits != 0 {
                let sq = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                f(b, sq, added);
            }
        }
    }
}

/// The network's evaluation of `pos` from scratch, for the side to move (no stack).
pub fn evaluate_full<G: FeatureSet>(net: &Network, pos: &G) -> i32 {
    let mut acc = [net.bias(), net.bias()];
    for c in Color::BOTH {
        super::features::active(pos, c, |i| net.add(&mut acc[c.index()], i));
    }
    let us = pos.side_to_move();
    net.output(&acc[us.index()], &acc[(!us).index()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::inputs;
    use crate::nnue::network::tests::{plain_output, plain_update, random, random_extreme};
    use crate::nnue::network::Activation;
    use kurier_rules::game::{Game, MoveList};
    use kurier_rules::games::courier::Courier;
    use kurier_rules::games::dual::DualCheckers;
    use kurier_rules::games::schachdame::Schachdame;

    /// Along random games, the incremental accumulators of a stack at `level` give `want` at
    /// every ply, entered one ply at a time and evaluated at some plies only (as the search
    /// does), with null moves (same pieces) in between.
    fn along_random_games<G: FeatureSet>(
        net: &Network,
        level: Level,
        seed: u64,
        want: impl Fn(&G) -> i32,
    ) {
        let mut s = seed | 1;
        for _ in 0..20 {
            let mut stack = Stack::with_level(130, level);
            let mut pos = G::start();
            for ply in 0..120 {
                stack.enter(ply, &pos);
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                if !s.is_multiple_of(3) || ply == 119 {
                    assert_eq!(
                        stack.evaluate(net, ply, &pos),
                        want(&pos),
                        "{} {} ply {ply}: {}",
                        G::NAME,
                        level.name(),
                        pos.fen()
                    );
                }
                let mut moves = MoveList::new();
                pos.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[(s >> 8) as usize % moves.len()]);
            }
        }
    }

    /// [`along_random_games`] with a small random network against the evaluation from scratch.
    fn incremental_equals_refresh<G: FeatureSet>(seed: u64) {
        let net = random(G::NAME, inputs::<G>(), seed);
        along_random_games::<G>(&net, Level::detect(), seed, |pos| evaluate_full(&net, pos));
    }

    #[test]
    fn incremental_equals_refresh_in_every_game() {
        incremental_equals_refresh::<Courier>(1);
        incremental_equals_refresh::<Schachdame>(2);
        incremental_equals_refresh::<DualCheckers>(3);
    }

    /// The evaluation from scratch, element by element: the accumulators summed row by row,
    /// the output in `i64` ([`plain_output`]).
    fn plain_evaluation<G: FeatureSet>(net: &Network, pos: &G) -> i32 {
        let acc = |c: Color| {
            let mut acc = net.bias();
            crate::nnue::features::active(pos, c, |i| acc = plain_update(net, &acc, i, 1));
            acc
        };
        let us = pos.side_to_move();
        plain_output(net, &acc(us), &acc(!us))
    }

    /// At every vector level the processor has, the stack evaluates as the plain loops do,
    /// with networks of extreme weights (accumulators that wrap around, sums near `i32::MAX`)
    /// and both activations.
    fn every_level_in<G: FeatureSet>(seed: u64) {
        for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
            let net = random_extreme(G::NAME, inputs::<G>(), activation, seed);
            for level in Level::available() {
                along_random_games::<G>(&net, level, seed, |pos| plain_evaluation(&net, pos));
            }
        }
    }

    #[test]
    fn every_vector_level_evaluates_as_the_plain_loops_in_every_game() {
        every_level_in::<Courier>(11);
        every_level_in::<Schachdame>(12);
        every_level_in::<DualCheckers>(13);
    }

    #[test]
    fn a_stack_reentered_at_a_lower_ply_forgets_the_deeper_line() {
        let net = random("courier", inputs::<Courier>(), 5);
        let mut stack = Stack::new(8);
        let root = Courier::start();
        stack.enter(0, &root);
        let mut moves = MoveList::new();
        root.generate(&mut moves);
        for &m in moves.iter().take(5) {
            let child = root.play(m);
            stack.enter(1, &child);
            assert_eq!(stack.evaluate(&net, 1, &child), evaluate_full(&net, &child));
        }
    }
}
