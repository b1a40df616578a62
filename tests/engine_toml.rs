//! `engine.toml` through the real binary: the shipped file starts the engine with the built-in
//! defaults and no message; a bad file is reported on stderr line by line (`FILE:LINE: ...`), each
//! bad line is skipped, the good ones apply, and the engine starts anyway. What the engine took
//! is read back from its UCI `option` lines.

// This test uses only part of the shared driver.
#[allow(dead_code)]
#[path = "support/engine.rs"]
mod engine;

use engine::Engine;
use kurier_engine::options::{Opt, Options};
use kurier_engine::protocol::engine_options::uci_option;
use std::path::PathBuf;
use std::time::Duration;

const SHORT: Duration = Duration::from_secs(10);

/// A file `name` holding `bytes` in a directory of this test's own.
fn write(test: &str, name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kurier-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Starts the engine with `--config path`; its UCI option lines and its stderr.
fn run(path: &std::path::Path) -> (Vec<String>, String) {
    let mut e = Engine::start_with(&["--config", path.to_str().unwrap()], &[]);
    e.send("uci");
    let options = e
        .expect("uciok", SHORT)
        .into_iter()
        .filter(|l| l.starts_with("option name "))
        .collect();
    e.send("quit");
    (options, e.finish())
}

/// The UCI line of option `name`.
fn option<'a>(lines: &'a [String], name: &str) -> &'a str {
    let prefix = format!("option name {name} type ");
    lines
        .iter()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no option {name}: {lines:?}"))
}

#[test]
fn the_shipped_file_gives_the_built_in_defaults_without_a_message() {
    let shipped = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("engine.toml");
    let (options, stderr) = run(&shipped);
    let defaults = Options::default();
    let expected: Vec<String> = Opt::ALL
        .iter()
        .map(|&o| uci_option(&defaults, o).to_string())
        .collect();
    assert_eq!(options, expected);
    assert!(!stderr.contains("ERROR"), "{stderr}");
}

#[test]
fn a_bad_line_is_reported_and_skipped_and_the_rest_applies() {
    let text = "# mine\n\
                variant = schachdame\n\
                hash_mb = 1_024\n\
                threads = \"two\"\n\
                multipv = 3\n\
                hashmb = 5\n\
                move_overhead_ms = 100\n\
                [extra]\n\
                ponder = true\n";
    let path = write("bad-line", "mine.toml", text.as_bytes());
    let (options, stderr) = run(&path);
    let at = path.display();
    for message in [
        format!("{at}:2: not TOML: string values must be quoted"),
        format!("{at}:4: threads: expected a whole number from 1 to 256, found string \"two\"; threads stays 1"),
        format!("{at}:6: unknown key 'hashmb' (did you mean 'hash_mb'?); skipped"),
        format!("{at}:8: 'extra' is a table, not an option"),
    ] {
        assert!(stderr.contains(&message), "{message}\n{stderr}");
    }
    assert!(
        !stderr.contains("keeps its default"),
        "each message says what follows from it: {stderr}"
    );
    // The unquoted word and the bad number are skipped; the lines after them apply.
    // (The unquoted word is not taken: the game stays the built-in default.)
    assert!(option(&options, "UCI_Variant").contains("default courier "));
    assert!(option(&options, "Hash").contains("default 1024 "));
    assert!(option(&options, "Threads").contains("default 1 "));
    assert!(option(&options, "MultiPV").contains("default 3 "));
    assert!(option(&options, "Move Overhead").contains("default 100 "));
    assert!(
        option(&options, "Ponder").ends_with("default false"),
        "a key under [extra] is not an option"
    );
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn a_byte_that_is_not_utf8_costs_at_most_its_line() {
    // Latin-1 accents in a comment, and one in a value.
    let bytes = b"threads = 2 # \xe9t\xe9\nvariant = \"courier\"\ncourier_start = \"arr\xe0y\"\nmultipv = 2\n";
    let path = write("utf8", "latin1.toml", bytes);
    let (options, stderr) = run(&path);
    let at = path.display();
    assert!(
        stderr.contains(&format!(
            "{at}:1: not UTF-8 (byte 0xe9 at column 15); read as U+FFFD"
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{at}:3: not UTF-8 (byte 0xe0 at column 21)")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "{at}:3: courier_start: expected one of \"auto\", \"ceremony\", \"array\", found string"
        )),
        "{stderr}"
    );
    assert!(option(&options, "Threads").contains("default 2 "));
    assert!(option(&options, "UCI_Variant").contains("default courier "));
    assert!(option(&options, "CourierStart").contains("default auto "));
    assert!(option(&options, "MultiPV").contains("default 2 "));
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}
