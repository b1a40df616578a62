//! The view of a game that the page draws (docs/serve-api.md, "The view"): the board square by
//! square, the legal moves with their paths and captured squares, the moves played, the clocks
//! and the result. Built from the rules crate's notation ([`kurier_rules::notation`]), so that
//! the page, the terminal game and the protocols name moves alike.

use crate::clocks::ClockView;
use crate::requests::{color_name, Player};
use kurier_engine::search::Searchable;
use kurier_rules::game::{square_name, Color, Game};
use kurier_rules::games::Variant;
use kurier_rules::notation::{board_cells, Notation};
use serde::Serialize;

/// A piece on a square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// Its kind as docs/rules.md names it, lower case (`schleich`, `man`).
    pub kind: &'static str,
    /// `white` or `black`.
    pub color: &'static str,
    /// Its FEN letter.
    pub letter: String,
}

/// One square of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SquareView {
    /// Its name (`a1`).
    pub square: String,
    /// File from 0 (`a`).
    pub file: usize,
    /// Rank from 0 (`1`).
    pub rank: usize,
    /// A dark square (a1 is dark).
    pub dark: bool,
    /// The piece on it, if any.
    pub piece: Option<PieceView>,
}

/// A legal move, as the page offers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The protocol text (what `POST .../move` takes).
    pub wire: String,
    /// The game's notation (SAN; the checkers notation for Dual checkers).
    pub notation: String,
    /// Origin.
    pub from: String,
    /// Destination.
    pub to: String,
    /// Every square the piece stands on, origin to destination.
    pub path: Vec<String>,
    /// The squares of the pieces taken, in order.
    pub captures: Vec<String>,
    /// The kind the piece becomes, if it is promoted.
    pub promotion: Option<&'static str>,
    /// True when it captures.
    pub capture: bool,
}

/// A move that was played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedView {
    /// Its number from 1.
    pub ply: usize,
    /// Who played it.
    pub color: &'static str,
    /// The protocol text.
    pub wire: String,
    /// The game's notation.
    pub notation: String,
    /// Every square the piece stood on.
    pub path: Vec<String>,
    /// The squares of the pieces taken.
    pub captures: Vec<String>,
    /// The position after it.
    pub fen_after: String,
    /// Kurier's score for its own move, centipawns from the mover's view (mate ±(30000 − plies)).
    pub score_cp: Option<i32>,
    /// Kurier's depth for its own move.
    pub depth: Option<u32>,
}

/// The last move's squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastMove {
    /// Every square the piece stood on.
    pub path: Vec<String>,
    /// The squares of the pieces taken.
    pub captures: Vec<String>,
}

/// Who plays each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Players {
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: &'static str,
    /// The reason: the rules' (`checkmate`, `50-move rule`), or `time`, `resignation`,
    /// `agreement`.
    pub reason: String,
    /// In words: `White wins: checkmate`.
    pub text: String,
}

/// The whole view of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The game's id.
    pub id: String,
    /// `courier`, `schachdame`, `dual`.
    pub variant: &'static str,
    /// Files of the board.
    pub files: usize,
    /// Ranks of the board.
    pub ranks: usize,
    /// The position now.
    pub fen: String,
    /// The position the game started from.
    pub start_fen: String,
    /// The side to move.
    pub to_move: &'static str,
    /// Who plays each side.
    pub players: Players,
    /// Every square.
    pub board: Vec<SquareView>,
    /// The legal moves of a person to move (empty otherwise).
    pub legal: Vec<MoveView>,
    /// True when the side to move must capture.
    pub capture_compulsory: bool,
    /// The moves played.
    pub moves: Vec<PlayedView>,
    /// The last move's squares.
    pub last_move: Option<LastMove>,
    /// The side to move is in check.
    pub check: bool,
    /// The clocks, if the game has them.
    pub clock: Option<ClockView>,
    /// Kurier is thinking about its move.
    pub thinking: bool,
    /// Kurier is analysing.
    pub analysis: bool,
    /// The result, once the game is over.
    pub result: Option<ResultView>,
}

/// A game the server plays, for `GET /api/variants`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantView {
    /// The API's name.
    pub name: &'static str,
    /// The game's name for people.
    pub title: &'static str,
    /// Files.
    pub files: usize,
    /// Ranks.
    pub ranks: usize,
    /// The start position.
    pub start_fen: String,
}

/// What the web view needs of a game: its notation and search's `in_check`.
pub trait WebGame: Searchable + Notation {
    /// The game's name for people.
    const TITLE: &'static str;
}

impl WebGame for kurier_rules::games::courier::Courier {
    const TITLE: &'static str = "Courier chess";
}
impl WebGame for kurier_rules::games::schachdame::Schachdame {
    const TITLE: &'static str = "Schachdame";
}
impl WebGame for kurier_rules::games::dual::DualCheckers {
    const TITLE: &'static str = "Dual checkers";
}

/// Every game the server plays.
pub fn variants() -> Vec<VariantView> {
    Variant::ALL
        .into_iter()
        .map(|v| {
            kurier_rules::with_game!(v, G => VariantView {
                name: crate::requests::variant_name(v),
                title: <G as WebGame>::TITLE,
                files: G::FILES,
                ranks: G::RANKS,
                start_fen: G::start().fen(),
            })
        })
        .collect()
}

/// The name of square `sq` (`rank * files + file`) of `G`'s board.
pub fn name_of<G: Notation>(sq: usize) -> String {
    square_name(sq % G::FILES, sq / G::FILES)
}

/// The pieces of `pos`, one letter or `None` per square.
pub fn cells<G: Notation>(pos: &G) -> Vec<Option<char>> {
    // A position's own FEN always reads back.
    board_cells(&pos.fen(), G::FILES, G::RANKS).unwrap_or_else(|e| {
        log::error!("serve: {} FEN unreadable: {e}", G::NAME);
        vec![None; G::FILES * G::RANKS]
    })
}

/// The board of `pos`, square by square from a1 along the ranks.
pub fn board<G: Notation>(pos: &G) -> Vec<SquareView> {
    cells(pos)
        .into_iter()
        .enumerate()
        .map(|(sq, letter)| {
            let (file, rank) = (sq % G::FILES, sq / G::FILES);
            SquareView {
                square: square_name(file, rank),
                file,
                rank,
                dark: (file + rank) % 2 == 0,
                piece: letter.and_then(|c| {
                    Some(PieceView {
                        kind: G::piece_kind(c)?,
                        color: color_name(if c.is_ascii_uppercase() {
                            Color::White
                        } else {
                            Color::Black
                        }),
                        letter: c.to_string(),
                    })
                }),
            }
        })
        .collect()
}

/// The move in the game's notation: SAN where the game has it, else what people read.
pub fn notation<G: Notation>(pos: &G, mv: G::Move) -> String {
    pos.san_text(mv).unwrap_or_else(|| pos.show_move(mv))
}

/// `mv`, legal in `pos`, as the page sees it: its path, the squares it captures (the rules'
/// marks; in the chess games the enemy piece on the destination), its promotion.
pub fn move_view<G: Notation>(pos: &G, before: &[Option<char>], mv: G::Move) -> MoveView {
    let marks = pos.marks(mv);
    let (from, to) = match (marks.path.first(), marks.path.last()) {
        (Some(&f), Some(&t)) => (f, t),
        _ => (0, 0),
    };
    let mut captured = marks.captured;
    let side_white = pos.side_to_move() == Color::White;
    if captured.is_empty() {
        if let Some(Some(c)) = before.get(to) {
            if c.is_ascii_uppercase() != side_white {
                captured.push(to);
            }
        }
    }
    let after = cells(&pos.play(mv));
    let promotion = match (before.get(from), after.get(to)) {
        (Some(Some(a)), Some(Some(b))) if a != b => G::piece_kind(*b),
        _ => None,
    };
    MoveView {
        wire: pos.format_move(mv),
        notation: notation(pos, mv),
        from: name_of::<G>(from),
        to: name_of::<G>(to),
        path: marks.path.iter().map(|&s| name_of::<G>(s)).collect(),
        capture: !captured.is_empty(),
        captures: captured.iter().map(|&s| name_of::<G>(s)).collect(),
        promotion,
    }
}
