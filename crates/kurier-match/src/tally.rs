//! The results of a match so far, and what its tables show besides them: [`Summary`] (the
//! engines, the kind of tournament, pairing, the SPRT) and [`Tally`] (every count the tables
//! and the SPRT read), with [`sprt_llr`]. Shared by the tournament that fills them, the shards'
//! pooled SPRT ([`super::pool`]) and the merge of shards ([`super::merge`]).

use super::arbiter::{GameEnd, GameResult};
use super::cutechess_lines;
use super::schedule::{Job, Plan};
use super::settings::{MatchOptions, SprtParams, TournamentKind};
use super::stats::{Penta, Wdl};
use kurier_rules::game::Color;
use std::collections::BTreeMap;

/// The games of one opening between two engines in one round (a round, the pair, the group
/// of [`Job::group`]).
pub(crate) type GamePair = (u32, (usize, usize), usize);

/// What the tables of a match show besides the results: the engines' names, the kind of
/// tournament, whether the games are paired (then the pentanomial statistics decide) and the
/// SPRT. A match's own, or that of the merged shards of one ([`super::merge`]).
pub(crate) struct Summary {
    /// The engines' names, in the order of the command line.
    pub names: Vec<String>,
    /// A gauntlet (cutechess-cli's lines differ).
    pub gauntlet: bool,
    /// Every game has a colour-reversed twin on the same opening ([`Plan::paired`]).
    pub paired: bool,
    /// The SPRT, for two engines.
    pub sprt: Option<SprtParams>,
}

impl Summary {
    /// The summary of a match.
    pub fn of(options: &MatchOptions) -> Summary {
        Summary {
            names: options.engines.iter().map(|e| e.name.clone()).collect(),
            gauntlet: options.tournament == TournamentKind::Gauntlet,
            paired: Plan::of(options).paired(),
            sprt: options.sprt,
        }
    }
}

/// Results collected so far.
#[derive(Default)]
pub(crate) struct Tally {
    /// Per pair, from the first engine's side.
    pub(crate) pairs: BTreeMap<(usize, usize), Wdl>,
    /// Per pair of engines, the game pairs both of whose games are finished, from the first
    /// engine's side.
    pub(crate) penta: BTreeMap<(usize, usize), Penta>,
    /// Game pairs with one game finished: its half points for the first engine.
    pub(crate) half_done: BTreeMap<GamePair, u8>,
    /// Per engine.
    pub(crate) engines: Vec<Wdl>,
    /// Per engine, with White and with Black.
    pub(crate) colours: Vec<[Wdl; 2]>,
    /// Games per termination.
    pub(crate) terminations: BTreeMap<&'static str, u32>,
    /// Per engine, its games by cutechess-cli's outcome ([`cutechess_lines::outcome`]).
    pub(crate) outcomes: Vec<BTreeMap<String, u32>>,
    /// Finished games counted.
    pub played: usize,
}

impl Tally {
    /// No games yet, of `engines` engines.
    pub fn new(engines: usize) -> Tally {
        Tally {
            engines: vec![Wdl::default(); engines],
            colours: vec![[Wdl::default(); 2]; engines],
            outcomes: vec![BTreeMap::new(); engines],
            ..Tally::default()
        }
    }

    /// Counts a finished game; an unfinished one (`*`) is no result and is not counted.
    pub fn add(&mut self, job: &Job, end: &GameEnd) {
        let winner = match end.result {
            GameResult::Unfinished => return,
            GameResult::Draw => None,
            GameResult::Win(c) => Some(c),
        };
        let pair = self.pairs.entry(job.pair).or_default();
        let first_color = if job.white == job.pair.0 {
            Color::White
        } else {
            Color::Black
        };
        let half_points = match winner {
            None => 1,
            Some(c) if c == first_color => 2,
            Some(_) => 0,
        };
        let game_pair = (job.round, job.pair, job.group);
        match self.half_done.remove(&game_pair) {
            Some(first) => self
                .penta
                .entry(job.pair)
                .or_default()
                .add(first + half_points),
            None => {
                self.half_done.insert(game_pair, half_points);
            }
        }
        let (w, b) = (job.white, job.black);
        let (white, black) = (Color::White.index(), Color::Black.index());
        match winner {
            None => {
                self.colours[w][white].draws += 1;
                self.colours[b][black].draws += 1;
            }
            Some(Color::White) => {
                self.colours[w][white].wins += 1;
                self.colours[b][black].losses += 1;
            }
            Some(Color::Black) => {
                self.colours[w][white].losses += 1;
                self.colours[b][black].wins += 1;
            }
        }
        match winner {
            None => {
                pair.draws += 1;
                self.engines[job.white].draws += 1;
                self.engines[job.black].draws += 1;
            }
            Some(winner) => {
                if winner == first_color {
                    pair.wins += 1;
                } else {
                    pair.losses += 1;
                }
                let (won, lost) = match winner {
                    Color::White => (job.white, job.black),
                    Color::Black => (job.black, job.white),
                };
                self.engines[won].wins += 1;
                self.engines[lost].losses += 1;
            }
        }
        *self
            .terminations
            .entry(end.termination.pgn_name())
            .or_default() += 1;
        for (engine, side) in [(w, Color::White), (b, Color::Black)] {
            if let Some(text) = cutechess_lines::outcome(end, side) {
                *self.outcomes[engine].entry(text).or_default() += 1;
            }
        }
        self.played += 1;
    }
}

/// The SPRT's log-likelihood ratio for the first two engines so far: over game pairs when
/// every game is paired, else over single games.
pub(crate) fn sprt_llr(summary: &Summary, tally: &Tally, p: &SprtParams) -> f64 {
    if summary.paired {
        let penta = tally.penta.get(&(0, 1)).copied().unwrap_or_default();
        penta.llr(p.elo0, p.elo1)
    } else {
        let wdl = tally.pairs.get(&(0, 1)).copied().unwrap_or_default();
        wdl.llr(p.elo0, p.elo1)
    }
}
