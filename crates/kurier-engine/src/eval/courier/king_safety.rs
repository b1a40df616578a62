//! King safety (docs/rules.md C5: checkmate wins): the pawns in front of the king and the
//! enemy pieces that reach the squares around it.

use super::attack_info::AttackInfo;
use super::weights::{Table, S};
use kurier_rules::game::Color;
use kurier_rules::games::courier::attacks;
use kurier_rules::games::courier::{Courier, Piece};

/// The midgame penalty for the danger to `us`'s king: how many enemy pieces attack its ring,
/// and how hard ([`super::weights::Weights::king_attack_units`]). Pawns and the king are not
/// counted.
pub(super) fn king_danger<T: Table>(pos: &Courier, info: &AttackInfo, us: Color, t: T) -> i32 {
    let w = t.w();
    let ksq = pos.king_square(us);
    let ring = attacks::KING[ksq] | (1u128 << ksq);
    let (mut attackers, mut units) = (0, 0);
    for p in info.pieces(!us) {
        let reach = p.attacks & ring;
        if reach != 0 {
            attackers += 1;
            units += w.king_attack_units[p.piece as usize] * reach.count_ones() as i32;
        }
    }
    if attackers < 2 {
        return 0;
    }
    // In 64 bits: the tuner may try large units.
    let (num, den, max) = w.king_danger;
    let units = i64::from(units);
    (units * units * i64::from(num) / i64::from(den)).min(i64::from(max)) as i32
}

/// `us`'s king safety: shelter pawns (midgame) less the king danger (midgame).
pub(super) fn score<T: Table>(pos: &Courier, info: &AttackInfo, us: Color, t: T) -> S {
    let ksq = pos.king_square(us);
    let shelter = attacks::PAWN[us.index()][ksq] | attacks::KING[ksq];
    let pawns = (shelter & pos.pieces(us, Piece::Pawn)).count_ones() as i32;
    S(
        pawns * t.w().king_shelter - king_danger(pos, info, us, t),
        0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::courier::Shipped;
    use kurier_rules::game::Game;

    fn danger(fen: &str, us: Color) -> i32 {
        let pos = Courier::from_fen(fen).unwrap();
        king_danger(&pos, &AttackInfo::new(&pos), us, Shipped)
    }

    #[test]
    fn pieces_around_the_king_are_danger() {
        // Black rook, courier and knight all aim at the white king's ring; one of them alone
        // is no attack.
        let attacked = "k11/12/12/12/12/3r2b5/12/n3K7 w - - 0 1";
        let alone = "k11/12/12/12/12/3r8/12/4K7 w - - 0 1";
        assert!(danger(attacked, Color::White) > 0);
        assert_eq!(danger(alone, Color::White), 0);
        assert_eq!(danger(attacked, Color::Black), 0);
        assert_eq!(
            danger(kurier_rules::games::courier::START_FEN, Color::White),
            0
        );
    }
}
