//! The request bodies of the API, as typed serde structs: unknown fields are refused, and
//! [`NewGame::check`] and friends check every limit before anything is done with them.

use crate::error::ApiError;
use kurier_rules::game::Color;
use kurier_rules::games::Variant;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The longest time a move may be given, in milliseconds (10 minutes).
pub const MAX_MOVETIME_MS: u64 = 600_000;
/// The deepest search a game may ask for.
pub const MAX_DEPTH: u32 = 64;
/// The most lines analysis shows.
pub const MAX_MULTIPV: usize = 16;
/// The longest PGN text accepted, in bytes.
pub const MAX_PGN: usize = 256 * 1024;
/// The longest FEN accepted, in bytes.
pub const MAX_FEN: usize = 512;
/// The longest clock, in milliseconds (10 hours).
pub const MAX_CLOCK_MS: u64 = 36_000_000;
/// The longest hint search, in milliseconds.
pub const MAX_HINT_MS: u64 = 10_000;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// A person at the page.
    Human,
    /// Kurier.
    Engine,
}

/// How long Kurier thinks (`{"movetime_ms": 1000, "depth": null}`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSettings {
    /// Fixed time a move, 1..=600000 ms.
    pub movetime_ms: Option<u64>,
    /// Fixed depth, 1..=64.
    pub depth: Option<u32>,
}

/// The engine's limits once checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineLimit {
    /// Time a move (without a clock).
    pub movetime: Option<Duration>,
    /// Depth.
    pub depth: Option<u32>,
}

/// A clock for both sides (`{"base_ms": 300000, "increment_ms": 2000}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSettings {
    /// Time at the start, 1..=36000000 ms.
    pub base_ms: u64,
    /// Added after every move, 0..=600000 ms.
    #[serde(default)]
    pub increment_ms: u64,
}

/// `POST /api/games`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `courier`, `schachdame` or `dual` (also `dualcheckers`).
    pub variant: String,
    /// A start position.
    pub fen: Option<String>,
    /// A PGN game to load instead.
    pub pgn: Option<String>,
    /// Who plays White (default a person).
    pub white: Option<Player>,
    /// Who plays Black (default Kurier).
    pub black: Option<Player>,
    /// Kurier's limits.
    pub engine: Option<EngineSettings>,
    /// The clock, if any.
    pub clock: Option<ClockSettings>,
}

/// A new game's settings once checked.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The game.
    pub variant: Variant,
    /// The start position's FEN, if not the game's start.
    pub fen: Option<String>,
    /// A PGN game to load.
    pub pgn: Option<String>,
    /// Who plays White and Black.
    pub players: [Player; 2],
    /// Kurier's limits.
    pub engine: EngineLimit,
    /// The clock.
    pub clock: Option<ClockSettings>,
}

/// `"white"` or `"black"`.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The API's name of a variant: `courier`, `schachdame`, `dual`.
pub fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::DualCheckers => "dual",
        other => other.name(),
    }
}

/// Reads a variant name: the API's (`dual`) or the protocols' (`dualcheckers`).
pub fn parse_variant(name: &str) -> Result<Variant, ApiError> {
    if name.trim().eq_ignore_ascii_case("dual") {
        return Ok(Variant::DualCheckers);
    }
    name.parse::<Variant>().map_err(|_| {
        let shown: String = name.chars().take(40).collect();
        ApiError::bad(format!(
            "unknown variant '{shown}' (courier, schachdame or dual)"
        ))
    })
}

impl EngineSettings {
    /// Checks the ranges; the default is 1000 ms a move.
    pub fn check(self) -> Result<EngineLimit, ApiError> {
        if let Some(ms) = self.movetime_ms {
            if !(1..=MAX_MOVETIME_MS).contains(&ms) {
                return Err(ApiError::bad(format!(
                    "engine.movetime_ms must be 1..={MAX_MOVETIME_MS}, not {ms}"
                )));
            }
        }
        if let Some(d) = self.depth {
            if !(1..=MAX_DEPTH).contains(&d) {
                return Err(ApiError::bad(format!(
                    "engine.depth must be 1..={MAX_DEPTH}, not {d}"
                )));
            }
        }
        let movetime = match (self.movetime_ms, self.depth) {
            (None, None) => Some(Duration::from_millis(1000)),
            (ms, _) => ms.map(Duration::from_millis),
        };
        Ok(EngineLimit {
            movetime,
            depth: self.depth,
        })
    }
}

impl ClockSettings {
    /// Checks the ranges.
    pub fn check(self) -> Result<ClockSettings, ApiError> {
        if !(1..=MAX_CLOCK_MS).contains(&self.base_ms) {
            return Err(ApiError::bad(format!(
                "clock.base_ms must be 1..={MAX_CLOCK_MS}, not {}",
                self.base_ms
            )));
        }
        if self.increment_ms > MAX_MOVETIME_MS {
            return Err(ApiError::bad(format!(
                "clock.increment_ms must be 0..={MAX_MOVETIME_MS}, not {}",
                self.increment_ms
            )));
        }
        Ok(self)
    }
}

impl NewGame {
    /// Checks everything but the FEN and PGN themselves (which the game's parsers read).
    pub fn check(self) -> Result<GameSetup, ApiError> {
        let variant = parse_variant(&self.variant)?;
        if self.fen.is_some() && self.pgn.is_some() {
            return Err(ApiError::bad("give either fen or pgn, not both"));
        }
        if let Some(fen) = &self.fen {
            if fen.len() > MAX_FEN {
                return Err(ApiError::bad(format!(
                    "the FEN is too long ({} bytes, at most {MAX_FEN})",
                    fen.len()
                )));
            }
        }
        if let Some(pgn) = &self.pgn {
            if pgn.len() > MAX_PGN {
                return Err(ApiError::bad(format!(
                    "the PGN is too long ({} bytes, at most {MAX_PGN})",
                    pgn.len()
                )));
            }
        }
        Ok(GameSetup {
            variant,
            fen: self.fen.filter(|f| !f.trim().is_empty()),
            pgn: self.pgn.filter(|p| !p.trim().is_empty()),
            players: [
                self.white.unwrap_or(Player::Human),
                self.black.unwrap_or(Player::Engine),
            ],
            engine: self.engine.unwrap_or_default().check()?,
            clock: self.clock.map(ClockSettings::check).transpose()?,
        })
    }
}

/// `POST /api/games/{id}/move`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move: its wire text or its notation.
    #[serde(rename = "move")]
    pub text: String,
}

/// `POST /api/games/{id}/hint`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// How long to search, 1..=10000 ms (default 500).
    pub movetime_ms: Option<u64>,
}

impl HintRequest {
    /// The search time, checked.
    pub fn movetime(self) -> Result<Duration, ApiError> {
        let ms = self.movetime_ms.unwrap_or(500);
        if !(1..=MAX_HINT_MS).contains(&ms) {
            return Err(ApiError::bad(format!(
                "movetime_ms must be 1..={MAX_HINT_MS}, not {ms}"
            )));
        }
        Ok(Duration::from_millis(ms))
    }
}

/// `POST /api/games/{id}/analyze`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// Lines to show, 1..=16 (default 1).
    pub multipv: Option<usize>,
}

impl AnalyzeRequest {
    /// The number of lines, checked.
    pub fn lines(self) -> Result<usize, ApiError> {
        let n = self.multipv.unwrap_or(1);
        if !(1..=MAX_MULTIPV).contains(&n) {
            return Err(ApiError::bad(format!(
                "multipv must be 1..={MAX_MULTIPV}, not {n}"
            )));
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_checked() {
        let game = |json: &str| serde_json::from_str::<NewGame>(json).map_err(|e| e.to_string());
        let ok = game(r#"{"variant": "dual"}"#).unwrap().check().unwrap();
        assert_eq!(ok.variant, Variant::DualCheckers);
        assert_eq!(ok.players, [Player::Human, Player::Engine]);
        assert_eq!(ok.engine.movetime, Some(Duration::from_secs(1)));
        assert!(game(r#"{"variant": "dual", "colour": 1}"#).is_err());
        for bad in [
            r#"{"variant": "chess"}"#,
            r#"{"variant": "dual", "engine": {"movetime_ms": 0}}"#,
            r#"{"variant": "dual", "engine": {"depth": 65}}"#,
            r#"{"variant": "dual", "clock": {"base_ms": 0}}"#,
            r#"{"variant": "dual", "fen": "8/8/8/8/8/8/8/8 w 0 1", "pgn": "1. c3d4"}"#,
        ] {
            assert!(game(bad).unwrap().check().is_err(), "{bad}");
        }
        assert!(AnalyzeRequest { multipv: Some(17) }.lines().is_err());
        assert!(HintRequest {
            movetime_ms: Some(0)
        }
        .movetime()
        .is_err());
    }
}
