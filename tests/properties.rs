//! Property tests of the rules of the three games, on random games from the start positions
//! (a list of numbers picks a legal move at each ply, so proptest shrinks a failure to a short
//! game). At every position of the game:
//!
//! - the FEN round-trips: `from_fen(p.fen())` is `p` and writes the same FEN;
//! - the key that `play` updated equals the key recomputed from the FEN
//!   (`from_fen(fen()).key()`) and from scratch (`compute_key`);
//! - every generated move's text (`format_move`) reads back to the same move, in every notation
//!   the game reads (docs/rules.md D11 for Dual checkers: the comma-leg form, `f6:d4:d3`,
//!   `f6xd4xd3`, `f6d4d3`; `c1-d2`, `c1xd2`, capitals and promotion suffixes for the chess games);
//! - perft(1) equals the number of generated moves whose text is accepted.

use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;
use kurier_rules::perft::perft;
use proptest::prelude::*;

/// The longest random game, in plies.
const MAX_PLIES: usize = 48;

/// The texts of `mv` in the notations every game reads besides its protocol form: with `-` or
/// `x` between the squares, and in capitals.
fn chess_notations(text: &str, promotion_letter: char) -> Vec<String> {
    let (squares, suffix) = match text.strip_suffix(promotion_letter) {
        Some(s) => (s, Some(promotion_letter)),
        None => (text, None),
    };
    // The second square starts at the second letter.
    let split = squares
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())
        .map(|(i, _)| i)
        .expect("two squares");
    let (from, to) = squares.split_at(split);
    let mut v = vec![
        text.to_string(),
        format!(
            "{from}-{to}{}",
            suffix.map(String::from).unwrap_or_default()
        ),
        format!(
            "{from}x{to}{}",
            suffix.map(String::from).unwrap_or_default()
        ),
        text.to_ascii_uppercase(),
    ];
    if let Some(p) = suffix {
        // A pawn has one promotion: the suffix may be left out or written `=B`.
        v.push(squares.to_string());
        v.push(format!("{squares}={}", p.to_ascii_uppercase()));
    }
    v
}

/// Every text of `mv` in `pos` that the game must read as `mv`.
trait Notations: Game {
    fn notations(&self, mv: Self::Move) -> Vec<String>;
}

impl Notations for Schachdame {
    fn notations(&self, mv: Self::Move) -> Vec<String> {
        chess_notations(&self.format_move(mv), 'b')
    }
}

impl Notations for Courier {
    fn notations(&self, mv: Self::Move) -> Vec<String> {
        chess_notations(&self.format_move(mv), 'f')
    }
}

impl Notations for DualCheckers {
    fn notations(&self, mv: Self::Move) -> Vec<String> {
        let legs = self.format_move(mv);
        let pdn = self.pdn(mv);
        let mut v = vec![
            pdn.replace(':', "x"),
            pdn.replace([':', '-'], ""),
            legs.to_ascii_uppercase(),
            legs,
        ];
        v.push(pdn);
        v
    }
}

/// Checks one position; returns its legal moves.
fn check_position<G: Notations + PartialEq + std::fmt::Debug>(
    pos: &G,
) -> Result<MoveList<G::Move>, TestCaseError> {
    let fen = pos.fen();
    let again = G::from_fen(&fen).map_err(|e| TestCaseError::fail(format!("'{fen}': {e}")))?;
    prop_assert_eq!(&again, pos, "'{}' reads back differently", fen);
    prop_assert_eq!(again.fen(), fen.clone());
    prop_assert_eq!(pos.key(), again.key(), "key after play, '{}'", fen);
    prop_assert_eq!(pos.key(), pos.compute_key(), "recomputed key, '{}'", fen);

    let mut list = MoveList::new();
    pos.generate(&mut list);
    let mut accepted = 0u64;
    for &mv in list.iter() {
        let text = pos.format_move(mv);
        if pos.parse_move(&text) == Ok(mv) {
            accepted += 1;
        }
        for t in pos.notations(mv) {
            prop_assert_eq!(
                pos.parse_move(&t),
                Ok(mv),
                "'{}' for {} in '{}'",
                t,
                text,
                fen
            );
        }
    }
    prop_assert_eq!(perft(pos, 1), accepted, "perft(1) of '{}'", fen);
    Ok(list)
}

/// Plays the random game `picks` from the start, checking every position on the way.
fn random_game<G: Notations + PartialEq + std::fmt::Debug>(
    picks: &[u32],
) -> Result<(), TestCaseError> {
    let mut pos = G::start();
    for &pick in picks {
        let list = check_position(&pos)?;
        if list.is_empty() {
            return Ok(());
        }
        pos = pos.play(list[pick as usize % list.len()]);
    }
    check_position(&pos).map(|_| ())
}

fn games() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..=MAX_PLIES)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn schachdame_random_games(picks in games()) {
        random_game::<Schachdame>(&picks)?;
    }

    #[test]
    fn courier_random_games(picks in games()) {
        random_game::<Courier>(&picks)?;
    }

    #[test]
    fn dual_random_games(picks in games()) {
        random_game::<DualCheckers>(&picks)?;
    }
}

#[test]
fn the_notations_of_the_chess_games_are_the_expected_texts() {
    assert_eq!(
        chess_notations("b7a8b", 'b'),
        ["b7a8b", "b7-a8b", "b7xa8b", "B7A8B", "b7a8", "b7a8=B"]
    );
    assert_eq!(
        chess_notations("a10b11", 'f'),
        ["a10b11", "a10-b11", "a10xb11", "A10B11"]
    );
}
