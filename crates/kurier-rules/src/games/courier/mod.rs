//! Courier chess (Kurierspiel, 12th–18th century): medieval chess on a 12x8 board.
//!
//! The rules, from docs/rules.md section C (seed `001_812a29ee7801b7b7.txt`, read as Fairy-Stockfish
//! and cutechess read it):
//!
//! - C1 12 files (a..l) x 8 ranks.
//! - C2 per side: King `K` \[K, royal\], Rook `R` \[R\], Knight `N` \[N\], Courier `B` (the modern
//!   bishop) \[B\], Alfil `E` \[A: jumps exactly (2,2)\], Fers `F` \[F\], Mann `M` \[K, not royal\],
//!   Schleich `W` \[W, the wazir\], Pawn `P` \[fmWfcF\].
//! - C3 start with the opening ceremony played ([`START_FEN`]); the array before it is
//!   [`PRE_CEREMONY_FEN`], from which play goes on with the ordinary rules.
//! - C4 no double step, no en passant, no castling; a pawn on the last rank becomes a fers,
//!   nothing else (`c7c8f`).
//! - C5 check as in chess; checkmate wins.
//! - C6 stalemate *loses* for the stalemated side.
//! - C7 bare king: a side with nothing but its king is bare. Side not to move bare, side to move
//!   not: the side to move has won. Side to move bare, the opponent with two or more pieces
//!   besides the king: the side to move has lost. Side to move bare, the opponent with exactly
//!   one: play goes on. A position decided this way has no legal moves.
//! - C8 draws: threefold repetition, 100 plies without capture or pawn move, two bare kings.
//! - C9 FEN with digit runs up to 12; squares `l1`, moves `i2i3`, `c7c8f`.
//!
//! Layout: [`attacks`] holds the compile-time tables and the sliders, [`movegen`] the legal move
//! generator, [`fen`] reading and writing positions, [`moves`] the move type and its notation,
//! [`san`] its Standard Algebraic Notation.

pub mod attacks;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod san;

use crate::bitboard::squares128;
use crate::game::{Color, FenError, Game, MoveError, MoveList, Outcome, Reason};
use crate::zobrist;
use attacks::{FILES, SQUARES};
pub use moves::Move;

/// The standard start, the opening ceremony already played (docs/rules.md C3): `startpos` on UCI and
/// cutechess's courier start.
pub const START_FEN: &str =
    "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1";

/// The array before the opening ceremony (docs/rules.md C3), XBoard's own `courier` start.
pub const PRE_CEREMONY_FEN: &str =
    "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1";

/// The kinds of piece (docs/rules.md C2). The discriminant indexes the piece bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Pawn: one step straight forward, captures one step diagonally forward.
    Pawn = 0,
    /// Knight, as in chess.
    Knight = 1,
    /// Courier (`B`): slides diagonally, the modern bishop.
    Courier = 2,
    /// Rook, as in chess.
    Rook = 3,
    /// Alfil (`E`): jumps exactly two squares diagonally.
    Alfil = 4,
    /// Fers (`F`): one step diagonally.
    Fers = 5,
    /// Mann (`M`): one step in any direction, not royal.
    Mann = 6,
    /// Schleich (`W`): one step orthogonally (the wazir).
    Wazir = 7,
    /// King: one step in any direction, royal.
    King = 8,
}

impl Piece {
    /// Number of kinds.
    pub const COUNT: usize = 9;

    /// All kinds, by index.
    pub const ALL: [Piece; Piece::COUNT] = [
        Piece::Pawn,
        Piece::Knight,
        Piece::Courier,
        Piece::Rook,
        Piece::Alfil,
        Piece::Fers,
        Piece::Mann,
        Piece::Wazir,
        Piece::King,
    ];

    /// The FEN letter for a piece of `color` (docs/rules.md C2).
    pub const fn letter(self, color: Color) -> char {
        let c = match self {
            Piece::Pawn => 'P',
            Piece::Knight => 'N',
            Piece::Courier => 'B',
            Piece::Rook => 'R',
            Piece::Alfil => 'E',
            Piece::Fers => 'F',
            Piece::Mann => 'M',
            Piece::Wazir => 'W',
            Piece::King => 'K',
        };
        match color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece and colour of a FEN letter.
    pub const fn from_letter(c: char) -> Option<(Color, Piece)> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let piece = match c.to_ascii_uppercase() {
            'P' => Piece::Pawn,
            'N' => Piece::Knight,
            'B' => Piece::Courier,
            'R' => Piece::Rook,
            'E' => Piece::Alfil,
            'F' => Piece::Fers,
            'M' => Piece::Mann,
            'W' => Piece::Wazir,
            'K' => Piece::King,
            _ => return None,
        };
        Some((color, piece))
    }
}

const KEY_COUNT: usize = 2 * Piece::COUNT * SQUARES + 1;

/// Zobrist keys: `[colour][piece][square]`, then the side-to-move key at the end.
static KEYS: [u64; KEY_COUNT] = zobrist::keys(0xC0C1_E12C_4E55_0003);

#[inline(always)]
fn piece_key(color: Color, piece: Piece, sq: usize) -> u64 {
    KEYS[(color.index() * Piece::COUNT + piece as usize) * SQUARES + sq]
}

#[inline(always)]
fn side_key() -> u64 {
    KEYS[KEY_COUNT - 1]
}

/// A Courier-chess position. 192 bytes; copied on every move (copy-make).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Courier {
    /// `by_type[piece]`: bitboard of the pieces of that kind, both colours.
    by_type: [u128; Piece::COUNT],
    /// All pieces of each colour.
    by_color: [u128; 2],
    /// Zobrist key of pieces and side to move.
    key: u64,
    /// Side to move.
    side: Color,
    /// Plies since the last capture or pawn move (50-move rule, docs/rules.md C8).
    halfmove: u16,
    /// Move number, starting at 1 and increased after Black's move.
    fullmove: u16,
}

impl Courier {
    /// The bitboard of `color`'s pieces of kind `piece`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, piece: Piece) -> u128 {
        self.by_type[piece as usize] & self.by_color[color.index()]
    }

    /// All pieces of `color`.
    #[inline(always)]
    pub fn occupied_by(&self, color: Color) -> u128 {
        self.by_color[color.index()]
    }

    /// All pieces.
    #[inline(always)]
    pub fn occupied(&self) -> u128 {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> usize {
        self.pieces(color, Piece::King).trailing_zeros() as usize
    }

    /// The colour and kind of the piece on `sq`, if any.
    pub fn piece_on(&self, sq: usize) -> Option<(Color, Piece)> {
        let b = 1u128.checked_shl(sq as u32)?;
        let color = Color::BOTH
            .into_iter()
            .find(|c| self.by_color[c.index()] & b != 0)?;
        let piece = Piece::ALL
            .into_iter()
            .find(|&p| self.by_type[p as usize] & b != 0)?;
        Some((color, piece))
    }

    /// True when `color` has nothing but its king (docs/rules.md C7).
    #[inline(always)]
    pub fn is_bare(&self, color: Color) -> bool {
        self.by_color[color.index()].count_ones() <= 1
    }

    /// The pieces of `by` that attack `sq`, with the pieces in `occ` blocking the sliders.
    #[inline(always)]
    pub fn attackers(&self, sq: usize, by: Color, occ: u128) -> u128 {
        let pawns = attacks::PAWN[by.flip().index()][sq] & self.by_type[Piece::Pawn as usize];
        (pawns | self.leaper_attackers(sq) | self.slider_attackers(sq, occ))
            & self.by_color[by.index()]
    }

    /// The knights, alfils, fers, schleichs, manns and kings of both colours that attack `sq`
    /// (not the pawns, whose attacks depend on their colour).
    #[inline(always)]
    fn leaper_attackers(&self, sq: usize) -> u128 {
        let t = &self.by_type;
        (attacks::KNIGHT[sq] & t[Piece::Knight as usize])
            | (attacks::ALFIL[sq] & t[Piece::Alfil as usize])
            | (attacks::FERS[sq] & t[Piece::Fers as usize])
            | (attacks::WAZIR[sq] & t[Piece::Wazir as usize])
            | (attacks::KING[sq] & (t[Piece::Mann as usize] | t[Piece::King as usize]))
    }

    /// The pieces of both colours that attack `sq`, with the pieces in `occ` blocking the
    /// sliders: [`Courier::attackers`] for White and Black at once, each slider ray walked once
    /// (the static exchange asks it for every capture it orders).
    #[inline(always)]
    pub fn attackers_both(&self, sq: usize, occ: u128) -> u128 {
        let t = &self.by_type;
        let pawns = (attacks::PAWN[Color::Black.index()][sq]
            & t[Piece::Pawn as usize]
            & self.by_color[Color::White.index()])
            | (attacks::PAWN[Color::White.index()][sq]
                & t[Piece::Pawn as usize]
                & self.by_color[Color::Black.index()]);
        pawns | self.leaper_attackers(sq) | self.slider_attackers(sq, occ)
    }

    /// The rooks and couriers of both colours that attack `sq` with the pieces in `occ`
    /// blocking: all a capture can uncover behind the piece that made it.
    #[inline(always)]
    pub fn slider_attackers(&self, sq: usize, occ: u128) -> u128 {
        let t = &self.by_type;
        (attacks::rook_attacks(sq, occ) & t[Piece::Rook as usize])
            | (attacks::courier_attacks(sq, occ) & t[Piece::Courier as usize])
    }

    /// True when `by` attacks `sq` with the pieces in `occ` blocking: the cheap leaper tests
    /// first, then a slider only when one of `by`'s sliders stands on a line through `sq`.
    #[inline(always)]
    pub fn attacked(&self, sq: usize, by: Color, occ: u128) -> bool {
        let t = &self.by_type;
        let theirs = self.by_color[by.index()];
        let leapers = (attacks::PAWN[by.flip().index()][sq] & t[Piece::Pawn as usize])
            | self.leaper_attackers(sq);
        if leapers & theirs != 0 {
            return true;
        }
        let rooks = t[Piece::Rook as usize] & theirs;
        if rooks & attacks::rook_rays(sq) != 0 && attacks::rook_attacks(sq, occ) & rooks != 0 {
            return true;
        }
        let couriers = t[Piece::Courier as usize] & theirs;
        couriers & attacks::courier_rays(sq) != 0
            && attacks::courier_attacks(sq, occ) & couriers != 0
    }

    /// True when the side to move is in check (docs/rules.md C5).
    #[inline]
    pub fn in_check(&self) -> bool {
        self.attacked(self.king_square(self.side), !self.side, self.occupied())
    }

    /// True when the legal move `mv` gives check (docs/rules.md C5): what
    /// `self.play(mv).in_check()` answers, without making the move. Either the piece that
    /// moves (a promoting pawn as the fers it becomes, C4) attacks the enemy king from its
    /// destination, or the move uncovers a rook or courier of the mover's on a line from the
    /// enemy king through the emptied origin (looked for only when the origin is on such a
    /// line). That question may read the pieces where they stood before the move: none of them
    /// attacked the enemy king then (the position is legal), the moved piece cannot from its
    /// empty origin, and only a slider line through the emptied origin can have opened. Written
    /// out because the search asks it of moves it then prunes unmade.
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side;
        let ksq = self.king_square(us.flip());
        let (from, to) = (mv.from(), mv.to());
        let occ = (self.occupied() & !(1u128 << from)) | (1u128 << to);
        let piece = if mv.is_promotion() {
            Piece::Fers
        } else {
            mv.piece()
        };
        let king = 1u128 << ksq;
        // A slider checks when the king is on one of its lines with nothing between; the
        // leapers by their tables.
        let direct = match piece {
            Piece::Rook => {
                attacks::rook_rays(to) & king != 0 && attacks::between(to, ksq) & occ == 0
            }
            Piece::Courier => {
                attacks::courier_rays(to) & king != 0 && attacks::between(to, ksq) & occ == 0
            }
            leaper => attacks::piece_attacks(leaper, us, to, occ) & king != 0,
        };
        if direct {
            return true;
        }
        // A discovered check: none of our pieces attacks the king before the move (it is not
        // in check with us to move), and leaving `from` changes no leaper's or pawn's attacks
        // and only the lines through `from`, so only a rook or courier behind `from`, on a
        // line from the king, can be uncovered. (The mover itself, still on `from` in the
        // boards, never shows: a line from the king reaching `from` would have been a check.)
        let (from_bit, ours) = (1u128 << from, self.by_color[us.index()]);
        let t = &self.by_type;
        (attacks::rook_rays(ksq) & from_bit != 0
            && attacks::rook_attacks(ksq, occ) & t[Piece::Rook as usize] & ours != 0)
            || (attacks::courier_rays(ksq) & from_bit != 0
                && attacks::courier_attacks(ksq, occ) & t[Piece::Courier as usize] & ours != 0)
    }

    /// The result decided by the bare-king rule alone (docs/rules.md C7), before any move is
    /// generated: `Some(winner)` when the game is over.
    #[inline(always)]
    pub fn bare_king_winner(&self) -> Option<Color> {
        let us = self.by_color[self.side.index()].count_ones();
        let them = self.by_color[self.side.flip().index()].count_ones();
        if them == 1 && us >= 2 {
            // C7: the side not to move is bare and the side to move is not.
            Some(self.side)
        } else if us == 1 && them >= 3 {
            // C7: the side to move is bare, the opponent has two or more pieces besides its king.
            Some(self.side.flip())
        } else {
            None
        }
    }

    fn put(&mut self, color: Color, piece: Piece, sq: usize) {
        let b = 1u128 << sq;
        self.by_type[piece as usize] |= b;
        self.by_color[color.index()] |= b;
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
        Courier {
            by_type: [0; Piece::COUNT],
            by_color: [0; 2],
            key: 0,
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The square name of `sq` (`a1`, `l8`).
    pub fn square_name(sq: usize) -> String {
        crate::game::square_name(sq % FILES, sq / FILES)
    }
}

impl Game for Courier {
    type Move = Move;
    const NAME: &'static str = "courier";

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
                for sq in squares128(self.pieces(color, piece)) {
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

    /// Copy-make: capture by replacement, promotion to fers (docs/rules.md C4).
    #[inline]
    fn play(&self, mv: Move) -> Self {
        let mut p = *self;
        let us = self.side;
        let them = !us;
        let (from, to, moved) = (mv.from(), mv.to(), mv.piece());
        let (from_bb, to_bb) = (1u128 << from, 1u128 << to);
        debug_assert_eq!(
            self.piece_on(from),
            Some((us, moved)),
            "no {moved:?} on {from}"
        );

        p.halfmove = p.halfmove.saturating_add(1);
        if self.by_color[them.index()] & to_bb != 0 {
            // The king is never captured: a legal move cannot reach it.
            for piece in &Piece::ALL[..Piece::COUNT - 1] {
                if self.by_type[*piece as usize] & to_bb != 0 {
                    p.by_type[*piece as usize] ^= to_bb;
                    p.key ^= piece_key(them, *piece, to);
                    break;
                }
            }
            p.by_color[them.index()] ^= to_bb;
            p.halfmove = 0;
        }
        p.by_color[us.index()] ^= from_bb | to_bb;
        p.key ^= piece_key(us, moved, from);
        if mv.is_promotion() {
            // docs/rules.md C4: the pawn becomes a fers.
            p.by_type[Piece::Pawn as usize] ^= from_bb;
            p.by_type[Piece::Fers as usize] ^= to_bb;
            p.key ^= piece_key(us, Piece::Fers, to);
        } else {
            p.by_type[moved as usize] ^= from_bb | to_bb;
            p.key ^= piece_key(us, moved, to);
        }
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

    /// docs/rules.md C5 (mate wins), C6 (stalemate loses), C7 (bare king), C8 (two bare kings, the
    /// 50-move rule). The board decides before the counter: mate on the 100th ply still wins.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.bare_king_winner() {
            return Some(Outcome::Win {
                winner,
                reason: Reason::BareKing,
            });
        }
        if self.count_moves() == 0 {
            let reason = if self.in_check() {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            return Some(Outcome::Win {
                winner: !self.side,
                reason,
            });
        }
        if self.is_bare(Color::White) && self.is_bare(Color::Black) {
            return Some(Outcome::Draw(Reason::TwoBareKings));
        }
        if self.halfmove >= 100 {
            return Some(Outcome::Draw(Reason::MoveRule(100)));
        }
        None
    }
}
