//! The protocol layer: the only code that reads stdin and writes stdout.
//!
//! The first line decides the protocol: `uci` starts [`uci`], `xboard` starts [`xboard`].
//! Each handler parses a line into a typed command, runs it against the session, and writes its
//! answers; errors are answered on the wire and the loop goes on. stdout is flushed after every
//! message.
//!
//! This build speaks the parts of both protocols that set up positions, check moves and run
//! perft; playing (search) comes with the search issue.

pub mod session;
pub mod uci;
pub mod xboard;

use crate::config::Config;
use std::io::{BufRead, Write};

/// The name and version sent to GUIs.
pub const ENGINE_NAME: &str = concat!("Kurier ", env!("CARGO_PKG_VERSION"));

/// Reads commands from `input` until `quit` or end of input, answering on `output`.
pub fn run(input: impl BufRead, output: &mut impl Write, config: &Config) -> std::io::Result<()> {
    let mut lines = input.lines();
    loop {
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line?;
        match line.trim() {
            "" => continue,
            "uci" => return uci::Uci::new(config).run(&line, lines, output),
            "xboard" => return xboard::XBoard::new(config).run(lines, output),
            "quit" => return Ok(()),
            other => {
                writeln!(output, "Error (expected 'uci' or 'xboard' first): {other}")?;
                output.flush()?;
            }
        }
    }
}
