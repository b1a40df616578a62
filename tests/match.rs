//! `kurier match` through the real binary: Kurier against Kurier in every game over UCI and
//! XBoard at tiny limits, and stand-in engines (small `/bin/sh` scripts) that play an illegal
//! move, hang, crash or make a false claim — every game ends with the right result and reason,
//! the PGN replays, and the runner itself always returns.

#[path = "support/temp.rs"]
mod temp;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const KURIER: &str = env!("CARGO_BIN_EXE_kurier");

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    temp::fresh_dir("match", name)
}

/// Writes an executable shell script.
fn script(dir: &Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_string_lossy().into_owned()
}

struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

/// Runs `kurier ARGS`; panics if it does not return within `limit`.
fn kurier(args: &[&str], limit: Duration) -> Run {
    let dir = temp_dir(&format!("out-{}", rand_suffix()));
    let (out_path, err_path) = (dir.join("stdout"), dir.join("stderr"));
    let mut child = Command::new(KURIER)
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("run kurier");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "kurier {args:?} did not return within {limit:?}; stderr:\n{}",
                std::fs::read_to_string(&err_path).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let run = Run {
        ok: status.success(),
        stdout: std::fs::read_to_string(&out_path).unwrap(),
        stderr: std::fs::read_to_string(&err_path).unwrap(),
    };
    let _ = std::fs::remove_dir_all(&dir);
    run
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::SeqCst)
}

/// Plays a match and returns the run and the PGN text; the PGN must replay cleanly.
fn play(name: &str, args: &[&str], limit: Duration) -> (Run, String) {
    let dir = temp_dir(&format!("pgn-{name}-{}", rand_suffix()));
    let pgn = dir.join("games.pgn");
    let pgn_s = pgn.to_string_lossy().into_owned();
    let mut all: Vec<&str> = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--pgn", &pgn_s]);
    let run = kurier(&all, limit);
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    let replay = kurier(&["match", "--replay", &pgn_s], Duration::from_secs(30));
    assert!(
        replay.ok,
        "{name}: the PGN does not replay:\n{}\n{text}",
        replay.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
    (run, text)
}

/// The values of a tag in every game.
fn tags<'a>(pgn: &'a str, name: &str) -> Vec<&'a str> {
    let prefix = format!("[{name} \"");
    pgn.lines()
        .filter_map(|l| l.strip_prefix(prefix.as_str()))
        .map(|l| l.trim_end_matches("\"]"))
        .collect()
}

fn engine(cmd: &str, extra: &str) -> String {
    format!("cmd={cmd} {extra}")
}

#[test]
fn kurier_against_kurier_in_every_game_over_both_protocols() {
    for variant in ["schachdame", "courier", "dualcheckers"] {
        for (a, b) in [("uci", "uci"), ("xboard", "xboard"), ("uci", "xboard")] {
            let (run, pgn) = play(
                &format!("{variant}-{a}-{b}"),
                &[
                    "--variant",
                    variant,
                    "--engine",
                    &engine(KURIER, &format!("proto={a} name=K1")),
                    "--engine",
                    &engine(KURIER, &format!("proto={b} name=K2")),
                    "--depth",
                    "2",
                    "--games",
                    "2",
                ],
                Duration::from_secs(60),
            );
            assert!(run.ok, "{variant} {a}/{b}: {}\n{}", run.stdout, run.stderr);
            assert_eq!(tags(&pgn, "Variant"), vec![variant; 2]);
            // Both games end by the rules of the game, never by a protocol failure.
            assert_eq!(tags(&pgn, "Termination"), vec!["normal"; 2], "{pgn}");
            assert_eq!(tags(&pgn, "White"), vec!["K1", "K2"]);
            assert!(run.stdout.contains("K1"), "{}", run.stdout);
            assert!(run.stdout.contains("2 games; terminations: normal 2"));
            assert!(run.stderr.contains("[2/2]"), "{}", run.stderr);
        }
    }
}

#[test]
fn kurier_against_kurier_on_a_tiny_clock() {
    for (variant, proto) in [
        ("schachdame", "uci"),
        ("courier", "xboard"),
        ("dualcheckers", "uci"),
    ] {
        let (run, pgn) = play(
            &format!("clock-{variant}"),
            &[
                "--variant",
                variant,
                "--each",
                &format!("proto={proto}"),
                "--engine",
                &engine(KURIER, "name=K1"),
                "--engine",
                &engine(KURIER, "name=K2"),
                "--tc",
                "1+0.01",
                "--games",
                "1",
                "--timemargin",
                "300",
            ],
            Duration::from_secs(60),
        );
        assert!(run.ok, "{variant}: {}\n{}", run.stdout, run.stderr);
        assert_eq!(tags(&pgn, "TimeControl"), vec!["1+0.01"]);
        assert_eq!(tags(&pgn, "Termination"), vec!["normal"], "{pgn}");
    }
}

/// A UCI stand-in: answers the handshake, and on `go` runs `on_go`.
fn uci_stand_in(dir: &Path, name: &str, on_go: &str) -> String {
    script(
        dir,
        name,
        &format!(
            "while read -r line; do\n  case \"$line\" in\n    uci) echo 'id name {name}'; echo uciok;;\n    \
             isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
        ),
    )
}

/// Plays two games of `stand_in` against Kurier in Schachdame and checks that the stand-in lost
/// both with `termination` and a reason containing `why`.
fn stand_in_loses(name: &str, stand_in: &str, limits: &[&str], termination: &str, why: &str) {
    let mut args = vec!["--variant", "schachdame", "--engine", stand_in, "--engine"];
    let k = engine(KURIER, "name=Kurier");
    args.push(&k);
    args.extend_from_slice(limits);
    let start = Instant::now();
    let (run, pgn) = play(name, &args, Duration::from_secs(40));
    assert!(run.ok, "{name}: {}\n{}", run.stdout, run.stderr);
    assert_eq!(tags(&pgn, "Result"), vec!["0-1", "1-0"], "{name}: {pgn}");
    assert_eq!(
        tags(&pgn, "Termination"),
        vec![termination; 2],
        "{name}: {pgn}"
    );
    assert_eq!(pgn.matches(why).count(), 2, "{name}: {pgn}");
    // The table: the stand-in lost both games.
    let row = run
        .stdout
        .lines()
        .find(|l| l.starts_with(name))
        .unwrap_or_else(|| panic!("{name}: no table row in\n{}", run.stdout));
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&cols[2..6], &["2", "0", "0", "2"], "{row}");
    eprintln!("{name}: {:.1} s", start.elapsed().as_secs_f64());
}

#[test]
fn an_illegal_move_loses() {
    let dir = temp_dir("illegal");
    let cmd = uci_stand_in(&dir, "illegal", "echo 'bestmove a1a1'");
    stand_in_loses(
        "illegal",
        &engine(&cmd, "name=illegal"),
        &["--depth", "2"],
        "rules infraction",
        "makes an illegal move: 'a1a1' is illegal",
    );
    // The same over XBoard, with a move that is not even a move.
    let cmd = script(
        &dir,
        "illegal-xb",
        "while read -r line; do\n  case \"$line\" in\n    \
         protover*) echo 'feature ping=1 setboard=1 usermove=1 myname=\"illegal-xb\" done=1';;\n    \
         ping*) echo \"pong ${line#ping }\";;\n    go|usermove*) echo 'move zz';;\n    \
         quit) exit 0;;\n  esac\ndone\n",
    );
    stand_in_loses(
        "illegal-xb",
        &engine(&cmd, "proto=xboard name=illegal-xb"),
        &["--depth", "2"],
        "rules infraction",
        "makes an illegal move: 'zz' is not a move",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hang_loses_on_time_or_as_stalled() {
    let dir = temp_dir("hang");
    let cmd = uci_stand_in(&dir, "hang", ":");
    stand_in_loses(
        "hang",
        &engine(&cmd, "name=hang"),
        &["--tc", "0.5+0"],
        "time forfeit",
        "loses on time (no move within 0.600 s)",
    );
    stand_in_loses(
        "hang",
        &engine(&cmd, "name=hang"),
        &["--depth", "2", "--move-timeout", "0.5"],
        "stalled connection",
        "stalls: no move within 0.5 s",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    let dir = temp_dir("crash");
    let cmd = uci_stand_in(&dir, "crash", "exit 3");
    // The second game needs a fresh process: it must start and crash again.
    stand_in_loses(
        "crash",
        &engine(&cmd, "name=crash"),
        &["--depth", "2"],
        "abandoned",
        "crashed (the engine exited)",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_false_claim_loses() {
    let dir = temp_dir("claim");
    let cmd = script(
        &dir,
        "claim",
        "while read -r line; do\n  case \"$line\" in\n    \
         protover*) echo 'feature ping=1 setboard=1 usermove=1 done=1';;\n    \
         ping*) echo \"pong ${line#ping }\";;\n    go) echo '1/2-1/2 {Draw by repetition}';;\n    \
         quit) exit 0;;\n  esac\ndone\n",
    );
    stand_in_loses(
        "claim",
        &engine(&cmd, "proto=xboard name=claim"),
        &["--depth", "2"],
        "rules infraction",
        "makes a false claim: 1/2-1/2 (Draw by repetition)",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_command_lines_and_missing_engines_fail_fast() {
    let run = kurier(
        &[
            "match",
            "--variant",
            "courier",
            "--engine",
            "cmd=x",
            "--depth",
            "1",
        ],
        Duration::from_secs(10),
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("at least two --engine"),
        "{}",
        run.stderr
    );
    let run = kurier(
        &[
            "match",
            "--variant",
            "courier",
            "--engine",
            "cmd=/nonexistent/engine",
            "--engine",
            &engine(KURIER, ""),
            "--depth",
            "1",
        ],
        Duration::from_secs(20),
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("cannot start '/nonexistent/engine'"),
        "{}",
        run.stderr
    );
    let run = kurier(&["match", "--help"], Duration::from_secs(10));
    assert!(run.ok && run.stdout.contains("--replay"), "{}", run.stdout);
}

#[test]
fn match_command_lines_are_checked_before_any_engine_starts() {
    let code = |args: &[&str]| {
        let out = Command::new(KURIER)
            .arg("match")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("run kurier");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // Mistakes in the command line are usage errors (exit 2), found before any engine runs:
    // the engine here would not even start.
    let nowhere = "cmd=/nonexistent/engine";
    for (args, wanted) in [
        (
            &["--variant", "courier", "--depth", "1", "--engine", nowhere][..],
            "at least two --engine",
        ),
        (
            &[
                "--variant",
                "courier",
                "--depth",
                "1",
                "--engine",
                nowhere,
                "--engine",
                "cmd=b protp=uci",
            ],
            "'protp=uci' is not a known key=value word",
        ),
        (
            &[
                "--variant",
                "courier",
                "--engine",
                nowhere,
                "--engine",
                nowhere,
            ],
            "--engine 1: no limit",
        ),
        (
            &[
                "--variant",
                "courier",
                "--depth",
                "1",
                "--engine",
                nowhere,
                "--engine",
                nowhere,
                "--sprt",
                "elo0=5 elo1=1",
            ],
            "elo1 must be greater than elo0",
        ),
        (
            &["--replay", "x.pgn", "--engine", nowhere],
            "cannot be used with",
        ),
        (
            &[
                "--variant",
                "courier",
                "--depth=1",
                "--engine",
                nowhere,
                "--engine=cmd=b",
                "--gmaes",
                "4",
            ],
            "a similar argument exists: '--games'",
        ),
    ] {
        let (code, err) = code(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(wanted), "{args:?}: {err}");
        assert!(!err.contains("cannot start"), "{args:?}: {err}");
    }
}

#[test]
fn replay_rejects_a_tampered_pgn() {
    let dir = temp_dir("tamper");
    let pgn = dir.join("t.pgn");
    std::fs::write(
        &pgn,
        "[Variant \"courier\"]\n[Result \"1-0\"]\n\n1. b2b3 b7b5 1-0\n",
    )
    .unwrap();
    let run = kurier(
        &["match", "--replay", &pgn.to_string_lossy()],
        Duration::from_secs(10),
    );
    assert!(!run.ok);
    assert!(run.stdout.contains("MISMATCH"), "{}", run.stdout);
    assert!(
        run.stdout.contains("1 games checked, 1 mismatch"),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}
