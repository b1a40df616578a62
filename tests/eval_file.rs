//! The network options through the real binary: `EvalFile` loads a network file written in the
//! engine's format and says which; a file that is not one is refused on the protocol and the
//! engine goes on playing; `UseNNUE` switches the network off and on.

#[path = "support/engine.rs"]
#[allow(dead_code)]
mod engine;

use engine::Engine;
use kurier_engine::nnue::network::{Activation, HIDDEN};
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
