//! The network's inputs: one per (perspective, piece kind, colour, square), as in every NNUE
//! engine with a "768"-style feature set, sized to each game's board.
//!
//! A game gives its pieces as [`Boards`]: one bitboard per (colour, kind), White's kinds first
//! (board `colour * KINDS + kind`). From a perspective (a colour), the input of a piece is
//!
//! ```text
//! (own ? 0 : 1) * KINDS * SQUARES + kind * SQUARES + square seen from that colour
//! ```
//!
//! where Black sees the board flipped rank for rank ([`FeatureSet::flip`]), so that one set of
//! weights serves both sides. Inputs per perspective: `2 * KINDS * SQUARES` ([`inputs`]).
//! Nothing is relative to the king: moving a king changes two inputs like any other piece.

use kurier_rules::game::{Color, Game};
use kurier_rules::games::courier::{Courier, Piece as CourierPiece};
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::{Piece as SchachdamePiece, Schachdame};

/// The most (colour, kind) boards a game has: Courier's 2 × 9.
pub const MAX_BOARDS: usize = 18;

/// A position's pieces, one bitboard per (colour, kind), unused boards empty.
pub type Boards = [u128; MAX_BOARDS];

/// The name of this feature set in a network file's header ([`super::network`]): one input
/// per (perspective, kind, colour, square), as [`index`] numbers them.
pub const FEATURE_SET: &str = "piece-square";

/// What a game gives its network: its pieces by colour and kind, and its board's geometry.
pub trait FeatureSet: Game {
    /// Kinds of piece.
    const KINDS: usize;
    /// Squares of the board (bit `i` of a board is square `i`).
    const SQUARES: usize;
    /// The most pieces a position of the game has: those of the start. No move adds one (a
    /// capture takes one away, a promotion or crowning replaces one), so no position played
    /// from the start has more; a search whose root has more evaluates without a network (the
    /// network file's weights are bounded for this many active inputs, [`super::network`]).
    const MAX_PIECES: usize;

    /// The pieces, board `colour.index() * KINDS + kind`.
    fn boards(&self) -> Boards;

    /// The square `sq` as the other colour sees it (the board flipped rank for rank).
    fn flip(sq: usize) -> usize;

    /// The square `sq` with the board reflected left-right, where the game's rules are the same
    /// on the reflected board (every piece moves alike both ways, the start aside), so that a
    /// position and its reflection are worth the same; `None` where they are not (Schachdame's
    /// dark squares become light ones) or where no network uses it yet (Dual checkers). The
    /// trainer's `--mirror` reads it.
    fn mirror(sq: usize) -> Option<usize> {
        let _ = sq;
        None
    }
}

/// Inputs per perspective of the game `G`.
pub const fn inputs<G: FeatureSet>() -> usize {
    2 * G::KINDS * G::SQUARES
}

/// A game's inputs as a network file names them: the game, its kinds, squares and most pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The game's name ([`Game::NAME`]).
    pub game: &'static str,
    /// [`FeatureSet::KINDS`].
    pub kinds: usize,
    /// [`FeatureSet::SQUARES`].
    pub squares: usize,
    /// [`FeatureSet::MAX_PIECES`].
    pub max_pieces: usize,
}

impl Geometry {
    /// The geometry of the game `G`.
    pub const fn of<G: FeatureSet>() -> Geometry {
        Geometry {
            game: G::NAME,
            kinds: G::KINDS,
            squares: G::SQUARES,
            max_pieces: G::MAX_PIECES,
        }
    }

    /// Inputs per perspective ([`inputs`]).
    pub const fn inputs(&self) -> usize {
        2 * self.kinds * self.squares
    }

    /// The geometry of the game named `game`, if this engine plays it.
    pub fn named(game: &str) -> Option<Geometry> {
        GAMES.into_iter().find(|g| g.game == game)
    }
}

/// Every game this engine has a feature set for.
pub const GAMES: [Geometry; 3] = [
    Geometry::of::<Courier>(),
    Geometry::of::<Schachdame>(),
    Geometry::of::<DualCheckers>(),
];

/// Pieces on the boards `boards` of the game `G`.
pub fn pieces<G: FeatureSet>(boards: &Boards) -> usize {
    boards
        .iter()
        .take(2 * G::KINDS)
        .map(|b| b.count_ones() as usize)
        .sum()
}

/// The input of the piece on `sq` of board `board` ([`Boards`]) from `perspective`'s side.
#[inline(always)]
pub fn index<G: FeatureSet>(board: usize, sq: usize, perspective: Color) -> usize {
    let (color, kind) = (board / G::KINDS, board % G::KINDS);
    let theirs = usize::from(color != perspective.index());
    let sq = match perspective {
        Color::White => sq,
        Color::Black => G::flip(sq),
    };
    (theirs * G::KINDS + kind) * G::SQUARES + sq
}

/// Calls `f` with every active input of `pos` from `perspective`'s side.
pub fn active<G: FeatureSet>(pos: &G, perspective: Color, f: impl FnMut(usize)) {
    active_in::<G>(&pos.boards(), perspective, f);
}

/// Calls `f` with every active input of the pieces `boards` (of the game `G`) from
/// `perspective`'s side.
#[inline(always)]
pub fn active_in<G: FeatureSet>(boards: &Boards, perspective: Color, mut f: impl FnMut(usize)) {
    for (b, &bits) in boards.iter().enumerate().take(2 * G::KINDS) {
        let mut bits = bits;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            f(index::<G>(b, sq, perspective));
        }
    }
}

impl FeatureSet for Courier {
    const KINDS: usize = CourierPiece::COUNT;
    const SQUARES: usize = 96;
    /// docs/rules.md C3: twelve pieces and twelve pawns a side.
    const MAX_PIECES: usize = 48;

    #[inline(always)]
    fn boards(&self) -> Boards {
        let mut b = [0; MAX_BOARDS];
        for c in Color::BOTH {
            for p in CourierPiece::ALL {
                b[c.index() * Self::KINDS + p as usize] = self.pieces(c, p);
            }
        }
        b
    }

    #[inline(always)]
    fn flip(sq: usize) -> usize {
        (7 - sq / 12) * 12 + sq % 12
    }

    /// docs/rules.md C2, C4: every Courier piece moves alike to the left and to the right.
    #[inline(always)]
    fn mirror(sq: usize) -> Option<usize> {
        Some(sq / 12 * 12 + 11 - sq % 12)
    }
}

impl FeatureSet for Schachdame {
    const KINDS: usize = 3;
    const SQUARES: usize = 64;
    /// docs/rules.md S2: eight pieces a side.
    const MAX_PIECES: usize = 16;

    #[inline(always)]
    fn boards(&self) -> Boards {
        let mut b = [0; MAX_BOARDS];
        for c in Color::BOTH {
            for p in SchachdamePiece::ALL {
                b[c.index() * Self::KINDS + p as usize] = u128::from(self.pieces(c, p));
            }
        }
        b
    }

    #[inline(always)]
    fn flip(sq: usize) -> usize {
        sq ^ 56
    }
}

impl FeatureSet for DualCheckers {
    const KINDS: usize = 2;
    const SQUARES: usize = 64;
    /// docs/rules.md D1: twelve men a side.
    const MAX_PIECES: usize = 24;

    #[inline(always)]
    fn boards(&self) -> Boards {
        let mut b = [0; MAX_BOARDS];
        for c in Color::BOTH {
            b[c.index() * 2] = u128::from(self.men(c));
            b[c.index() * 2 + 1] = u128::from(self.kings(c));
        }
        b
    }

    #[inline(always)]
    fn flip(sq: usize) -> usize {
        sq ^ 56
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<G: FeatureSet>(fen: &str) {
        let pos = G::from_fen(fen).unwrap();
        for p in Color::BOTH {
            let mut seen = vec![false; inputs::<G>()];
            let mut n = 0;
            active(&pos, p, |i| {
                assert!(i < inputs::<G>(), "{fen}: input {i} out of range");
                assert!(!seen[i], "{fen}: input {i} twice");
                seen[i] = true;
                n += 1;
            });
            let pieces: u32 = pos.boards().iter().map(|b| b.count_ones()).sum();
            assert_eq!(n, pieces as usize, "{fen}");
        }
        for sq in 0..G::SQUARES {
            assert_eq!(G::flip(G::flip(sq)), sq);
        }
    }

    /// The start positions have the most pieces; a capture takes one away, a promotion none.
    #[test]
    fn the_start_has_the_most_pieces() {
        fn at_start<G: FeatureSet>(fen: &str) {
            let pos = G::from_fen(fen).unwrap();
            assert_eq!(pieces::<G>(&pos.boards()), G::MAX_PIECES, "{fen}");
            assert_eq!(Geometry::named(G::NAME), Some(Geometry::of::<G>()));
            assert_eq!(Geometry::of::<G>().inputs(), inputs::<G>());
        }
        at_start::<Courier>(kurier_rules::games::courier::START_FEN);
        at_start::<Courier>(kurier_rules::games::courier::PRE_CEREMONY_FEN);
        at_start::<Schachdame>(kurier_rules::games::schachdame::START_FEN);
        at_start::<DualCheckers>(&DualCheckers::start().fen());
        assert_eq!(Geometry::named("COURIER"), None);
    }

    #[test]
    fn every_piece_is_one_input_in_range() {
        check::<Courier>(kurier_rules::games::courier::START_FEN);
        check::<Schachdame>(kurier_rules::games::schachdame::START_FEN);
        check::<DualCheckers>(&DualCheckers::start().fen());
    }

    /// The start position is symmetric: White's view of it is Black's.
    #[test]
    fn the_start_looks_the_same_from_both_sides() {
        let pos = Courier::from_fen(kurier_rules::games::courier::PRE_CEREMONY_FEN).unwrap();
        let mut white = Vec::new();
        let mut black = Vec::new();
        active(&pos, Color::White, |i| white.push(i));
        active(&pos, Color::Black, |i| black.push(i));
        white.sort_unstable();
        black.sort_unstable();
        assert_eq!(white, black);
    }
}
