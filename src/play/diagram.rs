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
//! Each square is three characters wide: the piece's glyph ([`Presentation::glyph`]) or the empty
//! square's ([`Presentation::empty_glyph`]) in the middle, brackets around the squares of the last
//! move's path, `x` on the squares of pieces it captured. With colour (only when the output is a
//! terminal) the marked squares are also highlighted.

use super::present::{Marks, Presentation};
use kurier_rules::game::{parse_fen_board, Color};

/// How to draw the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Piece letters instead of Unicode figures.
    pub ascii: bool,
    /// ANSI colour escapes for the marked squares (only for a terminal).
    pub colour: bool,
    /// The side whose first rank is at the bottom.
    pub bottom: Color,
}

const HIGHLIGHT: &str = "\x1b[1;33m";
const CAPTURED: &str = "\x1b[1;31m";
const RESET: &str = "\x1b[0m";

/// The pieces of a FEN's board field, as `rank * files + file` → FEN letter.
fn cells<G: Presentation>(fen: &str) -> Result<Vec<Option<char>>, String> {
    let (files, ranks) = (G::FILES, G::RANKS);
    let board = fen.split_whitespace().next().unwrap_or("");
    let mut cells = vec![None; files * ranks];
    parse_fen_board(board, files, ranks, |c, file, rank| {
        if file < files {
            cells[rank * files + file] = Some(c);
        }
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    Ok(cells)
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
            let glyph = match cells[sq] {
                Some(letter) => G::glyph(letter, style.ascii),
                None if taken => 'x',
                None => G::empty_glyph(f, r),
            };
            let cell = if on_path {
                format!("[{glyph}]")
            } else {
                format!(" {glyph} ")
            };
            match (style.colour, on_path, taken && cells[sq].is_none()) {
                (true, true, _) => out.push_str(&format!("{HIGHLIGHT}{cell}{RESET}")),
                (true, false, true) => out.push_str(&format!("{CAPTURED}{cell}{RESET}")),
                _ => out.push_str(&cell),
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
            ascii: true,
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
        assert!(coloured.contains(HIGHLIGHT));
    }
}
