//! The positions of recorded games with the scores their engines gave them: each move's
//! comment as `kurier match` and cutechess-cli write it (`{+0.25/12 0.10s}`: the mover's score
//! in pawns, the depth, the time) is the score of the position before the move, from the side
//! to move's point of view. `kurier pgn-data` turns them into training positions.
//!
//! Every move is read and checked with the rules ([`PgnMoves::read_move`]), so a game that does
//! not replay is refused with the move that fails, not half used. Moves without a score (`book`,
//! no comment) and mate scores (`+M3`) give no position.

use super::notation::PgnMoves;
use kurier_rules::game::Color;
use kurier_rules::pgn::{self, PgnGame};

/// One position of a recorded game and the score its engine gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredPosition<G> {
    /// The position before the move.
    pub position: G,
    /// The mover's score in centipawns, from the side to move's point of view.
    pub score_cp: i32,
}

/// The scored positions of one game and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredGame<G> {
    /// In the order played.
    pub positions: Vec<ScoredPosition<G>>,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

/// The score of a move comment in centipawns: the first word when it reads as a signed number
/// of pawns, optionally followed by `/depth` (`+0.25/12`, `-1.50`). `None` for mates (`+M3`),
/// `book` and anything else.
pub fn comment_score(comment: &str) -> Option<i32> {
    let word = comment.split_whitespace().next()?;
    let pawns = word.split('/').next()?;
    if !pawns.starts_with(['+', '-']) && !pawns.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let value: f64 = pawns.parse().ok()?;
    if !value.is_finite() || value.abs() > 1000.0 {
        return None;
    }
    Some((value * 100.0).round() as i32)
}

/// The scored positions of `game`, read with the rules of `G`. Unfinished games (`*`) are
/// refused: their positions have no result to learn.
pub fn scored_game<G: PgnMoves>(game: &PgnGame) -> Result<ScoredGame<G>, String> {
    let winner = match game.result.as_str() {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        "1/2-1/2" => None,
        other => return Err(format!("result '{other}': no result to learn")),
    };
    let mut pos = match game.tag("FEN") {
        Some(fen) => G::from_fen(fen).map_err(|e| format!("bad FEN tag: {e}"))?,
        None => G::start(),
    };
    let (mut number, mut black) = game.tag("FEN").map_or((1, false), pgn::first_move);
    let mut positions = Vec::with_capacity(game.moves.len());
    for m in &game.moves {
        let mv = pos.read_move(&m.text).map_err(|e| {
            let dots = if black { "..." } else { "." };
            format!("move {number}{dots} {}: {e}", m.text)
        })?;
        if let Some(score_cp) = m.comments.first().and_then(|c| comment_score(c)) {
            positions.push(ScoredPosition {
                position: pos.clone(),
                score_cp,
            });
        }
        pos = pos.play(mv);
        if black {
            number += 1;
        }
        black = !black;
    }
    Ok(ScoredGame { positions, winner })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::game::Game;
    use kurier_rules::games::courier::Courier;

    #[test]
    fn comment_scores_are_read_in_centipawns() {
        assert_eq!(comment_score("+0.25/12 0.10s"), Some(25));
        assert_eq!(comment_score("-1.50/7 0.02s"), Some(-150));
        assert_eq!(comment_score("0.00/1 0.00s"), Some(0));
        assert_eq!(comment_score("-0.07"), Some(-7));
        for none in [
            "+M3/20 0.01s",
            "-M1/126 0.00s",
            "book",
            "",
            "0.12s",
            "+inf/3",
            "nan",
        ] {
            assert_eq!(comment_score(none), None, "{none}");
        }
    }

    #[test]
    fn a_game_gives_the_positions_before_its_scored_moves() {
        let text = "[Variant \"courier\"]\n\n1. b3 {book} 1... b6 {+0.10/5 0.01s} \
                    2. c3 {-0.20/6 0.02s} 2... c6 {+M2/3 0.00s} 1/2-1/2\n";
        let games = pgn::parse(text).unwrap();
        let g = scored_game::<Courier>(&games[0]).unwrap();
        assert_eq!(g.winner, None);
        assert_eq!(g.positions.len(), 2);
        let start = Courier::start();
        let after_b3 = start.play(start.read_move("b3").unwrap());
        assert_eq!(g.positions[0].position, after_b3);
        assert_eq!(g.positions[0].score_cp, 10);
        assert_eq!(g.positions[1].score_cp, -20);
        assert_eq!(g.positions[1].position.side_to_move(), Color::White);
    }

    #[test]
    fn games_that_do_not_replay_or_have_no_result_are_refused() {
        let bad = pgn::parse("[Variant \"courier\"]\n\n1. b3 {+0.1/1 0s} 1... Kb5 1-0\n").unwrap();
        let e = scored_game::<Courier>(&bad[0]).unwrap_err();
        assert!(e.contains("1... Kb5"), "{e}");
        let open = pgn::parse("[Variant \"courier\"]\n\n1. b3 {+0.1/1 0s} *\n").unwrap();
        assert!(scored_game::<Courier>(&open[0]).is_err());
    }
}
