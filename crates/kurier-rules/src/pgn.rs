//! PGN: writing the games of a match and reading PGN files back (openings, `--replay`, and the
//! games `kurier serve` loads and offers for download).
//!
//! Moves are written as the caller gives them (SAN such as `Ra3` and `c8=F` for Courier and
//! Schachdame by default, `kurier_match::notation`; Dual-checkers captures as comma-joined legs
//! `f6e5,e5d4,d4d3`), numbered like PGN, each with a comment (score, depth and
//! time, or `book`), and the reason of the result in a final comment. The reader takes what
//! other programs write as well: comments `{}` and `;`, variations, NAGs, `%` lines, move
//! numbers glued to moves, annotation marks.
//!
//! Hand-written, on purpose: the reader keeps every move token as text and leaves it to the
//! game's own parser, because the PGN of these games is not chess PGN. Courier has twelve files
//! (`i2i3`, `l8k6`) and Dual checkers writes a capture as comma-joined legs; the Rust PGN
//! reader (`pgn-reader`) hands its visitor each move already read as standard-chess SAN on
//! eight files, and it is GPL-3.0-or-later, which this MIT workspace cannot take in. What is
//! left (tags, comments, variations, NAGs, results) is a small tokenizer, tested below.

use std::fmt::Write as _;

/// A move and the comments after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written.
    pub text: String,
    /// Comments that follow it.
    pub comments: Vec<String>,
}

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in order.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line.
    pub moves: Vec<PgnMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The comment written just before the result (the reason), when separate from the moves.
    pub result_comment: Option<String>,
    /// The line the game starts on (for messages).
    pub line: usize,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The comment that explains the result: the separate result comment, else the last
    /// comment of the last move.
    pub fn reason(&self) -> Option<&str> {
        self.result_comment.as_deref().or_else(|| {
            self.moves
                .last()
                .and_then(|m| m.comments.last())
                .map(String::as_str)
        })
    }

    /// The game as PGN text, ending with a blank line.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (name, value) in &self.tags {
            let v = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{}\"]", v.replace(['\n', '\r'], " "));
        }
        out.push('\n');
        let (mut number, mut black) = self.tag("FEN").map_or((1, false), first_move);
        let mut tokens = Vec::new();
        let mut need_number = true;
        for m in &self.moves {
            if !black {
                tokens.push(format!("{number}."));
            } else if need_number {
                tokens.push(format!("{number}..."));
            }
            tokens.push(m.text.clone());
            need_number = !m.comments.is_empty();
            for c in &m.comments {
                tokens.push(format!("{{{}}}", clean_comment(c)));
            }
            if black {
                number += 1;
            }
            black = !black;
        }
        if let Some(c) = &self.result_comment {
            tokens.push(format!("{{{}}}", clean_comment(c)));
        }
        tokens.push(self.result.clone());
        let mut line_len = 0;
        for t in tokens {
            if line_len > 0 && line_len + 1 + t.len() > 79 {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(&t);
            line_len += t.len();
        }
        out.push_str("\n\n");
        out
    }
}

/// A comment's text with the characters that would end it replaced.
fn clean_comment(text: &str) -> String {
    text.replace('}', ")")
        .replace('{', "(")
        .replace(['\n', '\r'], " ")
}

/// The move number and side of the first move of a game starting at `fen` (its last field is the
/// move number, its second the side to move).
pub fn first_move(fen: &str) -> (u32, bool) {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let black = fields.get(1) == Some(&"b");
    let number = fields
        .last()
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|_| fields.len() > 2)
        .unwrap_or(1)
        .max(1);
    (number, black)
}

/// Why a PGN text could not be read; each variant names the line it was found on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// `[` without a tag name.
    #[error("line {line}: a tag without a name")]
    TagWithoutName {
        /// The line.
        line: usize,
    },
    /// A tag value not in double quotes.
    #[error("line {line}: tag {name}: the value must be in double quotes")]
    UnquotedValue {
        /// The line.
        line: usize,
        /// The tag.
        name: String,
    },
    /// A tag value without its closing quote on the same line.
    #[error("line {line}: tag {name}: unterminated value")]
    UnterminatedValue {
        /// The line.
        line: usize,
        /// The tag.
        name: String,
    },
    /// A tag without its `]`.
    #[error("line {line}: tag {name}: expected ']'")]
    UnclosedTag {
        /// The line.
        line: usize,
        /// The tag.
        name: String,
    },
    /// A `{` comment without its `}`.
    #[error("line {line}: a comment without its '}}'")]
    UnclosedComment {
        /// The line the comment starts on.
        line: usize,
    },
    /// A `(` variation without its `)`.
    #[error("line {line}: a variation without its ')'")]
    UnclosedVariation {
        /// The line the variation starts on.
        line: usize,
    },
    /// A `)`, `]` or `}` with nothing open.
    #[error("line {line}: unexpected '{found}'")]
    Unexpected {
        /// The line.
        line: usize,
        /// The character.
        found: char,
    },
    /// A token in the moves that cannot be a move (it does not start with a letter).
    #[error("line {line}: '{text}' is not a move")]
    NotAMove {
        /// The line.
        line: usize,
        /// The token.
        text: String,
    },
}

impl PgnError {
    /// The line the error was found on.
    pub fn line(&self) -> usize {
        match self {
            PgnError::TagWithoutName { line }
            | PgnError::UnquotedValue { line, .. }
            | PgnError::UnterminatedValue { line, .. }
            | PgnError::UnclosedTag { line, .. }
            | PgnError::UnclosedComment { line }
            | PgnError::UnclosedVariation { line }
            | PgnError::Unexpected { line, .. }
            | PgnError::NotAMove { line, .. } => *line,
        }
    }
}

struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.pos += 1;
        if c == b'\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text[self.pos - 1] == b'\n'
    }

    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            if c == b'%' && self.at_line_start() {
                self.until(b'\n');
            } else if c.is_ascii_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    /// The text up to (not including) `end`, which is consumed; `None` at the end of input.
    fn until(&mut self, end: u8) -> Option<String> {
        let start = self.pos;
        while let Some(c) = self.bump() {
            if c == end {
                let s = &self.text[start..self.pos - 1];
                return Some(String::from_utf8_lossy(s).into_owned());
            }
        }
        None
    }

    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let line = self.line;
        self.bump();
        while self.peek().is_some_and(|c| c == b' ' || c == b'\t') {
            self.bump();
        }
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.bump();
        }
        let name = String::from_utf8_lossy(&self.text[start..self.pos]).into_owned();
        if name.is_empty() {
            return Err(PgnError::TagWithoutName { line });
        }
        while self.peek().is_some_and(|c| c == b' ' || c == b'\t') {
            self.bump();
        }
        if self.bump() != Some(b'"') {
            return Err(PgnError::UnquotedValue { line, name });
        }
        let mut value = Vec::new();
        loop {
            match self.bump() {
                Some(b'\\') => match self.bump() {
                    Some(b'\n') | None => return Err(PgnError::UnterminatedValue { line, name }),
                    Some(c) => value.push(c),
                },
                Some(b'"') => break,
                Some(b'\n') | None => return Err(PgnError::UnterminatedValue { line, name }),
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == b' ' || c == b'\t') {
            self.bump();
        }
        if self.bump() != Some(b']') {
            return Err(PgnError::UnclosedTag { line, name });
        }
        Ok((name, String::from_utf8_lossy(&value).into_owned()))
    }

    /// A symbol: everything up to a blank or a PGN delimiter.
    fn symbol(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| !c.is_ascii_whitespace() && !b"{}()[];".contains(&c))
        {
            self.bump();
        }
        String::from_utf8_lossy(&self.text[start..self.pos]).into_owned()
    }
}

fn is_result(s: &str) -> bool {
    matches!(s, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Reads every game of a PGN text.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut r = Reader {
        text: text.as_bytes(),
        pos: 0,
        line: 1,
    };
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut started = false;
    let mut in_moves = false;
    loop {
        r.skip_blank();
        let Some(c) = r.peek() else { break };
        if !started {
            game.line = r.line;
            started = true;
        }
        match c {
            b'[' if !in_moves => game.tags.push(r.tag()?),
            b'[' => {
                // A new game's tags after moves without a result.
                game.result = "*".to_string();
                games.push(std::mem::take(&mut game));
                in_moves = false;
                started = false;
            }
            b'{' => {
                let line = r.line;
                r.bump();
                let comment = r.until(b'}').ok_or(PgnError::UnclosedComment { line })?;
                let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
                match game.moves.last_mut() {
                    Some(m) => m.comments.push(comment),
                    None => game.result_comment = Some(comment),
                }
                in_moves = true;
            }
            b';' => {
                r.until(b'\n');
            }
            b'(' => {
                let line = r.line;
                let mut depth = 0;
                loop {
                    match r.bump() {
                        Some(b'(') => depth += 1,
                        Some(b')') => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        Some(b'{') => {
                            r.until(b'}');
                        }
                        Some(_) => {}
                        None => return Err(PgnError::UnclosedVariation { line }),
                    }
                }
            }
            b')' | b']' | b'}' => {
                return Err(PgnError::Unexpected {
                    line: r.line,
                    found: c as char,
                })
            }
            _ => {
                in_moves = true;
                let line = r.line;
                let sym = r.symbol();
                if is_result(&sym) {
                    game.result = sym;
                    // The last comment before the result is the reason of the result.
                    if let Some(m) = game.moves.last_mut() {
                        if game.result_comment.is_none() && m.comments.len() > 1 {
                            game.result_comment = m.comments.pop();
                        }
                    }
                    games.push(std::mem::take(&mut game));
                    in_moves = false;
                    started = false;
                    continue;
                }
                if sym.starts_with('$') {
                    continue;
                }
                let mv = sym.trim_start_matches(|c: char| c.is_ascii_digit());
                let mv = if mv.len() < sym.len() && mv.starts_with('.') {
                    mv.trim_start_matches('.')
                } else {
                    &sym
                };
                let mv = mv.trim_end_matches(['!', '?', '+', '#']);
                if mv.is_empty() {
                    continue;
                }
                if !mv.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
                    return Err(PgnError::NotAMove { line, text: sym });
                }
                game.moves.push(PgnMove {
                    text: mv.to_string(),
                    comments: Vec::new(),
                });
            }
        }
    }
    if started && (in_moves || !game.tags.is_empty()) {
        game.result = "*".to_string();
        games.push(game);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> PgnGame {
        PgnGame {
            tags: vec![
                ("Event".into(), "test \"quoted\"".into()),
                ("Variant".into(), "dualcheckers".into()),
                ("FEN".into(), "8/8/8/8/8/8/8/8 b 0 7".into()),
                ("Result".into(), "0-1".into()),
            ],
            moves: vec![
                PgnMove {
                    text: "f6e5,e5d4,d4d3".into(),
                    comments: vec!["+0.31/12 0.52s".into()],
                },
                PgnMove {
                    text: "a1b2".into(),
                    comments: vec![],
                },
                PgnMove {
                    text: "c3d4".into(),
                    comments: vec!["x}y".into()],
                },
            ],
            result: "0-1".into(),
            result_comment: Some("Black wins by no legal move".into()),
            line: 1,
        }
    }

    #[test]
    fn round_trip() {
        let g = game();
        let text = g.write();
        assert!(
            text.contains("7... f6e5,e5d4,d4d3 {+0.31/12 0.52s} 8. a1b2 c3d4 {x)y}"),
            "{text}"
        );
        assert!(text.contains("[Event \"test \\\"quoted\\\"\"]"), "{text}");
        let back = parse(&format!("{text}{text}")).unwrap();
        assert_eq!(back.len(), 2);
        let mut expected = g.clone();
        expected.moves[2].comments = vec!["x)y".into()];
        expected.line = 1;
        assert_eq!(back[0], expected);
        assert_eq!(back[1].line, text.lines().count() + 1);
        assert_eq!(back[0].reason(), Some("Black wins by no legal move"));
    }

    #[test]
    fn reads_what_others_write() {
        let text = "\u{feff}% escape\n[White \"a\"]\n[Black \"b\"]\n\n1.e2e4! $1 {c} (1. d2d4 {v} (1. c2c4)) e7e5 ; rest\n2. Nf3+ 1/2-1/2\n\n1. a2a3 *";
        let games = parse(text).unwrap();
        assert_eq!(games.len(), 2);
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, vec!["e2e4", "e7e5", "Nf3"]);
        assert_eq!(games[0].result, "1/2-1/2");
        assert_eq!(games[1].moves.len(), 1);
        for (bad, wanted) in [
            (
                "[White a]",
                PgnError::UnquotedValue {
                    line: 1,
                    name: "White".into(),
                },
            ),
            ("[ \"a\"]", PgnError::TagWithoutName { line: 1 }),
            ("1. e4 {open", PgnError::UnclosedComment { line: 1 }),
            ("\n1. e4 (e5", PgnError::UnclosedVariation { line: 2 }),
            (
                "[White \"a\"",
                PgnError::UnclosedTag {
                    line: 1,
                    name: "White".into(),
                },
            ),
            (
                "[White \"a\\",
                PgnError::UnterminatedValue {
                    line: 1,
                    name: "White".into(),
                },
            ),
            (
                "[White \"a\n\"]",
                PgnError::UnterminatedValue {
                    line: 1,
                    name: "White".into(),
                },
            ),
            (
                "1. e4 ]",
                PgnError::Unexpected {
                    line: 1,
                    found: ']',
                },
            ),
            (
                "\n\n1. 7x *",
                PgnError::NotAMove {
                    line: 3,
                    text: "7x".into(),
                },
            ),
        ] {
            let e = parse(bad).unwrap_err();
            assert_eq!(e, wanted, "{bad}");
            assert!(e.to_string().starts_with(&format!("line {}: ", e.line())));
        }
        assert_eq!(first_move("x w - - 0 12"), (12, false));
        assert_eq!(first_move("x b 0 3"), (3, true));
        assert_eq!(first_move("W:Wa1:Bb2"), (1, false));
    }
}
