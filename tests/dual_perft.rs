//! Perft against `perft/dualcheckers.epd` (numbers from the simple reference generator, see the
//! file's header) and the start-position table of the reference README (docs/rules.md D12 policy).
//! By default every count up to 2 million leaves; the full file with
//! `cargo test --release -- --ignored`.

use kurier_rules::game::Game;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::perft::{check_entry, parse_epd, perft, EntryResult, EpdEntry};

fn entries() -> Vec<EpdEntry> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/perft/dualcheckers.epd"
    ))
    .expect("perft/dualcheckers.epd");
    assert!(text.lines().any(|l| l.trim() == "# variant: dualcheckers"));
    parse_epd(&text).expect("well-formed EPD")
}

#[test]
fn perft_file_up_to_two_million_leaves() {
    let entries = entries();
    assert!(entries.len() >= 41, "only {} positions", entries.len());
    let mut checked = 0;
    for e in &entries {
        let mut small = e.clone();
        small.counts.retain(|&(_, n)| n <= 2_000_000);
        match check_entry::<DualCheckers>(&small, u32::MAX) {
            EntryResult::Passed(n) => checked += n,
            other => panic!("line {}: {}: {other:?}", e.line, e.fen),
        }
    }
    assert!(checked >= 250, "only {checked} counts checked");
}

#[test]
#[ignore = "deep: run with --ignored"]
fn perft_file_full() {
    for e in &entries() {
        match check_entry::<DualCheckers>(e, u32::MAX) {
            EntryResult::Passed(_) => {}
            other => panic!("line {}: {}: {other:?}", e.line, e.fen),
        }
    }
}

#[test]
fn start_position_to_depth_8() {
    let start = DualCheckers::start();
    let expected = [7, 49, 301, 1485, 7336, 36335, 176317, 855627];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn parallel_divide_equals_serial_divide() {
    let start = DualCheckers::start();
    for depth in [1, 3, 7] {
        let serial = kurier_rules::perft::divide(&start, depth, 1, false);
        let parallel = kurier_rules::perft::divide(&start, depth, 2, false);
        assert_eq!(serial, parallel, "depth {depth}");
        let total: u64 = serial.iter().map(|(_, n)| n).sum();
        assert_eq!(total, perft(&start, depth));
    }
}
