//! The game's output, held back while the line editor has a line open: what the game says when
//! the person's clock falls mid-line is handed to the editor as a whole
//! ([`super::lines::Lines::print_above`]), which prints it above the line being typed and draws
//! the prompt and the line again below it.

use std::io::{self, Write};

/// A [`Write`] that passes everything through, or holds it while [`Held::hold`] is on.
pub struct Held<W> {
    inner: W,
    held: Option<Vec<u8>>,
}

impl<W: Write> Held<W> {
    /// Passes through to `inner`.
    pub fn new(inner: W) -> Self {
        Held { inner, held: None }
    }

    /// Holds what is written from now on.
    pub fn hold(&mut self) {
        self.held.get_or_insert_with(Vec::new);
    }

    /// What was held, and passes through again; `None` when nothing was being held.
    pub fn release(&mut self) -> Option<String> {
        self.held
            .take()
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
    }
}

impl<W: Write> Write for Held<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.held {
            Some(held) => {
                held.extend_from_slice(buf);
                Ok(buf.len())
            }
            None => self.inner.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.held {
            Some(_) => Ok(()),
            None => self.inner.flush(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_and_releases() {
        let mut out = Held::new(Vec::new());
        write!(out, "a").unwrap();
        assert_eq!(out.release(), None);
        out.hold();
        write!(out, "b\nc").unwrap();
        out.flush().unwrap();
        assert_eq!(out.release().as_deref(), Some("b\nc"));
        write!(out, "d").unwrap();
        assert_eq!(out.inner, b"ad");
    }
}
