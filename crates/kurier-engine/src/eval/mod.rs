//! Evaluation and the search hooks per game: engine policy, reading the position through the
//! rules crate's accessors. Each file implements [`crate::search::Searchable`] for one game.

pub mod courier;
pub mod dual;
pub mod schachdame;
