//! Pawn structure: passed pawns (no enemy pawn ahead on their own or a neighbouring file) and
//! rooks on open or half-open files. A pawn goes one step straight forward and becomes a fers
//! on the last rank (docs/rules.md C2, C4).

use super::attack_info::AttackInfo;
use super::endgame::distance;
use super::weights::{Table, S};
use kurier_rules::bitboard::squares128;
use kurier_rules::game::Color;
use kurier_rules::games::courier::attacks::{FILES, SQUARES};
use kurier_rules::games::courier::{Courier, Piece};

/// `FORWARD[colour][sq]`: the squares ahead of `sq` on its file, seen from that colour.
static FORWARD: [[u128; SQUARES]; 2] = spans(0);
/// `SPAN[colour][sq]`: the squares ahead of `sq` on its file and the two beside it.
static SPAN: [[u128; SQUARES]; 2] = spans(1);

/// The squares ahead on the files within `width` of each square's, for both colours.
const fn spans(width: usize) -> [[u128; SQUARES]; 2] {
    let mut t = [[0u128; SQUARES]; 2];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = (sq % FILES, sq / FILES);
        let mut to = 0;
        while to < SQUARES {
            let (tf, tr) = (to % FILES, to / FILES);
            let near = tf + width >= f && tf <= f + width;
            if near && tr > r {
                t[0][sq] |= 1u128 << to;
            }
            if near && tr < r {
                t[1][sq] |= 1u128 << to;
            }
            to += 1;
        }
        sq += 1;
    }
    t
}

/// `FILE[f]`: the squares of file `f`.
static FILE: [u128; FILES] = {
    let mut t = [0u128; FILES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq % FILES] |= 1u128 << sq;
        sq += 1;
    }
    t
};

/// `us`'s passed pawns.
#[inline(always)]
pub(super) fn passed(pos: &Courier, us: Color) -> u128 {
    let (ours, theirs) = (pos.pieces(us, Piece::Pawn), pos.pieces(!us, Piece::Pawn));
    let mut passed = 0;
    for sq in squares128(ours) {
        // The rear pawn of a doubled pair is not passed: the front one is.
        if SPAN[us.index()][sq] & theirs == 0 && FORWARD[us.index()][sq] & ours == 0 {
            passed |= 1u128 << sq;
        }
    }
    passed
}

/// A side's pawn-structure terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pawns {
    /// The passed pawns, as a share in 256ths of what a promotion gains ([`gain`]); the
    /// evaluation turns it into centipawns ([`passed_bonus`]).
    pub share: S,
    /// Rooks on open and half-open files.
    pub rooks: S,
}

/// What a promotion gains: the fers less the pawn (docs/rules.md C4).
#[inline(always)]
pub(super) fn gain<T: Table>(t: T) -> S {
    let w = t.w();
    w.material[Piece::Fers as usize] - w.material[Piece::Pawn as usize]
}

/// The passed-pawn bonus of a side's `share` of the promotion's `gain`.
#[inline(always)]
pub(super) fn passed_bonus(share: S, gain: S) -> S {
    S(gain.0 * share.0 / 256, gain.1 * share.1 / 256)
}

/// `us`'s passed pawns and rooks on open files.
pub(super) fn score<T: Table>(pos: &Courier, info: &AttackInfo, us: Color, t: T) -> Pawns {
    let w = t.w();
    let them = !us;
    let c = us.index();
    let occ = pos.occupied();
    // Shares (in 256ths) of the promotion's gain, added up over the passed pawns.
    let mut share = S::ZERO;
    for sq in squares128(passed(pos, us)) {
        let r = super::pst::relative_rank(us, sq);
        share += w.passed_rank[r];
        let path = FORWARD[c][sq];
        if path & (occ | info.all[them.index()]) == 0 {
            share += w.passed_free[r];
        }
        // The square in front exists: a pawn never stands on its last rank.
        let front = if us == Color::White {
            sq + FILES
        } else {
            sq - FILES
        };
        let (d_them, d_us) = (
            distance(pos.king_square(them), front).min(5),
            distance(pos.king_square(us), front).min(5),
        );
        share.1 += w.passed_king_them[r] * d_them - w.passed_king_us[r] * d_us;
    }
    let mut rooks = S::ZERO;

    let (ours, theirs) = (pos.pieces(us, Piece::Pawn), pos.pieces(them, Piece::Pawn));
    for sq in squares128(pos.pieces(us, Piece::Rook)) {
        let f = FILE[sq % FILES];
        if f & ours == 0 {
            rooks += if f & theirs == 0 {
                w.rook_open_file
            } else {
                w.rook_half_open_file
            };
        }
    }
    Pawns { share, rooks }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::courier::table::W;
    use crate::eval::courier::Shipped;
    use kurier_rules::game::Game;
    use kurier_rules::games::courier::attacks::RANKS;

    fn pos(fen: &str) -> Courier {
        Courier::from_fen(fen).unwrap()
    }

    fn term(fen: &str, us: Color) -> S {
        let p = pos(fen);
        let t = score(&p, &AttackInfo::new(&p), us, Shipped);
        t.rooks + passed_bonus(t.share, gain(Shipped))
    }

    #[test]
    fn passed_pawns_are_found() {
        // White pawns a2 (passed), e4 (the black f6 pawn is ahead on a neighbouring file),
        // h4 and h5 (doubled: only the front one is passed). The black f6 pawn has the white
        // e4 pawn ahead of it, as Black sees it: not passed.
        let p = pos("k11/12/5p6/7P4/4P2P4/12/P11/7K4 w - - 0 1");
        let sq = |s: &str| {
            let b = s.as_bytes();
            (b[0] - b'a') as usize + (s[1..].parse::<usize>().unwrap() - 1) * FILES
        };
        let white: Vec<usize> = squares128(passed(&p, Color::White)).collect();
        assert_eq!(white, vec![sq("a2"), sq("h5")]);
        assert_eq!(passed(&p, Color::Black), 0);
    }

    #[test]
    fn a_passed_pawn_gains_as_it_advances_and_with_a_free_path() {
        // The same white pawn on the c-file, ranks 3 to 7, kings far away.
        let mut last = S(-1, -1);
        for r in 3..=7 {
            let mut ranks = vec!["12".to_string(); 8];
            ranks[0] = "11k".to_string(); // black king l8
            ranks[7] = "K11".to_string(); // white king a1
            ranks[8 - r] = "2P9".to_string();
            let fen = format!("{} w - - 0 1", ranks.join("/"));
            let s = term(&fen, Color::White);
            assert!(s.1 >= last.1 && s.0 >= last.0, "rank {r}: {s:?} {last:?}");
            last = s;
        }
        assert!(last.1 > 0);
        // A blocker in front takes the free-path share away.
        let free = term("11k/12/2P9/12/12/12/12/K11 w - - 0 1", Color::White);
        let blocked = term("2n8k/12/2P9/12/12/12/12/K11 w - - 0 1", Color::White);
        assert!(free.1 > blocked.1);
    }

    #[test]
    fn a_passed_pawn_is_worth_less_than_its_promotion_gains() {
        // Whatever the rank, path and kings, the passed-pawn bonus stays below what promotion
        // to a fers gains (docs/rules.md C4): the pawn is not held back short of promoting.
        for r in 0..RANKS {
            let most = W.passed_rank[r].1 + W.passed_free[r].1 + 5 * W.passed_king_them[r];
            assert!(
                most < 256 && W.passed_rank[r].0 + W.passed_free[r].0 < 256,
                "{r}"
            );
        }
        // The largest case on the board: a free pawn on the 7th, the enemy king far away.
        let fen = "11k/3P8/12/12/12/12/12/3K8 w - - 0 1";
        let gain = W.material[Piece::Fers as usize] - W.material[Piece::Pawn as usize];
        let bonus = term(fen, Color::White);
        assert!(passed(&pos(fen), Color::White) != 0);
        assert!(bonus.0 > 0 && bonus.1 > 0);
        assert!(bonus.0 < gain.0 && bonus.1 < gain.1, "{bonus:?} {gain:?}");
    }

    #[test]
    fn rooks_like_open_and_half_open_files() {
        // White rooks on the open c-file, the half-open e-file (a black pawn on e7) and the
        // closed h-file (own pawn h2, not passed: the black i7 pawn is ahead beside it).
        let fen = "11k/4p3p3/12/12/12/12/7P4/2R1R2RK3 w - - 0 1";
        let s = term(fen, Color::White);
        assert_eq!(s, W.rook_open_file + W.rook_half_open_file);
    }
}
