//! Regression tests for the failures a protocol fuzzer and a review found (each test reproduces
//! one report first): nothing a GUI, a file or a user sends may crash, hang or cheat the engine.

#[path = "support/engine.rs"]
mod engine;

use engine::Engine;
use kurier_rules::game::{FenError, Game};
use kurier_rules::games::{courier::Courier, dual::DualCheckers, schachdame::Schachdame};
use std::time::Duration;

const T: Duration = Duration::from_secs(10);

/// The resident memory of a process in kB (`VmRSS`), on Linux.
fn resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn the_largest_advertised_hash_does_not_abort_the_engine() {
    // Report: `setoption name Hash value 65536` aborted the process ("memory allocation of
    // 68719476736 bytes failed"); `ucinewgame` touched the whole table.
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", T);
    e.send("setoption name Hash value 65536");
    e.send("ucinewgame");
    e.sync_uci();
    e.send("position startpos");
    e.send("go depth 4");
    e.expect_prefix("bestmove", T);
    if let Some(kb) = resident_kb(e.pid()) {
        assert!(kb < 512 * 1024, "the engine holds {kb} kB after ucinewgame");
    }
    e.send("quit");
    e.finish();
}

#[test]
fn xboard_memory_at_the_maximum_does_not_abort_the_engine() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.send("memory 65536");
    e.send("new");
    e.sync_xboard(7);
    e.send("quit");
    e.finish();
}

#[test]
fn a_fen_without_side_to_move_is_an_error() {
    // Report: a missing side to move silently meant White.
    assert_eq!(
        Schachdame::from_fen("8/8/8/8/8/8/8/k1K5").err(),
        Some(FenError::NoSideToMove)
    );
    assert_eq!(
        Courier::from_fen("12/12/12/12/12/12/12/k1K9").err(),
        Some(FenError::NoSideToMove)
    );
    assert_eq!(
        DualCheckers::from_fen("8/8/8/8/8/8/8/K6k").err(),
        Some(FenError::NoSideToMove)
    );
    // With the field, each reads.
    assert!(Schachdame::from_fen("8/8/8/8/8/8/8/k1K5 b").is_ok());
    assert!(DualCheckers::from_fen("8/8/8/8/8/8/8/K6k b 0 1").is_ok());
}

#[test]
fn an_empty_dual_board_is_an_error() {
    // Report: an empty Dual-checkers board was accepted.
    assert_eq!(
        DualCheckers::from_fen("8/8/8/8/8/8/8/8 w 0 1").err(),
        Some(FenError::NoPieces)
    );
    assert_eq!(
        DualCheckers::from_fen("W:W:B").err(),
        Some(FenError::NoPieces)
    );
    // One piece is a position (the side to move without pieces has lost, D9).
    assert!(DualCheckers::from_fen("W:W:Bb6").is_ok());
}
