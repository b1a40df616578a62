//! Scripted protocol sessions through the real binary, as GUIs and tournament managers run it:
//! spawn `kurier`, write lines, read lines with timeouts. Handshakes, full games of every game in
//! both protocols (two engine processes against each other, every move checked by the library's
//! rules), every kind of bad input, `stop` latency, `ping` ordering, `setup` before `pong`,
//! MultiPV, `searchmoves`, `exclude`, and the options file.

#[path = "support/engine.rs"]
mod engine;

use engine::Engine;
use kurier_engine::protocol::session::AnyRecord;
use kurier_rules::games::Variant;
use std::time::{Duration, Instant};

const SHORT: Duration = Duration::from_secs(10);
const VARIANTS: [&str; 3] = ["courier", "schachdame", "dualcheckers"];

fn uci_engine(variant: &str) -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", SHORT);
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e.send("ucinewgame");
    e.sync_uci();
    e
}

fn xboard_engine(variant: &str) -> Engine {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1", SHORT);
    e.send("new");
    e.send(&format!("variant {variant}"));
    e.send("force");
    e.send("post");
    e.sync_xboard(1);
    e
}

fn no_errors(e: &Engine) {
    let bad: Vec<&String> = e
        .seen
        .iter()
        .filter(|l| {
            l.contains("Illegal move") || l.starts_with("Error") || l.contains("info string error")
        })
        .collect();
    assert!(
        bad.is_empty(),
        "protocol errors: {bad:?}\n{}",
        e.seen.join("\n")
    );
}

#[test]
fn uci_handshake_lists_every_option() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect("uciok", SHORT);
    assert!(lines[0].starts_with("id name Kurier"), "{lines:?}");
    for name in [
        "UCI_Variant type combo",
        "Hash type spin",
        "Threads type spin",
        "Ponder type check",
        "MultiPV type spin",
        "Move Overhead type spin",
        "CourierStart type combo",
        "LogLevel type combo",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name}"))),
            "{name}: {lines:?}"
        );
    }
    e.send("setoption name UCI_Variant value courier");
    let line = e.expect_prefix("info string variant courier startpos ", SHORT);
    assert!(
        line.ends_with(" w - - 0 1") || line.contains(" w "),
        "{line}"
    );
    e.sync_uci();
    no_errors(&e);
    e.send("quit");
    e.finish();
}

#[test]
fn xboard_handshake_and_setup_before_pong() {
    for variant in VARIANTS {
        let mut e = Engine::start();
        e.send("xboard");
        e.send("protover 2");
        let features = e.expect("feature done=1", SHORT).join("\n");
        for f in [
            "ping=1",
            "setboard=1",
            "usermove=1",
            "time=1",
            "draw=1",
            "sigint=0",
            "sigterm=0",
            "analyze=1",
            "memory=1",
            "smp=1",
            "exclude=1",
            "colors=0",
            "name=1",
            "nps=1",
            "debug=1",
            "myname=\"Kurier",
            "variants=\"courier,schachdame,dualcheckers\"",
            "feature option=\"Move Overhead -spin",
            "feature option=\"CourierStart -combo",
            "feature option=\"MultiPV -spin",
            "feature option=\"Hash -spin",
            "feature option=\"Threads -spin",
            "feature option=\"Ponder -check",
        ] {
            assert!(features.contains(f), "{f}: {features}");
        }
        e.send("new");
        e.send(&format!("variant {variant}"));
        e.send("ping 5");
        let lines = e.expect("pong 5", SHORT);
        let setup = lines.iter().position(|l| l.starts_with("setup ("));
        match variant {
            // XBoard knows Courier itself and ignores a setup for it.
            "courier" => assert_eq!(setup, None, "{lines:?}"),
            _ => assert!(setup.is_some(), "{variant}: setup before pong: {lines:?}"),
        }
        no_errors(&e);
        e.send("quit");
        e.finish();
    }
}

/// Plays a whole game between two engine processes over UCI; the test is the GUI and checks
/// every move with the library's rules. Returns the game's result.
fn uci_game(variant: &str, nodes: u32) -> String {
    let v: Variant = variant.parse().unwrap();
    let mut engines = [uci_engine(variant), uci_engine(variant)];
    let mut record = AnyRecord::start(v);
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..1000 {
        if let Some(result) = record.result() {
            for e in &engines {
                no_errors(e);
            }
            return result;
        }
        let e = &mut engines[ply % 2];
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send(&format!("go nodes {nodes}"));
        let line = e.expect_prefix("bestmove ", SHORT);
        let mv = line.split_whitespace().nth(1).unwrap().to_string();
        record
            .play_text(&mv)
            .unwrap_or_else(|err| panic!("{variant} ply {ply}: engine move {mv}: {err}"));
        moves.push(mv);
    }
    panic!("{variant}: no result in 1000 plies")
}

#[test]
fn uci_full_games_of_every_game() {
    for variant in VARIANTS {
        let result = uci_game(variant, 400);
        assert!(
            ["1-0", "0-1", "1/2-1/2"]
                .iter()
                .any(|r| result.starts_with(r)),
            "{variant}: {result}"
        );
    }
}

/// A whole game over XBoard: each engine plays one colour with `go`/`usermove`, the test relays
/// the moves (in the engines' own text, so a Dual capture goes through as legs), checks them
/// with the library, and finally compares the engines' result claims with the rules.
fn xboard_game(variant: &str) -> String {
    let v: Variant = variant.parse().unwrap();
    let mut engines = [xboard_engine(variant), xboard_engine(variant)];
    for e in &mut engines {
        e.send("sd 2");
    }
    // White ponders (`hard`): its thinking on Black's time must not disturb the game.
    engines[0].send("hard");
    let mut record = AnyRecord::start(v);
    // White is told to move; Black waits for White's first move.
    engines[0].send("go");
    let mut mover = 0;
    for ply in 0..1000 {
        let line = engines[mover].until(SHORT, |l| l.starts_with("move ") || l.contains(" {"));
        let last = line.last().unwrap().clone();
        if let Some(mv) = last.strip_prefix("move ") {
            // Under XBoard a long Dual capture goes out in its short form (protocol::relay).
            record
                .play_relayed(mv)
                .unwrap_or_else(|e| panic!("{variant} ply {ply}: engine move {mv}: {e}"));
            let other = 1 - mover;
            if let Some(result) = record.result() {
                if variant == "courier" && result.contains("move rule") {
                    // This host is not the XBoard GUI, so Kurier leaves Courier's 50-move draw
                    // to it (cutechess plays Courier to 70 moves): the host ends the game.
                    for (i, e) in engines.iter_mut().enumerate() {
                        e.send(&format!("result {result}"));
                        e.sync_xboard(10 + i as u32);
                        no_errors(e);
                    }
                    return result;
                }
                // The mover claims the result right after its move; the other is told it.
                let claim = engines[mover].until(SHORT, |l| l.contains(" {"));
                assert_eq!(claim.last().unwrap(), &result, "{variant}");
                engines[other].send("force");
                engines[other].send(&format!("usermove {mv}"));
                let claim = engines[other].until(SHORT, |l| l.contains(" {"));
                assert_eq!(claim.last().unwrap(), &result, "{variant}");
                for (i, e) in engines.iter_mut().enumerate() {
                    e.sync_xboard(10 + i as u32);
                    no_errors(e);
                }
                return result;
            }
            if ply == 0 {
                // Black's engine learns White's first move, then plays.
                engines[other].send(&format!("usermove {mv}"));
                engines[other].send("go");
            } else {
                engines[other].send(&format!("usermove {mv}"));
            }
            mover = other;
        } else {
            panic!("{variant}: unexpected claim before the end: {last}");
        }
    }
    panic!("{variant}: no result in 1000 plies")
}

#[test]
fn xboard_full_games_of_every_game() {
    for variant in VARIANTS {
        let result = xboard_game(variant);
        assert!(result.contains(" {"), "{variant}: {result}");
    }
}

#[test]
fn bad_input_never_kills_the_engine_uci() {
    let mut e = uci_engine("courier");
    let cases: [&[u8]; 10] = [
        b"position fen 8/8/8 w\n",
        b"position startpos moves i2i3 zz99\n",
        b"position startpos moves a1a5\n",
        b"frobnicate the board\n",
        b"setoption name Hash value 0\n",
        b"setoption name Threads value 100000000000000000000\n",
        b"setoption name NoSuchOption value 1\n",
        b"go depth banana\n",
        b"position startpos moves \xff\xfe i2i3\n",
        b"go perft -3\n",
    ];
    for case in cases {
        e.send_bytes(case);
        let lines = e.sync_uci();
        assert!(
            lines.iter().any(|l| l.starts_with("info string error"))
                || case.starts_with(b"go depth"),
            "{}: {lines:?}",
            String::from_utf8_lossy(case)
        );
        // A `go` with a bad limit still answers (searching without limits until stopped).
        if case.starts_with(b"go depth") {
            e.send("stop");
            e.expect_prefix("bestmove ", SHORT);
        }
    }
    // A 1 MB line is an error too, and the next line is read normally.
    let mut long = vec![b'x'; 1 << 20];
    long.extend_from_slice(b"yz\n");
    e.send_bytes(&long);
    e.sync_uci();
    // The position survived all of it: the last good one is the start.
    e.send("d");
    let fen = e.expect_prefix("info string fen ", SHORT);
    assert!(fen.starts_with("info string fen rnebmk1wbenr/"), "{fen}");
    e.send("go depth 300");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    e.expect_prefix("bestmove ", SHORT);
    e.send("quit");
    e.finish();
}

#[test]
fn bad_input_never_kills_the_engine_xboard() {
    let mut e = xboard_engine("schachdame");
    let cases: [(&[u8], &str); 9] = [
        (b"setboard 8/8/8 w\n", "tellusererror Illegal position"),
        (b"usermove h2h9\n", "Illegal move"),
        (b"usermove b2b3\n", "Illegal move"),
        (b"frobnicate\n", "Error (unknown command)"),
        (b"sd many\n", "Error (bad depth)"),
        (b"level 40 x 0\n", "Error (bad level)"),
        (b"memory -5\n", "Error (bad size)"),
        (b"option Hash=0\n", "Error (Hash: expected"),
        (b"usermove \xc3\x28\n", "Illegal move"),
    ];
    for (i, (case, answer)) in cases.iter().enumerate() {
        e.send_bytes(case);
        let lines = e.sync_xboard(100 + i as u32);
        assert!(
            lines.iter().any(|l| l.starts_with(answer)),
            "{}: {lines:?}",
            String::from_utf8_lossy(case)
        );
    }
    let mut long = vec![b'a'; (1 << 20) + 10];
    long.push(b'\n');
    e.send_bytes(&long);
    e.sync_xboard(200);
    // Still the start position, still playing.
    e.send("usermove b2a3");
    e.send("go");
    e.expect_prefix("move ", SHORT);
    e.send("quit");
    e.finish();
}

#[test]
fn stop_answers_within_100_ms() {
    for variant in VARIANTS {
        let mut e = uci_engine(variant);
        e.send("position startpos");
        e.send("go infinite");
        e.expect_prefix("info depth 3 ", SHORT);
        std::thread::sleep(Duration::from_millis(200));
        let sent = Instant::now();
        e.send("stop");
        e.expect_prefix("bestmove ", SHORT);
        let latency = sent.elapsed();
        assert!(
            latency < Duration::from_millis(100),
            "{variant}: {latency:?}"
        );
        e.send("quit");
        e.finish();
    }
}

#[test]
fn xboard_pong_follows_the_move_being_thought() {
    let mut e = xboard_engine("courier");
    e.send("st 0.3");
    e.send("go");
    e.send("ping 42");
    let lines = e.expect("pong 42", SHORT);
    assert!(
        lines.iter().any(|l| l.starts_with("move ")),
        "pong came before the move: {lines:?}"
    );
    // `?` then `ping`: the move comes at once, then the pong.
    e.send("st 30");
    e.send("usermove k7k6");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    e.send("?");
    e.send("ping 43");
    let lines = e.expect("pong 43", SHORT);
    assert!(lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    no_errors(&e);
    e.send("quit");
    e.finish();
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = uci_engine("schachdame");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    let lines = e.until(SHORT, |l| l.starts_with("bestmove "));
    let firsts: Vec<&str> = (1..=3)
        .map(|k| {
            let line = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth 4 ") && l.contains(&format!(" multipv {k} ")))
                .unwrap_or_else(|| panic!("no multipv {k}: {lines:?}"));
            line.split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
        })
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert_eq!(best, firsts[0]);
    e.send("quit");
    e.finish();
}

#[test]
fn searchmoves_and_exclude_restrict_the_root() {
    let mut e = uci_engine("courier");
    e.send("position startpos");
    e.send("go depth 3 searchmoves b2b3 k2k3");
    let best = e.expect_prefix("bestmove ", SHORT);
    let mv = best.split_whitespace().nth(1).unwrap();
    assert!(mv == "b2b3" || mv == "k2k3", "{best}");
    e.send("go depth 2 searchmoves z9z9");
    e.expect_prefix("info string error", SHORT);
    e.send("stop");
    e.expect_prefix("bestmove ", SHORT);
    e.send("quit");
    e.finish();

    let mut x = xboard_engine("schachdame");
    x.send("exclude all");
    x.send("include d2c3");
    x.send("sd 3");
    x.send("go");
    assert_eq!(x.expect_prefix("move ", SHORT), "move d2c3");
    no_errors(&x);
    x.send("quit");
    x.finish();
}

#[test]
fn xboard_edit_hint_bk_draw_and_analysis() {
    let mut e = xboard_engine("schachdame");
    // Edit mode: White king c3 and bishop a3, Black king a1 (docs/rules.md S8 example), White to move.
    for line in ["edit", "#", "Kc3", "Ba3", "c", "Ka1", "."] {
        e.send(line);
    }
    e.send("sd 4");
    e.send("go");
    assert_eq!(e.expect_prefix("move ", SHORT), "move a3b2");
    e.expect("1-0 {White wins by checkmate}", SHORT);
    e.send("new");
    e.send("variant schachdame");
    e.send("bk");
    let lines = e.until(SHORT, |l| l.is_empty());
    assert!(lines.iter().any(|l| l.starts_with('\t')), "{lines:?}");
    e.send("hint");
    e.expect_prefix("Hint: ", SHORT);
    // A draw offer in the start position is declined (no answer), in a lost one accepted.
    e.send("draw");
    e.sync_xboard(7);
    e.send("analyze");
    e.expect_prefix("3 ", SHORT);
    e.send(".");
    e.expect_prefix("stat01: ", SHORT);
    e.send("exit");
    e.sync_xboard(8);
    // Lost for the engine (bare king against king and two bishops): a draw offer is taken.
    e.send("force");
    e.send("setboard 7k/8/8/8/8/B1K5/8/2B5 b - - 0 1");
    e.send("sd 3");
    e.send("go");
    e.expect_prefix("move ", SHORT);
    e.send("draw");
    e.expect("offer draw", SHORT);
    no_errors(&e);
    e.send("quit");
    e.finish();
}

#[test]
fn xboard_reads_its_own_garbled_relay_of_long_dual_captures() {
    // A position with a three-leg capture: d2 jumps e3 to f4, then takes g4 directly
    // (docs/rules.md D5, D8).
    let fen = "8/8/8/8/6m1/4m3/3M4/8 w 0 1";
    let record = AnyRecord::from_fen(Variant::DualCheckers, fen).unwrap();
    let legal = record.legal_moves().expect("a short list");
    let long: Vec<&String> = legal
        .iter()
        .filter(|m| m.matches(',').count() >= 2)
        .collect();
    assert_eq!(long.len(), 1, "test position: {legal:?}");
    let mv = long[0].clone();
    // XBoard 4.9.1 sends it back with the last leg ending on the first leg's square.
    let legs: Vec<&str> = mv.split(',').collect();
    let garbled = format!("{},{},{}{}", legs[0], legs[1], &legs[2][..2], &legs[0][2..]);
    assert_ne!(garbled, mv);
    let mut e = xboard_engine("dualcheckers");
    e.send(&format!("setboard {fen}"));
    e.send(&format!("usermove {garbled}"));
    e.send("ping 2");
    let lines = e.expect("pong 2", SHORT);
    assert!(
        !lines.iter().any(|l| l.contains("Illegal")),
        "{garbled}: {lines:?}"
    );
    // And an unreadable one is still refused.
    e.send("usermove d2e3,e3f4,f4a1");
    let line = e.expect_prefix("Illegal move", SHORT);
    assert!(line.ends_with("d2e3,e3f4,f4a1"), "{line}");
    e.send("quit");
    e.finish();
}

#[test]
fn options_file_from_flag_and_environment_with_clear_errors() {
    let dir = std::env::temp_dir().join(format!("kurier-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.toml");
    std::fs::write(&good, "variant = \"dualcheckers\"\nmultipv = 2\n").unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "variant = \"courier\"\nhashmb = 3\nthreads = -1\n").unwrap();

    let mut e = Engine::start_with(&["--config", good.to_str().unwrap()], &[]);
    e.send("uci");
    let lines = e.expect("uciok", SHORT);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo default dualcheckers")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name MultiPV type spin default 2")),
        "{lines:?}"
    );
    e.send("quit");
    e.finish();

    let mut e = Engine::start_with(&[], &[("KURIER_CONFIG", bad.to_str().unwrap())]);
    e.send("uci");
    let lines = e.expect("uciok", SHORT);
    // The good line applies, the bad ones keep their defaults.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo default courier")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Threads type spin default 1 ")),
        "{lines:?}"
    );
    e.send("quit");
    let stderr = e.finish();
    assert!(
        stderr.contains("bad.toml:2: unknown key 'hashmb'"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "bad.toml:3: threads: expected a whole number from 1 to 256, found integer -1"
        ),
        "{stderr}"
    );

    let mut e = Engine::start_with(&["--config", "/no/such/file.toml"], &[]);
    e.send("uci");
    e.expect("uciok", SHORT);
    e.send("quit");
    let stderr = e.finish();
    assert!(
        stderr.contains("cannot read /no/such/file.toml"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
