//! # kurier
//!
//! The `kurier` program: the command line ([`cli`]) and the terminal game ([`play`]); `main.rs`
//! starts the engine's protocol sessions, perft, bench, play and matches from here.
//!
//! The workspace's crates are its layers, each depending only on those below it:
//!
//! ```text
//!  kurier (this crate: command line, play, integration tests)
//!     ├── kurier-match   runner and arbiter  ──┐
//!     ├── kurier-engine  search, eval, options, UCI/XBoard sessions, bench
//!     │                    │                   │
//!     │                    v                   v
//!     │                kurier-wire  protocol text both ways (commands, time controls, scores)
//!     │                    │
//!     v                    v
//!  kurier-rules   Game trait, the three games, FEN, notation, perft
//! ```

pub mod cli;
pub mod closed_pipe;
pub mod net_upgrade;
pub mod pgn_data;
pub mod play;
