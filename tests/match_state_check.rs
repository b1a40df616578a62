//! The state file of `kurier match` is checked alike on every path that reads it
//! (`crates/kurier-match/src/state_check.rs`), through the real binary:
//!
//! - each damage — a game listed twice, a game outside the schedule or of another shard, a
//!   result or termination that is none, `complete` while games are missing, a wrong `total`, an
//!   unknown or repeated key, a file cut short — is refused by `--resume FILE`, by the same
//!   command started again (which continues its `--state FILE`) and by `--merge-state FILE`,
//!   with one message naming the file, the line and the game; nothing is played and the file is
//!   left as it was;
//! - the pooled SPRT of shards passes over another shard's damaged file, saying why in the same
//!   words;
//! - random edits of a valid state file: whatever `--merge-state` accepts, `--resume` accepts,
//!   and the other way round; a refused file gets the same message from both, and an accepted
//!   one the same tables (the resumed run plays the games the file lacks, and Kurier at a fixed
//!   depth plays them as in the run that wrote the file).
//!
//! The engines are Kurier itself at depths 1 and 2: a game takes a fraction of a second, and a
//! refused file starts no engine at all.

#[path = "support/temp.rs"]
mod temp;
use proptest::prelude::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const KURIER: &str = env!("CARGO_BIN_EXE_kurier");
/// Games in the schedule: 4 rounds of one colour-reversed pair.
const GAMES: usize = 8;

fn path_arg(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Writes the openings file into `dir`; `dir`.
fn with_openings(dir: PathBuf) -> PathBuf {
    std::fs::write(
        dir.join("openings.pgn"),
        "1. b2a3 *\n\n1. d2c3 *\n\n1. f2e3 *\n\n1. d2e3 *\n",
    )
    .unwrap();
    dir
}

/// A fresh directory with the openings file.
fn temp_dir(name: &str) -> PathBuf {
    with_openings(temp::fresh_dir("match-state-check", name))
}

/// The match's flags (without `match`, the state file, `--resume`), and `extra` after them.
fn schedule_args(dir: &Path, extra: &[&str]) -> Vec<String> {
    let openings = path_arg(&dir.join("openings.pgn"));
    let mut args: Vec<String> = [
        "--variant",
        "schachdame",
        "--engine",
        &format!("cmd={KURIER} name=Shallow depth=1"),
        "--engine",
        &format!("cmd={KURIER} name=Deep depth=2"),
        "--games",
        "2",
        "--rounds",
        "4",
        "--openings",
        &openings,
        "order=random",
        "--seed",
        "3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// `kurier match ARGS`.
fn run(args: &[String]) -> Output {
    Command::new(KURIER)
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .env_remove("KURIER_CONFIG")
        .output()
        .expect("run kurier")
}

/// What a command made of a state file: accepted (its stdout) or refused (its message).
#[derive(Debug, PartialEq)]
enum Verdict {
    Accepted { stdout: String, stderr: String },
    Refused(String),
}

fn verdict(out: Output) -> Verdict {
    let stderr = text(&out.stderr);
    if out.status.success() {
        return Verdict::Accepted {
            stdout: text(&out.stdout),
            stderr,
        };
    }
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // Refused before anything was played.
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    let message = stderr
        .lines()
        .find_map(|l| l.strip_prefix("kurier: "))
        .unwrap_or_else(|| panic!("no error message in {stderr}"));
    Verdict::Refused(message.to_string())
}

/// `--merge-state FILE`.
fn merge(state: &Path) -> Verdict {
    verdict(run(&["--merge-state".to_string(), path_arg(state)]))
}

/// The match of `args` continued from `state` with `--resume`.
fn resume(args: &[String], state: &Path) -> Verdict {
    let mut a = args.to_vec();
    a.extend(["--resume".to_string(), path_arg(state)]);
    verdict(run(&a))
}

/// The same command started again: `--state FILE`, continued since it exists.
fn restart(args: &[String], state: &Path) -> Verdict {
    let mut a = args.to_vec();
    a.extend(["--state".to_string(), path_arg(state)]);
    verdict(run(&a))
}

/// The tables of a run's stdout: everything after its first line (`Results: ..., played in
/// TIME` or `Merged ...`).
fn tables(stdout: &str) -> String {
    stdout.lines().skip(1).collect::<Vec<_>>().join("\n")
}

/// Plays the match of `args` with the state file `name` in `dir`: the file, as JSON.
fn played(dir: &Path, args: &[String], name: &str) -> Value {
    let state = dir.join(name);
    let mut a = args.to_vec();
    a.extend(["--state".to_string(), path_arg(&state)]);
    let out = run(&a);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap()
}

fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap();
    s.push('\n');
    s
}

/// The line (from 1) of the `k`-th (from 0) entry of `finished` whose game is `game` in the
/// pretty-printed `text`: the line of its `{`, just above `"game": N`.
fn entry_line(text: &str, game: u64, k: usize) -> usize {
    let wanted = format!("\"game\": {game},");
    // The index (from 0) of the `"game"` line is the line (from 1) of the `{` above it.
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == wanted)
        .nth(k)
        .unwrap_or_else(|| panic!("no entry {k} of game {game} in {text}"))
        .0
}

/// The line (from 1) of the first line of `text` that starts, trimmed, with `start`.
fn key_line(text: &str, start: &str) -> usize {
    text.lines()
        .position(|l| l.trim_start().starts_with(start))
        .unwrap_or_else(|| panic!("no {start} in {text}"))
        + 1
}

/// Refused alike by `--merge-state`, `--resume` and the same command started again, with a
/// message naming the file and holding every one of `expected`; the file is left as it was.
fn refused_alike(args: &[String], state: &Path, expected: &[String]) -> String {
    let before = std::fs::read(state).unwrap();
    let merged = merge(state);
    let Verdict::Refused(message) = &merged else {
        panic!("--merge-state accepted {}: {merged:?}", state.display());
    };
    assert_eq!(
        resume(args, state),
        merged,
        "--resume of {}",
        state.display()
    );
    assert_eq!(restart(args, state), merged, "--state {}", state.display());
    assert!(
        message.starts_with(&path_arg(state)),
        "the message names the file: {message}"
    );
    for e in expected {
        assert!(message.contains(e.as_str()), "{e:?} not in: {message}");
    }
    assert_eq!(std::fs::read(state).unwrap(), before, "{}", state.display());
    message.clone()
}

#[test]
fn each_damage_is_refused_alike_on_every_path() {
    let dir = temp_dir("damage");
    let args = schedule_args(&dir, &[]);
    let base = played(&dir, &args, "base.state.json");
    assert_eq!(base["complete"], true);
    assert_eq!(base["finished"].as_array().unwrap().len(), GAMES);
    // The valid file is accepted by both, with the same tables.
    let valid = dir.join("base.state.json");
    let (
        Verdict::Accepted { stdout: merged, .. },
        Verdict::Accepted {
            stdout: resumed, ..
        },
    ) = (merge(&valid), resume(&args, &valid))
    else {
        panic!("the match's own state file is refused");
    };
    assert_eq!(tables(&merged), tables(&resumed));

    let case = |name: &str, edit: &dyn Fn(&mut Value)| -> (PathBuf, String) {
        let mut v = base.clone();
        edit(&mut v);
        let path = dir.join(format!("{name}.state.json"));
        let t = pretty(&v);
        std::fs::write(&path, &t).unwrap();
        (path, t)
    };
    let s = |x: &str| x.to_string();

    // The file: a game listed twice, "9 of 8 games".
    let (path, t) = case("twice", &|v| {
        let copy = v["finished"][2].clone();
        v["finished"].as_array_mut().unwrap().push(copy);
    });
    let first = entry_line(&t, 3, 0);
    let second = entry_line(&t, 3, 1);
    refused_alike(
        &args,
        &path,
        &[
            format!("line {second}: game 3 is listed twice (first at line {first})"),
            s("twice"),
        ],
    );
    // Twice, once complete=false and one game fewer (the resumed run would count 8 of 8 and
    // play nothing, the merge 7).
    let (path, t) = case("twice-incomplete", &|v| {
        let copy = v["finished"][0].clone();
        let list = v["finished"].as_array_mut().unwrap();
        list.pop();
        list.push(copy);
        v["complete"] = json!(false);
    });
    refused_alike(
        &args,
        &path,
        &[format!(
            "line {}: game 1 is listed twice",
            entry_line(&t, 1, 1)
        )],
    );
    // A game outside the schedule, and game 0.
    for number in [9, 0] {
        let (path, t) = case(&format!("outside-{number}"), &|v| {
            v["finished"][5]["game"] = json!(number)
        });
        refused_alike(
            &args,
            &path,
            &[format!(
                "line {}: game {number} is not a game of the schedule (games 1 to {GAMES})",
                entry_line(&t, number, 0)
            )],
        );
    }
    // A result that is none, a result of no game, and an unknown termination.
    for (name, key, value) in [
        ("result", "result", "1-1"),
        ("star", "result", "*"),
        ("termination", "termination", "gremlins"),
    ] {
        let (path, t) = case(name, &|v| v["finished"][1][key] = json!(value));
        refused_alike(
            &args,
            &path,
            &[
                format!("line {}: game 2", entry_line(&t, 2, 0)),
                format!("'{value}'"),
            ],
        );
    }
    // Complete while games are missing (no SPRT could have ended the match early).
    let (path, t) = case("complete-missing", &|v| {
        let list = v["finished"].as_array_mut().unwrap();
        list.remove(6);
        list.remove(4);
    });
    refused_alike(
        &args,
        &path,
        &[format!(
            "line {}: complete, but games 5, 7 are missing",
            key_line(&t, "\"complete\"")
        )],
    );
    // A wrong total.
    let (path, t) = case("total", &|v| v["schedule"]["total"] = json!(9));
    refused_alike(
        &args,
        &path,
        &[format!(
            "line {}: total 9, but the schedule has {GAMES} games",
            key_line(&t, "\"total\"")
        )],
    );
    // An unknown tournament.
    let (path, t) = case("tournament", &|v| {
        v["schedule"]["tournament"] = json!("swiss")
    });
    refused_alike(
        &args,
        &path,
        &[format!(
            "line {}: tournament 'swiss'",
            key_line(&t, "\"tournament\"")
        )],
    );
    // Unknown keys, at the top and in a game.
    let (path, t) = case("unknown", &|v| v["comment"] = json!("hand-edited"));
    refused_alike(
        &args,
        &path,
        &[format!(
            "line {}: unknown key 'comment'",
            key_line(&t, "\"comment\"")
        )],
    );
    let (path, t) = case("unknown-in-game", &|v| v["finished"][3]["elo"] = json!(5));
    refused_alike(
        &args,
        &path,
        &[format!(
            "line {}: unknown key 'elo'",
            key_line(&t, "\"elo\"")
        )],
    );
    // A repeated key: the second `complete` would silently win.
    let path = dir.join("repeated.state.json");
    let t = pretty(&base).replacen(
        "\"complete\": true,",
        "\"complete\": true,\n  \"complete\": false,",
        1,
    );
    std::fs::write(&path, &t).unwrap();
    refused_alike(
        &args,
        &path,
        &[format!(
            "line {}: the key 'complete' is repeated",
            key_line(&t, "\"complete\"") + 1
        )],
    );
    // A file cut short, in the middle of the games.
    let path = dir.join("cut.state.json");
    let whole = pretty(&base);
    let t = &whole[..whole.len() * 3 / 4];
    std::fs::write(&path, t).unwrap();
    refused_alike(
        &args,
        &path,
        &[format!(
            "line {}: the file is cut short",
            t.matches('\n').count() + 1
        )],
    );

    // A shard's file with a game of the other shard.
    let shard_args = schedule_args(&dir, &["--shard", "1/2"]);
    let shard = played(&dir, &shard_args, "shard-1.state.json");
    let games: Vec<u64> = shard["finished"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_u64().unwrap())
        .collect();
    // Pairs 0 and 2 (games 1-2 and 5-6) are shard 1's.
    assert_eq!(games, [1, 2, 5, 6]);
    let mut v = shard.clone();
    let mut foreign = v["finished"][1].clone();
    foreign["game"] = json!(3);
    v["finished"].as_array_mut().unwrap().insert(2, foreign);
    let path = dir.join("foreign.state.json");
    let t = pretty(&v);
    std::fs::write(&path, &t).unwrap();
    refused_alike(
        &shard_args,
        &path,
        &[format!(
            "line {}: game 3 is of shard 2/2, not of this file's shard 1/2",
            entry_line(&t, 3, 0)
        )],
    );
    // A shard that is none.
    let mut v = shard.clone();
    v["shard"]["index"] = json!(3);
    let path = dir.join("shard-3-of-2.state.json");
    let t = pretty(&v);
    std::fs::write(&path, &t).unwrap();
    refused_alike(
        &shard_args,
        &path,
        &[format!("line {}: shard 3/2", key_line(&t, "\"shard\""))],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_pooled_sprt_passes_over_a_damaged_shard_file_saying_why() {
    let dir = temp_dir("pool");
    let args = schedule_args(&dir, &["--sprt", "elo0=-20", "elo1=20"]);
    let shard_args = |k: usize| {
        let mut a = args.clone();
        a.extend(["--shard".to_string(), format!("{k}/2")]);
        a
    };
    let mut v = played(&dir, &shard_args(2), "shard-2.state.json");
    let copy = v["finished"][0].clone();
    v["finished"].as_array_mut().unwrap().push(copy);
    let damaged = dir.join("shard-2.state.json");
    std::fs::write(&damaged, pretty(&v)).unwrap();
    let Verdict::Refused(message) = merge(&damaged) else {
        panic!("--merge-state accepted the damaged file");
    };
    assert!(message.contains("listed twice"), "{message}");
    // Shard 1 plays its games; between them it reads shard 2's file, and passes it over.
    let mut a = shard_args(1);
    a.extend([
        "--state".to_string(),
        path_arg(&dir.join("shard-1.state.json")),
    ]);
    let out = run(&a);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let warning = format!("kurier match: warning: not pooled: {message}");
    assert!(stderr.contains(&warning), "{warning:?} not in:\n{stderr}");
    // Said once, not after every game.
    assert_eq!(stderr.matches(&warning).count(), 1, "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// One random edit of a state file.
#[derive(Clone, Debug)]
enum Edit {
    /// Drops entry `i` (modulo the entries).
    Remove(usize),
    /// Appends a copy of entry `i`.
    Duplicate(usize),
    /// Gives entry `i` game number `n`.
    Renumber(usize, u64),
    /// Gives entry `i` the result `r`.
    Result(usize, &'static str),
    /// Gives entry `i` the termination `t`.
    Termination(usize, &'static str),
    /// Sets `complete`.
    Complete(bool),
    /// Sets the schedule's `total`.
    Total(u64),
    /// Adds a key nobody knows.
    ExtraKey,
    /// Swaps two entries.
    Swap(usize, usize),
}

/// Results: three of games, `*` (no result: not in a state file) and one of nothing.
const RESULTS: [&str; 5] = ["1-0", "0-1", "1/2-1/2", "*", "2-0"];
/// Terminations: three Kurier writes and one it does not.
const TERMINATIONS: [&str; 4] = ["normal", "adjudication", "time forfeit", "bogus"];

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (0..GAMES).prop_map(Edit::Remove),
        1 => (0..GAMES).prop_map(Edit::Duplicate),
        2 => (0..GAMES, 0..=GAMES as u64 + 1).prop_map(|(i, n)| Edit::Renumber(i, n)),
        3 => (0..GAMES, prop::sample::select(&RESULTS[..]))
            .prop_map(|(i, r)| Edit::Result(i, r)),
        1 => (0..GAMES, prop::sample::select(&TERMINATIONS[..]))
            .prop_map(|(i, t)| Edit::Termination(i, t)),
        3 => any::<bool>().prop_map(Edit::Complete),
        1 => (GAMES as u64 - 1..=GAMES as u64 + 1).prop_map(Edit::Total),
        1 => Just(Edit::ExtraKey),
        2 => (0..GAMES, 0..GAMES).prop_map(|(i, j)| Edit::Swap(i, j)),
    ]
}

fn apply(v: &mut Value, e: &Edit) {
    let list = v["finished"].as_array_mut().unwrap();
    let n = list.len();
    match *e {
        Edit::Remove(i) if n > 0 => {
            list.remove(i % n);
        }
        Edit::Duplicate(i) if n > 0 => {
            let copy = list[i % n].clone();
            list.push(copy);
        }
        Edit::Renumber(i, g) if n > 0 => list[i % n]["game"] = json!(g),
        Edit::Result(i, r) if n > 0 => list[i % n]["result"] = json!(r),
        Edit::Termination(i, t) if n > 0 => list[i % n]["termination"] = json!(t),
        Edit::Swap(i, j) if n > 0 => list.swap(i % n, j % n),
        Edit::Complete(c) => v["complete"] = json!(c),
        Edit::Total(t) => v["schedule"]["total"] = json!(t),
        Edit::ExtraKey => v["notes"] = json!("edited"),
        _ => {}
    }
}

/// The dir, the match's arguments and its complete state file, made once for every case.
fn proptest_base() -> &'static (PathBuf, Vec<String>, Value) {
    static BASE: std::sync::OnceLock<(PathBuf, Vec<String>, Value)> = std::sync::OnceLock::new();
    BASE.get_or_init(|| {
        // Under the target directory: the cases share it, and no test is left to remove it.
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("match-state-check-random-edits");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let dir = with_openings(dir);
        let args = schedule_args(&dir, &[]);
        let base = played(&dir, &args, "base.state.json");
        (dir, args, base)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_edits_get_one_verdict_from_resume_and_merge(
        edits in prop::collection::vec(edit(), 1..=3)
    ) {
        let (dir, args, base) = proptest_base();
        let mut v = base.clone();
        for e in &edits {
            apply(&mut v, e);
        }
        let path = dir.join("edited.state.json");
        std::fs::write(&path, pretty(&v)).unwrap();
        let merged = merge(&path);
        // The file as the resumed run will leave it: the edited games, and the base's for the
        // games it lacks (the same engines play them again the same way).
        let expected = match &merged {
            Verdict::Accepted { stdout, .. } => {
                let mut filled = v.clone();
                let list = filled["finished"].as_array_mut().unwrap();
                let have: Vec<u64> = list.iter().map(|g| g["game"].as_u64().unwrap()).collect();
                for g in base["finished"].as_array().unwrap() {
                    if !have.contains(&g["game"].as_u64().unwrap()) {
                        list.push(g.clone());
                    }
                }
                filled["complete"] = json!(true);
                let filled_path = dir.join("filled.state.json");
                std::fs::write(&filled_path, pretty(&filled)).unwrap();
                let Verdict::Accepted { stdout: all, .. } = merge(&filled_path) else {
                    panic!("the filled file is refused: {edits:?}");
                };
                Some((stdout.clone(), have.len(), all))
            }
            Verdict::Refused(_) => None,
        };
        let resumed = resume(args, &path);
        // How the cases fall (seen with --nocapture): both kinds must come up.
        eprintln!(
            "{:?}: {}",
            edits,
            if matches!(merged, Verdict::Refused(_)) { "refused" } else { "accepted" }
        );
        match (&merged, &resumed, expected) {
            (Verdict::Refused(a), Verdict::Refused(b), _) => prop_assert_eq!(a, b, "{:?}", edits),
            (
                Verdict::Accepted { .. },
                Verdict::Accepted { stdout, stderr },
                Some((merged_stdout, restored, all)),
            ) => {
                let counted =
                    format!("Merged 1 state files (the whole match): {restored} of {GAMES} games");
                prop_assert!(merged_stdout.starts_with(&counted), "{} {:?}", merged_stdout, edits);
                let resuming = format!("resuming {}: {restored} played", path.display());
                prop_assert!(stderr.contains(&resuming), "{} {:?}", stderr, edits);
                prop_assert_eq!(tables(stdout), tables(&all), "{:?}", edits);
            }
            _ => prop_assert!(
                false,
                "--merge-state: {:?}\n--resume: {:?}\n{:?}",
                merged,
                resumed,
                edits
            ),
        }
    }
}
