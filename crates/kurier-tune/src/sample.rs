//! The training-data file format: one position per line,
//!
//! ```text
//! FEN | SCORE | RESULT
//! ```
//!
//! - `FEN`: the position in the game's FEN (the variant is the file's, given on the command
//!   line; a FEN never contains `|`);
//! - `SCORE`: the search's score in centipawns from White's point of view (an integer; mates
//!   are written as ±`MATE_SCORE` so that a reader can filter them);
//! - `RESULT`: the game's result from White's point of view: `1.0`, `0.5` or `0.0`.
//!
//! This is the text format of the common NNUE trainers (marlinflow's "fen | eval | wdl"),
//! so the data can be read by other tools too. Lines starting with `#` are comments (a
//! header says which variant and which command wrote the file); blank lines are skipped.
//! Hand-written rather than through a CSV crate: three fields and a separator that a FEN
//! cannot contain, and errors that name the field.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The score written for a mate: beyond any evaluation, so that readers can filter mates.
pub const MATE_SCORE: i32 = 32_000;

/// A game's result from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WhiteResult {
    /// White won.
    Win,
    /// A draw.
    Draw,
    /// White lost.
    Loss,
}

impl WhiteResult {
    /// The result as a score for White: 1, ½ or 0.
    pub fn score(self) -> f64 {
        match self {
            WhiteResult::Win => 1.0,
            WhiteResult::Draw => 0.5,
            WhiteResult::Loss => 0.0,
        }
    }
}

/// One position of the training data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position (FEN of the file's variant).
    pub fen: String,
    /// The search's score in centipawns, White's point of view.
    pub score: i32,
    /// The result of the game the position came from, White's point of view.
    pub result: WhiteResult,
}

/// Why a line is not a sample.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SampleError {
    /// Not three fields separated by `|`.
    #[error("expected 'FEN | SCORE | RESULT', found {0} field(s)")]
    Fields(usize),
    /// The FEN field is empty.
    #[error("empty FEN")]
    EmptyFen,
    /// The score is not an integer within ±`MATE_SCORE`.
    #[error("score '{0}' is not an integer between -{MATE_SCORE} and {MATE_SCORE}")]
    Score(String),
    /// The result is not 1.0, 0.5 or 0.0.
    #[error("result '{0}' is not 1.0, 0.5 or 0.0")]
    Result(String),
}

impl FromStr for Sample {
    type Err = SampleError;

    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [fen, score, result] = fields[..] else {
            return Err(SampleError::Fields(fields.len()));
        };
        if fen.is_empty() {
            return Err(SampleError::EmptyFen);
        }
        let score = score
            .parse::<i32>()
            .ok()
            .filter(|s| s.abs() <= MATE_SCORE)
            .ok_or_else(|| SampleError::Score(score.to_string()))?;
        let result = match result {
            "1.0" | "1" => WhiteResult::Win,
            "0.5" => WhiteResult::Draw,
            "0.0" | "0" => WhiteResult::Loss,
            other => return Err(SampleError::Result(other.to_string())),
        };
        Ok(Sample {
            fen: fen.to_string(),
            score,
            result,
        })
    }
}

impl fmt::Display for Sample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = match self.result {
            WhiteResult::Win => "1.0",
            WhiteResult::Draw => "0.5",
            WhiteResult::Loss => "0.0",
        };
        write!(f, "{} | {} | {}", self.fen, self.score, result)
    }
}

/// A line of a data file: a sample, or nothing (a comment or a blank line).
pub fn parse_line(line: &str) -> Result<Option<Sample>, SampleError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    line.parse().map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_round_trips() {
        let s = Sample {
            fen: "8/8/8/8/8/8/8/8 w - - 0 1".to_string(),
            score: -37,
            result: WhiteResult::Draw,
        };
        assert_eq!(s.to_string(), "8/8/8/8/8/8/8/8 w - - 0 1 | -37 | 0.5");
        assert_eq!(s.to_string().parse::<Sample>(), Ok(s));
    }

    #[test]
    fn bad_lines_name_the_field() {
        assert_eq!("a | 1".parse::<Sample>(), Err(SampleError::Fields(2)));
        assert_eq!(" | 1 | 1.0".parse::<Sample>(), Err(SampleError::EmptyFen));
        assert_eq!(
            "x | 12.5 | 1.0".parse::<Sample>(),
            Err(SampleError::Score("12.5".into()))
        );
        assert_eq!(
            "x | 99999 | 1.0".parse::<Sample>(),
            Err(SampleError::Score("99999".into()))
        );
        assert_eq!(
            "x | 3 | 2".parse::<Sample>(),
            Err(SampleError::Result("2".into()))
        );
        assert_eq!(parse_line("# kurier datagen"), Ok(None));
        assert_eq!(parse_line("   "), Ok(None));
    }
}
