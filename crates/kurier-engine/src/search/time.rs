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
    /// The move's target time on a clock: no new iteration starts after half of it times the
    /// [`Progress::scale`] of the iterations so far (see `Worker::should_stop_iterating`). A
    /// fixed time per move has `soft == hard` and is searched to its end.
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
        let share = left / moves + increment_share(c.increment, c.overhead);
        let hard_cap = if moves == 1 { left * 4 / 5 } else { left / 2 };
        let hard = (share * 4).min(hard_cap).max(Duration::from_millis(1));
        let soft = share.min(hard);
        Some(Budget { soft, hard })
    }
}

/// The part of the increment a move may think with: three quarters of it, but never more than
/// what is left of it once the move's overhead is paid (the latency of pipes, process
/// scheduling and the GUI is charged to the clock on every move, whatever the search does).
///
/// An increment at or below the overhead is not thought with at all, only the clock's share
/// is: each move then costs less than it brings, and in a long game the clock settles near
/// `moves` times what the increment leaves over the real latency. Thinking with most of such
/// an increment instead (as a plain `3/4` did) lets the clock settle near the overhead itself,
/// where one late scheduling of the engine's process loses on time (a 2 s + 0.02 s game with a
/// busy second core did). Stockfish counts the increment net of its move overhead the same
/// way (`inc * (mtg - 1) - overhead * (2 + mtg)` in its `TimeManagement::init`).
fn increment_share(increment: Duration, overhead: Duration) -> Duration {
    (increment * 3 / 4).min(increment.saturating_sub(overhead))
}

/// The longest lag [`LagMeter`] plans with (the `Move Overhead` option's own maximum).
const MAX_LAG: Duration = Duration::from_secs(5);

/// What a move really costs beyond its search, read from the clock the GUI reports at the next
/// move: the time charged (`time left + increment - time left now`) minus the time this engine
/// searched is the latency of pipes, process scheduling and the GUI, plus any overrun of the
/// search past its hard limit while the process was not running. On a machine with more
/// runnable processes than cores that lag reaches tens to hundreds of milliseconds; a fixed
/// overhead then lets the clock run down move by move until one late scheduling loses on time.
///
/// [`LagMeter::overhead`] plans with the larger of the configured overhead and the measured
/// lag, a maximum that decays by a thirty-second a move: one slow move keeps the engine careful
/// for a few dozen moves (on a busy machine the next stall comes within them), not for the rest
/// of the game. On an idle machine the lag is a millisecond or
/// two, below any sensible overhead, and the budget is what it was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LagMeter {
    /// The previous search on a clock: its clock and how long it searched.
    last: Option<(Clock, Duration)>,
    /// The decaying maximum of the lags measured.
    lag: Duration,
}

impl LagMeter {
    /// Nothing measured: a new game.
    pub fn new_game(&mut self) {
        *self = LagMeter::default();
    }

    /// The overhead to plan the search on `clock` with: its configured one, or the lag measured
    /// so far when that is larger. Charges the previous search first, when `clock` follows it
    /// (no new time-control period came in between).
    pub fn overhead(&mut self, clock: &Clock) -> Duration {
        if let Some((last, searched)) = self.last.take() {
            let expected = last.time_left + last.increment;
            if clock.time_left <= expected {
                let lag = (expected - clock.time_left)
                    .saturating_sub(searched)
                    .min(MAX_LAG);
                self.lag = lag.max(self.lag * 31 / 32);
            }
        }
        clock.overhead.max(self.lag)
    }

    /// The search on `clock` answered after `searched` (counted up to its hard limit: an
    /// overrun is lag).
    pub fn searched(&mut self, clock: Clock, searched: Duration) {
        self.last = Some((clock, searched));
    }

    /// A search whose time is not comparable (pondering, no clock): the next clock is not
    /// charged against it.
    pub fn forget(&mut self) {
        self.last = None;
    }
}

/// What the completed iterations say about how settled the search is; its [`Progress::scale`]
/// stretches or shrinks the soft target. The rules are those of Stockfish's family (Stockfish,
/// Ethereal, Alexandria): a best move that keeps changing, a score that falls, or a best move
/// that took a small share of the iteration's nodes (its rivals were hard to refute) all ask for
/// more time; a best move that has held for several iterations, a steady score and a dominant
/// move ask for less.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Completed iterations in a row that ended with the same best move (0: it just changed).
    pub stable_iterations: u32,
    /// The previous iteration's score minus this one's, in centipawns (positive: falling).
    pub score_drop: i32,
    /// The best move's share of the last iteration's nodes at the root, in thousandths.
    pub best_share_permille: u32,
}

impl Progress {
    /// The factor on the soft target, within [0.35, 2.5].
    pub fn scale(&self) -> f64 {
        const STABILITY: [f64; 5] = [1.9, 1.35, 1.1, 0.92, 0.8];
        let stability = STABILITY[(self.stable_iterations as usize).min(STABILITY.len() - 1)];
        let falling = (1.0 + self.score_drop as f64 / 400.0).clamp(0.85, 1.4);
        let share = f64::from(self.best_share_permille.min(1000)) / 1000.0;
        let nodes = (1.5 - share) * 1.3;
        (stability * falling * nodes).clamp(0.35, 2.5)
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
    fn the_increment_thought_with_is_net_of_the_overhead() {
        let ms = Duration::from_millis;
        // 30 ms overhead: 10 s + 0.1 s thinks with 70 ms of the increment, 60 s + 1 s with 750.
        assert_eq!(increment_share(ms(100), ms(30)), ms(70));
        assert_eq!(increment_share(ms(1000), ms(30)), ms(750));
        // An increment the overhead eats is not thought with.
        assert_eq!(increment_share(ms(20), ms(30)), Duration::ZERO);
        assert_eq!(increment_share(ms(30), ms(30)), Duration::ZERO);
        assert_eq!(increment_share(ms(100), Duration::ZERO), ms(75));
    }

    #[test]
    fn a_small_increment_keeps_a_buffer_on_the_clock() {
        // 2 s + 0.02 s for 300 moves, each taking 1.25 times its soft target (about where the
        // search stops starting iterations) plus 5 ms of pipe and scheduling latency: the
        // clock settles well above what a late scheduling of the process costs.
        let ms = Duration::from_millis;
        let mut left = ms(2000);
        for _ in 0..300 {
            let b = clock(left.as_millis() as u64, 20, None).budget().unwrap();
            left = left.saturating_sub(b.soft * 5 / 4 + ms(5)) + ms(20);
        }
        assert!(left >= ms(250), "{left:?}");
        // A move that runs to its hard limit and is then 100 ms late still makes it.
        let b = clock(left.as_millis() as u64, 20, None).budget().unwrap();
        assert!(b.hard + ms(100) < left, "{b:?} with {left:?} left");
    }

    #[test]
    fn the_lag_meter_reads_the_clock() {
        let ms = Duration::from_millis;
        let on = |left: u64| Clock {
            time_left: ms(left),
            increment: ms(100),
            moves_to_go: None,
            overhead: ms(30),
        };
        let mut meter = LagMeter::default();
        // Nothing measured yet: the configured overhead.
        assert_eq!(meter.overhead(&on(5000)), ms(30));
        // Searched 200 ms, charged 210: 10 ms lag, below the overhead.
        meter.searched(on(5000), ms(200));
        assert_eq!(meter.overhead(&on(4890)), ms(30));
        // Searched 100 ms, charged 400: 300 ms lag.
        meter.searched(on(4890), ms(100));
        assert_eq!(meter.overhead(&on(4590)), ms(300));
        // Then quick moves again: the lag decays by a thirty-second a move.
        meter.searched(on(4590), ms(100));
        assert_eq!(
            meter.overhead(&on(4590)),
            ms(290) + Duration::from_micros(625)
        );
        // A clock that grew (a new period) or a forgotten search charges nothing.
        meter.searched(on(4590), ms(100));
        let before = meter.lag;
        assert_eq!(meter.overhead(&on(9000)), before);
        meter.searched(on(9000), ms(100));
        meter.forget();
        assert_eq!(meter.overhead(&on(100)), before);
        meter.new_game();
        assert_eq!(meter.overhead(&on(100)), ms(30));
    }

    #[test]
    fn unsettled_searches_get_more_time() {
        let settled = Progress {
            stable_iterations: 6,
            score_drop: 0,
            best_share_permille: 900,
        };
        assert!(settled.scale() < 1.0, "{}", settled.scale());
        let changed = Progress {
            stable_iterations: 0,
            ..settled
        };
        let falling = Progress {
            score_drop: 80,
            ..settled
        };
        let contested = Progress {
            best_share_permille: 300,
            ..settled
        };
        for p in [changed, falling, contested] {
            assert!(p.scale() > settled.scale(), "{p:?}: {}", p.scale());
        }
        // A rising score asks for no more than a steady one; the extremes stay bounded.
        let rising = Progress {
            score_drop: -300,
            ..settled
        };
        assert!(rising.scale() <= settled.scale());
        let worst = Progress {
            stable_iterations: 0,
            score_drop: 10_000,
            best_share_permille: 0,
        };
        assert!(worst.scale() <= 2.5 && rising.scale() >= 0.35);
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
