//! The limits of one search apart from the clock: depth, nodes, a fixed time, mate, infinite.
//! UCI's `go` carries them (with the clocks: [`crate::uci::Go`]), XBoard sets some of them with
//! `sd` and `st`, and the match runner gives each engine a set of them (beside its
//! [`crate::TimeControl`]). The engine turns them into its search's own limits.

use std::time::Duration;

/// What bounds a search besides the clock; unset fields do not limit it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration in plies (UCI `depth`, XBoard `sd`).
    pub depth: Option<u32>,
    /// Node budget (UCI `nodes`).
    pub nodes: Option<u64>,
    /// Fixed time for the move (UCI `movetime`, XBoard `st`).
    pub movetime: Option<Duration>,
    /// Look for a mate in this many moves (UCI `mate`).
    pub mate: Option<u32>,
    /// Search until stopped (UCI `infinite`).
    pub infinite: bool,
}

impl SearchLimits {
    /// True when nothing is set.
    pub fn is_empty(&self) -> bool {
        *self == SearchLimits::default()
    }
}
