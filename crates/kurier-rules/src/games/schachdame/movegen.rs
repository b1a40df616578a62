//! Legal move generation for Schachdame (docs/rules.md S4–S7).
//!
//! The generator is fully legal, without making moves to test them:
//!
//! 1. *Checkers* are the enemy pawns and bishops attacking our king (kings never touch).
//! 2. King moves go to diagonal neighbours not held by us and not attacked once the king has left
//!    its square (so it cannot step back along a checking bishop's diagonal).
//! 3. With two checkers only the king may move.
//! 4. With one checker every other move must capture it or block its diagonal (`target`).
//! 5. A piece alone between our king and an enemy bishop is *pinned*: it may only move along that
//!    diagonal (S7: a move may not leave one's own king attacked).
//!
//! Since every non-king piece moves onto "attacked squares not held by us" — pawns included, as
//! they move and capture the same way (S4, fmFfcF) — the whole generator is a handful of
//! bitboard operations. Results go to a [`Sink`]: [`ListSink`] writes moves, [`CountSink`] only
//! adds up population counts (perft's last ply).

use super::attacks::{self, FILE_A, FILE_H, RANK_1, RANK_8};
use super::{Move, Piece, Schachdame};
use crate::bitboard::squares;
use crate::game::{Color, MoveList};

/// Receives generated moves as (origin, target set) pairs.
pub trait Sink {
    /// Moves of one piece from `from` to each square of `targets`; `promotion` marks the targets
    /// where the move promotes.
    fn add(&mut self, from: usize, targets: u64, promotion: u64);
    /// Moves of several pawns, each target reached from `target - shift`.
    fn add_shifted(&mut self, targets: u64, shift: i32, promotion: u64);
}

/// Writes moves into a [`MoveList`].
pub struct ListSink<'a>(pub &'a mut MoveList<Move>);

impl Sink for ListSink<'_> {
    #[inline(always)]
    fn add(&mut self, from: usize, targets: u64, promotion: u64) {
        for to in squares(targets) {
            self.0
                .push(Move::new(from, to, promotion & (1u64 << to) != 0));
        }
    }

    #[inline(always)]
    fn add_shifted(&mut self, targets: u64, shift: i32, promotion: u64) {
        for to in squares(targets) {
            let from = (to as i32 - shift) as usize;
            self.0
                .push(Move::new(from, to, promotion & (1u64 << to) != 0));
        }
    }
}

/// Counts moves.
pub struct CountSink(pub u64);

impl Sink for CountSink {
    #[inline(always)]
    fn add(&mut self, _from: usize, targets: u64, _promotion: u64) {
        // A promotion is a single move: the pawn can only become a bishop (S6).
        self.0 += targets.count_ones() as u64;
    }

    #[inline(always)]
    fn add_shifted(&mut self, targets: u64, _shift: i32, _promotion: u64) {
        self.0 += targets.count_ones() as u64;
    }
}

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub fn generate<S: Sink>(pos: &Schachdame, sink: &mut S) {
    let us = pos.side;
    let them = !us;
    let own = pos.occupied_by(us);
    let all = pos.occupied();
    let king = pos.king_square(us);
    let their_pawns = pos.pieces(them, Piece::Pawn);
    let their_bishops = pos.pieces(them, Piece::Bishop);

    // Step 1. Checkers.
    let checkers = (attacks::PAWN[us.index()][king] & their_pawns)
        | (attacks::bishop_attacks(king, all) & their_bishops);

    // Step 2. King moves, tested with the king lifted off the board.
    let without_king = all ^ (1u64 << king);
    let mut king_targets = 0;
    for to in squares(attacks::KING[king] & !own) {
        if !pos.attacked(to, them, without_king) {
            king_targets |= 1u64 << to;
        }
    }
    sink.add(king, king_targets, 0);

    // Step 3. Double check: the king must move.
    if checkers & checkers.wrapping_sub(1) != 0 {
        return;
    }

    // Step 4. Single check: capture the checker or block its diagonal.
    let target = if checkers == 0 {
        !own
    } else {
        let checker = checkers.trailing_zeros() as usize;
        checkers | attacks::between(king, checker)
    };

    // Step 5. Pinned pieces.
    let mut pinned = 0;
    for sniper in squares(attacks::bishop_rays(king) & their_bishops) {
        let blockers = attacks::between(king, sniper) & all;
        if blockers & blockers.wrapping_sub(1) == 0 {
            pinned |= blockers & own;
        }
    }

    // Bishops (S4: slide diagonally).
    for from in squares(pos.pieces(us, Piece::Bishop)) {
        let mut t = attacks::bishop_attacks(from, all) & target;
        if pinned & (1u64 << from) != 0 {
            t &= attacks::line(king, from);
        }
        sink.add(from, t, 0);
    }

    // Pawns (S4: one step diagonally forward to move or capture; S6: promote on the last rank).
    let pawns = pos.pieces(us, Piece::Pawn);
    let free = pawns & !pinned;
    let (promotion, left, right, l_shift, r_shift) = match us {
        Color::White => (RANK_8, (free & !FILE_A) << 7, (free & !FILE_H) << 9, 7, 9),
        Color::Black => (RANK_1, (free & !FILE_A) >> 9, (free & !FILE_H) >> 7, -9, -7),
    };
    sink.add_shifted(left & target, l_shift, promotion);
    sink.add_shifted(right & target, r_shift, promotion);
    for from in squares(pawns & pinned) {
        let t = attacks::PAWN[us.index()][from] & target & attacks::line(king, from);
        sink.add(from, t, promotion);
    }
}
