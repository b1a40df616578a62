//! XBoard's `edit` mode: the GUI clears the board (`#`), puts pieces (`Pa4`, white first, then
//! black after `c`), empties squares (`xa4`) and ends with `.`; the board then becomes a FEN
//! that the game's own reader checks. Generic: the board is read from and written to the
//! FEN's board field, so it works for every game's size and letters.

use kurier_rules::game::Color;

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

    /// One edit command: `#`, `c`, `Pa4` or `xa4`.
    pub fn command(&mut self, line: &str) -> Result<(), String> {
        match line.trim() {
            "#" => {
                for row in &mut self.rows {
                    row.fill(None);
                }
                Ok(())
            }
            "c" => {
                self.white = !self.white;
                Ok(())
            }
            text => {
                let mut chars = text.chars();
                let piece = chars.next().ok_or("empty edit command")?;
                let (file, rank) = self.square(chars.as_str())?;
                let ranks = self.rows.len();
                let cell = &mut self.rows[ranks - 1 - rank][file];
                *cell = match piece {
                    'x' | 'X' => None,
                    p if p.is_ascii_alphabetic() => Some(if self.white {
                        p.to_ascii_uppercase()
                    } else {
                        p.to_ascii_lowercase()
                    }),
                    _ => return Err(format!("'{piece}' is not a piece letter")),
                };
                Ok(())
            }
        }
    }

    fn square(&self, text: &str) -> Result<(usize, usize), String> {
        let bad = || format!("'{text}' is not a square of this board");
        let mut chars = text.chars();
        let f = chars.next().ok_or_else(bad)?;
        let file = (f as usize).wrapping_sub('a' as usize);
        let rank: usize = chars.as_str().parse().map_err(|_| bad())?;
        if file >= self.files || rank == 0 || rank > self.rows.len() {
            return Err(bad());
        }
        Ok((file, rank - 1))
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
        e.command("#").unwrap();
        e.command("Kf1").unwrap();
        e.command("Pl2").unwrap();
        e.command("c").unwrap();
        e.command("Kf8").unwrap();
        assert_eq!(e.fen(Color::Black), "5k6/12/12/12/12/12/11P/5K6 b - - 0 1");
        e.command("xl2").unwrap();
        assert_eq!(e.fen(Color::White), "5k6/12/12/12/12/12/12/5K6 w - - 0 1");
        assert!(e.command("Km9").is_err());
        assert!(e.command("Ka0").is_err());
        assert!(e.command("?a1").is_err());
    }
}
