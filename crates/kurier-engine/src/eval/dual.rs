//! Dual-checkers evaluation and the search hooks ([`Searchable`]): engine policy, kept apart
//! from the rules in the other files of this module.
//!
//! All weights live in [`W`]. Where they come from: a man is the unit (100); the king's 300 is
//! the usual value of a flying king in Russian checkers, the parent game (two and a half to
//! three men), not raised for its direct captures until matches say so. Advancement and the back
//! rank are the classic checkers terms; the colour term reflects docs/rules.md D3/D5: a man only
//! meets the enemy men of its own square colour diagonally (jumps keep the colour), so men on a
//! colour where the enemy has none are safe from jumps and can only be taken directly. All
//! positional weights are first guesses, marked "untuned".

use crate::search::Searchable;
use kurier_rules::bitboard::squares;
use kurier_rules::game::{Color, Game};
use kurier_rules::games::dual::tables::{DARK, RANK_1, RANK_8};
use kurier_rules::games::dual::{movegen, DualCheckers, KING_MOVE_DRAW_PLIES};

/// The evaluation weights, one place to tune them.
struct Weights {
    /// A man.
    man: i32,
    /// A king.
    king: i32,
    /// Man bonus by rank from its own side (promotion race). Untuned.
    man_rank: [i32; 8],
    /// A man still on its own first rank, guarding against enemy promotion. Untuned.
    back_rank: i32,
    /// A man on a square colour where the enemy has no men: no enemy man can jump it. Untuned.
    colour_safe: i32,
    /// Side to move bonus (captures are compulsory: having the move matters). Untuned.
    tempo: i32,
}

const W: Weights = Weights {
    man: 100,
    king: 300,
    man_rank: [0, 0, 3, 6, 12, 22, 40, 0],
    back_rank: 8,
    colour_safe: 4,
    tempo: 8,
};

fn side_score(pos: &DualCheckers, us: Color) -> i32 {
    let men = pos.men(us);
    let enemy_men = pos.men(!us);
    let mut score = men.count_ones() as i32 * W.man + pos.kings(us).count_ones() as i32 * W.king;
    for sq in squares(men) {
        let rank = match us {
            Color::White => sq / 8,
            Color::Black => 7 - sq / 8,
        };
        score += W.man_rank[rank];
    }
    let first_rank = match us {
        Color::White => RANK_1,
        Color::Black => RANK_8,
    };
    score += (men & first_rank).count_ones() as i32 * W.back_rank;
    for colour in [DARK, !DARK] {
        if enemy_men & colour == 0 {
            score += (men & colour).count_ones() as i32 * W.colour_safe;
        }
    }
    score
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
        let us = self.side_to_move();
        side_score(self, us) - side_score(self, !us) + W.tempo
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
    fn stand_pat_allowed(&self) -> bool {
        !movegen::any_capture(self)
    }

    /// Never: a side cannot pass in checkers, and zugzwang decides many endings.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// docs/rules.md D10: 15 moves each of king moves without capture draw — unless the side to move
    /// has no legal move, which loses (D9). Whether a move exists is asked without counting them
    /// (a dense position has millions).
    fn draw_by_rule(&self) -> bool {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_level_and_material_counts() {
        let start = DualCheckers::start();
        assert_eq!(start.evaluate(), W.tempo);
        let up = DualCheckers::from_fen("8/8/8/8/8/8/1k6/K1K5 w 0 1").unwrap();
        assert!(up.evaluate() > 250);
    }
}
