//! The two clocks of a game at the terminal — one [`kurier_wire::Clock`] per side, under the
//! one [`TimeControl`] that `kurier match` and the engine's XBoard `level` use too — and how
//! they are shown.

use kurier_rules::game::Color;
use kurier_wire::Clock;
pub use kurier_wire::TimeControl;
use std::fmt;
use std::time::Duration;

/// A time as a clock shows it: `4:59.8`, `1:02:03.0`. Tenths are rounded up, as a running
/// clock counts down: `0:00.0` only when no time is left, and a clock just started shows its
/// whole time.
pub fn show(t: Duration) -> String {
    let tenths = t.as_nanos().div_ceil(100_000_000);
    let (h, m, s, d) = (
        tenths / 36_000,
        tenths / 600 % 60,
        tenths / 10 % 60,
        tenths % 10,
    );
    if h > 0 {
        format!("{h}:{m:02}:{s:02}.{d}")
    } else {
        format!("{m}:{s:02}.{d}")
    }
}

/// A time control in words: `5:00.0 + 3 s a move`, `40 moves in 5:00.0 + 0 s a move`.
pub fn describe(tc: TimeControl) -> String {
    match tc {
        TimeControl::Clock {
            moves,
            base,
            increment,
        } => {
            let per = if moves > 0 {
                format!("{moves} moves in ")
            } else {
                String::new()
            };
            format!("{per}{} + {} s a move", show(base), increment.as_secs_f64())
        }
        TimeControl::PerMove(t) => format!("{} s for each move", t.as_secs_f64()),
        TimeControl::Infinite => "no limit".to_string(),
    }
}

/// Both sides' clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    clocks: [Clock; 2],
}

impl Clocks {
    /// Clocks set to the control's base time.
    pub fn new(control: TimeControl) -> Self {
        Clocks {
            clocks: [Clock::new(control); 2],
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.clocks[0].control()
    }

    /// Time left for `side`.
    pub fn left(&self, side: Color) -> Duration {
        self.clocks[side.index()].left()
    }

    /// Moves `side` has to play until its next period, for repeating controls.
    pub fn moves_to_go(&self, side: Color) -> Option<u32> {
        self.clocks[side.index()].moves_to_go()
    }

    /// `side` used `spent` for a move: its clock runs down, and gets the increment when time
    /// remains. Returns false when the time ran out (the clock then shows zero).
    pub fn charge_move(&mut self, side: Color, spent: Duration) -> bool {
        self.clocks[side.index()]
            .punch(spent, Duration::ZERO)
            .is_ok()
    }

    /// `side` used `spent` without moving (a take-back): no increment. False when time ran out.
    pub fn charge(&mut self, side: Color, spent: Duration) -> bool {
        self.clocks[side.index()].spend(spent).is_ok()
    }
}

impl fmt::Display for Clocks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "White {}   Black {}",
            show(self.left(Color::White)),
            show(self.left(Color::Black))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_in_words() {
        let tc = |s: &str| s.parse::<TimeControl>().unwrap();
        assert_eq!(describe(tc("300+0.1")), "5:00.0 + 0.1 s a move");
        assert_eq!(describe(tc("2:30+2")), "2:30.0 + 2 s a move");
        assert_eq!(describe(tc("40/300")), "40 moves in 5:00.0 + 0 s a move");
        for bad in ["", "x", "5+", "-1+2", "5+-1", "0+1", "1:x", "1e300", "nan"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_run_down_and_fall() {
        let mut c = Clocks::new(TimeControl::sudden_death(
            Duration::from_secs(10),
            Duration::from_secs(1),
        ));
        assert!(c.charge_move(Color::White, Duration::from_secs(3)));
        assert_eq!(c.left(Color::White), Duration::from_secs(8));
        assert_eq!(c.to_string(), "White 0:08.0   Black 0:10.0");
        assert!(!c.charge_move(Color::Black, Duration::from_secs(11)));
        assert_eq!(c.left(Color::Black), Duration::ZERO);
        assert!(c.charge(Color::White, Duration::from_secs(2)));
        assert_eq!(c.left(Color::White), Duration::from_secs(6), "no increment");
        assert_eq!(show(Duration::from_secs(3723)), "1:02:03.0");
        assert_eq!(show(Duration::from_millis(2_999)), "0:03.0");
        assert_eq!(show(Duration::from_millis(2_901)), "0:03.0");
        assert_eq!(show(Duration::from_millis(2_900)), "0:02.9");
        assert_eq!(show(Duration::from_nanos(1)), "0:00.1");
        assert_eq!(show(Duration::ZERO), "0:00.0");
    }

    #[test]
    fn periods_refill() {
        let mut c = Clocks::new("2/10".parse().unwrap());
        assert_eq!(c.moves_to_go(Color::White), Some(2));
        assert!(c.charge_move(Color::White, Duration::from_secs(4)));
        assert!(c.charge_move(Color::White, Duration::from_secs(4)));
        assert_eq!(c.left(Color::White), Duration::from_secs(12));
        assert_eq!(c.moves_to_go(Color::White), Some(2));
    }
}
