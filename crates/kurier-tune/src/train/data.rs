//! The training positions as the network sees them ([`Features`]): each position's active
//! inputs from both perspectives ([`kurier_engine::nnue::features`]) and its target, packed in
//! flat arrays like a sparse matrix in CSR form. A Courier position of 40 pieces takes
//! 80 · 2 + 8 + 4 bytes, so millions fit where the positions themselves would not be needed.

use crate::tune::data::Labelled;
use kurier_engine::nnue::features::{active, inputs, FeatureSet};
use kurier_engine::nnue::network::SCALE;
use kurier_rules::game::Color;
use rayon::prelude::*;

/// The expected score of a score of `cp` centipawns: `1 / (1 + e^(−cp / SCALE))`, the
/// sigmoid the network's output is read with ([`kurier_engine::nnue::network`]).
pub fn sigmoid_cp(cp: f64) -> f64 {
    1.0 / (1.0 + (-cp / f64::from(SCALE)).exp())
}

/// The target of a position: `lambda · result + (1 − lambda) · sigmoid(score / 400)`, with
/// the result (0 to 1) and the score (centipawns) given from White's point of view and the
/// target from the side to move's.
pub fn target(result: f64, score: f64, side_to_move: Color, lambda: f64) -> f64 {
    let (result, score) = match side_to_move {
        Color::White => (result, score),
        Color::Black => (1.0 - result, -score),
    };
    lambda * result + (1.0 - lambda) * sigmoid_cp(score)
}

/// Positions per part when the positions are packed on the threads.
const PACK_CHUNK: usize = 8192;

/// Positions packed for training: position `i`'s inputs are `index[start[i]..start[i + 1]]`,
/// the first half from the side to move's perspective and the second from the other side's
/// (one input per piece from each, so the halves are the same length).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Features {
    inputs: usize,
    start: Vec<usize>,
    index: Vec<u16>,
    target: Vec<f32>,
}

impl Features {
    /// No positions yet, for a game of `inputs` inputs per perspective (at most 65,536).
    pub fn new(inputs: usize) -> Features {
        assert!(inputs <= usize::from(u16::MAX) + 1, "inputs fit in u16");
        Features {
            inputs,
            start: vec![0],
            index: Vec::new(),
            target: Vec::new(),
        }
    }

    /// Inputs per perspective of the game the positions are from.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.target.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// Bytes the packed arrays take.
    pub fn bytes(&self) -> usize {
        self.start.len() * std::mem::size_of::<usize>()
            + self.index.len() * 2
            + self.target.len() * 4
    }

    /// Adds `pos` with its target (an expected score for the side to move, 0 to 1).
    pub fn push<G: FeatureSet>(&mut self, pos: &G, target: f32) {
        debug_assert_eq!(inputs::<G>(), self.inputs);
        let us = pos.side_to_move();
        for perspective in [us, !us] {
            active(pos, perspective, |i| self.index.push(i as u16));
        }
        self.start.push(self.index.len());
        self.target.push(target);
    }

    /// The active inputs of position `i`: the side to move's, then the other side's.
    #[inline]
    pub fn position(&self, i: usize) -> (&[u16], &[u16]) {
        let all = &self.index[self.start[i]..self.start[i + 1]];
        all.split_at(all.len() / 2)
    }

    /// The target of position `i`.
    #[inline]
    pub fn target(&self, i: usize) -> f32 {
        self.target[i]
    }

    /// Appends the positions of `other`, in order.
    pub fn append(&mut self, other: &Features) {
        let base = self.index.len();
        self.index.extend_from_slice(&other.index);
        self.start
            .extend(other.start[1..].iter().map(|&s| base + s));
        self.target.extend_from_slice(&other.target);
    }

    /// Appends positions `first..end` again with every piece moved to the square `mirror` gives
    /// it (the board reflected left-right, [`FeatureSet::mirror`]), the same targets: a game
    /// whose rules are symmetric that way gets twice the positions to learn from. An input is
    /// `(side · kinds + kind) · squares + square` ([`kurier_engine::nnue::features::index`]),
    /// and reflecting commutes with the other colour's rank flip, so only the square changes.
    pub fn append_mirrored(
        &mut self,
        first: usize,
        end: usize,
        squares: usize,
        mirror: impl Fn(usize) -> usize,
    ) {
        for i in first..end {
            let (a, b) = (self.start[i], self.start[i + 1]);
            for k in a..b {
                let input = usize::from(self.index[k]);
                let sq = input % squares;
                self.index.push((input - sq + mirror(sq)) as u16);
            }
            self.start.push(self.index.len());
            self.target.push(self.target[i]);
        }
    }

    /// The labelled positions packed, their targets blended with `lambda` ([`target`]), in
    /// order. Runs on the current rayon pool.
    pub fn from_labelled<G: FeatureSet>(data: &[Labelled<G>], lambda: f64) -> Features {
        let parts: Vec<Features> = data
            .par_chunks(PACK_CHUNK)
            .map(|chunk| {
                let mut part = Features::new(inputs::<G>());
                for d in chunk {
                    let t = target(d.result, d.score, d.pos.side_to_move(), lambda);
                    part.push(&d.pos, t as f32);
                }
                part
            })
            .collect();
        let mut all = Features::new(inputs::<G>());
        for part in &parts {
            all.append(part);
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::game::Game;
    use kurier_rules::games::courier::Courier;

    #[test]
    fn the_target_is_turned_to_the_side_to_move() {
        assert_eq!(target(1.0, 0.0, Color::White, 1.0), 1.0);
        assert_eq!(target(1.0, 0.0, Color::Black, 1.0), 0.0);
        assert!((target(0.5, 400.0, Color::Black, 0.0) - sigmoid_cp(-400.0)).abs() < 1e-12);
        assert!((sigmoid_cp(400.0) - 1.0 / (1.0 + (-1f64).exp())).abs() < 1e-12);
        let blend = target(0.0, 200.0, Color::White, 0.25);
        assert!((blend - 0.75 * sigmoid_cp(200.0)).abs() < 1e-12);
    }

    /// A Courier FEN with every rank read right to left.
    fn reflect(fen: &str) -> String {
        let (board, rest) = fen.split_once(' ').unwrap();
        let ranks: Vec<String> = board
            .split('/')
            .map(|rank| {
                let mut cells = Vec::new();
                let mut run = 0;
                for c in rank.chars() {
                    if let Some(d) = c.to_digit(10) {
                        run = run * 10 + d;
                        continue;
                    }
                    cells.extend(std::iter::repeat_n('.', run as usize));
                    run = 0;
                    cells.push(c);
                }
                cells.extend(std::iter::repeat_n('.', run as usize));
                cells.reverse();
                // Runs of empty squares back to numbers.
                let mut out = String::new();
                let mut empty = 0;
                for c in cells {
                    if c == '.' {
                        empty += 1;
                        continue;
                    }
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out.push(c);
                }
                if empty > 0 {
                    out += &empty.to_string();
                }
                out
            })
            .collect();
        format!("{} {rest}", ranks.join("/"))
    }

    #[test]
    fn positions_pack_with_the_side_to_move_first() {
        let white = Courier::start();
        let mut moves = kurier_rules::game::MoveList::new();
        white.generate(&mut moves);
        let black = white.play(moves[0]);
        let data: Vec<Labelled<Courier>> = [white, black]
            .iter()
            .map(|&pos| Labelled {
                pos,
                result: 1.0,
                score: 0.0,
            })
            .collect();
        let f = Features::from_labelled(&data, 1.0);
        assert_eq!((f.len(), f.inputs()), (2, 1728));
        assert_eq!((f.target(0), f.target(1)), (1.0, 0.0));
        for (i, pos) in [white, black].iter().enumerate() {
            let (us, them) = f.position(i);
            let mut want = [Vec::new(), Vec::new()];
            let stm = pos.side_to_move();
            active(pos, stm, |x| want[0].push(x as u16));
            active(pos, !stm, |x| want[1].push(x as u16));
            assert_eq!((us, them), (&want[0][..], &want[1][..]));
        }
        // Reflected: the inputs of the reflected position, the same target.
        let mut m = f.clone();
        m.append_mirrored(0, 2, 96, |sq| <Courier as FeatureSet>::mirror(sq).unwrap());
        assert_eq!(m.len(), 4);
        for (i, pos) in [white, black].iter().enumerate() {
            let reflected = Courier::from_fen(&reflect(&pos.fen())).unwrap();
            let mut g = Features::new(1728);
            g.push(&reflected, f.target(i));
            // The same inputs, in another order (the order does not matter: they are summed).
            let sorted = |(a, b): (&[u16], &[u16])| {
                let (mut a, mut b) = (a.to_vec(), b.to_vec());
                a.sort_unstable();
                b.sort_unstable();
                (a, b)
            };
            assert_eq!(sorted(m.position(2 + i)), sorted(g.position(0)));
            assert_eq!(m.target(2 + i), f.target(i));
            assert_ne!(m.position(2 + i), f.position(i));
        }
        let mut twice = f.clone();
        twice.append(&f);
        assert_eq!(twice.len(), 4);
        assert_eq!(twice.position(3), f.position(1));
    }
}
