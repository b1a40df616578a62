//! Progress on stderr: games done of the games to play, positions written, games per minute and
//! the time left. At a terminal one line redrawn in place a few times a second; into a file or
//! a pipe a line every few seconds, so that a log stays short.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// A progress line, printed no more often than its interval.
pub struct Progress {
    start: Instant,
    last: Option<Instant>,
    total: u64,
    terminal: bool,
}

impl Progress {
    /// Progress of `total` games, on stderr.
    pub fn new(total: u64) -> Self {
        Progress {
            start: Instant::now(),
            last: None,
            total,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn interval(&self) -> Duration {
        if self.terminal {
            Duration::from_millis(250)
        } else {
            Duration::from_secs(5)
        }
    }

    /// Reports `done` games and `positions` positions, if the last report is old enough.
    pub fn update(&mut self, done: u64, positions: u64) {
        let now = Instant::now();
        if self.last.is_some_and(|t| now - t < self.interval()) {
            return;
        }
        self.last = Some(now);
        self.print(done, positions, false);
    }

    /// The last report, always printed (and the terminal's line ended).
    pub fn finish(&mut self, done: u64, positions: u64) {
        self.print(done, positions, true);
    }

    fn print(&self, done: u64, positions: u64, last: bool) {
        let line = progress_line(done, self.total, positions, self.start.elapsed());
        let mut err = std::io::stderr().lock();
        // Progress is a courtesy: a closed stderr stops nothing.
        let _ = if self.terminal {
            write!(err, "\r{line}\x1b[K{}", if last { "\n" } else { "" })
        } else {
            writeln!(err, "{line}")
        };
        let _ = err.flush();
    }
}

/// `games 12/100, 1034 positions, 3.1 games/min, ETA 28m24s`.
pub fn progress_line(done: u64, total: u64, positions: u64, elapsed: Duration) -> String {
    let minutes = elapsed.as_secs_f64() / 60.0;
    let rate = if minutes > 0.0 {
        done as f64 / minutes
    } else {
        0.0
    };
    let eta = if done == total {
        "done".to_string()
    } else if rate > 0.0 {
        format!("ETA {}", clock((total - done) as f64 / rate * 60.0))
    } else {
        "ETA ?".to_string()
    };
    format!(
        "games {done}/{total}, {positions} positions, {rate:.1} games/min, {eta}, {} elapsed",
        clock(elapsed.as_secs_f64())
    )
}

/// Seconds as `1h02m03s`, `2m03s` or `3s`.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m{s:02}s"),
        (h, m, s) => format!("{h}h{m:02}m{s:02}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_rate_and_time_left() {
        assert_eq!(
            progress_line(10, 40, 900, Duration::from_secs(120)),
            "games 10/40, 900 positions, 5.0 games/min, ETA 6m00s, 2m00s elapsed"
        );
        assert_eq!(
            progress_line(0, 40, 0, Duration::ZERO),
            "games 0/40, 0 positions, 0.0 games/min, ETA ?, 0s elapsed"
        );
        assert_eq!(
            progress_line(4, 4, 9, Duration::from_secs(3725)),
            "games 4/4, 9 positions, 0.1 games/min, done, 1h02m05s elapsed"
        );
    }
}
