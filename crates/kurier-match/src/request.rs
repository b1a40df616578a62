//! What the arbiter tells an engine's protocol driver: how a game starts for it
//! ([`GameStart`]) and what it needs to choose a move ([`MoveRequest`]).

use super::settings::Limits;
use kurier_rules::game::Color;
use kurier_rules::games::Variant;
use kurier_wire::Clock;

/// How a game starts, for one engine.
#[derive(Clone, Debug)]
pub struct GameStart<'a> {
    /// The game.
    pub variant: Variant,
    /// The start position of the game (before any opening moves).
    pub fen: &'a str,
    /// The side this engine plays.
    pub color: Color,
    /// This engine's limits.
    pub limits: Limits,
}

/// Everything an engine needs to choose a move.
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    /// The start position and the engine's limits.
    pub start: &'a GameStart<'a>,
    /// Every move since the start, in protocol notation.
    pub moves: &'a [String],
    /// The clocks of White and Black (`None` for a side without a clock).
    pub clocks: [Option<Clock>; 2],
}
