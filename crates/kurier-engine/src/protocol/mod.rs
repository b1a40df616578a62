//! The protocol layer: the only code that reads stdin and writes stdout.
//!
//! The first line decides the protocol: `uci` starts [`uci`], `xboard` starts [`xboard`].
//! Each handler parses a line into a typed command, runs it against the session, and writes its
//! answers; errors are answered on the wire and the loop goes on. stdout is flushed after every
//! message.
//!
//! The search runs on its own thread ([`thinker`]); both write through one [`Output`].

pub mod edit;
pub mod output;
pub mod session;
pub mod thinker;
pub mod uci;
pub mod xboard;

use crate::options::Options;
pub use output::Output;
use std::io::BufRead;

/// The name and version sent to GUIs.
pub const ENGINE_NAME: &str = concat!("Kurier ", env!("CARGO_PKG_VERSION"));

/// Reads commands from `input` until `quit` or end of input, answering on `output`.
pub fn run(input: impl BufRead, output: Output, options: &Options) -> std::io::Result<()> {
    let mut lines = kurier_wire::lines(input);
    loop {
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line?;
        match line.trim() {
            "" => continue,
            "uci" => return uci::Uci::new(options, output).run(&line, lines),
            "xboard" => return xboard::XBoard::new(options, output).run(lines),
            "quit" => return Ok(()),
            other => output.line(&format!(
                "Error (expected 'uci' or 'xboard' first): {other}"
            ))?,
        }
    }
}
