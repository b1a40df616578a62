//! A match that finishes no game — here a shard whose share of the schedule is empty (`--shard
//! 2/2` of a one-game schedule), which ends as a match stopped before its first game ends does —
//! through the real binary (`crates/kurier-match/src/cutechess_lines.rs`, `tournament.rs`,
//! `merge.rs`):
//!
//! - under cutechess-cli's syntax stdout holds what cutechess-cli 1.5.1 prints when its match
//!   ends without a finished game (read from its source, `projects/cli/src/enginematch.cpp`
//!   `onTournamentFinished` and `projects/lib/src/tournament.cpp` `results`, `elo.cpp`: the
//!   figures of no games are `nan`, the `Score of` line comes only after a game, and with
//!   `-ratinginterval N` the results are not printed at the end when the games finished, 0, are
//!   a multiple of N);
//! - Kurier's own tables (and its `--merge-state` of such a run) show no `NaN`.

#[path = "support/temp.rs"]
mod temp;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const KURIER: &str = env!("CARGO_BIN_EXE_kurier");

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `kurier match ARGS`, which must end well: stdout and stderr.
fn run(args: &[String]) -> (String, String) {
    let out: Output = Command::new(KURIER)
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .env_remove("KURIER_CONFIG")
        .output()
        .expect("run kurier");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{args:?}: {stdout}\n{stderr}");
    (stdout, stderr)
}

/// `--shard K/K` of a schedule of one game per pair of engines: with `K` one more than the
/// pairs, the last shard plays nothing.
fn empty_shard(engines: usize) -> String {
    let k = engines * (engines - 1) / 2 + 1;
    format!("{k}/{k}")
}

/// A schedule of one round of one game per pair of `engines` (a new opening each game), of
/// which the shard plays nothing, in cutechess-cli's syntax, then `extra`.
fn cutechess_args(engines: &[&str], extra: &[&str]) -> Vec<String> {
    let mut args = vec!["-variant".to_string(), "schachdame".to_string()];
    for name in engines {
        args.extend(
            [
                "-engine",
                &format!("cmd={KURIER}"),
                &format!("name={name}"),
                "depth=1",
            ]
            .map(String::from),
        );
    }
    args.extend(
        [
            "-games",
            "1",
            "-rounds",
            "1",
            "--shard",
            &empty_shard(engines.len()),
        ]
        .map(String::from),
    );
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// The same in Kurier's syntax.
fn kurier_args(engines: &[&str], extra: &[&str]) -> Vec<String> {
    let mut args = vec!["--variant".to_string(), "schachdame".to_string()];
    for name in engines {
        args.extend([
            "--engine".to_string(),
            format!("cmd={KURIER} name={name} depth=1"),
        ]);
    }
    args.extend(
        [
            "--games",
            "1",
            "--rounds",
            "1",
            "--repeat",
            "1",
            "--shard",
            &empty_shard(engines.len()),
        ]
        .map(String::from),
    );
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn assert_no_nan(what: &str, out: &str) {
    assert!(!out.contains("NaN"), "NaN in {what}:\n{out}");
}

#[test]
fn cutechess_syntax_prints_what_cutechess_prints_for_no_games() {
    // Two engines: no colour lines, the figures of no games, the SPRT line even without an
    // SPRT, the outcomes of no games.
    let (stdout, stderr) = run(&cutechess_args(&["A", "B"], &[]));
    assert_eq!(
        stdout,
        "Elo difference: nan +/- nan, LOS: nan %, DrawRatio: nan %\n\
         SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n\
         \n\
         Player: A\n\
         Player: B\n\
         Finished match\n"
    );
    // Kurier's tables, on stderr.
    assert!(stderr.contains("0 of 0 games played"), "{stderr}");
    assert_no_nan("Kurier's tables", &stderr);

    // With an SPRT: its bounds.
    let (stdout, stderr) = run(&cutechess_args(&["A", "B"], &["-sprt", "elo0=0", "elo1=5"]));
    assert_eq!(
        stdout,
        "Elo difference: nan +/- nan, LOS: nan %, DrawRatio: nan %\n\
         SPRT: llr 0 (0.0%), lbound -2.94, ubound 2.94\n\
         \n\
         Player: A\n\
         Player: B\n\
         Finished match\n"
    );
    assert_no_nan("Kurier's tables", &stderr);

    // Three engines: the rank table, engines without games in reverse order (cutechess's
    // multimap of equal keys).
    let (stdout, stderr) = run(&cutechess_args(&["A", "B", "C"], &[]));
    assert_eq!(
        stdout,
        "Rank Name                          Elo     +/-   Games   Score    Draw \n   \
         1 C                             nan     nan       0    nan%    nan% \n   \
         2 B                             nan     nan       0    nan%    nan% \n   \
         3 A                             nan     nan       0    nan%    nan% \n\
         \n\
         Player: A\n\
         Player: B\n\
         Player: C\n\
         Finished match\n"
    );
    assert_no_nan("Kurier's tables", &stderr);

    // A rating interval: 0 finished games are a multiple of it, so cutechess-cli prints no
    // results at the end (onTournamentFinished), only the outcomes.
    for engines in [&["A", "B"][..], &["A", "B", "C"][..]] {
        let (stdout, _) = run(&cutechess_args(engines, &["-ratinginterval", "5"]));
        let players: String = engines.iter().map(|e| format!("Player: {e}\n")).collect();
        assert_eq!(
            stdout,
            format!("\n{players}Finished match\n"),
            "{engines:?}"
        );
    }
}

#[test]
fn kurier_tables_of_no_games_show_no_nan() {
    let dir = temp::fresh_dir("match-no-games", "kurier");
    for engines in [&["A", "B"][..], &["A", "B", "C"][..]] {
        for sprt in [&[][..], &["--sprt", "elo0=0", "elo1=5"][..]] {
            if engines.len() > 2 && !sprt.is_empty() {
                continue;
            }
            let state = dir.join("none.state.json");
            let _ = std::fs::remove_file(&state);
            let state_arg = state.to_string_lossy().into_owned();
            let mut extra = sprt.to_vec();
            extra.extend(["--state", &state_arg]);
            let (stdout, stderr) = run(&kurier_args(engines, &extra));
            assert!(
                stdout.starts_with("Results: schachdame") && stdout.contains("0 of 0 games played"),
                "{stdout}"
            );
            assert_no_nan("Kurier's tables", &stdout);
            assert_no_nan("Kurier's stderr", &stderr);
            // cutechess-cli prints no `Score of` line before a game has finished.
            assert!(!stdout.contains("Score of"), "{stdout}");
            // The merge of the run's state file: the same tables.
            let (merged, _) = run(&["--merge-state".to_string(), state_arg.clone()]);
            let pairs = engines.len() * (engines.len() - 1) / 2;
            assert!(
                merged.contains(&format!(": 0 of {pairs} games of the schedule")),
                "{merged}"
            );
            assert_no_nan("--merge-state", &merged);
            assert_eq!(tables(&merged), tables(&stdout), "{engines:?} {sprt:?}");
        }
    }
    let _ = std::fs::remove_dir_all(Path::new(&dir));
}

/// Everything after the first line, without the SPRT line's shard note.
fn tables(stdout: &str) -> String {
    stdout
        .lines()
        .skip(1)
        .map(|l| match l.find(" (shard ") {
            Some(at) => &l[..at],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}
