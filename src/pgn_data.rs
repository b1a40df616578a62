//! `kurier pgn-data`: training positions from recorded games. Each scored move of a PGN (as
//! `kurier match` writes it, `{+0.25/12 0.10s}`) gives the position before it, with the
//! mover's score turned to White's point of view and the game's result, in the data format of
//! `kurier datagen` ([`kurier_tune::sample`]), so `kurier train` and `kurier tune` read it.
//!
//! The output is packed ([`kurier_tune::packed`]) unless its name ends in `.txt`.
//!
//! Glue between the match runner's reader ([`kurier_match::scored`], which checks every move
//! with the rules) and the tuner's format; neither crate may depend on the other. Positions
//! are written as the games give them: the trainer keeps the quiet ones itself.

use kurier_match::notation::PgnMoves;
use kurier_match::scored::scored_game;
use kurier_rules::game::{Color, Game};
use kurier_rules::games::Variant;
use kurier_rules::pgn;
use kurier_rules::with_game;
use kurier_tune::datagen::file::{marker, Header};
use kurier_tune::packed::writer::PackedWriter;
use kurier_tune::sample::{Sample, WhiteResult};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `kurier pgn-data` did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnDataSummary {
    /// Games used.
    pub games: u64,
    /// Games left out: another variant, no result, or a move that does not replay.
    pub refused: u64,
    /// Positions written.
    pub positions: u64,
}

/// Why `kurier pgn-data` stopped.
#[derive(Debug, thiserror::Error)]
pub enum PgnDataError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A file is not PGN.
    #[error("{path}: {error}")]
    Pgn {
        /// The file.
        path: PathBuf,
        /// The error.
        error: pgn::PgnError,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> PgnDataError + '_ {
    move |source| PgnDataError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Where the lines go: a text file, or a packed one.
enum Sink<G: Game> {
    Text(std::io::BufWriter<std::fs::File>),
    Packed(Box<PackedWriter<G, std::io::BufWriter<std::fs::File>>>),
}

impl<G: Game> Sink<G> {
    /// A line that is not a sample (the header, a game's marker), without its newline.
    fn line(&mut self, line: &str) -> std::io::Result<()> {
        match self {
            Sink::Text(out) => writeln!(out, "{line}"),
            Sink::Packed(out) => out.line(line.as_bytes(), true),
        }
    }

    fn sample(&mut self, s: &Sample) -> std::io::Result<()> {
        match self {
            Sink::Text(out) => writeln!(out, "{s}"),
            Sink::Packed(out) => {
                let pos = G::from_fen(&s.fen).map_err(|e| {
                    std::io::Error::other(format!("a replayed position {}: {e}", s.fen))
                })?;
                out.sample(&pos, &s.fen, s.score, s.result)
            }
        }
    }

    fn finish(self) -> std::io::Result<()> {
        match self {
            Sink::Text(mut out) => out.flush(),
            Sink::Packed(out) => out.finish().and_then(|mut o| o.flush()),
        }
    }
}

/// Writes the scored positions of the `variant` games of `inputs` to `output` (created or
/// replaced; text when its name ends in `.txt`, else packed); refused games are named on `log`
/// (stderr in the binary).
pub fn run(
    variant: Variant,
    inputs: &[PathBuf],
    output: &Path,
    log: &mut impl Write,
) -> Result<PgnDataSummary, PgnDataError> {
    with_game!(variant, G => run_with::<G>(inputs, output, log))
}

fn run_with<G: PgnMoves>(
    inputs: &[PathBuf],
    output: &Path,
    log: &mut impl Write,
) -> Result<PgnDataSummary, PgnDataError> {
    let variant: Variant = G::NAME.parse().expect("a game's own name");
    let file = std::fs::File::create(output).map_err(io(output))?;
    let file = std::io::BufWriter::new(file);
    let mut out: Sink<G> = if kurier_tune::convert::is_text_name(output) {
        Sink::Text(file)
    } else {
        Sink::Packed(Box::new(PackedWriter::new(file).map_err(io(output))?))
    };
    let header = Header {
        variant: variant.name().to_string(),
        settings: format!("from-pgn files={}", inputs.len()),
    };
    out.line(header.line().trim_end()).map_err(io(output))?;
    let mut summary = PgnDataSummary::default();
    for path in inputs {
        // A PGN of 100,000 games is about 200 MB.
        let text =
            kurier_wire::input_file::read_to_string_capped(path, 1 << 30).map_err(io(path))?;
        let games = pgn::parse(&text).map_err(|error| PgnDataError::Pgn {
            path: path.clone(),
            error,
        })?;
        for game in &games {
            let lines = match game.tag("Variant") {
                Some(tag) if !tag.eq_ignore_ascii_case(variant.name()) => {
                    Err(format!("variant '{tag}'"))
                }
                _ => lines::<G>(game),
            };
            match lines {
                Ok(lines) => {
                    summary.games += 1;
                    summary.positions += lines.len() as u64;
                    for line in &lines {
                        out.sample(line).map_err(io(output))?;
                    }
                    out.line(marker(summary.games - 1, &game.result).trim_end())
                        .map_err(io(output))?;
                }
                Err(why) => {
                    summary.refused += 1;
                    // The log is stderr: a failed write there must not stop the data.
                    let _ = writeln!(
                        log,
                        "kurier pgn-data: {} line {}: game left out: {why}",
                        path.display(),
                        game.line
                    );
                }
            }
        }
    }
    out.finish().map_err(io(output))?;
    Ok(summary)
}

/// The sample lines of one game.
fn lines<G: PgnMoves>(game: &pgn::PgnGame) -> Result<Vec<Sample>, String> {
    let scored = scored_game::<G>(game)?;
    let result = match scored.winner {
        Some(Color::White) => WhiteResult::Win,
        Some(Color::Black) => WhiteResult::Loss,
        None => WhiteResult::Draw,
    };
    Ok(scored
        .positions
        .into_iter()
        .map(|p| Sample {
            fen: p.position.fen(),
            score: match p.position.side_to_move() {
                Color::White => p.score_cp,
                Color::Black => -p.score_cp,
            },
            result,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_to_whites_view_and_other_games_are_left_out() {
        let dir = std::env::temp_dir().join(format!("kurier-pgn-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("in.pgn");
        std::fs::write(
            &input,
            "[Variant \"courier\"]\n\n1. b3 {+0.30/5 0.01s} 1... b6 {+0.10/5 0.01s} 0-1\n\n\
             [Variant \"schachdame\"]\n\n1. a3b4 {+0.30/5 0.01s} 1-0\n\n\
             [Variant \"courier\"]\n\n1. b3 {+0.30/5 0.01s} 1... Kb5 1-0\n",
        )
        .unwrap();
        let output = dir.join("out.txt");
        let mut log = Vec::new();
        let s = run(Variant::Courier, &[input], &output, &mut log).unwrap();
        assert_eq!((s.games, s.refused, s.positions), (1, 2, 2));
        let text = std::fs::read_to_string(&output).unwrap();
        let samples: Vec<Sample> = text
            .lines()
            .filter_map(|l| kurier_tune::sample::parse_line(l).unwrap())
            .collect();
        assert_eq!(samples.len(), 2);
        assert_eq!(samples[0].score, 30);
        assert_eq!(samples[1].score, -10, "Black's +0.10 is White's -10");
        assert!(samples.iter().all(|s| s.result == WhiteResult::Loss));
        let log = String::from_utf8(log).unwrap();
        assert!(log.contains("variant 'schachdame'"), "{log}");
        assert!(log.contains("1... Kb5"), "{log}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
