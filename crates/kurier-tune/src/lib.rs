//! # kurier-tune
//!
//! Data for fitting Kurier's evaluations, and the fitting: `kurier datagen` writes positions
//! from self-play, each with the search's score and the game's result ([`sample`] is the file
//! format; [`packed`] the compact one), and `kurier tune` fits an evaluation's weights to them.
//!
//! May depend on: `kurier-rules` (positions and games) and `kurier-engine` (the search that
//! plays the games, the evaluations it tunes). Never on the match runner or the command line.

pub mod convert;
pub mod datagen;
pub mod packed;
pub mod rng;
pub mod sample;
pub mod train;
pub mod tune;
