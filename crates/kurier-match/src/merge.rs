//! `kurier match --merge PGN...` and `--merge-state STATE...`: the combined tables of the
//! shards of one match ([`super::shard`]) — or of any runs of one schedule — exactly as the
//! unsharded run prints them: the table of each pair of engines, the rank table, the
//! pentanomial counts, the terminations, the SPRT and cutechess-cli's lines.
//!
//! Every game is placed by its number in the schedule: a PGN game by its `Schedule` tag
//! ([`super::schedule::schedule_tag`], written by `kurier match` into every game but those of
//! `--pgn-minimal`), a state file's game by its entry. So the game pairs are those of the
//! schedule, whatever order the games come in; games stopped before their end (`*`) count for
//! no one, as in the match; a game found twice in one PGN file (played again after a resume)
//! counts once, its last copy; a game found in two files, or files of different schedules, are
//! refused. A state file is read by the one checked reader of state files
//! ([`super::state_check`]), as `--resume` reads it: a file that one refuses, the other refuses
//! with the same words (a game listed twice in a state file is a damaged file).

use super::arbiter::{GameEnd, Termination};
use super::schedule::{read_schedule_tag, schedule, Job, Plan};
use super::settings::{SprtParams, TournamentKind};
use super::state::{self, State, StateError};
use super::state_check;
use super::tally::{Summary, Tally};
use super::tournament::{cutechess_results, print_tables, sprt_text};
use kurier_rules::pgn;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why files cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// A PGN file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A PGN file is not PGN.
    #[error("{}: {source}", path.display())]
    Pgn {
        /// The file.
        path: PathBuf,
        /// Why.
        source: pgn::PgnError,
    },
    /// A game that cannot be placed in the schedule, or whose tags do not read.
    #[error("{}, game {index} (line {line}): {why}", path.display())]
    Game {
        /// The file.
        path: PathBuf,
        /// Which game of the file, from 1.
        index: usize,
        /// Its first line.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// A state file that cannot be used.
    #[error(transparent)]
    State(#[from] StateError),
    /// Files of different matches.
    #[error("{} is not of the same match as {}: {why}", path.display(), first.display())]
    OtherMatch {
        /// The file.
        path: PathBuf,
        /// The first file.
        first: PathBuf,
        /// What differs.
        why: String,
    },
    /// One game in two files.
    #[error(
        "game {game} is in {} and in {}: not shards of one match (or a file given twice)",
        first.display(),
        second.display()
    )]
    Overlap {
        /// The game's number.
        game: usize,
        /// The file it was found in first.
        first: PathBuf,
        /// The other.
        second: PathBuf,
    },
    /// `--sprt` for other than two engines.
    #[error("--sprt needs a match of exactly two engines (the files have {0})")]
    SprtEngines(usize),
    /// Nothing to merge.
    #[error("no files to merge")]
    Nothing,
    /// A file given twice.
    #[error("{} is given twice", .0.display())]
    Twice(PathBuf),
    /// The tables could not be written.
    #[error("{0}")]
    Output(#[from] std::io::Error),
}

/// What the files say together.
struct Merged {
    plan: Plan,
    /// Its schedule.
    jobs: Vec<Job>,
    names: Vec<Option<String>>,
    /// The finished games by number, with the file each came from.
    games: BTreeMap<usize, (GameEnd, PathBuf)>,
    /// Games found twice in one file (the last copy counts).
    again: usize,
    /// The SPRT of the match (state files).
    sprt: Option<SprtParams>,
    /// The shards named by state files.
    shards: Vec<String>,
}

impl Merged {
    fn new(plan: Plan) -> Merged {
        Merged {
            plan,
            jobs: schedule(&plan, 1),
            names: vec![None; plan.engines],
            games: BTreeMap::new(),
            again: 0,
            sprt: None,
            shards: Vec::new(),
        }
    }

    /// Adds game `number` of `path`.
    fn add(&mut self, number: usize, end: GameEnd, path: &Path) -> Result<(), MergeError> {
        if let Some((_, first)) = self.games.get(&number) {
            if first != path {
                return Err(MergeError::Overlap {
                    game: number,
                    first: first.clone(),
                    second: path.to_path_buf(),
                });
            }
            self.again += 1;
        }
        self.games.insert(number, (end, path.to_path_buf()));
        Ok(())
    }
}

fn plan_text(p: &Plan) -> String {
    format!(
        "{}, {} engines, {} games per pair and round, {} rounds, repeat {}{}",
        p.kind,
        p.engines,
        p.games,
        p.rounds,
        p.repeat,
        if p.swap { "" } else { ", no swap" }
    )
}

/// Reads the games of the PGN files.
fn from_pgns(files: &[PathBuf]) -> Result<Merged, MergeError> {
    let mut merged: Option<(Merged, PathBuf)> = None;
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|source| MergeError::Read {
            path: path.clone(),
            source,
        })?;
        let games = pgn::parse(&text).map_err(|source| MergeError::Pgn {
            path: path.clone(),
            source,
        })?;
        for (i, game) in games.iter().enumerate() {
            let bad = |why: String| MergeError::Game {
                path: path.clone(),
                index: i + 1,
                line: game.line,
                why,
            };
            let Some(tag) = game.tag("Schedule") else {
                return Err(bad(
                    "no Schedule tag (a PGN of --pgn-minimal, or not written by kurier match): \
                     merge the state files with --merge-state"
                        .to_string(),
                ));
            };
            let (number, plan) = read_schedule_tag(tag)
                .ok_or_else(|| bad(format!("Schedule tag '{tag}' does not read")))?;
            let (m, first) = merged.get_or_insert_with(|| (Merged::new(plan), path.clone()));
            if plan != m.plan {
                return Err(MergeError::OtherMatch {
                    path: path.clone(),
                    first: first.clone(),
                    why: format!(
                        "its schedule is {}, the first file's {}",
                        plan_text(&plan),
                        plan_text(&m.plan)
                    ),
                });
            }
            let job = *m.jobs.get(number.wrapping_sub(1)).ok_or_else(|| {
                bad(format!(
                    "game {number} is not in a schedule of {} games",
                    m.jobs.len()
                ))
            })?;
            for (seat, tag) in [(job.white, "White"), (job.black, "Black")] {
                let name = game.tag(tag).ok_or_else(|| bad(format!("no {tag} tag")))?;
                match &m.names[seat] {
                    Some(known) if known != name => {
                        return Err(MergeError::OtherMatch {
                            path: path.clone(),
                            first: first.clone(),
                            why: format!(
                                "engine {} is '{name}' in game {number}, '{known}' before",
                                seat + 1
                            ),
                        })
                    }
                    Some(_) => {}
                    None => m.names[seat] = Some(name.to_string()),
                }
            }
            let result = game.tag("Result").unwrap_or(game.result.as_str());
            if result.trim() == "*" {
                continue;
            }
            let result = state::parse_result(result)
                .ok_or_else(|| bad(format!("result '{result}' is not 1-0, 0-1, 1/2-1/2 or *")))?;
            let termination = match game.tag("Termination") {
                Some(t) => Termination::from_pgn(t)
                    .ok_or_else(|| bad(format!("Termination '{t}' is not one kurier writes")))?,
                None => Termination::Normal,
            };
            let end = GameEnd {
                result,
                termination,
                reason: game.result_comment.clone().unwrap_or_default(),
            };
            m.add(number, end, path)?;
        }
    }
    merged.map(|(m, _)| m).ok_or(MergeError::Nothing)
}

/// The plan of a state file's schedule.
fn plan_of(s: &state::ScheduleId) -> Plan {
    Plan {
        kind: if s.tournament == "gauntlet" {
            TournamentKind::Gauntlet
        } else {
            TournamentKind::RoundRobin
        },
        engines: s.engines.len(),
        games: s.games,
        rounds: s.rounds,
        repeat: s.repeat.max(1),
        swap: s.swap,
    }
}

/// Reads the games of the state files.
fn from_states(files: &[PathBuf]) -> Result<Merged, MergeError> {
    let mut merged: Option<(Merged, PathBuf, State)> = None;
    for path in files {
        let s = state_check::read(path)?;
        let (m, first, reference) = match merged.as_mut() {
            Some(found) => found,
            None => {
                let mut m = Merged::new(plan_of(&s.schedule));
                m.names = s
                    .schedule
                    .engines
                    .iter()
                    .map(|e| Some(e.name.clone()))
                    .collect();
                m.sprt = s.sprt.map(Into::into);
                merged.insert((m, path.clone(), s.clone()))
            }
        };
        let why = state::differences(&s.schedule, &reference.schedule);
        if !why.is_empty() {
            return Err(MergeError::OtherMatch {
                path: path.clone(),
                first: first.clone(),
                why: format!("{why} (this file's value first)"),
            });
        }
        m.shards.push(match s.shard {
            Some(shard) => format!("shard {}/{}", shard.index, shard.count),
            None => "the whole match".to_string(),
        });
        // The checked reader has placed every game in the schedule, once, with a result.
        for g in &s.finished {
            if let Some(end) = g.end().filter(|_| (1..=m.jobs.len()).contains(&g.game)) {
                m.add(g.game, end, path)?;
            }
        }
    }
    merged.map(|(m, _, _)| m).ok_or(MergeError::Nothing)
}

/// Merges the PGN files `pgns` or the state files `states` and prints the tables to `out`,
/// with the SPRT `sprt` (for state files, the match's own when `None`).
pub fn run(
    pgns: &[PathBuf],
    states: &[PathBuf],
    sprt: Option<SprtParams>,
    out: &mut impl Write,
) -> Result<(), MergeError> {
    let files = if states.is_empty() { pgns } else { states };
    for (i, path) in files.iter().enumerate() {
        let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        };
        if files[..i].iter().any(|p| same(p, path)) {
            return Err(MergeError::Twice(path.clone()));
        }
    }
    let (merged, what) = if states.is_empty() {
        (from_pgns(pgns)?, format!("{} PGN files", pgns.len()))
    } else {
        let m = from_states(states)?;
        let what = format!("{} state files ({})", states.len(), m.shards.join(", "));
        (m, what)
    };
    let names: Vec<String> = merged
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| n.clone().unwrap_or_else(|| format!("engine {}", i + 1)))
        .collect();
    let sprt = sprt.or(merged.sprt);
    if sprt.is_some() && names.len() != 2 {
        return Err(MergeError::SprtEngines(names.len()));
    }
    let summary = Summary {
        gauntlet: merged.plan.kind == TournamentKind::Gauntlet,
        paired: merged.plan.paired(),
        sprt,
        names,
    };
    let jobs = &merged.jobs;
    let mut tally = Tally::new(summary.names.len());
    for (number, (end, _)) in &merged.games {
        tally.add(&jobs[number - 1], end);
    }
    let again = match merged.again {
        0 => String::new(),
        n => format!(" ({n} found twice in one file: the last copy counts)"),
    };
    writeln!(
        out,
        "Merged {what}: {} of {} games of the schedule{again}",
        tally.played,
        jobs.len()
    )?;
    print_tables(out, &summary, &tally, sprt_text(&summary, &tally, None))?;
    writeln!(out)?;
    out.write_all(cutechess_results(&summary, &tally).as_bytes())?;
    Ok(())
}
