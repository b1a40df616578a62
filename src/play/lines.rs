//! The person's lines read on a thread of its own, so that the game can wait for a line *and*
//! for a clock at once: [`Lines::next_before`] gives up at a deadline (the moment the person's
//! time runs out) while the read goes on, and the line typed later is the next one returned.
//!
//! Who writes the prompt differs: the game writes it before a [`LineReader`] reads, the line
//! editor ([`TerminalLines`]) draws it itself; [`Lines::show_prompt`] does the right one.

use super::editor::{EditorPrompt, Printer, TerminalLines};
use super::input::{Line, LineReader, LineSource};
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Instant;

/// A [`LineSource`] on a thread of its own, asked for one line at a time.
///
/// The thread reads only when a line is asked for, so it never reads ahead of the game: when
/// the session ends between lines, it is idle, and it ends when the [`Lines`] is dropped. A
/// deadline that passes leaves the request open; the next call waits for the same line.
pub struct Lines {
    /// Asks the thread for the next line, with the prompt.
    ask: Sender<String>,
    /// The thread's answers.
    answers: Receiver<io::Result<Line>>,
    /// A line was asked for and has not arrived yet.
    asked: bool,
    /// The prompt of the next request.
    prompt: String,
    /// The prompt the line editor draws and its printer; `None` when the game writes the prompt.
    editor: Option<(EditorPrompt, Printer)>,
}

impl Lines {
    /// Starts the reading thread over `inner`; the game writes the prompt.
    pub fn spawn<R: BufRead + Send + 'static>(inner: R) -> io::Result<Self> {
        Lines::spawn_source(LineReader::new(inner), None)
    }

    /// Starts the reading thread over the terminal (stdin and stdout), with line editing and
    /// history; the editor draws the prompt.
    pub fn terminal() -> io::Result<Self> {
        let prompt = EditorPrompt::default();
        let (source, printer) = TerminalLines::new(prompt.clone())?;
        Lines::spawn_source(source, Some((prompt, printer)))
    }

    fn spawn_source<S: LineSource>(
        mut source: S,
        editor: Option<(EditorPrompt, Printer)>,
    ) -> io::Result<Self> {
        let (ask, asks) = mpsc::channel::<String>();
        let (answer, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name("play-input".into())
            .spawn(move || {
                // Ends when the game drops its side of either channel.
                for prompt in asks {
                    if answer.send(source.read_line(&prompt)).is_err() {
                        return;
                    }
                }
            })?;
        Ok(Lines {
            ask,
            answers,
            asked: false,
            prompt: String::new(),
            editor,
        })
    }

    /// True when the line editor reads the lines (at a terminal).
    pub fn is_editor(&self) -> bool {
        self.editor.is_some()
    }

    /// Shows `prompt` before the next line: writes it to `out`, or leaves it to the line editor
    /// (which keeps the prompt it has while a line asked for earlier is still being typed).
    pub fn show_prompt(&mut self, out: &mut impl Write, prompt: &str) -> io::Result<()> {
        match &self.editor {
            None => write!(out, "{prompt}")?,
            Some(_) if self.asked => {}
            Some((shown, _)) => shown.set(prompt),
        }
        self.prompt = prompt.to_string();
        out.flush()
    }

    /// Has the line editor print `text` above the line being typed, then draw the prompt and
    /// the line again (for output while a line is open). Without an editor `text` goes to `out`.
    pub fn print_above(&mut self, out: &mut impl Write, text: String) -> io::Result<()> {
        match &mut self.editor {
            Some((_, printer)) if self.asked => printer.print(text),
            _ => {
                write!(out, "{text}")?;
                out.flush()
            }
        }
    }

    /// Draws `prompt` over the prompt on the screen, of the same width, where the person types;
    /// the line editor draws it so from then on too.
    pub fn redraw_prompt(&mut self, out: &mut impl Write, prompt: &str) -> io::Result<()> {
        if let Some((shown, _)) = &self.editor {
            shown.set(prompt);
        }
        // Save the cursor, write the prompt over itself, put the cursor back.
        write!(out, "\x1b7\r{prompt}\x1b8")?;
        out.flush()
    }

    /// Sets the prompt the line editor draws when it redraws the line, without drawing it.
    pub fn set_prompt(&mut self, prompt: &str) {
        if let Some((shown, _)) = &self.editor {
            shown.set(prompt);
        }
    }

    /// The next line, waiting at most until `deadline` (for ever when `None`); `Ok(None)` when
    /// the deadline passed first. A reading thread that stopped is an error.
    pub fn next_before(&mut self, deadline: Option<Instant>) -> io::Result<Option<Line>> {
        if !self.asked {
            self.ask
                .send(std::mem::take(&mut self.prompt))
                .map_err(|_| stopped())?;
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
    use std::io::Read;
    use std::time::Duration;

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
