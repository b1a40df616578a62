//! Where a run starts from: a fresh state, or the state file it continues — `--resume FILE`,
//! or the same command started again, which continues its state file (after a Ctrl-C, a crash,
//! a batch system's requeue). The file is read by the one checked reader of state files
//! ([`super::state_check`]) and must be the state of the command line's match and shard
//! ([`State::check`]).

use super::settings::MatchOptions;
use super::state::{ScheduleId, State, StateError};
use super::state_check;
use std::path::{Path, PathBuf};

/// Where a run starts from ([`start`]).
#[derive(Debug)]
pub struct Start {
    /// The state to play on from (fresh, or a file's).
    pub state: State,
    /// The file it was read from, when the run continues one.
    pub resumed: Option<PathBuf>,
}

/// The state a run starts from, for the schedule `id` and the `options`:
///
/// - `--resume FILE` (`options.resume`): that file, which must exist and be the state of this
///   match and shard; the state file it is continued in, if another, must not hold an
///   unfinished match;
/// - else the state file (`options.state`, `--state FILE` or the one beside the PGN) when it
///   exists and holds finished games: continued, so that the same command started again (after
///   a Ctrl-C, a crash, a batch system's requeue) plays on where the last run stopped — if it is
///   the state of this match and shard; a file of another match, another shard or no state
///   file at all is refused with the reason;
/// - else a fresh state: no game finished.
///
/// The SPRT and the openings file's name are taken from the command line (they may change; the
/// schedule may not).
pub fn start(id: ScheduleId, options: &MatchOptions) -> Result<Start, StateError> {
    let openings_file = options.openings.as_ref().map(|o| o.file.clone());
    let from = match (&options.resume, &options.state) {
        (Some(path), state) => {
            if !path.exists() {
                return Err(StateError::Missing { path: path.clone() });
            }
            // Continued in another file: not over an unfinished match's state.
            if let Some(other) = state.as_ref().filter(|s| *s != path) {
                check_overwrite(other)?;
            }
            Some((path.clone(), state_check::read(path)?))
        }
        (None, Some(path)) if path.exists() => {
            Some((path.clone(), state_check::read(path)?)).filter(|(_, s)| !s.finished.is_empty())
        }
        (None, _) => None,
    };
    let Some((path, mut saved)) = from else {
        return Ok(Start {
            state: State::new(id, options, openings_file),
            resumed: None,
        });
    };
    saved.check(&path, &id, options.shard)?;
    saved.sprt = options.sprt.map(Into::into);
    saved.openings_file = openings_file;
    Ok(Start {
        state: saved,
        resumed: Some(path),
    })
}

/// Before a fresh run writes its state to `path`: refuses to overwrite the state of an
/// unfinished match with finished games (they would be lost), or a file that is no state file.
/// A missing file, the state of a complete match, or one without a finished game may be
/// overwritten.
pub fn check_overwrite(path: &Path) -> Result<(), StateError> {
    if !path.exists() {
        return Ok(());
    }
    let state = state_check::read(path)?;
    if state.complete || state.finished.is_empty() {
        return Ok(());
    }
    Err(StateError::Unfinished {
        path: path.to_path_buf(),
        finished: state.finished.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::{GameEnd, GameResult, Termination};
    use crate::settings::Shard;
    use crate::state::{EngineId, ShardId, FORMAT};
    use kurier_rules::game::Color;

    fn schedule() -> ScheduleId {
        ScheduleId {
            variant: "courier".into(),
            engines: vec![EngineId::test("a"), EngineId::test("b")],
            tournament: "round-robin".into(),
            games: 2,
            rounds: 3,
            repeat: 2,
            swap: true,
            seed: 1,
            openings: None,
            adjudication: String::new(),
            max_moves: None,
            total: 6,
        }
    }

    #[test]
    fn a_written_state_reads_back_and_is_not_overwritten() {
        let dir = std::env::temp_dir().join(format!("kurier-resume-{}", std::process::id()));
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
        // Shard 2 of 3 plays pair 1 (from 0): games 3 and 4.
        state.record(4, &win);
        state.write(&path).unwrap();
        assert_eq!(state_check::read(&path).unwrap(), state);
        assert!(matches!(
            check_overwrite(&path),
            Err(StateError::Unfinished { finished: 1, .. })
        ));
        let e = state
            .check(&path, &schedule(), Some(Shard { index: 1, count: 3 }))
            .unwrap_err();
        assert!(e.to_string().contains("shard 2/3"), "{e}");
        // Game 5 is shard 3's.
        state.record(5, &win);
        state.write(&path).unwrap();
        let e = state_check::read(&path).unwrap_err().to_string();
        assert!(e.contains("game 5 is of shard 3/3"), "{e}");
        // Complete, with a game missing and no SPRT: a damaged file, in the way.
        state.finished.retain(|g| g.game != 5);
        state.complete = true;
        state.write(&path).unwrap();
        let e = check_overwrite(&path).unwrap_err().to_string();
        assert!(e.contains("complete, but game 3 is missing"), "{e}");
        // The whole shard played: a complete match's state, which a fresh run may replace.
        state.record(3, &win);
        state.write(&path).unwrap();
        assert!(check_overwrite(&path).is_ok());
        std::fs::write(&path, "{\"format\": \"other 9\"}").unwrap();
        assert!(matches!(
            state_check::read(&path),
            Err(StateError::Format { .. })
        ));
        std::fs::write(&path, "{\"games\": []}").unwrap();
        assert!(matches!(
            state_check::read(&path),
            Err(StateError::NotState { .. })
        ));
        std::fs::write(&path, "]").unwrap();
        assert!(matches!(
            state_check::read(&path),
            Err(StateError::Parse { .. })
        ));
        std::fs::write(&path, "[").unwrap();
        assert!(matches!(
            state_check::read(&path),
            Err(StateError::Invalid { line: 1, .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
