//! The `Game` abstraction that search, transposition table, perft and the engine facade are
//! generic over, and the small types every game shares: [`Color`], [`Outcome`], [`MoveList`],
//! and the error types for FEN and move text.
//!
//! A game is a *position* type implementing [`Game`]. Positions are small values and moves are
//! applied by copy-make ([`Game::play`] returns the new position), so search needs no undo.
//! Nothing here assumes a board size or a move shape: Courier (12x8, `u128` boards) and Dual
//! checkers (multi-capture moves) bring their own `Move` type.

use std::fmt;

/// The side to move or the owner of a piece. White moves first in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side that starts at rank 1 and moves first.
    White,
    /// The side that starts at rank 8.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: an index into per-colour tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `"White"` or `"Black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The side to move has no legal move (checkers: all pieces blocked or none left).
    NoLegalMove,
    /// A side was left with a bare king (Courier, docs/rules.md C7).
    BareKing,
    /// Only the two kings are left.
    TwoBareKings,
    /// The same position occurred for the third time with the same side to move.
    Repetition,
    /// The move-count rule: this many plies without progress (50-move rule: 100 plies).
    MoveRule(u32),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Checkmate => write!(f, "checkmate"),
            Reason::Stalemate => write!(f, "stalemate"),
            Reason::NoLegalMove => write!(f, "no legal move"),
            Reason::BareKing => write!(f, "bare king"),
            Reason::TwoBareKings => write!(f, "two bare kings"),
            Reason::Repetition => write!(f, "threefold repetition"),
            Reason::MoveRule(plies) => write!(f, "{}-move rule", plies / 2),
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` won for `reason`.
    Win {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: Reason,
    },
    /// The game is drawn for `reason`.
    Draw(Reason),
}

impl Outcome {
    /// The result in PGN form: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result_str(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }

    /// Why the game ended.
    pub const fn reason(self) -> Reason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw(reason) => reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                write!(
                    f,
                    "{} {{{} wins by {}}}",
                    self.result_str(),
                    winner.name(),
                    reason
                )
            }
            Outcome::Draw(reason) => write!(f, "1/2-1/2 {{Draw by {reason}}}"),
        }
    }
}

/// Capacity of a [`MoveList`]: the most moves one [`Game::generate`] call hands back.
///
/// Real games stay far below it (Schachdame has at most a few dozen legal moves, Courier a few
/// hundred at the very most), but a position set up by FEN need not: a dense Dual-checkers
/// position can have more than 65 536 distinct captures (docs/rules.md D12). A list never panics
/// and never drops a move silently: a move pushed onto a full list is counted as lost and
/// [`MoveList::overflowed`] says so; [`Game::for_each_move`] and [`Game::count_moves`] see every
/// move whatever their number.
pub const MAX_MOVES: usize = 512;

/// A fixed-capacity list of moves living on the stack: move generation allocates nothing.
///
/// Backed by [`arrayvec::ArrayVec`], which keeps the uninitialised tail without `unsafe` here.
pub struct MoveList<M: Copy> {
    moves: arrayvec::ArrayVec<M, MAX_MOVES>,
    /// A move was pushed onto the full list: the position has more moves than the list holds.
    overflowed: bool,
}

impl<M: Copy> MoveList<M> {
    /// An empty list. `ArrayVec::new`, not `new_const`: the constant's uninitialised array was
    /// copied in by a 2 KB `memset` at every node (18% of a Courier bench's instructions).
    #[inline(always)]
    pub fn new() -> Self {
        MoveList {
            moves: arrayvec::ArrayVec::new(),
            overflowed: false,
        }
    }

    /// Appends a move; on a full list ([`MAX_MOVES`]) the move is not stored and
    /// [`MoveList::overflowed`] becomes true. Never panics.
    #[inline(always)]
    pub fn push(&mut self, mv: M) {
        if self.moves.try_push(mv).is_err() {
            self.overflowed = true;
        }
    }

    /// True when a move did not fit: the list holds the first [`MAX_MOVES`] moves of a
    /// position that has more (see [`Game::generate`]).
    #[inline(always)]
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// True when the list holds [`MAX_MOVES`] moves.
    #[inline(always)]
    pub fn is_full(&self) -> bool {
        self.moves.is_full()
    }

    /// Number of moves in the list.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when the list holds no move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Removes every move (and the overflow mark).
    #[inline(always)]
    pub fn clear(&mut self) {
        self.moves.clear();
        self.overflowed = false;
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[M] {
        self.moves.as_slice()
    }

    /// The moves as a mutable slice (for ordering in search).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        self.moves.as_mut_slice()
    }

    /// Iterates over the moves.
    #[inline(always)]
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.moves.iter()
    }
}

impl<M: Copy> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy> std::ops::Deref for MoveList<M> {
    type Target = [M];
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<'a, M: Copy> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Why a FEN string was rejected. Each variant names what was wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The string is empty.
    Empty,
    /// The board has `found` rows where the game has `expected`.
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows the board has.
        expected: usize,
    },
    /// A row (counted from the top, 1 = rank 8) describes `found` squares instead of `expected`.
    RowLength {
        /// Row number from the top, starting at 1.
        row: usize,
        /// Squares described.
        found: usize,
        /// Files the board has.
        expected: usize,
    },
    /// A character that is neither a piece letter of this game nor a digit.
    UnknownPiece(char),
    /// A piece stands on a square the game does not use (Schachdame: a light square).
    UnusableSquare {
        /// The piece letter.
        piece: char,
        /// The square, e.g. `b1`.
        square: String,
    },
    /// A piece on a square where it cannot stand (e.g. a pawn on its promotion rank).
    IllegalPlacement {
        /// The piece letter.
        piece: char,
        /// The square.
        square: String,
        /// Why it cannot stand there.
        why: &'static str,
    },
    /// A side has `count` kings instead of exactly one.
    KingCount {
        /// The side.
        color: Color,
        /// Kings found.
        count: u32,
    },
    /// The side-to-move field is not `w` or `b`.
    SideToMove(String),
    /// The side-to-move field is missing (a board alone does not say whose turn it is).
    NoSideToMove,
    /// The board holds no piece at all.
    NoPieces,
    /// The side that is not to move is in check: the position cannot arise.
    OpponentInCheck,
    /// A field that this game does not allow (e.g. castling rights in Schachdame).
    Field {
        /// Which field.
        field: &'static str,
        /// The text found.
        found: String,
    },
    /// Too many fields.
    TooManyFields(usize),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::NoSideToMove => {
                write!(
                    f,
                    "the side to move is missing (add 'w' or 'b' after the board)"
                )
            }
            FenError::NoPieces => write!(f, "the board holds no piece"),
            FenError::RowCount { found, expected } => {
                write!(f, "the board has {found} rows, expected {expected}")
            }
            FenError::RowLength {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} (from the top) describes {found} squares, expected {expected}"
            ),
            FenError::UnknownPiece(c) => write!(f, "unknown piece letter '{c}'"),
            FenError::UnusableSquare { piece, square } => {
                write!(
                    f,
                    "piece '{piece}' on {square}, a square not used by this game"
                )
            }
            FenError::IllegalPlacement { piece, square, why } => {
                write!(f, "piece '{piece}' on {square}: {why}")
            }
            FenError::KingCount { color, count } => {
                write!(f, "{} has {count} kings, expected exactly 1", color.name())
            }
            FenError::SideToMove(s) => write!(f, "side to move must be 'w' or 'b', found '{s}'"),
            FenError::OpponentInCheck => {
                write!(
                    f,
                    "the side not to move is in check: the position cannot arise"
                )
            }
            FenError::Field { field, found } => write!(f, "bad {field} field '{found}'"),
            FenError::TooManyFields(n) => write!(f, "too many fields ({n})"),
        }
    }
}

impl std::error::Error for FenError {}

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in any notation of the game.
    Syntax(String),
    /// The text is well formed but names no legal move. `legal` lists the legal moves.
    Illegal {
        /// The text received.
        text: String,
        /// Every legal move in protocol notation.
        legal: Vec<String>,
    },
    /// The text names several legal moves.
    Ambiguous {
        /// The text received.
        text: String,
        /// The moves it could mean.
        candidates: Vec<String>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(t) => write!(f, "'{t}' is not a move"),
            MoveError::Illegal { text, legal } if legal.is_empty() => {
                write!(f, "'{text}' is illegal: there is no legal move")
            }
            MoveError::Illegal { text, legal } => {
                write!(f, "'{text}' is illegal; legal moves: {}", legal.join(" "))
            }
            MoveError::Ambiguous { text, candidates } => {
                write!(f, "'{text}' is ambiguous: {}", candidates.join(" "))
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A game: a position type with its rules. Search, perft, the transposition table and the
/// engine facade are generic over it and compiled once per game.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// A move, small and `Copy`: it is stored in move lists and transposition-table entries.
    type Move: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;

    /// The game's name as used on the command line and the protocols (`schachdame`, ...).
    const NAME: &'static str;

    /// The standard start position.
    fn start() -> Self;

    /// Reads a position from FEN, rejecting anything that cannot arise in the game.
    fn from_fen(fen: &str) -> Result<Self, FenError>;

    /// Writes the position as FEN; `from_fen(p.fen())` gives back `p`.
    fn fen(&self) -> String;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// The Zobrist key of the position (pieces and side to move), maintained incrementally.
    fn key(&self) -> u64;

    /// The key recomputed from scratch; equals [`Game::key`] unless there is a bug.
    fn compute_key(&self) -> u64;

    /// Appends the legal moves to `moves`. A position decided by the board itself (mate,
    /// stalemate, no legal move, Courier's lost bare king) has none (docs/rules.md perft
    /// convention).
    ///
    /// A list holds at most [`MAX_MOVES`] moves. When the position has more (only positions set
    /// up for it: dense Dual-checkers positions), the list holds the first [`MAX_MOVES`] in
    /// generation order and [`MoveList::overflowed`] is true; a generator may then stop early,
    /// so that the call costs little however many moves there are. Every move the list holds
    /// is legal. Callers that need them all use [`Game::for_each_move`].
    fn generate(&self, moves: &mut MoveList<Self::Move>);

    /// Calls `f` once for every legal move, however many there are (in an order of the game's
    /// choosing, not necessarily that of [`Game::generate`]): what perft uses when a list
    /// overflowed.
    ///
    /// The default goes through [`Game::generate`], which is all a game needs whose lists
    /// never overflow; a game with more moves than that must override it, and the default
    /// panics rather than hand back part of the moves as if they were all.
    fn for_each_move(&self, f: &mut dyn FnMut(Self::Move)) {
        let mut list = MoveList::new();
        self.generate(&mut list);
        assert!(
            !list.overflowed(),
            "{}: more than {MAX_MOVES} moves and no for_each_move for them",
            Self::NAME
        );
        list.iter().for_each(|&m| f(m));
    }

    /// The number of legal moves, exact beyond [`MAX_MOVES`] too; games may count without
    /// building the list.
    #[inline]
    fn count_moves(&self) -> u64 {
        let mut list = MoveList::new();
        self.generate(&mut list);
        if list.overflowed() {
            let mut n = 0;
            self.for_each_move(&mut |_| n += 1);
            return n;
        }
        list.len() as u64
    }

    /// The position after `mv`, which must be legal here.
    fn play(&self, mv: Self::Move) -> Self;

    /// The move in protocol notation (`c1e3`, `b7a8b`, `f6e5,e5d4,d4d3`).
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a move in any notation the game accepts and checks it against the legal moves.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Plies since the last irreversible move (capture, pawn or man move): the move-count rules
    /// and the repetition window use it.
    fn reversible_plies(&self) -> u32;

    /// The result decided by this position alone (mate, stalemate, no legal move, bare kings,
    /// move-count rule), or `None` while play goes on. Repetition needs the game's history; see
    /// [`crate::record::GameRecord`].
    fn outcome(&self) -> Option<Outcome>;
}

/// The name of the square on `file` and `rank` (both from 0): `a1`, `l8`.
pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Reads a square name (`a1`, `l8`) on a board `files` wide and `ranks` high; returns (file, rank)
/// from 0.
pub fn parse_square(text: &str, files: usize, ranks: usize) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let file = (f as u8 - b'a') as usize;
    let rank: usize = chars.as_str().parse().ok()?;
    (file < files && (1..=ranks).contains(&rank)).then(|| (file, rank - 1))
}

/// Finds the legal move whose protocol text is `text`, or says why there is none: the shared
/// final step of the move parsers of games whose lists never overflow (a game with more than
/// [`MAX_MOVES`] moves reads its moves without listing them, as Dual checkers does).
pub fn find_move<G: Game>(pos: &G, text: &str) -> Result<G::Move, MoveError> {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    list.iter()
        .copied()
        .find(|&m| pos.format_move(m) == text)
        .ok_or_else(|| MoveError::Illegal {
            text: text.to_string(),
            legal: list.iter().map(|&m| pos.format_move(m)).collect(),
        })
}

/// The fields of a chess-like FEN after the side to move, as GUIs really send them: castling
/// and en-passant fields (only `-`: neither game has castling or en passant), then the two
/// counters, each optional — `- - 0 1`, `- -`, nothing, or XBoard's `0 1` after `-lpf`.
/// Returns (halfmove clock, move number ≥ 1). `names` name the four fields in errors — the two
/// optional `-` fields, then the two counters (chess: `castling`, `en passant`, `halfmove`,
/// `fullmove`); a game without the `-` fields names the first counter there.
pub fn parse_fen_counters(rest: &[&str], names: [&'static str; 4]) -> Result<(u16, u16), FenError> {
    let [dash_a, dash_b, first, second] = names;
    let mut i = 0;
    for field in [dash_a, dash_b] {
        match rest.get(i) {
            Some(&"-") => i += 1,
            Some(s) if s.parse::<u32>().is_err() => {
                return Err(FenError::Field {
                    field,
                    found: s.to_string(),
                })
            }
            _ => break,
        }
    }
    let mut counters = [0u16, 1u16];
    for (slot, field) in [first, second].into_iter().enumerate() {
        let Some(s) = rest.get(i) else { break };
        counters[slot] = s.parse().map_err(|_| FenError::Field {
            field,
            found: s.to_string(),
        })?;
        i += 1;
    }
    if rest.len() > i {
        return Err(FenError::TooManyFields(rest.len() + 2));
    }
    Ok((counters[0], counters[1].max(1)))
}

/// Reads the board field of a FEN: `ranks` rows from the top, separated by `/`, with a letter per
/// piece and digit runs for empty squares (`12` on Courier's board). Calls
/// `place(letter, file, rank)` for every letter — also past the end of a row, so that an unknown
/// letter is reported as such; `place` puts pieces only where `file < files`. Checks the row
/// count and every row's length; digit runs saturate and may not start with 0, so no input
/// overflows or passes unnoticed.
pub fn parse_fen_board(
    board: &str,
    files: usize,
    ranks: usize,
    mut place: impl FnMut(char, usize, usize) -> Result<(), FenError>,
) -> Result<(), FenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ranks {
        return Err(FenError::RowCount {
            found: rows.len(),
            expected: ranks,
        });
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i;
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(FenError::UnknownPiece('0'));
                }
                let mut run = d as usize;
                while let Some(n) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run.saturating_mul(10).saturating_add(n as usize);
                    chars.next();
                }
                file = file.saturating_add(run);
                continue;
            }
            place(c, file, rank)?;
            file = file.saturating_add(1);
        }
        if file != files {
            return Err(FenError::RowLength {
                row: i + 1,
                found: file,
                expected: files,
            });
        }
    }
    Ok(())
}
