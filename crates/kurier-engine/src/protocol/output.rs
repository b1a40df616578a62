//! Where protocol messages go. The command loop and the search thread both write; each message
//! is written whole under a lock and flushed at once, so lines never interleave and a GUI never
//! waits on a buffer.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared, line-at-a-time writer.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Wraps a writer (stdout in the binary, a buffer in tests).
    pub fn new(w: impl Write + Send + 'static) -> Self {
        Output(Arc::new(Mutex::new(Box::new(w))))
    }

    /// A writer into memory, and a handle to read what was written (for tests).
    pub fn memory() -> (Self, Memory) {
        let buf = Memory(Arc::new(Mutex::new(Vec::new())));
        (Output::new(buf.clone()), buf)
    }

    /// Writes one message (a line, newline added) and flushes. A poisoned lock (a panic while
    /// writing) still writes: losing a line would desynchronise the GUI.
    pub fn line(&self, text: impl std::fmt::Display) -> std::io::Result<()> {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(w, "{text}")?;
        w.flush()
    }
}

/// Bytes written to an [`Output::memory`].
#[derive(Clone, Default)]
pub struct Memory(Arc<Mutex<Vec<u8>>>);

impl Memory {
    /// Everything written so far.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(|e| e.into_inner())).into_owned()
    }
}

impl Write for Memory {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
