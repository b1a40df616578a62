//! A reader that goes away (`kurier match --merge ... | head`, `kurier perft ... --divide |
//! head -1`) is no error of Kurier's: the command ends quietly, with status 0, as a program
//! that dies of SIGPIPE prints nothing. Rust ignores SIGPIPE, and `kurier match` must (its
//! engines may exit while it writes to them), so a write to the closed pipe fails with EPIPE
//! instead. [`PipeWatch`] notes such a failure of stdout, whatever error type later carries it
//! up; [`broken_pipe`] tells one in an error's chain.

use std::error::Error;
use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static CLOSED: AtomicBool = AtomicBool::new(false);

/// A writer (stdout) that remembers a write that failed because its reader closed the pipe.
pub struct PipeWatch<W: Write>(pub W);

impl<W: Write> PipeWatch<W> {
    fn note<T>(result: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &result {
            if e.kind() == ErrorKind::BrokenPipe {
                CLOSED.store(true, Ordering::SeqCst);
            }
        }
        result
    }
}

impl<W: Write> Write for PipeWatch<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        Self::note(self.0.write(buf))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Self::note(self.0.flush())
    }
}

/// True once a write through a [`PipeWatch`] found its pipe closed.
pub fn closed() -> bool {
    CLOSED.load(Ordering::SeqCst)
}

/// True when the reader of stdout went away: a [`PipeWatch`] saw it, or `error` or an error it
/// was caused by is EPIPE.
pub fn broken_pipe(error: &(dyn Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(e) = cause {
        if e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == ErrorKind::BrokenPipe)
        {
            return true;
        }
        cause = e.source();
    }
    closed()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[derive(Debug, thiserror::Error)]
    #[error("wrapped: {0}")]
    struct Wrapped(#[source] std::io::Error);

    #[test]
    fn a_closed_pipe_is_told() {
        // The only test that touches the flag: before a closed pipe is seen, another error is
        // no closed pipe; EPIPE in the chain is.
        let other = std::io::Error::other("disk full");
        assert!(!broken_pipe(&Wrapped(std::io::Error::other("x"))));
        assert!(broken_pipe(&Wrapped(ErrorKind::BrokenPipe.into())));
        let mut out = PipeWatch(Closed);
        assert!(writeln!(out, "x").is_err());
        assert!(closed());
        // Once stdout saw it, any error that carried it up (whatever its chain) is one.
        assert!(broken_pipe(&other));
    }
}
