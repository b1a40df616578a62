//! Pawns: passed pawns (no enemy pawn can stop them: docs/rules.md S4, pawns move and capture
//! one step diagonally forward), pawns defended by pawns, pawns that cannot move.

use super::weights::{Table, S};
use kurier_rules::bitboard::squares;
use kurier_rules::game::Color;
use kurier_rules::games::schachdame::attacks::PAWN;
use kurier_rules::games::schachdame::{Piece, Schachdame};

const fn build_cones() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut r = 0;
        while r < 8 {
            let spread = if r > rank { r - rank } else { rank - r };
            let mut f = 0;
            while f < 8 {
                let df = if f > file { f - file } else { file - f };
                if df <= spread {
                    if r > rank {
                        t[0][sq] |= 1u64 << (r * 8 + f);
                    }
                    if r < rank {
                        t[1][sq] |= 1u64 << (r * 8 + f);
                    }
                }
                f += 1;
            }
            r += 1;
        }
        sq += 1;
    }
    t
}

/// Forward cones, built at compile time (the readable definition is `forward_cone` in the
/// tests): the squares an enemy pawn would pass through or capture on to stop a pawn, two
/// files wider per rank, as pawns move diagonally.
pub(super) static CONES: [[u64; 64]; 2] = build_cones();

/// `sq`'s rank counted from `color`'s own side (0 = its first rank).
#[inline(always)]
fn relative_rank(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq / 8,
        Color::Black => 7 - sq / 8,
    }
}

/// `us`'s pawn terms.
pub(super) fn score<T: Table>(pos: &Schachdame, us: Color, t: T) -> S {
    let w = t.w();
    let own = pos.pieces(us, Piece::Pawn);
    let enemy = pos.pieces(!us, Piece::Pawn);
    let ours = pos.occupied_by(us);
    let mut s = S::ZERO;
    for sq in squares(own) {
        if CONES[us.index()][sq] & enemy == 0 {
            s += w.passed[relative_rank(us, sq)];
        }
        // The squares from which an own pawn defends `sq` are those an enemy pawn on `sq`
        // would attack.
        if PAWN[(!us).index()][sq] & own != 0 {
            s += w.pawn_supported;
        }
        if PAWN[us.index()][sq] & !ours == 0 {
            s += w.pawn_stuck;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::games::schachdame::attacks::{RANK_1, RANK_8};

    /// Squares an enemy pawn would need to pass through or capture on to stop a pawn on `sq`: the
    /// forward cone, two files wide on each side (pawns move diagonally, so they drift sideways).
    fn forward_cone(color: Color, sq: usize) -> u64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut cone = 0u64;
        let ranks: Vec<i32> = match color {
            Color::White => (rank + 1..8).collect(),
            Color::Black => (0..rank).collect(),
        };
        for r in ranks {
            let spread = (r - rank).abs();
            for f in (file - spread).max(0)..=(file + spread).min(7) {
                cone |= 1u64 << (r * 8 + f);
            }
        }
        cone
    }

    #[test]
    fn cones_match_the_readable_definition() {
        for color in Color::BOTH {
            for (sq, &cone) in CONES[color.index()].iter().enumerate() {
                assert_eq!(cone, forward_cone(color, sq), "{color:?} {sq}");
            }
        }
        assert_eq!(RANK_8 & CONES[1][60], 0);
        assert_eq!(RANK_1 & CONES[0][4], 0);
    }
}
