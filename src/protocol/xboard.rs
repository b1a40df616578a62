//! XBoard (CECP v2), the parts that need no search: the handshake, `ping`, `new`, `variant`,
//! `setboard`, `usermove` and bare moves (checked against the rules), `undo`, `remove`, `force`,
//! `quit`, and silent acceptance of the GUI's informational commands.

use super::session::AnyRecord;
use super::ENGINE_NAME;
use crate::config::Config;
use crate::games::Variant;
use std::io::{Lines, Write};

/// An XBoard session.
pub struct XBoard {
    record: AnyRecord,
}

/// XBoard's piece-to-character map and board for an engine-defined variant (`setup` command);
/// `None` for a variant XBoard knows natively (Courier: XBoard ignores a `setup` for it while it
/// tests legality, PROTOCOLS.md).
fn setup_line(variant: Variant) -> Option<String> {
    Some(match variant {
        Variant::Courier => return None,
        // Pieces in XBoard's internal order: P N B R Q F E A C W M O H I J G D V L S U K.
        Variant::Schachdame => format!(
            "setup (P.B...................Kp.b...................k) 8x8+0_fairy {}",
            crate::games::schachdame::START_FEN
        ),
        // Men on XBoard's `M` slot and kings on `K`, so the letters match the game's FEN
        // (RULES.md D2). Full multi-leg capture support in XBoard is a later issue.
        Variant::DualCheckers => format!(
            "setup (..........M..........K..........m..........k) 8x8+0_fairy {}",
            crate::games::dual::START_FEN
        ),
    })
}

/// `piece` descriptions so the GUI knows how the pieces move (direction before move type); none
/// for Courier, whose pieces XBoard knows.
fn piece_lines(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Courier => &[],
        Variant::Schachdame => &["piece P& fmFfcF", "piece B& B", "piece K& F"],
        // Quiet moves only (RULES.md D3, D8); the captures (D5, D8) have no Betza form XBoard
        // understands, so a GUI must play Dual checkers with legality testing off.
        Variant::DualCheckers => &["piece M& fmF", "piece K& mB"],
    }
}

impl XBoard {
    /// A session playing the configured variant from its start.
    pub fn new(config: &Config) -> Self {
        XBoard {
            record: AnyRecord::start(config.variant),
        }
    }

    /// Answers every line until `quit` or end of input.
    pub fn run<R: std::io::BufRead>(
        mut self,
        lines: Lines<R>,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        for line in lines {
            if !self.handle(&line?, out)? {
                break;
            }
        }
        Ok(())
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<bool> {
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" => return Ok(true),
            "protover" => {
                writeln!(
                    out,
                    "feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 colors=0 name=1 \
                     myname=\"{ENGINE_NAME}\" variants=\"{}\"",
                    Variant::names()
                )?;
                writeln!(out, "feature done=1")?;
            }
            "ping" => writeln!(out, "pong {rest}")?,
            "new" => self.record = AnyRecord::start(self.record.variant()),
            "variant" => match rest.parse::<Variant>() {
                Ok(v) => {
                    self.record = AnyRecord::start(v);
                    if let Some(setup) = setup_line(v) {
                        writeln!(out, "{setup}")?;
                    }
                    for p in piece_lines(v) {
                        writeln!(out, "{p}")?;
                    }
                }
                Err(e) => writeln!(out, "Error ({e}): {line}")?,
            },
            "setboard" => match AnyRecord::from_fen(self.record.variant(), rest) {
                Ok(r) => self.record = r,
                Err(e) => writeln!(out, "tellusererror Illegal position: {e}")?,
            },
            "usermove" => self.user_move(rest, out)?,
            "undo" => {
                self.record.undo();
            }
            "remove" => {
                self.record.undo();
                self.record.undo();
            }
            "go" | "playother" | "analyze" | "hint" | "bk" => {
                writeln!(out, "Error (this build has no search yet): {line}")?
            }
            "quit" => return Ok(false),
            "xboard" | "accepted" | "rejected" | "force" | "random" | "post" | "nopost"
            | "computer" | "name" | "rating" | "hard" | "easy" | "level" | "st" | "sd" | "time"
            | "otim" | "result" | "draw" | "?" | "." | "exit" | "memory" | "cores" | "nps"
            | "option" | "ics" => {}
            _ if looks_like_move(command) && rest.is_empty() => self.user_move(command, out)?,
            _ => writeln!(out, "Error (unknown command): {line}")?,
        }
        out.flush()?;
        Ok(true)
    }

    fn user_move(&mut self, text: &str, out: &mut impl Write) -> std::io::Result<()> {
        match self.record.play_text(text) {
            Ok(()) => {
                if let Some(result) = self.record.result() {
                    writeln!(out, "{result}")?;
                }
            }
            Err(e) => writeln!(out, "Illegal move ({e}): {text}")?,
        }
        Ok(())
    }
}

/// A bare move (XBoard without `usermove=1`): starts with a square name.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}
