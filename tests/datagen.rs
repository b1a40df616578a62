//! `kurier datagen` through the real binary: the file it writes (every line a sample or a
//! comment, every position legal, quiet and of its game, one result per game, a `# game K`
//! marker per game), reproducibility (the same seed, the same games, whatever the threads),
//! resuming (a stopped run continued gives the file one run would have written, a block cut
//! short is dropped), and the refusals (another variant's file, a file that is not data).

#[path = "support/temp.rs"]
mod temp;
use kurier_engine::search::{Searchable, MATE_BOUND};
use kurier_rules::games::Variant;
use kurier_rules::with_game;
use kurier_tune::sample::{parse_line, Sample};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh, empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    temp::fresh_dir("datagen", name)
}

/// Runs `kurier datagen ARGS` in `dir`: (exit code, stdout, stderr).
fn datagen(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    kurier(dir, "datagen", args)
}

/// Runs `kurier SUBCOMMAND ARGS` in `dir`: (exit code, stdout, stderr).
fn kurier(dir: &Path, subcommand: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .arg(subcommand)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run kurier");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs it and insists on success.
fn datagen_ok(dir: &Path, args: &[&str]) -> String {
    let (code, out, err) = datagen(dir, args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    out
}

/// A small run's flags: `games` games of `variant` at depth 2, 4 random plies, into data.txt.
fn small(variant: &'static str, games: &'static str) -> Vec<&'static str> {
    vec![
        "--variant",
        variant,
        "--games",
        games,
        "--depth",
        "2",
        "--random-plies",
        "4",
        "--seed",
        "7",
        "--hash",
        "4",
        "--out",
        "data.txt",
    ]
}

/// Sets the value of `flag` in `args`.
fn set(args: &mut [&'static str], flag: &str, value: &'static str) {
    let i = args.iter().position(|&a| a == flag).unwrap();
    args[i + 1] = value;
}

/// The games of a data file by index: the text of each block (its sample lines and marker).
/// Checks the file's shape on the way: a header, each line a sample or a comment, nothing
/// after the last marker.
fn blocks(text: &str) -> BTreeMap<u64, String> {
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("# kurier datagen: variant="),
        "{text}"
    );
    assert!(lines
        .next()
        .unwrap()
        .starts_with("# command: kurier datagen "));
    let mut games = BTreeMap::new();
    let mut block = String::new();
    for line in lines {
        parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        block.push_str(line);
        block.push('\n');
        if let Some(rest) = line.strip_prefix("# game ") {
            let game: u64 = rest.split(':').next().unwrap().parse().unwrap();
            assert!(
                games.insert(game, std::mem::take(&mut block)).is_none(),
                "game {game} twice"
            );
        }
    }
    assert!(block.is_empty(), "after the last marker: {block}");
    games
}

/// The samples of a block.
fn samples(block: &str) -> Vec<Sample> {
    block
        .lines()
        .filter_map(|l| parse_line(l).unwrap())
        .collect()
}

/// Every position of `games` loads in `G`, is not in check and has no mate score, and every
/// position of a game has that game's result, the one its marker states.
fn check_positions<G: Searchable>(games: &BTreeMap<u64, String>) -> usize {
    let mut total = 0;
    for (game, block) in games {
        let marker = block.lines().last().unwrap();
        let result = marker
            .split(": ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        let wanted = match result {
            "1-0" => 1.0,
            "1/2-1/2" => 0.5,
            "0-1" => 0.0,
            other => panic!("game {game}: result {other}"),
        };
        let found = samples(block);
        let stated: usize = marker
            .rsplit(", ")
            .next()
            .unwrap()
            .trim_end_matches(" positions")
            .parse()
            .unwrap();
        assert_eq!(found.len(), stated, "{marker}");
        for s in found {
            let pos = G::from_fen(&s.fen).unwrap_or_else(|e| panic!("{}: {e}", s.fen));
            assert!(!pos.in_check(), "in check: {}", s.fen);
            assert!(s.score.abs() < MATE_BOUND, "mate score: {s}");
            assert_eq!(s.result.score(), wanted, "game {game}: {s}");
            total += 1;
        }
    }
    total
}

#[test]
fn each_variant_writes_a_valid_file() {
    for variant in Variant::ALL {
        let dir = temp_dir(&format!("valid-{variant}"));
        let out = datagen_ok(&dir, &small(variant.name(), "4"));
        let text = std::fs::read_to_string(dir.join("data.txt")).unwrap();
        assert!(text.starts_with(&format!(
            "# kurier datagen: variant={variant} depth=2 random-plies=4 seed=7 openings=none\n\
             # command: kurier datagen --variant {variant} --games 4 --depth 2"
        )));
        let games = blocks(&text);
        assert_eq!(games.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 3]);
        let positions = with_game!(variant, G => check_positions::<G>(&games));
        assert!(positions >= 4, "{variant}: {positions} positions");
        // Nothing on stdout but the summary, which counts what the file holds.
        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(
            out.starts_with(&format!("datagen: 4 games, {positions} positions, W/D/L ")),
            "{out}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn the_same_seed_gives_the_same_games_whatever_the_threads() {
    // A node limit: there the hash table left by an earlier game would change a game.
    let mut args = small("schachdame", "6");
    args.splice(4..6, ["--nodes", "3000"]);
    let (a, b, c) = (temp_dir("same-a"), temp_dir("same-b"), temp_dir("same-c"));
    datagen_ok(&a, &args);
    datagen_ok(&b, &args);
    let one = std::fs::read_to_string(a.join("data.txt")).unwrap();
    assert_eq!(one, std::fs::read_to_string(b.join("data.txt")).unwrap());
    let mut two_threads = args.clone();
    two_threads.extend(["--threads", "2"]);
    datagen_ok(&c, &two_threads);
    let two = std::fs::read_to_string(c.join("data.txt")).unwrap();
    assert_eq!(blocks(&one), blocks(&two));
    // Another seed, other games.
    let mut other_seed = args.clone();
    set(&mut other_seed, "--seed", "8");
    std::fs::remove_file(b.join("data.txt")).unwrap();
    datagen_ok(&b, &other_seed);
    let other = std::fs::read_to_string(b.join("data.txt")).unwrap();
    assert_ne!(blocks(&one), blocks(&other));
    for d in [a, b, c] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn a_resumed_run_writes_what_one_run_would() {
    let (whole, parts) = (temp_dir("resume-whole"), temp_dir("resume-parts"));
    datagen_ok(&whole, &small("courier", "4"));
    let wanted = blocks(&std::fs::read_to_string(whole.join("data.txt")).unwrap());
    let out = datagen_ok(&parts, &small("courier", "2"));
    assert!(out.contains("data.txt has 2 of 2 games"), "{out}");
    // Killed in the middle of a block: the cut block is dropped and the game played again.
    let file = parts.join("data.txt");
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("rn1bmkw1benr/1ppppp1pppp1/e5f5/p5E4p/P5P4P/6FE4/1PPPPP1PPPP1/RN1BMK1WB1NR b - - 0 3 | 148 | 1.0\nrn1bmkw1be1r/1ppp");
    std::fs::write(&file, &text).unwrap();
    let (code, out, err) = datagen(&parts, &small("courier", "4"));
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("dropping the last"), "{err}");
    assert!(out.starts_with("datagen: 2 games, "), "{out}");
    assert!(out.contains("data.txt has 4 of 4 games"), "{out}");
    let resumed = std::fs::read_to_string(&file).unwrap();
    assert_eq!(blocks(&resumed), wanted);
    // A finished file: nothing to play, nothing changes.
    let out = datagen_ok(&parts, &small("courier", "4"));
    assert!(out.starts_with("datagen: 0 games, 0 positions"), "{out}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), resumed);
    for d in [whole, parts] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn another_variants_file_and_a_file_that_is_not_data_are_refused() {
    let dir = temp_dir("refuse");
    datagen_ok(&dir, &small("dualcheckers", "1"));
    let before = std::fs::read_to_string(dir.join("data.txt")).unwrap();
    let (code, out, err) = datagen(&dir, &small("courier", "2"));
    assert_eq!(code, Some(1), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("data.txt holds dualcheckers positions, not courier"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("data.txt")).unwrap(),
        before
    );
    // Other settings are allowed, with a warning.
    let (code, _, err) = datagen(
        &dir,
        &[
            "--variant",
            "dualcheckers",
            "--games",
            "2",
            "--nodes",
            "500",
            "--out",
            "data.txt",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("warning: data.txt was written with 'depth=2"),
        "{err}"
    );
    std::fs::write(dir.join("notes.txt"), "some notes\n").unwrap();
    let mut args = small("courier", "1");
    set(&mut args, "--out", "notes.txt");
    let (code, _, err) = datagen(&dir, &args);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("notes.txt: not a kurier datagen file"),
        "{err}"
    );
    std::fs::write(
        dir.join("bad.txt"),
        "# kurier datagen: variant=courier\nx | y | 1.0\n# game 0\n",
    )
    .unwrap();
    set(&mut args, "--out", "bad.txt");
    let (code, _, err) = datagen(&dir, &args);
    assert_eq!(code, Some(1));
    assert!(err.contains("bad.txt: line 2: score 'y'"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn openings_are_taken_in_turn() {
    let dir = temp_dir("openings");
    let lines: Vec<String> = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("openings/schachdame.epd"),
    )
    .unwrap()
    .lines()
    .filter(|l| !l.starts_with('#'))
    .take(2)
    .map(|l| format!("{l} ; id \"x\";"))
    .collect();
    std::fs::write(
        dir.join("two.epd"),
        format!("# two\n{}\n", lines.join("\n")),
    )
    .unwrap();
    let mut args = small("schachdame", "4");
    args.extend(["--openings", "two.epd"]);
    set(&mut args, "--random-plies", "0");
    datagen_ok(&dir, &args);
    let text = std::fs::read_to_string(dir.join("data.txt")).unwrap();
    assert!(text.starts_with(
        "# kurier datagen: variant=schachdame depth=2 random-plies=0 seed=7 openings=two.epd\n"
    ));
    let games = blocks(&text);
    // No random plies: a game is its opening's, whatever its number.
    let body = |g: u64| samples(&games[&g]);
    assert_eq!(body(0), body(2));
    assert_eq!(body(1), body(3));
    assert_ne!(body(0), body(1));
    // A line that is no position is named.
    std::fs::write(dir.join("bad.epd"), "# x\n8/8/8 w\n").unwrap();
    set(&mut args, "--openings", "bad.epd");
    let (code, _, err) = datagen(&dir, &args);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("bad.epd, line 2: not a schachdame position"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_is_checked_and_documented() {
    let dir = temp_dir("args");
    for (args, wanted) in [
        (
            &["--variant", "courier", "--games", "1", "--out", "x"][..],
            "--nodes",
        ),
        (
            &[
                "--variant",
                "courier",
                "--games",
                "1",
                "--out",
                "x",
                "--nodes",
                "5",
                "--depth",
                "2",
            ][..],
            "cannot be used with",
        ),
        (
            &[
                "--variant",
                "courier",
                "--games",
                "1",
                "--out",
                "x",
                "--nodes",
                "0",
            ][..],
            "0 is not in 1..",
        ),
        (
            &[
                "--variant",
                "chess",
                "--games",
                "1",
                "--depth",
                "1",
                "--out",
                "x",
            ][..],
            "unknown variant",
        ),
        // Sizes that would exhaust memory, threads or time are refused before anything runs.
        (
            &[
                "--variant",
                "courier",
                "--games",
                "10000001",
                "--depth",
                "1",
                "--out",
                "x",
            ][..],
            "10000001 is not in 1..=10000000",
        ),
        (
            &[
                "--variant",
                "courier",
                "--games",
                "1",
                "--depth",
                "1",
                "--out",
                "x",
                "--threads",
                "257",
            ][..],
            "257 is not in 1..=256",
        ),
        (
            &[
                "--variant",
                "courier",
                "--games",
                "1",
                "--depth",
                "1",
                "--out",
                "x",
                "--hash",
                "0",
            ][..],
            "0 is not in 1..=65536",
        ),
        (
            &[
                "--variant",
                "courier",
                "--games",
                "1",
                "--depth",
                "1",
                "--out",
                "x",
                "--random-plies",
                "401",
            ][..],
            "401 is not in 0..=400",
        ),
    ] {
        let (code, out, err) = datagen(&dir, args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(wanted), "{args:?}: {err}");
    }
    assert!(!dir.join("x").exists());
    let help = datagen_ok(&dir, &["--help"]);
    for flag in [
        "--variant",
        "--games",
        "--nodes",
        "--depth",
        "--random-plies",
        "--threads",
        "--seed",
        "--hash",
        "--out",
        "--openings",
        "FEN | SCORE | RESULT",
        "# game K",
    ] {
        assert!(help.contains(flag), "help does not mention {flag}:\n{help}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `kurier pgn-data ARGS` in `dir`: (exit code, stdout, stderr).
fn pgn_data(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    kurier(dir, "pgn-data", args)
}

#[test]
fn pgn_data_writes_the_scored_positions_of_recorded_games() {
    let dir = temp_dir("pgn-data");
    std::fs::write(
        dir.join("games.pgn"),
        "[Event \"kurier match\"]\n[Variant \"courier\"]\n[Result \"1-0\"]\n\n\
         1. b3 {+0.25/8 0.10s} 1... b6 {-0.40/8 0.09s} 2. c3 {book} 2... c6 {+M5/9 0.01s} \
         3. d3 {+0.05/7 0.02s} {White wins by adjudication} 1-0\n",
    )
    .unwrap();
    let (code, out, err) = pgn_data(
        &dir,
        &["--variant", "courier", "--out", "d.txt", "games.pgn"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("1 games, 3 positions, 0 games left out"),
        "{out}"
    );
    let text = std::fs::read_to_string(dir.join("d.txt")).unwrap();
    let samples: Vec<Sample> = text
        .lines()
        .filter_map(|l| parse_line(l).unwrap())
        .collect();
    let scores: Vec<i32> = samples.iter().map(|s| s.score).collect();
    assert_eq!(scores, [25, 40, 5], "White's view: Black's -0.40 is +40");
    assert!(samples.iter().all(|s| s.result.score() == 1.0));
    assert!(samples[1].fen.contains(" b "), "{}", samples[1].fen);

    let (code, _, err) = pgn_data(
        &dir,
        &["--variant", "courier", "--out", "e.txt", "missing.pgn"],
    );
    assert_ne!(code, Some(0));
    assert!(err.contains("missing.pgn"), "{err}");
}
