//! Dual-checkers evaluation and the search hooks ([`Searchable`]): engine policy, kept apart
//! from the rules in the other files of this module.
//!
//! All weights live in one table: [`Weights`] (`weights.rs`) says what each is, [`W`]
//! (`table.rs`, the form `kurier tune --variant dualcheckers --out` writes) holds the values.
//! The terms read it through a `Table`, so that the same code evaluates with the engine's
//! constant table or with any other ([`evaluate_with`]: `kurier tune`). Where the first values
//! came from: a man is the unit (100); the king's 300 is
//! the usual value of a flying king in Russian checkers, the parent game (two and a half to
//! three men), not raised for its direct captures until matches say so. Advancement and the back
//! rank are the classic checkers terms; the colour term reflects docs/rules.md D3/D5: a man only
//! meets the enemy men of its own square colour diagonally (jumps keep the colour), so men on a
//! colour where the enemy has none are safe from jumps and can only be taken directly. All
//! positional weights are first guesses, marked "untuned".

#[cfg(test)]
mod params;
mod steps;
mod table;
mod weights;

use crate::search::Searchable;
use kurier_rules::bitboard::squares;
use kurier_rules::game::{Color, Game};
use kurier_rules::games::dual::tables::{free_ray, DARK, DIAGONAL, RANK_1, RANK_8};
use kurier_rules::games::dual::{movegen, DualCheckers, KING_MOVE_DRAW_PLIES};
use steps::{Diagonal, DIAGONALS};
pub use table::W;
use weights::Table;
pub use weights::Weights;

/// The engine's table, [`W`], as a [`Table`] known at compile time: the terms read constants.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shipped;

impl Table for Shipped {
    #[inline(always)]
    fn w(&self) -> &Weights {
        &W
    }
}

/// The 16 central squares c3-f6.
const CENTRE: u64 = 0x0000_3C3C_3C3C_0000;

/// For each colour and square, the squares from which an enemy piece could stop a man there on
/// its way to promotion: the widening cone ahead of it (the squares a diagonal step or jump
/// reaches, and those a direct capture from the side reaches, docs/rules.md D5) and its two
/// neighbours on its own rank.
static CONE: [[u64; 64]; 2] = build_cones();

const fn build_cones() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
            let step = if c == 0 { 1 } else { -1 };
            let mut k = 0;
            let mut rr = r;
            while rr >= 0 && rr < 8 {
                let mut ff = f - k - 1;
                while ff <= f + k + 1 {
                    if ff >= 0 && ff < 8 && !(ff == f && rr == r) {
                        t[c][sq] |= 1u64 << (rr * 8 + ff);
                    }
                    ff += 1;
                }
                k += 1;
                rr += step;
            }
            sq += 1;
        }
        c += 1;
    }
    t
}

fn side_score<T: Table>(pos: &DualCheckers, us: Color, t: T) -> i32 {
    let w = t.w();
    let men = pos.men(us);
    let enemy_men = pos.men(!us);
    let enemy = pos.occupied_by(!us);
    let enemy_has_king = pos.kings(!us) != 0;
    let empty = !pos.occupied();
    let mut score = men.count_ones() as i32 * w.man + pos.kings(us).count_ones() as i32 * w.king;
    for sq in squares(men) {
        let rank = match us {
            Color::White => sq / 8,
            Color::Black => 7 - sq / 8,
        };
        score += w.man_rank[rank];
        if CONE[us.index()][sq] & enemy == 0 {
            score += if enemy_has_king {
                w.runaway_king[rank]
            } else {
                w.runaway[rank]
            };
        }
    }
    let first_rank = match us {
        Color::White => RANK_1,
        Color::Black => RANK_8,
    };
    score += (men & first_rank).count_ones() as i32 * w.back_rank;
    for colour in [DARK, !DARK] {
        if enemy_men & colour == 0 {
            score += (men & colour).count_ones() as i32 * w.colour_safe;
        }
    }
    score += (men & CENTRE).count_ones() as i32 * w.centre;
    // docs/rules.md D3: a man steps diagonally forward onto an empty square.
    let forward = match us {
        Color::White => [Diagonal::NorthEast, Diagonal::NorthWest],
        Color::Black => [Diagonal::SouthEast, Diagonal::SouthWest],
    };
    let steps = forward.map(|d| (d.shift(men) & empty).count_ones() as i32);
    score += (steps[0] + steps[1]) * w.man_mobility;
    let occupied = pos.occupied();
    for sq in squares(pos.kings(us)) {
        let reach: u32 = DIAGONAL
            .iter()
            .map(|&d| free_ray(d, sq, occupied).count_ones())
            .sum();
        score += reach as i32 * w.king_mobility;
    }
    score
}

/// How many of `us`'s pieces an enemy man could jump (docs/rules.md D5): an enemy man on one
/// diagonal neighbour and the square opposite it empty.
fn threatened(pos: &DualCheckers, us: Color) -> u32 {
    let ours = pos.occupied_by(us);
    let enemy_men = pos.men(!us);
    let empty = !pos.occupied();
    let mut hit = 0;
    for d in DIAGONALS {
        // The enemy man stands one step `d` from the piece; it lands one step the other way.
        hit |= ours & d.opposite().shift(enemy_men) & d.shift(empty);
    }
    hit.count_ones()
}

/// The static evaluation of `pos` with the table `t`, from the side to move's point of view.
#[inline(always)]
fn evaluate<T: Table>(pos: &DualCheckers, t: T) -> i32 {
    let us = pos.side_to_move();
    let w = t.w();
    let threats = w.threatened[(threatened(pos, us) as usize).min(2)];
    side_score(pos, us, t) - side_score(pos, !us, t) + w.tempo + threats
}

/// The static evaluation of `pos` with the weights `w`, in centipawns (a man is 100) from the
/// side to move's point of view: the engine's evaluation when `w` is [`W`]. Linear in every
/// weight, so it is also what the tuner fits.
pub fn evaluate_with(pos: &DualCheckers, w: &Weights) -> i32 {
    evaluate(pos, w)
}

impl Searchable for DualCheckers {
    const BENCH_POSITIONS: &'static [&'static str] = &[
        kurier_rules::games::dual::START_FEN,
        "1m1m1m1m/m1m1m1m1/1m1m1m2/8/2m1M3/1M6/M1M3M1/1M1M1M1M w 0 4",
        "1m1m1m1m/m3m3/8/2m1m3/M3M2m/1M1M4/M5M1/3M1M1M b 0 9",
        "3m1m1m/m1m5/5m2/8/5M2/1M3M1m/M3M1M1/3M4 b 0 14",
        "1m1m1m1m/m5m1/3m1m2/4mm2/M1M1M3/8/4M1M1/1M1M3M b 0 12",
        "k6K/8/2m2M2/8/8/2M2m2/8/K6k w 0 1",
    ];
    const BENCH_DEPTH: u32 = 12;

    fn evaluate(&self) -> i32 {
        evaluate(self, Shipped)
    }

    /// Checkers has no check.
    fn in_check(&self) -> bool {
        false
    }

    fn is_tactical(&self, mv: Self::Move) -> bool {
        mv.is_capture() || mv.is_promotion()
    }

    fn tactical_score(&self, mv: Self::Move) -> i32 {
        let them = !self.side_to_move();
        let captured = mv.captured();
        (captured & self.men(them)).count_ones() as i32 * W.man
            + (captured & self.kings(them)).count_ones() as i32 * W.king
            + if mv.is_promotion() { W.king - W.man } else { 0 }
    }

    /// docs/rules.md D4: with a capture pending the side must capture, so the position is never a
    /// leaf of quiescence.
    fn capture_pending(&self) -> bool {
        movegen::any_capture(self)
    }

    /// Never: a side cannot pass in checkers, and zugzwang decides many endings.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// docs/rules.md D10: 15 moves each of king moves without capture draw — unless the side to move
    /// has no legal move, which loses (D9). Whether a move exists is asked without counting them
    /// (a dense position has millions).
    fn draws_by_move_rule(&self) -> bool {
        self.reversible_plies() >= KING_MOVE_DRAW_PLIES as u32 && movegen::has_move(self)
    }

    fn move_id(mv: Self::Move) -> u32 {
        // Fold origin, destination, captured set and promotion (the D12 identity) into 32 bits.
        let x = (mv.from() as u64)
            | (mv.to() as u64) << 6
            | (mv.is_promotion() as u64) << 12
            | mv.captured().rotate_left(13);
        let h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 32) as u32) | 1
    }

    const PIECE_TO: usize = 2 * 64;

    fn piece_to(&self, mv: Self::Move) -> usize {
        let king = self.kings(self.side_to_move()) & (1u64 << mv.from()) != 0;
        usize::from(king) * 64 + mv.to()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_level_and_material_counts() {
        let start = DualCheckers::start();
        // Both sides alike, nothing threatened: the side to move's terms alone.
        assert_eq!(start.evaluate(), W.tempo + W.threatened[0]);
        let up = DualCheckers::from_fen("8/8/8/8/8/8/1k6/K1K5 w 0 1").unwrap();
        assert!(up.evaluate() > 250);
    }

    #[test]
    fn the_evaluation_is_symmetric_under_the_colour_mirror() {
        // Mirroring the board top to bottom and swapping the colours (docs/rules.md D2: Black's
        // men are White's mirrored) must give the same score for the side to move.
        for fen in DualCheckers::BENCH_POSITIONS {
            let pos = DualCheckers::from_fen(fen).unwrap();
            let mirrored = DualCheckers::from_fen(&crate::eval::mirror(fen)).unwrap();
            assert_eq!(pos.evaluate(), mirrored.evaluate(), "{fen}");
        }
    }

    #[test]
    fn a_man_next_to_an_enemy_man_with_the_square_behind_it_empty_is_threatened() {
        // White man d4, Black man e5: e5 jumps d4 to c3 (D5) unless c3 is taken.
        let open = DualCheckers::from_fen("k7/8/8/4m3/3M4/8/8/7K w 0 1").unwrap();
        assert_eq!(threatened(&open, Color::White), 1);
        assert_eq!(threatened(&open, Color::Black), 1, "and d4 jumps e5 to f6");
        let covered = DualCheckers::from_fen("k7/8/5m2/4m3/3M4/2M5/8/7K w 0 1").unwrap();
        assert_eq!(threatened(&covered, Color::White), 0);
        assert_eq!(threatened(&covered, Color::Black), 0);
        // Kings are never counted as jumpers here, only as targets.
        let king = DualCheckers::from_fen("8/8/8/4k3/3M4/8/8/7K w 0 1").unwrap();
        assert_eq!(threatened(&king, Color::White), 0);
        assert_eq!(threatened(&king, Color::Black), 1);
    }

    #[test]
    fn a_runaway_man_is_worth_more_than_a_stopped_one() {
        // White man on c6 with nothing ahead (the Black man on h7 is off its cone), against the
        // same man with the Black man on a7, inside the widening cone (one rank up, two files
        // over); no Black king, so the bonus is whole.
        let free = DualCheckers::from_fen("8/7m/2M5/8/8/8/8/K7 w 0 1").unwrap();
        let stopped = DualCheckers::from_fen("8/m7/2M5/8/8/8/8/K7 w 0 1").unwrap();
        assert!(free.evaluate() > stopped.evaluate() + W.runaway[5] / 2);
        assert!(
            W.runaway_king[5] <= W.runaway[5],
            "a king across its path halves it"
        );
        assert_ne!(CONE[0][5 * 8 + 2] & (1 << 48), 0, "a7 is in c6's cone");
        assert_eq!(CONE[0][5 * 8 + 2] & (1 << 55), 0, "h7 is not");
        assert_eq!(CONE[0][5 * 8 + 2] & (1 << 7), 0, "h1 is behind it");
    }

    #[test]
    fn mobility_counts_free_steps_and_king_rays() {
        // A man on a2 has one step (b3); on d4 two. A king in the corner a1 sees the long
        // diagonal (7 squares), one in the centre more.
        let edge = DualCheckers::from_fen("7k/8/8/8/8/8/M7/8 w 0 1").unwrap();
        let centre = DualCheckers::from_fen("7k/8/8/8/3M4/8/8/8 w 0 1").unwrap();
        let (e, c) = (
            side_score(&edge, Color::White, Shipped),
            side_score(&centre, Color::White, Shipped),
        );
        assert!(c > e, "{c} > {e}");
        let corner = DualCheckers::from_fen("8/8/8/8/8/8/8/K6k b 0 1").unwrap();
        assert_eq!(
            side_score(&corner, Color::White, Shipped),
            W.king + 7 * W.king_mobility
        );
    }
}
