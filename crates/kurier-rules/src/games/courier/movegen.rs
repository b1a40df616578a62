//! Legal move generation for Courier chess (docs/rules.md C2, C4, C5, C7).
//!
//! The generator is fully legal, without making moves to test them:
//!
//! 0. A position decided by the bare-king rule (C7) has no moves at all.
//! 1. *Checkers* are the enemy pieces attacking our king.
//! 2. King moves go to neighbours not held by us and not attacked once the king has left its
//!    square (so it cannot step back along a checking slider's line).
//! 3. With two checkers only the king may move.
//! 4. With one checker every other move must capture it or block its line (`target`).
//! 5. A piece alone between our king and an enemy rook or courier is *pinned*: it may only move
//!    along that line, between the king and the pinner, pinner included (C5: a move may not
//!    leave one's own king attacked). Pieces of every kind can do that here — an alfil jumps
//!    along a diagonal pin (but not over its king or over the pinner), a pawn pushes along a file
//!    pin — so pinned pieces are handled one by one, each restricted to its pin segment.
//! 6. The other pieces move to their attacked squares within `target`; pawns push straight and
//!    capture diagonally (C2 fmWfcF), all pawns of a side at once by shifting the bitboard.
//!
//! Two traps that chess has not: an alfil's check cannot be blocked (it jumps), and an alfil
//! pinned on a diagonal can jump along it past its own king or past the pinner.
//!
//! There is no castling, no double step and no en passant (C4). Results go to a [`Sink`]:
//! [`ListSink`] writes moves, [`CountSink`] only adds up population counts (perft's last ply);
//! a promotion is one move, the pawn can only become a fers (C4).
//!
//! [`generate_tactical`] runs the same steps with every target cut to the enemy's pieces (and a
//! pawn's step forward to the promotion ranks): the captures and promotions that quiescence
//! searches, without generating the quiet moves it would throw away.

use super::attacks::{self, BOARD, FILES, FILE_A, FILE_L, RANK_1, RANK_8};
use super::{Courier, Move, Piece};
use crate::bitboard::squares128;
use crate::game::{Color, MoveList};

/// Receives generated moves as (origin, target set) pairs.
pub trait Sink {
    /// Moves of `piece` from `from` to each square of `targets`.
    fn add(&mut self, piece: Piece, from: usize, targets: u128);
    /// Moves of several pawns, each target reached from `target - shift`.
    fn add_pawns(&mut self, targets: u128, shift: i32);
}

/// The squares where a pawn move promotes (each side's pawns can only reach their own).
const PROMOTION: u128 = RANK_1 | RANK_8;

/// Writes moves into a [`MoveList`].
pub struct ListSink<'a>(pub &'a mut MoveList<Move>);

impl Sink for ListSink<'_> {
    #[inline(always)]
    fn add(&mut self, piece: Piece, from: usize, targets: u128) {
        for to in squares128(targets) {
            let promotion = piece == Piece::Pawn && PROMOTION & (1u128 << to) != 0;
            self.0.push(Move::new(from, to, piece, promotion));
        }
    }

    #[inline(always)]
    fn add_pawns(&mut self, targets: u128, shift: i32) {
        for to in squares128(targets) {
            let from = (to as i32 - shift) as usize;
            let promotion = PROMOTION & (1u128 << to) != 0;
            self.0.push(Move::new(from, to, Piece::Pawn, promotion));
        }
    }
}

/// Counts moves.
pub struct CountSink(pub u64);

impl Sink for CountSink {
    #[inline(always)]
    fn add(&mut self, _piece: Piece, _from: usize, targets: u128) {
        self.0 += targets.count_ones() as u64;
    }

    #[inline(always)]
    fn add_pawns(&mut self, targets: u128, _shift: i32) {
        self.0 += targets.count_ones() as u64;
    }
}

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub fn generate<S: Sink>(pos: &Courier, sink: &mut S) {
    // Step 0. docs/rules.md C7: a position decided by the bare-king rule has no moves.
    if pos.bare_king_winner().is_some() {
        return;
    }
    generate_by_move_rules(pos, sink);
}

/// Generates the moves of `pos` by the move rules alone (docs/rules.md C2, C4, C5), steps 1 to
/// 6, as if the bare-king rule (C7) did not exist: what SAN's mate mark `#` asks ("in check and
/// no move"), as cutechess and Fairy-Stockfish, whose move generators know no bare king, write it.
#[inline(always)]
pub fn generate_by_move_rules<S: Sink>(pos: &Courier, sink: &mut S) {
    generate_masked::<S, false>(pos, sink);
}

/// Generates the legal captures and promotions of `pos` (what quiescence searches), in the
/// order [`generate`] gives them: the same steps with every target set cut to the enemy's
/// pieces (captures by replacement, docs/rules.md C2), and a pawn's step forward kept only when
/// it promotes (C4).
#[inline(always)]
pub fn generate_tactical<S: Sink>(pos: &Courier, sink: &mut S) {
    // Step 0 as in `generate`: a position decided by the bare-king rule (C7) has no moves.
    if pos.bare_king_winner().is_some() {
        return;
    }
    generate_masked::<S, true>(pos, sink);
}

/// Steps 1 to 6; with `TACTICAL` only captures and promotions.
#[inline(always)]
fn generate_masked<S: Sink, const TACTICAL: bool>(pos: &Courier, sink: &mut S) {
    let us = pos.side;
    let them = !us;
    let t = &pos.by_type;
    let own = pos.by_color[us.index()];
    let theirs = pos.by_color[them.index()];
    let all = own | theirs;
    let king = pos.king_square(us);

    // Step 1. Checkers.
    let checkers = pos.attackers(king, them, all);

    // Step 2. King moves, tested with the king lifted off the board.
    let without_king = all ^ (1u128 << king);
    let mut king_targets = 0;
    for to in squares128(attacks::KING[king] & !own) {
        if !pos.attacked(to, them, without_king) {
            king_targets |= 1u128 << to;
        }
    }
    if TACTICAL {
        king_targets &= theirs;
    }
    sink.add(Piece::King, king, king_targets);

    // Step 3. Double check: the king must move.
    if checkers & checkers.wrapping_sub(1) != 0 {
        return;
    }

    // Step 4. Single check: capture the checker, or block its line when it is a slider. A
    // leaper's check cannot be blocked: an alfil checking from two squares away diagonally jumps
    // over whatever stands between.
    let sliders = t[Piece::Rook as usize] | t[Piece::Courier as usize];
    let mut target = if checkers == 0 {
        !own
    } else if checkers & sliders != 0 {
        checkers | attacks::between(king, checkers.trailing_zeros() as usize)
    } else {
        checkers
    };
    // Where a pawn's step forward may end: anywhere in `target`, or only where it promotes.
    let push_target = if TACTICAL { target & PROMOTION } else { target };
    if TACTICAL {
        target &= theirs;
    }

    // Step 5. Pinned pieces: alone between the king and an enemy slider on the same line.
    let snipers = (attacks::rook_rays(king) & t[Piece::Rook as usize] & theirs)
        | (attacks::courier_rays(king) & t[Piece::Courier as usize] & theirs);
    // Each pin as (pinned square, squares it may still reach: between king and pinner, pinner
    // included). The segment, not the whole line: an alfil could jump over its own king, or over
    // the pinner, and stay on the line. At most one pin per direction, so eight.
    let mut pins = [(0usize, 0u128); 8];
    let mut pin_count = 0;
    let mut pinned = 0;
    for sniper in squares128(snipers) {
        let segment = attacks::between(king, sniper);
        let blockers = segment & all;
        if blockers & own != 0 && blockers & blockers.wrapping_sub(1) == 0 {
            pinned |= blockers;
            pins[pin_count] = (
                blockers.trailing_zeros() as usize,
                segment | 1u128 << sniper,
            );
            pin_count += 1;
        }
    }
    let free = own & !pinned;

    // Step 6. Unpinned pieces (C2).
    for from in squares128(t[Piece::Knight as usize] & free) {
        sink.add(Piece::Knight, from, attacks::KNIGHT[from] & target);
    }
    for from in squares128(t[Piece::Alfil as usize] & free) {
        sink.add(Piece::Alfil, from, attacks::ALFIL[from] & target);
    }
    for from in squares128(t[Piece::Fers as usize] & free) {
        sink.add(Piece::Fers, from, attacks::FERS[from] & target);
    }
    for from in squares128(t[Piece::Wazir as usize] & free) {
        sink.add(Piece::Wazir, from, attacks::WAZIR[from] & target);
    }
    for from in squares128(t[Piece::Mann as usize] & free) {
        sink.add(Piece::Mann, from, attacks::KING[from] & target);
    }
    for from in squares128(t[Piece::Rook as usize] & free) {
        sink.add(Piece::Rook, from, attacks::rook_attacks(from, all) & target);
    }
    for from in squares128(t[Piece::Courier as usize] & free) {
        sink.add(
            Piece::Courier,
            from,
            attacks::courier_attacks(from, all) & target,
        );
    }

    // Pawns (C2, C4): one step straight forward onto an empty square, captures one step
    // diagonally forward; no double step, no en passant; promotion follows from the target rank.
    let pawns = t[Piece::Pawn as usize] & free;
    let empty = !all & BOARD;
    let enemy = theirs & target;
    let quiet = empty & push_target;
    match us {
        Color::White => {
            sink.add_pawns((pawns << FILES) & quiet, FILES as i32);
            sink.add_pawns(((pawns & !FILE_A) << (FILES - 1)) & enemy, FILES as i32 - 1);
            sink.add_pawns(((pawns & !FILE_L) << (FILES + 1)) & enemy, FILES as i32 + 1);
        }
        Color::Black => {
            sink.add_pawns((pawns >> FILES) & quiet, -(FILES as i32));
            sink.add_pawns(
                ((pawns & !FILE_A) >> (FILES + 1)) & enemy,
                -(FILES as i32 + 1),
            );
            sink.add_pawns(
                ((pawns & !FILE_L) >> (FILES - 1)) & enemy,
                -(FILES as i32 - 1),
            );
        }
    }

    // Step 5 continued: each pinned piece moves along its pin segment only.
    for &(from, segment) in &pins[..pin_count] {
        let b = 1u128 << from;
        let Some(piece) = Piece::ALL.into_iter().find(|&p| t[p as usize] & b != 0) else {
            continue;
        };
        let moves = match piece {
            Piece::Pawn => {
                let push = match us {
                    Color::White => b << FILES,
                    Color::Black => b >> FILES,
                };
                (push & empty & push_target) | (attacks::PAWN[us.index()][from] & theirs)
            }
            Piece::Knight => attacks::KNIGHT[from],
            Piece::Courier => attacks::courier_attacks(from, all),
            Piece::Rook => attacks::rook_attacks(from, all),
            Piece::Alfil => attacks::ALFIL[from],
            Piece::Fers => attacks::FERS[from],
            Piece::Mann => attacks::KING[from],
            Piece::Wazir => attacks::WAZIR[from],
            Piece::King => 0,
        };
        // A pawn's steps forward were already cut to `push_target`.
        let allowed = if piece == Piece::Pawn {
            target | push_target
        } else {
            target
        };
        sink.add(piece, from, moves & allowed & segment);
    }
}
