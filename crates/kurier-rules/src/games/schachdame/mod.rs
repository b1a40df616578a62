//! Schachdame (Heinrich Richter, 1883): chess on the 32 dark squares with diagonal moves only.
//!
//! The rules, from docs/rules.md section S (seed `000_1b57fd55f9af058d.txt`):
//!
//! - S1 8x8 board; every piece stands on a dark square (a1 is dark), every move is diagonal.
//! - S2 per side one King (`K`, *Dame*), one Bishop (`B`, *Ritter*), six Pawns (`P`, *Bauern*).
//! - S3 start `1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1` ([`START_FEN`]).
//! - S4 King: one step diagonally \[F\], royal. Bishop: slides diagonally \[B\]. Pawn: one step
//!   diagonally forward, to move or to capture \[fmFfcF\]; no double step, no en passant.
//! - S5 capture by replacement, never compulsory.
//! - S6 a pawn reaching the last rank becomes a Bishop, nothing else.
//! - S7 check and mate as in chess.
//! - S8 draws: stalemate, threefold repetition, 50 moves each without capture or pawn move, two
//!   bare kings. King and bishop against king is *not* a draw.
//! - S9 chess FEN with `-` castling and en-passant fields; moves `c1e3`, promotion `b7a8b`.
//!
//! Layout: [`attacks`] holds the compile-time tables, [`movegen`] the legal move generator,
//! [`fen`] reading and writing positions, [`moves`] the move type and its notation, [`san`] its
//! Standard Algebraic Notation.

pub mod attacks;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod san;

use crate::game::{Color, FenError, Game, MoveError, MoveList, Outcome, Reason};
use crate::zobrist;
pub use moves::Move;

/// The start position (docs/rules.md S3).
pub const START_FEN: &str = "1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1";

/// The kinds of piece (docs/rules.md S2). The discriminant indexes the piece bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// *Bauer*: one step diagonally forward.
    Pawn = 0,
    /// *Ritter*: slides diagonally.
    Bishop = 1,
    /// *Dame*: one step diagonally, royal.
    King = 2,
}

impl Piece {
    /// All kinds, by index.
    pub const ALL: [Piece; 3] = [Piece::Pawn, Piece::Bishop, Piece::King];

    /// The FEN letter for a piece of `color`.
    pub const fn letter(self, color: Color) -> char {
        let c = match self {
            Piece::Pawn => 'P',
            Piece::Bishop => 'B',
            Piece::King => 'K',
        };
        match color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// Zobrist keys: `[colour][piece][square]`, then the side-to-move key at the end.
static KEYS: [u64; 2 * 3 * 64 + 1] = zobrist::keys(0x5C4A_C4DA_3E00_0001);

#[inline(always)]
fn piece_key(color: Color, piece: Piece, sq: usize) -> u64 {
    KEYS[(color.index() * 3 + piece as usize) * 64 + sq]
}

#[inline(always)]
fn side_key() -> u64 {
    KEYS[2 * 3 * 64]
}

/// A Schachdame position. 48 bytes; copied on every move (copy-make).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schachdame {
    /// `pieces[colour][piece]`: bitboard of that colour's pieces of that kind.
    pieces: [[u64; 3]; 2],
    /// All pieces of each colour.
    occupied: [u64; 2],
    /// Zobrist key of pieces and side to move.
    key: u64,
    /// Side to move.
    side: Color,
    /// Plies since the last capture or pawn move (50-move rule, docs/rules.md S8).
    halfmove: u16,
    /// Move number, starting at 1 and increased after Black's move.
    fullmove: u16,
}

impl Schachdame {
    /// The bitboard of `color`'s pieces of kind `piece`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, piece: Piece) -> u64 {
        self.pieces[color.index()][piece as usize]
    }

    /// All pieces of `color`.
    #[inline(always)]
    pub fn occupied_by(&self, color: Color) -> u64 {
        self.occupied[color.index()]
    }

    /// All pieces.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }

    /// The square of `color`'s king.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> usize {
        self.pieces(color, Piece::King).trailing_zeros() as usize
    }

    /// The piece of `color` on `sq`, if any.
    #[inline(always)]
    pub fn piece_on(&self, color: Color, sq: usize) -> Option<Piece> {
        let b = 1u64 << sq;
        let p = &self.pieces[color.index()];
        if p[0] & b != 0 {
            Some(Piece::Pawn)
        } else if p[1] & b != 0 {
            Some(Piece::Bishop)
        } else if p[2] & b != 0 {
            Some(Piece::King)
        } else {
            None
        }
    }

    /// True when `by` attacks `sq` with the pieces in `occ` blocking.
    #[inline(always)]
    pub fn attacked(&self, sq: usize, by: Color, occ: u64) -> bool {
        (attacks::PAWN[by.flip().index()][sq] & self.pieces(by, Piece::Pawn)) != 0
            || (attacks::KING[sq] & self.pieces(by, Piece::King)) != 0
            || (attacks::bishop_attacks(sq, occ) & self.pieces(by, Piece::Bishop)) != 0
    }

    /// True when the side to move is in check (docs/rules.md S7).
    #[inline]
    pub fn in_check(&self) -> bool {
        self.attacked(self.king_square(self.side), !self.side, self.occupied())
    }

    fn put(&mut self, color: Color, piece: Piece, sq: usize) {
        let b = 1u64 << sq;
        self.pieces[color.index()][piece as usize] |= b;
        self.occupied[color.index()] |= b;
        self.key ^= piece_key(color, piece, sq);
    }

    /// The same position with the other side to move: the null move of search. Only used when
    /// the side to move is not in check.
    pub fn pass(&self) -> Self {
        let mut p = *self;
        p.side = !p.side;
        p.key ^= side_key();
        p.halfmove = p.halfmove.saturating_add(1);
        p
    }

    /// The empty board, White to move (FEN reading fills it).
    fn empty() -> Self {
        Schachdame {
            pieces: [[0; 3]; 2],
            occupied: [0; 2],
            key: 0,
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
        }
    }
}

impl Game for Schachdame {
    type Move = Move;
    const NAME: &'static str = "schachdame";

    fn start() -> Self {
        match Self::from_fen(START_FEN) {
            Ok(p) => p,
            Err(e) => unreachable!("the start FEN is valid: {e}"),
        }
    }

    fn from_fen(text: &str) -> Result<Self, FenError> {
        fen::parse(text)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        self.key
    }

    fn compute_key(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            side_key()
        } else {
            0
        };
        for color in Color::BOTH {
            for piece in Piece::ALL {
                for sq in crate::bitboard::squares(self.pieces(color, piece)) {
                    key ^= piece_key(color, piece, sq);
                }
            }
        }
        key
    }

    #[inline]
    fn generate(&self, moves: &mut MoveList<Move>) {
        movegen::generate(self, &mut movegen::ListSink(moves));
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        let mut sink = movegen::CountSink(0);
        movegen::generate(self, &mut sink);
        sink.0
    }

    /// Copy-make (docs/rules.md S5 capture by replacement, S6 promotion to bishop).
    #[inline]
    fn play(&self, mv: Move) -> Self {
        let mut p = *self;
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let (from_bb, to_bb) = (1u64 << from, 1u64 << to);
        let moved = self.piece_on(us, from).unwrap_or(Piece::Pawn);
        debug_assert_eq!(self.piece_on(us, from), Some(moved), "no piece on {from}");

        p.halfmove += 1;
        if self.occupied_by(them) & to_bb != 0 {
            let captured = self.piece_on(them, to).unwrap_or(Piece::Pawn);
            p.pieces[them.index()][captured as usize] ^= to_bb;
            p.occupied[them.index()] ^= to_bb;
            p.key ^= piece_key(them, captured, to);
            p.halfmove = 0;
        }
        p.occupied[us.index()] ^= from_bb | to_bb;
        p.pieces[us.index()][moved as usize] ^= from_bb;
        p.key ^= piece_key(us, moved, from);
        let landed = if mv.is_promotion() {
            Piece::Bishop
        } else {
            moved
        };
        p.pieces[us.index()][landed as usize] ^= to_bb;
        p.key ^= piece_key(us, landed, to);
        if moved == Piece::Pawn {
            p.halfmove = 0;
        }
        if us == Color::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.side = them;
        p.key ^= side_key();
        p
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        moves::parse(self, text)
    }

    #[inline(always)]
    fn reversible_plies(&self) -> u32 {
        self.halfmove as u32
    }

    /// docs/rules.md S7 (mate), S8 (stalemate, 50-move rule, two bare kings). Mate on the 100th ply
    /// still wins, as in chess: the board decides before the counter.
    fn outcome(&self) -> Option<Outcome> {
        if self.count_moves() == 0 {
            return Some(if self.in_check() {
                Outcome::Win {
                    winner: !self.side,
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome::Draw(Reason::Stalemate)
            });
        }
        let kings = self.pieces(Color::White, Piece::King) | self.pieces(Color::Black, Piece::King);
        if self.occupied() == kings {
            return Some(Outcome::Draw(Reason::TwoBareKings));
        }
        if self.halfmove >= 100 {
            return Some(Outcome::Draw(Reason::MoveRule(100)));
        }
        None
    }
}
