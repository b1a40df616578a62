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

/// What a game gives its network: its pieces by colour and kind, and its board's geometry.
pub trait FeatureSet: Game {
    /// Kinds of piece.
    const KINDS: usize;
    /// Squares of the board (bit `i` of a board is square `i`).
    const SQUARES: usize;

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
