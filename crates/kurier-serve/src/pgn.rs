//! A game on the server as PGN (`GET /api/games/{id}/pgn`), and a PGN game read back into a new
//! game (`POST /api/games` with `pgn`). The PGN text itself is the rules crate's
//! ([`kurier_rules::pgn`]); the moves are written in the game's notation (SAN, the checkers
//! notation) with Kurier's `{score/depth}` comments, and read by the game's own move reader.

use crate::error::ApiError;
use crate::requests::{parse_variant, Player};
use crate::view::{PlayedView, ResultView, WebGame};
use kurier_rules::games::Variant;
use kurier_rules::pgn::{self, PgnGame, PgnMove};

/// The most moves a PGN game may have to be loaded.
pub const MAX_PLIES: usize = 2_000;

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Human => "Human",
        Player::Engine => "Kurier",
    }
}

/// Kurier's comment on its move: `+0.35/9`, `+M3/12` (score from the mover's view).
fn comment(score_cp: i32, depth: u32) -> String {
    let magnitude = score_cp.unsigned_abs();
    let sign = if score_cp < 0 { '-' } else { '+' };
    if magnitude > 29_000 {
        let plies = 30_000 - magnitude;
        format!("{sign}M{}/{depth}", plies.div_ceil(2).max(1))
    } else {
        format!("{sign}{}.{:02}/{depth}", magnitude / 100, magnitude % 100)
    }
}

/// The game as PGN: `Variant`, `SetUp`/`FEN` when `setup_fen` (not the start) is given, the
/// players, `Result`, `Termination`, the moves with Kurier's comments, and the result's words.
pub fn write(
    variant: Variant,
    setup_fen: Option<String>,
    played: &[PlayedView],
    players: [Player; 2],
    result: Option<&ResultView>,
    on_time: bool,
) -> String {
    let score = result.map_or("*", |r| r.score);
    let mut tags = vec![
        ("Event".to_string(), "Kurier serve".to_string()),
        ("Site".to_string(), "kurier serve".to_string()),
        ("Date".to_string(), "????.??.??".to_string()),
        ("Round".to_string(), "-".to_string()),
        ("White".to_string(), player_name(players[0]).to_string()),
        ("Black".to_string(), player_name(players[1]).to_string()),
        ("Result".to_string(), score.to_string()),
        ("Variant".to_string(), variant.name().to_string()),
    ];
    if let Some(fen) = setup_fen {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), fen));
    }
    let termination = match result {
        None => "unterminated",
        Some(_) if on_time => "time forfeit",
        Some(_) => "normal",
    };
    tags.push(("Termination".to_string(), termination.to_string()));
    let game = PgnGame {
        tags,
        moves: played
            .iter()
            .map(|p| PgnMove {
                text: p.notation.clone(),
                comments: p
                    .score_cp
                    .zip(p.depth)
                    .map(|(s, d)| comment(s, d))
                    .into_iter()
                    .collect(),
            })
            .collect(),
        result: score.to_string(),
        result_comment: result.map(|r| r.text.clone()),
        line: 1,
    };
    game.write()
}

/// Reads the first game of `text` as a game of `variant`: its start (the `FEN` tag, else the
/// game's start) and its moves, each read by the game's move reader (SAN or the protocol
/// notation; the checkers notation for Dual checkers). A `Variant` tag must name `variant`.
pub fn read<G: WebGame>(text: &str, variant: Variant) -> Result<(G, Vec<G::Move>), ApiError> {
    let games = pgn::parse(text).map_err(|e| ApiError::bad(format!("bad PGN: {e}")))?;
    let game = games
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::bad("the PGN has no game"))?;
    if let Some(tag) = game.tag("Variant") {
        let named = parse_variant(tag)
            .map_err(|_| ApiError::bad(format!("the PGN is of another game ({tag})")))?;
        if named != variant {
            return Err(ApiError::bad(format!(
                "the PGN is a game of {}, not {}",
                named.name(),
                variant.name()
            )));
        }
    }
    let start = match game.tag("FEN") {
        Some(fen) => {
            G::from_fen(fen).map_err(|e| ApiError::bad(format!("bad FEN tag in the PGN: {e}")))?
        }
        None => G::start(),
    };
    if game.moves.len() > MAX_PLIES {
        return Err(ApiError::bad(format!(
            "the PGN game has {} moves, at most {MAX_PLIES} are loaded",
            game.moves.len()
        )));
    }
    let mut record = kurier_rules::record::GameRecord::new(start.clone());
    let mut moves = Vec::with_capacity(game.moves.len());
    for (i, m) in game.moves.iter().enumerate() {
        if record.outcome().is_some() {
            return Err(ApiError::bad(format!(
                "the PGN goes on after the game ended (move {}: {})",
                i + 1,
                m.text
            )));
        }
        let mv = record.current().read_move(&m.text).map_err(|e| {
            let shown: String = m.text.chars().take(40).collect();
            ApiError::bad(format!("the PGN's move {} '{shown}': {e}", i + 1))
        })?;
        record.play(mv);
        moves.push(mv);
    }
    Ok((start, moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::game::Game;
    use kurier_rules::games::dual::DualCheckers;

    #[test]
    fn comments_and_reading() {
        assert_eq!(comment(35, 9), "+0.35/9");
        assert_eq!(comment(-120, 4), "-1.20/4");
        assert_eq!(comment(29_997, 12), "+M2/12");
        let (start, moves) = read::<DualCheckers>(
            "[Variant \"dualcheckers\"]\n\n1. f3-e4 d6-e5 *\n",
            Variant::DualCheckers,
        )
        .unwrap();
        assert_eq!(start.fen(), DualCheckers::start().fen());
        assert_eq!(moves.len(), 2);
        assert!(read::<DualCheckers>("1. f3-e5 *", Variant::DualCheckers).is_err());
        assert!(read::<DualCheckers>("[Variant \"courier\"]\n\n*", Variant::DualCheckers).is_err());
    }
}
