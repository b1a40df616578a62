//! The command-line contract (docs/design.md) through the real binary: `perft` and `perft-suite`
//! output and exit codes, clap's help on every command, suggestions for typos, `--key=value`.

use std::io::Write;
use std::process::{Command, Stdio};

fn kurier(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(args)
        .output()
        .expect("run kurier");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_fairy_stockfish_format() {
    let (ok, out, _) = kurier(&["perft", "--variant", "schachdame", "--depth", "5"]);
    assert!(ok);
    assert_eq!(out, "Nodes searched: 37400\n");
    let (ok, out, _) = kurier(&[
        "perft",
        "--variant",
        "schachdame",
        "--depth",
        "3",
        "--divide",
    ]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7 + 2, "{out}");
    assert!(lines.contains(&"b2a3: 61") || lines.iter().any(|l| l.starts_with("b2a3: ")));
    let sum: u64 = lines[..7]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 427);
    assert_eq!(lines[8], "Nodes searched: 427");
}

#[test]
fn threads_and_fen_give_the_same_counts() {
    let fen = "1p3b2/p1k3p1/3p3p/2P1p3/1P1B1P2/4P3/3K3P/6P1 w - - 0 12";
    let one = kurier(&[
        "perft",
        "--variant",
        "schachdame",
        "--fen",
        fen,
        "--depth",
        "5",
    ]);
    let two = kurier(&[
        "perft",
        "--variant",
        "schachdame",
        "--fen",
        fen,
        "--depth",
        "5",
        "--threads",
        "2",
    ]);
    assert!(one.0 && two.0);
    assert_eq!(one.1, two.1);
    assert_eq!(one.1, "Nodes searched: 165610\n");
}

/// Runs `kurier ARGS` and returns the exit code with stdout and stderr.
fn kurier_code(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run kurier");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn errors_are_reported_not_panics() {
    // A command that cannot be carried out: `kurier: ...` and exit 1.
    for args in [
        &[
            "perft",
            "--variant",
            "schachdame",
            "--fen",
            "nonsense",
            "--depth",
            "2",
        ][..],
        &["perft-suite", "/nonexistent/file.epd"],
    ] {
        let (code, out, err) = kurier_code(args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} wrote to stdout: {out}");
        assert!(err.starts_with("kurier: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // A command line that does not parse: clap's `error: ...` and exit 2.
    for args in [
        &["perft", "--variant", "chess", "--depth", "2"][..],
        &["perft", "--depth", "2"],
        &["bogus"],
        &[
            "match",
            "--variant",
            "courier",
            "--engine",
            "cmd=x",
            "--depth",
            "1",
        ],
    ] {
        let (code, out, err) = kurier_code(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} wrote to stdout: {out}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn every_command_has_help() {
    for (command, options) in [
        (
            &[][..],
            &[
                "perft",
                "perft-suite",
                "bench",
                "play",
                "match",
                "--config",
                "--version",
            ][..],
        ),
        (
            &["perft"],
            &["--variant", "--fen", "--depth", "--divide", "--threads"],
        ),
        (
            &["perft-suite"],
            &["<FILE>", "--variant", "--max-depth", "--threads"],
        ),
        (&["bench"], &["--variant", "--depth", "--use-nnue"]),
        (&["net-upgrade"], &["<OLD>", "<NEW>", "KURNNUE3"]),
        (
            &["play"],
            &[
                "--variant",
                "--fen",
                "--tc",
                "--st",
                "--depth",
                "--color",
                "--colour",
                "--threads",
                "--hash",
                "--ascii",
            ],
        ),
        (
            &["match"],
            &[
                "--variant",
                "--engine",
                "--each",
                "--games",
                "--rounds",
                "--tc",
                "--st",
                "--depth",
                "--nodes",
                "--openings",
                "--concurrency",
                "--pgn",
                "--adjudicate",
                "--sprt",
                "--seed",
                "--timemargin",
                "--move-timeout",
                "--event",
                "--replay",
                "cmd=PROGRAM",
                "proto=uci|xboard",
                "option.X=Y",
                "restart=on|off",
            ],
        ),
    ] {
        for help in ["--help", "-h"] {
            let mut args = command.to_vec();
            args.push(help);
            let (code, out, err) = kurier_code(&args);
            assert_eq!(code, Some(0), "{args:?}: {err}");
            for option in options {
                assert!(
                    out.contains(option),
                    "{args:?} does not mention {option}:\n{out}"
                );
            }
        }
    }
    // `kurier help COMMAND` is the same as `kurier COMMAND --help`.
    assert_eq!(
        kurier_code(&["help", "perft"]).1,
        kurier_code(&["perft", "--help"]).1
    );
    let (code, out, _) = kurier_code(&["--version"]);
    assert_eq!(code, Some(0));
    assert_eq!(out, format!("kurier {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn typos_get_suggestions() {
    for (args, tip) in [
        (
            &["perft", "--variant", "schachdame", "--dpeth", "3"][..],
            "a similar argument exists: '--depth'",
        ),
        (&["pertf", "--depth", "3"], "'perft'"),
        (&["bench", "--variants", "courier"], "'--variant'"),
        (
            &["match", "--variant", "courier", "--concurency", "2"],
            "'--concurrency'",
        ),
        (
            &["play", "--variant", "courier", "--colr", "black"],
            "'--color'",
        ),
    ] {
        let (code, out, err) = kurier_code(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(tip), "{args:?}: {err}");
    }
}

#[test]
fn an_unknown_variant_lists_the_known_ones() {
    for command in ["perft", "bench", "play", "match", "perft-suite"] {
        let mut args = vec![command, "--variant", "chess"];
        if command == "perft-suite" {
            args.push("file.epd");
        }
        let (code, _, err) = kurier_code(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("unknown variant 'chess'"), "{args:?}: {err}");
        for known in ["courier", "schachdame", "dualcheckers"] {
            assert!(err.contains(known), "{args:?}: {err}");
        }
    }
}

#[test]
fn values_may_follow_an_equals_sign() {
    let (ok, out, err) = kurier(&[
        "perft",
        "--variant=dualcheckers",
        "--depth=3",
        "--threads=2",
    ]);
    assert!(ok, "{err}");
    let (_, spaced, _) = kurier(&["perft", "--variant", "dualcheckers", "--depth", "3"]);
    assert_eq!(out, spaced);
    assert!(out.starts_with("Nodes searched: "), "{out}");
}

#[test]
fn config_may_come_before_or_after_the_command() {
    let dir = std::env::temp_dir().join(format!("kurier-cli-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("engine.toml");
    std::fs::write(&file, "").unwrap();
    let path = file.to_str().unwrap();
    let wanted = kurier(&["perft", "--variant", "courier", "--depth", "2"]).1;
    for args in [
        &[
            "--config",
            path,
            "perft",
            "--variant",
            "courier",
            "--depth",
            "2",
        ][..],
        &[
            "perft",
            "--config",
            path,
            "--variant",
            "courier",
            "--depth",
            "2",
        ],
        &[
            "perft",
            "--variant",
            "courier",
            "--depth",
            "2",
            "--config",
            path,
        ],
    ] {
        let (ok, out, err) = kurier(args);
        assert!(ok, "{args:?}: {err}");
        assert_eq!(out, wanted, "{args:?}");
    }
    let (code, _, err) = kurier_code(&["perft", "--config"]);
    assert_eq!(code, Some(2), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn perft_suite_reports_passes_and_failures() {
    let dir = std::env::temp_dir().join(format!("kurier-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mixed.epd");
    let mut f = std::fs::File::create(&file).unwrap();
    writeln!(f, "# variant: schachdame").unwrap();
    writeln!(
        f,
        "1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1 ;D1 7 ;D2 49 ;D3 427"
    )
    .unwrap();
    writeln!(
        f,
        "1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1 ;D1 7 ;D2 50"
    )
    .unwrap();
    writeln!(f, "not a fen ;D1 3").unwrap();
    drop(f);
    let path = file.to_str().unwrap();
    let (ok, out, _) = kurier(&["perft-suite", path]);
    assert!(!ok);
    assert!(out.ends_with("1 passed, 2 failed\n"), "{out}");
    assert!(out.contains("D2: expected 50, found 49"), "{out}");
    let (ok, out, _) = kurier(&["perft-suite", path, "--max-depth", "1"]);
    assert!(!ok, "the bad FEN still fails");
    assert!(out.ends_with("2 passed, 1 failed\n"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn perft_suite_on_the_shipped_file_passes_shallow() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/perft/schachdame.epd");
    let (ok, out, _) = kurier(&["perft-suite", file, "--max-depth", "3"]);
    assert!(ok, "{out}");
    assert!(out.ends_with(" 0 failed\n"), "{out}");
}

#[test]
fn protocol_mode_reads_stdin() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        // `quit` would stop the perft: the end of input lets it finish.
        .write_all(b"uci\nsetoption name UCI_Variant value schachdame\nisready\nposition startpos moves b2a3\ngo perft 1\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("uciok\n") && text.contains("readyok\n"),
        "{text}"
    );
    assert!(text.contains("Nodes searched: 7\n"), "{text}");
}
