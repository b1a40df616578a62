//! Static exchange evaluation (SEE): what a capture wins or loses on its target square once both
//! sides have recaptured there with their cheapest pieces, each side free to stop when going on
//! would lose. One file per game whose pieces make it exact (Stockfish's swap algorithm over
//! that game's attack tables, x-rays through the pieces that leave the square's lines);
//! the search reaches it through [`crate::search::Searchable::see_ge`].
//!
//! Not for Dual checkers: there captures are compulsory and take several pieces in one move,
//! so a "losing" capture may be the only legal kind and the exchange is not a sequence of
//! single recaptures on one square (docs/rules.md D4, D5).

pub mod courier;
