//! Schachdame evaluation and the search hooks ([`Searchable`]): engine policy, kept apart from
//! the rules (`kurier_rules::games::schachdame`).
//!
//! One evaluation term per file, added up by [`evaluate`] from White's point of view as a
//! midgame and an endgame value ([`S`]), tapered by the game phase:
//!
//! - [`material`]: piece values, the phase and the piece-square tables;
//! - [`pawns`]: passed, defended and stuck pawns;
//! - [`mobility`]: the bishops' squares;
//! - [`king_safety`]: shelter, the enemy bishops around the king, safe checks;
//! - [`threats`]: bishops attacked by pawns, pieces left undefended.
//!
//! All weights live in one table: [`Weights`] says what each is and where its value came from,
//! [`W`] (`table.rs`) holds the values. The terms read it through a `Table` (`weights.rs`), so
//! that the same code evaluates with the engine's constant table ([`Searchable::evaluate`]) or
//! with any other ([`evaluate_with`], [`evaluate_exact`]: `kurier tune`).

mod attack_info;
mod king_safety;
mod material;
mod mobility;
#[cfg(test)]
mod params;
mod pawns;
mod table;
mod threats;
mod weights;

use crate::search::Searchable;
use attack_info::AttackInfo;
use kurier_rules::game::{Color, Game};
use kurier_rules::games::schachdame::{Piece, Schachdame};
pub use table::W;
use weights::Table;
pub use weights::{Weights, FULL_PHASE, S};

/// The engine's table, [`W`], as a [`Table`] known at compile time: the terms read constants.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shipped;

impl Table for Shipped {
    #[inline(always)]
    fn w(&self) -> &Weights {
        &W
    }
}

/// White's midgame and endgame sums of every term, and the game phase (at most
/// [`FULL_PHASE`]).
#[inline(always)]
fn parts<T: Table>(pos: &Schachdame, t: T) -> (S, i32) {
    let info = AttackInfo::new(pos);
    let side = |us: Color| {
        let (s, phase) = material::score(pos, us, t);
        let s = s
            + pawns::score(pos, us, t)
            + mobility::score(pos, &info, us, t)
            + king_safety::score(pos, &info, us, t)
            + threats::score(pos, &info, us, t);
        (s, phase)
    };
    let (white, wp) = side(Color::White);
    let (black, bp) = side(Color::Black);
    (white - black, (wp + bp).min(FULL_PHASE))
}

/// The evaluation from White's sums, tapered and rounded as the engine plays it.
#[inline(always)]
fn finish<T: Table>(pos: &Schachdame, s: S, phase: i32, t: T) -> i32 {
    let white = (s.0 * phase + s.1 * (FULL_PHASE - phase)) / FULL_PHASE;
    let score = if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    };
    score + t.w().tempo
}

/// The static evaluation of `pos` in centipawns from the side to move's point of view.
pub(crate) fn evaluate(pos: &Schachdame) -> i32 {
    let (s, phase) = parts(pos, Shipped);
    finish(pos, s, phase, Shipped)
}

/// The static evaluation of `pos` with the weights `w`, in centipawns from the side to move's
/// point of view: the engine's evaluation when `w` is [`W`].
pub fn evaluate_with(pos: &Schachdame, w: &Weights) -> i32 {
    let (s, phase) = parts(pos, w);
    finish(pos, s, phase, w)
}

/// [`evaluate_with`] before the taper's rounding: the function the tuner fits, linear in every
/// weight (so that its finite differences are exact).
pub fn evaluate_exact(pos: &Schachdame, w: &Weights) -> f64 {
    let (s, phase) = parts(pos, w);
    let full = f64::from(FULL_PHASE);
    let white =
        (f64::from(s.0) * f64::from(phase) + f64::from(s.1) * (full - f64::from(phase))) / full;
    let score = if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    };
    score + f64::from(w.tempo)
}

impl Searchable for Schachdame {
    const BENCH_POSITIONS: &'static [&'static str] = &[
        kurier_rules::games::schachdame::START_FEN,
        "1p3b2/p1k3p1/3p3p/2P1p3/1P1B1P2/4P3/3K3P/6P1 w - - 0 12",
        "3k3p/P7/3b3p/4B3/1P6/4p3/7P/P3K1P1 b - - 0 15",
        "7p/4b3/5k1p/P1p1p3/5P1P/P5P1/1B6/P3K3 w - - 0 15",
        "8/2P3k1/8/4b3/8/2K3p1/8/8 w - - 0 40",
        "8/p5p1/8/k7/5B2/P3b1K1/8/8 w - - 4 38",
    ];
    const BENCH_DEPTH: u32 = 13;

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn in_check(&self) -> bool {
        Schachdame::in_check(self)
    }

    fn is_tactical(&self, mv: Self::Move) -> bool {
        mv.is_promotion() || self.occupied_by(!self.side_to_move()) & (1u64 << mv.to()) != 0
    }

    fn tactical_score(&self, mv: Self::Move) -> i32 {
        let value = |p: Option<Piece>| match p {
            Some(Piece::Pawn) => 1,
            Some(Piece::Bishop) => 3,
            Some(Piece::King) => 4,
            None => 0,
        };
        let victim = value(self.piece_on(!self.side_to_move(), mv.to()));
        let attacker = value(self.piece_on(self.side_to_move(), mv.from()));
        victim * 16 - attacker + if mv.is_promotion() { 40 } else { 0 }
    }

    /// Passing is unsound with only king and pawns, where zugzwang is the rule, so null move is
    /// allowed only while the side to move has a bishop.
    fn null_move(&self) -> Option<Self> {
        (self.pieces(self.side_to_move(), Piece::Bishop) != 0).then(|| self.pass())
    }

    /// docs/rules.md S8: the 50-move rule.
    fn draws_by_move_rule(&self) -> bool {
        self.reversible_plies() >= 100
    }

    /// docs/rules.md S8: two bare kings.
    fn draws_by_bare_kings(&self) -> bool {
        let kings = self.pieces(Color::White, Piece::King) | self.pieces(Color::Black, Piece::King);
        self.occupied() == kings
    }

    fn move_id(mv: Self::Move) -> u32 {
        mv.bits() as u32 + 1
    }

    const PIECE_TO: usize = 3 * 64;

    fn piece_to(&self, mv: Self::Move) -> usize {
        let kind = self
            .piece_on(self.side_to_move(), mv.from())
            .map_or(0, |p| p as usize);
        kind * 64 + mv.to()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::game::MoveList;

    /// `fen` with the colours swapped: the board turned half round (Schachdame's two sides stand
    /// as each other's half-turn, docs/rules.md S3; turning it upside down would put the pieces
    /// on light squares), upper and lower case exchanged, the other side to move.
    fn rotate(fen: &str) -> String {
        let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
        let ranks: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .rev()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        fields[0] = ranks.join("/");
        fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string();
        fields.join(" ")
    }

    /// Positions along pseudo-random games from the start and the bench positions.
    fn positions() -> Vec<Schachdame> {
        let mut out: Vec<Schachdame> = <Schachdame as Searchable>::BENCH_POSITIONS
            .iter()
            .map(|f| Schachdame::from_fen(f).unwrap())
            .collect();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20 {
            let mut pos = Schachdame::start();
            for _ in 0..60 {
                let mut moves = MoveList::new();
                pos.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.play(moves[(seed % moves.len() as u64) as usize]);
                out.push(pos);
            }
        }
        out
    }

    #[test]
    fn rotated_positions_evaluate_alike() {
        let all = positions();
        assert!(all.len() > 500);
        for pos in &all {
            let fen = pos.fen();
            let turned = Schachdame::from_fen(&rotate(&fen)).unwrap();
            assert_eq!(rotate(&rotate(&fen)), fen);
            assert_eq!(evaluate(pos), evaluate(&turned), "{fen}");
        }
    }

    #[test]
    fn the_exact_evaluation_is_the_played_one_before_rounding() {
        for pos in positions() {
            let exact = evaluate_exact(&pos, &W);
            assert!(
                (exact - f64::from(evaluate(&pos))).abs() < 1.0,
                "{}",
                pos.fen()
            );
            assert_eq!(evaluate_with(&pos, &W), evaluate(&pos));
        }
    }

    #[test]
    fn the_taper_takes_the_midgame_at_the_start_and_the_endgame_without_pieces() {
        // Endgame weights alone changed: the start position (full phase) does not see it.
        let mut eg = W.clone();
        eg.pst[Piece::Pawn as usize][1][0].1 += 50;
        eg.material[Piece::Bishop as usize].1 += 50;
        let start = Schachdame::start();
        assert_eq!(evaluate_with(&start, &eg), evaluate(&start));
        // Midgame weights alone changed: two bare kings (phase 0) do not see it.
        let mut mg = W.clone();
        for row in mg.pst[Piece::King as usize].iter_mut() {
            for v in row.iter_mut() {
                v.0 += 40;
            }
        }
        let kings = Schachdame::from_fen("3k4/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(evaluate_with(&kings, &mg), evaluate(&kings));
        // With a lone bishop (phase 3 of 18) the endgame change counts 15/18.
        let bishop = Schachdame::from_fen("3k4/8/8/8/8/8/8/2B1K3 w - - 0 1").unwrap();
        let d = evaluate_with(&bishop, &eg) - evaluate(&bishop);
        assert!((d - 50 * (FULL_PHASE - 3) / FULL_PHASE).abs() <= 1, "{d}");
    }

    #[test]
    fn evaluation_is_balanced_at_the_start_and_sees_material() {
        let start = Schachdame::start();
        assert!(start.evaluate().abs() < 60, "{}", start.evaluate());
        let up = Schachdame::from_fen("3k4/8/8/8/8/8/8/2B1K3 w - - 0 1").unwrap();
        assert!(up.evaluate() > 250);
        let down = Schachdame::from_fen("3k4/8/8/8/8/8/8/2B1K3 b - - 0 1").unwrap();
        assert!(down.evaluate() < -250);
    }
}
