//! An engine's score, from the side to move's point of view: centipawns, or mate in a number of
//! moves. One type for what the engine writes and what the runner reads, in both protocols:
//!
//! - UCI writes `score cp 31` or `score mate -2` ([`Score`]'s `Display` and `FromStr` are the
//!   part after `score`);
//! - XBoard's thinking output writes one integer ([`Score::xboard`], [`Score::from_xboard`]):
//!   centipawns, and mates as ±(100000 + moves) — positive when the side to move mates, negative
//!   when it is mated. That one integer is also what the runner's adjudication compares.

use std::fmt;
use std::str::FromStr;

/// XBoard's thinking output writes a mate as ±(this + moves).
pub const XBOARD_MATE: i32 = 100_000;

/// Centipawns above this in XBoard thinking output are read as this.
const MAX_CP: i64 = 1_000_000;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

/// A text that is not a score.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a score (cp N or mate N)")]
pub struct ScoreError(pub String);

impl Score {
    /// The score as XBoard's thinking output writes it: centipawns, mates as ±(100000 + moves).
    pub fn xboard(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => XBOARD_MATE.saturating_add(n),
            Score::Mate(n) => (-XBOARD_MATE).saturating_add(n),
        }
    }

    /// Reads XBoard's integer: ±(100000 to 199999) are mates, anything else centipawns (held to
    /// ±1000000).
    pub fn from_xboard(value: i64) -> Score {
        let mate = i64::from(XBOARD_MATE);
        if (mate..2 * mate).contains(&value.abs()) {
            let n = (value.abs() - mate) as i32;
            Score::Mate(if value > 0 { n } else { -n })
        } else {
            Score::Cp(value.clamp(-MAX_CP, MAX_CP) as i32)
        }
    }
}

impl fmt::Display for Score {
    /// `cp 31`, `mate -2` (UCI, after `score`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

impl FromStr for Score {
    type Err = ScoreError;

    /// `cp N` or `mate N`.
    fn from_str(s: &str) -> Result<Self, ScoreError> {
        let bad = || ScoreError(s.trim().to_string());
        let mut words = s.split_whitespace();
        let (kind, value) = (words.next(), words.next());
        if words.next().is_some() {
            return Err(bad());
        }
        let value: i32 = value.ok_or_else(bad)?.parse().map_err(|_| bad())?;
        match kind {
            Some("cp") => Ok(Score::Cp(value)),
            Some("mate") => Ok(Score::Mate(value)),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_text_round_trips() {
        for s in [
            Score::Cp(0),
            Score::Cp(-31),
            Score::Mate(3),
            Score::Mate(-2),
        ] {
            assert_eq!(s.to_string().parse::<Score>(), Ok(s));
        }
        assert_eq!("cp -31".parse(), Ok(Score::Cp(-31)));
        assert_eq!(" mate 1 ".parse(), Ok(Score::Mate(1)));
        for bad in ["", "cp", "cp x", "mate 1 2", "lowerbound 5"] {
            assert!(bad.parse::<Score>().is_err(), "{bad}");
        }
    }

    #[test]
    fn xboard_integers() {
        assert_eq!(Score::Mate(3).xboard(), 100_003);
        assert_eq!(Score::Mate(-3).xboard(), -100_003);
        assert_eq!(Score::Cp(-31).xboard(), -31);
        for s in [
            Score::Cp(0),
            Score::Cp(250),
            Score::Mate(1),
            Score::Mate(-7),
        ] {
            assert_eq!(Score::from_xboard(i64::from(s.xboard())), s);
        }
        assert_eq!(Score::from_xboard(5_000_000), Score::Cp(1_000_000));
        assert_eq!(Score::from_xboard(-250_000), Score::Cp(-250_000));
    }
}
