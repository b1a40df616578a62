//! Legal move generation for Dual checkers (docs/rules.md D3–D8).
//!
//! 1. Which pieces can capture? A few shifts answer it for all men at once (D5: direct captures
//!    of orthogonal neighbours, diagonal jumps forward and backward), then each king looks along
//!    its eight lines (D8). Most positions have none, and then
//! 2. the quiet moves are all legal (D4: quiet moves only when no capture exists): men one step
//!    diagonally forward (D3), kings flying diagonally (D8). Counting them is a population count.
//! 3. Otherwise each piece that can capture, and only those, runs the capture search of
//!    [`super::captures`], which removes duplicate paths (D12). Counting (perft's last ply) uses
//!    its counting visitor and builds no list.

use super::captures::{self, king_can_capture, CountVisitor, ListVisitor, Visitor};
use super::moves::Move;
use super::tables::{free_ray, FILE_A, FILE_H};
use super::DualCheckers;
use crate::bitboard::squares;
use crate::game::{Color, MoveList};

/// The men of the side to move that can capture (docs/rules.md D5): a few shifts for all men at once,
/// direct captures of orthogonal neighbours and diagonal jumps in the four directions.
#[inline(always)]
fn capturing_men(pos: &DualCheckers) -> u64 {
    let us = pos.side;
    let men = pos.men(us);
    let enemy = pos.occupied_by(!us);
    let empty = !pos.occupied();
    // docs/rules.md D5, direct capture: men with an enemy orthogonal neighbour.
    let direct =
        ((enemy >> 8) | (enemy << 8) | ((enemy & !FILE_A) >> 1) | ((enemy & !FILE_H) << 1)) & men;
    // docs/rules.md D5, diagonal jumps: the landing squares, shifted back to the origins.
    let ne = (((((men & !FILE_H) << 9) & enemy) & !FILE_H) << 9) & empty;
    let nw = (((((men & !FILE_A) << 7) & enemy) & !FILE_A) << 7) & empty;
    let se = (((((men & !FILE_H) >> 7) & enemy) & !FILE_H) >> 7) & empty;
    let sw = (((((men & !FILE_A) >> 9) & enemy) & !FILE_A) >> 9) & empty;
    direct | ne >> 18 | nw >> 14 | se << 14 | sw << 18
}

/// The kings of the side to move that can capture (docs/rules.md D8).
#[inline(always)]
fn capturing_kings(pos: &DualCheckers) -> u64 {
    let us = pos.side;
    let kings = pos.kings(us);
    if kings == 0 {
        return 0;
    }
    let (own, enemy) = (pos.occupied_by(us), pos.occupied_by(!us));
    let mut out = 0;
    for k in squares(kings) {
        let ctx = captures::Ctx::new(k, own, enemy, 0, false);
        if king_can_capture(&ctx, k, 0) {
            out |= 1u64 << k;
        }
    }
    out
}

/// True when the side to move has a capture (and so must capture, docs/rules.md D4).
#[inline(always)]
pub fn any_capture(pos: &DualCheckers) -> bool {
    capturing_men(pos) != 0 || capturing_kings(pos) != 0
}

/// Runs the capture search (docs/rules.md D4–D8) from each of `men` and `kings`, the pieces of the
/// side to move that can capture, men first; `start(v)` is called before each piece.
#[inline(always)]
fn search_from<V: Visitor>(
    pos: &DualCheckers,
    men: u64,
    kings: u64,
    v: &mut V,
    mut start: impl FnMut(&mut V),
) {
    let us = pos.side;
    let (own, enemy, promotion) = (
        pos.occupied_by(us),
        pos.occupied_by(!us),
        pos.promotion_rank(),
    );
    for from in squares(men) {
        start(v);
        let ctx = captures::Ctx::new(from, own, enemy, promotion, true);
        captures::search(&ctx, from, 0, false, v);
    }
    for from in squares(kings) {
        start(v);
        let ctx = captures::Ctx::new(from, own, enemy, promotion, false);
        captures::search(&ctx, from, 0, true, v);
    }
}

/// Men's quiet steps (docs/rules.md D3) as (targets, origin offset) pairs: `from = to - offset`.
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

/// A king's quiet moves: any distance diagonally over empty squares (docs/rules.md D8).
#[inline(always)]
fn king_steps(sq: usize, occ: u64) -> u64 {
    free_ray(0, sq, occ) | free_ray(1, sq, occ) | free_ray(2, sq, occ) | free_ray(3, sq, occ)
}

/// Appends the capture moves of the side to move (docs/rules.md D4–D8, duplicates removed by D12).
pub fn generate_captures(pos: &DualCheckers, list: &mut MoveList<Move>) {
    generate_captures_from(pos, capturing_men(pos), capturing_kings(pos), list);
}

/// Appends the capture moves of the men `men` and kings `kings`, which can capture.
#[inline(always)]
fn generate_captures_from(pos: &DualCheckers, men: u64, kings: u64, list: &mut MoveList<Move>) {
    let mut v = ListVisitor { list, first: 0 };
    search_from(pos, men, kings, &mut v, |v| v.first = v.list.len());
}

/// Appends every legal move of `pos` to `list`.
#[inline]
pub fn generate(pos: &DualCheckers, list: &mut MoveList<Move>) {
    let (men, kings) = (capturing_men(pos), capturing_kings(pos));
    if men | kings != 0 {
        generate_captures_from(pos, men, kings, list);
        return;
    }
    let promotion = pos.promotion_rank();
    for (targets, offset) in man_steps(pos) {
        for to in squares(targets) {
            let from = (to as i32 - offset) as usize;
            // docs/rules.md D7: a man reaching the far rank becomes a king.
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

/// The number of legal moves, without building the list: a population count when there is no
/// capture, the counting visitor of [`super::captures`] otherwise.
#[inline]
pub fn count(pos: &DualCheckers) -> u64 {
    let (men, kings) = (capturing_men(pos), capturing_kings(pos));
    if men | kings != 0 {
        let mut v = CountVisitor::new();
        search_from(pos, men, kings, &mut v, CountVisitor::next_piece);
        if v.overflowed() {
            let mut list = MoveList::new();
            generate_captures_from(pos, men, kings, &mut list);
            return list.len() as u64;
        }
        return v.count() as u64;
    }
    let [(a, _), (b, _)] = man_steps(pos);
    let occ = pos.occupied();
    let kings: u32 = squares(pos.kings(pos.side))
        .map(|k| king_steps(k, occ).count_ones())
        .sum();
    (a.count_ones() + b.count_ones() + kings) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MAX_MOVES};

    /// Counting agrees with the list when one piece has more moves of several captures than the
    /// counting visitor keeps (its fallback), up to the list's capacity.
    #[test]
    fn count_agrees_with_generate_beyond_the_count_buffer() {
        for (fen, multi) in [
            ("1m6/1k1mm3/7m/m1m5/2m3m1/3Km2m/4k3/8 w 0 1", 87),
            ("8/1mm4m/1K2m2m/2m1m3/2m4m/1mm4m/2k1m3/8 w 0 1", 354),
            ("m7/mmk2k2/m2m3m/8/1m3k2/1k1mm3/k4m2/5kK1 w 0 1", MAX_MOVES),
        ] {
            let pos = DualCheckers::from_fen(fen).unwrap();
            let mut list = MoveList::new();
            generate(&pos, &mut list);
            let several = list.iter().filter(|m| m.captured().count_ones() > 1);
            assert_eq!(several.count(), multi, "{fen}");
            assert!(multi > captures::COUNT_CAPACITY);
            assert_eq!(count(&pos), list.len() as u64, "{fen}");
        }
    }
}
