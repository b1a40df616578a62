//! The protocol layer: the only code that reads stdin and writes stdout.
//!
//! The first line decides the protocol: `uci` starts [`uci_session`], `xboard` starts
//! [`xboard_session`]. Each session reads a line into a typed command of `kurier_wire`, runs it
//! against its game ([`session::AnyRecord`]), and writes its answers as typed replies; errors
//! are answered on the wire and the loop goes on. stdout is flushed after every message.
//! Option changes have their side effects in one place ([`engine_options`]).
//!
//! The search runs on its own thread ([`thinker`]); both write through one [`Output`].

pub mod edit;
pub mod engine_options;
pub mod output;
pub mod session;
pub mod thinker;
pub mod uci_session;
pub mod xboard_host;
pub mod xboard_referee;
pub mod xboard_session;

use crate::options::Options;
use kurier_wire::lines::LineError;
pub use output::Output;
use std::io::BufRead;

/// The name and version sent to GUIs.
pub const ENGINE_NAME: &str = concat!("Kurier ", env!("CARGO_PKG_VERSION"));

/// Reads commands from `input` until `quit` or end of input, answering on `output`. A line
/// longer than [`kurier_wire::lines::MAX_LINE`] is answered with an error, never run (none of it
/// is a command), in every session.
pub fn run(input: impl BufRead, output: Output, options: &Options) -> std::io::Result<()> {
    let mut lines = kurier_wire::lines(input);
    loop {
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = match line {
            Ok(line) => line,
            Err(LineError::Io(e)) => return Err(e),
            Err(e @ LineError::TooLong { .. }) => {
                output.line(kurier_wire::xboard::XboardReply::Error {
                    reason: "line too long".to_string(),
                    command: e.to_string(),
                })?;
                continue;
            }
        };
        match line.trim() {
            "" => continue,
            "uci" => return uci_session::UciSession::new(options, output).run(&line, lines),
            "xboard" => return xboard_session::XboardSession::new(options, output).run(lines),
            "quit" => return Ok(()),
            other => output.line(kurier_wire::xboard::XboardReply::Error {
                reason: "expected 'uci' or 'xboard' first".to_string(),
                command: other.to_string(),
            })?,
        }
    }
}
