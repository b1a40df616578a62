//! The runner's clock for one side: time left, increment after every move, a new period after
//! every `moves` moves, and the flag.
//!
//! The runner measures a move from the moment it sent the `go` (or the opponent's move) to the
//! moment its reader thread read the answer, so pipe and scheduling delays count against the
//! engine, as on a real clock. A move that arrives up to the *time margin* after the flag fell
//! is still accepted (the clock then shows zero plus the increment); a later one loses on time.

use super::options::TimeControl;
use std::time::Duration;

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    tc: TimeControl,
    left: Duration,
    moves_made: u32,
}

/// The flag fell: the move took `used` with only `left` on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged {
    /// Time the move took.
    pub used: Duration,
    /// Time there was.
    pub left: Duration,
}

impl Clock {
    /// A clock at the start of the game.
    pub fn new(tc: TimeControl) -> Clock {
        Clock {
            tc,
            left: tc.base,
            moves_made: 0,
        }
    }

    /// Time left now.
    pub fn left(&self) -> Duration {
        self.left
    }

    /// The increment per move.
    pub fn increment(&self) -> Duration {
        self.tc.increment
    }

    /// Moves to play until the next period (`movestogo`), for repeating controls.
    pub fn moves_to_go(&self) -> Option<u32> {
        (self.tc.moves > 0).then(|| self.tc.moves - self.moves_made % self.tc.moves)
    }

    /// The longest the runner waits for a move: the time left plus the margin.
    pub fn allowance(&self, margin: Duration) -> Duration {
        self.left + margin
    }

    /// Charges a move that took `used`: the flag falls when it took longer than the time left
    /// plus `margin`; otherwise the increment is added, and a new period's time after every
    /// `moves` moves.
    pub fn punch(&mut self, used: Duration, margin: Duration) -> Result<(), Flagged> {
        if used > self.left + margin {
            return Err(Flagged {
                used,
                left: self.left,
            });
        }
        self.left = self.left.saturating_sub(used) + self.tc.increment;
        self.moves_made += 1;
        if self.tc.moves > 0 && self.moves_made.is_multiple_of(self.tc.moves) {
            self.left += self.tc.base;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn increment_margin_and_flag() {
        let mut c = Clock::new("1+0.1".parse().unwrap());
        assert_eq!(c.moves_to_go(), None);
        c.punch(ms(300), ms(50)).unwrap();
        assert_eq!(c.left(), ms(800));
        // Late, but within the margin: accepted, the clock shows the increment only.
        c.punch(ms(830), ms(50)).unwrap();
        assert_eq!(c.left(), ms(100));
        assert_eq!(
            c.punch(ms(151), ms(50)),
            Err(Flagged {
                used: ms(151),
                left: ms(100)
            })
        );
        assert_eq!(c.allowance(ms(50)), ms(150));
    }

    #[test]
    fn repeating_periods() {
        let mut c = Clock::new("2/10".parse().unwrap());
        assert_eq!(c.moves_to_go(), Some(2));
        c.punch(ms(1000), ms(0)).unwrap();
        assert_eq!(c.moves_to_go(), Some(1));
        c.punch(ms(1000), ms(0)).unwrap();
        assert_eq!(c.moves_to_go(), Some(2));
        assert_eq!(c.left(), ms(18_000));
    }
}
