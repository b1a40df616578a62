//! UCI, the parts that need no search: `uci`, `isready`, `setoption name UCI_Variant`,
//! `ucinewgame`, `position startpos|fen ... [moves ...]`, `go perft N`, `d`, `quit`.

use super::session::AnyRecord;
use super::ENGINE_NAME;
use crate::config::Config;
use crate::games::Variant;
use std::io::{Lines, Write};

/// A UCI session.
pub struct Uci {
    record: AnyRecord,
}

impl Uci {
    /// A session playing the configured variant from its start.
    pub fn new(config: &Config) -> Self {
        Uci {
            record: AnyRecord::start(config.variant),
        }
    }

    /// Answers `first` (the `uci` line), then every further line until `quit`.
    pub fn run<R: std::io::BufRead>(
        mut self,
        first: &str,
        lines: Lines<R>,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        self.handle(first, out)?;
        for line in lines {
            if !self.handle(&line?, out)? {
                break;
            }
        }
        Ok(())
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<bool> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return Ok(true);
        };
        match command {
            "uci" => {
                writeln!(out, "id name {ENGINE_NAME}")?;
                writeln!(out, "id author the Kurier developers")?;
                let vars: String = Variant::ALL.iter().map(|v| format!(" var {v}")).collect();
                writeln!(
                    out,
                    "option name UCI_Variant type combo default {}{vars}",
                    self.record.variant()
                )?;
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "setoption" => self.setoption(&words[1..], out)?,
            "ucinewgame" => self.record = AnyRecord::start(self.record.variant()),
            "position" => {
                if let Err(e) = self.position(&words[1..]) {
                    writeln!(out, "info string error: {e}")?;
                }
            }
            "go" => self.go(&words[1..], out)?,
            "d" => writeln!(out, "info string fen {}", self.record.fen())?,
            "stop" | "ponderhit" | "register" | "debug" => {}
            "quit" => return Ok(false),
            other => writeln!(out, "info string error: unknown command '{other}'")?,
        }
        out.flush()?;
        Ok(true)
    }

    fn setoption(&mut self, words: &[&str], out: &mut impl Write) -> std::io::Result<()> {
        let text = words.join(" ");
        let parsed = text
            .strip_prefix("name ")
            .and_then(|rest| rest.split_once(" value "));
        match parsed {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("UCI_Variant") => {
                match value.parse::<Variant>() {
                    Ok(v) => self.record = AnyRecord::start(v),
                    Err(e) => writeln!(out, "info string error: {e}")?,
                }
            }
            _ => writeln!(
                out,
                "info string error: unknown option in 'setoption {text}'"
            )?,
        }
        Ok(())
    }

    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let variant = self.record.variant();
        let moves_at = words.iter().position(|&w| w == "moves");
        let setup = &words[..moves_at.unwrap_or(words.len())];
        let mut record = match setup.split_first() {
            Some((&"startpos", [])) => AnyRecord::start(variant),
            Some((&"fen", fen)) if !fen.is_empty() => AnyRecord::from_fen(variant, &fen.join(" "))?,
            _ => return Err("expected 'position startpos|fen FEN [moves ...]'".to_string()),
        };
        if let Some(i) = moves_at {
            for mv in &words[i + 1..] {
                record.play_text(mv)?;
            }
        }
        // Only a fully valid command changes the position.
        self.record = record;
        Ok(())
    }

    fn go(&mut self, words: &[&str], out: &mut impl Write) -> std::io::Result<()> {
        match words {
            ["perft", depth] => match depth.parse::<u32>() {
                Ok(d) => {
                    let split = self.record.divide(d, 1);
                    for (mv, n) in &split {
                        writeln!(out, "{mv}: {n}")?;
                    }
                    writeln!(out)?;
                    let total: u64 = if d == 0 {
                        1
                    } else {
                        split.iter().map(|(_, n)| n).sum()
                    };
                    writeln!(out, "Nodes searched: {total}")?;
                }
                Err(_) => writeln!(out, "info string error: bad perft depth '{depth}'")?,
            },
            _ => {
                writeln!(
                    out,
                    "info string error: this build has no search yet; only 'go perft N'"
                )?;
                writeln!(out, "bestmove 0000")?;
            }
        }
        Ok(())
    }
}
