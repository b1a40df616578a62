//! One self-play game: random plies from a start position, then both sides played by Kurier's
//! search with a fixed node or depth limit, and the positions kept for training.

use crate::rng::SplitMix64;
use crate::sample::{Sample, WhiteResult};
use kurier_engine::search::{Limits, Searchable, Searcher, MATE_BOUND};
use kurier_rules::game::{Color, Game, MoveList, Outcome};
use kurier_rules::record::GameRecord;
use std::fmt;

/// A score (centipawns, White's point of view) at least this large, of one sign, for
/// [`ADJUDICATE_PLIES`] plies in a row wins the game for that side.
pub const ADJUDICATE_CP: i32 = 2000;
/// How many plies in a row the score must stay beyond [`ADJUDICATE_CP`].
pub const ADJUDICATE_PLIES: u32 = 4;
/// A game still going at this many plies (from its start position or opening line) is drawn.
pub const MAX_PLIES: usize = 400;
/// How often the random plies are drawn again when they end the game (they almost never do).
const RANDOM_TRIES: u32 = 100;

/// How a game was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The search's limit for every move (nodes or depth).
    pub limits: Limits,
    /// Random legal plies before the search plays.
    pub random_plies: u32,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// By the rules: mate, stalemate, bare king, repetition, a move-count rule...
    Rules(Outcome),
    /// By score adjudication, for this side.
    Adjudicated(Color),
    /// Drawn at [`MAX_PLIES`].
    MaxPlies,
}

impl End {
    /// The result from White's point of view.
    pub fn result(self) -> WhiteResult {
        match self {
            End::Rules(Outcome::Win { winner, .. }) | End::Adjudicated(winner) => match winner {
                Color::White => WhiteResult::Win,
                Color::Black => WhiteResult::Loss,
            },
            End::Rules(Outcome::Draw(_)) | End::MaxPlies => WhiteResult::Draw,
        }
    }
}

impl fmt::Display for End {
    /// `1-0 (checkmate)`, `0-1 (score adjudication)`, `1/2-1/2 (400 plies)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Rules(o) => write!(f, "{} ({})", o.result_str(), o.reason()),
            End::Adjudicated(Color::White) => write!(f, "1-0 (score adjudication)"),
            End::Adjudicated(Color::Black) => write!(f, "0-1 (score adjudication)"),
            End::MaxPlies => write!(f, "1/2-1/2 ({MAX_PLIES} plies)"),
        }
    }
}

/// A finished game: its kept positions (each with the game's result) and how it went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The positions kept, in the order played, with the game's result.
    pub samples: Vec<Sample>,
    /// How the game ended.
    pub end: End,
    /// Plies played from the start position, the random ones included.
    pub plies: usize,
}

/// Plays one game from `start` with `searcher` (whose table is cleared first, so that the game
/// depends on nothing played before it) and `rng` for the random plies.
///
/// Kept are the positions the search was asked about, except: the first one after the random
/// plies (still the random plies' position), positions in check, positions whose best move is
/// tactical (a capture or promotion: the score is about the exchange, not the position), and
/// positions with a mate score.
pub fn play_game<G: Searchable>(
    searcher: &mut Searcher,
    start: &G,
    settings: &Settings,
    rng: &mut SplitMix64,
) -> Played {
    searcher.clear();
    let mut record = random_start(start, settings.random_plies, rng);
    let first_searched = record.moves().len();
    let mut kept: Vec<(String, i32)> = Vec::new();
    // The sign of the adjudication streak (White's view) and its length.
    let mut streak = (0i32, 0u32);
    let end = loop {
        if let Some(outcome) = record.outcome() {
            break End::Rules(outcome);
        }
        if record.moves().len() >= MAX_PLIES {
            break End::MaxPlies;
        }
        let pos = record.current().clone();
        let found = searcher.search(&record, &settings.limits, &mut |_| {});
        let Some(best) = found.best else {
            // No legal move while the rules say play on: cannot happen; a draw if it did.
            break End::MaxPlies;
        };
        let white = match pos.side_to_move() {
            Color::White => found.score,
            Color::Black => -found.score,
        };
        if record.moves().len() > first_searched
            && found.score.abs() < MATE_BOUND
            && !pos.in_check()
            && !pos.is_tactical(best)
        {
            kept.push((pos.fen(), white));
        }
        let sign = if white >= ADJUDICATE_CP {
            1
        } else if white <= -ADJUDICATE_CP {
            -1
        } else {
            0
        };
        streak = match sign {
            0 => (0, 0),
            s if s == streak.0 => (s, streak.1 + 1),
            s => (s, 1),
        };
        record.play(best);
        if streak.1 >= ADJUDICATE_PLIES {
            break End::Adjudicated(if streak.0 > 0 {
                Color::White
            } else {
                Color::Black
            });
        }
    };
    let result = end.result();
    Played {
        samples: kept
            .into_iter()
            .map(|(fen, score)| Sample { fen, score, result })
            .collect(),
        end,
        plies: record.moves().len(),
    }
}

/// `plies` random legal plies from `start`; drawn again (up to [`RANDOM_TRIES`] times) when
/// they end the game, so that the search gets a game to play.
fn random_start<G: Game>(start: &G, plies: u32, rng: &mut SplitMix64) -> GameRecord<G> {
    let mut moves = MoveList::new();
    let mut record = GameRecord::new(start.clone());
    for _ in 0..RANDOM_TRIES {
        record = GameRecord::new(start.clone());
        for _ in 0..plies {
            if record.outcome().is_some() {
                break;
            }
            moves.clear();
            record.current().generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            record.play(moves[rng.below(moves.len())]);
        }
        if record.outcome().is_none() {
            break;
        }
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::games::courier::Courier;
    use kurier_rules::games::schachdame::Schachdame;

    #[test]
    fn a_game_is_reproducible_and_keeps_only_quiet_positions() {
        let mut searcher = Searcher::new(1, 1);
        // A node limit: the table left by the first game would change the second.
        let settings = Settings {
            limits: Limits {
                nodes: Some(2000),
                ..Limits::default()
            },
            random_plies: 6,
        };
        let a = play_game(
            &mut searcher,
            &Schachdame::start(),
            &settings,
            &mut SplitMix64::for_game(1, 0),
        );
        // The same searcher, its table full of the first game: the same game.
        let b = play_game(
            &mut searcher,
            &Schachdame::start(),
            &settings,
            &mut SplitMix64::for_game(1, 0),
        );
        assert_eq!(a, b);
        assert!(a.plies > 7 && a.plies <= MAX_PLIES, "{a:?}");
        assert!(!a.samples.is_empty());
        for s in &a.samples {
            let pos = Schachdame::from_fen(&s.fen).unwrap();
            assert!(!pos.in_check(), "{}", s.fen);
            assert!(s.score.abs() < MATE_BOUND);
            assert_eq!(s.result, a.end.result());
        }
        // The first position searched, the random plies' end, is not kept.
        let first = random_start(&Schachdame::start(), 6, &mut SplitMix64::for_game(1, 0));
        assert_eq!(first.moves().len(), 6);
        assert!(a.samples.iter().all(|s| s.fen != first.current().fen()));
        // Another game's random plies, another game.
        let c = play_game(
            &mut searcher,
            &Schachdame::start(),
            &settings,
            &mut SplitMix64::for_game(1, 1),
        );
        assert_ne!(a.samples, c.samples);
    }

    #[test]
    fn random_plies_start_the_game() {
        let mut rng = SplitMix64::new(5);
        let r = random_start(&Courier::start(), 8, &mut rng);
        assert_eq!(r.moves().len(), 8);
        assert!(r.outcome().is_none());
        let r = random_start(&Courier::start(), 0, &mut rng);
        assert_eq!(r.current().fen(), Courier::start().fen());
    }

    #[test]
    fn ends_read_as_results() {
        assert_eq!(End::Adjudicated(Color::Black).result(), WhiteResult::Loss);
        assert_eq!(End::MaxPlies.result(), WhiteResult::Draw);
        assert_eq!(End::MaxPlies.to_string(), "1/2-1/2 (400 plies)");
        let mate = End::Rules(Outcome::Win {
            winner: Color::White,
            reason: kurier_rules::game::Reason::Checkmate,
        });
        assert_eq!(
            (mate.result(), mate.to_string().as_str()),
            (WhiteResult::Win, "1-0 (checkmate)")
        );
    }
}
