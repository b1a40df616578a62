//! Ending a match early on SIGINT (Ctrl-C) or SIGTERM, in order, as a tournament director
//! expects (cutechess-cli, too, stops on Ctrl-C and prints the result so far), in three steps:
//!
//! 1. The first SIGINT sets the [`Interrupt`]: no new game starts; each game in progress is
//!    played to its end and counts, as it would have in an uninterrupted run. The runner then
//!    prints the summary (the tables, Elo, SPRT state), tells every engine `quit`, gives it a
//!    grace period, kills it with its process group and reaps it, and exits with 128 + the
//!    signal's number, as a shell reports a signal: 130.
//! 2. A second signal, or a SIGTERM at any time (a batch system at the end of a job's time
//!    limit, a system shutting down: neither waits for a game to end — Slurm, for one, sends
//!    SIGKILL 30 s after SIGTERM by default), abandons the games in progress: they stop at once
//!    and are recorded as unfinished, `*` with the comment `{interrupted}` (their moves kept in
//!    the PGN, the game counting for no one), and every engine process is killed at once —
//!    which also ends an engine hanging in its handshake. The summary is printed as in step 1;
//!    the exit status is that of the first signal (143 for SIGTERM).
//! 3. A signal after that (the director is in a great hurry) kills every engine process and
//!    exits at once.
//!
//! Nothing is lost at any step: each finished game is in the PGN and the state file
//! ([`super::state`]) as soon as it ends, and `--resume` plays the games that were not played
//! or were abandoned, with their openings and colours.
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

/// Whether the match was asked to stop, by which signal, and whether the games in progress are
/// abandoned. Shared by the signal thread, the workers and the arbiter, which looks at it while
/// it waits for a move.
#[derive(Debug, Default)]
pub struct Interrupt {
    signal: AtomicU8,
    abandon: AtomicBool,
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

    /// The signal that asked the match to stop, if one did: no new game starts.
    pub fn requested(&self) -> Option<Signal> {
        Signal::from_code(self.signal.load(Ordering::SeqCst))
    }

    /// Asks the games in progress to stop at once, unfinished (a stop is requested with
    /// `signal` too, unless one was already); true the first time.
    pub fn abandon(&self, signal: Signal) -> bool {
        self.request(signal);
        !self.abandon.swap(true, Ordering::SeqCst)
    }

    /// True once the games in progress are to stop at once: an engine that dies from then on
    /// was killed by the runner, and its game is unfinished, not lost.
    pub fn abandoned(&self) -> bool {
        self.abandon.load(Ordering::SeqCst)
    }

    /// Whether the games in progress are abandoned now or within `grace`. An engine that exits
    /// is asked this before its game is scored as a crash: a batch system that stops a job
    /// (Slurm's `scancel`, `scontrol requeue`, the end of a time limit) sends SIGTERM to every
    /// process of the job at once, and the engine may die of it a moment before the runner's
    /// signal thread has abandoned the games. Such a game is unfinished (`*`), not lost.
    pub fn abandoned_within(&self, grace: std::time::Duration) -> bool {
        let until = std::time::Instant::now() + grace;
        loop {
            if self.abandoned() {
                return true;
            }
            let now = std::time::Instant::now();
            if now >= until {
                return false;
            }
            std::thread::sleep((until - now).min(std::time::Duration::from_millis(10)));
        }
    }
}

/// How long an engine's exit waits for a signal that abandons the games
/// ([`Interrupt::abandoned_within`]) before its game is scored as a crash.
pub const CRASH_GRACE: std::time::Duration = std::time::Duration::from_millis(500);

/// Catches SIGINT and SIGTERM for a match while it lives: the first SIGINT sets the
/// [`Interrupt`], a second signal or a SIGTERM abandons the games in progress, one more (or any,
/// once the match is over) kills the engines and exits. Dropping it does not
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

/// What the signal thread does with one signal: the three steps of the module's description.
fn on_signal(signal: Signal, interrupt: &Interrupt, over: &AtomicBool) {
    if !over.load(Ordering::SeqCst) {
        if interrupt.requested().is_none() && signal == Signal::Interrupt {
            interrupt.request(signal);
            eprintln!(
                "\nkurier match: {}: no new games; the games in progress play to their end \
                 (again to abandon them)",
                signal.name()
            );
            return;
        }
        if interrupt.abandon(signal) {
            eprintln!(
                "\nkurier match: {}: abandoning the games in progress and killing the engines \
                 (again to stop at once)",
                signal.name()
            );
            super::process::kill_all();
            return;
        }
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
    fn a_signal_during_the_grace_abandons() {
        let i = Arc::new(Interrupt::new());
        let start = std::time::Instant::now();
        assert!(!i.abandoned_within(std::time::Duration::from_millis(30)));
        assert!(start.elapsed() >= std::time::Duration::from_millis(30));
        let signaller = Arc::clone(&i);
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(20));
            signaller.abandon(Signal::Terminate);
        });
        assert!(i.abandoned_within(std::time::Duration::from_secs(5)));
        t.join().unwrap();
    }

    #[test]
    fn the_first_signal_counts() {
        let i = Interrupt::new();
        assert_eq!(i.requested(), None);
        assert!(i.request(Signal::Terminate));
        assert!(!i.request(Signal::Interrupt));
        assert_eq!(i.requested(), Some(Signal::Terminate));
        assert!(!i.abandoned());
        assert!(i.abandon(Signal::Interrupt));
        assert!(!i.abandon(Signal::Interrupt));
        assert!(i.abandoned());
        assert_eq!(i.requested(), Some(Signal::Terminate));
        assert!(i.abandoned_within(std::time::Duration::ZERO));
        assert_eq!(Signal::Interrupt.exit_status(), 130);
        assert_eq!(Signal::Terminate.exit_status(), 143);
        #[cfg(unix)]
        {
            assert_eq!(Signal::Interrupt.number(), signal_hook::consts::SIGINT);
            assert_eq!(Signal::Terminate.number(), signal_hook::consts::SIGTERM);
        }
    }
}
