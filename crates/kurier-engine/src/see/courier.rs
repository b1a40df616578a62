//! Static exchange evaluation for Courier chess (docs/rules.md C2–C5): every piece of the game
//! recaptures, cheapest first; the rook and the courier (the only sliders) are found again
//! behind a piece that left the line (x-rays); the king recaptures only onto a square no enemy
//! piece still attacks. Pins and checks are ignored, as in every engine's SEE: it orders and
//! prunes, the search verifies.

use kurier_rules::game::Game;
use kurier_rules::games::courier::{Courier, Move, Piece};

/// Exchange values by piece (pawn, knight, courier, rook, alfil, fers, mann, schleich, king):
/// the midgame material values of the evaluation (`eval::courier`), the king above everything.
pub const VALUE: [i32; Piece::COUNT] = [100, 300, 330, 480, 120, 150, 320, 140, 20_000];

/// Recapturers cheapest first: the order of [`VALUE`], not of the piece discriminants.
const CHEAPEST_FIRST: [Piece; Piece::COUNT - 1] = [
    Piece::Pawn,
    Piece::Alfil,
    Piece::Wazir,
    Piece::Fers,
    Piece::Knight,
    Piece::Mann,
    Piece::Courier,
    Piece::Rook,
];

/// True when `mv` (legal in `pos`) wins at least `threshold` centipawns by static exchange:
/// the captured piece (and a promotion's gain) against the best sequence of recaptures.
pub fn see_ge(pos: &Courier, mv: Move, threshold: i32) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let victim = pos.piece_on(to).map_or(0, |(_, p)| VALUE[p as usize]);
    // A pawn reaching the last rank becomes a fers (C4): the exchange starts from the fers.
    let (gain, moved) = if mv.is_promotion() {
        (
            VALUE[Piece::Fers as usize] - VALUE[Piece::Pawn as usize],
            Piece::Fers,
        )
    } else {
        (0, mv.piece())
    };
    let mut swap = victim + gain - threshold;
    if swap < 0 {
        return false;
    }
    swap = VALUE[moved as usize] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied() ^ (1u128 << from) ^ (1u128 << to);
    let mut stm = pos.side_to_move();
    let mut attackers = pos.attackers_both(to, occ);
    let mut res = true;
    loop {
        stm = !stm;
        attackers &= occ;
        let ours = attackers & pos.occupied_by(stm);
        if ours == 0 {
            break;
        }
        res = !res;
        let next = CHEAPEST_FIRST
            .iter()
            .map(|&p| (p, ours & pos.pieces(stm, p)))
            .find(|&(_, bb)| bb != 0);
        let Some((piece, bb)) = next else {
            // Only the king is left to recapture: it may, unless the square is still defended.
            return if attackers & pos.occupied_by(!stm) != 0 {
                !res
            } else {
                res
            };
        };
        swap = VALUE[piece as usize] - swap;
        if swap < res as i32 {
            break;
        }
        occ ^= bb & bb.wrapping_neg();
        // A slider behind the piece that left may now see the square (only a slider can be
        // uncovered: the leapers' attacks do not depend on the occupancy).
        attackers |= pos.slider_attackers(to, occ);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Courier, text: &str) -> Move {
        pos.parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()))
    }

    fn pos(fen: &str) -> Courier {
        Courier::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The exact exchange value: the largest threshold `see_ge` accepts, found by bisection.
    fn see(pos: &Courier, m: Move) -> i32 {
        let (mut lo, mut hi) = (-30_000i32, 30_000i32);
        while lo < hi {
            let mid = (lo + hi + 1).div_euclid(2);
            if see_ge(pos, m, mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // The rook on a1 takes an undefended knight on a5.
        let p = pos("k11/12/12/n11/12/12/12/R10K w - - 0 1");
        assert_eq!(see(&p, mv(&p, "a1a5")), 300);
    }

    #[test]
    fn a_defended_piece_costs_the_capturer() {
        // Rook takes a knight defended by a pawn: +300 -480.
        let p = pos("k11/12/1p10/n11/12/12/12/R10K w - - 0 1");
        assert_eq!(see(&p, mv(&p, "a1a5")), 300 - 480);
        // Pawn takes the same knight defended by a pawn: the pawn is lost, the knight won.
        let p = pos("k11/12/1p10/n11/1P10/12/12/11K w - - 0 1");
        assert_eq!(see(&p, mv(&p, "b4a5")), 300 - 100);
    }

    #[test]
    fn a_quiet_move_onto_an_attacked_square_loses_the_piece() {
        // The mann steps next to an enemy pawn's capture square.
        let p = pos("k11/12/12/12/2p9/12/2M9/11K w - - 0 1");
        assert_eq!(see(&p, mv(&p, "c2b3")), -320);
        assert_eq!(see(&p, mv(&p, "c2c3")), 0);
    }

    #[test]
    fn sliders_behind_the_first_capturer_join_in() {
        // Two white rooks on the a-file against a knight defended by one rook: R takes, R takes,
        // R takes: +300 -480 +480.
        let p = pos("r10k/12/12/12/n11/12/R11/R10K w - - 0 1");
        assert_eq!(see(&p, mv(&p, "a2a4")), 300);
        // Without the second rook, the defender wins the rook back.
        let p = pos("r10k/12/12/12/n11/12/R11/11K w - - 0 1");
        assert_eq!(see(&p, mv(&p, "a2a4")), 300 - 480);
    }

    #[test]
    fn the_king_recaptures_only_onto_an_undefended_square() {
        // A fers takes a pawn beside the black king. Undefended otherwise: the king takes back.
        let p = pos("12/12/12/12/12/1k10/p11/1F9K w - - 0 1");
        assert_eq!(see(&p, mv(&p, "b1a2")), 100 - 150);
        // With a white rook behind on the a-file, the king cannot take back.
        let p = pos("12/12/12/12/12/1k10/p11/RF9K w - - 0 1");
        assert_eq!(see(&p, mv(&p, "b1a2")), 100);
    }

    #[test]
    fn promotion_counts_the_fers_it_becomes() {
        // An undefended push to the last rank gains a fers for a pawn.
        let p = pos("k11/4P6p/12/12/12/12/12/11K w - - 0 1");
        assert_eq!(see(&p, mv(&p, "e7e8f")), 50);
    }
}
