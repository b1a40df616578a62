//! Move text in PGN: the notation the runner writes (`--pgn-notation`) and everything it reads.
//!
//! Courier chess and Schachdame are written in SAN by default, as cutechess-cli and
//! Fairy-Stockfish write them (`Ra3`, `gxh5`, `c8=F`, `Exf5#`; see `kurier_rules::san`), or in
//! LAN (`Ra1-a3`) or Kurier's protocol notation (`a1a3`, docs/rules.md C9, S9) on request.
//! Dual checkers has a single notation, its protocol one with captures as comma-joined legs
//! (docs/rules.md D), whatever is asked. Reading takes every form: SAN, LAN and the protocol
//! notation for the two chess games, the protocol notation for Dual checkers.

use kurier_rules::game::{Game, MoveError};
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;
use kurier_rules::games::Variant;
use kurier_rules::san::San;
use kurier_rules::with_game;
use std::fmt;

/// How the moves of Courier and Schachdame are written in PGN (Dual checkers keeps its own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum PgnNotation {
    /// Standard Algebraic Notation as cutechess writes it: Ra3, gxh5, c8=F, Exf5#
    #[default]
    San,
    /// Long algebraic notation: Ra1-a3, g4xh5, c7-c8=F (cutechess-cli cannot read its hyphens)
    Lan,
    /// Kurier's protocol notation: a1a3, g4h5, c7c8f
    Coordinate,
}

impl PgnNotation {
    /// The name on the command line: `san`, `lan`, `coordinate`.
    pub const fn name(self) -> &'static str {
        match self {
            PgnNotation::San => "san",
            PgnNotation::Lan => "lan",
            PgnNotation::Coordinate => "coordinate",
        }
    }
}

impl fmt::Display for PgnNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game's moves as PGN text: written in a [`PgnNotation`], read in every notation the game
/// has. Implemented for the three games.
pub trait PgnMoves: Game {
    /// The legal move `mv` written in `notation` (the protocol notation for Dual checkers).
    fn write_move(&self, mv: Self::Move, notation: PgnNotation) -> String;

    /// Reads a move of a PGN file in any notation the game has, checked against the legal moves.
    fn read_move(&self, text: &str) -> Result<Self::Move, MoveError>;
}

/// [`PgnMoves::write_move`] of a game with SAN.
fn write_chess<G: San>(pos: &G, mv: G::Move, notation: PgnNotation) -> String {
    match notation {
        PgnNotation::San => pos.san(mv),
        PgnNotation::Lan => pos.lan(mv),
        PgnNotation::Coordinate => pos.format_move(mv),
    }
}

impl PgnMoves for Courier {
    fn write_move(&self, mv: Self::Move, notation: PgnNotation) -> String {
        write_chess(self, mv, notation)
    }

    fn read_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_san(text)
    }
}

impl PgnMoves for Schachdame {
    fn write_move(&self, mv: Self::Move, notation: PgnNotation) -> String {
        write_chess(self, mv, notation)
    }

    fn read_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_san(text)
    }
}

impl PgnMoves for DualCheckers {
    /// Always the protocol notation (docs/rules.md D): Dual checkers has no SAN.
    fn write_move(&self, mv: Self::Move, _notation: PgnNotation) -> String {
        self.format_move(mv)
    }

    fn read_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(text)
    }
}

fn rewrite_typed<G: PgnMoves>(fen: &str, moves: &[String], notation: PgnNotation) -> Vec<String> {
    let mut out = Vec::with_capacity(moves.len());
    if let Ok(mut pos) = G::from_fen(fen) {
        for text in moves {
            let Ok(mv) = pos.read_move(text) else { break };
            out.push(pos.write_move(mv, notation));
            pos = pos.play(mv);
        }
    }
    // A move that does not read (none should: the arbiter checked them all) and every move
    // after it stay as they were.
    out.extend(moves[out.len()..].iter().cloned());
    out
}

/// The moves `moves` of a game of `variant` from `fen`, rewritten in `notation`.
pub fn rewrite(
    variant: Variant,
    fen: &str,
    moves: &[String],
    notation: PgnNotation,
) -> Vec<String> {
    with_game!(variant, G => rewrite_typed::<G>(fen, moves, notation))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn every_notation_of_every_game() {
        let courier = Courier::start().fen();
        let played = moves(&["a1a3", "e7e6", "h2h3", "e6e5", "h3h4", "e5e4", "h4g5"]);
        let rewritten = |n| rewrite(Variant::Courier, &courier, &played, n);
        assert_eq!(
            rewritten(PgnNotation::San),
            ["Ra3", "e6", "h3", "e5", "h4", "e4", "hxg5"]
        );
        assert_eq!(
            rewritten(PgnNotation::Lan),
            ["Ra1-a3", "e7-e6", "h2-h3", "e6-e5", "h3-h4", "e5-e4", "h4xg5"]
        );
        assert_eq!(rewritten(PgnNotation::Coordinate), played);
        // Read back, each notation gives the same moves.
        for n in [PgnNotation::San, PgnNotation::Lan] {
            let back = rewrite(
                Variant::Courier,
                &courier,
                &rewritten(n),
                PgnNotation::Coordinate,
            );
            assert_eq!(back, played, "{n}");
        }
        let dame = Schachdame::start().fen();
        let played = moves(&["b2c3", "a7b6"]);
        assert_eq!(
            rewrite(Variant::Schachdame, &dame, &played, PgnNotation::San),
            ["bc3", "ab6"]
        );
        // Dual checkers keeps its notation.
        let dual = DualCheckers::start().fen();
        let played = moves(&["f3e4", "d6e5", "e4e5"]);
        for n in [PgnNotation::San, PgnNotation::Lan, PgnNotation::Coordinate] {
            assert_eq!(rewrite(Variant::DualCheckers, &dual, &played, n), played);
        }
        // What does not read stays as it was, from there on.
        let odd = moves(&["a1a3", "zz", "e7e6"]);
        assert_eq!(
            rewrite(Variant::Courier, &courier, &odd, PgnNotation::San),
            ["Ra3", "zz", "e7e6"]
        );
        assert_eq!(PgnNotation::default().to_string(), "san");
    }
}
