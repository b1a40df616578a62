//! How each game looks to a person at the terminal: board size, piece glyphs, the legend, the
//! move text people read, and which squares mark the last move.
//!
//! Everything here is presentation: the rules stay in the game modules. The board itself is drawn
//! from the position's FEN ([`super::diagram`]), so a game only says how to draw one square.

use kurier_engine::search::Searchable;
use kurier_rules::bitboard::squares;
use kurier_rules::game::{Game, MoveError, MoveList};
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::captures::Leg;
use kurier_rules::games::dual::{notation as dual_notation, DualCheckers};
use kurier_rules::games::schachdame::Schachdame;
use kurier_rules::san::{San, SanRules};

/// The squares that mark a move on the diagram, as `rank * files + file`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The squares the moving piece stood on: origin, every landing square, destination.
    pub path: Vec<usize>,
    /// The squares of the pieces it captured (Dual checkers; empty after the move).
    pub captured: Vec<usize>,
}

/// How the pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Glyphs {
    /// The FEN letters, upper case White, lower case Black: every font has them (the default).
    #[default]
    Letters,
    /// Figures where the game has them, White's outlined and Black's solid (`♔ ♟`, `○ ●`): the
    /// sides told apart by the figure alone, for output without colour.
    Figures,
    /// Figures, both sides solid, for colour output, where the colour tells the sides apart (an
    /// outlined figure reads as the dark side on a dark terminal).
    SolidFigures,
}

/// A game as a person sees it at the terminal. Every game of [`kurier_rules::games::Variant`] has one.
pub trait Presentation: Searchable {
    /// Files of the board (8, Courier 12).
    const FILES: usize;
    /// Ranks of the board.
    const RANKS: usize;
    /// The game's name for people (`Schachdame`, `Courier chess`, `Dual checkers`).
    const TITLE: &'static str;

    /// The one-character glyph for a FEN piece letter: the letter itself, or a figure that
    /// DejaVu Sans Mono (the usual monospace fallback) has.
    fn glyph(letter: char, glyphs: Glyphs) -> char;

    /// What an empty square shows: `.` on a square in play, blank where the game does not play.
    fn empty_glyph(file: usize, rank: usize) -> char;

    /// The key to the diagram for `help`: each piece as `piece` draws it (from its FEN letter)
    /// and what it stands for.
    fn legend(piece: &dyn Fn(char) -> String) -> String;

    /// How to type a move in this game, for `help`.
    fn notation_help() -> &'static str;

    /// Reads a move people typed, in every notation the game has (default: what
    /// [`Game::parse_move`] reads; Courier and Schachdame also read SAN, `kurier_rules::san`).
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

    /// The squares that mark `mv` on the diagram after it is played.
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
            if let Some((f, r)) = kurier_rules::game::parse_square(&text[start..i], files, ranks) {
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

/// The text to type for `mv`: the people's form when it names exactly this move, else the
/// protocol form (which always does).
pub fn typeable<G: Presentation>(pos: &G, mv: G::Move) -> String {
    let shown = pos.show_move(mv);
    if pos.parse_move(&shown) == Ok(mv) {
        shown
    } else {
        pos.format_move(mv)
    }
}

/// Every legal move in the form to type it, sorted (so the moves of one piece stand together).
pub fn legal_moves<G: Presentation>(pos: &G) -> Vec<String> {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    let mut moves: Vec<String> = list.iter().map(|&m| typeable(pos, m)).collect();
    moves.sort();
    moves
}

impl Presentation for Schachdame {
    const FILES: usize = 8;
    const RANKS: usize = 8;
    const TITLE: &'static str = "Schachdame";

    fn glyph(letter: char, glyphs: Glyphs) -> char {
        match (glyphs, letter) {
            (Glyphs::Letters, _) => letter,
            (Glyphs::Figures, 'K') => '♔',
            (Glyphs::Figures, 'B') => '♗',
            (Glyphs::Figures, 'P') => '♙',
            (_, 'K' | 'k') => '♚',
            (_, 'B' | 'b') => '♝',
            (_, 'P' | 'p') => '♟',
            _ => letter,
        }
    }

    /// docs/rules.md S1: only the dark squares are in play (a1 is dark).
    fn empty_glyph(file: usize, rank: usize) -> char {
        if (file + rank).is_multiple_of(2) {
            '.'
        } else {
            ' '
        }
    }

    fn legend(g: &dyn Fn(char) -> String) -> String {
        format!(
            "Pieces (White / Black): {} {} king (Dame), {} {} bishop (Ritter), {} {} pawn (Bauer).\n\
             Only the dark squares (dots) are in play; every move is diagonal.",
            g('K'),
            g('k'),
            g('B'),
            g('b'),
            g('P'),
            g('p')
        )
    }

    fn notation_help() -> &'static str {
        "Moves: from-square and to-square, e.g. d2e3 (also d2-e3, d2xe3), or SAN: Bd4, a3, dxe5.\n\
         A pawn reaching the last rank becomes a bishop: b7a8 or b7a8b (SAN a8=B)."
    }

    /// Protocol notation and SAN (docs/rules.md S9, `kurier_rules::san`).
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

impl Presentation for Courier {
    const FILES: usize = 12;
    const RANKS: usize = 8;
    const TITLE: &'static str = "Courier chess";

    /// Courier has nine kinds of piece and no standard figures for most: its FEN letters.
    fn glyph(letter: char, _glyphs: Glyphs) -> char {
        letter
    }

    fn empty_glyph(_file: usize, _rank: usize) -> char {
        '.'
    }

    fn legend(_piece: &dyn Fn(char) -> String) -> String {
        "Pieces (upper case White, lower case Black):\n\
         \x20 K king: one step any way             M mann: one step any way, not royal\n\
         \x20 R rook, N knight: as in chess        B courier: slides diagonally\n\
         \x20 E alfil: jumps 2 squares diagonally  F fers: one step diagonally\n\
         \x20 W schleich: one step orthogonally    P pawn: one step forward, never two"
            .to_string()
    }

    fn notation_help() -> &'static str {
        "Moves: from-square and to-square on the 12x8 board (files a..l), e.g. i2i3 or g3g4\n\
         (also i2-i3, i2xi3), or SAN: Nc3, Ra3, gxh5. A pawn reaching the last rank becomes a\n\
         fers: c7c8 or c7c8f (SAN c8=F)."
    }

    /// Protocol notation and SAN (docs/rules.md C9, `kurier_rules::san`).
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

impl Presentation for DualCheckers {
    const FILES: usize = 8;
    const RANKS: usize = 8;
    const TITLE: &'static str = "Dual checkers";

    /// Circles, not the draughts men of U+26C0..U+26C3, which monospace fonts lack: a man is a
    /// plain circle, a king a circle with a ring or a dot.
    fn glyph(letter: char, glyphs: Glyphs) -> char {
        match (glyphs, letter) {
            (Glyphs::Letters, _) => letter,
            (Glyphs::Figures, 'M') => '○',
            (Glyphs::Figures, 'K') => '◎',
            (_, 'M' | 'm') => '●',
            (_, 'K' | 'k') => '◉',
            _ => letter,
        }
    }

    /// All 64 squares are in play (docs/rules.md D1); dots mark the dark ones, so the colour of a
    /// square, which decides direct captures, can be read off the diagram.
    fn empty_glyph(file: usize, rank: usize) -> char {
        if (file + rank).is_multiple_of(2) {
            '.'
        } else {
            ' '
        }
    }

    fn legend(g: &dyn Fn(char) -> String) -> String {
        format!(
            "Pieces (White / Black): {} {} man, {} {} king.\n\
             All 64 squares are in play: dots mark the dark squares, the light ones are blank.\n\
             After a capture, [ ] marks the capturing piece's path and x each piece it took.",
            g('M'),
            g('m'),
            g('K'),
            g('k')
        )
    }

    fn notation_help() -> &'static str {
        "Moves: a step is f3-e4 (or f3e4). A capture lists its origin and every landing square:\n\
         f6:d4:d3, f6xd4xd3 or f6d4d3, or its legs f6e5,e5d4,d4d3; origin:destination (f6:d3)\n\
         is enough when it names one capture. Capturing is compulsory: when you can, you must,\n\
         and a capture goes on while the piece can capture."
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
                .map(|sq| kurier_rules::game::square_name(sq % 8, sq / 8))
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

    /// `letters`: White's pieces, then Black's in the same order. In every mode a side's kinds
    /// have glyphs of their own and none is a draughts man of U+26C0..U+26C3 (no monospace font
    /// has them); letters and outlined figures tell the sides apart, solid figures leave that to
    /// the colour; letters are the FEN's.
    fn glyphs_of<G: Presentation>(letters: &str) {
        let distinct = |cs: &[char]| {
            let mut all = cs.to_vec();
            all.sort_unstable();
            all.dedup();
            all.len() == cs.len()
        };
        for glyphs in [Glyphs::Letters, Glyphs::Figures, Glyphs::SolidFigures] {
            let shown: Vec<char> = letters.chars().map(|c| G::glyph(c, glyphs)).collect();
            assert!(
                shown.iter().all(|c| !('\u{26C0}'..='\u{26C3}').contains(c)),
                "{glyphs:?}: {shown:?}"
            );
            let (white, black) = shown.split_at(shown.len() / 2);
            assert!(distinct(white) && distinct(black), "{glyphs:?}: {shown:?}");
            match glyphs {
                Glyphs::SolidFigures => assert_eq!(white, black),
                _ => assert!(distinct(&shown), "{glyphs:?}: {shown:?}"),
            }
        }
        let shown: String = letters
            .chars()
            .map(|c| G::glyph(c, Glyphs::Letters))
            .collect();
        assert_eq!(shown, letters);
    }

    #[test]
    fn glyphs_in_every_mode() {
        glyphs_of::<Schachdame>("KBPkbp");
        glyphs_of::<DualCheckers>("MKmk");
        assert_eq!(Courier::glyph('w', Glyphs::Figures), 'w');
        assert_eq!(Schachdame::glyph('P', Glyphs::Figures), '♙');
        assert_eq!(Schachdame::glyph('P', Glyphs::SolidFigures), '♟');
        assert_eq!(DualCheckers::glyph('K', Glyphs::Figures), '◎');
        assert_eq!(DualCheckers::glyph('k', Glyphs::Figures), '◉');
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
