//! Perft against `perft/schachdame.epd`, numbers from independent programs (see its header).
//! By default every position to depth 4 and the start position to depth 7; the full file with
//! `cargo test --release -- --ignored`.

use kurier_rules::games::schachdame::Schachdame;
use kurier_rules::perft::{check_entry, parse_epd, EntryResult};

fn check(max_depth: impl Fn(usize) -> u32) {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/perft/schachdame.epd"))
            .expect("perft/schachdame.epd");
    let entries = parse_epd(&text).expect("well-formed EPD");
    assert!(entries.len() >= 31, "only {} positions", entries.len());
    let mut checked = 0;
    for (i, e) in entries.iter().enumerate() {
        match check_entry::<Schachdame>(e, max_depth(i)) {
            EntryResult::Passed(n) => checked += n,
            other => panic!("line {}: {}: {other:?}", e.line, e.fen),
        }
    }
    assert!(checked >= 4 * 31, "only {checked} counts checked");
}

#[test]
fn perft_file_shallow() {
    check(|i| if i == 0 { 7 } else { 4 });
}

#[test]
#[ignore = "deep: run with --ignored"]
fn perft_file_full() {
    check(|_| u32::MAX);
}

#[test]
fn parallel_divide_equals_serial_divide() {
    use kurier_rules::game::Game;
    let start = Schachdame::start();
    for depth in [1, 3, 6] {
        let serial = kurier_rules::perft::divide(&start, depth, 1, false);
        let parallel = kurier_rules::perft::divide(&start, depth, 2, false);
        assert_eq!(serial, parallel, "depth {depth}");
        let total: u64 = serial.iter().map(|(_, n)| n).sum();
        assert_eq!(total, kurier_rules::perft::perft(&start, depth));
    }
}
