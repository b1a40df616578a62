//! The multi-capture search of Dual checkers (RULES.md D4–D8) and the duplicate policy (D12).
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
//! Captured pieces stay on the board until the move ends (D6): the search keeps the set of
//! captured squares and leaves them in the occupancy, so they block every ray, cannot be landed
//! on, jumped or taken again. The capturing piece's origin is removed from the occupancy (D6: it
//! counts as empty). After a direct capture the piece stands on the victim's square, which is in
//! the captured set and in the occupancy: once it leaves, the square blocks like any other victim.
//!
//! # Duplicates (RULES.md D12)
//!
//! A [`Move`] *is* the D12 identity: origin, destination, the set of captured squares, and
//! whether the man ends as a king. Two paths that give the same identity give the same position,
//! so they are one move. The search reports every finished path to a [`Visitor`]; the generator's
//! visitor ([`ListVisitor`]) compares the finished move with the moves already found **for the
//! same origin** and pushes it only when it is new. Capture lists are short (rarely more than a
//! handful of moves per piece), so a linear scan beats hashing and needs no allocation; moves of
//! different origins can never be equal, so the scan starts at the first move of this piece.
//!
//! The notation code reuses the same search with a visitor that records the legs of each path
//! ([`super::moves`]): one rules implementation serves generation, counting and notation.

use super::moves::Move;
use super::tables::{free_ray, nearest, opposite_colours, DIAGONAL, NONE, ORTHOGONAL, STEP};
use crate::bitboard::squares;
use crate::game::{MoveList, MAX_MOVES};

/// One leg of a capture path, as the protocol notation writes it (DESIGN.md): a diagonal capture
/// is two legs (onto the victim, then onto the landing square), a direct capture one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leg {
    /// A diagonal capture over `victim` onto `landing` (man or king, RULES.md D5, D8).
    Jump {
        /// The captured piece's square.
        victim: u8,
        /// Where the capturer lands.
        landing: u8,
    },
    /// A direct capture: the capturer moves onto `victim`'s square (RULES.md D5, D8).
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
    /// A path is finished (the capturer can capture no more, RULES.md D4): the move it makes.
    fn finish(&mut self, mv: Move);
}

/// What stays fixed while one piece captures.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// Every enemy piece, captured or not (captured ones are masked out by the search).
    pub enemy: u64,
    /// Every piece on the board except the capturer's origin (RULES.md D6).
    pub occ: u64,
    /// The capturer's far rank (RULES.md D7).
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
/// victim; `None` when there is no such capture. RULES.md D8: exactly one uncaptured enemy piece
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
/// on the line, if it is an uncaptured enemy at an odd distance (RULES.md D8).
#[inline(always)]
fn king_direct(ctx: &Ctx, sq: usize, d: usize, captured: u64) -> Option<usize> {
    let x = nearest(d, sq, ctx.occ)?;
    ((ctx.enemy & !captured) & (1u64 << x) != 0 && opposite_colours(sq, x)).then_some(x)
}

/// True when a king on `sq` can capture something (RULES.md D8), with `captured` already taken.
#[inline(always)]
pub fn king_can_capture(ctx: &Ctx, sq: usize, captured: u64) -> bool {
    DIAGONAL
        .iter()
        .any(|&d| king_jump(ctx, sq, d, captured).is_some())
        || ORTHOGONAL
            .iter()
            .any(|&d| king_direct(ctx, sq, d, captured).is_some())
}

/// Follows the capturer standing on `sq` (a king when `king`) with `captured` already taken,
/// reporting every finished path to `v`. Called with `captured == 0` on the origin, it reports
/// nothing when the piece cannot capture.
pub fn search<V: Visitor>(ctx: &Ctx, sq: usize, captured: u64, king: bool, v: &mut V) {
    let avail = ctx.enemy & !captured;
    let mut found = false;
    if king {
        // RULES.md D8, diagonal capture with the landing rule.
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
        // RULES.md D8, direct capture along a rank or file at an odd distance.
        for d in ORTHOGONAL {
            if let Some(x) = king_direct(ctx, sq, d, captured) {
                found = true;
                v.enter(Leg::Direct { victim: x as u8 });
                search(ctx, x, captured | 1u64 << x, true, v);
                v.leave();
            }
        }
    } else {
        // RULES.md D5, diagonal jump forward or backward.
        for d in DIAGONAL {
            let n = STEP[d][sq];
            if n == NONE || avail & (1u64 << n) == 0 {
                continue;
            }
            let b = STEP[d][n as usize];
            if b == NONE || ctx.occ & (1u64 << b) != 0 {
                continue;
            }
            found = true;
            v.enter(Leg::Jump {
                victim: n,
                landing: b,
            });
            // RULES.md D7: promoted on the far rank, the piece goes on as a king.
            let promotes = ctx.promotion & (1u64 << b) != 0;
            search(ctx, b as usize, captured | 1u64 << n, promotes, v);
            v.leave();
        }
        // RULES.md D5, direct capture of an orthogonal neighbour.
        for d in ORTHOGONAL {
            let n = STEP[d][sq];
            if n == NONE || avail & (1u64 << n) == 0 {
                continue;
            }
            found = true;
            v.enter(Leg::Direct { victim: n });
            let promotes = ctx.promotion & (1u64 << n) != 0;
            search(ctx, n as usize, captured | 1u64 << n, promotes, v);
            v.leave();
        }
    }
    // RULES.md D4: the move ends only when the piece can capture no more.
    if !found && captured != 0 {
        v.finish(Move::new(ctx.from as usize, sq, captured, ctx.man && king));
    }
}

/// The generator's visitor: pushes each finished move unless an equal one (RULES.md D12) is
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
        // RULES.md D12: several paths with the same identity are one move.
        if self.list[self.first..].contains(&mv) {
            return;
        }
        // A list of MAX_MOVES distinct captures needs a position built for it; the generator
        // keeps the first MAX_MOVES rather than overflow (never reached by real games).
        if self.list.len() < MAX_MOVES {
            self.list.push(mv);
        }
    }
}
