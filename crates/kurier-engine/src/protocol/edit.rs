//! XBoard's `edit` mode: the GUI clears the board (`#`), puts pieces (`Pa4`, white first, then
//! black after `c`), empties squares (`xa4`) and ends with `.` ([`EditCommand`]); the board then
//! becomes a FEN that the game's own reader checks. Generic: the board is read from and written
//! to the FEN's board field, so it works for every game's size and letters.

use kurier_rules::game::Color;
use kurier_wire::xboard::EditCommand;

/// An edit command this board cannot carry out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// Off the board, or not a square at all.
    #[error("'{0}' is not a square of this board")]
    Square(String),
    /// Not a letter.
    #[error("'{0}' is not a piece letter")]
    Piece(char),
}

/// A board being set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    files: usize,
    /// Rows from the top rank down, as in FEN.
    rows: Vec<Vec<Option<char>>>,
    /// Pieces put now are White's (`c` switches).
    white: bool,
}

impl Editor {
    /// Starts from the board of `fen` (the current position).
    pub fn new(fen: &str) -> Editor {
        let board = fen.split_whitespace().next().unwrap_or("");
        let mut rows: Vec<Vec<Option<char>>> = Vec::new();
        for text in board.split('/') {
            let mut row = Vec::new();
            let mut digits = String::new();
            for c in text.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                let empty: usize = digits.parse().unwrap_or(0);
                row.extend(std::iter::repeat_n(None, empty));
                digits.clear();
                row.push(Some(c));
            }
            let empty: usize = digits.parse().unwrap_or(0);
            row.extend(std::iter::repeat_n(None, empty));
            rows.push(row);
        }
        let files = rows.iter().map(Vec::len).max().unwrap_or(8).max(1);
        for row in &mut rows {
            row.resize(files, None);
        }
        Editor {
            files,
            rows,
            white: true,
        }
    }

    /// Carries out one edit command (`Done` changes nothing: the caller reads [`Editor::fen`]).
    pub fn command(&mut self, command: &EditCommand) -> Result<(), EditError> {
        match command {
            EditCommand::Clear => {
                for row in &mut self.rows {
                    row.fill(None);
                }
            }
            EditCommand::SwitchColor => self.white = !self.white,
            EditCommand::Done => {}
            EditCommand::Empty { square } => *self.cell(square)? = None,
            EditCommand::Place { piece, square } => {
                let white = self.white;
                let cell = self.cell(square)?;
                if !piece.is_ascii_alphabetic() {
                    return Err(EditError::Piece(*piece));
                }
                *cell = Some(if white {
                    piece.to_ascii_uppercase()
                } else {
                    piece.to_ascii_lowercase()
                });
            }
        }
        Ok(())
    }

    fn cell(&mut self, text: &str) -> Result<&mut Option<char>, EditError> {
        let bad = || EditError::Square(text.to_string());
        let mut chars = text.chars();
        let f = chars.next().ok_or_else(bad)?;
        let file = (f as usize).wrapping_sub('a' as usize);
        let rank: usize = chars.as_str().parse().map_err(|_| bad())?;
        let ranks = self.rows.len();
        if file >= self.files || rank == 0 || rank > ranks {
            return Err(bad());
        }
        Ok(&mut self.rows[ranks - rank][file])
    }

    /// The board as a FEN with `side` to move and fresh counters.
    pub fn fen(&self, side: Color) -> String {
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|row| {
                let mut text = String::new();
                let mut empty = 0;
                for cell in row {
                    match cell {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                                empty = 0;
                            }
                            text.push(*p);
                        }
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        let side = if side == Color::White { 'w' } else { 'b' };
        format!("{} {side} - - 0 1", rows.join("/"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_place_and_write_back() {
        let mut e = Editor::new(
            "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1",
        );
        let mut run = |line: &str| e.command(&line.parse().unwrap());
        run("#").unwrap();
        run("Kf1").unwrap();
        run("Pl2").unwrap();
        run("c").unwrap();
        run("Kf8").unwrap();
        assert_eq!(run("Km9"), Err(EditError::Square("m9".into())));
        assert!(run("Ka0").is_err());
        assert_eq!(run("?a1"), Err(EditError::Piece('?')));
        assert_eq!(run("?z9"), Err(EditError::Square("z9".into())));
        assert_eq!(e.fen(Color::Black), "5k6/12/12/12/12/12/11P/5K6 b - - 0 1");
        e.command(&"xl2".parse().unwrap()).unwrap();
        assert_eq!(e.fen(Color::White), "5k6/12/12/12/12/12/12/5K6 w - - 0 1");
    }
}
