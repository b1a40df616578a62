//! What one line of an engine means to the arbiter, whichever protocol it speaks: the drivers
//! ([`super::uci_engine`], [`super::xboard_engine`]) read the line with `kurier_wire` and say
//! what it is as a [`Reply`].

use kurier_wire::Score;

/// A score with the depth it was found at, from the engine's own point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// The score.
    pub score: Score,
    /// Search depth, when reported.
    pub depth: Option<u32>,
}

/// What one line of an engine means to the arbiter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The engine plays this move (text as sent, not yet checked).
    Move(String),
    /// Thinking output with a score.
    Thinking(Thinking),
    /// The engine resigns.
    Resign,
    /// The engine claims a result (`1-0`, `0-1`, `1/2-1/2`) with its comment.
    Claim {
        /// The claimed result.
        result: String,
        /// The engine's reason.
        comment: String,
    },
    /// The engine offers a draw (the runner plays on).
    DrawOffer,
    /// The engine refused a move it was sent.
    Rejected {
        /// The move it names.
        mv: String,
        /// The whole line.
        line: String,
    },
    /// Nothing the arbiter acts on.
    Nothing,
}
