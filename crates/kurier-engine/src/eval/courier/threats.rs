//! Threats: enemy pieces our pawns attack, enemy pieces a lesser piece of ours attacks, and
//! enemy pieces we attack that nothing defends. Scored for the attacker; the search decides
//! whether a threat can be carried out, the evaluation only sees the pressure.

use super::attack_info::{pawn_attacks, AttackInfo};
use super::weights::{Table, S};
use kurier_rules::game::Color;
use kurier_rules::games::courier::{Courier, Piece};

/// The pieces besides pawns and the king that can be attacked by a lesser piece: `Piece::ALL`
/// without its first (the pawn) and last (the king) kind.
const VICTIMS: [Piece; Piece::COUNT - 2] = {
    assert!(
        matches!(Piece::ALL[0], Piece::Pawn) && matches!(Piece::ALL[Piece::COUNT - 1], Piece::King)
    );
    let mut victims = [Piece::Pawn; Piece::COUNT - 2];
    let mut i = 0;
    while i < victims.len() {
        victims[i] = Piece::ALL[i + 1];
        i += 1;
    }
    victims
};

/// `us`'s threats against the other side's pieces.
pub(super) fn score<T: Table>(pos: &Courier, info: &AttackInfo, us: Color, t: T) -> S {
    let w = t.w();
    let them = !us;
    let (u, t) = (us.index(), them.index());
    let theirs = pos.occupied_by(them) & !pos.pieces(them, Piece::King);
    let their_pawns = pos.pieces(them, Piece::Pawn);
    let mut s = S::ZERO;

    // Pawns that are not themselves en prise: defended, or not attacked.
    let safe_pawns = pos.pieces(us, Piece::Pawn) & (!info.all[t] | info.all[u]);
    let by_pawn = pawn_attacks(safe_pawns, us) & theirs & !their_pawns;
    s += w.threat_by_pawn * by_pawn.count_ones() as i32;

    // Pieces attacked by a piece of ours worth less (midgame values).
    for victim in VICTIMS {
        let targets = pos.pieces(them, victim);
        if targets == 0 {
            continue;
        }
        let value = w.material[victim as usize].0;
        let mut lesser = 0;
        for attacker in VICTIMS {
            if w.material[attacker as usize].0 < value {
                lesser |= info.by_kind[u][attacker as usize];
            }
        }
        s += w.threat_by_lesser[victim as usize] * (targets & lesser).count_ones() as i32;
    }

    // Hanging: attacked by us, defended by nothing of theirs.
    let hanging = theirs & info.all[u] & !info.all[t];
    s += w.hanging * hanging.count_ones() as i32;
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::courier::table::W;
    use crate::eval::courier::Shipped;
    use kurier_rules::bitboard::squares128;
    use kurier_rules::game::Game;

    /// The enemy pieces `us` attacks: `(square, kind)`.
    fn attacked(pos: &Courier, info: &AttackInfo, us: Color) -> Vec<(usize, Piece)> {
        squares128(pos.occupied_by(!us) & info.all[us.index()])
            .filter_map(|sq| pos.piece_on(sq).map(|(_, p)| (sq, p)))
            .collect()
    }

    fn threats(fen: &str, us: Color) -> S {
        let pos = Courier::from_fen(fen).unwrap();
        score(&pos, &AttackInfo::new(&pos), us, Shipped)
    }

    #[test]
    fn a_pawn_attacking_a_defended_rook_is_a_threat() {
        // White pawn d4 (defended by the c3 pawn) attacks the black rook on e5, which the
        // black mann on e6 defends: a pawn threat, no hanging piece.
        let fen = "k11/12/4m7/4r7/3P8/2P9/12/7K4 w - - 0 1";
        let pos = Courier::from_fen(fen).unwrap();
        assert_eq!(
            attacked(&pos, &AttackInfo::new(&pos), Color::White).len(),
            1
        );
        assert_eq!(threats(fen, Color::White), W.threat_by_pawn);
    }

    #[test]
    fn an_undefended_piece_hangs_and_a_lesser_attacker_counts() {
        // White knight f3 attacks the lone black rook on e5: a lesser piece, and the rook
        // is undefended.
        let fen = "k11/12/12/4r7/12/5N6/12/7K4 w - - 0 1";
        assert_eq!(
            threats(fen, Color::White),
            W.threat_by_lesser[Piece::Rook as usize] + W.hanging
        );
        // The rook attacks nothing of White's.
        assert_eq!(threats(fen, Color::Black), S::ZERO);
    }

    #[test]
    fn an_equal_attacker_on_a_defended_piece_is_no_threat() {
        // White knight f3 attacks the black knight on e5, defended by the d6 pawn.
        let fen = "k11/12/3p8/4n7/12/5N6/12/7K4 w - - 0 1";
        assert_eq!(threats(fen, Color::White), S::ZERO);
    }
}
