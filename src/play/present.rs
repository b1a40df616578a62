//! How each game looks to a person at the terminal: piece glyphs, the legend, how to type a
//! move. The move text people read and the squares that mark a move are the rules crate's
//! ([`kurier_rules::notation`]), which `kurier serve` shares.
//!
//! Everything here is presentation: the rules stay in the game modules. The board itself is drawn
//! from the position's FEN ([`super::diagram`]), so a game only says how to draw one square.

use kurier_engine::search::Searchable;
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;
pub use kurier_rules::notation::{legal_moves, typeable, Marks, Notation};

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
/// How its moves are read and shown is the rules crate's [`Notation`], shared with `kurier serve`.
pub trait Presentation: Searchable + Notation {
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
}

impl Presentation for Schachdame {
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
}

impl Presentation for Courier {
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
}

impl Presentation for DualCheckers {
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
