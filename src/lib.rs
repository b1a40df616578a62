//! # Kurier
//!
//! An engine for three games no single program played before: Schachdame (Richter, 1883),
//! Courier chess and Dual checkers. Rules: `RULES.md` of the project (sections S, C, D).
//!
//! ```text
//!  stdin/stdout ──> protocol (uci, xboard) ──> engine ──> search
//!                                                 │
//!                                                 v
//!                           games::{schachdame, ...} : impl Game
//!                           (board, FEN, move generation, make move, Zobrist key,
//!                            notation, game end)
//! ```
//!
//! - [`game`]: the [`game::Game`] trait every game implements, and the shared small types.
//! - [`games`]: each game in its own module, and [`games::Variant`], the one run-time switch.
//! - [`perft`]: perft, divide and the EPD suite runner, generic over the game.
//! - [`record`]: a game's history, for repetition.
//! - [`search`]: the alpha-beta searcher and its transposition table, generic over the game.
//! - [`bitboard`], [`zobrist`]: helpers shared by the games.
//! - [`cli`]: the command line.
//! - [`options`]: the options table shared by `engine.toml`, UCI and XBoard; [`config`] reads the file.
//! - [`play`]: `kurier play`, a person against Kurier at the terminal.
//! - [`tournament`]: `kurier match`, the engine-against-engine match runner and arbiter.

#![warn(missing_docs)]

pub mod bench;
pub mod bitboard;
pub mod cli;
pub mod config;
pub mod game;
pub mod games;
pub mod options;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod record;
pub mod search;
pub mod tournament;
pub mod zobrist;
