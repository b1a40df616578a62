//! The endgame: how Courier is won once the armies are thin (docs/rules.md C5–C8).
//!
//! - C7: a side left with its king alone (bare) has lost, unless it can take the other side's
//!   last piece at once. So a bare king scores as lost ([`super::weights::Weights::bare_king`]),
//!   and against a bare king any piece wins: no material is "insufficient" there.
//! - The side clearly ahead wins by taking the enemy's last pieces (baring) or by mate or
//!   stalemate (C5, C6): it gains the fewer enemy pieces are left, and while only one or two
//!   are left it hunts them (attacks them, takes their squares away) and drives the enemy king
//!   to a corner with its own king close.
//! - Where the material cannot win, the endgame score is scaled toward a draw ([`scale`]):
//!   a small lead without pawns (the last enemy piece stays next to its king), or pieces of one
//!   colour of squares against pieces of the other (only the king can attack them).
//! - C8: the 50-move rule. Past [`super::weights::Weights::rule50_start`] reversible plies the
//!   whole score shrinks toward 0 ([`rule50`]), so the side ahead prefers progress (a capture, a
//!   pawn move) to shuffling.

use super::attack_info::AttackInfo;
use super::weights::{Table, S};
use kurier_rules::game::{Color, Game};
use kurier_rules::games::courier::attacks::{BOARD, FILES};
use kurier_rules::games::courier::{Courier, Piece};

/// The dark squares: a1 is dark (docs/rules.md, conventions), so a square is dark when its
/// file and rank, counted from 0, add up to an even number.
const DARK: u128 = {
    let mut bb = 0u128;
    let mut sq = 0;
    while sq < 96 {
        if (sq % FILES + sq / FILES).is_multiple_of(2) {
            bb |= 1u128 << sq;
        }
        sq += 1;
    }
    bb
};

/// King steps between two squares (also the passed pawns' king distances, `pawns.rs`).
#[inline(always)]
pub(super) fn distance(a: usize, b: usize) -> i32 {
    let (fa, ra) = ((a % FILES) as i32, (a / FILES) as i32);
    let (fb, rb) = ((b % FILES) as i32, (b / FILES) as i32);
    (fa - fb).abs().max((ra - rb).abs())
}

/// How near a corner `sq` is, 0 (the centre) to 8 (a corner): 8 less its distances to the
/// nearest side edge (0..=5) and to the nearest back edge (0..=3).
#[inline(always)]
pub(super) fn cornered(sq: usize) -> i32 {
    let (f, r) = ((sq % FILES) as i32, (sq / FILES) as i32);
    8 - (f.min(11 - f) + r.min(7 - r))
}

/// The drive: the weaker king on `weak` toward a corner, the stronger king on `strong` close.
#[inline(always)]
pub(super) fn drive<T: Table>(weak: usize, strong: usize, t: T) -> i32 {
    t.w().drive_edge * cornered(weak) + t.w().drive_close * (11 - distance(weak, strong))
}

/// `us`'s endgame terms: pieces kept, the bare enemy king, and the conversion terms when `us`
/// is clearly ahead. `material[colour]`: each side's endgame material (pawns and pieces).
pub(super) fn score<T: Table>(
    pos: &Courier,
    info: &AttackInfo,
    material: [i32; 2],
    us: Color,
    t: T,
) -> S {
    let w = t.w();
    let them = !us;
    let mut s = S(
        0,
        (pos.occupied_by(us).count_ones() as i32 - 1) * w.piece_count,
    );
    if pos.is_bare(them) {
        if !pos.is_bare(us) {
            s += w.bare_king;
        }
        return s;
    }
    if material[us.index()] - material[them.index()] < w.convert_margin {
        return s;
    }
    let left = pos.occupied_by(them).count_ones() - 1;
    s.1 += w.bare_potential[(left as usize).min(w.bare_potential.len() - 1)];
    let our_pieces =
        pos.occupied_by(us) & !pos.pieces(us, Piece::Pawn) & !pos.pieces(us, Piece::King);
    if left as i32 > w.hunt_max_pieces || our_pieces == 0 {
        return s;
    }
    // The hunt: their last pieces attacked, their squares taken away.
    let theirs = pos.occupied_by(them) & !pos.pieces(them, Piece::King);
    let ours = info.all[us.index()];
    s.1 += w.hunt_attacked * (theirs & ours).count_ones() as i32;
    for p in info.pieces(them) {
        let free = p.attacks & !pos.occupied_by(them) & !ours;
        s.1 += w.hunt_freedom * free.count_ones() as i32;
    }
    // The drive: their king to a corner, ours close.
    s.1 += drive(pos.king_square(them), pos.king_square(us), t);
    s
}

/// The colours of square the pieces in `bb` stand on: bit 0 dark, bit 1 light.
#[inline(always)]
fn colours(bb: u128) -> u8 {
    u8::from(bb & DARK != 0) | (u8::from(bb & !DARK & BOARD != 0) << 1)
}

/// The endgame scale factor out of 64 for a position whose endgame score is `eg` (White's
/// point of view) and endgame material `material[colour]`: 64 unless the side ahead cannot
/// win with what it has.
pub(super) fn scale<T: Table>(pos: &Courier, eg: i32, material: [i32; 2], t: T) -> i32 {
    let strong = if eg > 0 { Color::White } else { Color::Black };
    let weak = !strong;
    if pos.pieces(strong, Piece::Pawn) != 0 || pos.is_bare(weak) || pos.is_bare(strong) {
        return 64;
    }
    let bound = |c: Color| {
        pos.pieces(c, Piece::Courier) | pos.pieces(c, Piece::Fers) | pos.pieces(c, Piece::Alfil)
    };
    let strong_pieces = pos.occupied_by(strong) & !pos.pieces(strong, Piece::King);
    let weak_pieces = pos.occupied_by(weak) & !pos.pieces(weak, Piece::King);
    if strong_pieces & !bound(strong) == 0
        && weak_pieces & !bound(weak) == 0
        && colours(strong_pieces) & colours(weak_pieces) == 0
    {
        return t.w().scale_wrong_colour;
    }
    if material[strong.index()] - material[weak.index()] <= t.w().scale_small_lead.0 {
        return t.w().scale_small_lead.1;
    }
    64
}

/// The score `v` shrunk by the 50-move counter (docs/rules.md C8).
#[inline(always)]
pub(super) fn rule50<T: Table>(pos: &Courier, v: i32, t: T) -> i32 {
    let n = pos.reversible_plies() as i32;
    let start = t.w().rule50_start;
    if n <= start {
        v
    } else {
        v * (100 - n).max(0) / (100 - start)
    }
}

/// [`rule50`] without rounding, for the tuner.
#[inline(always)]
pub(super) fn rule50_exact<T: Table>(pos: &Courier, v: f64, t: T) -> f64 {
    let n = pos.reversible_plies() as i32;
    let start = t.w().rule50_start;
    if n <= start {
        v
    } else {
        v * f64::from((100 - n).max(0)) / f64::from(100 - start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::courier::table::W;
    use crate::eval::courier::Shipped;
    use crate::search::Searchable;

    fn drive(weak: usize, strong: usize) -> i32 {
        super::drive(weak, strong, Shipped)
    }

    fn pos(fen: &str) -> Courier {
        Courier::from_fen(fen).unwrap()
    }

    /// Each side's endgame material, as `evaluate` passes it.
    fn material(p: &Courier) -> [i32; 2] {
        Color::BOTH.map(|c| super::super::material::score(p, c, Shipped).0 .1)
    }

    fn term(fen: &str, us: Color) -> S {
        let p = pos(fen);
        score(&p, &AttackInfo::new(&p), material(&p), us, Shipped)
    }

    fn scaled(p: &Courier) -> i32 {
        scale(p, 1, material(p), Shipped)
    }

    #[test]
    fn a_bare_king_scores_as_lost() {
        // C7: Black bare and to move, White's one rook out of reach: Black loses next move.
        let bare = pos("6k5/12/12/12/12/12/5R6/5K6 b - - 0 70");
        assert!(bare.evaluate() < -W.bare_king.1, "{}", bare.evaluate());
        // White to move against a bare king has already won.
        let won = pos("12/1k10/12/12/12/12/12/5KR1N3 w - - 0 90");
        assert!(won.evaluate() > W.bare_king.1, "{}", won.evaluate());
    }

    #[test]
    fn the_fewer_enemy_pieces_the_nearer_the_bare_king() {
        // White king, rook and knight against the black king with two fers, then with one.
        let two = term("12/1k1f8/2f9/12/12/12/12/5KR1N3 w - - 0 1", Color::White);
        let one = term("12/1k1f8/12/12/12/12/12/5KR1N3 w - - 0 1", Color::White);
        assert!(one.1 > two.1, "{one:?} {two:?}");
        // Black is behind: no conversion terms for it, only its pieces kept.
        let black = term("12/1k1f8/2f9/12/12/12/12/5KR1N3 w - - 0 1", Color::Black);
        assert_eq!(black, S(0, 2 * W.piece_count));
    }

    #[test]
    fn the_drive_grows_as_the_weaker_king_nears_a_corner() {
        // The same distance between the kings; the weaker king in the centre, on an edge, in
        // a corner.
        let strong = 4 * FILES + 7; // h5
        let centre = 4 * FILES + 5; // f5, distance 2
        let edge = 7 * FILES + 7; // h8: the back edge, distance 3
        let corner = 7 * FILES + 11; // l8
        assert_eq!(cornered(corner), 8);
        assert_eq!(cornered(centre), 0);
        assert!(cornered(edge) > cornered(centre));
        assert!(drive(corner, strong) > drive(edge, strong));
        assert!(drive(edge, strong) > drive(centre, strong));
        // The whole evaluation: king, three fers and a knight against king and alfil (the
        // ending Kurier drew by the 50-move rule). The black king in the centre, then in the
        // corner, the white king two steps from it both times.
        let centre = pos("12/12/12/4e7/4k7/12/2F1K2F4/N1F9 w - - 0 1");
        let corner = pos("k11/12/2K9/4e7/12/12/2F4F4/N1F9 w - - 0 1");
        assert!(
            corner.evaluate() > centre.evaluate(),
            "{} {}",
            corner.evaluate(),
            centre.evaluate()
        );
    }

    #[test]
    fn the_last_piece_hunted_scores_more_than_a_free_one() {
        // White king, three fers and a knight against king and alfil: the alfil on e5 free,
        // then attacked by the knight (on d3) with its squares covered.
        let free = term("12/12/1k10/4e7/12/12/2F1K2F4/N1F9 w - - 0 1", Color::White);
        let hunted = term("12/12/1k10/4e7/12/3N8/2F1K2F4/2F9 w - - 0 1", Color::White);
        assert!(hunted.1 > free.1, "{hunted:?} {free:?}");
    }

    #[test]
    fn material_that_cannot_win_is_scaled_toward_a_draw() {
        // Knight against fers, no pawns: a small lead.
        let small = pos("12/1k1f8/12/12/12/12/12/5K2N3 w - - 0 1");
        assert_eq!(scaled(&small), W.scale_small_lead.1);
        // Courier and fers on dark squares against a fers on a light one: only the king can
        // ever attack it.
        let colour = pos("12/1k1f8/12/12/12/12/12/2B2KF5 w - - 0 1");
        assert_eq!(colours(colour.pieces(Color::Black, Piece::Fers)), 2);
        assert_eq!(scaled(&colour), W.scale_wrong_colour);
        // A rook against the fers can win: no scaling. Nor with a pawn.
        let rook = pos("12/1k1f8/12/12/12/12/12/5K2R3 w - - 0 1");
        assert_eq!(scaled(&rook), 64);
        let pawn = pos("12/1k1f8/12/12/12/12/4P7/5K2N3 w - - 0 1");
        assert_eq!(scaled(&pawn), 64);
        // And against a bare king nothing is drawn (C7).
        let bare = pos("12/1k10/12/12/12/12/12/5K2N3 b - - 0 1");
        assert_eq!(scaled(&bare), 64);
    }

    #[test]
    fn the_score_shrinks_with_the_50_move_counter() {
        let at = |n: u32| pos(&format!("12/1k1f8/12/12/12/12/12/5K2R3 w - - {n} 80")).evaluate();
        assert_eq!(at(0), at(W.rule50_start as u32));
        assert!(at(0) > 0);
        assert!(at(60) < at(0) && at(60) > 0);
        assert!(at(95) < at(60) && at(95) >= 0);
    }
}
