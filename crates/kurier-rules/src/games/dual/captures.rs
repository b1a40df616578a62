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
//! same origin** and pushes it only when it is new. Moves of different origins can never be
//! equal, so only this piece's moves are looked at: by a linear scan while they are few (real
//! positions rarely give a piece more than a handful), through a hash set once they are more
//! than [`SCAN_LIMIT`], so that the check never costs the square of the number of moves.
//!
//! A move of **one** capture has exactly one path, so it is never looked up: a man takes a
//! given neighbour in one way only (directly when orthogonal, by a jump onto the one square beyond
//! when diagonal), and a king takes a given piece along the one line joining them, each landing
//! square being a different destination. Only moves of several captures can be duplicates.
//!
//! # Explored states (the memo)
//!
//! Where the capturer stands, what it has captured and whether it is a king by now — the
//! *state* — decide everything that follows: the rest of the search depends on nothing else
//! ([`Ctx`] is fixed for one origin), so the moves a state leads to are the same however the
//! piece got there. A dense position reaches the same state by many paths (the same pieces
//! taken in another order): the generator's visitor ([`ListVisitor`]) skips a state it has
//! already explored for this origin ([`Visitor::visit`]). The memo ([`Memo`]) starts recording
//! only after [`MEMO_AFTER`] states of one piece, so real positions never touch it (nor
//! allocate). A state of one capture is never asked about, since it has one path (above): the
//! search is compiled separately for the origin, the states of one capture and those of
//! several ([`search`]), so that the code real positions run most does not pay for the
//! question. The notation's visitors see every path, or prune by what the text names
//! ([`super::notation`]). [`each_move`] explores each state once by its own means.
//!
//! # Counting, and more moves than a list holds
//!
//! Perft's last ply counts with [`CountVisitor`] instead: it counts moves of one capture and keeps
//! only the current piece's moves of several captures (captured set and destination) in a small
//! buffer for the same check; a piece with more of them than the buffer holds, or whose search
//! finishes more than [`COUNT_PATHS`] paths, makes the caller count with [`each_move`], which sees
//! every distinct move however many there are: it searches breadth first, one layer of states
//! per number of captures, and drops repeated states from each layer, so that each state is
//! explored once and only two layers are kept.
//!
//! [`ListVisitor`] fills a [`MoveList`] of at most [`MAX_MOVES`](crate::game::MAX_MOVES) moves:
//! when one more distinct move turns up, the list is marked overflowed and the search stops
//! there, so generation costs little in any position. [`each_move`] hands every move to a
//! closure (perft beyond the cap, [`crate::game::Game::for_each_move`]).
//!
//! The notation code reuses the same search with a visitor that records the legs of each path
//! ([`super::notation`]): one rules implementation serves generation, counting and notation.

use super::moves::Move;
use super::tables::{
    free_ray, nearest, opposite_colours, DIAGONAL, JUMP_VICTIMS, MAN_TARGETS, ORTHOGONAL,
    ORTH_NEIGHBOURS,
};
use crate::bitboard::squares;
use crate::game::MoveList;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

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
    /// The search reaches the capturer on `sq` (a king when `king`) with `captured` taken, at
    /// least two pieces: false skips the search from there (a state already explored, a path
    /// the visitor does not want, a visitor that has seen enough). States of one capture are not
    /// asked about (each has one path, see the module header, and there are few), nor the paths
    /// that the search finishes at once after their landing: those go to [`Visitor::finish`]
    /// directly (so a visitor that has seen enough ignores them there).
    #[inline(always)]
    fn visit(&mut self, _sq: usize, _captured: u64, _king: bool) -> bool {
        true
    }
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

/// A necessary condition for a capture from `sq` to take exactly the pieces of `remaining`
/// (not yet captured) and end on `end`: in the relaxed game where each capture is allowed as
/// long as its victim is one of `remaining` — any number of times, with no landing rule and no
/// ending rule (docs/rules.md D4, D8) — every piece of `remaining` can be taken and `end`
/// reached. The board itself does not change during a move (captured pieces stay, D6), so the
/// relaxed game is a plain reachability over squares. `king` chooses the king's captures (D8),
/// which include the man's (D5); a man that may promote on the way is to be asked as a king.
/// Used to cut the search for one given move ([`super::notation`]): a state that fails it leads
/// to no path of that move.
pub fn can_complete(ctx: &Ctx, sq: usize, king: bool, remaining: u64, end: usize) -> bool {
    let mut reached = 1u64 << sq;
    let mut frontier = reached;
    let mut taken = 0u64;
    while frontier != 0 {
        let mut next = 0u64;
        for s in squares(frontier) {
            if king {
                for d in DIAGONAL {
                    if let Some(x) = nearest(d, s, ctx.occ) {
                        if remaining & (1u64 << x) != 0 {
                            taken |= 1u64 << x;
                            next |= free_ray(d, x, ctx.occ);
                        }
                    }
                }
                for d in ORTHOGONAL {
                    if let Some(x) = nearest(d, s, ctx.occ) {
                        if remaining & (1u64 << x) != 0 && opposite_colours(s, x) {
                            taken |= 1u64 << x;
                            next |= 1u64 << x;
                        }
                    }
                }
            } else {
                for n in squares(remaining & JUMP_VICTIMS[s]) {
                    let b = 2 * n - s;
                    if ctx.occ & (1u64 << b) == 0 {
                        taken |= 1u64 << n;
                        next |= 1u64 << b;
                    }
                }
                let directs = remaining & ORTH_NEIGHBOURS[s];
                taken |= directs;
                next |= directs;
            }
        }
        frontier = next & !reached;
        reached |= next;
    }
    taken & remaining == remaining && reached & (1u64 << end) != 0
}

/// How many pieces the states of one depth of the search have captured, as a type: each depth
/// is compiled for what it needs. The origin and the states of one capture never ask the
/// visitor (see [`Visitor::visit`]), so the code that real positions run most stays as lean as
/// without it; the states of several captures ask at once.
trait Level {
    /// The level one capture further on.
    type Next: Level;
    /// States of this level ask [`Visitor::visit`].
    const ASK: bool;
}

/// The origin: nothing captured.
struct Origin;
/// One piece captured.
struct One;
/// Several pieces captured.
struct Several;

impl Level for Origin {
    type Next = One;
    const ASK: bool = false;
}

impl Level for One {
    type Next = Several;
    const ASK: bool = false;
}

impl Level for Several {
    type Next = Several;
    const ASK: bool = true;
}

/// A man's direct capture of `n` (docs/rules.md D5), when `n` is one of `directs`; the man
/// stands at level `L`.
#[inline(always)]
fn man_direct<V: Visitor, L: Level>(ctx: &Ctx, n: usize, captured: u64, directs: u64, v: &mut V) {
    if directs & (1u64 << n) != 0 {
        v.enter(Leg::Direct { victim: n as u8 });
        man_goes_on::<V, L::Next>(ctx, n, captured | 1u64 << n, v);
        v.leave();
    }
}

/// A man has landed on `sq` with `captured` taken (level `L`): the search goes on from there,
/// except that a man (not promoted, docs/rules.md D7) with no uncaptured enemy piece next to
/// it, orthogonally or diagonally with a square beyond, can capture no more, and its path is
/// finished at once.
#[inline(always)]
fn man_goes_on<V: Visitor, L: Level>(ctx: &Ctx, sq: usize, captured: u64, v: &mut V) {
    // docs/rules.md D7: promoted on the far rank, the piece goes on as a king.
    let promotes = ctx.promotion & (1u64 << sq) != 0;
    if !promotes && ctx.enemy & !captured & MAN_TARGETS[sq] == 0 {
        v.finish(Move::new(ctx.from as usize, sq, captured, false));
    } else {
        search_at::<V, L>(ctx, sq, captured, promotes, v);
    }
}

/// Follows the capturer standing on `sq` (a king when `king`) with `captured` already taken,
/// reporting every finished path to `v`. Called with `captured == 0` on the origin, it reports
/// nothing when the piece cannot capture.
#[inline]
pub fn search<V: Visitor>(ctx: &Ctx, sq: usize, captured: u64, king: bool, v: &mut V) {
    match captured.count_ones() {
        0 => search_at::<V, Origin>(ctx, sq, captured, king, v),
        1 => search_at::<V, One>(ctx, sq, captured, king, v),
        _ => search_at::<V, Several>(ctx, sq, captured, king, v),
    }
}

/// [`search`] at level `L`, which `captured` is at.
fn search_at<V: Visitor, L: Level>(ctx: &Ctx, sq: usize, captured: u64, king: bool, v: &mut V) {
    // See `Visitor::visit`: only states of several captures are asked about.
    if L::ASK && !v.visit(sq, captured, king) {
        return;
    }
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
                    search_at::<V, L::Next>(ctx, y, taken, true, v);
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
                search_at::<V, L::Next>(ctx, x, captured | 1u64 << x, true, v);
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
            man_goes_on::<V, L::Next>(ctx, b, captured | 1u64 << n, v);
            v.leave();
        }
        // docs/rules.md D5, direct capture of an orthogonal neighbour, in the order of `ORTHOGONAL`
        // (north, south, east, west). `directs` holds only real neighbours of `sq`, so the
        // wrapped offsets of an edge square never match.
        if directs != 0 {
            found = true;
            man_direct::<V, L>(ctx, (sq + 8) & 63, captured, directs, v);
            man_direct::<V, L>(ctx, (sq + 56) & 63, captured, directs, v);
            man_direct::<V, L>(ctx, (sq + 1) & 63, captured, directs, v);
            man_direct::<V, L>(ctx, (sq + 63) & 63, captured, directs, v);
        }
    }
    // docs/rules.md D4: the move ends only when the piece can capture no more.
    if !found && captured != 0 {
        v.finish(Move::new(ctx.from as usize, sq, captured, ctx.man && king));
    }
}

/// A hasher for the search's sets: their keys are bitboards and square numbers that a
/// multiplication spreads well enough, and no input comes from outside (no flooding to fear).
#[derive(Default, Clone, Copy)]
pub struct FoldHasher(u64);

impl Hasher for FoldHasher {
    #[inline(always)]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline(always)]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline(always)]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    #[inline(always)]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(26) ^ i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    #[inline(always)]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// A hash set with [`FoldHasher`].
pub type FastSet<T> = HashSet<T, BuildHasherDefault<FoldHasher>>;

/// States of several captures of one piece explored before [`Memo`] starts recording: real
/// positions stay below it (a piece rarely has more than a few dozen), so they never pay for
/// the memo.
pub const MEMO_AFTER: u32 = 64;

/// The explored states of several captures of one piece (see the module header): capturer's
/// square, captured set, king or not.
#[derive(Default)]
pub struct Memo {
    /// States of several captures seen for this piece, recorded or not.
    states: u32,
    /// The recorded states: captured set, square plus 64 for a king.
    seen: FastSet<(u64, u8)>,
}

impl Memo {
    /// True when the state is new for this piece and is to be explored; false when it has been
    /// explored before (all the moves it leads to are found already).
    #[inline(always)]
    pub fn first_visit(&mut self, sq: usize, captured: u64, king: bool) -> bool {
        self.states += 1;
        if self.states <= MEMO_AFTER {
            return true;
        }
        self.seen.insert((captured, sq as u8 | (king as u8) << 6))
    }

    /// The next piece: its states are others (its context differs).
    #[inline(always)]
    pub fn reset(&mut self) {
        self.states = 0;
        if !self.seen.is_empty() {
            self.seen.clear();
        }
    }
}

/// How many of one piece's moves [`ListVisitor`] scans linearly for the duplicate check
/// (docs/rules.md D12) before it looks them up in a hash set.
pub const SCAN_LIMIT: usize = 32;

/// The generator's visitor: pushes each finished move unless an equal one (docs/rules.md D12)
/// is already among this piece's moves, and stops once the list has overflowed (see the module
/// header). States already explored are skipped.
pub struct ListVisitor<'a> {
    /// The list being filled.
    list: &'a mut MoveList<Move>,
    /// Where this piece's captures start in `list`.
    first: usize,
    /// This piece's moves, once they are more than [`SCAN_LIMIT`] (empty before).
    seen: FastSet<Move>,
    /// This piece's explored states.
    memo: Memo,
}

impl<'a> ListVisitor<'a> {
    /// A visitor appending to `list`; call [`ListVisitor::next_piece`] before each piece.
    #[inline(always)]
    pub fn new(list: &'a mut MoveList<Move>) -> Self {
        let first = list.len();
        ListVisitor {
            list,
            first,
            seen: FastSet::default(),
            memo: Memo::default(),
        }
    }

    /// The next piece's moves follow.
    #[inline(always)]
    pub fn next_piece(&mut self) {
        self.first = self.list.len();
        if !self.seen.is_empty() {
            self.seen.clear();
        }
        self.memo.reset();
    }

    /// True when the list overflowed: the position has more moves than it holds.
    #[inline(always)]
    pub fn overflowed(&self) -> bool {
        self.list.overflowed()
    }

    /// True when `mv`, a move of several captures, is not yet among this piece's moves.
    #[inline(always)]
    fn is_new(&mut self, mv: Move) -> bool {
        let mine = &self.list[self.first..];
        if mine.len() <= SCAN_LIMIT {
            return !mine.contains(&mv);
        }
        if self.seen.is_empty() {
            self.seen.extend(mine.iter().copied());
        }
        self.seen.insert(mv)
    }
}

impl Visitor for ListVisitor<'_> {
    #[inline(always)]
    fn visit(&mut self, sq: usize, captured: u64, king: bool) -> bool {
        !self.list.overflowed() && self.memo.first_visit(sq, captured, king)
    }

    #[inline(always)]
    fn finish(&mut self, mv: Move) {
        if self.list.overflowed() {
            return;
        }
        // docs/rules.md D12: several paths with the same identity are one move. A move of one capture
        // has one path (see the module header), so only longer ones are looked up.
        if !mv.captured().is_power_of_two() && !self.is_new(mv) {
            return;
        }
        // On a full list this marks the overflow, and the search stops (`visit`).
        self.list.push(mv);
    }
}

/// One layer of [`each_move`]: the captured sets of its states, by square plus 64 for a king.
type Layer = [Vec<u64>; 128];

/// Where a state goes in a [`Layer`].
#[inline(always)]
fn layer_index(sq: usize, king: bool) -> usize {
    sq | (king as usize) << 6
}

/// The layered search's visitor: explores the state it starts from (depth 0) and records the
/// states one capture further on, instead of searching them on, also those of the paths that
/// the search finishes at once after their landing
/// ([`Visitor::finish`]); reports whether the start state is finished (docs/rules.md D4). From
/// the origin, the states of one capture are searched through (the search does not ask about
/// them), so the first layer holds the states of two captures and the finished ones of one;
/// each later layer one capture more. A state is so always met in the same layer.
struct LayerVisitor<'a> {
    /// Legs entered below the start state.
    depth: u32,
    /// The next layer's states.
    next: &'a mut Layer,
    /// The capturer started the move as a king (then it is one in every state).
    king_origin: bool,
    /// The start state is finished: the piece can capture no more.
    finished: bool,
}

impl Visitor for LayerVisitor<'_> {
    #[inline(always)]
    fn enter(&mut self, _leg: Leg) {
        self.depth += 1;
    }
    #[inline(always)]
    fn leave(&mut self) {
        self.depth -= 1;
    }
    #[inline(always)]
    fn visit(&mut self, sq: usize, captured: u64, king: bool) -> bool {
        if self.depth == 0 {
            return true;
        }
        self.next[layer_index(sq, king)].push(captured);
        false
    }
    #[inline(always)]
    fn finish(&mut self, mv: Move) {
        if self.depth == 0 {
            self.finished = true;
        } else {
            // A path that ends at once after its landing: a state of the next layer like the
            // others (searched again, it is found finished). Not marked as finished: the same
            // state may be reached by a path that the search does not finish at once (a man
            // promoted by its last jump), and must meet itself in the same list.
            let king = self.king_origin || mv.is_promotion();
            self.next[layer_index(mv.to(), king)].push(mv.captured());
        }
    }
}

/// Removes repeated captured sets from `sets`, keeping the first of each in place: an
/// open-addressing hash table of at least twice their number, in `table` (reused). A set is
/// never empty (each state has a capture), so 0 marks a free slot.
fn dedup(sets: &mut Vec<u64>, table: &mut Vec<u64>) {
    if sets.len() < 2 {
        return;
    }
    let bits = (2 * sets.len()).next_power_of_two().trailing_zeros();
    let mask = (1usize << bits) - 1;
    table.clear();
    table.resize(1 << bits, 0);
    let mut kept = 0;
    for i in 0..sets.len() {
        let c = sets[i];
        let mut h = (c.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize;
        loop {
            if table[h] == 0 {
                table[h] = c;
                sets[kept] = c;
                kept += 1;
                break;
            }
            if table[h] == c {
                break;
            }
            h = (h + 1) & mask;
        }
    }
    sets.truncate(kept);
}

/// Calls `f` once for every distinct move (docs/rules.md D12) of the piece on `from` (a king
/// when `king`), however many: the search breadth first, one layer per number of captured
/// pieces, each layer rid of repeated states before it is searched on. Every state is so
/// explored once, and only two layers are kept, so a dense position with tens of millions of
/// moves is counted in seconds, in memory for a few million states. A layer is kept by square
/// (and king or not), so that repeated states are found among many short lists of captured
/// sets ([`dedup`]), whose hash tables stay in the cache, rather than in one long one. A
/// finished state is a move
/// (the state *is* the D12 identity: destination, captured set, and whether the man ends as a
/// king), so the moves come out distinct: by number of captures, then by destination.
pub fn each_move(ctx: &Ctx, from: usize, king: bool, f: &mut dyn FnMut(Move)) {
    let mut layer: Layer = std::array::from_fn(|_| Vec::new());
    let mut next: Layer = std::array::from_fn(|_| Vec::new());
    let mut table = Vec::new();
    let mut v = LayerVisitor {
        depth: 0,
        next: &mut layer,
        king_origin: king,
        finished: false,
    };
    // The origin: captured == 0, so the search does not ask `visit` for it.
    search(ctx, from, 0, king, &mut v);
    while layer.iter().any(|l| !l.is_empty()) {
        let mut v = LayerVisitor {
            depth: 0,
            next: &mut next,
            king_origin: king,
            finished: false,
        };
        for (index, sets) in layer.iter_mut().enumerate() {
            dedup(sets, &mut table);
            let (sq, is_king) = (index & 63, index & 64 != 0);
            for &captured in sets.iter() {
                v.finished = false;
                search(ctx, sq, captured, is_king, &mut v);
                if v.finished {
                    f(Move::new(from, sq, captured, ctx.man && is_king));
                }
            }
            sets.clear();
        }
        std::mem::swap(&mut layer, &mut next);
    }
}

/// How many distinct moves of several captures of one piece [`CountVisitor`] keeps for the
/// duplicate check (docs/rules.md D12) before it gives up; real positions stay far below.
pub const COUNT_CAPACITY: usize = 16;

/// How many paths of several captures of one piece [`CountVisitor`] follows, without a memo,
/// before it gives up: more means a dense position, where [`each_move`] is the faster way.
/// Between two finished paths the search explores at most one path's worth of new states, so
/// this bounds its work.
pub const COUNT_PATHS: u32 = 256;

/// The counting visitor (perft's last ply): counts the distinct moves (docs/rules.md D12) without
/// listing them. Moves of one capture have one path each and are only counted. Longer moves of
/// the current piece are kept for the duplicate check, as their captured sets and destinations
/// (the origin is the piece's, so the rest of the identity); moves of different pieces are never
/// equal, so [`CountVisitor::next_piece`] forgets them. The buffer is small and on the stack:
/// when one piece overflows it, or finishes more than [`COUNT_PATHS`] paths, the visitor stops
/// ([`CountVisitor::overflowed`]) and the caller counts with [`each_move`] instead.
pub struct CountVisitor {
    /// Distinct moves counted so far, except the current piece's moves of several captures.
    counted: usize,
    /// The number of the current piece's distinct moves of several captures.
    len: usize,
    /// The current piece's finished paths of several captures so far.
    paths: u32,
    /// Their captured sets.
    captured: [u64; COUNT_CAPACITY],
    /// Their destinations, plus 64 when the man ends as a king (docs/rules.md D7).
    ends: [u8; COUNT_CAPACITY],
    /// One piece had more than `COUNT_CAPACITY` distinct moves of several captures, or more
    /// than `COUNT_PATHS` paths of them.
    overflow: bool,
}

impl CountVisitor {
    /// A visitor that has seen nothing.
    #[inline(always)]
    pub fn new() -> Self {
        CountVisitor {
            counted: 0,
            len: 0,
            paths: 0,
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
        self.paths = 0;
    }

    /// True when the visitor gave up and [`CountVisitor::count`] is not to be trusted.
    #[inline(always)]
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// The number of distinct moves (unless [`CountVisitor::overflowed`]).
    #[inline(always)]
    pub fn count(&self) -> usize {
        self.counted + self.len
    }
}

impl Default for CountVisitor {
    fn default() -> Self {
        Self::new()
    }
}

impl Visitor for CountVisitor {
    #[inline(always)]
    fn visit(&mut self, _sq: usize, _captured: u64, _king: bool) -> bool {
        !self.overflow
    }

    #[inline(always)]
    fn finish(&mut self, mv: Move) {
        let captured = mv.captured();
        if captured.is_power_of_two() {
            self.counted += 1;
            return;
        }
        if self.overflow {
            return;
        }
        self.paths += 1;
        let end = mv.to() as u8 | (mv.is_promotion() as u8) << 6;
        let n = self.len;
        if (0..n).any(|i| self.captured[i] == captured && self.ends[i] == end) {
            if self.paths > COUNT_PATHS {
                self.overflow = true;
            }
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
