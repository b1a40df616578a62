//! Line editing at a terminal: the person's lines read with [`rustyline`], so the arrow keys move
//! in the line and step through the lines typed before (Ctrl-R searches them), Tab completes a
//! command, and Ctrl-D or Ctrl-C end the session.
//!
//! The editor draws the prompt itself. The game redraws the clock in that prompt while it runs
//! ([`super::lines::Lines::redraw_prompt`]); it keeps the text in an [`EditorPrompt`], which the
//! editor shows in place of the prompt it was given whenever it redraws the line (a key pressed),
//! so a keypress never brings back the time the turn started with.

use super::input::{Line, LineSource, MAX_LINE};
use rustyline::completion::Completer;
use rustyline::config::{ColorMode, Config};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, ExternalPrinter, Helper};
use std::borrow::Cow;
use std::io;
use std::sync::{Arc, Mutex, PoisonError};

/// The commands Tab completes (the first word of a line).
const COMMANDS: &[&str] = &[
    "board", "flip", "fen", "go", "help", "hint", "legal", "moves", "new", "pgn", "quit", "undo",
];

/// The prompt as it should look now, shared by the game (which updates the clock in it) and the
/// editor (which draws it).
#[derive(Clone, Debug, Default)]
pub struct EditorPrompt(Arc<Mutex<String>>);

impl EditorPrompt {
    /// Sets the text.
    pub fn set(&self, text: &str) {
        let mut shown = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        shown.clear();
        shown.push_str(text);
    }

    /// The text.
    pub fn get(&self) -> String {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// The editor's helper: the prompt as it is now, and Tab for the commands.
struct PlayHelper {
    prompt: EditorPrompt,
}

impl Highlighter for PlayHelper {
    /// The prompt as the game last set it, when it has the width of the one the editor was given
    /// (the editor places the cursor by that width).
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        let now = self.prompt.get();
        if now.chars().count() == prompt.chars().count() {
            Cow::Owned(now)
        } else {
            Cow::Borrowed(prompt)
        }
    }
}

impl Completer for PlayHelper {
    type Candidate = String;

    /// The commands that start with the line's first word, while the cursor is in it.
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        match line.get(..pos) {
            Some(typed) if !typed.contains(char::is_whitespace) => {
                Ok((0, commands_starting(typed)))
            }
            _ => Ok((pos, Vec::new())),
        }
    }
}

/// The commands that start with `typed` (in any case).
fn commands_starting(typed: &str) -> Vec<String> {
    let lower = typed.to_ascii_lowercase();
    COMMANDS
        .iter()
        .filter(|c| c.starts_with(&lower))
        .map(|c| c.to_string())
        .collect()
}

impl Hinter for PlayHelper {
    type Hint = String;
}

impl Validator for PlayHelper {}

impl Helper for PlayHelper {}

/// Prints above the line the editor has open, then draws the prompt and the line again.
pub struct Printer(Option<Box<dyn ExternalPrinter + Send>>);

impl Printer {
    /// Prints `text` above the line being typed (to stdout when the terminal has no such
    /// printer, as a dumb terminal).
    pub fn print(&mut self, text: String) -> io::Result<()> {
        match &mut self.0 {
            Some(p) => p.print(text).map_err(io::Error::other),
            None => {
                let mut out = io::stdout();
                io::Write::write_all(&mut out, text.as_bytes())?;
                io::Write::flush(&mut out)
            }
        }
    }
}

/// The person's lines from the terminal, edited with [`rustyline`]; every line typed goes into
/// the history of the session.
pub struct TerminalLines {
    editor: Editor<PlayHelper, DefaultHistory>,
}

impl TerminalLines {
    /// An editor on stdin and stdout that draws `prompt`'s text as its prompt, and its printer.
    pub fn new(prompt: EditorPrompt) -> io::Result<(Self, Printer)> {
        let config = Config::builder()
            .auto_add_history(true)
            .max_history_size(1000)
            .map_err(io::Error::other)?
            // The helper's prompt is drawn only with colours on; the prompt has none, and the
            // editor is used only when the output is a terminal.
            .color_mode(ColorMode::Forced)
            .build();
        let mut editor = Editor::with_config(config).map_err(io::Error::other)?;
        editor.set_helper(Some(PlayHelper { prompt }));
        let printer = match editor.create_external_printer() {
            Ok(p) => Printer(Some(Box::new(p))),
            Err(_) => Printer(None),
        };
        Ok((TerminalLines { editor }, printer))
    }
}

impl LineSource for TerminalLines {
    fn read_line(&mut self, prompt: &str) -> io::Result<Line> {
        match self.editor.readline(prompt) {
            Ok(text) if text.len() > MAX_LINE => Ok(Line::TooLong),
            Ok(text) => Ok(Line::Text(text)),
            Err(ReadlineError::Eof) => Ok(Line::Eof),
            Err(ReadlineError::Interrupted) => Ok(Line::Interrupted),
            Err(ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompt_drawn_is_the_latest_of_the_same_width() {
        let prompt = EditorPrompt::default();
        let helper = PlayHelper {
            prompt: prompt.clone(),
        };
        prompt.set("White 0:04.2> ");
        assert_eq!(
            helper.highlight_prompt("White 0:05.0> ", true),
            "White 0:04.2> "
        );
        // Another width would put the cursor in the wrong column: the editor's own is kept.
        assert_eq!(helper.highlight_prompt("White> ", true), "White> ");
    }

    #[test]
    fn tab_completes_commands() {
        assert_eq!(commands_starting("h"), ["help", "hint"]);
        assert_eq!(commands_starting("PG"), ["pgn"]);
        assert!(commands_starting("e2").is_empty());
        assert_eq!(commands_starting("").len(), COMMANDS.len());
    }
}
