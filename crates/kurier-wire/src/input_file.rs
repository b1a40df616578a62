//! Every file a Kurier program reads (engine.toml, EvalFile, openings, match state, PGN, EPD):
//! a regular file, opened without blocking, read under a size cap.
//!
//! A path names whatever the user typed: `/dev/zero` (endless), a FIFO (an `open` that waits
//! for a writer for ever, `quit` included), a directory, a terminal. The standard library's
//! `fs::read` trusts it; these functions open it with `O_NONBLOCK` (a FIFO's `open` returns at
//! once), check the opened handle with `fstat` (no window between the check and the read), and
//! refuse anything but a regular file with an error that says what the path is. A regular file
//! is then read to at most `cap` bytes: a larger one is refused with both sizes, never cut.
//! Written by hand: no crate does the non-blocking open and the handle check together.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// A kibibyte, a mebibyte: the units the caps are written in.
pub const MIB: u64 = 1 << 20;

/// Opens `path` for reading if it is a regular file (following symbolic links); any other kind
/// (FIFO, directory, device, socket) is an [`io::ErrorKind::InvalidInput`] error that names it.
/// Never blocks on a FIFO.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        return Ok(file);
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("not a regular file but {}", kind_name(&kind)),
    ))
}

/// The whole of the regular file at `path`, if it holds at most `cap` bytes; otherwise an
/// [`io::ErrorKind::InvalidData`] error with its size and the cap.
pub fn read_capped(path: &Path, cap: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > cap {
        return Err(too_large(size, cap));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    // One byte past the cap tells a file that grew after the check from one that did not.
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(too_large(bytes.len() as u64, cap));
    }
    Ok(bytes)
}

/// [`read_capped`] as UTF-8 text (an [`io::ErrorKind::InvalidData`] error if it is not).
pub fn read_to_string_capped(path: &Path, cap: u64) -> io::Result<String> {
    String::from_utf8(read_capped(path, cap)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

fn too_large(size: u64, cap: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("{size} bytes, more than the {cap} this file may hold"),
    )
}

fn kind_name(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("kurier-input-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        let _ = std::fs::remove_dir(&dir);
        dir
    }

    #[test]
    fn a_regular_file_is_read_whole() {
        let path = temp("regular");
        std::fs::write(&path, "hash = 16\n").unwrap();
        assert_eq!(read_to_string_capped(&path, 100).unwrap(), "hash = 16\n");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_file_over_the_cap_is_refused_with_both_sizes() {
        let path = temp("large");
        std::fs::write(&path, [b'x'; 101]).unwrap();
        let e = read_capped(&path, 100).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            e.to_string(),
            "101 bytes, more than the 100 this file may hold"
        );
        assert_eq!(read_capped(&path, 101).unwrap().len(), 101);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_directory_is_refused() {
        let e = read_capped(&std::env::temp_dir(), MIB).unwrap_err();
        assert_eq!(e.to_string(), "not a regular file but a directory");
    }

    #[cfg(unix)]
    #[test]
    fn dev_zero_is_refused_at_once() {
        let e = read_capped(Path::new("/dev/zero"), MIB).unwrap_err();
        assert_eq!(e.to_string(), "not a regular file but a character device");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_without_a_writer_is_refused_without_waiting() {
        let path = temp("fifo");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.expect("mkfifo runs").success());
        let started = Instant::now();
        let e = read_capped(&path, MIB).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(2));
        assert_eq!(e.to_string(), "not a regular file but a FIFO (named pipe)");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn invalid_utf8_is_an_error_not_a_panic() {
        let path = temp("latin1");
        std::fs::write(&path, b"caf\xe9").unwrap();
        let e = read_to_string_capped(&path, 100).unwrap_err();
        assert_eq!(e.to_string(), "not UTF-8 text (byte 3)");
        std::fs::remove_file(&path).unwrap();
    }
}
