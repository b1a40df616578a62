//! Regression tests for the protocol items of the reliability issue, each through the real
//! binary: a hash size the machine cannot give is said and the old table kept; a `level` with
//! an infinite or huge base is an error, not a crash; perft has a depth bound, runs on the search
//! thread and stops; a bad `go` never searches without limit; an over-long line is no command;
//! Courier is the built-in game; the XBoard short form of long Dual captures is an option.

#[path = "support/engine.rs"]
mod engine;

use engine::Engine;
use kurier_engine::protocol::session::AnyRecord;
use kurier_rules::game::Game;
use kurier_rules::games::Variant;
use kurier_rules::perft::MAX_DEPTH;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(10);

/// How soon `stop` must end a perft, and `isready` be answered while one runs (they took 20 s
/// and more when perft ran on the command thread). Generous: the machine is shared.
const PROMPT: Duration = Duration::from_millis(1500);

fn uci(variant: &str) -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", T);
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e.sync_uci();
    e
}

fn xboard() -> Engine {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1", T);
    e
}

/// What the kernel says this machine has available, in MB.
fn available_mb() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
}

/// Runs `kurier` on `script` (then end of input) with its address space limited to `kb` (so a
/// large table cannot be allocated); returns its stdout.
fn run_limited(script: &str, kb: u64) -> String {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\""))
        .arg(env!("CARGO_BIN_EXE_kurier"))
        .current_dir(std::env::temp_dir())
        .env_remove("KURIER_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sh starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("kurier did not finish its script");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    reader.join().unwrap()
}

/// A temporary options file holding `text`.
fn options_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kurier-proto-rel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

// ---- 1. Hash at the maximum: said on the wire, the old table kept on a refusal ----

#[test]
fn uci_hash_beyond_the_machine_is_said_and_shown() {
    let mut e = uci("courier");
    e.send("setoption name Hash value 65536");
    let lines = e.sync_uci();
    let said = lines.iter().find_map(|l| {
        l.strip_prefix("info string Hash 65536 MB is more than this machine can give; using ")
    });
    match said {
        Some(rest) => {
            let granted: u64 = rest.strip_suffix(" MB").unwrap().parse().unwrap();
            assert!(granted < 65536, "{rest}");
            // What the engine now shows is what it has.
            e.send("uci");
            let lines = e.expect("uciok", T);
            let hash = format!("option name Hash type spin default {granted} min 1 max 65536");
            assert!(lines.contains(&hash), "{lines:?}");
        }
        None => assert!(
            available_mb().is_some_and(|mb| mb * 3 / 4 >= 65536),
            "nothing said although the machine cannot give 64 GB: {lines:?}"
        ),
    }
    e.send("position startpos");
    e.send("go depth 3");
    e.expect_prefix("bestmove ", T);
    e.send("quit");
    e.finish();
}

#[test]
fn a_refused_hash_is_said_and_the_old_table_is_kept() {
    if available_mb().is_none_or(|mb| mb * 3 / 4 < 2048) {
        eprintln!("skipped: the machine itself caps the table below what the limit refuses");
        return;
    }
    // 1 GB of address space: no table of gigabytes can be had.
    let out = run_limited(
        "uci\nsetoption name Hash value 65536\nuci\nposition startpos\ngo depth 3\n",
        1 << 20,
    );
    let refusal = out
        .lines()
        .find(|l| l.starts_with("info string error: Hash 65536 MB cannot be had ("))
        .unwrap_or_else(|| panic!("no refusal: {out}"));
    assert!(refusal.ends_with("; keeping the 64 MB table"), "{refusal}");
    // The second `uci` still shows the table kept, and the engine still searches.
    assert_eq!(
        out.matches("option name Hash type spin default 64 min 1 max 65536")
            .count(),
        2,
        "{out}"
    );
    assert!(out.contains("\nbestmove "), "{out}");

    let out = run_limited(
        "xboard\nprotover 2\nmemory 65536\noption Hash=65536\nping 1\n",
        1 << 20,
    );
    let refusals: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("tellusererror Hash 65536 MB cannot be had ("))
        .collect();
    assert_eq!(refusals.len(), 2, "{out}");
    assert!(
        refusals
            .iter()
            .all(|l| l.ends_with("keeping the 64 MB table")),
        "{out}"
    );
    assert!(out.ends_with("pong 1\n"), "{out}");
}

#[test]
fn a_hash_from_engine_toml_beyond_the_machine_is_said_at_the_handshake() {
    if available_mb().is_none_or(|mb| mb * 3 / 4 >= 65536) {
        eprintln!("skipped: this machine can give 64 GB");
        return;
    }
    let file = options_file("big-hash.toml", "hash_mb = 65536\n");
    let config = file.to_str().unwrap();
    let mut e = Engine::start_with(&["--config", config], &[]);
    e.send("uci");
    e.expect("uciok", T);
    let said = e.expect_prefix(
        "info string Hash 65536 MB is more than this machine can give; using ",
        T,
    );
    assert!(said.ends_with(" MB"), "{said}");
    e.send("quit");
    e.finish();

    let mut e = Engine::start_with(&["--config", config], &[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1", T);
    e.expect_prefix(
        "telluser Hash 65536 MB is more than this machine can give; using ",
        T,
    );
    e.send("quit");
    e.finish();
}

#[test]
fn a_hash_within_the_machine_says_nothing() {
    let mut e = uci("courier");
    e.send("setoption name Hash value 8");
    e.send("setoption name Threads value 2");
    let lines = e.sync_uci();
    assert!(!lines.iter().any(|l| l.contains("Hash")), "{lines:?}");
    e.send("quit");
    e.finish();
}

// ---- 2. `level` with an infinite, huge or overflowing base ----

#[test]
fn a_level_with_an_impossible_base_is_an_error_not_a_crash() {
    let mut e = xboard();
    e.send("new");
    e.send("variant courier");
    for (i, level) in [
        "level 40 inf 0",
        "level 40 1e18 0",
        "level 40 99999999999999999:00 0",
        "level 40 18446744073709551615 0",
    ]
    .iter()
    .enumerate()
    {
        e.send(level);
        let lines = e.sync_xboard(10 + i as u32);
        assert!(
            lines.contains(&format!("Error (bad level): {level}")),
            "{level}: {lines:?}"
        );
    }
    // Still plays, by a good level.
    e.send("level 40 1 0");
    e.send("time 6000");
    e.send("usermove i2i3");
    e.expect_prefix("move ", T);
    e.send("quit");
    e.finish();
}

// ---- 3. Perft: a depth bound, on the search thread, stoppable ----

#[test]
fn uci_perft_beyond_the_bound_is_an_error() {
    let mut e = uci("courier");
    for depth in ["10000", "99999999999", &(MAX_DEPTH + 1).to_string()] {
        e.send(&format!("go perft {depth}"));
        let lines = e.sync_uci();
        let wanted = format!(
            "info string error: go: perft '{depth}' is not a depth from 0 to {MAX_DEPTH} (a deeper perft never finishes); searching 1000 ms instead"
        );
        assert!(lines.contains(&wanted), "{lines:?}");
        // Answered like any malformed `go`: a bounded search that ends in `bestmove`.
        e.expect_prefix("bestmove ", T);
    }
    e.send("quit");
    e.finish();
}

/// A GUI that sends `go perft` without a depth (or with one that cannot be read) waits for
/// `bestmove`, as after any `go`: it gets one without sending `stop` (Fairy-Stockfish answers
/// `go perft` with a search too).
#[test]
fn uci_perft_without_a_depth_still_answers_bestmove() {
    for line in ["go perft", "go perft x", "go perft 3 depth 2"] {
        let mut e = uci("courier");
        e.send("position startpos");
        e.send(line);
        e.expect_prefix("bestmove ", T);
        e.send("isready");
        e.expect_prefix("readyok", T);
        e.send("quit");
        e.finish();
    }
}

#[test]
fn cli_perft_beyond_the_bound_is_refused_with_the_bound() {
    let out = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(["perft", "--variant", "schachdame", "--depth", "20000"])
        .output()
        .unwrap();
    // A usage error (clap's exit code 2), not a crash by signal.
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("perft depth 20000 is deeper than {MAX_DEPTH}")),
        "{stderr}"
    );
}

#[test]
fn perft_suite_entries_beyond_the_bound_are_errors() {
    let file = options_file(
        "deep.epd",
        "# variant: schachdame\n1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1 ;D1 7 ;D20000 1\n\
         1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1 ;D2 49\n",
    );
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(["perft-suite", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(started.elapsed() < T, "the deep entry was run");
    assert!(!out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "FAIL  line   2: 1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1: perft depth 20000 is deeper than {MAX_DEPTH}"
        )),
        "{stdout}"
    );
    assert!(stdout.ends_with("1 passed, 1 failed\n"), "{stdout}");
}

#[test]
fn a_long_perft_answers_isready_and_stops_at_once() {
    let mut e = uci("courier");
    e.send("position startpos");
    // Its first root move alone takes seconds: `stop` must end it inside a subtree.
    e.send("go perft 8");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    e.sync_uci();
    assert!(sent.elapsed() < PROMPT, "isready took {:?}", sent.elapsed());
    let sent = Instant::now();
    e.send("stop");
    let lines = e.expect("info string perft stopped", T);
    assert!(sent.elapsed() < PROMPT, "stop took {:?}", sent.elapsed());
    // A stopped perft reports no counts.
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("Nodes searched") || l.contains(": ")),
        "{lines:?}"
    );
    // The next perft runs to its end and reports.
    e.send("go perft 2");
    let total = e.expect_prefix("Nodes searched: ", T);
    let start = kurier_rules::games::courier::Courier::start();
    let wanted = kurier_rules::perft::perft(&start, 2);
    assert_eq!(total, format!("Nodes searched: {wanted}"));
    e.send("quit");
    e.finish();
}

#[test]
fn quit_ends_a_running_perft_at_once() {
    let mut e = uci("courier");
    e.send("go perft 7");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    e.send("quit");
    e.finish();
    assert!(sent.elapsed() < PROMPT, "quit took {:?}", sent.elapsed());
}

#[test]
fn commands_after_a_perft_wait_for_its_counts() {
    // A script: the `position` after `go perft` must not cut the perft short.
    let mut e = uci("schachdame");
    e.send("position startpos");
    e.send("go perft 5");
    e.send("position startpos moves b2a3");
    e.send("go perft 1");
    let lines = e.expect("Nodes searched: 7", T);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Nodes searched: ") && l != "Nodes searched: 7"),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("stopped")), "{lines:?}");
    e.send("quit");
    e.finish();
}

#[test]
fn perft_at_the_bound_does_not_overflow_the_stack() {
    // Depth-first, the perft is MAX_DEPTH plies deep within milliseconds (unless a game ends
    // on the way): the stack must hold it.
    for variant in ["courier", "schachdame", "dualcheckers"] {
        let mut e = uci(variant);
        e.send(&format!("go perft {MAX_DEPTH}"));
        std::thread::sleep(Duration::from_millis(300));
        e.sync_uci();
        e.send("stop");
        e.expect("info string perft stopped", T);
        e.send("quit");
        e.finish();
    }
}

// ---- 4. A bad `go` searches bounded, and says why ----

/// Sends `go` (Black to move in Courier, whose clock is `btime`) and returns the lines up to
/// the `bestmove` that must come without `stop` within `within`.
fn bounded_go(go: &str, within: Duration) -> Vec<String> {
    let mut e = uci("courier");
    e.send("position startpos moves i2i3");
    let sent = Instant::now();
    e.send(go);
    let lines = e.until(within, |l| l.starts_with("bestmove "));
    assert!(sent.elapsed() < within, "{go}: {:?}", sent.elapsed());
    e.send("quit");
    e.finish();
    lines
}

fn said(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .map(String::as_str)
        .collect()
}

#[test]
fn a_go_with_a_bad_movestogo_uses_the_clock() {
    let lines = bounded_go(
        "go wtime 1000 btime 1000 movestogo abc",
        Duration::from_secs(3),
    );
    assert_eq!(
        said(&lines),
        ["info string error: go: movestogo 'abc' is not a number; the rest of the line applies"]
    );
}

#[test]
fn a_go_with_nothing_usable_searches_the_fallback_time() {
    for go in [
        "go movetime 1.5",
        "go movetime",
        "go frobnicate",
        "go searchmoves zz99",
    ] {
        let lines = bounded_go(go, Duration::from_secs(4));
        let said = said(&lines);
        assert_eq!(said.len(), 1, "{go}: {said:?}");
        assert!(
            said[0].starts_with("info string error: go: "),
            "{go}: {said:?}"
        );
        assert!(
            said[0].ends_with("; searching 1000 ms instead"),
            "{go}: {said:?}"
        );
    }
}

#[test]
fn a_go_with_a_clock_out_of_range_reads_it_as_the_largest() {
    // White's time does not fit; Black (to move) has 1 s and must move by it.
    let lines = bounded_go(
        "go wtime 99999999999999999999 btime 1000",
        Duration::from_secs(3),
    );
    assert_eq!(
        said(&lines),
        ["info string error: go: wtime 99999999999999999999 is out of range (read as 18446744073709551615)"]
    );
}

#[test]
fn a_huge_movestogo_is_clamped_not_truncated() {
    // Cut to 32 bits, 4294967296 was 0 and the move took 6 s of a 10 s clock.
    let lines = bounded_go(
        "go wtime 10000 btime 10000 movestogo 4294967296",
        Duration::from_millis(2500),
    );
    assert_eq!(
        said(&lines),
        ["info string error: go: movestogo 4294967296 is out of range (read as 4294967295)"]
    );
}

#[test]
fn a_huge_depth_is_clamped_and_said() {
    let mut e = uci("courier");
    e.send("position startpos");
    e.send("go depth 4294967296");
    let line = e.expect_prefix("info string ", T);
    assert_eq!(
        line,
        "info string error: go: depth 4294967296 is out of range (read as 4294967295)"
    );
    e.send("stop");
    e.expect_prefix("bestmove ", T);
    e.send("go depth 300");
    let line = e.expect_prefix("info string ", T);
    assert_eq!(
        line,
        "info string go: depth 300 is beyond the deepest search (128 plies); searching as deep as it goes"
    );
    e.send("stop");
    e.expect_prefix("bestmove ", T);
    e.send("quit");
    e.finish();
}

#[test]
fn only_go_infinite_waits_for_stop() {
    let mut e = uci("courier");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(1500));
    e.send("isready");
    let lines = e.expect("readyok", T);
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    e.expect_prefix("bestmove ", T);
    e.send("quit");
    e.finish();
}

// ---- 5. An over-long line is no command ----

#[test]
fn an_over_long_line_is_answered_and_not_run_uci() {
    let mut e = uci("courier");
    // Its first megabyte is a valid command: it must not be run.
    let mut long = b"position startpos moves i2i3".to_vec();
    long.resize((1 << 20) + 100, b' ');
    long.push(b'\n');
    e.send_bytes(&long);
    let lines = e.sync_uci();
    assert!(
        lines.iter().any(|l| l.starts_with(&format!(
            "info string error: a line of {} bytes (more than 1048576) starting 'position startpos moves i2i3",
            (1 << 20) + 100
        ))),
        "{lines:?}"
    );
    e.send("d");
    let fen = e.expect_prefix("info string fen ", T);
    assert!(fen.ends_with(" w - - 0 1"), "the line was run: {fen}");
    e.send("quit");
    e.finish();
}

#[test]
fn an_over_long_line_is_answered_and_not_run_xboard() {
    let mut e = xboard();
    let mut long = b"ping 5".to_vec();
    long.resize((1 << 20) + 1, b' ');
    long.push(b'\n');
    e.send_bytes(&long);
    let lines = e.sync_xboard(6);
    assert!(!lines.contains(&"pong 5".to_string()), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Error (line too long): a line of 1048577 bytes")),
        "{lines:?}"
    );
    e.send("quit");
    e.finish();
}

#[test]
fn an_over_long_first_line_is_answered_and_not_run() {
    let mut e = Engine::start();
    let mut long = b"uci".to_vec();
    long.resize((1 << 20) + 1, b' ');
    long.push(b'\n');
    e.send_bytes(&long);
    e.send("xboard");
    e.send("protover 2");
    let lines = e.expect("feature done=1", T);
    assert!(
        lines[0].starts_with("Error (line too long): a line of 1048577 bytes"),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l == "uciok"), "{lines:?}");
    e.send("quit");
    e.finish();
}

// ---- 6. Courier is the built-in game ----

#[test]
fn courier_is_the_built_in_default() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect("uciok", T);
    assert!(
        lines.contains(
            &"option name UCI_Variant type combo default courier var courier var schachdame var dualcheckers"
                .to_string()
        ),
        "{lines:?}"
    );
    e.send("position startpos");
    e.send("d");
    let fen = e.expect_prefix("info string fen ", T);
    let courier = AnyRecord::start(Variant::Courier).fen();
    assert_eq!(fen, format!("info string fen {courier}"));
    e.send("quit");
    e.finish();
    // XBoard: `new` without `variant` is still plain chess to the GUI (the user is told), and
    // the engine plays Courier.
    let mut e = xboard();
    e.send("new");
    e.send("sd 2");
    e.send("usermove i2i3");
    let warning = e.expect_prefix("tellusererror Kurier does not play normal chess", T);
    assert!(warning.ends_with("Playing courier now."), "{warning}");
    e.expect_prefix("move ", T);
    e.send("quit");
    e.finish();
}

// ---- 7. The XBoard short form of long Dual captures is an option ----

/// A Dual-checkers position whose one long capture (three legs) is White's best move: it takes
/// both black men (docs/rules.md D5, D8).
const LONG_CAPTURE: &str = "8/8/8/8/6m1/4m3/3M4/8 w 0 1";

/// The engine's move in [`LONG_CAPTURE`] under XBoard, after the `setup` lines `before`.
fn xboard_long_capture(before: &[&str]) -> String {
    let mut e = xboard();
    e.send("new");
    e.send("variant dualcheckers");
    e.send("force");
    for line in before {
        e.send(line);
    }
    e.send(&format!("setboard {LONG_CAPTURE}"));
    e.send("sd 3");
    e.send("go");
    let mv = e.expect_prefix("move ", T);
    e.send("quit");
    e.finish();
    mv
}

#[test]
fn xboard_short_captures_is_an_option_on_by_default() {
    let record = AnyRecord::from_fen(Variant::DualCheckers, LONG_CAPTURE).unwrap();
    let legal = record.legal_moves().expect("a short list");
    let long: Vec<&String> = legal
        .iter()
        .filter(|m| m.matches(',').count() >= 2)
        .collect();
    assert_eq!(long.len(), 1, "test position: {legal:?}");
    let full = long[0].clone();
    let short = kurier_wire::relay::xboard_form(&full, &legal);
    assert_ne!(short, full);

    // Offered to XBoard and to UCI, on by default.
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.expect("feature done=1", T);
    assert!(
        lines.contains(&"feature option=\"XBoardShortCaptures -check 1\"".to_string()),
        "{lines:?}"
    );
    drop(e);
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect("uciok", T);
    assert!(
        lines.contains(&"option name XBoardShortCaptures type check default true".to_string()),
        "{lines:?}"
    );
    drop(e);

    // On: the short form XBoard 4.9.1 relays intact. Off: the full comma-leg path.
    assert_eq!(xboard_long_capture(&[]), format!("move {short}"));
    assert_eq!(
        xboard_long_capture(&["option XBoardShortCaptures=0"]),
        format!("move {full}")
    );
    assert_eq!(
        xboard_long_capture(&["option XBoardShortCaptures=1"]),
        format!("move {short}")
    );
    // And from the options file, as the match runner's engines may be set up.
    let file = options_file("full-paths.toml", "xboard_short_captures = false\n");
    let mut e = Engine::start_with(&["--config", file.to_str().unwrap()], &[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1", T);
    e.send("new");
    e.send("variant dualcheckers");
    e.send("force");
    e.send(&format!("setboard {LONG_CAPTURE}"));
    e.send("sd 3");
    e.send("go");
    assert_eq!(e.expect_prefix("move ", T), format!("move {full}"));
    e.send("quit");
    e.finish();
}
