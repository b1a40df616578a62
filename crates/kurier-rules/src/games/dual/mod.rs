//! Dual checkers (Дуальные шашки; A. Tevelev-Sladkov and V. Baiguzhakov): checkers on all 64
//! squares, where a man changes colour by capturing "directly".
//!
//! The rules, from docs/rules.md section D (seed `002_84427b932d15599d.txt`):
//!
//! - D1 8x8 board, all 64 squares; 12 men per side.
//! - D2 White men on the light squares of ranks 1–3, Black men on the dark squares of ranks 6–8;
//!   White moves first, up the board ([`START_FEN`]).
//! - D3 a man moves one step diagonally forward onto an empty square.
//! - D4 captures are compulsory; free choice among them, but the chosen one is completed.
//! - D5 a man captures by diagonal jumps (forward and backward) and *directly*: onto an
//!   orthogonally adjacent enemy piece's square; both freely mixed in one move.
//! - D6 captured pieces stay on the board as obstacles until the move ends; the capturer's origin
//!   counts as empty.
//! - D7 a man reaching the far rank becomes a king, and goes on capturing as a king.
//! - D8 kings fly diagonally; they capture diagonally (landing anywhere beyond the victim, but only
//!   where the capture goes on when it can) and directly along ranks and files onto an enemy
//!   piece at an odd distance.
//! - D9 a side with no legal move loses.
//! - D10 draws: threefold repetition; 30 plies of king moves without capture.
//! - D11 notation `f3-e4`, `f6:d4:d3`; protocol legs `f6e5,e5d4,d4d3`.
//! - D12 capture paths with the same origin, destination, captured set and resulting piece are
//!   one move.
//!
//! Layout: [`tables`] compile-time geometry, [`captures`] the multi-capture search and the
//! duplicate policy, [`movegen`] the generator, [`fen`] positions as text, [`moves`] the move
//! type, [`notation`] moves as text. The evaluation is engine policy and lives in the engine.

pub mod captures;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod tables;

use crate::bitboard::squares;
use crate::game::{Color, FenError, Game, MoveError, MoveList, Outcome, Reason};
use crate::zobrist;
pub use moves::Move;
use tables::{RANK_1, RANK_8};

/// The start position (docs/rules.md D2).
pub const START_FEN: &str = "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/1M1M1M1M/M1M1M1M1/1M1M1M1M w 0 1";

/// Plies of king moves without capture that draw the game (docs/rules.md D10: 15 moves each).
pub const KING_MOVE_DRAW_PLIES: u16 = 30;

/// The kinds of piece. The discriminant indexes the Zobrist table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A man (простая): steps diagonally forward, captures as in docs/rules.md D5.
    Man = 0,
    /// A king (дамка): flies diagonally, captures as in docs/rules.md D8.
    King = 1,
}

impl Piece {
    /// The FEN letter for a piece of `color`: `M`/`m`, `K`/`k`.
    pub const fn letter(self, color: Color) -> char {
        let c = match self {
            Piece::Man => 'M',
            Piece::King => 'K',
        };
        match color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// Zobrist keys: `[colour][piece][square]`, then the side-to-move key.
static KEYS: [u64; 2 * 2 * 64 + 1] = zobrist::keys(0xD0A1_C4EC_6E85_0003);

#[inline(always)]
fn piece_key(color: Color, piece: Piece, sq: usize) -> u64 {
    KEYS[(color.index() * 2 + piece as usize) * 64 + sq]
}

#[inline(always)]
fn side_key() -> u64 {
    KEYS[2 * 2 * 64]
}

/// A Dual-checkers position. 48 bytes; copied on every move (copy-make).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DualCheckers {
    /// Men of each colour.
    men: [u64; 2],
    /// Kings of each colour.
    kings: [u64; 2],
    /// Zobrist key of pieces and side to move.
    key: u64,
    /// Side to move.
    side: Color,
    /// Plies since the last capture or man move (docs/rules.md D10).
    reversible: u16,
    /// Move number, from 1, increased after Black's move.
    fullmove: u16,
}

impl DualCheckers {
    /// The men of `color`.
    #[inline(always)]
    pub fn men(&self, color: Color) -> u64 {
        self.men[color.index()]
    }

    /// The kings of `color`.
    #[inline(always)]
    pub fn kings(&self, color: Color) -> u64 {
        self.kings[color.index()]
    }

    /// All pieces of `color`.
    #[inline(always)]
    pub fn occupied_by(&self, color: Color) -> u64 {
        self.men[color.index()] | self.kings[color.index()]
    }

    /// All pieces.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.men[0] | self.men[1] | self.kings[0] | self.kings[1]
    }

    /// The piece on `sq` and its colour, if any.
    pub fn piece_on(&self, sq: usize) -> Option<(Color, Piece)> {
        let b = 1u64 << sq;
        Color::BOTH.into_iter().find_map(|c| {
            if self.men(c) & b != 0 {
                Some((c, Piece::Man))
            } else if self.kings(c) & b != 0 {
                Some((c, Piece::King))
            } else {
                None
            }
        })
    }

    /// The side to move's far rank (docs/rules.md D7).
    #[inline(always)]
    pub fn promotion_rank(&self) -> u64 {
        match self.side {
            Color::White => RANK_8,
            Color::Black => RANK_1,
        }
    }

    /// The move in the people's notation of docs/rules.md D11 (`f3-e4`, `f6:d4:d3`).
    pub fn pdn(&self, mv: Move) -> String {
        notation::pdn(self, mv)
    }

    /// The position in the draughts FEN form (`W:Wb1,d1,Kc4:Bb6,Kd8`).
    pub fn draughts_fen(&self) -> String {
        fen::write_draughts(self)
    }

    /// Calls `f(ctx, square, is_king)` for each piece of the side to move, men first: the
    /// capture search's starting points.
    #[inline(always)]
    pub fn for_each_capturer(&self, mut f: impl FnMut(&captures::Ctx, usize, bool)) {
        let us = self.side;
        let (own, enemy, promotion) = (
            self.occupied_by(us),
            self.occupied_by(!us),
            self.promotion_rank(),
        );
        for from in squares(self.men(us)) {
            f(
                &captures::Ctx::new(from, own, enemy, promotion, true),
                from,
                false,
            );
        }
        for from in squares(self.kings(us)) {
            f(
                &captures::Ctx::new(from, own, enemy, promotion, false),
                from,
                true,
            );
        }
    }

    /// The capture search's starting point for the piece of the side to move on `from`: its
    /// context and whether it is a king; `None` when no piece of the side to move stands there.
    pub fn capturer(&self, from: usize) -> Option<(captures::Ctx, bool)> {
        let us = self.side;
        let b = 1u64 << from;
        let king = self.kings(us) & b != 0;
        if !king && self.men(us) & b == 0 {
            return None;
        }
        let ctx = captures::Ctx::new(
            from,
            self.occupied_by(us),
            self.occupied_by(!us),
            self.promotion_rank(),
            !king,
        );
        Some((ctx, king))
    }

    fn put(&mut self, color: Color, piece: Piece, sq: usize) {
        let b = 1u64 << sq;
        match piece {
            Piece::Man => self.men[color.index()] |= b,
            Piece::King => self.kings[color.index()] |= b,
        }
    }

    fn empty() -> Self {
        DualCheckers {
            men: [0; 2],
            kings: [0; 2],
            key: 0,
            side: Color::White,
            reversible: 0,
            fullmove: 1,
        }
    }

    fn compute_key_from_scratch(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            side_key()
        } else {
            0
        };
        for c in Color::BOTH {
            for sq in squares(self.men(c)) {
                key ^= piece_key(c, Piece::Man, sq);
            }
            for sq in squares(self.kings(c)) {
                key ^= piece_key(c, Piece::King, sq);
            }
        }
        key
    }
}

impl Game for DualCheckers {
    type Move = Move;
    const NAME: &'static str = "dualcheckers";

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
        self.compute_key_from_scratch()
    }

    #[inline]
    fn generate(&self, moves: &mut MoveList<Move>) {
        movegen::generate(self, moves);
    }

    fn for_each_move(&self, f: &mut dyn FnMut(Move)) {
        movegen::for_each(self, f);
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        movegen::count(self)
    }

    /// Copy-make: the captured pieces leave the board only now, when the move is over (docs/rules.md
    /// D6); a man that promoted on the way ends as a king (D7).
    #[inline]
    fn play(&self, mv: Move) -> Self {
        let mut p = *self;
        let us = self.side;
        let them = !us;
        let (u, t) = (us.index(), them.index());
        let (from, to) = (mv.from(), mv.to());
        let from_bb = 1u64 << from;
        let was_king = self.kings[u] & from_bb != 0;
        debug_assert!(self.occupied_by(us) & from_bb != 0, "no piece on {from}");

        if was_king {
            p.kings[u] ^= from_bb;
            p.key ^= piece_key(us, Piece::King, from);
        } else {
            p.men[u] ^= from_bb;
            p.key ^= piece_key(us, Piece::Man, from);
        }
        let captured = mv.captured();
        for sq in squares(captured) {
            let b = 1u64 << sq;
            if p.men[t] & b != 0 {
                p.men[t] ^= b;
                p.key ^= piece_key(them, Piece::Man, sq);
            } else {
                p.kings[t] ^= b;
                p.key ^= piece_key(them, Piece::King, sq);
            }
        }
        if was_king || mv.is_promotion() {
            p.kings[u] |= 1u64 << to;
            p.key ^= piece_key(us, Piece::King, to);
        } else {
            p.men[u] |= 1u64 << to;
            p.key ^= piece_key(us, Piece::Man, to);
        }
        // docs/rules.md D10: only king moves without capture count towards the draw.
        p.reversible = if captured != 0 || !was_king {
            0
        } else {
            self.reversible.saturating_add(1)
        };
        if us == Color::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.side = them;
        p.key ^= side_key();
        p
    }

    fn format_move(&self, mv: Move) -> String {
        notation::protocol(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, text)
    }

    #[inline(always)]
    fn reversible_plies(&self) -> u32 {
        self.reversible as u32
    }

    /// docs/rules.md D9 (no legal move loses), then D10 (30 plies of king moves without capture).
    /// Whether a move exists is asked without counting them (a dense position has thousands).
    fn outcome(&self) -> Option<Outcome> {
        if !movegen::has_move(self) {
            return Some(Outcome::Win {
                winner: !self.side,
                reason: Reason::NoLegalMove,
            });
        }
        if self.reversible >= KING_MOVE_DRAW_PLIES {
            return Some(Outcome::Draw(Reason::MoveRule(KING_MOVE_DRAW_PLIES as u32)));
        }
        None
    }
}
