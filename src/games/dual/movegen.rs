//! Legal move generation for Dual checkers (RULES.md D3–D8).
//!
//! 1. Is there any capture? A few shifts answer it for all men at once (D5: direct captures of
//!    orthogonal neighbours, diagonal jumps forward and backward), then each king looks along its
//!    eight lines (D8). Most positions have none, and then
//! 2. the quiet moves are all legal (D4: quiet moves only when no capture exists): men one step
//!    diagonally forward (D3), kings flying diagonally (D8). Counting them is a population count.
//! 3. Otherwise every piece runs the capture search of [`super::captures`], which removes
//!    duplicate paths (D12).

use super::captures::{self, king_can_capture, ListVisitor};
use super::moves::Move;
use super::tables::{free_ray, FILE_A, FILE_H};
use super::DualCheckers;
use crate::bitboard::squares;
use crate::game::{Color, MoveList};

/// True when the side to move has a capture (and so must capture, RULES.md D4).
#[inline(always)]
pub fn any_capture(pos: &DualCheckers) -> bool {
    let us = pos.side;
    let men = pos.men(us);
    let enemy = pos.occupied_by(!us);
    let empty = !pos.occupied();
    // RULES.md D5, direct capture of an orthogonal neighbour.
    let direct =
        ((men << 8) | (men >> 8) | ((men & !FILE_H) << 1) | ((men & !FILE_A) >> 1)) & enemy;
    // RULES.md D5, diagonal jumps in the four directions.
    let ne = (((((men & !FILE_H) << 9) & enemy) & !FILE_H) << 9) & empty;
    let nw = (((((men & !FILE_A) << 7) & enemy) & !FILE_A) << 7) & empty;
    let se = (((((men & !FILE_H) >> 7) & enemy) & !FILE_H) >> 7) & empty;
    let sw = (((((men & !FILE_A) >> 9) & enemy) & !FILE_A) >> 9) & empty;
    if direct | ne | nw | se | sw != 0 {
        return true;
    }
    let kings = pos.kings(us);
    if kings == 0 {
        return false;
    }
    let own = pos.occupied_by(us);
    squares(kings).any(|k| {
        let ctx = captures::Ctx::new(k, own, enemy, 0, false);
        king_can_capture(&ctx, k, 0)
    })
}

/// Men's quiet steps (RULES.md D3) as (targets, origin offset) pairs: `from = to - offset`.
#[inline(always)]
fn man_steps(pos: &DualCheckers) -> [(u64, i32); 2] {
    let men = pos.men(pos.side);
    let empty = !pos.occupied();
    match pos.side {
        Color::White => [
            (((men & !FILE_A) << 7) & empty, 7),
            (((men & !FILE_H) << 9) & empty, 9),
        ],
        Color::Black => [
            (((men & !FILE_A) >> 9) & empty, -9),
            (((men & !FILE_H) >> 7) & empty, -7),
        ],
    }
}

/// A king's quiet moves: any distance diagonally over empty squares (RULES.md D8).
#[inline(always)]
fn king_steps(sq: usize, occ: u64) -> u64 {
    free_ray(0, sq, occ) | free_ray(1, sq, occ) | free_ray(2, sq, occ) | free_ray(3, sq, occ)
}

/// Appends the capture moves of the side to move (RULES.md D4–D8, duplicates removed by D12).
pub fn generate_captures(pos: &DualCheckers, list: &mut MoveList<Move>) {
    pos.for_each_capturer(|ctx, from, king| {
        let first = list.len();
        let mut v = ListVisitor { list, first };
        captures::search(ctx, from, 0, king, &mut v);
    });
}

/// Appends every legal move of `pos` to `list`.
#[inline]
pub fn generate(pos: &DualCheckers, list: &mut MoveList<Move>) {
    if any_capture(pos) {
        generate_captures(pos, list);
        return;
    }
    let promotion = pos.promotion_rank();
    for (targets, offset) in man_steps(pos) {
        for to in squares(targets) {
            let from = (to as i32 - offset) as usize;
            // RULES.md D7: a man reaching the far rank becomes a king.
            list.push(Move::new(from, to, 0, promotion & (1u64 << to) != 0));
        }
    }
    let occ = pos.occupied();
    for from in squares(pos.kings(pos.side)) {
        for to in squares(king_steps(from, occ)) {
            list.push(Move::new(from, to, 0, false));
        }
    }
}

/// The number of legal moves, without building the list when there is no capture.
#[inline]
pub fn count(pos: &DualCheckers) -> u64 {
    if any_capture(pos) {
        let mut list = MoveList::new();
        generate_captures(pos, &mut list);
        return list.len() as u64;
    }
    let [(a, _), (b, _)] = man_steps(pos);
    let occ = pos.occupied();
    let kings: u32 = squares(pos.kings(pos.side))
        .map(|k| king_steps(k, occ).count_ones())
        .sum();
    (a.count_ones() + b.count_ones() + kings) as u64
}
