//! Files that are not files, through the real binary: `--config /dev/zero`, an engine.toml or
//! an `EvalFile` that is a FIFO with no writer, a directory, an empty perft suite. Each is refused
//! at once with the reason; the engine answers on the protocol and goes on (`quit` included).

#[path = "support/engine.rs"]
#[allow(dead_code)]
mod engine;
#[path = "support/temp.rs"]
mod temp;

use engine::Engine;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(10);

fn fifo(dir: &Path) -> PathBuf {
    let path = dir.join("fifo");
    let status = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    path
}

/// `kurier --config PATH`, `uci`, `quit`: the stderr, and how long it took.
fn with_config(path: &Path) -> (String, Duration) {
    let started = Instant::now();
    let mut e = Engine::start_with(&["--config", path.to_str().unwrap()], &[]);
    e.send("uci");
    e.expect("uciok", T);
    e.send("isready");
    e.expect("readyok", T);
    e.send("quit");
    let stderr = e.finish();
    (stderr, started.elapsed())
}

#[test]
fn config_dev_zero_is_refused_and_uci_answers() {
    let (stderr, took) = with_config(Path::new("/dev/zero"));
    assert!(
        stderr.contains("/dev/zero")
            && stderr.contains("not a regular file but a character device"),
        "{stderr}"
    );
    assert!(took < T, "{took:?}");
}

#[test]
fn config_fifo_and_directory_are_refused_without_waiting() {
    let dir = temp::fresh_dir("input-files", "config");
    let (stderr, _) = with_config(&fifo(&dir));
    assert!(
        stderr.contains("not a regular file but a FIFO (named pipe)"),
        "{stderr}"
    );
    let (stderr, _) = with_config(&dir);
    assert!(
        stderr.contains("not a regular file but a directory"),
        "{stderr}"
    );
}

#[test]
fn eval_file_fifo_is_refused_and_the_engine_plays_on() {
    let dir = temp::fresh_dir("input-files", "evalfile");
    let path = fifo(&dir);
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", T);
    e.send(&format!("setoption name EvalFile value {}", path.display()));
    e.send("isready");
    let lines = e.expect("readyok", T);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("not a regular file but a FIFO")),
        "{lines:?}"
    );
    e.send("position startpos");
    e.send("go depth 3");
    e.expect_prefix("bestmove ", T);
    e.send("quit");
    e.finish();
}

fn kurier(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(args)
        .output()
        .expect("kurier runs")
}

#[test]
fn an_empty_perft_suite_fails() {
    let dir = temp::fresh_dir("input-files", "suite");
    let file = dir.join("empty.epd");
    std::fs::write(&file, "# variant: courier\n\n# nothing else\n").unwrap();
    let out = kurier(&["perft-suite", file.to_str().unwrap()]);
    assert!(!out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no position to check"), "{stderr}");
}

#[test]
fn perft_threads_are_bounded() {
    for args in [
        [
            "perft",
            "--variant",
            "courier",
            "--depth",
            "1",
            "--threads",
            "2000",
        ],
        [
            "perft",
            "--variant",
            "courier",
            "--depth",
            "1",
            "--threads",
            "0",
        ],
    ] {
        let out = kurier(&args);
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("is not a thread count from 1 to 256"),
            "{stderr}"
        );
    }
    let out = kurier(&["perft-suite", "perft/courier.epd", "--threads", "257"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let out = kurier(&[
        "perft",
        "--variant",
        "courier",
        "--depth",
        "1",
        "--threads",
        "256",
    ]);
    assert!(out.status.success(), "{out:?}");
}
