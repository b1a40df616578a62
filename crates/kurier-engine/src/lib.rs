//! # kurier-engine
//!
//! Kurier's engine: what turns the rules into play. One alpha-beta searcher generic over the game
//! ([`search`]), its transposition table and time management, an evaluation per game ([`eval`]),
//! the options table shared by `engine.toml`, UCI and XBoard ([`options`], read from the file by
//! [`config`]), the UCI and XBoard sessions ([`protocol`]) and the deterministic [`bench`].
//!
//! May depend on: `kurier-rules` (the games) and `kurier-wire` (the protocol text). Never on
//! the match runner or the command line.
//!
//! ```text
//!  stdin/stdout ──> protocol::{uci_session, xboard_session} ──> session::AnyRecord
//!                     │ kurier_wire (commands, replies)               │
//!                     │ engine_options (option side effects)          v
//!                     v                                       search::Searcher<G>
//!                  thinker (search thread)                        │ eval::{courier, …}
//!                                                                 v
//!                                      kurier_rules::games::{schachdame, courier, dual}
//! ```

pub mod bench;
pub mod config;
pub mod eval;
pub mod nnue;
pub mod options;
pub mod protocol;
pub mod search;
pub mod see;
