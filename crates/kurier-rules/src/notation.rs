//! How people read and write a game's moves, for every front end (the terminal game, the web
//! board): the move text people read (SAN for Courier chess and Schachdame, the checkers
//! notation for Dual checkers), the move text they may type, and the squares a move passes and
//! captures ([`Marks`]), which a board draws.
//!
//! The rules themselves stay in the game modules; this is only how moves are shown and read.

use crate::bitboard::squares;
use crate::game::{parse_fen_board, FenError, Game, MoveError, MoveList};
use crate::games::courier::Courier;
use crate::games::dual::captures::Leg;
use crate::games::dual::{notation as dual_notation, DualCheckers};
use crate::games::schachdame::Schachdame;
use crate::san::{San, SanRules};

/// The squares that mark a move on a board, as `rank * files + file`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The squares the moving piece stood on: origin, every landing square, destination.
    pub path: Vec<usize>,
    /// The squares of the pieces it captured (Dual checkers; empty after the move).
    pub captured: Vec<usize>,
}

/// A game's moves as people read and type them. Every game of [`crate::games::Variant`] has one.
pub trait Notation: Game {
    /// Files of the board (8, Courier 12).
    const FILES: usize;
    /// Ranks of the board.
    const RANKS: usize;

    /// The name of the piece with FEN letter `letter` (either case), lower case, as
    /// docs/rules.md names it (C2, S2, D2): `king`, `schleich`, `man`; `None` for a letter the
    /// game has no piece for.
    fn piece_kind(letter: char) -> Option<&'static str>;

    /// Reads a move people typed, in every notation the game has (default: what
    /// [`Game::parse_move`] reads; Courier and Schachdame also read SAN, [`crate::san`]).
    fn read_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(text)
    }

    /// The move in SAN, for the games that have it (Courier and Schachdame: `Nc3`, `bc3`).
    fn san_text(&self, _mv: Self::Move) -> Option<String> {
        None
    }

    /// The upper-case piece letters SAN takes (none in a game without SAN).
    fn san_letters() -> &'static [char] {
        &[]
    }

    /// The move as people read it (default: the protocol text, `c1e3`).
    fn show_move(&self, mv: Self::Move) -> String {
        self.format_move(mv)
    }

    /// What the move does besides going from square to square (`takes e5, d3`), if anything.
    fn move_note(&self, _mv: Self::Move) -> Option<String> {
        None
    }

    /// The squares that mark `mv` on a board after it is played.
    fn marks(&self, mv: Self::Move) -> Marks {
        Marks {
            path: squares_in(&self.format_move(mv), Self::FILES, Self::RANKS),
            captured: Vec::new(),
        }
    }

    /// True when the side to move must capture (Dual checkers, docs/rules.md D4).
    fn must_capture(&self) -> bool {
        false
    }
}

/// The squares named in a move text, in order, each once: `c1e3` gives c1 and e3, `l7l8f` gives
/// l7 and l8.
pub fn squares_in(text: &str, files: usize, ranks: usize) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_lowercase() {
            let start = i;
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if let Some((f, r)) = crate::game::parse_square(&text[start..i], files, ranks) {
                let sq = r * files + f;
                if !out.contains(&sq) {
                    out.push(sq);
                }
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The pieces of a FEN's board field, indexed `rank * files + file`, each as its FEN letter
/// (the board of a position is `board_cells(&pos.fen(), G::FILES, G::RANKS)`).
pub fn board_cells(fen: &str, files: usize, ranks: usize) -> Result<Vec<Option<char>>, FenError> {
    let board = fen.split_whitespace().next().unwrap_or("");
    let mut cells = vec![None; files * ranks];
    parse_fen_board(board, files, ranks, |c, file, rank| {
        if file < files {
            cells[rank * files + file] = Some(c);
        }
        Ok(())
    })?;
    Ok(cells)
}

/// The text to type for `mv`: the people's form when it names exactly this move, else the
/// protocol form (which always does).
pub fn typeable<G: Notation>(pos: &G, mv: G::Move) -> String {
    let shown = pos.show_move(mv);
    if pos.parse_move(&shown) == Ok(mv) {
        shown
    } else {
        pos.format_move(mv)
    }
}

/// Every legal move in the form to type it, sorted (so the moves of one piece stand together).
pub fn legal_moves<G: Notation>(pos: &G) -> Vec<String> {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    let mut moves: Vec<String> = list.iter().map(|&m| typeable(pos, m)).collect();
    moves.sort();
    moves
}

impl Notation for Schachdame {
    const FILES: usize = 8;
    const RANKS: usize = 8;

    /// docs/rules.md S2.
    fn piece_kind(letter: char) -> Option<&'static str> {
        Some(match letter.to_ascii_uppercase() {
            'K' => "king",
            'B' => "bishop",
            'P' => "pawn",
            _ => return None,
        })
    }

    /// Protocol notation and SAN (docs/rules.md S9, [`crate::san`]).
    fn read_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_san(text)
    }

    fn san_text(&self, mv: Self::Move) -> Option<String> {
        Some(self.san(mv))
    }

    fn san_letters() -> &'static [char] {
        <Self as SanRules>::LETTERS
    }
}

impl Notation for Courier {
    const FILES: usize = 12;
    const RANKS: usize = 8;

    /// docs/rules.md C2.
    fn piece_kind(letter: char) -> Option<&'static str> {
        Some(match letter.to_ascii_uppercase() {
            'K' => "king",
            'R' => "rook",
            'N' => "knight",
            'B' => "courier",
            'E' => "alfil",
            'F' => "fers",
            'M' => "mann",
            'W' => "schleich",
            'P' => "pawn",
            _ => return None,
        })
    }

    /// Protocol notation and SAN (docs/rules.md C9, [`crate::san`]).
    fn read_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_san(text)
    }

    fn san_text(&self, mv: Self::Move) -> Option<String> {
        Some(self.san(mv))
    }

    fn san_letters() -> &'static [char] {
        <Self as SanRules>::LETTERS
    }
}

impl Notation for DualCheckers {
    const FILES: usize = 8;
    const RANKS: usize = 8;

    /// docs/rules.md D2.
    fn piece_kind(letter: char) -> Option<&'static str> {
        Some(match letter.to_ascii_uppercase() {
            'M' => "man",
            'K' => "king",
            _ => return None,
        })
    }

    /// docs/rules.md D11: `f3-e4`, `f6:d4:d3`.
    fn show_move(&self, mv: Self::Move) -> String {
        self.pdn(mv)
    }

    fn move_note(&self, mv: Self::Move) -> Option<String> {
        let mut notes = Vec::new();
        if mv.is_capture() {
            let taken: Vec<String> = dual_victims(self, mv)
                .into_iter()
                .map(|sq| crate::game::square_name(sq % 8, sq / 8))
                .collect();
            notes.push(format!("takes {}", taken.join(", ")));
        }
        if mv.is_promotion() {
            notes.push("becomes a king".to_string());
        }
        (!notes.is_empty()).then(|| notes.join("; "))
    }

    fn marks(&self, mv: Self::Move) -> Marks {
        let path = dual_path(self, mv)
            .map(|p| p.landings())
            .unwrap_or_else(|| vec![mv.from(), mv.to()]);
        Marks {
            path,
            captured: dual_victims(self, mv),
        }
    }

    fn must_capture(&self) -> bool {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list.iter().any(|m| m.is_capture())
    }
}

/// The capture path that [`DualCheckers::pdn`] writes for `mv` (the first that makes it),
/// searched from the move's origin only, so dense positions cost no more than the move.
fn dual_path(pos: &DualCheckers, mv: <DualCheckers as Game>::Move) -> Option<dual_notation::Path> {
    if !mv.is_capture() {
        return None;
    }
    dual_notation::path_of(pos, mv)
}

/// The squares `mv` captures, in the order its path takes them.
fn dual_victims(pos: &DualCheckers, mv: <DualCheckers as Game>::Move) -> Vec<usize> {
    match dual_path(pos, mv) {
        Some(p) => p
            .legs
            .iter()
            .map(|leg| match *leg {
                Leg::Jump { victim, .. } | Leg::Direct { victim } => victim as usize,
            })
            .collect(),
        None => squares(mv.captured()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_in_move_texts() {
        assert_eq!(squares_in("c1e3", 8, 8), vec![2, 20]);
        assert_eq!(squares_in("l7l8f", 12, 8), vec![6 * 12 + 11, 7 * 12 + 11]);
        assert_eq!(squares_in("f6e5,e5d4,d4d3", 8, 8), vec![45, 36, 27, 19]);
    }

    #[test]
    fn dual_capture_shows_its_path() {
        // docs/rules.md D5: after 1.f3-e4 d6-e5 2.e4:e5, Black must play f6:d4:d3.
        let pos =
            DualCheckers::from_fen("1m1m1m1m/m1m1m1m1/1m3m1m/4M3/8/1M1M3M/M1M1M1M1/1M1M1M1M b 0 2")
                .unwrap_or_else(|e| panic!("{e}"));
        assert!(pos.must_capture());
        let mv = pos.parse_move("f6d4d3").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.show_move(mv), "f6:d4:d3");
        assert_eq!(pos.move_note(mv).as_deref(), Some("takes e5, d3"));
        let marks = pos.marks(mv);
        assert_eq!(marks.path, vec![45, 27, 19]);
        assert_eq!(marks.captured, vec![36, 19]);
    }
}
