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
//!
//! # How many moves
//!
//! Quiet moves fit in a [`MoveList`] by proof: every quiet move ends on an empty square, coming
//! along one of its two diagonals from the nearest piece in one of the two directions (a man's
//! step is from the adjacent square, a king's flight over empty squares only). So at most four
//! quiet moves end on each empty square, at most 4 · 63 = 252 in all, below
//! [`MAX_MOVES`](crate::game::MAX_MOVES).
//!
//! Captures do not: a dense position set up by FEN can have more than 65 536 distinct ones.
//! [`generate`] then fills the list, marks it overflowed and stops (see
//! [`crate::game::Game::generate`]); [`count`] and [`for_each`] see every move.

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
    each_capturer(pos, men, kings, |ctx, from, king| {
        start(v);
        captures::search(ctx, from, 0, king, v);
    });
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

/// Appends the capture moves of the men `men` and kings `kings`, which can capture: the first
/// ones when they do not all fit, the list then marked overflowed.
#[inline(always)]
fn generate_captures_from(pos: &DualCheckers, men: u64, kings: u64, list: &mut MoveList<Move>) {
    let mut v = ListVisitor::new(list);
    search_from(pos, men, kings, &mut v, ListVisitor::next_piece);
}

/// Calls `f` for every distinct capture of the men `men` and kings `kings`, however many
/// ([`captures::each_move`]), men first.
fn each_capture_from(pos: &DualCheckers, men: u64, kings: u64, f: &mut dyn FnMut(Move)) {
    each_capturer(pos, men, kings, |ctx, from, king| {
        captures::each_move(ctx, from, king, f);
    });
}

/// Calls `f(context, from, is_king)` for each of the side to move's men `men`, then each of its
/// kings `kings`: the one place the capture search's context is set up.
#[inline(always)]
fn each_capturer(
    pos: &DualCheckers,
    men: u64,
    kings: u64,
    mut f: impl FnMut(&captures::Ctx, usize, bool),
) {
    let us = pos.side;
    let (own, enemy, promotion) = (
        pos.occupied_by(us),
        pos.occupied_by(!us),
        pos.promotion_rank(),
    );
    for from in squares(men) {
        f(
            &captures::Ctx::new(from, own, enemy, promotion, true),
            from,
            false,
        );
    }
    for from in squares(kings) {
        f(
            &captures::Ctx::new(from, own, enemy, promotion, false),
            from,
            true,
        );
    }
}

/// Appends the legal moves of `pos` to `list`: all of them, or the first
/// [`MAX_MOVES`](crate::game::MAX_MOVES) captures with the list marked overflowed (quiet moves
/// always fit, see the module header).
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

/// Calls `f` once for every legal move of `pos`, however many: quiet moves in the order of
/// [`generate`], captures piece by piece (men first), each piece's by number of captures.
pub fn for_each(pos: &DualCheckers, f: &mut dyn FnMut(Move)) {
    let (men, kings) = (capturing_men(pos), capturing_kings(pos));
    if men | kings != 0 {
        each_capture_from(pos, men, kings, f);
        return;
    }
    // Quiet moves always fit in a list (module header).
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list.iter().for_each(|&m| f(m));
}

/// True when the side to move has a legal move (docs/rules.md D9), without generating any.
#[inline]
pub fn has_move(pos: &DualCheckers) -> bool {
    if any_capture(pos) {
        return true;
    }
    let [(a, _), (b, _)] = man_steps(pos);
    let occ = pos.occupied();
    a | b != 0 || squares(pos.kings(pos.side)).any(|k| king_steps(k, occ) != 0)
}

/// The exact number of legal moves, without building the list: a population count when there
/// is no capture, the counting visitor of [`super::captures`] otherwise, and the visitor that
/// sees every move when the counting visitor gives up.
#[inline]
pub fn count(pos: &DualCheckers) -> u64 {
    let (men, kings) = (capturing_men(pos), capturing_kings(pos));
    if men | kings != 0 {
        let mut v = CountVisitor::new();
        search_from(pos, men, kings, &mut v, CountVisitor::next_piece);
        if v.overflowed() {
            let mut n = 0;
            each_capture_from(pos, men, kings, &mut |_| n += 1);
            return n;
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
    /// counting visitor keeps (its fallback), and with every path of the capture search (D12:
    /// distinct identities) also where the moves do not fit in a list.
    #[test]
    fn count_agrees_with_generate_beyond_the_count_buffer() {
        // (position, moves of several captures in the list, more moves than the list holds)
        for (fen, multi, more) in [
            ("1m6/1k1mm3/7m/m1m5/2m3m1/3Km2m/4k3/8 w 0 1", 87, false),
            ("8/1mm4m/1K2m2m/2m1m3/2m4m/1mm4m/2k1m3/8 w 0 1", 354, false),
            (
                "m7/mmk2k2/m2m3m/8/1m3k2/1k1mm3/k4m2/5kK1 w 0 1",
                MAX_MOVES,
                true,
            ),
        ] {
            let pos = DualCheckers::from_fen(fen).unwrap();
            let mut list = MoveList::new();
            generate(&pos, &mut list);
            let several = list.iter().filter(|m| m.captured().count_ones() > 1);
            assert_eq!(several.count(), multi, "{fen}");
            assert!(multi > captures::COUNT_CAPACITY);
            // Every finished path of the plain search, no state skipped.
            struct All(std::collections::HashSet<Move>);
            impl Visitor for All {
                fn finish(&mut self, mv: Move) {
                    self.0.insert(mv);
                }
            }
            let mut all = All(Default::default());
            pos.for_each_capturer(|ctx, from, king| captures::search(ctx, from, 0, king, &mut all));
            let paths = all.0;
            let mut each = Vec::new();
            for_each(&pos, &mut |m| each.push(m));
            let distinct: std::collections::HashSet<Move> = each.iter().copied().collect();
            assert_eq!(distinct.len(), each.len(), "{fen}: each move once");
            assert_eq!(distinct, paths, "{fen}");
            assert_eq!(count(&pos), paths.len() as u64, "{fen}");
            assert!(list.iter().all(|m| paths.contains(m)), "{fen}");
            assert_eq!(list.overflowed(), more, "{fen}");
            if more {
                assert!(paths.len() > MAX_MOVES, "{fen}: {}", paths.len());
            } else {
                assert_eq!(list.len(), paths.len(), "{fen}");
            }
        }
    }
}
