//! Input lines as the protocols read them: one reader for the engine's sessions and for the
//! match runner's engine processes.

use std::io::BufRead;

/// The longest line read; the rest of a longer line is skipped.
pub const MAX_LINE: usize = 1 << 20;

/// The lines of `input`, each cut at 1 MB and decoded leniently: invalid UTF-8 becomes U+FFFD
/// and then an ordinary unknown-command or bad-move error, never an end of the session.
pub fn lines(mut input: impl BufRead) -> impl Iterator<Item = std::io::Result<String>> {
    std::iter::from_fn(move || {
        let mut buf = Vec::new();
        match std::io::Read::take(input.by_ref(), MAX_LINE as u64).read_until(b'\n', &mut buf) {
            Ok(0) => None,
            Ok(_) => {
                if buf.len() >= MAX_LINE && buf.last() != Some(&b'\n') {
                    // Skip the rest of an over-long line.
                    let mut rest = Vec::new();
                    if let Err(e) = input.read_until(b'\n', &mut rest) {
                        return Some(Err(e));
                    }
                }
                let text = String::from_utf8_lossy(&buf);
                Some(Ok(text.trim_end_matches(['\n', '\r']).to_string()))
            }
            Err(e) => Some(Err(e)),
        }
    })
}
