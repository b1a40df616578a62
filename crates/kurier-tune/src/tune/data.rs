//! The positions to fit: read from data files (the text lines of [`crate::sample`] or the
//! packed format of [`crate::packed`], told apart by their first bytes), then filtered to the
//! quiet ones ([`quiet`]).

use super::error::TuneError;
use crate::packed::reader::{self, Item};
use crate::packed::{is_packed, Problem};
use crate::sample::parse_line;
use kurier_engine::search::quiescence::quiescence_score;
use kurier_engine::search::{Searchable, MATE_BOUND};
use kurier_rules::game::Game;
use rayon::prelude::*;
use std::io::BufRead;
use std::path::Path;

/// A position with what it should evaluate to, both from White's point of view.
#[derive(Clone, Debug)]
pub struct Labelled<G> {
    /// The position.
    pub pos: G,
    /// The game's result, 0 to 1 (a data file's 0, ½ or 1; any probability in tests).
    pub result: f64,
    /// The search's score in centipawns.
    pub score: f64,
}

/// How many positions the filter dropped, and why.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions read.
    pub read: usize,
    /// Dropped: the score is a mate.
    pub mates: usize,
    /// Dropped: the side to move is in check (or may not stand pat).
    pub in_check: usize,
    /// Dropped: drawn by rule as it stands (50-move rule, two bare kings) or no legal move.
    pub ended: usize,
    /// Dropped: a capture or promotion changes the evaluation (quiescence ≠ static).
    pub not_quiet: usize,
    /// Kept.
    pub kept: usize,
}

/// Reads the samples of `text` (the file `path`, for the messages) as positions of `G`.
pub fn read<G: Game>(path: &Path, text: impl BufRead) -> Result<Vec<Labelled<G>>, TuneError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.map_err(|source| TuneError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let sample = parse_line(&line).map_err(|source| TuneError::Sample {
            path: path.to_path_buf(),
            line: n + 1,
            source,
        })?;
        let Some(sample) = sample else { continue };
        let pos = G::from_fen(&sample.fen).map_err(|source| TuneError::Fen {
            path: path.to_path_buf(),
            line: n + 1,
            variant: G::NAME,
            source,
        })?;
        out.push(Labelled {
            pos,
            result: sample.result.score(),
            score: f64::from(sample.score),
        });
    }
    Ok(out)
}

/// Reads the packed data `input` (the file `path`, for the messages) as positions of `G`: the
/// positions as stored, and the lines kept as text read as [`read`] does.
pub fn read_packed<G: Game>(
    path: &Path,
    input: &mut impl std::io::Read,
) -> Result<Vec<Labelled<G>>, TuneError> {
    let mut out = Vec::new();
    reader::read::<G>(input, |item| {
        match item {
            Item::Sample { pos, score, result } => out.push(Labelled {
                pos: pos.clone(),
                result: result.score(),
                score: f64::from(score),
            }),
            Item::Line { text, .. } => {
                let text = std::str::from_utf8(text)
                    .map_err(|_| Problem::Line("not UTF-8 text".into()))?;
                if let Some(sample) = parse_line(text).map_err(|e| Problem::Line(e.to_string()))? {
                    let pos = G::from_fen(&sample.fen)
                        .map_err(|e| Problem::Line(format!("bad FEN for {}: {e}", G::NAME)))?;
                    out.push(Labelled {
                        pos,
                        result: sample.result.score(),
                        score: f64::from(sample.score),
                    });
                }
            }
            Item::BlockEnd { .. } => {}
        }
        Ok(())
    })
    .map_err(|source| TuneError::Packed {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(out)
}

/// Reads every file of `paths`, in order: text or packed, by their first bytes.
pub fn read_files<G: Game>(paths: &[impl AsRef<Path>]) -> Result<Vec<Labelled<G>>, TuneError> {
    let mut out = Vec::new();
    for path in paths {
        let path = path.as_ref();
        // Streamed, so no size cap; a FIFO or a device is refused, never waited on.
        let file =
            kurier_wire::input_file::open_regular(path).map_err(|source| TuneError::Read {
                path: path.to_path_buf(),
                source,
            })?;
        let mut input = std::io::BufReader::with_capacity(1 << 16, file);
        let head = std::io::BufRead::fill_buf(&mut input).map_err(|source| TuneError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        if is_packed(head) {
            out.extend(read_packed(path, &mut input)?);
        } else {
            out.extend(read(path, input)?);
        }
    }
    Ok(out)
}

/// Why a position is not fitted, or `None` when it is quiet.
fn drop_reason<G: Searchable>(item: &Labelled<G>) -> Option<fn(&mut Counts) -> &mut usize> {
    let pos = &item.pos;
    if item.score.abs() >= f64::from(MATE_BOUND) {
        return Some(|c| &mut c.mates);
    }
    if !pos.stand_pat_allowed() {
        return Some(|c| &mut c.in_check);
    }
    if pos.draw_by_rule() || pos.outcome().is_some() {
        return Some(|c| &mut c.ended);
    }
    if quiescence_score(pos) != pos.evaluate() {
        return Some(|c| &mut c.not_quiet);
    }
    None
}

/// The quiet positions of `data`, in order: not a mate score, not in check, not over, and no
/// capture or promotion changes the engine's evaluation (its quiescence score is its static
/// evaluation, [`quiescence_score`]). The positions where the static evaluation is not what the
/// search would say are left out, as in Texel's method. Runs on the current rayon pool.
pub fn quiet<G: Searchable>(data: Vec<Labelled<G>>) -> (Vec<Labelled<G>>, Counts) {
    let reasons: Vec<_> = data.par_iter().map(drop_reason).collect();
    let mut counts = Counts {
        read: data.len(),
        ..Counts::default()
    };
    let mut kept = Vec::with_capacity(data.len());
    for (item, reason) in data.into_iter().zip(reasons) {
        match reason {
            Some(count) => *count(&mut counts) += 1,
            None => kept.push(item),
        }
    }
    counts.kept = kept.len();
    (kept, counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::games::courier::{Courier, START_FEN};

    #[test]
    fn a_bad_line_names_the_file_and_the_line() {
        let text = format!("# header\n{START_FEN} | 12 | 0.5\n\n{START_FEN} | 12 | 2\n");
        let e = read::<Courier>(Path::new("games.txt"), text.as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "games.txt:4: result '2' is not 1.0, 0.5 or 0.0"
        );
        let e = read::<Courier>(Path::new("g.txt"), "k | 1 | 1.0\n".as_bytes()).unwrap_err();
        assert!(
            e.to_string().starts_with("g.txt:1: bad FEN for courier: "),
            "{e}"
        );
    }

    #[test]
    fn the_filter_keeps_quiet_positions_only() {
        let text = [
            format!("{START_FEN} | 12 | 0.5"),
            format!("{START_FEN} | 32000 | 1.0"),
            // A black rook hangs to the white knight.
            "k11/12/12/4r7/12/5N6/12/7K4 w - - 0 1 | 400 | 1.0".to_string(),
            // The white king in check from the black rook.
            "k11/12/12/12/12/12/12/r6K4 w - - 0 1 | -400 | 0.0".to_string(),
        ]
        .join("\n");
        let data = read::<Courier>(Path::new("x"), text.as_bytes()).unwrap();
        assert_eq!(data[0].result, 0.5);
        let (kept, counts) = quiet(data);
        assert_eq!(kept.len(), 1);
        assert_eq!(
            counts,
            Counts {
                read: 4,
                mates: 1,
                in_check: 1,
                ended: 0,
                not_quiet: 1,
                kept: 1
            }
        );
    }
}
