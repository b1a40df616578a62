//! Courier evaluation and the search hooks ([`Searchable`]): engine policy, kept apart from the
//! rules in the other files of this module.
//!
//! One evaluation term per file, added up by [`evaluate`] from White's point of view as a
//! midgame and an endgame value ([`weights::S`]), tapered by the game phase:
//!
//! - [`material`]: piece values and the phase;
//! - [`pst`]: where the pieces stand;
//! - [`pawns`]: passed pawns, rooks on open files;
//! - [`mobility`]: how far they reach;
//! - [`threats`]: pieces attacked by pawns or lesser pieces, pieces left undefended;
//! - [`king_safety`]: shelter and the enemy pieces around the king;
//! - [`endgame`]: baring the enemy king (docs/rules.md C7), driving it, the draws of the
//!   material and of the 50-move rule (C8).
//!
//! All weights live in one table: [`Weights`] says what each is and where its value came from,
//! [`W`] (`table.rs`) holds the values. The terms read it through a `Table` (`weights.rs`), so that
//! the same code evaluates with the engine's constant table ([`Searchable::evaluate`]) or with
//! any other ([`evaluate_with`], [`evaluate_exact`]: `kurier tune`). The attack sets the terms
//! read are computed once per evaluation ([`attack_info`]).

mod attack_info;
mod endgame;
mod king_safety;
mod material;
mod mobility;
#[cfg(test)]
mod params;
mod pawns;
mod pst;
mod table;
mod threats;
mod weights;

use crate::search::Searchable;
use attack_info::AttackInfo;
use kurier_rules::game::{Color, Game, MoveList};
use kurier_rules::games::courier::{movegen, Courier, Piece};
pub use table::W;
use weights::Table;
pub use weights::{Field, Leaves, Shape, Tuned, Weights, FULL_PHASE, S};

/// The engine's table, [`W`], as a [`Table`] known at compile time: the terms read constants.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shipped;

impl Table for Shipped {
    #[inline(always)]
    fn w(&self) -> &Weights {
        &W
    }

    #[inline(always)]
    fn pst(&self, piece: usize, own: usize) -> S {
        pst::FULL[piece][own]
    }
}

/// The sums of the terms, before the endgame scaling, the taper and the 50-move rule.
struct Parts {
    /// Every term but the passed pawns, White's less Black's.
    s: S,
    /// Each colour's passed pawns, as a share of the promotion's gain ([`pawns::Pawns`]).
    share: [S; 2],
    /// Each colour's endgame material.
    eg_material: [i32; 2],
    /// The game phase, at most [`FULL_PHASE`].
    phase: i32,
}

#[inline(always)]
fn parts<T: Table>(pos: &Courier, t: T) -> Parts {
    let info = AttackInfo::new(pos);
    let (white, wp) = material::score(pos, Color::White, t);
    let (black, bp) = material::score(pos, Color::Black, t);
    let mut s: S = white - black;
    // Piece-square terms.
    s += pst::score(pos, Color::White, t) - pst::score(pos, Color::Black, t);
    // Mobility.
    s +=
        mobility::score(pos, &info, Color::White, t) - mobility::score(pos, &info, Color::Black, t);
    // King safety.
    s += king_safety::score(pos, &info, Color::White, t)
        - king_safety::score(pos, &info, Color::Black, t);
    // Threats.
    s += threats::score(pos, &info, Color::White, t) - threats::score(pos, &info, Color::Black, t);
    // Passed pawns and open files.
    let (wpawns, bpawns) = (
        pawns::score(pos, &info, Color::White, t),
        pawns::score(pos, &info, Color::Black, t),
    );
    s += wpawns.rooks - bpawns.rooks;
    // Endgame.
    let eg_material = [white.1, black.1];
    s += endgame::score(pos, &info, eg_material, Color::White, t)
        - endgame::score(pos, &info, eg_material, Color::Black, t);
    Parts {
        s,
        share: [wpawns.share, bpawns.share],
        eg_material,
        phase: (wp + bp).min(FULL_PHASE),
    }
}

/// The evaluation from [`Parts`], rounded as the engine plays it.
#[inline(always)]
fn finish<T: Table>(pos: &Courier, p: &Parts, t: T) -> i32 {
    let gain = pawns::gain(t);
    let mut s = p.s + pawns::passed_bonus(p.share[0], gain) - pawns::passed_bonus(p.share[1], gain);
    s.1 = s.1 * endgame::scale(pos, s.1, p.eg_material, t) / 64;
    let white = (s.0 * p.phase + s.1 * (FULL_PHASE - p.phase)) / FULL_PHASE;
    // Scaling.
    let white = endgame::rule50(pos, white, t);
    let score = if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    };
    score + t.w().tempo
}

/// The static evaluation of `pos` in centipawns from the side to move's point of view.
pub(crate) fn evaluate(pos: &Courier) -> i32 {
    finish(pos, &parts(pos, Shipped), Shipped)
}

/// The static evaluation of `pos` with the weights `w`, in centipawns from the side to move's
/// point of view: the engine's evaluation when `w` is [`W`].
pub fn evaluate_with(pos: &Courier, w: &Weights) -> i32 {
    finish(pos, &parts(pos, w), w)
}

/// [`evaluate_with`] without its last roundings (the passed pawns' shares, the endgame
/// scaling, the taper and the 50-move rule are computed in `f64`; the decisions they take, such
/// as which side is ahead, are the rounded evaluation's): the function the tuner fits. Within a
/// few centipawns of [`evaluate_with`], and linear in the weights of linear terms, so that their
/// finite differences are exact.
pub fn evaluate_exact(pos: &Courier, w: &Weights) -> f64 {
    let p = parts(pos, w);
    let gain = pawns::gain(w);
    let rounded =
        p.s + pawns::passed_bonus(p.share[0], gain) - pawns::passed_bonus(p.share[1], gain);
    let scale = endgame::scale(pos, rounded.1, p.eg_material, w);
    let exact = |k: usize| {
        let (s, g, white, black) = match k {
            0 => (p.s.0, gain.0, p.share[0].0, p.share[1].0),
            _ => (p.s.1, gain.1, p.share[0].1, p.share[1].1),
        };
        f64::from(s) + f64::from(g) * f64::from(white - black) / 256.0
    };
    let (mg, eg) = (exact(0), exact(1) * f64::from(scale) / 64.0);
    let full = f64::from(FULL_PHASE);
    let white = (mg * f64::from(p.phase) + eg * (full - f64::from(p.phase))) / full;
    let white = endgame::rule50_exact(pos, white, w);
    let score = if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    };
    score + f64::from(w.tempo)
}

impl Searchable for Courier {
    const BENCH_POSITIONS: &'static [&'static str] = &[
        kurier_rules::games::courier::START_FEN,
        kurier_rules::games::courier::PRE_CEREMONY_FEN,
        "r1eb2kw1e1r/1p1pmp2p1p1/n1p4p1p2/p10p/P5P4P/1P9N/R2PPP2PPP1/1N1b1MKWBE1R b - - 0 13",
        "r1e1mkfwb1nr/ppbppppppp2/10pp/2p9/1n3e1N4/PBPP2P1P3/1P1NPP1P1PPP/R1E1MKFWBE1R w - - 4 10",
        "2em2kw1e1r/1p1p1p2p1p1/2p4p1p2/r10p/b5P2N1P/N11/n2PPP2PPP1/5MKW1E1R w - - 2 19",
        "4mk1w1e2/r2ppp1p1bpn/nN6p3/p10p/P6P3P/4E3PN1R/1PPPPP4P1/R2BM1K5 w - - 0 22",
    ];
    const BENCH_DEPTH: u32 = 9;

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn in_check(&self) -> bool {
        Courier::in_check(self)
    }

    fn gives_check(&self, mv: Self::Move) -> bool {
        Courier::gives_check(self, mv)
    }

    fn is_tactical(&self, mv: Self::Move) -> bool {
        mv.is_promotion() || self.occupied_by(!self.side_to_move()) & (1u128 << mv.to()) != 0
    }

    fn tactical_score(&self, mv: Self::Move) -> i32 {
        let victim = self
            .piece_on(mv.to())
            .map_or(0, |(_, p)| W.material[p as usize].0);
        let attacker = W.material[mv.piece() as usize].0;
        victim * 16 - attacker + if mv.is_promotion() { 150 } else { 0 }
    }

    fn see_ge(&self, mv: Self::Move, threshold: i32) -> bool {
        crate::see::courier::see_ge(self, mv, threshold)
    }

    /// Captures and promotions from their own generator; only when there is none are the
    /// moves counted, to tell a quiet position from one without moves.
    fn generate_tactical(&self, moves: &mut MoveList<Self::Move>) -> bool {
        movegen::generate_tactical(self, &mut movegen::ListSink(moves));
        !moves.is_empty() || self.count_moves() > 0
    }

    /// Passing is unsound with only king and pawns (zugzwang), so null move needs a piece.
    fn null_move(&self) -> Option<Self> {
        let us = self.side_to_move();
        let pawns_and_king = self.pieces(us, Piece::Pawn) | self.pieces(us, Piece::King);
        (self.occupied_by(us) != pawns_and_king).then(|| self.pass())
    }

    /// docs/rules.md C8: the 50-move rule.
    fn draws_by_move_rule(&self) -> bool {
        self.reversible_plies() >= 100
    }

    /// docs/rules.md C8: two bare kings.
    fn draws_by_bare_kings(&self) -> bool {
        self.occupied().count_ones() == 2
    }

    fn move_id(mv: Self::Move) -> u32 {
        mv.bits() + 1
    }

    const PIECE_TO: usize = kurier_rules::games::courier::Piece::COUNT * 96;

    fn piece_to(&self, mv: Self::Move) -> usize {
        mv.piece() as usize * 96 + mv.to()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::mirror;

    /// Positions from every phase, for the symmetry test.
    pub(super) const POSITIONS: &[&str] = &[
        "r1eb2kw1e1r/1p1pmp2p1p1/n1p4p1p2/p10p/P5P4P/1P9N/R2PPP2PPP1/1N1b1MKWBE1R b - - 0 13",
        "r1e1mkfwb1nr/ppbppppppp2/10pp/2p9/1n3e1N4/PBPP2P1P3/1P1NPP1P1PPP/R1E1MKFWBE1R w - - 4 10",
        "2em2kw1e1r/1p1p1p2p1p1/2p4p1p2/r10p/b5P2N1P/N11/n2PPP2PPP1/5MKW1E1R w - - 2 19",
        "4mk1w1e2/r2ppp1p1bpn/nN6p3/p10p/P6P3P/4E3PN1R/1PPPPP4P1/R2BM1K5 w - - 0 22",
        "12/12/3k8/12/5F6/2FF2N5/4K7/9e2 w - - 40 80",
        "12/2p9/3k8/12/8P3/12/4K1R5/12 b - - 3 60",
        "6k5/12/12/12/12/12/5R6/5K6 b - - 0 70",
        "12/1k10/12/12/12/12/12/5KR1N3 w - - 70 90",
        "r1eb1k1wb1nr/1ppp1p1pppp1/4pm6/p5p4p/P3PP5P/4B1F5/1PPP3PPPP1/RNE1MK1W1ENR b - - 2 5",
    ];

    #[test]
    fn mirrored_positions_evaluate_alike() {
        for fen in POSITIONS
            .iter()
            .chain(<Courier as Searchable>::BENCH_POSITIONS)
        {
            let pos = Courier::from_fen(fen).unwrap();
            let flipped = Courier::from_fen(&mirror(fen)).unwrap();
            assert_eq!(evaluate(&pos), evaluate(&flipped), "{fen}");
        }
    }

    #[test]
    fn mirror_is_its_own_inverse() {
        for fen in POSITIONS {
            assert_eq!(mirror(&mirror(fen)), *fen);
        }
    }

    #[test]
    fn start_is_balanced_and_material_counts() {
        let start = Courier::start();
        assert!(start.evaluate().abs() < 60, "{}", start.evaluate());
        let up = Courier::from_fen("k11/12/12/12/12/12/12/1R1R7K w - - 0 1").unwrap();
        assert!(up.evaluate() > 800);
    }

    #[test]
    fn phase_total_matches_the_start_position() {
        let start = Courier::start();
        let (_, w) = material::score(&start, Color::White, Shipped);
        let (_, b) = material::score(&start, Color::Black, Shipped);
        assert_eq!(w + b, FULL_PHASE);
    }
}
