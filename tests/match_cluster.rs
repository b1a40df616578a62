//! `kurier match` on a cluster, through the real binary (`crates/kurier-match/src/pool.rs`,
//! `state.rs`, `tools/slurm_match.sh`; the Slurm run itself is `tools/slurm_match_test.sh`,
//! which CI runs):
//!
//! - shards of one match with an SPRT, running at once with their state files in one
//!   directory, all stop once the pooled SPRT decides — each far before the end of its share,
//!   each saying so — and a shard started after the decision plays nothing;
//! - the README shows the job script `tools/slurm_match.sh` as it is;
//! - a closed stdout (`kurier match --merge ... | head`) ends every command quietly: exit 0,
//!   nothing on stderr;
//! - `--recover` and `--shard` are described as they are read.

#[path = "support/temp.rs"]
mod temp;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const KURIER: &str = env!("CARGO_BIN_EXE_kurier");

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn path_arg(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// A match that its SPRT decides after a few dozen games: Kurier at depth 4 against depth 1,
/// H1 of a large difference, 120 colour-reversed pairs if it did not stop.
fn sprt_match(dir: &Path) -> Vec<String> {
    let book = dir.join("openings.pgn");
    std::fs::write(
        &book,
        "1. b2a3 *\n\n1. d2c3 *\n\n1. f2e3 *\n\n1. d2e3 *\n\n1. b2c3 *\n\n1. h2g3 *\n",
    )
    .unwrap();
    [
        "--variant",
        "schachdame",
        "--engine",
        &format!("cmd={KURIER} name=Deep depth=4"),
        "--engine",
        &format!("cmd={KURIER} name=Shallow depth=1"),
        "--games",
        "2",
        "--rounds",
        "120",
        "--openings",
        &path_arg(&book),
        "order=random",
        "--sprt",
        "elo0=0",
        "elo1=150",
        "alpha=0.1",
        "beta=0.1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// `kurier match ARGS --shard K/N --pgn DIR/shard-K.pgn`, started.
fn shard(dir: &Path, args: &[String], k: usize, n: usize) -> std::process::Child {
    Command::new(KURIER)
        .arg("match")
        .args(args)
        .args(["--shard", &format!("{k}/{n}"), "--pgn"])
        .arg(dir.join(format!("shard-{k}.pgn")))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kurier")
}

fn finished(state: &Path) -> usize {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(state).unwrap()).unwrap();
    assert_eq!(json["complete"], true, "{state:?} is not complete");
    json["finished"].as_array().unwrap().len()
}

#[test]
fn shards_stop_together_once_the_pooled_sprt_decides() {
    let dir = temp::fresh_dir("match-cluster", "pool");
    let args = sprt_match(&dir);
    // Shards 1 and 2 of 3 at once; each would play 80 games without the pooled SPRT.
    let runs: Vec<Output> = [1, 2]
        .map(|k| shard(&dir, &args, k, 3))
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let mut played = 0;
    for (k, out) in (1..).zip(&runs) {
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(out.status.success(), "shard {k}: {stderr}");
        let stopped = format!("Shard {k}/3 stopped: the pooled SPRT of shards ");
        assert!(stdout.contains(&stopped), "shard {k}: {stdout}");
        assert!(stdout.contains("H1 accepted"), "{stdout}");
        assert!(
            stderr.contains(&format!("kurier match: shard {k}/3: the pooled SPRT")),
            "{stderr}"
        );
        let n = finished(&dir.join(format!("shard-{k}.state.json")));
        assert!(n < 80, "shard {k} played {n} games: it did not stop");
        played += n;
    }
    // Each read the other's state file.
    assert!(runs
        .iter()
        .all(|o| text(&o.stdout).contains("shards 1, 2 of 3")));
    // Shard 3, started after the decision, plays nothing.
    let late = shard(&dir, &args, 3, 3).wait_with_output().unwrap();
    assert!(late.status.success(), "{}", text(&late.stderr));
    assert!(
        text(&late.stderr).contains("kurier match: shard 3/3: the pooled SPRT of shards 1, 2, 3"),
        "{}",
        text(&late.stderr)
    );
    assert!(text(&late.stderr).contains("nothing to play"));
    assert_eq!(finished(&dir.join("shard-3.state.json")), 0);
    // The merged state files: the games played, the SPRT decided.
    let merged = Command::new(KURIER)
        .arg("match")
        .arg("--merge-state")
        .args((1..=3).map(|k| dir.join(format!("shard-{k}.state.json"))))
        .output()
        .unwrap();
    let merged = text(&merged.stdout);
    assert!(
        merged.starts_with(&format!(
            "Merged 3 state files (shard 1/3, shard 2/3, shard 3/3): {played} of 240 games"
        )),
        "{merged}"
    );
    assert!(merged.contains("H1 accepted"), "{merged}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The fenced block of docs/usage.md (where the README sends the cluster user) that follows
/// `marker`.
fn readme_block_after(marker: &str) -> String {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/usage.md"))
            .unwrap();
    let at = readme.find(marker).expect("the marker is in docs/usage.md");
    let rest = &readme[at..];
    let open = rest.find("```").unwrap();
    let body = &rest[open..];
    let start = body.find('\n').unwrap() + 1;
    let end = body[start..].find("```").unwrap();
    body[start..start + end].trim_end().to_string()
}

#[test]
fn the_readme_shows_the_job_script_as_it_is() {
    let script =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/slurm_match.sh"))
            .unwrap();
    let shown = readme_block_after("[`tools/slurm_match.sh`](../tools/slurm_match.sh)");
    let shown: Vec<&str> = shown
        .lines()
        .map(|l| l.strip_prefix("  ").unwrap_or(l))
        .collect();
    assert_eq!(shown.join("\n") + "\n", script);
}

/// Runs `kurier ARGS` with its stdout a pipe whose reader is already closed.
fn to_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(KURIER)
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run kurier")
}

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let dir = temp::fresh_dir("match-cluster", "pipe");
    let pgn: PathBuf = dir.join("games.pgn");
    let played = Command::new(KURIER)
        .args([
            "match",
            "--variant",
            "schachdame",
            "--games",
            "2",
            "--rounds",
            "1",
        ])
        .args(["--engine", &format!("cmd={KURIER} depth=1")])
        .args(["--engine", &format!("cmd={KURIER} depth=1")])
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .unwrap();
    assert!(played.status.success(), "{}", text(&played.stderr));
    let state = path_arg(&pgn.with_extension("state.json"));
    let pgn = path_arg(&pgn);
    for args in [
        vec!["match", "--merge", &pgn],
        vec!["match", "--merge-state", &state],
        vec!["match", "--replay", &pgn],
        vec!["perft", "--variant", "courier", "--depth", "3", "--divide"],
        vec!["perft", "--variant", "dualcheckers", "--depth", "2"],
        vec!["bench", "--variant", "schachdame", "--depth", "1"],
        vec!["match", "--help"],
    ] {
        let out = to_closed_pipe(&args);
        let stderr = text(&out.stderr);
        assert!(
            out.status.success(),
            "kurier {args:?}: {} {stderr}",
            out.status
        );
        assert!(!stderr.contains("Broken pipe"), "kurier {args:?}: {stderr}");
        assert!(!stderr.contains("kurier:"), "kurier {args:?}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn recover_and_shard_are_described_as_they_are_read() {
    let help = Command::new(KURIER)
        .args(["match", "--help"])
        .output()
        .unwrap();
    let help = text(&help.stdout);
    let recover = help
        .split("--recover")
        .nth(1)
        .and_then(|s| s.split("\n      --").next())
        .unwrap_or_default();
    assert!(recover.starts_with(" <on|off>"), "{recover}");
    assert!(!recover.contains("true"), "{recover}");
    let shard = help
        .split("--shard <K/N>")
        .nth(1)
        .and_then(|s| s.split("\n      --").next())
        .unwrap_or_default();
    assert!(shard.contains("K from 1 to N"), "{shard}");
    assert!(!shard.contains("from 0"), "{shard}");
    // on and off are read, and nothing else.
    for (value, ok) in [("on", true), ("off", true), ("true", false), ("yes", false)] {
        let out = Command::new(KURIER)
            .args(["match", "--variant", "schachdame", "--recover", value])
            .args([
                "--engine",
                "cmd=/nonexistent/a",
                "--engine",
                "cmd=/nonexistent/b",
            ])
            .output()
            .unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(
            !stderr.contains("invalid value"),
            ok,
            "--recover {value}: {stderr}"
        );
    }
}
