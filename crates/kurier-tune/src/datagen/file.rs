//! The data file as `kurier datagen` writes it, beyond the sample lines of [`crate::sample`]:
//!
//! ```text
//! # kurier datagen: variant=courier nodes=5000 random-plies=8 seed=0 openings=none
//! # command: kurier datagen --variant courier --games 1000 --nodes 5000 --out courier.txt
//! FEN | SCORE | RESULT          (the positions of one game)
//! ...
//! # game 0: 1-0 (checkmate), 87 plies, 41 positions
//! FEN | SCORE | RESULT          (the next game to finish)
//! ...
//! # game 2: 1/2-1/2 (400 plies), 400 plies, 233 positions
//! ```
//!
//! The first line (the header) names the variant and the settings that make the data what it
//! is; the second the command that wrote it. Each game's positions are written as one block
//! that ends with its marker `# game K`, K the game's index (from 0; with several threads the
//! blocks come in the order the games end). The set of markers says which games are done: a
//! resumed run plays only the others, and drops whatever follows the last marker (a block cut
//! short when the run was killed).
//!
//! A packed file ([`crate::packed`], any name not ending in `.txt`) holds the same lines: the
//! header lines and the markers as text lines, each game's positions as a game record. It is
//! written a block of games at a time and ends with its end mark; [`scan_packed`] reads it
//! for a resumed run as [`scan`] reads a text file.

use crate::packed::reader::{read_allowing_cut, read_header, Ending, Item};
use crate::packed::{PackedError, Problem};
use crate::sample::{parse_line, SampleError};
use kurier_rules::game::Game;
use std::collections::BTreeSet;
use std::io::BufRead;
use thiserror::Error;

/// What the header line starts with.
const HEADER_START: &str = "# kurier datagen: ";
/// What a game's marker line starts with.
const MARKER_START: &str = "# game ";

/// The header's fields: the variant, and the other settings that shape the data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The variant's name (`courier`).
    pub variant: String,
    /// The other settings, as written (`nodes=5000 random-plies=8 seed=0 openings=none`).
    pub settings: String,
}

impl Header {
    /// The header line, with its newline.
    pub fn line(&self) -> String {
        format!("{HEADER_START}variant={} {}\n", self.variant, self.settings)
    }

    /// Reads a header line (without its newline); `None` when it is not one.
    pub fn parse(line: &str) -> Option<Header> {
        let rest = line.strip_prefix(HEADER_START)?.trim();
        let (first, settings) = rest.split_once(' ').unwrap_or((rest, ""));
        let variant = first.strip_prefix("variant=")?;
        (!variant.is_empty()).then(|| Header {
            variant: variant.to_string(),
            settings: settings.trim().to_string(),
        })
    }
}

/// The marker line that ends game `game`'s block (with its newline); `about` says how the game
/// ended, after a colon.
pub fn marker(game: u64, about: &str) -> String {
    format!("{MARKER_START}{game}: {about}\n")
}

/// Reads a marker line: `Some(Ok(K))` for `# game K...`, `Some(Err(()))` for a line that starts
/// like a marker without a number, `None` for any other line.
pub fn parse_marker(line: &str) -> Option<Result<u64, ()>> {
    let rest = line.trim_end().strip_prefix(MARKER_START)?;
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let number = rest[..end].parse::<u64>().map_err(|_| ());
    let tail_ok = rest[end..].is_empty() || rest[end..].starts_with([':', ' ']);
    Some(number.and_then(|n| if tail_ok { Ok(n) } else { Err(()) }))
}

/// What an existing file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scan {
    /// Its header; `None` for an empty file.
    pub header: Option<Header>,
    /// The games whose blocks are complete.
    pub finished: BTreeSet<u64>,
    /// Positions in the complete blocks.
    pub positions: u64,
    /// Bytes up to the end of the last complete block (or the header): what a resumed run keeps.
    pub complete_len: u64,
    /// Bytes in the file: more than `complete_len` when a block was cut short.
    pub total_len: u64,
}

/// Why an existing file cannot be resumed. Line numbers count from 1.
#[derive(Debug, Error)]
pub enum ScanError {
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The first line is not a datagen header.
    #[error("not a kurier datagen file: its first line is not '{HEADER_START}variant=NAME ...'")]
    NoHeader,
    /// A line of a complete block is not a sample.
    #[error("line {line}: {error}")]
    Sample {
        /// The line.
        line: u64,
        /// What is wrong with it.
        error: SampleError,
    },
    /// A line of a complete block is not UTF-8 text.
    #[error("line {0}: not UTF-8 text")]
    NotText(u64),
    /// A line starts like a game marker but names no game.
    #[error("line {0}: a '{MARKER_START}K' line without a game number K")]
    BadMarker(u64),
    /// A packed file is bad.
    #[error(transparent)]
    Packed(PackedError),
    /// A game has two blocks.
    #[error("line {line}: game {game} is in the file twice")]
    Twice {
        /// The line of the second marker.
        line: u64,
        /// The game.
        game: u64,
    },
}

/// Reads a data file: its header, its complete games, where the complete part ends. A problem
/// after the last marker (a block cut short, perhaps in the middle of a line) is no error:
/// that part is what a resumed run drops.
pub fn scan(mut reader: impl BufRead) -> Result<Scan, ScanError> {
    let mut scan = Scan::default();
    let mut bytes = Vec::new();
    let mut line_no = 0u64;
    // Positions and the first problem since the last marker: they count (or fail) only once
    // a marker ends their block.
    let (mut pending, mut problem) = (0u64, None::<ScanError>);
    loop {
        bytes.clear();
        let n = reader.read_until(b'\n', &mut bytes)? as u64;
        if n == 0 {
            break;
        }
        line_no += 1;
        scan.total_len += n;
        let complete = bytes.ends_with(b"\n");
        let Ok(text) = std::str::from_utf8(&bytes) else {
            problem.get_or_insert(ScanError::NotText(line_no));
            continue;
        };
        let text = text.trim_end_matches(['\n', '\r']);
        if line_no == 1 {
            match Header::parse(text) {
                Some(header) if complete => {
                    scan.header = Some(header);
                    scan.complete_len = n;
                    continue;
                }
                // A header cut short: the file is as good as empty.
                _ if !complete && HEADER_START.starts_with(text) => break,
                _ if !complete && text.starts_with(HEADER_START) => break,
                _ => return Err(ScanError::NoHeader),
            }
        }
        match parse_marker(text) {
            Some(Ok(game)) if complete => {
                if let Some(p) = problem.take() {
                    return Err(p);
                }
                if !scan.finished.insert(game) {
                    return Err(ScanError::Twice {
                        line: line_no,
                        game,
                    });
                }
                scan.positions += pending;
                pending = 0;
                scan.complete_len = scan.total_len;
            }
            Some(Ok(_)) => {}
            Some(Err(())) => {
                problem.get_or_insert(ScanError::BadMarker(line_no));
            }
            None => match parse_line(text) {
                Ok(Some(_)) => pending += 1,
                Ok(None) => {}
                Err(error) => {
                    problem.get_or_insert(ScanError::Sample {
                        line: line_no,
                        error,
                    });
                }
            },
        }
    }
    Ok(scan)
}

/// Reads a packed data file of game `G` for a resumed run: its header line, its complete games
/// (every block holds whole games), and where its whole blocks end (before the end mark, which
/// a resumed run writes again). A file shorter than its header is as good as empty.
pub fn scan_packed<G: Game>(bytes: &[u8]) -> Result<Scan, PackedError> {
    let mut scan = Scan {
        total_len: bytes.len() as u64,
        ..Scan::default()
    };
    match read_header(&mut &bytes[..]) {
        Ok(name) => scan.complete_len = 9 + name.len() as u64,
        Err(PackedError {
            problem: Problem::Cut,
            ..
        }) => return Ok(scan),
        Err(_) if bytes.len() < 8 && crate::packed::MAGIC.starts_with(bytes) => return Ok(scan),
        Err(e) => return Err(e),
    }
    let (mut pending, mut first) = (0u64, true);
    let mut input: &[u8] = bytes;
    let (ending, _) = read_allowing_cut::<G>(&mut input, |item| {
        match item {
            Item::Line { text, .. } => {
                let text = std::str::from_utf8(text)
                    .map_err(|_| Problem::Line("not UTF-8 text".into()))?;
                if std::mem::take(&mut first) {
                    scan.header = Header::parse(text);
                    if scan.header.is_none() {
                        return Err(Problem::Line(format!(
                            "not a kurier datagen file: its first line is not '{HEADER_START}variant=NAME ...'"
                        )));
                    }
                }
                match parse_marker(text) {
                    Some(Ok(game)) => {
                        if !scan.finished.insert(game) {
                            return Err(Problem::Line(format!("game {game} is in the file twice")));
                        }
                        scan.positions += std::mem::take(&mut pending);
                    }
                    Some(Err(())) => {
                        return Err(Problem::Line(format!(
                            "a '{MARKER_START}K' line without a game number K"
                        )))
                    }
                    None => {}
                }
            }
            Item::Sample { .. } => pending += 1,
            Item::BlockEnd { end } => scan.complete_len = end,
        }
        Ok(())
    })?;
    if let Ending::Mark = ending {
        // The end mark goes: the resumed run appends blocks and writes it again.
        scan.complete_len = bytes.len() as u64 - 8;
    }
    Ok(scan)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "# kurier datagen: variant=courier nodes=100 seed=3\n# command: x\n";

    fn scan_text(text: &str) -> Result<Scan, ScanError> {
        scan(text.as_bytes())
    }

    #[test]
    fn headers_round_trip() {
        let h = Header {
            variant: "courier".into(),
            settings: "nodes=100 seed=3".into(),
        };
        assert_eq!(
            h.line(),
            "# kurier datagen: variant=courier nodes=100 seed=3\n"
        );
        assert_eq!(Header::parse(h.line().trim_end()), Some(h));
        assert_eq!(Header::parse("# kurier datagen: nodes=1"), None);
        assert_eq!(Header::parse("# something else"), None);
    }

    #[test]
    fn markers() {
        assert_eq!(parse_marker("# game 12: 1-0 (checkmate)"), Some(Ok(12)));
        assert_eq!(parse_marker("# game 0"), Some(Ok(0)));
        assert_eq!(parse_marker(marker(5, "x").trim_end()), Some(Ok(5)));
        assert_eq!(parse_marker("# game x"), Some(Err(())));
        assert_eq!(parse_marker("# game 3x"), Some(Err(())));
        assert_eq!(parse_marker("# command: kurier"), None);
        assert_eq!(parse_marker("a | 1 | 1.0"), None);
    }

    #[test]
    fn an_empty_file_is_a_new_one() {
        assert_eq!(scan_text("").unwrap(), Scan::default());
        // Killed while the header was written.
        let s = scan_text("# kurier datag").unwrap();
        assert_eq!((s.header, s.complete_len), (None, 0));
    }

    #[test]
    fn complete_blocks_count_and_a_cut_block_is_dropped() {
        let done = format!("{HEADER}a | 1 | 1.0\nb | -2 | 1.0\n# game 3: 1-0\n# game 0: 1/2-1/2\n");
        let text = format!("{done}c | 5 | 0.5\nd | 1");
        let s = scan_text(&text).unwrap();
        assert_eq!(s.header.unwrap().variant, "courier");
        assert_eq!(s.finished, BTreeSet::from([0, 3]));
        assert_eq!(s.positions, 2);
        assert_eq!(s.complete_len, done.len() as u64);
        assert_eq!(s.total_len, text.len() as u64);
        // A marker cut before its newline does not finish its game.
        let s = scan_text(&format!("{HEADER}a | 1 | 1.0\n# game 1")).unwrap();
        assert!(s.finished.is_empty());
        assert_eq!(
            s.complete_len,
            HEADER.lines().next().unwrap().len() as u64 + 1
        );
    }

    #[test]
    fn packed_files_scan_as_text_ones_do() {
        use crate::packed::writer::PackedWriter;
        use crate::sample::WhiteResult;
        use kurier_rules::games::courier::Courier;
        use kurier_rules::games::schachdame::Schachdame;
        let start = Courier::start();
        let mut w = PackedWriter::<Courier, Vec<u8>>::new(Vec::new()).unwrap();
        for line in HEADER.lines() {
            w.line(line.as_bytes(), true).unwrap();
        }
        w.sample(&start, &start.fen(), 5, WhiteResult::Draw)
            .unwrap();
        w.line(b"# game 3: 1/2-1/2", true).unwrap();
        let file = w.finish().unwrap();
        let s = scan_packed::<Courier>(&file).unwrap();
        assert_eq!(s.header.unwrap().variant, "courier");
        assert_eq!(s.finished, BTreeSet::from([3]));
        assert_eq!(s.positions, 1);
        // The end mark is what a resumed run drops and writes again.
        assert_eq!(
            (s.complete_len, s.total_len),
            (file.len() as u64 - 8, file.len() as u64)
        );
        // A block cut short: dropped.
        let mut cut = file[..file.len() - 8].to_vec();
        cut.extend_from_slice(&[40, 0, 0, 0, 9, 0]);
        let s = scan_packed::<Courier>(&cut).unwrap();
        assert_eq!(s.finished, BTreeSet::from([3]));
        assert_eq!(
            (s.complete_len, s.total_len),
            (file.len() as u64 - 8, cut.len() as u64)
        );
        // Killed while the header was written: as good as empty.
        assert_eq!(scan_packed::<Courier>(b"KURD").unwrap().complete_len, 0);
        assert!(matches!(
            scan_packed::<Schachdame>(&file),
            Err(PackedError {
                problem: Problem::Variant { .. },
                ..
            })
        ));
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        assert!(matches!(
            scan_text("FEN | 1 | 1.0\n"),
            Err(ScanError::NoHeader)
        ));
        let e = scan_text(&format!("{HEADER}a | x | 1.0\n# game 0\n")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: score 'x' is not an integer between -32000 and 32000"
        );
        let e = scan_text(&format!("{HEADER}# game 0\n# game 0\n")).unwrap_err();
        assert_eq!(e.to_string(), "line 4: game 0 is in the file twice");
        let e = scan_text(&format!("{HEADER}# game z\n# game 0\n")).unwrap_err();
        assert!(matches!(e, ScanError::BadMarker(3)), "{e}");
        // The same bad line after the last marker is a cut block, not an error.
        assert!(scan_text(&format!("{HEADER}# game 0\na | x | 1.0\n")).is_ok());
    }
}
