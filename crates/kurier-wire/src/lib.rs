//! # kurier-wire
//!
//! The protocol text of UCI and XBoard (CECP v2), both ways, in one place: what an engine reads
//! and writes, and what a GUI or an arbiter reads and writes. The engine's sessions
//! (`kurier-engine`) and the match runner (`kurier-match`) both use it, so a line is written and
//! read by the same code.
//!
//! May depend on: `kurier-rules` (moves and positions, to read relayed moves). Never on the engine
//! or the runner.
//!
//! - [`lines`]: the line reader both sides use (length-capped, lenient UTF-8).
//! - [`relay`]: moves as XBoard relays them (Dual-checkers multi-leg captures).

pub mod lines;
pub mod relay;

pub use lines::lines;
