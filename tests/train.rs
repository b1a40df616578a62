//! `kurier train` on the command line: a small run writes a network the engine reads, names it
//! by the hash the engine computes, reports the counts, the losses and the quantisation check,
//! gives the same file on one thread or two; bad data is reported by file and line, and no
//! network is written. (The training itself is tested next to it, in
//! crates/kurier-tune/src/train/: the gradient, a known function learnt, determinism.)

#[path = "support/temp.rs"]
mod temp;
use kurier_engine::nnue::Network;
use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::courier::{Courier, START_FEN};
use kurier_tune::rng::SplitMix64;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    temp::fresh_dir("train", name)
}

fn kurier(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(args)
        .output()
        .unwrap()
}

/// A data file of `games` random Courier games, every third position from the tenth ply, with
/// the game's result drawn at random and a score of 25 cp per piece ahead (White's view).
fn data_file(path: &Path, games: usize) {
    let mut rng = SplitMix64::new(5);
    let mut text = String::from("# kurier train test data\n");
    for _ in 0..games {
        let mut pos = Courier::start();
        let result = ["1.0", "0.5", "0.0"][rng.below(3)];
        for ply in 0..90 {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves.as_slice()[rng.below(moves.len())]);
            if ply >= 10 && ply % 3 == 0 {
                let fen = pos.fen();
                let white = fen.split(' ').next().unwrap();
                let ahead = white.chars().filter(char::is_ascii_uppercase).count() as i32
                    - white.chars().filter(char::is_ascii_lowercase).count() as i32;
                text += &format!("{fen} | {} | {result}\n", 25 * ahead);
            }
        }
    }
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_small_run_writes_a_network_the_engine_reads_the_same_on_one_thread_or_two() {
    let dir = temp_dir("run");
    let file = dir.join("data.txt");
    data_file(&file, 40);
    let run = |threads: &str, out: &Path| {
        kurier(&[
            "train",
            "--variant",
            "courier",
            file.to_str().unwrap(),
            "--epochs",
            "2",
            "--batch",
            "256",
            "--validation",
            "0.1",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let (one, two) = (dir.join("one.nnue"), dir.join("two.nnue"));
    let first = run("1", &one);
    assert!(first.status.success(), "{first:?}");
    let stdout = String::from_utf8(first.stdout).unwrap();
    let stderr = String::from_utf8(first.stderr).unwrap();
    assert!(stdout.starts_with("positions: "), "{stdout}");
    assert!(stdout.contains(" held out for validation"), "{stdout}");
    assert!(stdout.contains("validation loss: "), "{stdout}");
    assert!(
        stdout.contains("quantised vs float over ") && stdout.contains("(tolerance: mean 5 cp)"),
        "{stdout}"
    );
    assert!(stderr.contains("epoch 2/2: train "), "{stderr}");
    assert!(
        stderr.contains(", validation ") && stderr.contains("ETA"),
        "{stderr}"
    );
    let bytes = std::fs::read(&one).unwrap();
    let net = Network::from_bytes(&bytes).unwrap();
    assert!(net.check("courier", 1728).is_ok());
    assert!(
        stdout.contains(&format!("network {:016x}", net.hash())),
        "{stdout}"
    );
    let second = run("2", &two);
    assert!(second.status.success(), "{second:?}");
    assert_eq!(std::fs::read(&two).unwrap(), bytes);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_data_is_named_by_file_and_line_and_nothing_is_written() {
    let dir = temp_dir("bad");
    let file = dir.join("data.txt");
    std::fs::write(
        &file,
        format!("# made up\n{START_FEN} | 10 | 0.5\n{START_FEN} | 10 | 0.7\n"),
    )
    .unwrap();
    let out = dir.join("net.nnue");
    let (file_s, out_s) = (file.to_str().unwrap(), out.to_str().unwrap());
    let run = kurier(&["train", "--variant", "courier", file_s, "--out", out_s]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains(&format!("{file_s}:3: result '0.7' is not 1.0, 0.5 or 0.0")),
        "{err}"
    );
    // A FEN of another game.
    std::fs::write(&file, "8/8/8/8/8/8/8/8 w - - 0 1 | 0 | 0.5\n").unwrap();
    let run = kurier(&["train", "--variant", "courier", file_s, "--out", out_s]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains(&format!("{file_s}:1: bad FEN for courier")),
        "{err}"
    );
    // A missing file.
    let run = kurier(&[
        "train",
        "--variant",
        "courier",
        "nowhere.txt",
        "--out",
        out_s,
    ]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("cannot read nowhere.txt"));
    // A file with no position.
    std::fs::write(&file, "# nothing\n").unwrap();
    let run = kurier(&["train", "--variant", "courier", file_s, "--out", out_s]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no quiet position to train on"));
    assert!(!out.exists());
    // Options out of range are clap's errors.
    for bad in [
        ["--lambda", "1.5"],
        ["--epochs", "0"],
        ["--validation", "0.95"],
    ] {
        let run = kurier(&[
            "train",
            "--variant",
            "courier",
            file_s,
            "--out",
            out_s,
            bad[0],
            bad[1],
        ]);
        assert_eq!(run.status.code(), Some(2), "{bad:?}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_help_gives_an_example() {
    let run = kurier(&["train", "--help"]);
    assert!(run.status.success());
    let help = String::from_utf8(run.stdout).unwrap();
    assert!(
        help.contains("Example: kurier train --variant courier"),
        "{help}"
    );
    assert!(
        help.contains("--lambda") && help.contains("[default: 0.5]"),
        "{help}"
    );
}
