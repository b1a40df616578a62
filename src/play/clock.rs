//! Time controls and the two clocks of a game at the terminal.

use kurier_rules::game::Color;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A time control for both clocks, written as `kurier match` and cutechess write it: `300+3` is
/// 300 seconds for the game and three seconds added after each move; the base may be
/// `minutes:seconds` (`5:00+3`) or fractional (`0.5+0.01`); the increment is optional.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on each clock at the start.
    pub base: Duration,
    /// Time added to a clock after each move of its side.
    pub increment: Duration,
}

impl FromStr for TimeControl {
    type Err = String;

    /// One reader for `play` and `match` ([`kurier_match::options::TimeControl`]); a
    /// moves-per-period control (`40/300`) is refused here, the terminal clock has none.
    fn from_str(text: &str) -> Result<Self, String> {
        let tc: kurier_match::options::TimeControl = text.parse()?;
        if tc.moves > 0 {
            return Err(format!(
                "time control '{text}': play has no moves-per-period controls; use BASE+INC in seconds, e.g. 300+3"
            ));
        }
        Ok(TimeControl {
            base: tc.base,
            increment: tc.increment,
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} + {} s a move",
            show(self.base),
            self.increment.as_secs_f64()
        )
    }
}

/// A time as a clock shows it: `4:59.8`, `1:02:03.0`.
pub fn show(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
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

/// Both sides' clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    left: [Duration; 2],
}

impl Clocks {
    /// Clocks set to the control's base time.
    pub fn new(control: TimeControl) -> Self {
        Clocks {
            control,
            left: [control.base; 2],
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Time left for `side`.
    pub fn left(&self, side: Color) -> Duration {
        self.left[side.index()]
    }

    /// `side` used `spent` for a move: its clock runs down, and gets the increment when time
    /// remains. Returns false when the time ran out (the clock then shows zero).
    pub fn charge_move(&mut self, side: Color, spent: Duration) -> bool {
        if !self.charge(side, spent) {
            return false;
        }
        let i = side.index();
        self.left[i] = self.left[i].saturating_add(self.control.increment);
        true
    }

    /// `side` used `spent` without moving (a take-back): no increment. False when time ran out.
    pub fn charge(&mut self, side: Color, spent: Duration) -> bool {
        let i = side.index();
        match self.left[i].checked_sub(spent) {
            Some(t) if !t.is_zero() => {
                self.left[i] = t;
                true
            }
            _ => {
                self.left[i] = Duration::ZERO;
                false
            }
        }
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
    fn parses_time_controls() {
        let tc = |s: &str| s.parse::<TimeControl>();
        assert_eq!(
            tc("300+0.1"),
            Ok(TimeControl {
                base: Duration::from_secs(300),
                increment: Duration::from_millis(100)
            })
        );
        assert_eq!(tc("2:30+2").map(|t| t.base), Ok(Duration::from_secs(150)));
        assert_eq!(tc("0.5").map(|t| t.base), Ok(Duration::from_millis(500)));
        assert_eq!(tc("10").map(|t| t.increment), Ok(Duration::ZERO));
        for bad in [
            "", "x", "5+", "-1+2", "5+-1", "0+1", "1:x", "1e300", "nan", "40/300",
        ] {
            assert!(tc(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_run_down_and_fall() {
        let mut c = Clocks::new(TimeControl {
            base: Duration::from_secs(10),
            increment: Duration::from_secs(1),
        });
        assert!(c.charge_move(Color::White, Duration::from_secs(3)));
        assert_eq!(c.left(Color::White), Duration::from_secs(8));
        assert_eq!(c.to_string(), "White 0:08.0   Black 0:10.0");
        assert!(!c.charge_move(Color::Black, Duration::from_secs(11)));
        assert_eq!(c.left(Color::Black), Duration::ZERO);
        assert_eq!(show(Duration::from_secs(3723)), "1:02:03.0");
    }
}
