//! Mobility: how many safe squares each piece reaches (docs/rules.md C2 for the moves). A
//! square is safe for `us` when no own piece stands on it and no enemy pawn attacks it; each
//! kind has its own table ([`super::weights::Weights::mobility_knight`] and the rows after it),
//! steep at first and flat later for the short-range pieces, whose few squares matter most.

use super::attack_info::AttackInfo;
use super::weights::{Table, S};
use kurier_rules::game::Color;
use kurier_rules::games::courier::{Courier, Piece};

/// The weight of a `piece` that reaches `n` safe squares.
#[inline(always)]
pub(super) fn bonus<T: Table>(piece: Piece, n: usize, t: T) -> S {
    let w = t.w();
    let table: &[S] = match piece {
        Piece::Knight => &w.mobility_knight,
        Piece::Courier => &w.mobility_courier,
        Piece::Rook => &w.mobility_rook,
        Piece::Alfil => &w.mobility_alfil,
        Piece::Fers => &w.mobility_fers,
        Piece::Mann => &w.mobility_mann,
        Piece::Wazir => &w.mobility_wazir,
        Piece::Pawn | Piece::King => return S::ZERO,
    };
    table[n.min(table.len() - 1)]
}

/// The squares safe for `us`'s pieces: neither own pieces nor attacked by an enemy pawn.
#[inline(always)]
pub(super) fn area(pos: &Courier, info: &AttackInfo, us: Color) -> u128 {
    !pos.occupied_by(us) & !info.by_kind[(!us).index()][Piece::Pawn as usize]
}

/// `us`'s mobility: every piece besides pawns and the king by its safe squares.
pub(super) fn score<T: Table>(pos: &Courier, info: &AttackInfo, us: Color, t: T) -> S {
    let area = area(pos, info, us);
    let mut s = S::ZERO;
    for p in info.pieces(us) {
        s += bonus(p.piece, (p.attacks & area).count_ones() as usize, t);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::courier::table::W;
    use crate::eval::courier::Shipped;
    use kurier_rules::game::Game;

    fn bonus(piece: Piece, n: usize) -> S {
        super::bonus(piece, n, Shipped)
    }

    fn mobility(fen: &str, us: Color) -> S {
        let pos = Courier::from_fen(fen).unwrap();
        score(&pos, &AttackInfo::new(&pos), us, Shipped)
    }

    #[test]
    fn the_tables_rise_with_the_squares() {
        for piece in &Piece::ALL[1..Piece::COUNT - 1] {
            for n in 1..=18 {
                let (a, b) = (bonus(*piece, n - 1), bonus(*piece, n));
                assert!(b.0 >= a.0 && b.1 >= a.1, "{piece:?} {n}");
            }
        }
    }

    #[test]
    fn squares_attacked_by_enemy_pawns_and_own_pieces_do_not_count() {
        // A white knight on e4: eight squares on the open board.
        let open = mobility("k11/12/12/12/4N7/12/12/7K4 w - - 0 1", Color::White);
        assert_eq!(open, W.mobility_knight[8]);
        // Black pawns on c7 and g7 attack d6 and f6; a white pawn on d2 fills d2: five left
        // (c3, c5, f2, g3, g5), d2 is own.
        let hemmed = mobility("k11/2p3p5/12/12/4N7/12/3P8/7K4 w - - 0 1", Color::White);
        assert_eq!(hemmed, W.mobility_knight[5]);
    }

    #[test]
    fn a_shut_in_piece_scores_below_a_free_one() {
        // The white rook on a1 boxed in by its own pawn and knight, against a free one.
        let boxed = mobility("11k/12/12/12/12/12/P11/RN5K4 w - - 0 1", Color::White);
        let free = mobility("11k/12/12/12/12/12/12/R6K4 w - - 0 1", Color::White);
        assert!(boxed.0 < free.0 && boxed.1 < free.1);
    }
}
