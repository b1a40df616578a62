//! `kurier match` stopped and resumed, and played in shards, through the real binary
//! (`crates/kurier-match/src/state.rs`, `shard.rs`, `merge.rs`, `interrupt.rs`):
//!
//! - a run interrupted by SIGINT (the game in progress played to its end), by two SIGINTs (the
//!   game in progress abandoned, `*`) or killed outright (SIGKILL), then continued with
//!   `--resume STATE`, plays the whole schedule once and prints the same tables as an
//!   uninterrupted run with the same seed — Kurier's tables, the pentanomial counts, the SPRT
//!   and cutechess-cli's lines; the PGN is appended to, not overwritten;
//! - three shards (`--shard K/3`) play the games of the unsharded run — the same numbers,
//!   openings, colours and moves, no colour-reversed pair split — and `--merge` of their PGN
//!   files, or `--merge-state` of their state files, prints the unsharded run's tables;
//! - the same command started again continues the state file beside its PGN (as a batch
//!   system's requeue starts it), and plays nothing more once the match is complete;
//! - a state file of another schedule, another shard or no state file at all is refused with a
//!   clear error, with `--resume FILE` or as the state file of a run; `--resume` of a missing
//!   file says that `--state` starts the match when there is none.
//!
//! The engines are Kurier itself at fixed depths, so that the games are fast and the same in
//! every run (checked: two uninterrupted runs play the same moves). One side searches deeper
//! (depth 2 against depth 3): with the same engine on both sides every colour-reversed pair is
//! split 1-1 or drawn twice, and the comparison of the pentanomial counts would prove little.

#[path = "support/temp.rs"]
mod temp;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const KURIER: &str = env!("CARGO_BIN_EXE_kurier");
/// Games in the schedule: 8 rounds of one colour-reversed pair.
const GAMES: usize = 16;

/// A fresh directory for one test, with the openings file.
fn temp_dir(name: &str) -> PathBuf {
    let dir = temp::fresh_dir("match-resume", name);
    std::fs::write(
        dir.join("openings.pgn"),
        "1. b2a3 *\n\n1. d2c3 *\n\n1. f2e3 *\n\n1. d2e3 *\n\n1. b2c3 *\n\n1. h2g3 *\n",
    )
    .unwrap();
    dir
}

/// The match's flags (without `match`, the PGN or the state file).
fn schedule_args(dir: &Path) -> Vec<String> {
    let openings = dir.join("openings.pgn").to_string_lossy().into_owned();
    [
        "--variant",
        "schachdame",
        "--engine",
        &format!("cmd={KURIER} name=Shallow depth=2"),
        "--engine",
        &format!("cmd={KURIER} name=Deep depth=3"),
        "--games",
        "2",
        "--rounds",
        "8",
        "--openings",
        &openings,
        "order=random",
        "--seed",
        "7",
        "--sprt",
        "elo0=-20",
        "elo1=20",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn path_arg(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Runs `kurier match ARGS` to its end.
fn run(args: &[String]) -> Output {
    Command::new(KURIER)
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run kurier")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs a match that must end well; its stdout.
fn run_ok(args: &[String]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "kurier match {args:?}: {}\n{}\n{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// The tables of a run's stdout: everything after its first line (`Results: ..., played in
/// TIME` or `Merged ...`).
fn tables(stdout: &str) -> String {
    stdout.lines().skip(1).collect::<Vec<_>>().join("\n")
}

/// One game of a PGN file: its tags and its moves without comments.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Game {
    tags: BTreeMap<String, String>,
    moves: String,
}

impl Game {
    fn tag(&self, name: &str) -> &str {
        self.tags.get(name).map(String::as_str).unwrap_or_default()
    }

    /// The game's number in the schedule, from its `Schedule` tag.
    fn number(&self) -> usize {
        let tag = self.tag("Schedule");
        tag.split_whitespace()
            .find_map(|w| w.strip_prefix("game="))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no game number in {:?}", self.tags))
    }

    fn finished(&self) -> bool {
        self.tag("Result") != "*"
    }
}

/// The games of a PGN file, in the file's order.
fn games(path: &Path) -> Vec<Game> {
    let pgn = std::fs::read_to_string(path).unwrap_or_default();
    let mut out: Vec<Game> = Vec::new();
    let mut in_moves = false;
    for line in pgn.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves || out.is_empty() {
                out.push(Game {
                    tags: BTreeMap::new(),
                    moves: String::new(),
                });
                in_moves = false;
            }
            let (name, value) = tag.split_once(' ').unwrap();
            let value = value.trim_end_matches(']').trim_matches('"');
            out.last_mut()
                .unwrap()
                .tags
                .insert(name.to_string(), value.to_string());
        } else if !line.trim().is_empty() {
            in_moves = true;
            let game = out.last_mut().unwrap();
            game.moves.push_str(line);
            game.moves.push(' ');
        }
    }
    for game in &mut out {
        // Comments hold the thinking times, which differ from run to run.
        let mut plain = String::new();
        let mut depth = 0;
        for c in game.moves.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        game.moves = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    out
}

/// The finished games of a PGN by their number in the schedule (the last copy of a game played
/// twice), with what decides them: colours, start position, moves, result.
fn finished_by_number(path: &Path) -> BTreeMap<usize, (String, String, String, String, String)> {
    games(path)
        .into_iter()
        .filter(Game::finished)
        .map(|g| {
            (
                g.number(),
                (
                    g.tag("White").to_string(),
                    g.tag("Black").to_string(),
                    g.tag("FEN").to_string(),
                    g.moves.clone(),
                    g.tag("Result").to_string(),
                ),
            )
        })
        .collect()
}

/// The numbers of the finished games of a state file (none while there is no file). The file
/// must read as a whole state at every moment — it is replaced by a rename, never rewritten in
/// place — so a read that finds half a file fails the test.
fn state_games(path: &Path) -> Vec<usize> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let state: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not whole: {e}\n{text}", path.display()));
    assert_eq!(state["format"], "kurier-match-state 1", "{text}");
    state["finished"]
        .as_array()
        .unwrap_or_else(|| panic!("no finished games in {text}"))
        .iter()
        .map(|g| g["game"].as_u64().expect("a game number") as usize)
        .collect()
}

/// An uninterrupted run of the schedule: its stdout and PGN.
fn uninterrupted(dir: &Path, name: &str) -> (String, PathBuf) {
    let pgn = dir.join(format!("{name}.pgn"));
    let mut args = schedule_args(dir);
    args.extend(["--pgn".to_string(), path_arg(&pgn)]);
    let stdout = run_ok(&args);
    (stdout, pgn)
}

/// A `kurier match` running in the background.
struct Runner {
    child: Child,
    dir: PathBuf,
}

impl Runner {
    fn start(dir: &Path, args: &[String]) -> Runner {
        let child = Command::new(KURIER)
            .arg("match")
            .args(args)
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(dir.join("stdout")).unwrap())
            .stderr(std::fs::File::create(dir.join("stderr")).unwrap())
            .spawn()
            .expect("run kurier");
        Runner {
            child,
            dir: dir.to_path_buf(),
        }
    }

    fn file(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name)).unwrap_or_default()
    }

    /// Waits until the state file holds `n` finished games.
    fn wait_for_games(&mut self, state: &Path, n: usize) {
        let start = Instant::now();
        while state_games(state).len() < n {
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!(
                    "kurier ended ({status}) before {n} games:\n{}\n{}",
                    self.file("stdout"),
                    self.file("stderr")
                );
            }
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "no {n} games within 2 minutes:\n{}",
                self.file("stderr")
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("run kill");
        assert!(status.success());
    }

    /// Waits for the runner to exit: its exit code.
    fn wait(&mut self) -> Option<i32> {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "kurier did not exit:\n{}",
                self.file("stderr")
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Stops a run after a few games with `stop` (which sends signals and says which exit code to
/// expect), resumes it, and checks the whole schedule and the tables against `reference`.
fn stop_and_resume(
    name: &str,
    reference: &(String, PathBuf),
    stop: impl FnOnce(&Runner) -> Option<i32>,
) -> PathBuf {
    let dir = temp_dir(name);
    let pgn = dir.join("games.pgn");
    let state = dir.join("games.state.json");
    let mut args = schedule_args(&dir);
    args.extend(["--pgn".to_string(), path_arg(&pgn)]);
    // A pause between games, so that the signal comes long before the end.
    let mut slow = args.clone();
    slow.extend(["--wait".to_string(), "150".to_string()]);
    let mut runner = Runner::start(&dir, &slow);
    runner.wait_for_games(&state, 3);
    // Into the next game.
    std::thread::sleep(Duration::from_millis(180));
    let expected = stop(&runner);
    let code = runner.wait();
    let stdout = runner.file("stdout");
    assert_eq!(code, expected, "{stdout}\n{}", runner.file("stderr"));
    let saved = state_games(&state);
    assert!(
        saved.len() >= 3 && saved.len() < GAMES,
        "stopped after {} games",
        saved.len()
    );
    if expected.is_some() {
        assert!(stdout.contains("Interrupted by SIG"), "{stdout}");
        assert!(
            stdout.contains("the same command plays the rest"),
            "{stdout}"
        );
        // The summary counts the games the state file holds.
        assert!(
            stdout.contains(&format!("{} of {GAMES} games played", saved.len())),
            "{stdout}"
        );
    }
    let before = std::fs::read_to_string(&pgn).unwrap();
    // The same command again (without the pause, which is no part of the schedule) continues
    // the state file beside the PGN, as a batch system's requeue runs it.
    let again = run(&args);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(
        text(&again.stderr).contains(&format!(
            "resuming {}: {} played",
            state.display(),
            saved.len()
        )),
        "{}",
        text(&again.stderr)
    );
    let stdout = text(&again.stdout);
    assert_eq!(tables(&stdout), tables(&reference.0), "{name}");
    assert!(!stdout.contains("Interrupted"), "{stdout}");
    // The PGN is appended to: the games of the first run are still there, first.
    let after = std::fs::read_to_string(&pgn).unwrap();
    assert!(after.starts_with(&before), "the PGN was rewritten");
    // Every game of the schedule finished, each once in the state file, and played as in the
    // uninterrupted run.
    assert_eq!(state_games(&state), (1..=GAMES).collect::<Vec<_>>());
    assert_eq!(finished_by_number(&pgn), finished_by_number(&reference.1));
    // Continuing a complete match, by the same command or with --resume, plays nothing and
    // prints the same tables.
    let mut resume = args.clone();
    resume.extend(["--resume".to_string(), path_arg(&state)]);
    for command in [&args, &resume] {
        let again = run_ok(command);
        assert_eq!(tables(&again), tables(&reference.0));
        assert_eq!(std::fs::read_to_string(&pgn).unwrap(), after);
    }
    dir
}

#[test]
fn interrupted_runs_resume_to_the_tables_of_an_uninterrupted_run() {
    let dir = temp_dir("reference");
    let reference = uninterrupted(&dir, "a");
    // Kurier at a fixed depth plays the same games every time: the premise of the comparison.
    let again = uninterrupted(&dir, "b");
    assert_eq!(tables(&reference.0), tables(&again.0));
    assert_eq!(
        finished_by_number(&reference.1),
        finished_by_number(&again.1)
    );
    assert_eq!(finished_by_number(&reference.1).len(), GAMES);
    assert!(
        reference.0.contains("no decision yet"),
        "the SPRT must not stop the run: {}",
        reference.0
    );
    assert!(reference.0.contains("Ptnml(0-2): ["), "{}", reference.0);

    // One SIGINT: the game in progress is played to its end; nothing is abandoned.
    let d = stop_and_resume("sigint", &reference, |r| {
        r.signal("INT");
        Some(130)
    });
    let first_run = games(&d.join("games.pgn"));
    assert!(first_run.iter().all(Game::finished), "{first_run:?}");
    let _ = std::fs::remove_dir_all(&d);

    // Two SIGINTs: the game in progress (if the second signal finds one) is abandoned, `*`,
    // and played again from its start when resumed.
    let d = stop_and_resume("abandon", &reference, |r| {
        r.signal("INT");
        std::thread::sleep(Duration::from_millis(20));
        r.signal("INT");
        Some(130)
    });
    let all = games(&d.join("games.pgn"));
    let abandoned: Vec<&Game> = all.iter().filter(|g| !g.finished()).collect();
    assert!(abandoned.len() <= 1, "{abandoned:?}");
    eprintln!("two SIGINTs: {} game abandoned", abandoned.len());
    for game in abandoned {
        assert!(all
            .iter()
            .any(|g| g.finished() && g.number() == game.number()));
    }
    let _ = std::fs::remove_dir_all(&d);

    // Killed outright: the state file, written whole after every game, is still good.
    let d = stop_and_resume("sigkill", &reference, |r| {
        r.signal("KILL");
        None
    });
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn three_shards_merge_to_the_unsharded_tables() {
    let dir = temp_dir("shards");
    let (whole, whole_pgn) = uninterrupted(&dir, "whole");
    let whole_games = finished_by_number(&whole_pgn);
    let mut seen = BTreeSet::new();
    let mut pgns = Vec::new();
    let mut states = Vec::new();
    for k in 1..=3 {
        let pgn = dir.join(format!("shard-{k}.pgn"));
        let mut args = schedule_args(&dir);
        args.extend([
            "--shard".to_string(),
            format!("{k}/3"),
            "--pgn".to_string(),
            path_arg(&pgn),
        ]);
        let stdout = run_ok(&args);
        let part = finished_by_number(&pgn);
        assert!(
            stdout.contains(&format!("{} of {} games played", part.len(), part.len())),
            "{stdout}"
        );
        // Pair i (from 0; games 2i+1 and 2i+2) goes to shard i mod 3 + 1, both its games.
        let expected: Vec<usize> = (0..GAMES / 2)
            .filter(|i| i % 3 + 1 == k)
            .flat_map(|i| [2 * i + 1, 2 * i + 2])
            .collect();
        assert_eq!(part.keys().copied().collect::<Vec<_>>(), expected);
        // The games of the unsharded run: openings, colours, moves, results.
        for (number, game) in &part {
            assert_eq!(Some(game), whole_games.get(number), "game {number}");
            assert!(seen.insert(*number), "game {number} in two shards");
        }
        states.push(path_arg(&pgn.with_extension("state.json")));
        pgns.push(path_arg(&pgn));
    }
    assert_eq!(seen.len(), GAMES);
    let sprt = ["--sprt", "elo0=-20", "elo1=20"].map(String::from);
    let mut merge = vec!["--merge".to_string()];
    merge.extend(pgns.iter().rev().cloned());
    merge.extend(sprt.iter().cloned());
    let merged = run_ok(&merge);
    assert!(
        merged.starts_with(&format!("Merged 3 PGN files: {GAMES} of {GAMES} games")),
        "{merged}"
    );
    assert_eq!(tables(&merged), tables(&whole));
    // The state files remember the SPRT.
    let mut merge = vec!["--merge-state".to_string()];
    merge.extend(states.iter().cloned());
    let merged = run_ok(&merge);
    assert!(
        merged.contains("shard 1/3, shard 2/3, shard 3/3"),
        "{merged}"
    );
    assert_eq!(tables(&merged), tables(&whole));
    // Two of three shards: the games they hold, no more.
    let merged = run_ok(&["--merge".to_string(), pgns[0].clone(), pgns[2].clone()]);
    assert!(merged.contains("of 16 games of the schedule"), "{merged}");
    // A shard given twice, or the whole run with a shard, is refused.
    let out = run(&["--merge".to_string(), pgns[1].clone(), pgns[1].clone()]);
    assert!(text(&out.stderr).contains("given twice"), "{out:?}");
    let out = run(&["--merge".to_string(), path_arg(&whole_pgn), pgns[1].clone()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("not shards of one match"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_state_file_of_another_match_is_refused() {
    let dir = temp_dir("mismatch");
    let state = dir.join("short.state.json");
    let mut args = schedule_args(&dir);
    // One round only, to be quick.
    let rounds = args.iter().position(|a| a == "--rounds").unwrap();
    args[rounds + 1] = "1".to_string();
    args.extend(["--state".to_string(), path_arg(&state)]);
    run_ok(&args);
    let refused = |changed: Vec<String>, expected: &[&str]| {
        let out = run(&changed);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{changed:?}: {stderr}");
        for e in expected {
            assert!(stderr.contains(e), "{changed:?}: {stderr}");
        }
        // Nothing was played.
        assert!(text(&out.stdout).is_empty(), "{}", text(&out.stdout));
    };
    let resume = |mut a: Vec<String>| {
        a.extend(["--resume".to_string(), path_arg(&state)]);
        a
    };
    // Other rounds and another engine depth.
    let mut other = args.clone();
    other[rounds + 1] = "2".to_string();
    let depth = other.iter().position(|a| a.ends_with("depth=3")).unwrap();
    other[depth] = other[depth].replace("depth=3", "depth=4");
    refused(
        resume(other),
        &[
            "is the state of another match",
            "rounds: 1 vs 2",
            "engines[2].limits: \"depth=3\" vs \"depth=4\"",
        ],
    );
    // Another seed.
    let mut other = args.clone();
    let seed = other.iter().position(|a| a == "--seed").unwrap();
    other[seed + 1] = "8".to_string();
    refused(resume(other), &["seed: 7 vs 8"]);
    // The openings file changed.
    let book = dir.join("openings.pgn");
    let original = std::fs::read_to_string(&book).unwrap();
    std::fs::write(&book, format!("{original}\n1. h2g3 *\n")).unwrap();
    refused(
        resume(args.clone()),
        &["openings.hash", "openings.count: 6 vs 7"],
    );
    std::fs::write(&book, &original).unwrap();
    // Another shard.
    let mut other = resume(args.clone());
    other.extend(["--shard".to_string(), "1/2".to_string()]);
    refused(other, &["shard 1/2", "the whole match"]);
    // Not a state file; no file.
    std::fs::write(dir.join("junk.json"), "{\"games\": [1, 2]}").unwrap();
    let mut other = args.clone();
    other.extend(["--resume".to_string(), path_arg(&dir.join("junk.json"))]);
    refused(other, &["is not a kurier match state file"]);
    let mut other = args.clone();
    other.extend(["--resume".to_string(), path_arg(&dir.join("none.json"))]);
    refused(other, &["cannot resume", "no such file", "--state"]);
    // The state file of the run itself (no --resume): refused the same way when it holds
    // another match, and not overwritten.
    let saved = std::fs::read_to_string(&state).unwrap();
    let mut other = args.clone();
    let seed = other.iter().position(|a| a == "--seed").unwrap();
    other[seed + 1] = "8".to_string();
    refused(
        other,
        &["is the state of another match", "seed: 7 vs 8", "--state"],
    );
    assert_eq!(std::fs::read_to_string(&state).unwrap(), saved);
    // The matching command line, also in cutechess-cli's form (-resume FILE): nothing left to
    // play, the tables of the run.
    let first = run_ok(&resume(args.clone()));
    let mut cutechess = args.clone();
    cutechess.extend(["-resume".to_string(), path_arg(&state)]);
    assert_eq!(tables(&run_ok(&cutechess)), tables(&first));
    let _ = std::fs::remove_dir_all(&dir);
}
