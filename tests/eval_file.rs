//! The network options through the real binary: `EvalFile` loads a network file written in the
//! engine's format and says which; a file that is not one, or not what its header says, is
//! refused on the protocol (UCI and XBoard) and on stderr with its reason, and the engine goes on
//! playing with the network it had; `UseNNUE` switches the network off and on.

#[path = "support/engine.rs"]
#[allow(dead_code)]
mod engine;

use engine::Engine;
use kurier_engine::nnue::network::{checksum, Activation, CRC_AT, HEADER_BYTES, HIDDEN, QA};
use kurier_engine::nnue::Network;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

/// A small pseudo-random Courier network (1728 inputs) with `activation`, written to a
/// temporary file.
fn net_file(name: &str, seed: u64, activation: Activation) -> (std::path::PathBuf, Network) {
    let mut s = seed | 1;
    let mut next = |range: i64| -> i16 {
        s = s
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((s >> 33) as i64 % (2 * range + 1) - range) as i16
    };
    let inputs = 1728;
    let ft_w: Vec<i16> = (0..inputs * HIDDEN).map(|_| next(60)).collect();
    let ft_b: Vec<i16> = (0..HIDDEN).map(|_| next(60)).collect();
    let out_w: Vec<i16> = (0..2 * HIDDEN).map(|_| next(60)).collect();
    let net = Network::from_parts("courier", inputs, activation, &ft_w, &ft_b, &out_w, 0);
    let dir = std::env::temp_dir().join(format!("kurier-eval-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, net.to_bytes()).unwrap();
    (path, net)
}

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect("uciok", T);
    assert!(
        lines.contains(&"option name EvalFile type string default builtin".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"option name UseNNUE type check default true".to_string()),
        "{lines:?}"
    );
    e
}

fn best_move(e: &mut Engine, go: &str) -> String {
    e.send("position startpos moves b2b3");
    e.send(go);
    e.expect_prefix("bestmove", T)
}

#[test]
fn a_network_file_is_loaded_and_named() {
    for (name, activation) in [
        ("random.nnue", Activation::ClippedRelu),
        ("random-squared.nnue", Activation::SquaredClippedRelu),
    ] {
        loaded_and_named(name, activation);
    }
}

fn loaded_and_named(name: &str, activation: Activation) {
    let (path, net) = net_file(name, 7, activation);
    let mut e = uci();
    e.send(&format!("setoption name EvalFile value {}", path.display()));
    let lines = e.sync_uci();
    let said = format!("{:016x}", net.hash());
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains(&said) && l.contains("courier")),
        "{lines:?}"
    );
    assert!(best_move(&mut e, "go depth 4").starts_with("bestmove "));
    e.send("setoption name UseNNUE value false");
    e.sync_uci();
    assert!(best_move(&mut e, "go depth 4").starts_with("bestmove "));
    e.send("setoption name EvalFile value builtin");
    e.sync_uci();
    assert!(best_move(&mut e, "go depth 3").starts_with("bestmove "));
}

#[test]
fn a_file_that_is_not_a_network_is_refused_and_play_goes_on() {
    let mut e = uci();
    let text = std::env::temp_dir().join(format!("kurier-not-a-net-{}", std::process::id()));
    std::fs::write(&text, "hello\n").unwrap();
    for bad in [text.display().to_string(), "/no/such/file.nnue".to_string()] {
        e.send(&format!("setoption name EvalFile value {bad}"));
        let lines = e.sync_uci();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: EvalFile") && l.contains(&bad)),
            "{lines:?}"
        );
        assert!(best_move(&mut e, "go depth 3").starts_with("bestmove "));
    }
}

/// A network and the classical evaluation search differently: the node counts of the same
/// fixed-depth search differ (a network that was not used would give the same tree).
#[test]
fn the_network_is_what_the_search_evaluates_with() {
    let (path, _) = net_file("other.nnue", 11, Activation::ClippedRelu);
    let nodes = |lines: &[String]| -> String {
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .expect("an info line");
        let words: Vec<&str> = last.split_whitespace().collect();
        let i = words.iter().position(|w| *w == "nodes").unwrap();
        words[i + 1].to_string()
    };
    let mut e = uci();
    e.send("setoption name UseNNUE value false");
    e.send("position startpos moves b2b3");
    e.send("go depth 6");
    let classical = nodes(&e.until(T, |l| l.starts_with("bestmove")));
    e.send(&format!("setoption name EvalFile value {}", path.display()));
    e.send("setoption name UseNNUE value true");
    e.sync_uci();
    e.send("ucinewgame");
    e.send("position startpos moves b2b3");
    e.send("go depth 6");
    let net = nodes(&e.until(T, |l| l.starts_with("bestmove")));
    assert_ne!(classical, net);
}

/// `bytes` written to a temporary file named `name`.
fn write(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kurier-eval-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// `bytes` with its body's checksum made right again.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let crc = checksum(&bytes[HEADER_BYTES..]);
    bytes[CRC_AT..CRC_AT + 4].copy_from_slice(&crc.to_le_bytes());
    bytes
}

/// Files that are not what they say, each with a word of the reason the engine must give: made
/// from the good network's file `good`.
fn bad_files(good: &Network) -> Vec<(std::path::PathBuf, &'static str)> {
    let bytes = good.to_bytes();
    let with = |at: usize, new: &[u8]| {
        let mut b = bytes.clone();
        b[at..at + new.len()].copy_from_slice(new);
        b
    };
    let name = |s: &str| {
        let mut f = [0u8; 16];
        f[..s.len()].copy_from_slice(s.as_bytes());
        f
    };
    let mut s = 5u64;
    let mut random_body = bytes[..HEADER_BYTES].to_vec();
    random_body.extend((HEADER_BYTES..bytes.len()).map(|_| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 24) as u8
    }));
    let mut damaged = bytes.clone();
    damaged[HEADER_BYTES + 777] ^= 1;
    let inputs = 1728;
    let extreme = Network::from_parts(
        "courier",
        inputs,
        Activation::ClippedRelu,
        &vec![i16::MAX; inputs * HIDDEN],
        &vec![i16::MIN; HIDDEN],
        &vec![i16::MAX; 2 * HIDDEN],
        i32::MAX,
    );
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"more");
    vec![
        (
            write("upper-case.nnue", &with(8, &name("COURIER"))),
            "does not know",
        ),
        (
            write("chess.nnue", &with(8, &name("chess"))),
            "does not know",
        ),
        (
            write("other-game.nnue", &with(8, &name("schachdame"))),
            "kinds",
        ),
        (
            write("feature-set.nnue", &with(24, &name("halfkp"))),
            "feature set",
        ),
        (
            write("inputs.nnue", &with(44, &1000u32.to_le_bytes())),
            "inputs",
        ),
        (
            write("hidden.nnue", &with(48, &256u32.to_le_bytes())),
            "hidden units",
        ),
        (write("damaged.nnue", &damaged), "CRC-32"),
        (write("random-body.nnue", &random_body), "CRC-32"),
        (
            write("random-body-sealed.nnue", &resealed(random_body)),
            "i16 accumulator",
        ),
        (
            write("extreme.nnue", &extreme.to_bytes()),
            "i16 accumulator",
        ),
        (
            write("truncated.nnue", &bytes[..bytes.len() / 2]),
            "truncated",
        ),
        (write("header-only.nnue", &bytes[..40]), "truncated"),
        (write("longer.nnue", &longer), "after the network"),
        (write("old.nnue", &good.to_old_bytes()), "net-upgrade"),
    ]
}

/// The last `info depth` line's score and nodes and the best move of a fixed-depth search from
/// a new game (UCI).
fn uci_search(e: &mut Engine) -> (String, String, String) {
    e.send("ucinewgame");
    e.send("position startpos moves b2b3");
    e.send("go depth 5");
    let lines = e.until(T, |l| l.starts_with("bestmove"));
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let words: Vec<&str> = last.split_whitespace().collect();
    let after = |w: &str| {
        let i = words.iter().position(|x| *x == w).unwrap();
        words[i + 1..i + 3].join(" ")
    };
    (
        after("score"),
        after("nodes"),
        lines.last().unwrap().clone(),
    )
}

#[test]
fn a_network_that_is_not_what_it_says_is_refused_and_the_one_in_use_kept_uci() {
    let (path, net) = net_file("kept.nnue", 21, Activation::ClippedRelu);
    let mut e = uci();
    let builtin = uci_search(&mut e);
    e.send(&format!("setoption name EvalFile value {}", path.display()));
    e.sync_uci();
    let before = uci_search(&mut e);
    assert_ne!(
        before, builtin,
        "the loaded network is what the search uses"
    );
    for (bad, why) in bad_files(&net) {
        e.send(&format!("setoption name EvalFile value {}", bad.display()));
        let lines = e.sync_uci();
        let said = format!("info string error: EvalFile {}: ", bad.display());
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&said) && l.contains(why) && l.contains("keeping")),
            "{}: {lines:?}",
            bad.display()
        );
        assert_eq!(uci_search(&mut e), before, "{}", bad.display());
    }
    e.send("quit");
    let stderr = e.finish();
    assert!(
        stderr.contains("EvalFile") && stderr.contains("does not know"),
        "{stderr}"
    );
}

/// The last thinking line's score and nodes and the move of a fixed-depth search from a new
/// game (XBoard: the engine plays White's first move).
fn xboard_search(e: &mut Engine, n: u32) -> (String, String, String) {
    e.send("new");
    e.send("post");
    e.send("sd 5");
    e.send("go");
    let lines = e.until(T, |l| l.starts_with("move "));
    let last = lines
        .iter()
        .rev()
        .find(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.parse::<u32>().is_ok())
        })
        .expect("a thinking line");
    let words: Vec<&str> = last.split_whitespace().collect();
    e.sync_xboard(n);
    (
        words[1].to_string(),
        words[3].to_string(),
        lines.last().unwrap().clone(),
    )
}

#[test]
fn a_network_that_is_not_what_it_says_is_refused_and_the_one_in_use_kept_xboard() {
    let (path, net) = net_file("kept-xboard.nnue", 22, Activation::SquaredClippedRelu);
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1", T);
    e.send(&format!("option EvalFile={}", path.display()));
    let lines = e.sync_xboard(1);
    assert!(
        lines.iter().any(|l| l.starts_with("telluser EvalFile")),
        "{lines:?}"
    );
    let before = xboard_search(&mut e, 2);
    for (k, (bad, why)) in bad_files(&net).into_iter().enumerate() {
        e.send(&format!("option EvalFile={}", bad.display()));
        let lines = e.sync_xboard(100 + k as u32);
        let said = format!("tellusererror EvalFile {}: ", bad.display());
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&said) && l.contains(why)),
            "{}: {lines:?}",
            bad.display()
        );
        assert_eq!(
            xboard_search(&mut e, 200 + k as u32),
            before,
            "{}",
            bad.display()
        );
    }
}

/// A network whose output is as large as the format allows (every activation full, every
/// output weight and the bias at their largest): every position is worth the most to the side
/// to move, so a search at depth 1 finds the opponent's replies all winning. The scaling toward
/// a draw of so large an evaluation overflowed `i32` and flipped its sign.
#[test]
fn the_largest_evaluations_keep_their_sign() {
    let inputs = 1728;
    let net = Network::from_parts(
        "courier",
        inputs,
        Activation::ClippedRelu,
        &vec![0; inputs * HIDDEN],
        &vec![QA as i16; HIDDEN],
        &vec![i16::MAX; 2 * HIDDEN],
        i32::MAX,
    );
    let path = write("largest.nnue", &net.to_bytes());
    let mut e = uci();
    e.send(&format!("setoption name EvalFile value {}", path.display()));
    let lines = e.sync_uci();
    assert!(
        lines.iter().any(|l| l.starts_with("info string EvalFile")),
        "{lines:?}"
    );
    e.send("position startpos moves b2b3");
    e.send("go depth 1");
    let lines = e.until(T, |l| l.starts_with("bestmove"));
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let words: Vec<&str> = last.split_whitespace().collect();
    let i = words.iter().position(|w| *w == "score").unwrap();
    assert_eq!(words[i + 1], "cp", "{last}");
    let cp: i32 = words[i + 2].parse().unwrap();
    assert!(cp < -10_000, "{last}");
}

/// `kurier net-upgrade OLD NEW`: an old file, which `EvalFile` refuses, written anew with the
/// same weights and name, which `EvalFile` then loads; an old file that is not a network for a
/// game the engine plays is refused with its reason and nothing is written.
#[test]
fn net_upgrade_converts_an_old_file_the_engine_then_loads() {
    let (_, net) = net_file("to-upgrade.nnue", 31, Activation::SquaredClippedRelu);
    let old = write("upgrade-old.nnue", &net.to_old_bytes());
    let new = old.with_file_name("upgrade-new.nnue");
    let run = |args: &[&std::path::Path]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kurier"))
            .arg("net-upgrade")
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[&old, &new]);
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("KURNNUE2") && said.contains(&format!("{:016x}", net.hash())),
        "{said}"
    );
    assert_eq!(std::fs::read(&new).unwrap(), net.to_bytes());
    let mut e = uci();
    e.send(&format!("setoption name EvalFile value {}", new.display()));
    let lines = e.sync_uci();
    assert!(
        lines.iter().any(|l| l.starts_with("info string EvalFile")
            && l.contains(&format!("{:016x}", net.hash()))),
        "{lines:?}"
    );
    let mut upper = net.to_old_bytes();
    upper[9..16].copy_from_slice(b"COURIER");
    let bad = write("upgrade-upper.nnue", &upper);
    let never = old.with_file_name("upgrade-never.nnue");
    let out = run(&[&bad, &never]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("does not know"),
        "{out:?}"
    );
    assert!(!never.exists());
}
