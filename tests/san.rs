//! SAN for Courier chess and Schachdame (`kurier_rules::san`) and its use by the match runner:
//!
//! - every legal move of many random-play positions of both games reads back from its SAN and
//!   its LAN, and no two moves of a position share a SAN;
//! - ambiguous text is an error, never a guess; checks and mates get their marks;
//! - every game of the archived PGNs of `tests/fixtures/pgn/cutechess-2026-11-30/` — written by cutechess-cli (SAN,
//!   moves sent by Fairy-Stockfish and Kurier) and by `kurier match` (protocol notation) —
//!   replays with no mismatch, and for the cutechess games Kurier writes each move exactly as
//!   cutechess wrote it, marks included;
//! - `kurier match` writes SAN by default, LAN or protocol notation on request
//!   (`--pgn-notation`), and `--replay` reads each back.

use kurier_match::notation::PgnNotation;
use kurier_match::replay::replay_text;
use kurier_match::MatchCommand;
use kurier_rules::game::{Game, MoveError, MoveList, Reason};
use kurier_rules::games::courier::{self, Courier};
use kurier_rules::games::schachdame::{self, Schachdame};
use kurier_rules::games::Variant;
use kurier_rules::san::San;
use kurier_rules::with_game;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A small deterministic generator (SplitMix64), so that the random games are the same on
/// every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Checks every legal move of `pos`: SAN and LAN read back to the move (also without their
/// marks, and the SAN without its `x`), no two moves share a SAN, and a SAN ends in `#` exactly
/// when `mated` says the move mates, in `+` exactly when it checks otherwise. Returns the moves.
fn check_position<G: San>(
    pos: &G,
    mated: impl Fn(&G) -> bool,
    in_check: impl Fn(&G) -> bool,
) -> Vec<G::Move> {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    let mut seen = HashSet::new();
    for &mv in list.iter() {
        let san = pos.san(mv);
        let lan = pos.lan(mv);
        let fen = pos.fen();
        assert!(seen.insert(san.clone()), "{fen}: two moves are {san}");
        assert_eq!(pos.parse_san(&san), Ok(mv), "{fen}: {san}");
        assert_eq!(pos.parse_san(&lan), Ok(mv), "{fen}: {lan}");
        let bare = san.trim_end_matches(['+', '#']);
        assert_eq!(pos.parse_san(bare), Ok(mv), "{fen}: {bare}");
        assert_eq!(
            pos.parse_san(&bare.replace('x', "")),
            Ok(mv),
            "{fen}: {san} without x"
        );
        assert_eq!(
            pos.parse_san(&format!("{bare}!?")),
            Ok(mv),
            "{fen}: {san}!?"
        );
        assert_eq!(pos.parse_san(&pos.format_move(mv)), Ok(mv), "{fen}: {san}");
        let after = pos.play(mv);
        let (check, mate) = (in_check(&after), mated(&after));
        assert_eq!(san.ends_with('#'), check && mate, "{fen}: {san}");
        assert_eq!(san.ends_with('+'), check && !mate, "{fen}: {san}");
    }
    list.to_vec()
}

/// Plays `games` random games of at most `plies` plies from `start`, checking every position;
/// returns the number of moves checked.
fn random_games<G: San>(
    start: &G,
    seed: u64,
    games: usize,
    plies: usize,
    mated: impl Fn(&G) -> bool + Copy,
    in_check: impl Fn(&G) -> bool + Copy,
) -> usize {
    let mut rng = Rng(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            let moves = check_position(&pos, mated, in_check);
            checked += moves.len();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos = pos.play(moves[(rng.next() % moves.len() as u64) as usize]);
        }
    }
    checked
}

/// Courier: mate is check with no move by the move rules (docs/rules.md C5), the bare-king rule
/// (C7) aside.
fn courier_mated(p: &Courier) -> bool {
    let mut count = courier::movegen::CountSink(0);
    courier::movegen::generate_by_move_rules(p, &mut count);
    count.0 == 0
}

#[test]
fn every_move_of_random_games_reads_back_from_its_san() {
    let mut n = 0;
    for (fen, seed) in [(courier::START_FEN, 1), (courier::PRE_CEREMONY_FEN, 2)] {
        let start = Courier::from_fen(fen).unwrap();
        n += random_games(&start, seed, 30, 200, courier_mated, Courier::in_check);
    }
    let start = Schachdame::from_fen(schachdame::START_FEN).unwrap();
    n += random_games(
        &start,
        3,
        60,
        200,
        |p| p.count_moves() == 0,
        Schachdame::in_check,
    );
    assert!(n > 100_000, "only {n} moves checked");
    eprintln!("{n} moves checked");
}

#[test]
fn ambiguous_text_is_an_error_and_the_origin_says_as_little_as_needed() {
    // Three white knights reach c3: from b1, b5 and d1. Black keeps a pawn (docs/rules.md C7).
    let p = Courier::from_fen("6k5/11p/12/1N10/12/12/12/1N1N1K6 w - - 0 1").unwrap();
    let san = |c: &str| p.san(p.parse_move(c).unwrap());
    assert_eq!(san("b1c3"), "Nb1c3");
    assert_eq!(san("b5c3"), "N5c3");
    assert_eq!(san("d1c3"), "Ndc3");
    for text in ["Nc3", "Nbc3", "N1c3", "Nxc3"] {
        match p.parse_san(text) {
            Err(MoveError::Ambiguous { candidates, .. }) => {
                assert!(candidates.len() >= 2, "{text}: {candidates:?}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(p.parse_san("Nb1c3"), p.parse_move("b1c3"));
    assert_eq!(p.parse_san("N5c3"), p.parse_move("b5c3"));
    assert_eq!(p.parse_san("Nd1-c3"), p.parse_move("d1c3"));
    for text in ["Nc4", "Kf3", "Ra3"] {
        assert!(
            matches!(p.parse_san(text), Err(MoveError::Illegal { .. })),
            "{text}"
        );
    }
    for text in ["", "Qc3", "N", "c9", "Nm3", "O-O", "--"] {
        assert!(
            matches!(p.parse_san(text), Err(MoveError::Syntax(_))),
            "{text:?}"
        );
    }
    // Schachdame: two bishops (a side may have several, docs/rules.md S6) reach d4, from two
    // files, then from one file.
    let p = Schachdame::from_fen("1k6/8/1B6/8/8/8/7K/B7 w - - 0 1").unwrap();
    assert_eq!(p.san(p.parse_move("a1d4").unwrap()), "Bad4");
    assert_eq!(p.san(p.parse_move("b6d4").unwrap()), "Bbd4");
    assert!(matches!(
        p.parse_san("Bd4"),
        Err(MoveError::Ambiguous { .. })
    ));
    let p = Schachdame::from_fen("5k2/B7/8/8/8/8/7K/B7 w - - 0 1").unwrap();
    assert_eq!(p.san(p.parse_move("a1d4").unwrap()), "B1d4");
    assert_eq!(p.san(p.parse_move("a7d4").unwrap()), "B7d4");
    assert!(matches!(
        p.parse_san("Bad4"),
        Err(MoveError::Ambiguous { .. })
    ));
    assert_eq!(p.parse_san("B7-d4"), p.parse_move("a7d4"));
}

#[test]
fn marks_for_check_and_mate_only() {
    // Schachdame, docs/rules.md S7: Ba3-b2 mates.
    let p = Schachdame::from_fen("8/8/8/8/8/B1K5/8/k7 w - - 0 1").unwrap();
    let mv = p.parse_san("Bb2").unwrap();
    assert_eq!(p.san(mv), "Bb2#");
    assert_eq!(
        p.play(mv).outcome().map(|o| o.reason()),
        Some(Reason::Checkmate)
    );
    // Courier, docs/rules.md C5: the rook mates on the back rank.
    let p = Courier::from_fen("6k5/5ppp4/12/12/12/12/12/R5K5 w - - 0 1").unwrap();
    let mv = p.parse_san("Ra8").unwrap();
    assert_eq!(p.san(mv), "Ra8#");
    assert_eq!(p.lan(mv), "Ra1-a8#");
    assert_eq!(
        p.play(mv).outcome().map(|o| o.reason()),
        Some(Reason::Checkmate)
    );
}

/// The archived PGNs, by name.
fn archive(name: &str) -> (PathBuf, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pgn/cutechess-2026-11-30")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    (path, text)
}

#[test]
fn every_archived_game_replays() {
    let files = [
        "cutechess-uci.pgn",
        "cutechess-xboard.pgn",
        "courier-fsf.pgn",
        "courier-sjaak.pgn",
        "courier-fmax.pgn",
        "schachdame-fsf.pgn",
        "dual-depth.pgn",
        "dual-tc.pgn",
    ];
    for name in files {
        let (_, text) = archive(name);
        let mut out = Vec::new();
        let (games, mismatches) = replay_text(&text, None, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let moves: usize = kurier_match::pgn::parse(&text)
            .unwrap()
            .iter()
            .map(|g| g.moves.len())
            .sum();
        eprintln!("{name}: {games} games, {moves} moves, {mismatches} mismatches");
        assert_eq!(mismatches, 0, "{name}:\n{out}");
        assert!(games >= 20, "{name}: {games} games");
    }
}

/// The move tokens of each game of a cutechess PGN, as written (marks included): the text
/// outside tags and comments, without move numbers and results.
fn raw_moves(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut current = Vec::new();
    let mut in_comment = false;
    for line in text.lines() {
        if line.starts_with('[') {
            continue;
        }
        let mut word = String::new();
        let mut words = Vec::new();
        for c in line.chars() {
            match c {
                '{' => in_comment = true,
                '}' => in_comment = false,
                c if in_comment => {
                    let _ = c;
                }
                c if c.is_whitespace() => words.push(std::mem::take(&mut word)),
                c => word.push(c),
            }
        }
        words.push(word);
        for w in words.into_iter().filter(|w| !w.is_empty()) {
            if matches!(w.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                games.push(std::mem::take(&mut current));
            } else if !w.ends_with('.') {
                current.push(w);
            }
        }
    }
    games
}

#[test]
fn kurier_writes_every_cutechess_move_as_cutechess_wrote_it() {
    for name in ["cutechess-uci.pgn", "cutechess-xboard.pgn"] {
        let (_, text) = archive(name);
        let games = raw_moves(&text);
        assert_eq!(games.len(), 20, "{name}");
        let mut moves = 0;
        for (n, game) in games.iter().enumerate() {
            // cutechess starts Courier from the standard start (docs/rules.md C3).
            let mut pos = Courier::start();
            for written in game {
                let mv = pos
                    .parse_san(written)
                    .unwrap_or_else(|e| panic!("{name} game {}: {written}: {e}", n + 1));
                assert_eq!(
                    &pos.san(mv),
                    written,
                    "{name} game {}: {}",
                    n + 1,
                    pos.fen()
                );
                pos = pos.play(mv);
                moves += 1;
            }
        }
        eprintln!("{name}: {moves} moves written as cutechess wrote them");
    }
}

#[test]
fn pgn_notation_flag() {
    let base = [
        "--variant",
        "courier",
        "--engine",
        "cmd=a",
        "--engine",
        "cmd=b",
        "--depth",
        "1",
    ];
    let notation = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        match kurier_match::match_args::parse(args) {
            Ok(MatchCommand::Play(o)) => Ok(o.pgn_notation),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e.to_string()),
        }
    };
    assert_eq!(notation(&[]), Ok(PgnNotation::San));
    assert_eq!(notation(&["--pgn-notation", "lan"]), Ok(PgnNotation::Lan));
    assert_eq!(
        notation(&["--pgn-notation", "coordinate"]),
        Ok(PgnNotation::Coordinate)
    );
    let e = notation(&["--pgn-notation", "figurine"]).unwrap_err();
    assert!(e.contains("san") && e.contains("coordinate"), "{e}");
}

const KURIER: &str = env!("CARGO_BIN_EXE_kurier");

/// Runs `kurier ARGS` and returns (success, stdout, stderr).
fn kurier(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(KURIER)
        .args(args)
        .output()
        .expect("run kurier");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The move tokens of a PGN text as written.
fn move_tokens(text: &str) -> Vec<String> {
    raw_moves(text).concat()
}

#[test]
fn a_match_writes_san_by_default_and_replays_it() {
    let dir = std::env::temp_dir().join(format!("kurier-san-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let engine = format!("cmd={KURIER} name=K");
    for (variant, notation) in [
        ("courier", None),
        ("schachdame", None),
        ("courier", Some("lan")),
        ("schachdame", Some("coordinate")),
        ("dualcheckers", None),
    ] {
        let pgn = dir.join(format!("{variant}-{}.pgn", notation.unwrap_or("default")));
        let pgn_s = pgn.to_string_lossy().into_owned();
        let mut args = vec![
            "match",
            "--variant",
            variant,
            "--engine",
            &engine,
            "--engine",
            &engine,
            "--depth",
            "2",
            "--games",
            "1",
            "--pgn",
            &pgn_s,
        ];
        if let Some(n) = notation {
            args.extend(["--pgn-notation", n]);
        }
        let (ok, stdout, stderr) = kurier(&args);
        assert!(ok, "{variant}: {stdout}\n{stderr}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        let (ok, stdout, _) = kurier(&["match", "--replay", &pgn_s]);
        assert!(ok, "{variant}: the PGN does not replay:\n{stdout}\n{text}");
        assert!(stdout.contains("1 games checked, 0 mismatches"), "{stdout}");
        // Every move is in the notation asked for: replayed from the start and written again
        // in it, each token comes out the same.
        let v: Variant = variant.parse().unwrap();
        let tokens = move_tokens(&text);
        assert!(!tokens.is_empty(), "{text}");
        let fen = text
            .lines()
            .find_map(|l| l.strip_prefix("[FEN \""))
            .map(|l| l.trim_end_matches("\"]").to_string());
        let wanted = match notation {
            Some("lan") => PgnNotation::Lan,
            Some("coordinate") => PgnNotation::Coordinate,
            _ => PgnNotation::San,
        };
        let fen = fen.unwrap_or_else(|| with_game!(v, G => G::start().fen()));
        let again = kurier_match::notation::rewrite(v, &fen, &tokens, wanted);
        assert_eq!(again, tokens, "{variant}");
        let coordinate = kurier_match::notation::rewrite(v, &fen, &tokens, PgnNotation::Coordinate);
        let is_san = tokens != coordinate;
        assert_eq!(
            is_san,
            wanted != PgnNotation::Coordinate && v != Variant::DualCheckers,
            "{variant}: {text}"
        );
        if wanted == PgnNotation::Lan {
            assert!(
                tokens.iter().all(|t| t.contains('-') || t.contains('x')),
                "{text}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn kurier_play_reads_san() {
    use kurier::play::{run, EngineLimit, PlayOptions};
    for (variant, script, played) in [
        (Variant::Courier, "Ra3\nquit\n", "You play Ra3."),
        (Variant::Courier, "Ra1-a3\nquit\n", "You play Ra3."),
        (Variant::Schachdame, "bc3\nquit\n", "You play bc3."),
    ] {
        let mut o = PlayOptions::new(variant);
        o.limit = EngineLimit::Depth(1);
        o.ascii = true;
        o.hash_mb = 1;
        let mut out = Vec::new();
        run(script.as_bytes(), &mut out, &o).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains(played), "{variant}: {out}");
    }
    // Schachdame's `c3` could be either pawn's: the session says so and lists both.
    let mut o = PlayOptions::new(Variant::Schachdame);
    o.limit = EngineLimit::Depth(1);
    o.ascii = true;
    o.hash_mb = 1;
    let mut out = Vec::new();
    run("c3\nquit\n".as_bytes(), &mut out, &o).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("'c3' could mean 2 moves"), "{out}");
}

#[test]
fn cutechess_pgns_serve_as_openings() {
    let (path, text) = archive("cutechess-xboard.pgn");
    let openings = kurier_match::openings::parse(Variant::Courier, &path, &text, Some(8)).unwrap();
    assert_eq!(openings.len(), 20);
    for o in &openings {
        assert_eq!(o.moves.len(), 8);
        assert_eq!(o.fen, Courier::start().fen());
        // Kept in protocol notation, for the engines.
        let mut pos = Courier::start();
        for m in &o.moves {
            let mv = pos.parse_move(m).unwrap();
            assert_eq!(&pos.format_move(mv), m);
            pos = pos.play(mv);
        }
    }
    assert_eq!(openings[0].moves[..3], ["l1l3", "e7e6", "a1a3"]);
}
