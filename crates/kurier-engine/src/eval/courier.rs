//! Courier evaluation and the search hooks ([`Searchable`]): engine policy, kept apart from the
//! rules in the other files of this module.
//!
//! All weights live in [`W`]. Where they come from: the piece values follow H. G. Muller's
//! measurements of fairy pieces (published with Fairy-Max and on chessvariants.com): a wazir or
//! a fers is worth about a pawn and a half, an alfil a little less (it reaches only an eighth of
//! the board), the mann (commoner) about a knight, the courier (a full bishop) and the rook as
//! in chess. Positional terms are first guesses of the usual chess-engine size, marked
//! "untuned"; matches (issue 7) will tune them.

use crate::search::Searchable;
use kurier_rules::bitboard::squares128;
use kurier_rules::game::{Color, Game};
use kurier_rules::games::courier::attacks::{self, FILES, RANKS};
use kurier_rules::games::courier::{Courier, Piece};

/// The evaluation weights, one place to tune them.
struct Weights {
    /// Material by piece (pawn, knight, courier, rook, alfil, fers, mann, wazir, king),
    /// midgame and endgame.
    material: [(i32, i32); 9],
    /// Pawn bonus by rank from its own side, midgame and endgame. Untuned.
    pawn_rank: [(i32, i32); 8],
    /// Per square a rook or courier attacks (sliders gain most from the wide board). Untuned.
    slider_mobility: (i32, i32),
    /// Short-stepping pieces (knight, mann, king in the endgame) near the centre: per step of
    /// distance from it (negative). Untuned.
    centre: (i32, i32),
    /// Own pawns right in front of the king (shelter), midgame. Untuned.
    king_shelter: i32,
    /// Per piece (besides the king) more than the opponent, endgame: baring the enemy king wins
    /// (docs/rules.md C7), so keeping pieces matters beyond their value. Untuned.
    piece_count: i32,
    /// Side to move bonus.
    tempo: i32,
    /// King danger: attack units per square of the king's ring (the king's square and its
    /// neighbours) that an enemy piece attacks, by attacking piece. Untuned.
    king_attack_units: [i32; 9],
    /// King danger, midgame: `units² × num / den`, at most `max`, once two or more enemy pieces
    /// attack the ring (a lone attacker is no attack). Untuned.
    king_danger: (i32, i32, i32),
}

const W: Weights = Weights {
    material: [
        (100, 120),
        (300, 300),
        (330, 350),
        (480, 520),
        (120, 110),
        (150, 150),
        (320, 340),
        (140, 150),
        (0, 0),
    ],
    pawn_rank: [
        (0, 0),
        (0, 0),
        (2, 5),
        (5, 12),
        (10, 25),
        (20, 45),
        (35, 75),
        (0, 0),
    ],
    slider_mobility: (3, 3),
    centre: (-4, -6),
    king_shelter: 8,
    piece_count: 15,
    tempo: 10,
    king_attack_units: [0, 2, 2, 3, 1, 1, 2, 1, 0],
    king_danger: (3, 2, 700),
};

/// Phase weight per piece kind; the sum with the start position's pieces is [`FULL_PHASE`].
const PHASE: [i32; 9] = [0, 1, 2, 3, 1, 1, 2, 1, 0];
/// Phase of the start position: 2 knights, 2 couriers, 2 rooks, 2 alfils, fers, mann, schleich.
const FULL_PHASE: i32 = 2 * (2 + 4 + 6 + 2 + 1 + 2 + 1);

fn relative_rank(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq / FILES,
        Color::Black => RANKS - 1 - sq / FILES,
    }
}

/// Distance from the centre of the 12x8 board, in king steps.
fn centre_distance(sq: usize) -> i32 {
    let (f, r) = ((sq % FILES) as i32, (sq / FILES) as i32);
    ((2 * f - 11).abs() / 2).max((2 * r - 7).abs() / 2)
}

/// The midgame penalty for the danger to `us`'s king: how many enemy pieces attack its ring,
/// and how hard ([`Weights::king_attack_units`]). Pawns and the king are not counted.
fn king_danger(pos: &Courier, us: Color) -> i32 {
    let them = !us;
    let ksq = pos.king_square(us);
    let ring = attacks::KING[ksq] | (1u128 << ksq);
    let occ = pos.occupied();
    let (mut attackers, mut units) = (0, 0);
    for piece in [
        Piece::Knight,
        Piece::Courier,
        Piece::Rook,
        Piece::Alfil,
        Piece::Fers,
        Piece::Mann,
        Piece::Wazir,
    ] {
        for sq in squares128(pos.pieces(them, piece)) {
            let reach = match piece {
                Piece::Knight => attacks::KNIGHT[sq],
                Piece::Courier => attacks::courier_attacks(sq, occ),
                Piece::Rook => attacks::rook_attacks(sq, occ),
                Piece::Alfil => attacks::ALFIL[sq],
                Piece::Fers => attacks::FERS[sq],
                Piece::Mann => attacks::KING[sq],
                _ => attacks::WAZIR[sq],
            } & ring;
            if reach != 0 {
                attackers += 1;
                units += W.king_attack_units[piece as usize] * reach.count_ones() as i32;
            }
        }
    }
    if attackers < 2 {
        return 0;
    }
    let (num, den, max) = W.king_danger;
    (units * units * num / den).min(max)
}

fn side_score(pos: &Courier, us: Color) -> (i32, i32, i32) {
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    let all = pos.occupied();
    let own = pos.occupied_by(us);
    for piece in Piece::ALL {
        let bb = pos.pieces(us, piece);
        let n = bb.count_ones() as i32;
        mg += n * W.material[piece as usize].0;
        eg += n * W.material[piece as usize].1;
        phase += n * PHASE[piece as usize];
        for sq in squares128(bb) {
            match piece {
                Piece::Pawn => {
                    let r = relative_rank(us, sq);
                    mg += W.pawn_rank[r].0;
                    eg += W.pawn_rank[r].1;
                }
                Piece::Rook | Piece::Courier => {
                    let a = if piece == Piece::Rook {
                        attacks::rook_attacks(sq, all)
                    } else {
                        attacks::courier_attacks(sq, all)
                    };
                    let m = (a & !own).count_ones() as i32;
                    mg += m * W.slider_mobility.0;
                    eg += m * W.slider_mobility.1;
                }
                Piece::Knight | Piece::Mann => {
                    mg += centre_distance(sq) * W.centre.0;
                    eg += centre_distance(sq) * W.centre.1;
                }
                Piece::King => {
                    eg += centre_distance(sq) * W.centre.1;
                    let shelter = attacks::PAWN[us.index()][sq] | attacks::KING[sq];
                    mg += (shelter & pos.pieces(us, Piece::Pawn)).count_ones() as i32
                        * W.king_shelter;
                }
                _ => {}
            }
        }
    }
    eg += (own.count_ones() as i32 - 1) * W.piece_count;
    mg -= king_danger(pos, us);
    (mg, eg, phase)
}

impl Searchable for Courier {
    const BENCH_POSITIONS: &'static [&'static str] = &[
        kurier_rules::games::courier::START_FEN,
        kurier_rules::games::courier::PRE_CEREMONY_FEN,
        "r1eb2kw1e1r/1p1pmp2p1p1/n1p4p1p2/p10p/P5P4P/1P9N/R2PPP2PPP1/1N1b1MKWBE1R b - - 0 13",
        "r1e1mkfwb1nr/ppbppppppp2/10pp/2p9/1n3e1N4/PBPP2P1P3/1P1NPP1P1PPP/R1E1MKFWBE1R w - - 4 10",
        "2em2kw1e1r/1p1p1p2p1p1/2p4p1p2/r10p/b5P2N1P/N11/n2PPP2PPP1/5MKW1E1R w - - 2 19",
        "4mk1w1e2/r2ppp1p1bpn/nN6p3/p10p/P6P3P/4E3PN1R/1PPPPP4P1/R2BM1K5 w - - 0 22",
    ];
    const BENCH_DEPTH: u32 = 9;

    fn evaluate(&self) -> i32 {
        let (wm, we, wp) = side_score(self, Color::White);
        let (bm, be, bp) = side_score(self, Color::Black);
        let phase = (wp + bp).min(FULL_PHASE);
        let white = ((wm - bm) * phase + (we - be) * (FULL_PHASE - phase)) / FULL_PHASE;
        let score = if self.side_to_move() == Color::White {
            white
        } else {
            -white
        };
        score + W.tempo
    }

    fn in_check(&self) -> bool {
        Courier::in_check(self)
    }

    fn is_tactical(&self, mv: Self::Move) -> bool {
        mv.is_promotion() || self.occupied_by(!self.side_to_move()) & (1u128 << mv.to()) != 0
    }

    fn tactical_score(&self, mv: Self::Move) -> i32 {
        let victim = self
            .piece_on(mv.to())
            .map_or(0, |(_, p)| W.material[p as usize].0);
        let attacker = W.material[mv.piece() as usize].0;
        victim * 16 - attacker + if mv.is_promotion() { 150 } else { 0 }
    }

    fn see_ge(&self, mv: Self::Move, threshold: i32) -> bool {
        crate::see::courier::see_ge(self, mv, threshold)
    }

    /// Passing is unsound with only king and pawns (zugzwang), so null move needs a piece.
    fn null_move(&self) -> Option<Self> {
        let us = self.side_to_move();
        let pawns_and_king = self.pieces(us, Piece::Pawn) | self.pieces(us, Piece::King);
        (self.occupied_by(us) != pawns_and_king).then(|| self.pass())
    }

    /// docs/rules.md C8: the 50-move rule and two bare kings.
    fn draw_by_rule(&self) -> bool {
        self.reversible_plies() >= 100 || self.occupied().count_ones() == 2
    }

    fn move_id(mv: Self::Move) -> u32 {
        mv.bits() + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_material_counts() {
        let start = Courier::start();
        assert!(start.evaluate().abs() < 60, "{}", start.evaluate());
        let up = Courier::from_fen("k11/12/12/12/12/12/12/1R1R7K w - - 0 1").unwrap();
        assert!(up.evaluate() > 800);
    }

    #[test]
    fn pieces_around_the_king_are_danger() {
        // Black rook, courier and knight all aim at the white king's ring; one of them alone
        // is no attack.
        let attacked = Courier::from_fen("k11/12/12/12/12/3r2b5/12/n3K7 w - - 0 1").unwrap();
        let alone = Courier::from_fen("k11/12/12/12/12/3r8/12/4K7 w - - 0 1").unwrap();
        assert!(king_danger(&attacked, Color::White) > 0);
        assert_eq!(king_danger(&alone, Color::White), 0);
        assert_eq!(king_danger(&attacked, Color::Black), 0);
        assert_eq!(king_danger(&Courier::start(), Color::White), 0);
    }

    #[test]
    fn phase_total_matches_the_start_position() {
        let start = Courier::start();
        let (_, _, w) = side_score(&start, Color::White);
        let (_, _, b) = side_score(&start, Color::Black);
        assert_eq!(w + b, FULL_PHASE);
    }
}
