//! # kurier-wire
//!
//! The protocol text of UCI and XBoard (CECP v2), both ways, in one place: what an engine reads
//! and writes, and what a GUI or an arbiter reads and writes. The engine's sessions
//! (`kurier-engine`) and the match runner (`kurier-match`) both use it, so a line is written and
//! read by the same code, and both sides share one vocabulary: one time control, one clock, one
//! set of search limits, one score.
//!
//! May depend on: `kurier-rules` (moves and positions, to read relayed moves; game outcomes).
//! Never on the engine or the runner.
//!
//! - [`uci`]: UCI commands ([`uci::UciCommand`]) and replies ([`uci::UciReply`]).
//! - [`xboard`]: XBoard commands ([`xboard::XboardCommand`], [`xboard::EditCommand`]) and
//!   replies ([`xboard::XboardReply`], with [`xboard::Features`]).
//! - [`time_control`]: [`TimeControl`] (`40/60+0.5`, `inf`, XBoard's `level`).
//! - [`clock`]: one side's running [`Clock`].
//! - [`search_limits`]: [`SearchLimits`] (depth, nodes, fixed time, mate, infinite).
//! - [`score`]: [`Score`] (centipawns or mate, both protocols' forms).
//! - [`lines`](mod@lines): the line reader both sides use (length-capped, lenient UTF-8).
//! - [`relay`]: moves as XBoard relays them (Dual-checkers multi-leg captures).
//! - [`input_file`]: every file a Kurier program reads: regular files only, under a size cap.

pub mod clock;
pub mod input_file;
pub mod lines;
pub mod relay;
pub mod score;
pub mod search_limits;
pub mod time_control;
pub mod uci;
pub mod xboard;

pub use clock::Clock;
pub use lines::lines;
pub use score::Score;
pub use search_limits::SearchLimits;
pub use time_control::TimeControl;
