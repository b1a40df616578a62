//! Time controls and the two clocks of a game at the terminal.

use crate::game::Color;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A chess-clock time control as players write it: `5+3` is five minutes for the game and three
/// seconds added after each move. The base may be fractional (`0.5+1`) or `minutes:seconds`
/// (`2:30+1`); the increment is in seconds and optional (`10` is ten minutes, no increment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on each clock at the start.
    pub base: Duration,
    /// Time added to a clock after each move of its side.
    pub increment: Duration,
}

fn seconds(text: &str) -> Option<Duration> {
    let s: f64 = text.trim().parse().ok()?;
    Duration::try_from_secs_f64(s).ok()
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "time control '{text}': expected MINUTES[+SECONDS], e.g. 5+3, 0.5+1 or 2:30+2 \
                 (minutes for the game, seconds added per move)"
            )
        };
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (b, seconds(i).ok_or_else(bad)?),
            None => (text, Duration::ZERO),
        };
        let base = match base.split_once(':') {
            Some((m, s)) => {
                let m: u64 = m.trim().parse().map_err(|_| bad())?;
                let s = seconds(s).ok_or_else(bad)?;
                Duration::from_secs(m.checked_mul(60).ok_or_else(bad)?)
                    .checked_add(s)
                    .ok_or_else(bad)?
            }
            None => {
                let m: f64 = base.trim().parse().map_err(|_| bad())?;
                Duration::try_from_secs_f64(m * 60.0).map_err(|_| bad())?
            }
        };
        if base.is_zero() {
            return Err(format!("time control '{text}': the clock needs some time"));
        }
        Ok(TimeControl { base, increment })
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
            tc("5+0.1"),
            Ok(TimeControl {
                base: Duration::from_secs(300),
                increment: Duration::from_millis(100)
            })
        );
        assert_eq!(tc("2:30+2").map(|t| t.base), Ok(Duration::from_secs(150)));
        assert_eq!(tc("0.5").map(|t| t.base), Ok(Duration::from_secs(30)));
        assert_eq!(tc("10").map(|t| t.increment), Ok(Duration::ZERO));
        for bad in ["", "x", "5+", "-1+2", "5+-1", "0+1", "1:x", "1e300", "nan"] {
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
