//! Lines typed by the person: bounded in length, checked for UTF-8, never a reason to crash.
//!
//! [`LineReader`] reads them; [`Lines`] reads them on a thread of its own, so that the game can
//! wait for a line *and* for a clock at once: [`Lines::next_before`] gives up at a deadline (the
//! moment the person's time runs out) while the read goes on, and the line typed later is the
//! next one returned.

use std::io::{self, BufRead, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Instant;

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

/// [`LineReader`] on a thread of its own, asked for one line at a time.
///
/// The thread reads only when a line is asked for, so it never reads ahead of the game: when
/// the session ends between lines, it is idle, and it ends when the [`Lines`] is dropped. A
/// deadline that passes leaves the request open; the next call waits for the same line.
pub struct Lines {
    /// Asks the thread for the next line.
    ask: Sender<()>,
    /// The thread's answers.
    answers: Receiver<io::Result<Line>>,
    /// A line was asked for and has not arrived yet.
    asked: bool,
}

impl Lines {
    /// Starts the reading thread over `inner`.
    pub fn spawn<R: BufRead + Send + 'static>(inner: R) -> io::Result<Self> {
        let (ask, asks) = mpsc::channel::<()>();
        let (answer, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name("play-input".into())
            .spawn(move || {
                let mut reader = LineReader::new(inner);
                // Ends when the game drops its side of either channel.
                for () in asks {
                    if answer.send(reader.next_line()).is_err() {
                        return;
                    }
                }
            })?;
        Ok(Lines {
            ask,
            answers,
            asked: false,
        })
    }

    /// The next line, waiting at most until `deadline` (for ever when `None`); `Ok(None)` when
    /// the deadline passed first. A reading thread that stopped is an error.
    pub fn next_before(&mut self, deadline: Option<Instant>) -> io::Result<Option<Line>> {
        if !self.asked {
            self.ask.send(()).map_err(|_| stopped())?;
            self.asked = true;
        }
        let answer = match deadline {
            None => self.answers.recv().map_err(|_| stopped())?,
            Some(at) => {
                let wait = at.saturating_duration_since(Instant::now());
                match self.answers.recv_timeout(wait) {
                    Ok(answer) => answer,
                    Err(RecvTimeoutError::Timeout) => return Ok(None),
                    Err(RecvTimeoutError::Disconnected) => return Err(stopped()),
                }
            }
        };
        self.asked = false;
        answer.map(Some)
    }
}

/// The error of a reading thread that is gone (it panicked).
fn stopped() -> io::Error {
    io::Error::other("the input thread stopped")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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

    /// A reader that gives its lines only after a pause.
    struct Slow(Vec<&'static [u8]>, Duration);

    impl Read for Slow {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            std::thread::sleep(self.1);
            let line = self.0.remove(0);
            buf[..line.len()].copy_from_slice(line);
            Ok(line.len())
        }
    }

    #[test]
    fn a_deadline_does_not_lose_the_line() {
        let slow = io::BufReader::new(Slow(vec![b"e2e4\n"], Duration::from_millis(300)));
        let mut lines = Lines::spawn(slow).unwrap();
        let start = Instant::now();
        let soon = Some(start + Duration::from_millis(50));
        assert_eq!(lines.next_before(soon).ok(), Some(None));
        assert!(
            start.elapsed() < Duration::from_millis(250),
            "gave up at the deadline"
        );
        assert_eq!(
            lines.next_before(None).ok(),
            Some(Some(Line::Text("e2e4".into())))
        );
        // The end of input stays the end.
        assert_eq!(lines.next_before(None).ok(), Some(Some(Line::Eof)));
        assert_eq!(lines.next_before(None).ok(), Some(Some(Line::Eof)));
    }
}
