//! The fuzz targets' checks under `cargo test`: every input saved in `fuzz/regressions/<target>/`
//! (each once crashed a target or is kept as a hard case) and every seed of
//! `fuzz/corpus/<target>/` goes through the same check as in `cargo fuzz`
//! (tests/support/fuzz_checks.rs). The fuzz crate itself needs nightly; these run on stable.

#[path = "support/fuzz_checks.rs"]
mod fuzz_checks;

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// The files of `dir` (none when it does not exist), by name; the seeds only in a corpus.
fn inputs(dir: &Path, seeds_only: bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| {
            !seeds_only
                || p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("seed-"))
        })
        .collect();
    files.sort();
    files
}

/// Runs `target`'s check on every saved input, naming the input that fails.
fn run(target: &str) {
    let mut checked = 0;
    for (dir, seeds_only) in [("regressions", false), ("corpus", true)] {
        for file in inputs(&fuzz_dir().join(dir).join(target), seeds_only) {
            let data = std::fs::read(&file).expect("readable input");
            let outcome = std::panic::catch_unwind(|| fuzz_checks::check(target, &data));
            match outcome {
                Ok(known) => assert!(known, "no check named {target}"),
                Err(_) => panic!("{target}: {} fails its check", file.display()),
            }
            checked += 1;
        }
    }
    assert!(checked > 0, "{target}: no saved input under fuzz/");
}

#[test]
fn every_target_has_saved_inputs_and_a_check() {
    for target in fuzz_checks::TARGETS {
        assert!(fuzz_checks::check(target, b""), "{target}");
        let rs = fuzz_dir().join("fuzz_targets").join(format!("{target}.rs"));
        assert!(rs.is_file(), "{} is missing", rs.display());
    }
    assert!(!fuzz_checks::check("no such target", b""));
}

#[test]
fn fixed_positions_of_the_move_text_target_are_legal() {
    use kurier_rules::game::Game;
    use kurier_rules::games::{courier::Courier, dual::DualCheckers, schachdame::Schachdame};
    for fen in fuzz_checks::SCHACHDAME_POSITIONS {
        Schachdame::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
    for fen in fuzz_checks::COURIER_POSITIONS {
        Courier::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
    for fen in fuzz_checks::DUAL_POSITIONS {
        DualCheckers::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
}

#[test]
fn fen() {
    run("fen");
}

#[test]
fn move_text() {
    run("move_text");
}

#[test]
fn uci_command() {
    run("uci_command");
}

#[test]
fn xboard_command() {
    run("xboard_command");
}

#[test]
fn session() {
    run("session");
}

#[test]
fn engine_toml() {
    run("engine_toml");
}

#[test]
fn pgn() {
    run("pgn");
}

#[test]
fn engine_spec() {
    run("engine_spec");
}

#[test]
fn network() {
    run("network");
}

#[test]
fn packed_data() {
    run("packed_data");
}
