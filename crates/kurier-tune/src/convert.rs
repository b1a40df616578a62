//! `kurier data-convert IN OUT`: training data from one format to the other — the text lines
//! of [`crate::sample`] and the packed format of [`crate::packed`] — told apart by their first
//! bytes on input and by the output's name (`.txt`: text, else packed). Text → packed → text
//! gives back the same bytes.

use crate::datagen::file::Header;
use crate::packed::reader::{self, Item};
use crate::packed::writer::PackedWriter;
use crate::packed::{is_packed, PackedError, Problem};
use crate::sample::{parse_line, Sample};
use kurier_rules::game::Game;
use kurier_rules::games::Variant;
use kurier_rules::with_game;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// True when data written to `path` is text: its name ends in `.txt`.
pub fn is_text_name(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "txt")
}

/// Why a conversion stopped.
#[derive(Debug, Error)]
pub enum ConvertError {
    /// A file cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The packed input is bad.
    #[error("{}: {source}", path.display())]
    Packed {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        source: PackedError,
    },
    /// Text input without a datagen header, and no `--variant`.
    #[error("{}: the game is not named (no '# kurier datagen: variant=...' first line): give --variant", path.display())]
    NoVariant {
        /// The file.
        path: PathBuf,
    },
    /// The game named by the file or by `--variant` is unknown or not the other's.
    #[error("{}: {what}", path.display())]
    Variant {
        /// The file.
        path: PathBuf,
        /// What does not match.
        what: String,
    },
}

/// What a conversion did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    /// Positions (sample lines) converted.
    pub positions: u64,
    /// Bytes read.
    pub bytes_in: u64,
    /// Bytes written.
    pub bytes_out: u64,
}

/// Converts the data file `input` into `output` (created or replaced): text when `output`'s
/// name ends in `.txt`, else packed. The game is the packed file's, else the text's datagen
/// header's, else `variant`.
pub fn run(
    input: &Path,
    output: &Path,
    variant: Option<Variant>,
) -> Result<Converted, ConvertError> {
    let io_in = |source| ConvertError::Io {
        path: input.to_path_buf(),
        source,
    };
    let file = kurier_wire::input_file::open_regular(input).map_err(io_in)?;
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let head = reader.fill_buf().map_err(io_in)?;
    let packed = is_packed(head);
    let named = if packed {
        Some(
            reader::read_header(&mut &head[..head.len().min(265)]).map_err(|source| {
                ConvertError::Packed {
                    path: input.to_path_buf(),
                    source,
                }
            })?,
        )
    } else {
        let first = head.split(|&b| b == b'\n').next().unwrap_or(&[]);
        std::str::from_utf8(first)
            .ok()
            .and_then(|l| Header::parse(l.trim_end()))
            .map(|h| h.variant)
    };
    let variant = match (named, variant) {
        (Some(name), given) => {
            let found: Variant =
                name.parse()
                    .map_err(
                        |e: kurier_rules::games::UnknownVariant| ConvertError::Variant {
                            path: input.to_path_buf(),
                            what: e.to_string(),
                        },
                    )?;
            if given.is_some_and(|g| g != found) {
                return Err(ConvertError::Variant {
                    path: input.to_path_buf(),
                    what: format!("the data is for {found}, not {}", given.expect("some")),
                });
            }
            found
        }
        (None, Some(given)) => given,
        (None, None) => {
            return Err(ConvertError::NoVariant {
                path: input.to_path_buf(),
            })
        }
    };
    let out_file = File::create(output).map_err(|source| ConvertError::Io {
        path: output.to_path_buf(),
        source,
    })?;
    let out = BufWriter::with_capacity(1 << 16, out_file);
    let text_out = is_text_name(output);
    let mut done = with_game!(variant, G => match (packed, text_out) {
        (true, true) => packed_to_text::<G>(&mut reader, out, input, output),
        (true, false) => packed_to_packed::<G>(&mut reader, out, input, output),
        (false, false) => text_to_packed::<G>(&mut reader, out, input, output),
        (false, true) => copy_text(&mut reader, out, input, output),
    })?;
    done.bytes_in = std::fs::metadata(input).map_or(0, |m| m.len());
    done.bytes_out = std::fs::metadata(output).map_or(0, |m| m.len());
    Ok(done)
}

fn write_err(path: &Path) -> impl Fn(std::io::Error) -> ConvertError + '_ {
    move |source| ConvertError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The position of a line when it is exactly what the text writer writes for it: a sample
/// line with the game's own FEN and the writer's spacing. Any other line stays text.
pub fn canonical<G: Game>(line: &[u8]) -> Option<(G, Sample)> {
    let text = std::str::from_utf8(line).ok()?;
    let sample = parse_line(text).ok()??;
    if sample.to_string() != text {
        return None;
    }
    let pos = G::from_fen(&sample.fen).ok()?;
    (pos.fen() == sample.fen).then_some((pos, sample))
}

/// Packs the text lines of `input`: the sample lines in the writer's form as positions, all
/// others as text.
pub fn pack_text<G: Game, W: Write>(mut input: impl BufRead, out: W) -> std::io::Result<(W, u64)> {
    let mut writer = PackedWriter::<G, W>::new(out)?;
    let mut line = Vec::new();
    let mut positions = 0;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let newline = line.last() == Some(&b'\n');
        if newline {
            line.pop();
        }
        match canonical::<G>(&line).filter(|_| newline) {
            Some((pos, s)) => {
                writer.sample(&pos, &s.fen, s.score, s.result)?;
                positions += 1;
            }
            None => writer.line(&line, newline)?,
        }
    }
    Ok((writer.finish()?, positions))
}

fn text_to_packed<G: Game>(
    input: &mut impl BufRead,
    out: impl Write,
    _in_path: &Path,
    out_path: &Path,
) -> Result<Converted, ConvertError> {
    let (_, positions) = pack_text::<G, _>(input, out).map_err(write_err(out_path))?;
    Ok(Converted {
        positions,
        ..Converted::default()
    })
}

/// Writes the packed data of `input` as text lines to `out`; the positions written.
pub fn unpack_to_text<G: Game>(
    input: &mut impl Read,
    out: &mut impl Write,
) -> Result<u64, PackedError> {
    let mut positions = 0;
    let mut fen = String::new();
    reader::read::<G>(input, |item| {
        match item {
            Item::Line { text, newline } => {
                out.write_all(text)?;
                if newline {
                    out.write_all(b"\n")?;
                }
            }
            Item::Sample { pos, score, result } => {
                positions += 1;
                fen.clear();
                fen.push_str(&pos.fen());
                let s = Sample {
                    fen: std::mem::take(&mut fen),
                    score,
                    result,
                };
                writeln!(out, "{s}")?;
                fen = s.fen;
            }
            Item::BlockEnd { .. } => {}
        }
        Ok(())
    })?;
    out.flush().map_err(|e| PackedError {
        offset: 0,
        problem: Problem::Io(e),
    })?;
    Ok(positions)
}

fn packed_to_text<G: Game>(
    input: &mut impl Read,
    mut out: impl Write,
    in_path: &Path,
    _out_path: &Path,
) -> Result<Converted, ConvertError> {
    let positions =
        unpack_to_text::<G>(input, &mut out).map_err(|source| ConvertError::Packed {
            path: in_path.to_path_buf(),
            source,
        })?;
    Ok(Converted {
        positions,
        ..Converted::default()
    })
}

/// Packed to packed: read through, written again (the blocks as this writer makes them).
fn packed_to_packed<G: Game>(
    input: &mut impl Read,
    out: impl Write,
    in_path: &Path,
    out_path: &Path,
) -> Result<Converted, ConvertError> {
    let mut text = Vec::new();
    unpack_to_text::<G>(input, &mut text).map_err(|source| ConvertError::Packed {
        path: in_path.to_path_buf(),
        source,
    })?;
    text_to_packed::<G>(&mut &text[..], out, in_path, out_path)
}

/// Text to text: a copy.
fn copy_text(
    input: &mut impl Read,
    mut out: impl Write,
    in_path: &Path,
    out_path: &Path,
) -> Result<Converted, ConvertError> {
    let mut text = Vec::new();
    input
        .read_to_end(&mut text)
        .map_err(|source| ConvertError::Io {
            path: in_path.to_path_buf(),
            source,
        })?;
    out.write_all(&text)
        .and_then(|()| out.flush())
        .map_err(write_err(out_path))?;
    let positions = text
        .split(|&b| b == b'\n')
        .filter(|l| {
            std::str::from_utf8(l)
                .ok()
                .and_then(|l| parse_line(l).ok().flatten())
                .is_some()
        })
        .count() as u64;
    Ok(Converted {
        positions,
        ..Converted::default()
    })
}
