//! The pooled SPRT of a sharded match: the shards of one match (`--shard K/N`, on as many
//! machines) stop together once the SPRT of all their games decides, as the unsharded run
//! would stop.
//!
//! The shards talk through their state files ([`super::state`]), in one directory of the file
//! system they share (a cluster's home or scratch file system): each shard writes its own file
//! atomically (a temporary file, then a rename) after every finished game, and between two
//! games reads the others' — every `*.json` file of the directory that is the state of the same
//! schedule, with the same SPRT, of another shard of the same count (other files are passed
//! over). They are read with the one checked reader of state files ([`super::state_check`]): a
//! damaged state file (a game listed twice, a file cut short, ...) is not pooled, and the shard
//! says why once, in the words `--resume` and `--merge-state` refuse it with. The pooled counts
//! — the pentanomial counts of the game pairs when every game is paired, else the wins, draws
//! and losses — decide, with the SPRT of the command line. A
//! game pair is never split between shards ([`super::shard`]), so the pooled pairs are those of
//! the merged shards ([`super::merge`]).
//!
//! Once the pooled SPRT decides, the shard starts no new game (the games in progress end and
//! count), marks its state complete and says so; a shard started or requeued after the decision
//! plays nothing. The pooled verdict is the one the shards saw when they stopped; the merged
//! tables afterwards count every game finished, those then in progress included.

use super::schedule::Job;
use super::settings::{MatchOptions, Shard, SprtParams};
use super::state::{ScheduleId, SprtId, State, StateError};
use super::state_check;
use super::stats::{sprt_bounds, sprt_verdict, SprtVerdict};
use super::tally::{sprt_llr, Summary, Tally};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The state files of the other shards of a match, where this shard keeps its own.
#[derive(Debug)]
pub struct Pool {
    /// The shared directory.
    dir: PathBuf,
    /// This shard.
    shard: Shard,
    /// The SPRT.
    sprt: SprtParams,
    /// The damaged state files already reported, with why (each is said once).
    reported: Mutex<BTreeSet<String>>,
}

/// What the pooled SPRT decided.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolDecision {
    /// This shard.
    pub shard: Shard,
    /// H0 or H1.
    pub verdict: SprtVerdict,
    /// The pooled log-likelihood ratio.
    pub llr: f64,
    /// Its bounds.
    pub bounds: (f64, f64),
    /// Finished games pooled.
    pub games: usize,
    /// The shards whose games were pooled (this one included), from 1.
    pub shards: BTreeSet<usize>,
    /// The shared directory.
    pub dir: PathBuf,
}

impl std::fmt::Display for PoolDecision {
    /// `the pooled SPRT of shards 1, 2, 4 of 4 (412 games in DIR): LLR 2.97 [-2.94, 2.94], H1
    /// accepted`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shards: Vec<String> = self.shards.iter().map(usize::to_string).collect();
        write!(
            f,
            "the pooled SPRT of shards {} of {} ({} games, state files in {}): LLR {:.2} \
             [{:.2}, {:.2}], {}",
            shards.join(", "),
            self.shard.count,
            self.games,
            self.dir.display(),
            self.llr,
            self.bounds.0,
            self.bounds.1,
            match self.verdict {
                SprtVerdict::H1 => "H1 accepted",
                SprtVerdict::H0 => "H0 accepted",
                SprtVerdict::Continue => "no decision yet",
            }
        )
    }
}

impl Pool {
    /// The pool of a run: a shard with an SPRT and a state file; `None` otherwise.
    pub fn of(options: &MatchOptions) -> Option<Pool> {
        let (shard, sprt, state) = (options.shard?, options.sprt?, options.state.as_ref()?);
        Some(Pool {
            dir: dir_of(state),
            shard,
            sprt,
            reported: Mutex::default(),
        })
    }

    /// The finished games of the other shards' state files, by their number in the schedule,
    /// and the shards they are of.
    fn others(&self, schedule: &ScheduleId) -> (BTreeMap<usize, State>, BTreeSet<usize>) {
        let mut states = BTreeMap::new();
        let mut shards = BTreeSet::new();
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return (states, shards);
        };
        let sprt = Some(SprtId::from(self.sprt));
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let state = match state_check::read(&path) {
                Ok(state) => state,
                // A state file that contradicts itself or is cut short.
                Err(e @ (StateError::Invalid { .. } | StateError::Game { .. })) => {
                    self.report(&e);
                    continue;
                }
                // Not a state file of this version: another file of the directory.
                Err(_) => continue,
            };
            let Some(shard) = state.shard else { continue };
            if shard.index == self.shard.index
                || shard.count != self.shard.count
                || state.sprt != sprt
                || state.schedule != *schedule
            {
                continue;
            }
            shards.insert(shard.index);
            // Two files of one shard (a copy): the one with more games.
            let more = states
                .get(&shard.index)
                .is_none_or(|s: &State| s.finished.len() < state.finished.len());
            if more {
                states.insert(shard.index, state);
            }
        }
        (states, shards)
    }

    /// Says once on stderr why a damaged state file is not pooled.
    fn report(&self, e: &StateError) {
        let text = e.to_string();
        let mut reported = self.reported.lock().unwrap_or_else(|e| e.into_inner());
        if reported.insert(text.clone()) {
            eprintln!("kurier match: warning: not pooled: {text}");
        }
    }

    /// The decision of the pooled SPRT — this shard's finished games (`own`) and those of the
    /// other shards' state files — if it decided; `jobs` is the whole schedule.
    pub(crate) fn decide(
        &self,
        summary: &Summary,
        own: &State,
        jobs: &[Job],
    ) -> Option<PoolDecision> {
        let (others, mut shards) = self.others(&own.schedule);
        shards.insert(self.shard.index);
        let mut tally = Tally::new(summary.names.len());
        let mut seen = BTreeSet::new();
        let games = own
            .finished
            .iter()
            .chain(others.values().flat_map(|s| s.finished.iter()));
        for game in games {
            let (Some(job), Some(end)) = (jobs.get(game.game.wrapping_sub(1)), game.end()) else {
                continue;
            };
            if seen.insert(game.game) {
                tally.add(job, &end);
            }
        }
        let llr = sprt_llr(summary, &tally, &self.sprt);
        let verdict = sprt_verdict(llr, &self.sprt);
        (verdict != SprtVerdict::Continue).then(|| PoolDecision {
            shard: self.shard,
            verdict,
            llr,
            bounds: sprt_bounds(&self.sprt),
            games: tally.played,
            shards,
            dir: self.dir.clone(),
        })
    }
}

/// The directory of a state file.
fn dir_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::{GameEnd, GameResult, Termination};
    use crate::schedule::{schedule, Plan};
    use crate::settings::TournamentKind;
    use crate::state::{EngineId, ShardId, FORMAT};
    use kurier_rules::game::Color;

    fn schedule_id(seed: u64) -> ScheduleId {
        ScheduleId {
            variant: "courier".into(),
            engines: vec![EngineId::test("a"), EngineId::test("b")],
            tournament: "round-robin".into(),
            games: 2,
            rounds: 60,
            repeat: 2,
            swap: true,
            seed,
            openings: None,
            adjudication: String::new(),
            max_moves: None,
            total: 120,
        }
    }

    /// The state of shard `index` of 2 with its games played: engine `a` wins one game and
    /// draws the other of every other game pair of the shard (3/4); the others are split 1-1.
    fn shard_state(index: usize, seed: u64, sprt: SprtParams, jobs: &[Job]) -> State {
        let mut state = State {
            format: FORMAT.into(),
            schedule: schedule_id(seed),
            openings_file: None,
            shard: Some(ShardId { index, count: 2 }),
            sprt: Some(sprt.into()),
            complete: false,
            finished: vec![],
        };
        for job in crate::shard::select(jobs, Some(Shard { index, count: 2 })) {
            let a = if job.white == 0 {
                Color::White
            } else {
                Color::Black
            };
            let (pair, second) = ((job.number - 1) / 2, (job.number - 1) % 2 == 1);
            let end = GameEnd {
                result: match (second, (pair / 2) % 2 == 1) {
                    (false, _) => GameResult::Win(a),
                    (true, true) => GameResult::Draw,
                    (true, false) => GameResult::Win(!a),
                },
                termination: Termination::Normal,
                reason: String::new(),
            };
            state.record(job.number, &end);
        }
        state
    }

    #[test]
    fn the_other_shards_files_of_the_same_match_are_pooled() {
        let sprt = SprtParams {
            elo0: 0.0,
            elo1: 40.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let plan = Plan {
            kind: TournamentKind::RoundRobin,
            engines: 2,
            games: 2,
            rounds: 60,
            repeat: 2,
            swap: true,
        };
        let jobs = schedule(&plan, 1);
        let summary = Summary {
            names: vec!["a".into(), "b".into()],
            gauntlet: false,
            paired: true,
            sprt: Some(sprt),
        };
        let dir = std::env::temp_dir().join(format!("kurier-pool-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let pool = Pool {
            dir: dir.clone(),
            shard: Shard { index: 1, count: 2 },
            sprt,
            reported: Mutex::default(),
        };
        let mut own = shard_state(1, 1, sprt, &jobs);
        own.finished.truncate(40);
        // Alone, 20 pairs of shard 1 do not decide (LLR 2.17 of 2.94).
        assert_eq!(pool.decide(&summary, &own, &jobs), None);
        // Shard 2's file of another match (another seed), of another SPRT, or not a state
        // file at all: passed over.
        shard_state(2, 9, sprt, &jobs)
            .write(&dir.join("other-match.state.json"))
            .unwrap();
        let other_sprt = SprtParams { elo1: 30.0, ..sprt };
        shard_state(2, 1, other_sprt, &jobs)
            .write(&dir.join("other-sprt.state.json"))
            .unwrap();
        std::fs::write(dir.join("notes.json"), "{}").unwrap();
        assert_eq!(pool.decide(&summary, &own, &jobs), None);
        // Shard 2 of this match: its 30 pairs and shard 1's 20 decide (LLR 5.42).
        shard_state(2, 1, sprt, &jobs)
            .write(&dir.join("shard-2.state.json"))
            .unwrap();
        let d = pool.decide(&summary, &own, &jobs).expect("decided");
        assert_eq!(d.verdict, SprtVerdict::H1);
        assert_eq!(d.games, 100);
        assert_eq!(d.shards, BTreeSet::from([1, 2]));
        assert!(d
            .to_string()
            .starts_with("the pooled SPRT of shards 1, 2 of 2 (100 games"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
