//! Time controls: how much time a side may use, in the forms cutechess-cli and `kurier match`
//! write (`40/60+0.5`, `0:30+0.2`, `10+0.1`, `5/move`, `inf`) and as XBoard's
//! `level MPS BASE INC` carries a clock. One type for the match runner (its `--tc`, its clocks,
//! the PGN `TimeControl` tag), the terminal game (`kurier play --tc`) and the engine's XBoard
//! `level` command.
//!
//! The parser is hand-written: the forms are a few characters long, and each error has to say
//! which part of the text is wrong. Every time read here is finite and at most [`MAX_TIME`], so
//! no later sum or conversion can overflow (`level 40 inf 0` and `level 40 1e18 0` are errors).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The longest time read anywhere (10 000 000 s, about 115 days).
pub const MAX_TIME: Duration = Duration::from_secs(10_000_000);

/// A text that is not a time.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeError {
    /// Not a number of seconds, nor `m:ss` / `h:mm:ss`.
    #[error("'{0}' is not a time (seconds, or m:ss)")]
    NotATime(String),
    /// More than [`MAX_TIME`].
    #[error("'{0}' is too long a time")]
    TooLong(String),
}

/// What is wrong with a time control.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The base, the increment or the time per move.
    #[error(transparent)]
    Time(#[from] TimeError),
    /// The part before `/` is not a number of moves.
    #[error("'{0}' is not a number of moves (1 or more)")]
    Moves(String),
    /// A clock (or a time per move) of no time at all.
    #[error("the base time must be more than 0")]
    ZeroBase,
}

/// A time control that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("time control '{text}': {problem}")]
pub struct TimeControlError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub problem: Problem,
}

/// The text of callers that still report errors as strings.
impl From<TimeControlError> for String {
    fn from(e: TimeControlError) -> String {
        e.to_string()
    }
}

/// An XBoard `level` command whose numbers are not a clock.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// MPS is not a whole number.
    #[error("'{0}' is not a number of moves")]
    Moves(String),
    /// BASE is not minutes or `min:sec`, or is not finite, or is too long.
    #[error("'{0}' is not a base time (minutes or min:sec)")]
    Base(String),
    /// INC is not a number of seconds.
    #[error(transparent)]
    Increment(#[from] TimeError),
}

/// How much time a side may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock: `base` for every period of `moves` moves (0: the whole game is one period,
    /// sudden death), `increment` added after every move.
    Clock {
        /// Moves per period; 0 for one period for the whole game.
        moves: u32,
        /// Time per period.
        base: Duration,
        /// Time added after every move.
        increment: Duration,
    },
    /// A fixed time for every move; time not used is not carried over (`5/move`).
    PerMove(Duration),
    /// No limit (`inf`).
    Infinite,
}

/// Reads seconds: `60`, `0.5`, or `m:ss` / `h:mm:ss` (`1:30`, `0:05.5`), at most [`MAX_TIME`].
pub fn parse_seconds(text: &str) -> Result<Duration, TimeError> {
    let bad = || TimeError::NotATime(text.to_string());
    let mut total = 0.0f64;
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
        return Err(bad());
    }
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let value: f64 = if last {
            part.parse().map_err(|_| bad())?
        } else {
            part.parse::<u32>().map_err(|_| bad())? as f64
        };
        if !value.is_finite() || value < 0.0 || (i > 0 && value >= 60.0) {
            return Err(bad());
        }
        total = total * 60.0 + value;
    }
    if total > MAX_TIME.as_secs_f64() {
        return Err(TimeError::TooLong(text.to_string()));
    }
    Ok(Duration::from_secs_f64(total))
}

/// Seconds with up to three decimals and no trailing zeros: `60`, `0.5`, `0.01`.
pub fn format_seconds(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// Reads plain seconds as XBoard writes them (`st 0.5`, the INC of `level`): a finite number,
/// 0 or more, at most [`MAX_TIME`].
pub fn parse_plain_seconds(text: &str) -> Result<Duration, TimeError> {
    let secs: f64 = text
        .parse()
        .map_err(|_| TimeError::NotATime(text.to_string()))?;
    if !secs.is_finite() || secs < 0.0 {
        return Err(TimeError::NotATime(text.to_string()));
    }
    if secs > MAX_TIME.as_secs_f64() {
        return Err(TimeError::TooLong(text.to_string()));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Reads `level`'s BASE: minutes (`5`, `0.5`) or `min:sec` (`0:30`).
pub fn parse_level_base(text: &str) -> Result<Duration, LevelError> {
    let bad = || LevelError::Base(text.to_string());
    let secs = match text.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().map_err(|_| bad())?;
            let s: u64 = s.parse().map_err(|_| bad())?;
            m.checked_mul(60)
                .and_then(|m| m.checked_add(s))
                .ok_or_else(bad)? as f64
        }
        None => {
            let minutes: f64 = text.parse().map_err(|_| bad())?;
            if !minutes.is_finite() || minutes < 0.0 {
                return Err(bad());
            }
            minutes * 60.0
        }
    };
    if secs > MAX_TIME.as_secs_f64() {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Writes `level`'s BASE: whole minutes (`2`) or `min:sec` (`1:30`), rounded to whole seconds;
/// a time above zero is at least `0:01`.
pub fn format_level_base(d: Duration) -> String {
    let mut secs = d.as_secs_f64().round() as u64;
    if secs == 0 && !d.is_zero() {
        secs = 1;
    }
    if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

impl TimeControl {
    /// Sudden death: `base` for the whole game, `increment` after every move.
    pub const fn sudden_death(base: Duration, increment: Duration) -> TimeControl {
        TimeControl::Clock {
            moves: 0,
            base,
            increment,
        }
    }

    /// The clock of XBoard's `level MPS BASE INC` (MPS 0: sudden death; BASE in minutes or
    /// `min:sec`; INC in seconds).
    pub fn from_level(mps: &str, base: &str, inc: &str) -> Result<TimeControl, LevelError> {
        let moves = mps
            .parse::<u32>()
            .map_err(|_| LevelError::Moves(mps.to_string()))?;
        Ok(TimeControl::Clock {
            moves,
            base: parse_level_base(base)?,
            increment: parse_plain_seconds(inc)?,
        })
    }

    /// The three numbers of XBoard's `level` for this control (`40 5 0.5`), or `None` when it is
    /// no clock (XBoard sets a time per move with `st`, and has no infinite control).
    pub fn level_args(self) -> Option<String> {
        match self {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => Some(format!(
                "{moves} {} {}",
                format_level_base(base),
                format_seconds(increment)
            )),
            TimeControl::PerMove(_) | TimeControl::Infinite => None,
        }
    }

    /// The time a side has at the start (per move for [`TimeControl::PerMove`]; `Duration::MAX`
    /// when infinite).
    pub fn base(self) -> Duration {
        match self {
            TimeControl::Clock { base, .. } => base,
            TimeControl::PerMove(t) => t,
            TimeControl::Infinite => Duration::MAX,
        }
    }

    /// The time added after every move.
    pub fn increment(self) -> Duration {
        match self {
            TimeControl::Clock { increment, .. } => increment,
            _ => Duration::ZERO,
        }
    }

    /// Moves per period (0: one period, or no clock).
    pub fn moves(self) -> u32 {
        match self {
            TimeControl::Clock { moves, .. } => moves,
            _ => 0,
        }
    }

    /// Moves to play until the next period after `moves_made` moves (UCI `movestogo`), for a
    /// repeating clock.
    pub fn moves_to_go(self, moves_made: u32) -> Option<u32> {
        match self.moves() {
            0 => None,
            n => Some(n - moves_made % n),
        }
    }

    /// True for a clock (not a time per move, not infinite).
    pub fn is_clock(self) -> bool {
        matches!(self, TimeControl::Clock { .. })
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `[MOVES/]BASE[+INC]` (`40/60+0.5`, `60+0.5`, `1:30+1`, `40/5:00`, `10`), `SEC/move`, `inf`.
    fn from_str(s: &str) -> Result<Self, TimeControlError> {
        let text = s.trim();
        let err = |problem: Problem| TimeControlError {
            text: text.to_string(),
            problem,
        };
        if text.eq_ignore_ascii_case("inf") {
            return Ok(TimeControl::Infinite);
        }
        if let Some(t) = text.strip_suffix("/move") {
            let t = parse_seconds(t).map_err(|e| err(e.into()))?;
            if t.is_zero() {
                return Err(err(Problem::ZeroBase));
            }
            return Ok(TimeControl::PerMove(t));
        }
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let moves = m
                    .parse::<u32>()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| err(Problem::Moves(m.to_string())))?;
                (moves, rest)
            }
            None => (0, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base = parse_seconds(base).map_err(|e| err(e.into()))?;
        let increment = match inc {
            Some(i) => parse_seconds(i).map_err(|e| err(e.into()))?,
            None => Duration::ZERO,
        };
        if base.is_zero() {
            return Err(err(Problem::ZeroBase));
        }
        Ok(TimeControl::Clock {
            moves,
            base,
            increment,
        })
    }
}

impl fmt::Display for TimeControl {
    /// The form the parser reads and PGN's `TimeControl` tag uses: `40/60+0.5`, `60+0.01`, `60`,
    /// `5/move`, `inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                if moves > 0 {
                    write!(f, "{moves}/")?;
                }
                write!(f, "{}", format_seconds(base))?;
                if !increment.is_zero() {
                    write!(f, "+{}", format_seconds(increment))?;
                }
                Ok(())
            }
            TimeControl::PerMove(t) => write!(f, "{}/move", format_seconds(t)),
            TimeControl::Infinite => f.write_str("inf"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn cutechess_forms() {
        let tc = |s: &str| s.parse::<TimeControl>();
        assert_eq!(
            tc("40/60+0.5").unwrap(),
            TimeControl::Clock {
                moves: 40,
                base: Duration::from_secs(60),
                increment: ms(500)
            }
        );
        assert_eq!(tc("1+0.01").unwrap().increment(), ms(10));
        assert_eq!(tc("0:30+0.2").unwrap().base(), Duration::from_secs(30));
        assert_eq!(tc("1:30+1").unwrap().base(), Duration::from_secs(90));
        assert_eq!(tc("1:00:00").unwrap().base(), Duration::from_secs(3600));
        assert_eq!(tc("0:05.5").unwrap().base(), ms(5500));
        assert_eq!(tc("10").unwrap().increment(), Duration::ZERO);
        assert_eq!(tc("40/5:00").unwrap().moves(), 40);
        assert_eq!(tc("inf").unwrap(), TimeControl::Infinite);
        assert_eq!(tc("0.5/move").unwrap(), TimeControl::PerMove(ms(500)));
        for bad in [
            "",
            "x",
            "0/60",
            "-1+1",
            "60+",
            "1:60",
            "0",
            "1::2",
            "40/",
            "nan",
            "inf+1",
            "0/move",
            "1e300",
            "1e7+1e300",
            "x/move",
        ] {
            assert!(tc(bad).is_err(), "{bad}");
        }
        assert_eq!(
            tc("0/60").unwrap_err().to_string(),
            "time control '0/60': '0' is not a number of moves (1 or more)"
        );
        assert_eq!(
            tc("1e9").unwrap_err().to_string(),
            "time control '1e9': '1e9' is too long a time"
        );
    }

    #[test]
    fn written_forms_read_back() {
        for s in [
            "40/60+0.5",
            "60+0.01",
            "10",
            "90+1",
            "inf",
            "2.5/move",
            "1/0.001",
        ] {
            let tc: TimeControl = s.parse().unwrap();
            assert_eq!(tc.to_string(), s);
            assert_eq!(tc.to_string().parse::<TimeControl>().unwrap(), tc);
        }
        assert_eq!(
            "0:30+0.2".parse::<TimeControl>().unwrap().to_string(),
            "30+0.2"
        );
    }

    #[test]
    fn xboard_level() {
        let l = |m, b, i| TimeControl::from_level(m, b, i);
        assert_eq!(
            l("40", "5", "0").unwrap(),
            TimeControl::Clock {
                moves: 40,
                base: Duration::from_secs(300),
                increment: Duration::ZERO
            }
        );
        assert_eq!(
            l("0", "0:30", "0.5").unwrap().base(),
            Duration::from_secs(30)
        );
        assert_eq!(l("0", "0.5", "0").unwrap().base(), Duration::from_secs(30));
        assert_eq!(l("0", "1", "0.01").unwrap().increment(), ms(10));
        // Not finite, too long, overflowing, negative: errors, never a panic.
        for (m, b, i) in [
            ("40", "inf", "0"),
            ("40", "1e18", "0"),
            ("40", "NaN", "0"),
            ("40", "-1", "0"),
            ("40", "18446744073709551615:0", "0"),
            ("40", "1:x", "0"),
            ("40", "5", "inf"),
            ("40", "5", "1e300"),
            ("40", "5", "-1"),
            ("x", "5", "0"),
            ("-1", "5", "0"),
        ] {
            assert!(l(m, b, i).is_err(), "level {m} {b} {i}");
        }
        let tc = TimeControl::Clock {
            moves: 40,
            base: Duration::from_secs(90),
            increment: ms(500),
        };
        assert_eq!(tc.level_args().unwrap(), "40 1:30 0.5");
        let args = tc.level_args().unwrap();
        let parts: Vec<&str> = args.split(' ').collect();
        assert_eq!(l(parts[0], parts[1], parts[2]).unwrap(), tc);
        assert_eq!(format_level_base(Duration::from_secs(120)), "2");
        assert_eq!(format_level_base(ms(200)), "0:01");
        assert_eq!(format_level_base(Duration::ZERO), "0");
        assert_eq!(TimeControl::Infinite.level_args(), None);
    }

    #[test]
    fn periods() {
        let tc: TimeControl = "2/10".parse().unwrap();
        assert_eq!(tc.moves_to_go(0), Some(2));
        assert_eq!(tc.moves_to_go(1), Some(1));
        assert_eq!(tc.moves_to_go(2), Some(2));
        assert_eq!(TimeControl::sudden_death(ms(5), ms(0)).moves_to_go(7), None);
    }

    #[test]
    fn seconds() {
        assert_eq!(parse_plain_seconds("0.5"), Ok(ms(500)));
        assert!(parse_plain_seconds("-1").is_err());
        assert!(parse_plain_seconds("inf").is_err());
        assert!(parse_plain_seconds("1e10").is_err());
        assert_eq!(format_seconds(ms(10)), "0.01");
        assert_eq!(format_seconds(Duration::from_secs(60)), "60");
    }
}
