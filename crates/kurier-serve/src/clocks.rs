//! The two clocks of a game on the server: one [`kurier_wire::Clock`] per side under one
//! sudden-death [`TimeControl`] with increment, and the moment the side to move's turn began.
//! The side to move's clock runs from then; the server asks [`GameClock::fallen`] on its own
//! (the ticker in [`crate::store`]), so a flag falls without waiting for a request.

use kurier_rules::game::Color;
use kurier_wire::{Clock, TimeControl};
use serde::Serialize;
use std::time::{Duration, Instant};

/// Both sides' clocks and the start of the current turn.
#[derive(Clone, Copy, Debug)]
pub struct GameClock {
    clocks: [Clock; 2],
    turn_start: Instant,
}

/// The clocks as the page sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// White's time left.
    pub white_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
    /// The side whose clock runs.
    pub running: Option<&'static str>,
}

impl GameClock {
    /// Clocks of `base` each, `increment` a move, the first turn starting now.
    pub fn new(base: Duration, increment: Duration) -> Self {
        GameClock {
            clocks: [Clock::new(TimeControl::sudden_death(base, increment)); 2],
            turn_start: Instant::now(),
        }
    }

    /// The increment per move.
    pub fn increment(&self) -> Duration {
        self.clocks[0].increment()
    }

    /// Time on `side`'s clock, without the turn that runs now.
    pub fn stored(&self, side: Color) -> Duration {
        self.clocks[side.index()].left()
    }

    /// Time the current turn has taken so far.
    pub fn elapsed(&self) -> Duration {
        self.turn_start.elapsed()
    }

    /// Time left for `side` now, when `running` is the side whose clock runs.
    pub fn left(&self, side: Color, running: Option<Color>) -> Duration {
        let stored = self.stored(side);
        if running == Some(side) {
            stored.saturating_sub(self.elapsed())
        } else {
            stored
        }
    }

    /// True when `running`'s time is out.
    pub fn fallen(&self, running: Color) -> bool {
        self.elapsed() > self.stored(running)
    }

    /// `side` moved: its clock is charged for the turn and gets the increment, and the next turn
    /// starts. False when its time had run out (its clock then shows zero).
    pub fn moved(&mut self, side: Color) -> bool {
        let spent = self.elapsed();
        self.turn_start = Instant::now();
        self.clocks[side.index()]
            .punch(spent, Duration::ZERO)
            .is_ok()
    }

    /// The turn of `side` ends without a move (a take-back, the end of the game): its clock is
    /// charged without increment and the next turn starts. False when its time had run out.
    pub fn stopped(&mut self, side: Color) -> bool {
        let spent = self.elapsed();
        self.turn_start = Instant::now();
        self.clocks[side.index()].spend(spent).is_ok()
    }

    /// The clocks for the page.
    pub fn view(&self, running: Option<Color>) -> ClockView {
        let ms = |side| self.left(side, running).as_millis().min(u64::MAX as u128) as u64;
        ClockView {
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            running: running.map(crate::requests::color_name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_charges_and_adds_the_increment() {
        let mut c = GameClock::new(Duration::from_secs(10), Duration::from_secs(2));
        assert!(c.moved(Color::White));
        let white = c.stored(Color::White);
        assert!(white > Duration::from_secs(11) && white <= Duration::from_secs(12));
        assert_eq!(c.stored(Color::Black), Duration::from_secs(10));
        assert!(!c.fallen(Color::Black));
        let v = c.view(Some(Color::Black));
        assert_eq!(v.running, Some("black"));
        assert!(v.black_ms <= 10_000);
        let mut quick = GameClock::new(Duration::from_millis(1), Duration::ZERO);
        std::thread::sleep(Duration::from_millis(5));
        assert!(quick.fallen(Color::White));
        assert!(!quick.moved(Color::White));
        assert_eq!(quick.stored(Color::White), Duration::ZERO);
    }
}
