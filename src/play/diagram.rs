//! The board diagram, drawn from the position's FEN so that one drawing serves all three games.
//!
//! ```text
//!     a  b  c  d  e  f  g  h
//!  8     p     k     b     p  8
//!  7  p     p    [.]    p     7
//!  6     .     .    [p]    .  6
//!  5  .     .     .     .     5
//!  4     .     .     .     .  4
//!  3  .     .     P     .     3
//!  2     P     .     P     P  2
//!  1  P     B     K     P     1
//!     a  b  c  d  e  f  g  h
//! ```
//!
//! (Schachdame after 1.d2e3 e7f6, in letters; the brackets mark Black's last move.)
//!
//! Each square is three characters wide: the piece ([`Presentation::glyph`]: its FEN letter by
//! default, a figure on request) or the empty square's glyph ([`Presentation::empty_glyph`]) in
//! the middle, brackets around the squares of the last move's path, `x` on the squares of pieces
//! it captured. With colour (a terminal, or `--color always`) White's pieces are cyan and
//! Black's magenta, so the sides differ by more than a letter's case or a figure's outline; the
//! brackets are yellow and the `x` red.

use super::present::{Glyphs, Marks, Presentation};
use kurier_rules::game::Color;
use kurier_rules::notation::board_cells;

/// How to draw the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Letters or figures.
    pub glyphs: Glyphs,
    /// ANSI colour escapes: the pieces by side, the marked squares.
    pub colour: bool,
    /// The side whose first rank is at the bottom.
    pub bottom: Color,
}

/// White's pieces: bold cyan, readable on dark and light backgrounds alike.
pub const WHITE_PIECE: &str = "\x1b[1;36m";
/// Black's pieces: bold magenta.
pub const BLACK_PIECE: &str = "\x1b[1;35m";
/// The brackets of the last move's squares.
pub const HIGHLIGHT: &str = "\x1b[1;33m";
/// The `x` where a captured piece stood.
pub const CAPTURED: &str = "\x1b[1;31m";
/// Back to the terminal's colours.
pub const RESET: &str = "\x1b[0m";

/// `text` in `colour` when the style has colour, else as it is.
fn paint(style: &Style, colour: &str, text: char) -> String {
    if style.colour {
        format!("{colour}{text}{RESET}")
    } else {
        text.to_string()
    }
}

/// The piece of FEN letter `letter` as the diagram shows it: its glyph, in its side's colour
/// when the style has colour (upper case is White in all three games' FEN).
pub fn piece<G: Presentation>(letter: char, style: &Style) -> String {
    let side = if letter.is_ascii_uppercase() {
        WHITE_PIECE
    } else {
        BLACK_PIECE
    };
    paint(style, side, G::glyph(letter, style.glyphs))
}

/// The pieces of a FEN's board field, as `rank * files + file` → FEN letter.
fn cells<G: Presentation>(fen: &str) -> Result<Vec<Option<char>>, String> {
    board_cells(fen, G::FILES, G::RANKS).map_err(|e| e.to_string())
}

/// The diagram of the position `fen` of game `G`, with the last move's `marks`, one line per rank
/// between two lines of file letters. Every line ends with a newline.
pub fn render<G: Presentation>(fen: &str, marks: Option<&Marks>, style: &Style) -> String {
    let (files, ranks) = (G::FILES, G::RANKS);
    let cells = match cells::<G>(fen) {
        Ok(c) => c,
        // The FEN comes from the game itself, so this does not happen; say so rather than panic.
        Err(e) => return format!("(cannot draw the position '{fen}': {e})\n"),
    };
    let file_order: Vec<usize> = match style.bottom {
        Color::White => (0..files).collect(),
        Color::Black => (0..files).rev().collect(),
    };
    let rank_order: Vec<usize> = match style.bottom {
        Color::White => (0..ranks).rev().collect(),
        Color::Black => (0..ranks).collect(),
    };
    let mut letters = String::from("   ");
    for &f in &file_order {
        letters.push(' ');
        letters.push((b'a' + f as u8) as char);
        letters.push(' ');
    }
    let letters = letters.trim_end().to_string();
    let mut out = String::new();
    out.push_str(&letters);
    out.push('\n');
    let empty = Marks::default();
    let marks = marks.unwrap_or(&empty);
    for &r in &rank_order {
        out.push_str(&format!("{:>2} ", r + 1));
        for &f in &file_order {
            let sq = r * files + f;
            let on_path = marks.path.contains(&sq);
            let taken = marks.captured.contains(&sq);
            let middle = match cells[sq] {
                Some(letter) => piece::<G>(letter, style),
                None if taken => paint(style, CAPTURED, 'x'),
                None => G::empty_glyph(f, r).to_string(),
            };
            if on_path {
                out.push_str(&paint(style, HIGHLIGHT, '['));
                out.push_str(&middle);
                out.push_str(&paint(style, HIGHLIGHT, ']'));
            } else {
                out.push(' ');
                out.push_str(&middle);
                out.push(' ');
            }
        }
        out.push_str(&format!(" {}\n", r + 1));
    }
    out.push_str(&letters);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::game::Game;
    use kurier_rules::games::courier::Courier;
    use kurier_rules::games::schachdame::Schachdame;

    fn plain(bottom: Color) -> Style {
        Style {
            glyphs: Glyphs::Letters,
            colour: false,
            bottom,
        }
    }

    #[test]
    fn schachdame_start_in_letters() {
        let d = render::<Schachdame>(&Schachdame::start().fen(), None, &plain(Color::White));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[0], "    a  b  c  d  e  f  g  h");
        assert_eq!(lines[1], " 8     p     k     b     p  8");
        assert_eq!(lines[8], " 1  P     B     K     P     1");
    }

    #[test]
    fn flipped_board_starts_with_rank_one() {
        let d = render::<Schachdame>(&Schachdame::start().fen(), None, &plain(Color::Black));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "    h  g  f  e  d  c  b  a");
        assert_eq!(lines[1], " 1     P     K     B     P  1");
    }

    #[test]
    fn courier_has_twelve_files_and_marks() {
        let pos = Courier::start();
        let marks = Marks {
            path: vec![8, 20],
            captured: vec![],
        };
        let d = render::<Courier>(&pos.fen(), Some(&marks), &plain(Color::White));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "    a  b  c  d  e  f  g  h  i  j  k  l");
        assert_eq!(lines[8], " 1  R  N  E  B  M  K  .  W [B] E  N  R  1", "{d}");
        assert!(lines[7].contains("[P]"), "{d}");
        assert!(!d.contains('\x1b'));
        let coloured = render::<Courier>(
            &pos.fen(),
            Some(&marks),
            &Style {
                colour: true,
                ..plain(Color::White)
            },
        );
        assert!(coloured.contains(&format!("{HIGHLIGHT}[{RESET}{WHITE_PIECE}B{RESET}")));
        assert!(coloured.contains(&format!("{BLACK_PIECE}r{RESET}")));
        // Without the escapes, the same board.
        let mut stripped = coloured.clone();
        for code in [HIGHLIGHT, WHITE_PIECE, BLACK_PIECE, RESET] {
            stripped = stripped.replace(code, "");
        }
        assert_eq!(stripped, d);
    }

    #[test]
    fn figures_outlined_or_solid() {
        let fen = Schachdame::start().fen();
        let style = |glyphs| Style {
            glyphs,
            ..plain(Color::White)
        };
        let d = render::<Schachdame>(&fen, None, &style(Glyphs::Figures));
        assert!(d.contains('♔') && d.contains('♚'), "{d}");
        let d = render::<Schachdame>(&fen, None, &style(Glyphs::SolidFigures));
        assert!(!d.contains('♔') && d.contains('♚'), "{d}");
    }
}
