//! The glue between a game on the server and Kurier's search: each game has one
//! [`kurier_engine::protocol::thinker::Thinker`] (the search thread the protocol sessions use);
//! its reports become `info` events in the game's notation ([`info_view`]), and its answer
//! travels back as a [`Delivery`] over a channel, so the search thread never waits for the
//! game's lock. Short searches for hints and draw offers run apart ([`quick_search`]).

use kurier_engine::protocol::session::{Answer, AnyRecord};
use kurier_engine::search::{Info, Limits, Score, Searcher, MATE, MATE_BOUND};
use kurier_rules::notation::Notation;
use serde::Serialize;
use std::time::Duration;

/// The hash table of each game's search thread, in MB (a page of the table costs memory only
/// once a search writes it).
pub const GAME_HASH_MB: u64 = 16;
/// The hash table of a hint's or a draw offer's search, in MB.
pub const QUICK_HASH_MB: u64 = 4;
/// How long Kurier looks at a draw offer.
pub const DRAW_SEARCH: Duration = Duration::from_millis(300);
/// Time kept back on Kurier's clock per move.
pub const CLOCK_OVERHEAD: Duration = Duration::from_millis(30);

/// A finished search of a game's thread, on its way back to the game.
#[derive(Clone, Debug)]
pub struct Delivery {
    /// The game.
    pub id: String,
    /// The game's generation when the search started: a search of an older generation (the
    /// game changed meanwhile) is dropped.
    pub generation: u64,
    /// The answer in protocol notation.
    pub answer: Answer,
    /// The deepest completed iteration.
    pub depth: u32,
}

/// An `info` event: one line of Kurier's thinking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InfoView {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line, from 1.
    pub multipv: u32,
    /// Centipawns from the side to move's view (a mate as ±(30000 − plies)).
    pub score_cp: i32,
    /// Mate in this many moves (negative: mated), if the score is a mate.
    pub mate: Option<i32>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time_ms: u64,
    /// The principal variation in the game's notation.
    pub pv: Vec<String>,
    /// The principal variation in protocol notation.
    pub pv_wire: Vec<String>,
}

/// A search's internal score as the API gives it: centipawns, a mate `n` plies away as
/// ±(30000 − n).
pub fn score_cp(internal: i32) -> i32 {
    if internal >= MATE_BOUND {
        30_000 - (MATE - internal)
    } else if internal <= -MATE_BOUND {
        -(30_000 - (MATE + internal))
    } else {
        internal
    }
}

/// A reported score as centipawns (a mate as ±(30000 − plies)) and the mate, if any.
pub fn wire_score(score: Score) -> (i32, Option<i32>) {
    match score {
        Score::Cp(cp) => (cp, None),
        Score::Mate(n) if n > 0 => (30_000 - (2 * n - 1), Some(n)),
        Score::Mate(n) => (-(30_000 - 2 * n.saturating_neg()), Some(n)),
    }
}

/// The report `info` of a search of `pos`, its line written in the game's notation too (as far
/// as it reads as legal moves).
pub fn info_view<G: Notation>(pos: &G, info: &Info) -> InfoView {
    let mut shown = Vec::with_capacity(info.pv.len());
    let mut at = pos.clone();
    for text in &info.pv {
        match at.parse_move(text) {
            Ok(mv) => {
                shown.push(crate::view::notation(&at, mv));
                at = at.play(mv);
            }
            Err(_) => break,
        }
    }
    let (score_cp, mate) = wire_score(info.score);
    InfoView {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv.max(1),
        score_cp,
        mate,
        nodes: info.nodes,
        nps: info.nps,
        time_ms: info.time.as_millis().min(u64::MAX as u128) as u64,
        pv: shown,
        pv_wire: info.pv.clone(),
    }
}

/// What a short search found.
#[derive(Clone, Debug)]
pub struct QuickAnswer {
    /// The answer in protocol notation.
    pub answer: Answer,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The principal variation in protocol notation.
    pub pv: Vec<String>,
}

/// Searches `record` for `movetime` with a table of its own (a hint, a draw offer): blocks.
pub fn quick_search(record: &AnyRecord, movetime: Duration) -> QuickAnswer {
    let searcher = Searcher::new(QUICK_HASH_MB, 1);
    let limits = Limits {
        movetime: Some(movetime),
        ..Limits::default()
    };
    let mut depth = 0;
    let mut pv = Vec::new();
    searcher.control().reset(false);
    let answer = record.search(&searcher, &limits, &mut |info: &Info| {
        depth = info.depth;
        pv = info.pv.clone();
    });
    QuickAnswer { answer, depth, pv }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_are_30000_less_the_plies() {
        assert_eq!(score_cp(35), 35);
        assert_eq!(score_cp(MATE - 3), 29_997);
        assert_eq!(score_cp(-(MATE - 4)), -29_996);
        assert_eq!(wire_score(Score::Mate(2)), (29_997, Some(2)));
        assert_eq!(wire_score(Score::Mate(-2)), (-29_996, Some(-2)));
        assert_eq!(wire_score(Score::Cp(-12)), (-12, None));
    }
}
