//! `kurier match` when it is interrupted, and when an engine cannot start, through the real
//! binary (the behaviour is described in `crates/kurier-match/src/interrupt.rs`):
//!
//! - SIGINT or SIGTERM: no new game starts; the game in progress is played to its end (SIGINT)
//!   or stopped and written as `*` with `{interrupted}` (SIGTERM, or a second SIGINT); the PGN
//!   holds every finished game, the summary is printed as at a normal end, every engine process
//!   is gone — also one behind a wrapper that swallows `quit` and ignores the end of its input —
//!   and the exit status is 130 or 143. A second signal during a hung handshake ends the runner
//!   at once, engines killed. (Resuming: `tests/match_resume.rs`.)
//! - Ctrl-C at a terminal signals the whole foreground process group: the engines must not get
//!   it (they would die and the game in progress would be scored as a crash).
//! - An engine that cannot start (no such program, exits during the handshake) ends the match
//!   with exit status 1 and a message naming the engine; no game is made up for it.
//!
//! The processes are watched through `/proc` (Linux): before the signal, every descendant of the
//! runner is noted with its start time; after the runner exits, none may still run.

#[path = "support/temp.rs"]
mod temp;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const KURIER: &str = env!("CARGO_BIN_EXE_kurier");

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    temp::fresh_dir("match-interrupt", name)
}

/// Writes an executable shell script.
fn script(dir: &Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_string_lossy().into_owned()
}

/// Kurier itself, started through a shell that writes its pid.
fn plain_kurier(dir: &Path, name: &str) -> String {
    let pids = dir.join("pids").to_string_lossy().into_owned();
    script(
        dir,
        name,
        &format!("echo $$ >> '{pids}'\nexec '{KURIER}'\n"),
    )
}

/// Kurier behind a filter that swallows `quit`, ignores the end of its input and ignores
/// SIGINT and SIGTERM: only a kill ends it, and the kill must reach the whole group (the filter
/// and Kurier are children of the script).
fn stubborn_kurier(dir: &Path, name: &str) -> String {
    let pids = dir.join("pids").to_string_lossy().into_owned();
    script(
        dir,
        name,
        &format!(
            "echo $$ >> '{pids}'\ntrap '' INT TERM\n\
             {{ while read -r line; do [ \"$line\" = quit ] || printf '%s\\n' \"$line\"; done; \
             exec sleep 1000; }} | '{KURIER}'\n"
        ),
    )
}

/// A UCI stand-in that answers the handshake but never moves, swallows `quit`, ignores the end
/// of its input (it sleeps on) and SIGINT/SIGTERM.
fn hung_stand_in(dir: &Path, name: &str) -> String {
    let pids = dir.join("pids").to_string_lossy().into_owned();
    script(
        dir,
        name,
        &format!(
            "echo $$ >> '{pids}'\ntrap '' INT TERM\n\
             while read -r line; do\n  case \"$line\" in\n    \
             uci) echo 'id name {name}'; echo uciok;;\n    isready) echo readyok;;\n  esac\n\
             done\nexec sleep 1000\n"
        ),
    )
}

/// One process as `/proc` shows it: its parent, process group, state and start time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ProcInfo {
    pid: u32,
    ppid: u32,
    pgrp: u32,
    state: char,
    start: u64,
}

fn proc_info(pid: u32) -> Option<ProcInfo> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold blanks: the fields follow the last ')'.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(ProcInfo {
        pid,
        state: fields.first()?.chars().next()?,
        ppid: fields.get(1)?.parse().ok()?,
        pgrp: fields.get(2)?.parse().ok()?,
        start: fields.get(19)?.parse().ok()?,
    })
}

fn all_processes() -> Vec<ProcInfo> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(proc_info)
        .collect()
}

/// Every process below `root`, children of children included.
fn descendants(root: u32) -> Vec<ProcInfo> {
    let all = all_processes();
    let mut found: Vec<ProcInfo> = Vec::new();
    let mut frontier = vec![root];
    while let Some(parent) = frontier.pop() {
        for p in all.iter().filter(|p| p.ppid == parent) {
            found.push(*p);
            frontier.push(p.pid);
        }
    }
    found
}

/// The processes of `noted` that still run (the same pid with the same start time, not a
/// zombie).
fn still_running(noted: &[ProcInfo]) -> Vec<ProcInfo> {
    noted
        .iter()
        .filter_map(|p| proc_info(p.pid).filter(|now| now.start == p.start && now.state != 'Z'))
        .collect()
}

/// Kills what a failed test left behind, so that it does not outlive the test.
fn kill_left(left: &[ProcInfo]) {
    for p in left {
        let _ = Command::new("kill")
            .arg("-KILL")
            .arg(p.pid.to_string())
            .status();
    }
}

/// Asserts that none of `noted` still runs two seconds on (killing what does). The grace covers
/// only the kernel's teardown: a killed grandchild, reparented to init, can show as running for
/// a moment on a loaded machine before it is gone; one that was never killed is still there.
fn all_gone(noted: &[ProcInfo]) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    let mut left = still_running(noted);
    while !left.is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
        left = still_running(noted);
    }
    kill_left(&left);
    assert!(left.is_empty(), "left running: {left:?} of {noted:?}");
}

/// `kill -SIGNAL TARGET` (a negative target is a process group).
fn send(signal: &str, target: i64) {
    let status = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg("--")
        .arg(target.to_string())
        .status()
        .expect("run kill");
    assert!(status.success(), "kill -{signal} {target}");
}

/// A running `kurier match`, its output going to files.
struct Runner {
    child: Child,
    dir: PathBuf,
}

impl Runner {
    fn start(dir: &Path, args: &[&str], own_group: bool) -> Runner {
        let mut command = Command::new(KURIER);
        command
            .arg("match")
            .args(args)
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(dir.join("stdout")).unwrap())
            .stderr(std::fs::File::create(dir.join("stderr")).unwrap());
        if own_group {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        Runner {
            child: command.spawn().expect("run kurier"),
            dir: dir.to_path_buf(),
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    fn file(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name)).unwrap_or_default()
    }

    /// Waits until `ready` holds, checking every 20 ms; panics after `limit`.
    fn wait_until(&mut self, what: &str, limit: Duration, ready: impl Fn(&Runner) -> bool) {
        let start = Instant::now();
        while !ready(self) {
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!(
                    "kurier ended ({status}) before {what}:\n{}\n{}",
                    self.file("stdout"),
                    self.file("stderr")
                );
            }
            if start.elapsed() > limit {
                // Drop ends the runner and its engines.
                panic!("no {what} within {limit:?}:\n{}", self.file("stderr"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the runner to exit; its exit status and how long it took.
    fn wait_exit(&mut self, limit: Duration) -> (Option<i32>, Duration) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return (status.code(), start.elapsed());
            }
            if start.elapsed() > limit {
                // Drop ends the runner and its engines.
                panic!(
                    "kurier did not exit within {limit:?}:\n{}\n{}",
                    self.file("stdout"),
                    self.file("stderr")
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Runner {
    /// A test that failed with the runner still running: end it and its engines.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let left = descendants(self.pid());
            let _ = self.child.kill();
            let _ = self.child.wait();
            kill_left(&left);
        }
    }
}

/// The values of a tag in every game.
fn tags(pgn: &str, name: &str) -> Vec<String> {
    let prefix = format!("[{name} \"");
    pgn.lines()
        .filter_map(|l| l.strip_prefix(prefix.as_str()))
        .map(|l| l.trim_end_matches("\"]").to_string())
        .collect()
}

/// `--replay` accepts the PGN.
fn replays(pgn: &Path) {
    let out = Command::new(KURIER)
        .args(["match", "--replay", &pgn.to_string_lossy()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the PGN does not replay:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// The number of games played as the summary reports it: `..., N of M games played in ...`.
fn reported_games(stdout: &str) -> usize {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("Results:"))
        .unwrap_or_else(|| panic!("no summary in\n{stdout}"));
    let before = line.split(" of ").next().unwrap();
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

/// Plays Kurier against Kurier-that-ignores-quit, waits for two finished games, sends `signal`
/// (to the runner, or to its whole process group as a terminal's Ctrl-C does) and checks the
/// orderly end.
fn interrupted_match(name: &str, signal: &str, status: i32, to_group: bool) {
    let dir = temp_dir(name);
    let a = plain_kurier(&dir, "plain");
    let b = stubborn_kurier(&dir, "stubborn");
    let pgn = dir.join("games.pgn");
    let (ea, eb) = (
        format!("cmd={a} name=plain"),
        format!("cmd={b} name=stubborn"),
    );
    let pgn_s = pgn.to_string_lossy().into_owned();
    let mut runner = Runner::start(
        &dir,
        &[
            "--variant",
            "schachdame",
            "--engine",
            &ea,
            "--engine",
            &eb,
            "--tc",
            "2+0.05",
            "--games",
            "400",
            "--pgn",
            &pgn_s,
        ],
        to_group,
    );
    let finished = |r: &Runner| {
        let text = r.file("games.pgn");
        // Two games written and the third under way: both engines running.
        text.matches("[Result").count() >= 2
            && descendants(r.pid())
                .iter()
                .filter(|p| p.state != 'Z')
                .count()
                >= 4
    };
    runner.wait_until("two finished games", Duration::from_secs(120), finished);
    // A moment into the third game, then the signal.
    std::thread::sleep(Duration::from_millis(300));
    let engines = descendants(runner.pid());
    assert!(engines.len() >= 4, "{engines:?}");
    let target = if to_group {
        -i64::from(runner.pid())
    } else {
        i64::from(runner.pid())
    };
    send(signal, target);
    let (code, took) = runner.wait_exit(Duration::from_secs(20));
    let (stdout, stderr) = (runner.file("stdout"), runner.file("stderr"));
    assert_eq!(code, Some(status), "{stdout}\n{stderr}");
    eprintln!("{name}: exited {took:?} after {signal}");
    // The summary, as at a normal end.
    assert!(stdout.contains("Engine    Opponent"), "{stdout}");
    assert!(stdout.contains("games; terminations:"), "{stdout}");
    assert!(stdout.contains("Interrupted by"), "{stdout}");
    assert!(stderr.contains(&format!("SIG{signal}")), "{stderr}");
    // Every finished game in the PGN, the one in progress as `*` {interrupted}.
    let text = std::fs::read_to_string(&pgn).unwrap();
    let results = tags(&text, "Result");
    let done = results.iter().filter(|r| *r != "*").count();
    assert_eq!(done, reported_games(&stdout), "{text}\n{stdout}");
    assert!(done >= 2, "{text}");
    let unfinished = results.iter().filter(|r| *r == "*").count();
    assert!(unfinished <= 1, "{text}");
    assert_eq!(
        text.matches("{interrupted} *").count(),
        unfinished,
        "{text}"
    );
    // Nobody lost by a crash: the engines did not get the signal.
    assert!(!text.contains("abandoned"), "{text}");
    assert!(!text.contains("crashed"), "{text}");
    replays(&pgn);
    // No engine process is left, nor any process the engines started.
    all_gone(&engines);
    let pids = runner.file("pids");
    assert_eq!(
        pids.lines().count(),
        2,
        "the engines were started once each"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigint_stops_the_match_in_order_and_exits_130() {
    interrupted_match("sigint", "INT", 130, false);
}

#[test]
fn sigterm_stops_the_match_in_order_and_exits_143() {
    interrupted_match("sigterm", "TERM", 143, false);
}

#[test]
fn ctrl_c_at_a_terminal_does_not_reach_the_engines() {
    interrupted_match("ctrl-c", "INT", 130, true);
}

#[test]
fn an_engine_that_never_moves_nor_quits_is_killed() {
    let dir = temp_dir("hung");
    let hung = hung_stand_in(&dir, "hung");
    let k = plain_kurier(&dir, "plain");
    let pgn = dir.join("games.pgn");
    let (ea, eb) = (
        format!("cmd={hung} name=hung"),
        format!("cmd={k} name=plain"),
    );
    let pgn_s = pgn.to_string_lossy().into_owned();
    let mut runner = Runner::start(
        &dir,
        &[
            "--variant",
            "courier",
            "--engine",
            &ea,
            "--engine",
            &eb,
            "--depth",
            "2",
            "--move-timeout",
            "100",
            "--pgn",
            &pgn_s,
        ],
        false,
    );
    runner.wait_until("both engines", Duration::from_secs(20), |r| {
        r.file("pids").lines().count() == 2
    });
    // The hung engine has White: the runner waits for its first move.
    std::thread::sleep(Duration::from_millis(500));
    let engines = descendants(runner.pid());
    send("TERM", i64::from(runner.pid()));
    let (code, took) = runner.wait_exit(Duration::from_secs(10));
    let stdout = runner.file("stdout");
    assert_eq!(code, Some(143), "{stdout}\n{}", runner.file("stderr"));
    // quit, a grace period, then the kill: well within the move timeout.
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(reported_games(&stdout), 0, "{stdout}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(tags(&text, "Result"), vec!["*"], "{text}");
    assert_eq!(tags(&text, "Termination"), vec!["unterminated"], "{text}");
    assert!(text.contains("{interrupted} *"), "{text}");
    replays(&pgn);
    all_gone(&engines);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_second_signal_exits_at_once() {
    let dir = temp_dir("second");
    // Never answers `uci`: the runner waits up to its start-up timeout (10 s) for `uciok`.
    let pids = dir.join("pids").to_string_lossy().into_owned();
    let mute = script(
        &dir,
        "mute",
        &format!("echo $$ >> '{pids}'\ntrap '' INT TERM\nexec sleep 1000\n"),
    );
    let k = plain_kurier(&dir, "plain");
    let (ea, eb) = (
        format!("cmd={k} name=plain"),
        format!("cmd={mute} name=mute"),
    );
    let mut runner = Runner::start(
        &dir,
        &[
            "--variant",
            "schachdame",
            "--engine",
            &ea,
            "--engine",
            &eb,
            "--depth",
            "1",
        ],
        false,
    );
    runner.wait_until("both engines", Duration::from_secs(20), |r| {
        r.file("pids").lines().count() == 2
    });
    std::thread::sleep(Duration::from_millis(200));
    let engines = descendants(runner.pid());
    assert!(engines.len() >= 2, "{engines:?}");
    send("INT", i64::from(runner.pid()));
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        runner.child.try_wait().unwrap().is_none(),
        "the first signal waits for the engines"
    );
    send("INT", i64::from(runner.pid()));
    let (code, took) = runner.wait_exit(Duration::from_secs(5));
    assert_eq!(code, Some(130), "{}", runner.file("stderr"));
    assert!(took < Duration::from_secs(2), "{took:?}");
    all_gone(&engines);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs a match that must fail at once with exit status 1; returns stderr and the PGN.
fn failing_match(dir: &Path, engines: [&str; 2], games: &str) -> (String, String) {
    let pgn = dir.join("games.pgn");
    let pgn_s = pgn.to_string_lossy().into_owned();
    let mut runner = Runner::start(
        dir,
        &[
            "--variant",
            "courier",
            "--engine",
            engines[0],
            "--engine",
            engines[1],
            "--depth",
            "1",
            "--games",
            games,
            "--pgn",
            &pgn_s,
        ],
        false,
    );
    let (code, _) = runner.wait_exit(Duration::from_secs(30));
    let stderr = runner.file("stderr");
    assert_eq!(code, Some(1), "{}\n{stderr}", runner.file("stdout"));
    (stderr, std::fs::read_to_string(&pgn).unwrap_or_default())
}

#[test]
fn an_engine_that_cannot_start_ends_the_match() {
    let dir = temp_dir("nostart");
    let k = format!("cmd={} name=plain", plain_kurier(&dir, "plain"));
    // No such program.
    let (stderr, pgn) = failing_match(&dir, [&k, "cmd=/nonexistent/engine name=ghost"], "4");
    assert!(
        stderr.contains("engine 'ghost' cannot start: cannot start '/nonexistent/engine'"),
        "{stderr}"
    );
    assert!(stderr.contains("No such file"), "{stderr}");
    assert!(!pgn.contains("abandoned") && !pgn.contains("1-0"), "{pgn}");
    assert_eq!(tags(&pgn, "Result").len(), 0, "{pgn}");
    // Exits during the handshake.
    let crash = script(&dir, "crash", "read -r line\nexit 3\n");
    let crash = format!("cmd={crash} name=crashy");
    let (stderr, pgn) = failing_match(&dir, [&crash, &k], "4");
    assert!(
        stderr.contains(
            "engine 'crashy' cannot start: the engine exited while the runner waited for uciok"
        ),
        "{stderr}"
    );
    assert_eq!(tags(&pgn, "Result").len(), 0, "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_cannot_restart_ends_the_match_after_the_games_played() {
    let dir = temp_dir("norestart");
    let k = format!("cmd={} name=plain", plain_kurier(&dir, "plain"));
    // Starts once, crashes at its first `go` (a real forfeit), then never starts again.
    let once = dir.join("started").to_string_lossy().into_owned();
    let flaky = script(
        &dir,
        "flaky",
        &format!(
            "[ -e '{once}' ] && exit 1\ntouch '{once}'\n\
             while read -r line; do\n  case \"$line\" in\n    \
             uci) echo 'id name flaky'; echo uciok;;\n    isready) echo readyok;;\n    \
             go*) exit 3;;\n  esac\ndone\n"
        ),
    );
    let flaky = format!("cmd={flaky} name=flaky");
    let (stderr, pgn) = failing_match(&dir, [&flaky, &k], "4");
    assert!(stderr.contains("engine 'flaky' cannot start"), "{stderr}");
    // The one game played is in the PGN; no game is made up for the engine that did not start.
    assert_eq!(tags(&pgn, "Result"), vec!["0-1"], "{pgn}");
    assert!(pgn.contains("White crashed"), "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}
