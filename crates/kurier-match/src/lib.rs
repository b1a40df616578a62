//! # kurier-match
//!
//! `kurier match`: an engine-against-engine match runner and arbiter for the three games, the GUI
//! side of UCI and XBoard. It judges every engine alike, Kurier included.
//!
//! May depend on: `kurier-rules` (every move is checked with the rules) and `kurier-wire` (the
//! protocol text). Never on `kurier-engine`: the runner must not share code with an engine it
//! judges.
//!
//! ```text
//!  match_args ─> settings ─> tournament (schedule, workers, tables) ──> arbiter (one game)
//!                 │                                          │  GameRecord<G>: Kurier's rules
//!                 │ openings, pgn, notation, stats           │  kurier_wire::Clock per side
//!                 │                                          v
//!                 │                    player (protocol-independent engine) ── request, reply
//!                 │                      ├── uci_engine / xboard_engine (GUI side, kurier_wire)
//!                 v                      └── process (child process, reader thread, timeouts)
//!              replay (re-check a PGN)
//! ```
//!
//! - [`match_args`]: the command line (clap), checked into the [`settings`] of a match with clear
//!   errors; [`settings`]: the engines, limits, adjudication, SPRT and openings of a match.
//! - [`cutechess_args`]: cutechess-cli's command line, rewritten into Kurier's flags before clap
//!   reads them; [`engine_conf`]: cutechess's `engines.json` for `conf=NAME`; [`suggest`]: the
//!   nearest known word to a typo.
//! - [`process`]: the child process — spawn with a working directory, a reader thread that
//!   time-stamps each line, timeouts on every wait, killed and reaped on drop.
//! - [`player`], [`uci_engine`], [`xboard_engine`]: handshake, game set-up, move requests, what
//!   each line means; [`request`] and [`reply`] are what they exchange with the arbiter.
//! - [`arbiter`]: one game — every move checked with Kurier's rules before it is forwarded;
//!   results by the rules, forfeits for illegal moves, crashes, hangs and false claims; the
//!   clocks (`kurier_wire::Clock`), with increments and repeating periods.
//! - [`openings`], [`pgn`], [`replay`]: start positions, the PGN writer and reader, `--replay`;
//!   [`scored`]: the positions of recorded games with their engines' scores (`kurier pgn-data`);
//!   [`notation`]: the moves in PGN — SAN (default), LAN or protocol notation for Courier and
//!   Schachdame (`--pgn-notation`), every one of them read back.
//! - [`stats`]: Elo with error bars, LOS, SPRT.
//! - [`schedule`]: who plays whom with which colours and opening (round-robin or gauntlet);
//!   [`tournament`]: concurrent play, the PGN/EPD output and the tables;
//!   [`cutechess_lines`]: the `Score of ...`, `Elo difference: ...`, `SPRT: ...` lines and the
//!   rank table as cutechess-cli prints them.
//! - [`interrupt`]: SIGINT and SIGTERM end a match in order — the games in progress played to
//!   their end (a first Ctrl-C) or abandoned as `*` (a second one, or SIGTERM), the tables
//!   printed, every engine quit or killed, exit status 130 or 143.
//! - [`state`]: the state file — the schedule's identity and every finished game, written
//!   atomically after each — that `--resume` continues ([`resume`]), read on every path by the
//!   one checked reader [`state_check`]; [`shard`]: `--shard K/N`, a part of the
//!   game pairs for one machine; [`pool`]: the SPRT of the shards' state files pooled, which
//!   stops every shard once it decides; [`merge`]: `--merge PGN...` and `--merge-state
//!   STATE...`, the tables of the shards together.

pub mod arbiter;
pub mod cutechess_args;
pub mod cutechess_lines;
pub mod engine_conf;
pub mod interrupt;
pub mod match_args;
pub mod merge;
pub mod notation;
pub mod openings;
/// PGN text, read and written: the rules crate's ([`kurier_rules::pgn`]), which `kurier serve` shares.
pub use kurier_rules::pgn;
pub mod player;
pub mod pool;
pub mod process;
pub mod replay;
pub mod reply;
pub mod request;
pub mod resume;
pub mod schedule;
pub mod scored;
pub mod settings;
pub mod shard;
pub mod state;
pub mod state_check;
pub mod stats;
pub mod suggest;
pub mod tally;
pub mod tournament;
pub mod uci_engine;
pub mod xboard_engine;

pub use match_args::MatchArgs;
pub use settings::MatchCommand;

/// Why a `kurier match` run failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The match could not be played to its end.
    #[error(transparent)]
    Match(#[from] tournament::TournamentError),
    /// The PGN file could not be replayed.
    #[error(transparent)]
    Replay(#[from] replay::ReplayError),
    /// The files could not be merged.
    #[error(transparent)]
    Merge(#[from] merge::MergeError),
    /// SIGINT and SIGTERM could not be caught.
    #[error("cannot catch SIGINT and SIGTERM: {0}")]
    Signals(std::io::Error),
}

/// How a `kurier match` command ended, when it did not fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// The match was played, or the PGN replayed without a mismatch.
    Done,
    /// The replay found a mismatch.
    Mismatch,
    /// A signal stopped the match, in order: exit with [`interrupt::Signal::exit_status`].
    Interrupted(interrupt::Signal),
}

/// Runs a `kurier match` command, writing results to `out`. A match catches SIGINT and SIGTERM
/// while it runs ([`interrupt`]).
pub fn run(command: &MatchCommand, out: &mut impl std::io::Write) -> Result<RunEnd, RunError> {
    match command {
        MatchCommand::Replay { file, variant } => Ok(
            match replay::replay_file(file, *variant, out).map_err(RunError::Replay)? {
                true => RunEnd::Done,
                false => RunEnd::Mismatch,
            },
        ),
        MatchCommand::Merge { pgns, states, sprt } => {
            merge::run(pgns, states, *sprt, out)?;
            Ok(RunEnd::Done)
        }
        MatchCommand::Play(options) => {
            let signals = interrupt::SignalWatch::start().map_err(RunError::Signals)?;
            match tournament::run(options, signals.interrupt(), out)? {
                tournament::MatchEnd::Complete => Ok(RunEnd::Done),
                tournament::MatchEnd::Interrupted(signal) => Ok(RunEnd::Interrupted(signal)),
            }
        }
    }
}
