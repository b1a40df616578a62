//! Input lines as the protocols read them: one reader for the engine's sessions and for the
//! match runner's engine processes.

use std::io::BufRead;

/// The longest line read, in bytes (without its line end); a longer line is no line at all.
pub const MAX_LINE: usize = 1 << 20;

/// How many characters of an over-long line its error keeps (to say which line it was).
const SHOWN: usize = 40;

/// Why no line could be read.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// A line longer than [`MAX_LINE`] bytes. It was read to its end and dropped: none of it is
    /// a command (a prefix of it could be a valid but unintended one). The next line is read
    /// normally.
    #[error("a line of {bytes} bytes (more than {MAX_LINE}) starting '{start}...' is ignored")]
    TooLong {
        /// Its length in bytes, without the line end.
        bytes: usize,
        /// Its first characters.
        start: String,
    },
    /// Reading failed: the input is gone.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Reads and drops the rest of a line (to its `\n` or the end of input) without keeping it in
/// memory; returns how many bytes it had, the `\n` not counted.
fn skip_rest(input: &mut impl BufRead) -> std::io::Result<usize> {
    let mut skipped = 0;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(skipped);
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(skipped + i);
            }
            None => {
                let n = buf.len();
                input.consume(n);
                skipped += n;
            }
        }
    }
}

/// The lines of `input`, decoded leniently: invalid UTF-8 becomes U+FFFD and then an ordinary
/// unknown-command or bad-move error, never an end of the session. A line longer than
/// [`MAX_LINE`] is a [`LineError::TooLong`] item (the reader goes on with the next line); a
/// failed read is a [`LineError::Io`] item.
pub fn lines(mut input: impl BufRead) -> impl Iterator<Item = Result<String, LineError>> {
    std::iter::from_fn(move || {
        let mut buf = Vec::new();
        // One byte beyond the limit tells a line of exactly MAX_LINE bytes from a longer one;
        // the line end (`\n` or `\r\n`) does not count.
        let limit = MAX_LINE as u64 + 2;
        match std::io::Read::take(input.by_ref(), limit).read_until(b'\n', &mut buf) {
            Ok(0) => None,
            Ok(_) => {
                let ended = buf.last() == Some(&b'\n');
                let mut len = buf.len();
                while len > 0 && matches!(buf[len - 1], b'\n' | b'\r') {
                    len -= 1;
                }
                if len <= MAX_LINE {
                    return Some(Ok(String::from_utf8_lossy(&buf[..len]).into_owned()));
                }
                let rest = if ended {
                    0
                } else {
                    match skip_rest(&mut input) {
                        Ok(n) => n,
                        Err(e) => return Some(Err(e.into())),
                    }
                };
                let start = String::from_utf8_lossy(&buf[..SHOWN.min(len)]).into_owned();
                let bytes = buf.len() - usize::from(ended) + rest;
                Some(Err(LineError::TooLong { bytes, start }))
            }
            Err(e) => Some(Err(e.into())),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Vec<Result<String, String>> {
        lines(bytes)
            .map(|l| match l {
                Ok(s) => Ok(s),
                Err(LineError::TooLong { bytes, .. }) => Err(format!("too long: {bytes}")),
                Err(e) => Err(e.to_string()),
            })
            .collect()
    }

    #[test]
    fn an_over_long_line_is_an_error_and_the_next_line_is_read() {
        let mut input = b"uci\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE));
        input.extend(b"\nisready\r\n");
        assert_eq!(
            read(&input),
            [
                Ok("uci".to_string()),
                Err(format!("too long: {}", 3 * MAX_LINE)),
                Ok("isready".to_string())
            ]
        );
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_a_line() {
        for end in [&b"\n"[..], b"\r\n"] {
            let mut input = vec![b'a'; MAX_LINE];
            input.extend(end);
            input.extend(b"go\n");
            assert_eq!(
                read(&input),
                [Ok("a".repeat(MAX_LINE)), Ok("go".to_string())]
            );
        }
        // Invalid UTF-8 grows when decoded; the limit counts the bytes read.
        let input = vec![0xff; MAX_LINE];
        assert_eq!(read(&input), [Ok("\u{fffd}".repeat(MAX_LINE))]);
        // One byte more is too long, with or without a line end.
        for end in [&b"\n"[..], b"\r\n", b""] {
            let mut input = vec![b'a'; MAX_LINE + 1];
            input.extend(end);
            input.extend(b"go\n");
            let want = if end.is_empty() {
                vec![Err(format!("too long: {}", MAX_LINE + 3))]
            } else {
                vec![
                    Err(format!("too long: {}", MAX_LINE + end.len())),
                    Ok("go".to_string()),
                ]
            };
            assert_eq!(read(&input), want);
        }
    }

    #[test]
    fn the_error_names_the_line_by_its_start() {
        let mut input = b"position startpos moves ".to_vec();
        input.extend(std::iter::repeat_n(b'm', MAX_LINE));
        let Some(Err(e)) = lines(&input[..]).next() else {
            panic!("an error")
        };
        assert_eq!(
            e.to_string(),
            format!(
                "a line of {} bytes (more than {MAX_LINE}) starting 'position startpos moves mmmmmmmmmmmmmmmm...' is ignored",
                MAX_LINE + 24
            )
        );
    }
}
