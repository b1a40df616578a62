//! The state file of a match: what is needed to continue it (the same command started again,
//! or `--resume FILE`: [`super::resume`]), to merge it with the other shards of the same match
//! (`--merge-state`), or to pool the shards' SPRT ([`super::pool`]), as JSON:
//!
//! - the schedule's identity ([`ScheduleId`]): the game, the engines (name, command, protocol,
//!   options, limits), the tournament, games, rounds, repeat and colour swap, the seed, the
//!   openings (a hash of the file's bytes, how it is read, how many openings), the adjudication
//!   and the maximal game length — everything that decides which games are played, with which
//!   openings and colours, and how they are judged;
//! - the shard (`--shard K/N`) the run plays, the SPRT it uses, and whether it is complete;
//! - the result of every finished game, by its number in the schedule ([`FinishedGame`]).
//!
//! The runner writes the file when the match starts and again after every finished game,
//! atomically: the new text goes to a temporary file in the same directory, is flushed to the
//! disk, and is renamed over the old file, so that a run killed at any moment (SIGKILL, a power
//! cut) leaves either the old state or the new one, never half of one (and the shards that read
//! it meanwhile see one or the other). Games that were not
//! finished (abandoned, `*`) are not in it: a resumed run plays them again, from the start.
//!
//! Every path reads a state file with [`super::state_check::read`], which refuses a file that
//! contradicts itself (a game listed twice, a wrong `total`, ...) with the line. A state file
//! is refused, with every difference named, when the command line describes another schedule
//! ([`differences`]); a different time margin, move timeout, concurrency, PGN file or `--wait`
//! is no difference (they do not change which games are played).

use super::arbiter::{GameEnd, GameResult, Termination};
use super::settings::{Adjudication, MatchOptions, OpeningFormat, OpeningOrder, Shard, SprtParams};
use kurier_rules::game::Color;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The `format` of the files this version writes and reads.
pub const FORMAT: &str = "kurier-match-state 1";

/// One engine, as far as it decides the games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineId {
    /// Its name in the tables and the PGN.
    pub name: String,
    /// Program and arguments.
    pub cmd: Vec<String>,
    /// `uci` or `xboard`.
    pub protocol: String,
    /// Engine options, in the order given.
    pub options: Vec<(String, String)>,
    /// Lines sent after the handshake.
    pub init: Vec<String>,
    /// The engine's own name for the game.
    pub variant: Option<String>,
    /// Its limits, as engine-spec keys (`tc=40/60+0.5 depth=3`).
    pub limits: String,
    /// Pondering.
    pub ponder: bool,
}

#[cfg(test)]
impl EngineId {
    /// A UCI engine named and run as `name`, at depth 1: the engine of the unit tests.
    pub(crate) fn test(name: &str) -> EngineId {
        EngineId {
            name: name.into(),
            cmd: vec![name.into()],
            protocol: "uci".into(),
            options: vec![],
            init: vec![],
            variant: None,
            limits: "depth=1".into(),
            ponder: false,
        }
    }
}

/// The openings, as far as they decide the games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningsId {
    /// The FNV-1a hash of the file's bytes, `fnv1a64:` and 16 hex digits.
    pub hash: String,
    /// `epd`, `pgn`, or `None` when told by the file.
    pub format: Option<String>,
    /// `sequential` or `random`.
    pub order: String,
    /// Plies of a PGN opening used at most.
    pub plies: Option<usize>,
    /// The first opening, from 1.
    pub start: usize,
    /// How many openings the file holds.
    pub count: usize,
}

/// Everything that fixes the schedule of a match and the judging of its games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleId {
    /// The game.
    pub variant: String,
    /// The engines, in the order of the command line.
    pub engines: Vec<EngineId>,
    /// `round-robin` or `gauntlet`.
    pub tournament: String,
    /// Games per pair of engines and round.
    pub games: u32,
    /// Rounds.
    pub rounds: u32,
    /// Games per opening.
    pub repeat: u32,
    /// Colours alternate.
    pub swap: bool,
    /// The seed (of `order=random`).
    pub seed: u64,
    /// The openings file; the game's start position when `None`.
    pub openings: Option<OpeningsId>,
    /// Score adjudication, as `--adjudicate` words (empty: none).
    pub adjudication: String,
    /// `--max-moves`.
    pub max_moves: Option<u32>,
    /// Games in the whole schedule (every shard).
    pub total: usize,
}

/// The SPRT of a match.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprtId {
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1.
    pub elo1: f64,
    /// Type I error.
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
}

impl From<SprtParams> for SprtId {
    fn from(p: SprtParams) -> SprtId {
        SprtId {
            elo0: p.elo0,
            elo1: p.elo1,
            alpha: p.alpha,
            beta: p.beta,
        }
    }
}

impl From<SprtId> for SprtParams {
    fn from(p: SprtId) -> SprtParams {
        SprtParams {
            elo0: p.elo0,
            elo1: p.elo1,
            alpha: p.alpha,
            beta: p.beta,
        }
    }
}

/// A shard, in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardId {
    /// Which part, from 1.
    pub index: usize,
    /// How many parts.
    pub count: usize,
}

impl From<Shard> for ShardId {
    fn from(s: Shard) -> ShardId {
        ShardId {
            index: s.index,
            count: s.count,
        }
    }
}

impl From<ShardId> for Shard {
    fn from(s: ShardId) -> Shard {
        Shard {
            index: s.index,
            count: s.count,
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinishedGame {
    /// Its number in the schedule, from 1.
    pub game: usize,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The PGN `Termination`.
    pub termination: String,
    /// Why, in words.
    pub reason: String,
}

impl FinishedGame {
    /// The record of game `game`, which ended with `end` (not `*`).
    pub fn new(game: usize, end: &GameEnd) -> FinishedGame {
        FinishedGame {
            game,
            result: end.result_str().to_string(),
            termination: end.termination.pgn_name().to_string(),
            reason: end.reason.clone(),
        }
    }

    /// How the game ended; `None` when the file holds something else.
    pub fn end(&self) -> Option<GameEnd> {
        Some(GameEnd {
            result: parse_result(&self.result)?,
            termination: Termination::from_pgn(&self.termination)?,
            reason: self.reason.clone(),
        })
    }
}

/// A finished game's PGN result: `1-0`, `0-1`, `1/2-1/2` (`*` is no result).
pub fn parse_result(text: &str) -> Option<GameResult> {
    match text.trim() {
        "1-0" => Some(GameResult::Win(Color::White)),
        "0-1" => Some(GameResult::Win(Color::Black)),
        "1/2-1/2" => Some(GameResult::Draw),
        _ => None,
    }
}

/// The contents of a state file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// [`FORMAT`].
    pub format: String,
    /// The schedule.
    pub schedule: ScheduleId,
    /// The openings file as the command line named it (for messages; the hash decides).
    pub openings_file: Option<PathBuf>,
    /// The part of the schedule the run plays.
    pub shard: Option<ShardId>,
    /// The SPRT of the run.
    pub sprt: Option<SprtId>,
    /// Every game of the run is finished, or the SPRT decided: nothing is left to play.
    pub complete: bool,
    /// The finished games, by their number in the schedule.
    pub finished: Vec<FinishedGame>,
}

/// Why a state file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// The file could not be read.
    #[error("cannot read the state file {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a state file.
    #[error("{} is not a kurier match state file: {source}", path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// JSON, but not a state file.
    #[error("{} is not a kurier match state file (it has no \"format\": \"{FORMAT}\")", path.display())]
    NotState {
        /// The file.
        path: PathBuf,
    },
    /// A state file of another version.
    #[error("{}: state file format '{found}', this kurier reads '{FORMAT}'", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// Its format.
        found: String,
    },
    /// `--resume FILE` of a file that does not exist.
    #[error(
        "cannot resume {}: there is no such file (--state {} continues the match if the file \
         exists and starts it otherwise)",
        path.display(),
        path.display()
    )]
    Missing {
        /// The file.
        path: PathBuf,
    },
    /// The file describes another schedule than the command line.
    #[error(
        "{} is the state of another match: {differences} (the state file's value first, the \
         command line's second); give the command line of that match to continue it, or \
         another --state FILE (or remove this one) to play this match",
        path.display()
    )]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What differs.
        differences: String,
    },
    /// The file is of another shard.
    #[error(
        "{} is the state of {found}, but the command line plays {wanted}",
        path.display()
    )]
    Shard {
        /// The file.
        path: PathBuf,
        /// The file's shard.
        found: String,
        /// The command line's.
        wanted: String,
    },
    /// A file that contradicts itself, or is cut short ([`super::state_check`]).
    #[error("{}, line {line}: {why}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Where, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// A finished game of the file that cannot be one ([`super::state_check`]).
    #[error("{}, line {line}: game {game} {why}", path.display())]
    Game {
        /// The file.
        path: PathBuf,
        /// The line of its entry, from 1.
        line: usize,
        /// The game's number.
        game: usize,
        /// What is wrong, after "game N".
        why: String,
    },
    /// A fresh run would overwrite the state of an unfinished one.
    #[error(
        "{} holds the state of an unfinished match ({finished} games played): continue it with \
         --resume {}, or remove the file (or give --state OTHER) to start afresh",
        path.display(),
        path.display()
    )]
    Unfinished {
        /// The file.
        path: PathBuf,
        /// Its finished games.
        finished: usize,
    },
    /// The file could not be written.
    #[error("cannot write the state file {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// FNV-1a, 64 bits: a stable hash of a file's bytes (to tell a changed openings file; not a
/// cryptographic hash, and it need not be one).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// `draw=M:CP:FROM[:reset] resign=M:CP:one-sided|two-sided`, as `--adjudicate` reads them.
fn adjudication_text(a: &Adjudication) -> String {
    let mut words = Vec::new();
    if let Some(d) = a.draw {
        words.push(format!(
            "draw={}:{}:{}{}",
            d.moves,
            d.cp,
            d.from,
            if d.reset { ":reset" } else { "" }
        ));
    }
    if let Some(r) = a.resign {
        words.push(format!(
            "resign={}:{}:{}",
            r.moves,
            r.cp,
            if r.two_sided {
                "two-sided"
            } else {
                "one-sided"
            }
        ));
    }
    words.join(" ")
}

impl ScheduleId {
    /// The schedule of `options`, with its openings file's bytes (`None` without a file), the
    /// number of openings and of games in the whole schedule.
    pub fn of(
        options: &MatchOptions,
        openings_bytes: Option<&[u8]>,
        openings: usize,
        total: usize,
    ) -> ScheduleId {
        ScheduleId {
            variant: options.variant.name().to_string(),
            engines: options
                .engines
                .iter()
                .map(|e| EngineId {
                    name: e.name.clone(),
                    cmd: e.cmd.clone(),
                    protocol: e.protocol.to_string(),
                    options: e.options.clone(),
                    init: e.init.clone(),
                    variant: e.variant.clone(),
                    limits: e.limits.to_string(),
                    ponder: e.ponder,
                })
                .collect(),
            tournament: options.tournament.to_string(),
            games: options.games,
            rounds: options.rounds,
            repeat: options.repeat,
            swap: options.swap,
            seed: options.seed,
            openings: options.openings.as_ref().map(|o| OpeningsId {
                hash: format!(
                    "fnv1a64:{:016x}",
                    fnv1a64(openings_bytes.unwrap_or_default())
                ),
                format: o.format.map(|f| {
                    match f {
                        OpeningFormat::Epd => "epd",
                        OpeningFormat::Pgn => "pgn",
                    }
                    .to_string()
                }),
                order: match o.order {
                    OpeningOrder::Sequential => "sequential",
                    OpeningOrder::Random => "random",
                }
                .to_string(),
                plies: o.plies,
                start: o.start,
                count: openings,
            }),
            adjudication: adjudication_text(&options.adjudication),
            max_moves: options.max_moves,
            total,
        }
    }
}

/// What differs between two schedules, one `field: A vs B` per difference (fields named as in
/// the file: `engines[2].limits`, `openings.hash`), joined by `; `. Empty when they agree.
pub fn differences(file: &ScheduleId, command_line: &ScheduleId) -> String {
    let (Ok(a), Ok(b)) = (
        serde_json::to_value(file),
        serde_json::to_value(command_line),
    ) else {
        return "the schedules cannot be compared".to_string();
    };
    let mut out = Vec::new();
    diff_values("", &a, &b, &mut out);
    out.join("; ")
}

fn diff_values(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<String>) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (key, va) in x {
                let sub = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                diff_values(&sub, va, y.get(key).unwrap_or(&Value::Null), out);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() && path.ends_with("engines") => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                diff_values(&format!("{path}[{}]", i + 1), va, vb, out);
            }
        }
        _ if a != b => out.push(format!("{path}: {a} vs {b}")),
        _ => {}
    }
}

impl State {
    /// A fresh state: the schedule, no game finished.
    pub fn new(
        schedule: ScheduleId,
        options: &MatchOptions,
        openings_file: Option<PathBuf>,
    ) -> State {
        State {
            format: FORMAT.to_string(),
            schedule,
            openings_file,
            shard: options.shard.map(ShardId::from),
            sprt: options.sprt.map(SprtId::from),
            complete: false,
            finished: Vec::new(),
        }
    }

    /// Refuses the file unless it is the state of `schedule` and `shard`.
    pub fn check(
        &self,
        path: &Path,
        schedule: &ScheduleId,
        shard: Option<Shard>,
    ) -> Result<(), StateError> {
        let differences = differences(&self.schedule, schedule);
        if !differences.is_empty() {
            return Err(StateError::Mismatch {
                path: path.to_path_buf(),
                differences,
            });
        }
        let name = |s: Option<Shard>| match s {
            Some(s) => format!("shard {s}"),
            None => "the whole match (no --shard)".to_string(),
        };
        let mine = self.shard.map(Shard::from);
        if mine != shard {
            return Err(StateError::Shard {
                path: path.to_path_buf(),
                found: name(mine),
                wanted: name(shard),
            });
        }
        Ok(())
    }

    /// Records a finished game, in schedule order.
    pub fn record(&mut self, game: usize, end: &GameEnd) {
        let at = self.finished.partition_point(|g| g.game < game);
        if self.finished.get(at).is_some_and(|g| g.game == game) {
            self.finished[at] = FinishedGame::new(game, end);
        } else {
            self.finished.insert(at, FinishedGame::new(game, end));
        }
    }

    /// Writes the file atomically: a temporary file beside it, flushed to the disk, renamed
    /// over it.
    pub fn write(&self, path: &Path) -> Result<(), StateError> {
        let error = |source| StateError::Write {
            path: path.to_path_buf(),
            source,
        };
        let mut text = serde_json::to_string_pretty(self)
            .map_err(|e| error(std::io::Error::other(e.to_string())))?;
        text.push('\n');
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".tmp{}", std::process::id()));
        let temp = path.with_file_name(name);
        let written = (|| {
            let mut f = std::fs::File::create(&temp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
            std::fs::rename(&temp, path)
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        written.map_err(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::DrawRule;

    fn schedule() -> ScheduleId {
        ScheduleId {
            variant: "courier".into(),
            engines: vec![EngineId {
                options: vec![("Hash".into(), "16".into())],
                ..EngineId::test("A")
            }],
            tournament: "round-robin".into(),
            games: 2,
            rounds: 3,
            repeat: 2,
            swap: true,
            seed: 1,
            openings: None,
            adjudication: adjudication_text(&Adjudication {
                draw: Some(DrawRule {
                    moves: 8,
                    cp: 10,
                    from: 41,
                    reset: true,
                }),
                resign: None,
            }),
            max_moves: None,
            total: 6,
        }
    }

    #[test]
    fn differences_name_the_fields() {
        let a = schedule();
        assert_eq!(differences(&a, &a), "");
        assert_eq!(a.adjudication, "draw=8:10:41:reset");
        let mut b = a.clone();
        b.games = 4;
        b.engines[0].limits = "depth=2".into();
        assert_eq!(
            differences(&a, &b),
            "engines[1].limits: \"depth=1\" vs \"depth=2\"; games: 2 vs 4"
        );
        b = a.clone();
        b.engines.push(b.engines[0].clone());
        assert!(differences(&a, &b).starts_with("engines: [{"));
    }

    #[test]
    fn write_and_record() {
        let dir = std::env::temp_dir().join(format!("kurier-state-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.json");
        let mut state = State {
            format: FORMAT.into(),
            schedule: schedule(),
            openings_file: None,
            shard: Some(ShardId { index: 2, count: 3 }),
            sprt: None,
            complete: false,
            finished: vec![],
        };
        let win = GameEnd {
            result: GameResult::Win(Color::Black),
            termination: Termination::TimeForfeit,
            reason: "White loses on time".into(),
        };
        state.record(5, &win);
        let draw = GameEnd {
            result: GameResult::Draw,
            termination: Termination::Adjudication,
            reason: "Draw by adjudication".into(),
        };
        state.record(2, &draw);
        state.record(5, &win);
        assert_eq!(
            state.finished.iter().map(|g| g.game).collect::<Vec<_>>(),
            [2, 5]
        );
        assert_eq!(state.finished[1].end(), Some(win));
        state.write(&path).unwrap();
        let back: State = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(back, state);
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        let e = state
            .check(&path, &schedule(), Some(Shard { index: 1, count: 3 }))
            .unwrap_err();
        assert!(e.to_string().contains("shard 2/3"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
