//! Lines typed by the person: bounded in length, checked for UTF-8, never a reason to crash.
//!
//! [`LineReader`] reads them from any stream (a pipe, a file, a test's bytes); at a terminal
//! [`super::editor::TerminalLines`] reads them with line editing and history. Both are a
//! [`LineSource`], which [`super::lines::Lines`] reads on a thread of its own.

use std::io::{self, BufRead, Read};

/// The longest line read as a command or move; anything longer is refused (and skipped).
pub const MAX_LINE: usize = 1024;

/// One line of input, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, without its line ending.
    Text(String),
    /// The input ended.
    Eof,
    /// The line was longer than [`MAX_LINE`] bytes; it was read to its end and dropped.
    TooLong,
    /// The line was not valid UTF-8.
    NotUtf8,
    /// The person pressed Ctrl-C at the line editor.
    Interrupted,
}

/// Gives the person's lines one at a time.
pub trait LineSource: Send + 'static {
    /// The next line. `prompt` is the prompt, for a source that draws it itself.
    fn read_line(&mut self, prompt: &str) -> io::Result<Line>;
}

impl<R: BufRead + Send + 'static> LineSource for LineReader<R> {
    /// The game has written the prompt.
    fn read_line(&mut self, _prompt: &str) -> io::Result<Line> {
        self.next_line()
    }
}

/// Reads [`Line`]s from any [`BufRead`], holding at most [`MAX_LINE`] bytes of a line.
pub struct LineReader<R> {
    inner: R,
}

impl<R: BufRead> LineReader<R> {
    /// Reads from `inner`.
    pub fn new(inner: R) -> Self {
        LineReader { inner }
    }

    /// The next line. Only a failing reader is an error; bad text is a [`Line`] to answer.
    pub fn next_line(&mut self) -> io::Result<Line> {
        let mut buf = Vec::new();
        let n = <&mut R as Read>::take(&mut self.inner, MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(Line::Eof);
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if buf.len() > MAX_LINE {
            self.skip_rest_of_line()?;
            return Ok(Line::TooLong);
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        Ok(match String::from_utf8(buf) {
            Ok(s) => Line::Text(s),
            Err(_) => Line::NotUtf8,
        })
    }

    /// Drops input up to and including the next newline (or to the end of input).
    fn skip_rest_of_line(&mut self) -> io::Result<()> {
        loop {
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(());
            }
            if let Some(i) = available.iter().position(|&b| b == b'\n') {
                self.inner.consume(i + 1);
                return Ok(());
            }
            let n = available.len();
            self.inner.consume(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_errors_and_end() {
        let mut text = b"e2e4\r\n".to_vec();
        text.extend(vec![b'a'; MAX_LINE * 3]);
        text.extend(b"\n\xff\xfe\nquit");
        let mut r = LineReader::new(&text[..]);
        assert_eq!(r.next_line().ok(), Some(Line::Text("e2e4".into())));
        assert_eq!(r.next_line().ok(), Some(Line::TooLong));
        assert_eq!(r.next_line().ok(), Some(Line::NotUtf8));
        assert_eq!(r.next_line().ok(), Some(Line::Text("quit".into())));
        assert_eq!(r.next_line().ok(), Some(Line::Eof));
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_read() {
        let mut text = vec![b'a'; MAX_LINE];
        text.push(b'\n');
        let mut r = LineReader::new(&text[..]);
        assert!(matches!(r.next_line(), Ok(Line::Text(s)) if s.len() == MAX_LINE));
        assert_eq!(r.next_line().ok(), Some(Line::Eof));
    }
}
