//! # kurier-rules
//!
//! The exact rules of three games, as a library: **Schachdame** (Richter, 1883; chess on the dark
//! squares), **Courier chess** (12x8, medieval Germany) and **Dual checkers** (checkers on all 64
//! squares with orthogonal capture by replacement). Each game is a type implementing [`Game`]:
//! board, FEN, legal move generation, copy-make, Zobrist key, move notation, game end. Perft
//! (with [`perft::perft`] and the EPD suite runner) proves the generators. No search, no I/O:
//! another engine can depend on this crate for the rules alone. The rule book is
//! `docs/rules.md` of the repository; the code cites its sections (S…, C…, D…).
//!
//! May depend on: nothing of Kurier's (only `rayon` for parallel perft, behind the `parallel`
//! feature, and the `log` facade).
//!
//! ```
//! use kurier_rules::game::{Game, MoveList};
//! use kurier_rules::games::courier::Courier;
//! use kurier_rules::perft::perft;
//!
//! let start = Courier::start();
//! assert_eq!(perft(&start, 2), 678);
//! let mut moves = MoveList::new();
//! start.generate(&mut moves);
//! assert_eq!(moves.len(), 26);
//! let after = start.play(start.parse_move("i2i3").unwrap());
//! assert_eq!(after.side_to_move(), kurier_rules::game::Color::Black);
//! ```
//!
//! - [`game`]: the [`Game`] trait and the small types every game shares (colours, outcomes,
//!   move lists, errors, FEN helpers).
//! - [`games`]: each game in its own module, and [`games::Variant`], the one run-time switch.
//! - [`perft`]: perft, divide and the EPD suite runner, generic over the game.
//! - [`notation`]: moves as people read and type them (SAN, checkers notation, paths).
//! - [`pgn`]: PGN text read and written (tags, comments, variations; moves kept as text).
//! - [`record`]: a game's history, for repetition and undo.
//! - [`san`]: Standard Algebraic Notation for Courier chess and Schachdame ([`san::San`]).
//! - [`bitboard`], [`zobrist`]: helpers the games share.

pub mod bitboard;
pub mod game;
pub mod games;
pub mod notation;
pub mod perft;
pub mod pgn;
pub mod record;
pub mod san;
pub mod zobrist;

pub use game::Game;
