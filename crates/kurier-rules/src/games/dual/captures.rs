//! The multi-capture search of Dual checkers (docs/rules.md D4–D8) and the duplicate policy (D12).
//!
//! # The search
//!
//! [`search`] follows one capturing piece through every legal continuation, depth first:
//!
//! - a **man** jumps diagonally, forward or backward, over an adjacent enemy piece onto the empty
//!   square beyond it, and captures *directly* an orthogonally adjacent enemy piece by moving onto
//!   its square (D5); a man that reaches the far rank becomes a king at once and goes on capturing
//!   as a king (D7);
//! - a **king** captures diagonally over one enemy piece at any distance, landing on any empty
//!   square beyond it — only on those from which the capture goes on, when there are such (D8) —
//!   and directly along a rank or file onto an enemy piece at an odd distance (D8);
//! - the move is over only when the piece can capture no more (D4).
//!
//! The generator starts the search only from pieces that can capture, and a man that lands with
//! no uncaptured enemy piece next to it finishes its path without a further call.
//!
//! Captured pieces stay on the board until the move ends (D6): the search keeps the set of
//! captured squares and leaves them in the occupancy, so they block every ray, cannot be landed
//! on, jumped or taken again. The capturing piece's origin is removed from the occupancy (D6: it
//! counts as empty). After a direct capture the piece stands on the victim's square, which is in
//! the captured set and in the occupancy: once it leaves, the square blocks like any other victim.
//!
//! # Duplicates (docs/rules.md D12)
//!
//! A [`Move`] *is* the D12 identity: origin, destination, the set of captured squares, and
//! whether the man ends as a king. Two paths that give the same identity give the same position,
//! so they are one move. The search reports every finished path to a [`Visitor`]; the generator's
//! visitor ([`ListVisitor`]) compares the finished move with the moves already found **for the
//! same origin** and pushes it only when it is new. Capture lists are short (rarely more than a
//! handful of moves per piece), so a linear scan beats hashing and needs no allocation; moves of
//! different origins can never be equal, so the scan starts at the first move of this piece.
//!
//! A move of **one** capture has exactly one path, so it is never looked up: a man takes a
//! given neighbour in one way only (directly when orthogonal, by a jump onto the one square beyond
//! when diagonal), and a king takes a given piece along the one line joining them, each landing
//! square being a different destination. Only moves of several captures can be duplicates.
//!
//! Perft's last ply counts with [`CountVisitor`] instead: it counts moves of one capture and keeps
//! only the current piece's moves of several captures (captured set and destination) in a small
//! buffer for the same check; a piece with more of them than the buffer holds makes the caller
//! count with [`ListVisitor`].
//!
//! The notation code reuses the same search with a visitor that records the legs of each path
//! ([`super::notation`]): one rules implementation serves generation, counting and notation.

use super::moves::Move;
use super::tables::{
    free_ray, nearest, opposite_colours, DIAGONAL, JUMP_VICTIMS, MAN_TARGETS, ORTHOGONAL,
    ORTH_NEIGHBOURS,
};
use crate::bitboard::squares;
use crate::game::{MoveList, MAX_MOVES};

/// One leg of a capture path, as the protocol notation writes it (docs/design.md): a diagonal capture
/// is two legs (onto the victim, then onto the landing square), a direct capture one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leg {
    /// A diagonal capture over `victim` onto `landing` (man or king, docs/rules.md D5, D8).
    Jump {
        /// The captured piece's square.
        victim: u8,
        /// Where the capturer lands.
        landing: u8,
    },
    /// A direct capture: the capturer moves onto `victim`'s square (docs/rules.md D5, D8).
    Direct {
        /// The captured piece's square, where the capturer now stands.
        victim: u8,
    },
}

/// Receives the paths of the capture search.
pub trait Visitor {
    /// The capturer makes `leg`.
    #[inline(always)]
    fn enter(&mut self, _leg: Leg) {}
    /// The last entered leg is taken back.
    #[inline(always)]
    fn leave(&mut self) {}
    /// A path is finished (the capturer can capture no more, docs/rules.md D4): the move it makes.
    fn finish(&mut self, mv: Move);
}

/// What stays fixed while one piece captures.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// Every enemy piece, captured or not (captured ones are masked out by the search).
    pub enemy: u64,
    /// Every piece on the board except the capturer's origin (docs/rules.md D6).
    pub occ: u64,
    /// The capturer's far rank (docs/rules.md D7).
    pub promotion: u64,
    /// The capturer's origin.
    pub from: u8,
    /// True when the capturer started the move as a man.
    pub man: bool,
}

impl Ctx {
    /// The context for the piece on `from`, with `own` and `enemy` the pieces of both sides.
    #[inline(always)]
    pub fn new(from: usize, own: u64, enemy: u64, promotion: u64, man: bool) -> Ctx {
        Ctx {
            enemy,
            occ: (own | enemy) & !(1u64 << from),
            promotion,
            from: from as u8,
            man,
        }
    }
}

/// Squares where a king on `sq` lands after capturing diagonally in direction `d`, and the
/// victim; `None` when there is no such capture. docs/rules.md D8: exactly one uncaptured enemy piece
/// with only empty squares between, landing on an empty square beyond it before the next obstacle
/// (captured pieces are obstacles, D6).
#[inline(always)]
fn king_jump(ctx: &Ctx, sq: usize, d: usize, captured: u64) -> Option<(usize, u64)> {
    let x = nearest(d, sq, ctx.occ)?;
    if (ctx.enemy & !captured) & (1u64 << x) == 0 {
        return None;
    }
    let landing = free_ray(d, x, ctx.occ);
    (landing != 0).then_some((x, landing))
}

/// The victim of a king's direct capture from `sq` in orthogonal direction `d`: the first piece
/// on the line, if it is an uncaptured enemy at an odd distance (docs/rules.md D8).
#[inline(always)]
fn king_direct(ctx: &Ctx, sq: usize, d: usize, captured: u64) -> Option<usize> {
    let x = nearest(d, sq, ctx.occ)?;
    ((ctx.enemy & !captured) & (1u64 << x) != 0 && opposite_colours(sq, x)).then_some(x)
}

/// True when a king on `sq` can capture something (docs/rules.md D8), with `captured` already taken.
#[inline(always)]
pub fn king_can_capture(ctx: &Ctx, sq: usize, captured: u64) -> bool {
    DIAGONAL
        .iter()
        .any(|&d| king_jump(ctx, sq, d, captured).is_some())
        || ORTHOGONAL
            .iter()
            .any(|&d| king_direct(ctx, sq, d, captured).is_some())
}

/// A man's direct capture of `n` (docs/rules.md D5), when `n` is one of `directs`.
#[inline(always)]
fn man_direct<V: Visitor>(ctx: &Ctx, n: usize, captured: u64, directs: u64, v: &mut V) {
    if directs & (1u64 << n) != 0 {
        v.enter(Leg::Direct { victim: n as u8 });
        man_goes_on(ctx, n, captured | 1u64 << n, v);
        v.leave();
    }
}

/// A man has landed on `sq` with `captured` taken: the search goes on from there, except that a
/// man (not promoted, docs/rules.md D7) with no uncaptured enemy piece next to it, orthogonally or
/// diagonally with a square beyond, can capture no more, and its path is finished at once.
#[inline(always)]
fn man_goes_on<V: Visitor>(ctx: &Ctx, sq: usize, captured: u64, v: &mut V) {
    // docs/rules.md D7: promoted on the far rank, the piece goes on as a king.
    let promotes = ctx.promotion & (1u64 << sq) != 0;
    if !promotes && ctx.enemy & !captured & MAN_TARGETS[sq] == 0 {
        v.finish(Move::new(ctx.from as usize, sq, captured, false));
    } else {
        search(ctx, sq, captured, promotes, v);
    }
}

/// Follows the capturer standing on `sq` (a king when `king`) with `captured` already taken,
/// reporting every finished path to `v`. Called with `captured == 0` on the origin, it reports
/// nothing when the piece cannot capture.
pub fn search<V: Visitor>(ctx: &Ctx, sq: usize, captured: u64, king: bool, v: &mut V) {
    let avail = ctx.enemy & !captured;
    let mut found = false;
    if king {
        // docs/rules.md D8, diagonal capture with the landing rule.
        for d in DIAGONAL {
            let Some((x, landing)) = king_jump(ctx, sq, d, captured) else {
                continue;
            };
            found = true;
            let taken = captured | 1u64 << x;
            let mut going_on = 0;
            for y in squares(landing) {
                if king_can_capture(ctx, y, taken) {
                    going_on |= 1u64 << y;
                }
            }
            if going_on != 0 {
                for y in squares(going_on) {
                    v.enter(Leg::Jump {
                        victim: x as u8,
                        landing: y as u8,
                    });
                    search(ctx, y, taken, true, v);
                    v.leave();
                }
            } else {
                for y in squares(landing) {
                    v.enter(Leg::Jump {
                        victim: x as u8,
                        landing: y as u8,
                    });
                    v.finish(Move::new(ctx.from as usize, y, taken, ctx.man));
                    v.leave();
                }
            }
        }
        // docs/rules.md D8, direct capture along a rank or file at an odd distance.
        for d in ORTHOGONAL {
            if let Some(x) = king_direct(ctx, sq, d, captured) {
                found = true;
                v.enter(Leg::Direct { victim: x as u8 });
                search(ctx, x, captured | 1u64 << x, true, v);
                v.leave();
            }
        }
    } else {
        let jumps = avail & JUMP_VICTIMS[sq];
        let directs = avail & ORTH_NEIGHBOURS[sq];
        // docs/rules.md D5, diagonal jump forward or backward, in the order of `DIAGONAL` (north-east
        // +9, north-west +7, south-east -7, south-west -9): highest victim square first.
        let mut left = jumps;
        while left != 0 {
            let n = 63 - left.leading_zeros() as usize;
            left ^= 1u64 << n;
            let b = 2 * n - sq;
            if ctx.occ & (1u64 << b) != 0 {
                continue;
            }
            found = true;
            v.enter(Leg::Jump {
                victim: n as u8,
                landing: b as u8,
            });
            man_goes_on(ctx, b, captured | 1u64 << n, v);
            v.leave();
        }
        // docs/rules.md D5, direct capture of an orthogonal neighbour, in the order of `ORTHOGONAL`
        // (north, south, east, west). `directs` holds only real neighbours of `sq`, so the
        // wrapped offsets of an edge square never match.
        if directs != 0 {
            found = true;
            man_direct(ctx, (sq + 8) & 63, captured, directs, v);
            man_direct(ctx, (sq + 56) & 63, captured, directs, v);
            man_direct(ctx, (sq + 1) & 63, captured, directs, v);
            man_direct(ctx, (sq + 63) & 63, captured, directs, v);
        }
    }
    // docs/rules.md D4: the move ends only when the piece can capture no more.
    if !found && captured != 0 {
        v.finish(Move::new(ctx.from as usize, sq, captured, ctx.man && king));
    }
}

/// The generator's visitor: pushes each finished move unless an equal one (docs/rules.md D12) is
/// already in the list at or after `first`, the index of this piece's first capture.
pub struct ListVisitor<'a> {
    /// The list being filled.
    pub list: &'a mut MoveList<Move>,
    /// Where this piece's captures start in `list`.
    pub first: usize,
}

impl Visitor for ListVisitor<'_> {
    #[inline(always)]
    fn finish(&mut self, mv: Move) {
        // docs/rules.md D12: several paths with the same identity are one move. A move of one capture
        // has one path (see the module header), so only longer ones are looked up.
        if !mv.captured().is_power_of_two() && self.list[self.first..].contains(&mv) {
            return;
        }
        // A list of MAX_MOVES distinct captures needs a position built for it; the generator
        // keeps the first MAX_MOVES rather than overflow (never reached by real games).
        if self.list.len() < MAX_MOVES {
            self.list.push(mv);
        }
    }
}

/// How many distinct moves of several captures of one piece [`CountVisitor`] keeps for the
/// duplicate check (docs/rules.md D12) before it gives up; real positions stay far below.
pub const COUNT_CAPACITY: usize = 16;

/// The counting visitor (perft's last ply): counts the distinct moves (docs/rules.md D12) without
/// listing them. Moves of one capture have one path each and are only counted. Longer moves of
/// the current piece are kept for the duplicate check, as their captured sets and destinations
/// (the origin is the piece's, so the rest of the identity); moves of different pieces are never
/// equal, so [`CountVisitor::next_piece`] forgets them. The buffer is small and on the stack:
/// when one piece overflows it ([`CountVisitor::overflowed`]) the caller counts with a
/// [`ListVisitor`] instead.
pub struct CountVisitor {
    /// Distinct moves counted so far, except the current piece's moves of several captures.
    counted: usize,
    /// The number of the current piece's distinct moves of several captures.
    len: usize,
    /// Their captured sets.
    captured: [u64; COUNT_CAPACITY],
    /// Their destinations, plus 64 when the man ends as a king (docs/rules.md D7).
    ends: [u8; COUNT_CAPACITY],
    /// One piece had more than `COUNT_CAPACITY` distinct moves of several captures.
    overflow: bool,
}

impl CountVisitor {
    /// A visitor that has seen nothing.
    #[inline(always)]
    pub fn new() -> Self {
        CountVisitor {
            counted: 0,
            len: 0,
            captured: [0; COUNT_CAPACITY],
            ends: [0; COUNT_CAPACITY],
            overflow: false,
        }
    }

    /// The current piece's moves are all seen; the next piece's moves follow.
    #[inline(always)]
    pub fn next_piece(&mut self) {
        self.counted += self.len;
        self.len = 0;
    }

    /// True when the buffer overflowed and [`CountVisitor::count`] is not to be trusted.
    #[inline(always)]
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// The number of distinct moves, capped like [`ListVisitor`]'s list at `MAX_MOVES`.
    #[inline(always)]
    pub fn count(&self) -> usize {
        (self.counted + self.len).min(MAX_MOVES)
    }
}

impl Default for CountVisitor {
    fn default() -> Self {
        Self::new()
    }
}

impl Visitor for CountVisitor {
    #[inline(always)]
    fn finish(&mut self, mv: Move) {
        let captured = mv.captured();
        if captured.is_power_of_two() {
            self.counted += 1;
            return;
        }
        let end = mv.to() as u8 | (mv.is_promotion() as u8) << 6;
        let n = self.len;
        if (0..n).any(|i| self.captured[i] == captured && self.ends[i] == end) {
            return;
        }
        if n == COUNT_CAPACITY {
            self.overflow = true;
        } else {
            self.captured[n] = captured;
            self.ends[n] = end;
            self.len = n + 1;
        }
    }
}
