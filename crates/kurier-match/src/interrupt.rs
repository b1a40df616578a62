//! Ending a match early on SIGINT (Ctrl-C) or SIGTERM, in order, as a tournament director
//! expects (and as cutechess-cli does on Ctrl-C: it stops the games and prints the result so
//! far):
//!
//! 1. The first signal sets the [`Interrupt`]: no new game starts; each game in progress is
//!    stopped at once and recorded as unfinished, `*` with the comment `{interrupted}`. Waiting
//!    for those games to end could take as long as a whole game at a long time control, and
//!    their result would be decided under time pressure nobody asked for; the moves played are
//!    kept in the PGN all the same, and the game counts for no one.
//! 2. The finished games are already in the PGN (each is written as it ends); the summary (the
//!    tables, Elo, SPRT state) is printed as at a normal end; every engine is told `quit`, given
//!    a grace period and then killed with its process group, and reaped.
//! 3. The runner exits with 128 + the signal's number, as a shell reports a signal: 130 for
//!    SIGINT, 143 for SIGTERM.
//! 4. A second signal (the director is in a hurry, or an engine handshake hangs) kills every
//!    engine process at once and exits with the same kind of status. An engine being started
//!    when the first signal comes finishes its handshake or runs into its timeout (10 s; an
//!    XBoard engine that sent `feature done=0` has a minute); no game is begun after it.
//!
//! The signals are caught by the `signal-hook` crate on a thread of their own (no handler code
//! runs in signal context). Engines run in process groups of their own
//! ([`super::process`]), so a Ctrl-C at a terminal, which signals the whole foreground group,
//! reaches the runner alone: the engines do not die of it in mid-game, which would look like a
//! crash and lose the game for them.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;

/// A signal that ends a match early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGINT, Ctrl-C at a terminal.
    Interrupt,
    /// SIGTERM, `kill PID`, a system shutting down.
    Terminate,
}

impl Signal {
    /// `SIGINT` or `SIGTERM`.
    pub fn name(self) -> &'static str {
        match self {
            Signal::Interrupt => "SIGINT",
            Signal::Terminate => "SIGTERM",
        }
    }

    /// The signal's number on POSIX systems (2 and 15 on every one of them).
    pub fn number(self) -> i32 {
        match self {
            Signal::Interrupt => 2,
            Signal::Terminate => 15,
        }
    }

    /// The exit status after this signal, as a shell reports one: 128 + its number.
    pub fn exit_status(self) -> i32 {
        128 + self.number()
    }

    fn code(self) -> u8 {
        match self {
            Signal::Interrupt => 1,
            Signal::Terminate => 2,
        }
    }

    fn from_code(code: u8) -> Option<Signal> {
        match code {
            1 => Some(Signal::Interrupt),
            2 => Some(Signal::Terminate),
            _ => None,
        }
    }
}

/// Whether the match was asked to stop, and by which signal. Shared by the signal thread, the
/// workers and the arbiter, which looks at it while it waits for a move.
#[derive(Debug, Default)]
pub struct Interrupt {
    signal: AtomicU8,
}

impl Interrupt {
    /// Not interrupted.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Asks the match to stop; true for the first request (a later one keeps the first signal).
    pub fn request(&self, signal: Signal) -> bool {
        self.signal
            .compare_exchange(0, signal.code(), Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }

    /// The signal that asked the match to stop, if one did.
    pub fn requested(&self) -> Option<Signal> {
        Signal::from_code(self.signal.load(Ordering::SeqCst))
    }
}

/// Catches SIGINT and SIGTERM for a match while it lives: the first sets the [`Interrupt`], the
/// second (or any, once the match is over) kills the engines and exits. Dropping it does not
/// restore the default action (`signal-hook` cannot), so a signal after the match still ends
/// the process at once.
pub struct SignalWatch {
    interrupt: Arc<Interrupt>,
    over: Arc<AtomicBool>,
}

impl SignalWatch {
    /// Starts catching the signals on a thread of its own.
    pub fn start() -> std::io::Result<SignalWatch> {
        let interrupt = Arc::new(Interrupt::new());
        let over = Arc::new(AtomicBool::new(false));
        watch(Arc::clone(&interrupt), Arc::clone(&over))?;
        Ok(SignalWatch { interrupt, over })
    }

    /// The state the match looks at.
    pub fn interrupt(&self) -> &Interrupt {
        &self.interrupt
    }
}

impl Drop for SignalWatch {
    fn drop(&mut self) {
        self.over.store(true, Ordering::SeqCst);
    }
}

/// What the signal thread does with one signal.
fn on_signal(signal: Signal, interrupt: &Interrupt, over: &AtomicBool) {
    if !over.load(Ordering::SeqCst) && interrupt.request(signal) {
        eprintln!(
            "\nkurier match: {}: no new games; stopping the games in progress and the engines \
             (again to stop at once)",
            signal.name()
        );
        return;
    }
    eprintln!(
        "\nkurier match: {} again: killing the engines and stopping at once",
        signal.name()
    );
    super::process::kill_all();
    std::process::exit(signal.exit_status());
}

#[cfg(unix)]
fn watch(interrupt: Arc<Interrupt>, over: Arc<AtomicBool>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new()
        .name("signals".to_string())
        .spawn(move || {
            for number in signals.forever() {
                let signal = if number == SIGTERM {
                    Signal::Terminate
                } else {
                    Signal::Interrupt
                };
                on_signal(signal, &interrupt, &over);
            }
        })?;
    Ok(())
}

/// Elsewhere the signals keep their default action.
#[cfg(not(unix))]
fn watch(_interrupt: Arc<Interrupt>, _over: Arc<AtomicBool>) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_signal_counts() {
        let i = Interrupt::new();
        assert_eq!(i.requested(), None);
        assert!(i.request(Signal::Terminate));
        assert!(!i.request(Signal::Interrupt));
        assert_eq!(i.requested(), Some(Signal::Terminate));
        assert_eq!(Signal::Interrupt.exit_status(), 130);
        assert_eq!(Signal::Terminate.exit_status(), 143);
        #[cfg(unix)]
        {
            assert_eq!(Signal::Interrupt.number(), signal_hook::consts::SIGINT);
            assert_eq!(Signal::Terminate.number(), signal_hook::consts::SIGTERM);
        }
    }
}
