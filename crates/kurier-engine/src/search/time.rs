//! Search limits and time allocation.
//!
//! [`Limits`] is the search's own set: the wire's [`SearchLimits`] (what UCI's `go` and XBoard's
//! `sd`/`st` say) plus what only the search needs — the side to move's clock with its overhead,
//! pondering, root moves by id, MultiPV.

use kurier_wire::SearchLimits;
use std::time::{Duration, Instant};

/// The deepest `go mate N` searched for: N moves are `2 N + 1` plies.
const MAX_MATE_MOVES: u32 = 500;

/// What bounds a search. Unset fields do not limit it; with nothing set the search runs until
/// stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget (all threads together).
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Clock play: our time left, increment, moves to the next time control.
    pub clock: Option<Clock>,
    /// Search until stopped (`go infinite`, analysis).
    pub infinite: bool,
    /// Pondering: no time limit until `ponderhit` turns the clock on.
    pub ponder: bool,
    /// Only these root moves (by [`crate::search::Searchable::move_id`]) are searched: UCI
    /// `searchmoves`, XBoard `exclude`/`include`. `None` (or no match) searches them all.
    pub root_moves: Option<Vec<u32>>,
    /// How many best lines to search and report (UCI `MultiPV`); 0 and 1 both mean one.
    pub multipv: usize,
}

/// The side to move's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time_left: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
    /// Time kept back per move for GUI and pipe latency.
    pub overhead: Duration,
}

/// The time one move may take: a soft target (do not start another iteration past it) and a
/// hard limit (abort the search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The move's target time on a clock: no new iteration starts after half of it (see
    /// `Worker::should_stop_iterating`; not yet scaled by the best move's stability). A fixed
    /// time per move has `soft == hard` and is searched to its end.
    pub soft: Duration,
    /// Never search longer than this.
    pub hard: Duration,
}

impl From<&SearchLimits> for Limits {
    /// Depth (or `2 N + 1` plies for a mate in N), nodes, a fixed time, infinite.
    fn from(wire: &SearchLimits) -> Limits {
        Limits {
            depth: wire
                .mate
                .map(|n| 2 * n.min(MAX_MATE_MOVES) + 1)
                .or(wire.depth),
            nodes: wire.nodes,
            movetime: wire.movetime,
            infinite: wire.infinite,
            ..Limits::default()
        }
    }
}

impl Limits {
    /// The time budget, or `None` when time does not limit the search.
    pub fn budget(&self) -> Option<Budget> {
        if self.infinite {
            return None;
        }
        if let Some(t) = self.movetime {
            return Some(Budget { soft: t, hard: t });
        }
        let c = self.clock?;
        // Never plan with less than 1 ms, never beyond what is on the clock minus the overhead.
        let left = c
            .time_left
            .saturating_sub(c.overhead)
            .max(Duration::from_millis(1));
        let moves = c.moves_to_go.unwrap_or(30).clamp(1, 40);
        // A share of the remaining time plus most of the increment; the last move before a
        // time control may use more of what is left.
        let share = left / moves + c.increment * 3 / 4;
        let hard_cap = if moves == 1 { left * 4 / 5 } else { left / 2 };
        let hard = (share * 4).min(hard_cap).max(Duration::from_millis(1));
        let soft = share.min(hard);
        Some(Budget { soft, hard })
    }
}

/// A started clock for one search.
#[derive(Clone, Copy, Debug)]
pub struct Timer {
    start: Instant,
}

impl Timer {
    /// Starts now.
    pub fn start() -> Self {
        Timer {
            start: Instant::now(),
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(left_ms: u64, inc_ms: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time_left: Duration::from_millis(left_ms),
                increment: Duration::from_millis(inc_ms),
                moves_to_go: mtg,
                overhead: Duration::from_millis(30),
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        for (left, inc, mtg) in [
            (1000, 10, None),
            (50, 10, None),
            (5, 0, None),
            (60_000, 0, Some(1)),
            (600_000, 5000, Some(40)),
        ] {
            let b = clock(left, inc, mtg).budget().unwrap();
            assert!(b.soft <= b.hard);
            assert!(
                b.hard <= Duration::from_millis(left.max(1)),
                "{left} {inc} {mtg:?}: {b:?}"
            );
        }
        // 1 s + 0.01 s: a few dozen milliseconds a move.
        let b = clock(1000, 10, None).budget().unwrap();
        assert!(b.soft >= Duration::from_millis(20) && b.soft <= Duration::from_millis(60));
    }

    #[test]
    fn from_the_wire() {
        let l = Limits::from(&SearchLimits {
            depth: Some(4),
            nodes: Some(100),
            movetime: Some(Duration::from_millis(5)),
            mate: None,
            infinite: true,
        });
        assert_eq!(
            (l.depth, l.nodes, l.movetime, l.infinite),
            (Some(4), Some(100), Some(Duration::from_millis(5)), true)
        );
        let mate = |n| {
            Limits::from(&SearchLimits {
                depth: Some(2),
                mate: Some(n),
                ..SearchLimits::default()
            })
        };
        assert_eq!(mate(3).depth, Some(7));
        assert_eq!(mate(u32::MAX).depth, Some(1001));
    }

    #[test]
    fn movetime_and_infinite() {
        let l = Limits {
            movetime: Some(Duration::from_millis(300)),
            ..Limits::default()
        };
        assert_eq!(l.budget().unwrap().hard, Duration::from_millis(300));
        let l = Limits {
            infinite: true,
            ..clock(1000, 0, None)
        };
        assert_eq!(l.budget(), None);
    }
}
