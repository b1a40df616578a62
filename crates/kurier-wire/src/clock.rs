//! One side's running clock under a [`TimeControl`]: time left, the increment after every move,
//! a new period after every `moves` moves, and the flag. The match runner keeps one per engine,
//! the terminal game one per player.
//!
//! A move may be allowed a *margin* of lateness: the runner accepts a move that arrives up to
//! its time margin after the flag fell (the clock then shows zero plus the increment); the
//! terminal game allows none.

use crate::time_control::TimeControl;
use std::time::Duration;

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    left: Duration,
    moves_made: u32,
}

/// The flag fell: the move took `used` with only `left` on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the flag fell: {used:?} used with {left:?} left")]
pub struct Flagged {
    /// Time the move took.
    pub used: Duration,
    /// Time there was.
    pub left: Duration,
}

impl Clock {
    /// A clock at the start of the game.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: control.base(),
            moves_made: 0,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Time left now (for the next move, under a time per move; `Duration::MAX` when infinite).
    pub fn left(&self) -> Duration {
        self.left
    }

    /// The increment per move.
    pub fn increment(&self) -> Duration {
        self.control.increment()
    }

    /// Moves to play until the next period (`movestogo`), for repeating controls.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.control.moves_to_go(self.moves_made)
    }

    /// The longest a move may take: the time left plus the margin.
    pub fn allowance(&self, margin: Duration) -> Duration {
        self.left.saturating_add(margin)
    }

    /// Charges a move that took `used`: the flag falls when it took longer than the time left
    /// plus `margin` (the clock then shows zero); otherwise the increment is added, and a new
    /// period's time after every `moves` moves.
    pub fn punch(&mut self, used: Duration, margin: Duration) -> Result<(), Flagged> {
        self.check(used, margin)?;
        self.moves_made += 1;
        match self.control {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                self.left = self.left.saturating_sub(used) + increment;
                if moves > 0 && self.moves_made.is_multiple_of(moves) {
                    self.left += base;
                }
            }
            TimeControl::PerMove(t) => self.left = t,
            TimeControl::Infinite => {}
        }
        Ok(())
    }

    /// Charges time used without a move (a take-back): no increment. The flag falls when it
    /// was more than the time left.
    pub fn spend(&mut self, used: Duration) -> Result<(), Flagged> {
        self.check(used, Duration::ZERO)?;
        if self.control.is_clock() {
            self.left = self.left.saturating_sub(used);
        }
        Ok(())
    }

    fn check(&mut self, used: Duration, margin: Duration) -> Result<(), Flagged> {
        if self.control == TimeControl::Infinite || used <= self.allowance(margin) {
            return Ok(());
        }
        let left = std::mem::replace(&mut self.left, Duration::ZERO);
        Err(Flagged { used, left })
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
        assert_eq!(c.allowance(ms(50)), ms(150));
        assert_eq!(
            c.punch(ms(151), ms(50)),
            Err(Flagged {
                used: ms(151),
                left: ms(100)
            })
        );
        assert_eq!(c.left(), Duration::ZERO, "a fallen flag shows zero");
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

    #[test]
    fn time_without_a_move_and_other_controls() {
        let mut c = Clock::new(TimeControl::sudden_death(ms(1000), ms(100)));
        c.spend(ms(400)).unwrap();
        assert_eq!(c.left(), ms(600), "no increment without a move");
        assert!(c.spend(ms(601)).is_err());
        let mut c = Clock::new(TimeControl::PerMove(ms(500)));
        c.punch(ms(450), ms(0)).unwrap();
        assert_eq!(c.left(), ms(500), "nothing is carried over");
        assert!(c.punch(ms(501), ms(0)).is_err());
        let mut c = Clock::new(TimeControl::Infinite);
        c.punch(Duration::from_secs(1 << 40), ms(0)).unwrap();
        assert_eq!(c.allowance(ms(10)), Duration::MAX);
    }
}
