//! Schachdame evaluation and the search hooks ([`Searchable`]): engine policy, kept apart from
//! the rules in the other files of this module.
//!
//! All weights live in [`W`]. Where they come from: the pawn is the unit (100); the bishop's 325
//! is the value Sjaak II's Schachdame definition uses (`docs/peers/sjaak_schachdame.txt`)
//! — a bishop confined to the dark squares loses nothing, as every square in play is dark.
//! Advancement, mobility and king terms are first guesses of the usual chess-engine size, to be
//! tuned by matches (issue 7); each is marked "untuned".

use crate::search::Searchable;
use kurier_rules::bitboard::squares;
use kurier_rules::game::{Color, Game};
use kurier_rules::games::schachdame::attacks;
use kurier_rules::games::schachdame::{Piece, Schachdame};

/// The evaluation weights, one place to tune them.
struct Weights {
    /// Material, midgame and endgame, by piece (pawn, bishop, king).
    material: [(i32, i32); 3],
    /// Pawn bonus by rank counted from its own side (0 = own first rank), midgame / endgame:
    /// the promotion race matters more as material comes off. Untuned.
    pawn_rank: [(i32, i32); 8],
    /// Per square a bishop attacks. Untuned.
    bishop_mobility: (i32, i32),
    /// Per own pawn on a square diagonally in front of the king (shelter). Untuned.
    king_shelter: i32,
    /// Per step of the king's distance from the centre in the endgame (negative). Untuned.
    king_centre: i32,
    /// A pawn with no enemy pawn able to stop it, by rank (from its own side). Untuned.
    passed: [i32; 8],
    /// Side to move bonus.
    tempo: i32,
}

const W: Weights = Weights {
    material: [(100, 110), (325, 340), (0, 0)],
    pawn_rank: [
        (0, 0),
        (0, 0),
        (4, 8),
        (8, 16),
        (14, 30),
        (24, 50),
        (40, 80),
        (0, 0),
    ],
    bishop_mobility: (4, 3),
    king_shelter: 10,
    king_centre: -8,
    passed: [0, 0, 5, 10, 20, 35, 60, 0],
    tempo: 10,
};

/// Total phase with all pieces on the board: 6 pawns (1 each) and a bishop (3) per side.
const FULL_PHASE: i32 = 18;

fn relative_rank(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq / 8,
        Color::Black => 7 - sq / 8,
    }
}

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
static CONES: [[u64; 64]; 2] = build_cones();

fn side_score(pos: &Schachdame, us: Color) -> (i32, i32) {
    let them = !us;
    let (mut mg, mut eg) = (0, 0);
    let all = pos.occupied();
    for piece in Piece::ALL {
        let n = pos.pieces(us, piece).count_ones() as i32;
        mg += n * W.material[piece as usize].0;
        eg += n * W.material[piece as usize].1;
    }
    let enemy_pawns = pos.pieces(them, Piece::Pawn);
    for sq in squares(pos.pieces(us, Piece::Pawn)) {
        let r = relative_rank(us, sq);
        mg += W.pawn_rank[r].0;
        eg += W.pawn_rank[r].1;
        if CONES[us.index()][sq] & enemy_pawns == 0 {
            mg += W.passed[r] / 2;
            eg += W.passed[r];
        }
    }
    for sq in squares(pos.pieces(us, Piece::Bishop)) {
        let mobility =
            (attacks::bishop_attacks(sq, all) & !pos.occupied_by(us)).count_ones() as i32;
        mg += mobility * W.bishop_mobility.0;
        eg += mobility * W.bishop_mobility.1;
    }
    let king = pos.king_square(us);
    let shelter = attacks::PAWN[us.index()][king] & pos.pieces(us, Piece::Pawn);
    mg += shelter.count_ones() as i32 * W.king_shelter;
    let (f, r) = ((king % 8) as i32, (king / 8) as i32);
    let centre_distance = (2 * f - 7).abs().max((2 * r - 7).abs()) / 2;
    eg += centre_distance * W.king_centre;
    (mg, eg)
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
        let us = self.side_to_move();
        let (wm, we) = side_score(self, Color::White);
        let (bm, be) = side_score(self, Color::Black);
        let phase = ((self.occupied()
            & !(self.pieces(Color::White, Piece::King) | self.pieces(Color::Black, Piece::King)))
        .count_ones() as i32
            + 2 * (self.pieces(Color::White, Piece::Bishop)
                | self.pieces(Color::Black, Piece::Bishop))
            .count_ones() as i32)
            .min(FULL_PHASE);
        let mg = wm - bm;
        let eg = we - be;
        let white = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
        let score = if us == Color::White { white } else { -white };
        score + W.tempo
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

    /// docs/rules.md S8: the 50-move rule and two bare kings.
    fn draw_by_rule(&self) -> bool {
        let kings = self.pieces(Color::White, Piece::King) | self.pieces(Color::Black, Piece::King);
        self.reversible_plies() >= 100 || self.occupied() == kings
    }

    fn move_id(mv: Self::Move) -> u32 {
        mv.bits() as u32 + 1
    }
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

    #[test]
    fn evaluation_is_symmetric_in_material_and_sees_it() {
        let start = Schachdame::start();
        // Material is level at the start: the score stays small.
        assert!(start.evaluate().abs() < 60, "{}", start.evaluate());
        let up = Schachdame::from_fen("3k4/8/8/8/8/8/8/2B1K3 w - - 0 1").unwrap();
        assert!(up.evaluate() > 250);
        let down = Schachdame::from_fen("3k4/8/8/8/8/8/8/2B1K3 b - - 0 1").unwrap();
        assert!(down.evaluate() < -250);
    }
}
