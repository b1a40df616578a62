//! Perft against `perft/courier.epd`, numbers from Fairy-Stockfish (see its header). By default
//! every position to depth 4 and the start position to depth 5; the full file (start position to
//! depth 6, 400 million leaves) with `cargo test --release -- --ignored`.

use kurier_rules::game::Game;
use kurier_rules::games::courier::Courier;
use kurier_rules::perft::{check_entry, parse_epd, perft, EntryResult};

fn check(max_depth: impl Fn(usize) -> u32) {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/perft/courier.epd"))
        .expect("perft/courier.epd");
    assert!(
        text.lines().any(|l| l.trim() == "# variant: courier"),
        "the suite runner reads the `# variant:` header"
    );
    let entries = parse_epd(&text).expect("well-formed EPD");
    assert!(entries.len() >= 41, "only {} positions", entries.len());
    let mut checked = 0;
    for (i, e) in entries.iter().enumerate() {
        match check_entry::<Courier>(e, max_depth(i)) {
            EntryResult::Passed(n) => checked += n,
            other => panic!("line {}: {}: {other:?}", e.line, e.fen),
        }
    }
    assert!(checked >= 4 * 41, "only {checked} counts checked");
}

#[test]
fn start_position_to_depth_5() {
    let start = Courier::start();
    let want = [26, 678, 18406, 500337, 14144849];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn perft_file_shallow() {
    check(|i| if i == 0 { 5 } else { 4 });
}

#[test]
#[ignore = "deep: run with --ignored"]
fn perft_file_full() {
    check(|_| u32::MAX);
}

fn kurier(args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(args)
        .output()
        .expect("run kurier");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn command_line_perft_and_suite() {
    let (ok, out) = kurier(&["perft", "--variant", "courier", "--depth", "4"]);
    assert!(ok);
    assert_eq!(out, "Nodes searched: 500337\n");
    let (ok, out) = kurier(&[
        "perft",
        "--variant",
        "courier",
        "--depth",
        "2",
        "--divide",
        "--threads",
        "2",
    ]);
    assert!(ok);
    assert!(
        out.contains("\ni2i3: 26\n") || out.starts_with("i2i3: 26\n"),
        "{out}"
    );
    assert!(out.contains("g3f4: 27\n"), "{out}");
    assert!(out.ends_with("\nNodes searched: 678\n"), "{out}");
    // The suite runner finds the game from the `# variant: courier` header.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/perft/courier.epd");
    let (ok, out) = kurier(&["perft-suite", file, "--max-depth", "3"]);
    assert!(ok, "{out}");
    assert!(out.ends_with(" passed, 0 failed\n"), "{out}");
}
