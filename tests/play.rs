//! `kurier play`: scripted sessions through the library (`kurier::play::run` over in-memory
//! input and a `Vec<u8>`) and through the real binary with stdin piped. Kurier searches at depth 1–3,
//! so every session takes a fraction of a second.

use kurier::play::{run, EngineLimit, PlayOptions, TimeControl};
use kurier_rules::game::Color;
use kurier_rules::games::Variant;
use std::io::{BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

const SCHACHDAME_START: &str = "1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1";
/// White to move mates with e1c3 (the king on h6 guards g7).
const SCHACHDAME_MATE_IN_ONE: &str = "7k/8/7K/8/8/8/8/4B3 w - - 0 1";
/// docs/rules.md D5, after 1.f3-e4 d6-e5 2.e4:e5: Black must play f6:d4:d3.
const DUAL_SEED: &str = "1m1m1m1m/m1m1m1m1/1m3m1m/4M3/8/1M1M3M/M1M1M1M1/1M1M1M1M b 0 2";
/// White's compulsory d4:f6 takes Black's last piece: Black has no legal move and loses (D9).
const DUAL_LAST_CAPTURE: &str = "8/8/8/4m3/3M4/8/8/8 w 0 1";

fn options(variant: Variant, fen: Option<&str>, human: Color, depth: u32) -> PlayOptions {
    let mut o = PlayOptions::new(variant);
    o.fen = fen.map(str::to_string);
    o.human = human;
    o.limit = EngineLimit::Depth(depth);
    o.ascii = true;
    o.hash_mb = 1;
    o
}

/// Runs a session with `script` as the person's input; returns everything printed.
fn session_with(o: &PlayOptions, script: &[u8]) -> String {
    let mut out = Vec::new();
    // The input is read on a thread of its own: it owns its bytes.
    if let Err(e) = run(std::io::Cursor::new(script.to_vec()), &mut out, o) {
        panic!("session failed: {e}");
    }
    String::from_utf8(out).unwrap_or_else(|e| panic!("output is not UTF-8: {e}"))
}

fn session(variant: Variant, fen: Option<&str>, human: Color, depth: u32, script: &str) -> String {
    session_with(&options(variant, fen, human, depth), script.as_bytes())
}

/// How many moves Kurier played (lines `Kurier plays MOVE.  [depth ...]`).
fn kurier_moves(out: &str) -> usize {
    out.lines()
        .filter(|l| l.starts_with("Kurier plays "))
        .count()
}

/// The answer to the `nth` `moves` command: piped input is not echoed, so it follows its prompt
/// directly (`White> Moves (4):`).
fn moves_answer(out: &str, nth: usize) -> &str {
    let at = out
        .match_indices("> Moves (")
        .nth(nth)
        .unwrap_or_else(|| panic!("no answer #{nth} to 'moves' in:\n{out}"))
        .0;
    &out[at + 2..]
}

/// The lines printed right after the prompt that read `command` (`White> fen`).
fn answer_to<'a>(out: &'a str, nth: usize, prompt_then: &str) -> &'a str {
    let at = out
        .match_indices(prompt_then)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {prompt_then:?} #{nth} in:\n{out}"))
        .0;
    &out[at + prompt_then.len()..]
}

#[test]
fn schachdame_moves_errors_flip_fen_undo_quit() {
    let out = session(
        Variant::Schachdame,
        None,
        Color::White,
        2,
        "fen\nd2-e3\nxyz\na1b2\nflip\nundo\nfen\nquit\nfen\n",
    );
    // The diagram: file letters, ranks, pieces as letters.
    assert!(out.contains("    a  b  c  d  e  f  g  h\n"), "{out}");
    assert!(out.contains(" 1  P     B     K     P     1\n"), "{out}");
    assert!(
        out.starts_with(concat!(
            "Kurier ",
            env!("CARGO_PKG_VERSION"),
            " plays Schachdame. You play White"
        )),
        "{out}"
    );
    // `fen` prints the position.
    let first = out.find(SCHACHDAME_START).expect("the start FEN");
    assert!(first < out.find("You play de3").unwrap_or(0), "{out}");
    // A move in another notation, shown in SAN, then Kurier's reply and the marked last move.
    assert!(out.contains("You play de3.\n"), "{out}");
    assert_eq!(kurier_moves(&out), 1, "{out}");
    assert!(out.contains("Last move: Black "), "{out}");
    let after_reply = answer_to(&out, 0, "\nKurier plays ");
    let diagram = after_reply.split("Last move:").next().unwrap_or("");
    let marked = diagram
        .lines()
        .filter(|l| l.starts_with(' ') && l.contains('['))
        .count();
    assert_eq!(marked, 2, "the reply's two squares are marked:\n{out}");
    // A word that is no move, and an illegal move: both answered with the legal moves.
    let after = answer_to(&out, 0, "'xyz' is neither a command nor a move");
    assert!(after.contains("Legal moves ("), "{out}");
    let after = answer_to(&out, 0, "'a1b2' is not a legal move here.\nLegal moves (");
    assert!(
        after.lines().nth(1).is_some_and(|l| l.contains("b2a3")),
        "{out}"
    );
    // `flip` draws the board from Black's side.
    assert!(out.contains("    h  g  f  e  d  c  b  a\n"), "{out}");
    // `undo` takes back both moves: the start position again, White (the person) to move.
    assert!(out.contains("Taken back: "), "{out}");
    assert_eq!(out.matches(SCHACHDAME_START).count(), 2, "{out}");
    // `quit` ends the session: the `fen` after it is never read.
    assert!(out.trim_end().ends_with("Goodbye."), "{out}");
}

#[test]
fn schachdame_mate_ends_the_game_with_its_result() {
    let out = session(
        Variant::Schachdame,
        Some(SCHACHDAME_MATE_IN_ONE),
        Color::White,
        2,
        "e1-c3\nc3d4\nhint\nmoves\nundo\nlegal\nquit\n",
    );
    assert!(out.contains("You play Bc3# (checkmate)."), "{out}");
    assert!(
        out.contains("Game over: White wins by checkmate, 1-0."),
        "{out}"
    );
    assert_eq!(kurier_moves(&out), 0, "{out}");
    assert!(
        out.contains("The game is over (White wins by checkmate, 1-0)"),
        "{out}"
    );
    assert!(out.contains("No hint: the game is over"), "{out}");
    // `moves`: the move list in SAN and the result.
    let after = moves_answer(&out, 0);
    assert!(
        after.starts_with("Moves (1):\n  1. Bc3#\n  White wins by checkmate, 1-0\n"),
        "{out}"
    );
    // `undo` after the person's own mating move takes back that move only.
    assert!(out.contains("Taken back: Bc3# (checkmate)."), "{out}");
    assert!(out.contains("Legal moves ("), "{out}");
}

#[test]
fn kurier_mates_the_person() {
    let out = session(
        Variant::Schachdame,
        Some(SCHACHDAME_MATE_IN_ONE),
        Color::Black,
        3,
        "undo\nquit\n",
    );
    assert!(out.contains("You play Black, Kurier plays White"), "{out}");
    assert!(
        out.contains("Kurier plays Bc3# (checkmate).  [depth"),
        "{out}"
    );
    assert!(out.contains("White mates in 1"), "{out}");
    assert!(
        out.contains("Game over: White wins by checkmate, 1-0."),
        "{out}"
    );
    // Board seen from Black's side.
    assert!(out.contains("    h  g  f  e  d  c  b  a\n"), "{out}");
    assert!(out.contains("Nothing to take back."), "{out}");
}

#[test]
fn go_hint_and_new() {
    let out = session(
        Variant::Schachdame,
        None,
        Color::White,
        2,
        "hint\ngo\nnew\nfen\n",
    );
    assert!(out.contains("Hint: "), "{out}");
    assert!(
        out.contains("Kurier now plays White; you play Black."),
        "{out}"
    );
    assert!(out.contains("Kurier (White) is thinking..."), "{out}");
    assert!(out.contains("Black> "), "{out}");
    // `new` starts again from the start; the person keeps the side they took (Black), so
    // Kurier opens again.
    assert!(
        out.contains("New game. You play Black, Kurier plays White."),
        "{out}"
    );
    assert_eq!(kurier_moves(&out), 2, "{out}");
    // The end of input ends the session cleanly.
    assert!(out.trim_end().ends_with("End of input: goodbye."), "{out}");
}

#[test]
fn courier_board_moves_and_errors() {
    let out = session(
        Variant::Courier,
        None,
        Color::White,
        1,
        "help\ni2-i3\na2a3\nlegal\nundo\nfen\nquit\n",
    );
    assert!(
        out.contains("    a  b  c  d  e  f  g  h  i  j  k  l\n"),
        "{out}"
    );
    assert!(
        out.contains(" 1  R  N  E  B  M  K  .  W  B  E  N  R  1\n"),
        "{out}"
    );
    // `help` explains the letters.
    assert!(out.contains("E alfil: jumps 2 squares diagonally"), "{out}");
    assert!(out.contains("You play i3."), "{out}");
    assert!(out.contains("'a2a3' is not a legal move here."), "{out}");
    assert!(out.contains("Legal moves ("), "{out}");
    assert!(out.contains("Taken back: "), "{out}");
    assert!(
        out.contains(
            "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"
        ),
        "{out}"
    );
}

#[test]
fn courier_bare_king_ends_the_game() {
    // Rxe5 leaves Black a bare king against two rooks (docs/rules.md C7).
    let out = session(
        Variant::Courier,
        Some("11k/12/12/4p7/12/12/R11/K3R7 w - - 0 1"),
        Color::White,
        1,
        "e1e5\nquit\n",
    );
    assert!(
        out.contains("Game over: White wins by the bare-king rule"),
        "{out}"
    );
    assert!(out.contains(", 1-0."), "{out}");
}

#[test]
fn dual_capture_forms_and_compulsory_capture() {
    let out = session(
        Variant::DualCheckers,
        Some(DUAL_SEED),
        Color::Black,
        1,
        "f6-e5\nf6:d4:d3\nundo\nf6xd4xd3\nundo\nf6d4d3\nundo\nf6e5,e5d4,d4d3\nundo\nf6:d3\nquit\n",
    );
    // Told before the move, and again when a quiet move is tried.
    assert!(
        out.contains("You must capture (captures are compulsory): f6:d4:d3"),
        "{out}"
    );
    assert!(
        out.contains("'f6-e5' is not a legal move here.\nA capture is compulsory; your captures (1):\n  f6:d4:d3\n"),
        "{out}"
    );
    // Every notation of D11 names the capture; it is shown with its path and what it took.
    assert_eq!(
        out.matches("You play f6:d4:d3 (takes e5, d3).").count(),
        5,
        "{out}"
    );
    assert_eq!(out.matches("Taken back: ").count(), 4, "{out}");
}

#[test]
fn dual_capture_path_on_the_board() {
    let out = session(
        Variant::DualCheckers,
        Some(DUAL_LAST_CAPTURE),
        Color::White,
        1,
        "d4:f6\nquit\n",
    );
    assert!(out.contains("You play d4:f6 (takes e5)."), "{out}");
    // The path in brackets, the captured man as x (board seen from White).
    assert!(out.contains(" 6     .     .    [M]    .  6\n"), "{out}");
    assert!(out.contains(" 5  .     .     x     .     5\n"), "{out}");
    assert!(out.contains(" 4     .    [.]    .     .  4\n"), "{out}");
    assert!(
        out.contains("Game over: White wins: Black has no legal move, 1-0."),
        "{out}"
    );
}

#[test]
fn dual_kurier_takes_the_last_piece() {
    let out = session(
        Variant::DualCheckers,
        Some(DUAL_LAST_CAPTURE),
        Color::Black,
        2,
        "legal\nmoves\nquit\n",
    );
    assert!(out.contains("Kurier plays d4:f6 (takes e5)."), "{out}");
    assert!(
        out.contains("Game over: White wins: Black has no legal move, 1-0."),
        "{out}"
    );
    assert!(out.contains("No legal moves: the game is over"), "{out}");
    // Dual checkers' move list in its own notation (docs/rules.md D11).
    assert!(
        out.contains("Moves (1):\n  1. d4:f6\n  White wins: Black has no legal move, 1-0\n"),
        "{out}"
    );
}

#[test]
fn dual_ambiguous_capture_lists_the_candidates() {
    let out = session(
        Variant::DualCheckers,
        Some("1K5m/2m1m3/8/2m5/6m1/8/8/5M2 w 0 26"),
        Color::White,
        1,
        "b8:g4\nquit\n",
    );
    assert!(
        out.contains("'b8:g4' could mean 2 moves; type the whole path: "),
        "{out}"
    );
    assert!(out.contains("b8:g3:g4"), "{out}");
    assert!(out.contains("b8:d6:b4:g4"), "{out}");
}

#[test]
fn bad_input_is_answered_and_the_game_goes_on() {
    let mut script = b"\xff\xfe\n".to_vec();
    script.extend(vec![b'x'; 100_000]);
    script.extend(b"\n   \nfen\n");
    let out = session_with(
        &options(Variant::Schachdame, None, Color::White, 1),
        &script,
    );
    assert!(out.contains("That line is not valid UTF-8"), "{out}");
    assert!(out.contains("That line is too long"), "{out}");
    assert!(out.contains(SCHACHDAME_START), "{out}");
    assert!(out.trim_end().ends_with("End of input: goodbye."), "{out}");
}

#[test]
fn a_bad_fen_is_an_error_not_a_panic() {
    let o = options(Variant::Courier, Some("not a fen"), Color::White, 1);
    let mut out = Vec::new();
    let e = run(&b"quit\n"[..], &mut out, &o).expect_err("a bad FEN");
    assert!(matches!(e, kurier::play::PlayError::Fen { .. }), "{e}");
    assert!(e.to_string().contains("bad FEN"), "{e}");
}

#[test]
fn clocks_are_shown_and_run() {
    let mut o = options(Variant::Schachdame, None, Color::White, 1);
    o.limit = EngineLimit::Clock(TimeControl::sudden_death(
        Duration::from_secs(3),
        Duration::from_millis(100),
    ));
    let out = session_with(&o, b"d2e3\nquit\n");
    assert!(out.contains("Clocks: White 0:03.0   Black 0:03.0"), "{out}");
    assert!(out.contains("Kurier plays "), "{out}");
    assert_eq!(out.matches("Clocks: ").count(), 2, "{out}");
}

/// Gives one line per read, after a pause: a person who thinks.
struct SlowLines {
    lines: Vec<&'static [u8]>,
    pause: Duration,
}

impl Read for SlowLines {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.lines.is_empty() {
            return Ok(0);
        }
        std::thread::sleep(self.pause);
        let line = self.lines.remove(0);
        let n = line.len().min(buf.len());
        buf[..n].copy_from_slice(&line[..n]);
        if n < line.len() {
            self.lines.insert(0, &line[n..]);
        }
        Ok(n)
    }
}

#[test]
fn the_persons_clock_can_fall() {
    let mut o = options(Variant::Schachdame, None, Color::White, 1);
    o.limit = EngineLimit::Clock(TimeControl::sudden_death(
        Duration::from_millis(50),
        Duration::ZERO,
    ));
    let input = BufReader::new(SlowLines {
        lines: vec![b"d2e3\n", b"d2e3\n", b"undo\n"],
        pause: Duration::from_millis(120),
    });
    let mut out = Vec::new();
    run(input, &mut out, &o).unwrap_or_else(|e| panic!("{e}"));
    let out = String::from_utf8_lossy(&out);
    assert!(out.contains("Your time ran out."), "{out}");
    assert!(
        out.contains("Game over: Black wins on time: White's clock ran out, 0-1."),
        "{out}"
    );
    assert!(
        out.contains("The game is over (Black wins on time"),
        "{out}"
    );
    assert!(out.contains("The game was decided on time"), "{out}");
}

/// Runs the binary with `args`, feeds `script` on stdin, returns (success, stdout, stderr).
fn binary(args: &[&str], script: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start kurier");
    let mut stdin = child.stdin.take().expect("stdin");
    // Kurier may end (a bad argument) before it reads: a broken pipe is no failure here.
    let _ = stdin.write_all(script.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("kurier ends");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn binary_plays_dual_checkers_to_the_end() {
    let (ok, out, err) = binary(
        &[
            "play",
            "--variant",
            "dualcheckers",
            "--fen",
            DUAL_SEED,
            "--color",
            "black",
            "--depth",
            "2",
        ],
        "f6-e5\nf6xd4xd3\nflip\nfen\nquit\n",
    );
    assert!(ok, "{out}\n{err}");
    // Letters by default (`--color black` is the older `--side black`); no colour escapes
    // when stdout is not a terminal.
    assert!(out.contains(" m ") && out.contains(" M "), "{out}");
    assert!(!out.contains('\x1b'), "{out}");
    assert!(out.contains("A capture is compulsory"), "{out}");
    assert!(out.contains("You play f6:d4:d3 (takes e5, d3)."), "{out}");
    assert!(out.contains("Kurier plays "), "{out}");
    assert!(out.contains("    a  b  c  d  e  f  g  h\n"), "{out}");
    assert!(out.contains("Goodbye."), "{out}");
}

#[test]
fn binary_schachdame_mate_and_eof() {
    let (ok, out, err) = binary(
        &[
            "play",
            "--variant",
            "schachdame",
            "--fen",
            SCHACHDAME_MATE_IN_ONE,
            "--depth",
            "2",
            "--glyphs",
        ],
        "e1c3\n",
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains('♔') && out.contains('♚') && out.contains('♗'),
        "{out}"
    );
    assert!(
        out.contains("Game over: White wins by checkmate, 1-0."),
        "{out}"
    );
    assert!(out.trim_end().ends_with("End of input: goodbye."), "{out}");
}

#[test]
fn binary_rejects_bad_play_arguments() {
    for (args, wanted) in [
        (vec!["play", "--variant", "chess"], "courier"),
        (
            vec!["play", "--variant", "courier", "--fen", "xyz"],
            "bad FEN",
        ),
        (
            vec!["play", "--variant", "courier", "--st", "1", "--depth", "2"],
            "cannot be used with",
        ),
    ] {
        let (ok, out, err) = binary(&args, "quit\n");
        assert!(!ok, "{args:?}: {out}");
        assert!(err.contains(wanted), "{args:?}: {err}");
    }
}

// --- Kurier's moves in SAN, the move list, `pgn FILE`, both clocks (issue 52) ------------------

/// The move of every `Kurier plays MOVE.  [...]` line, without its note (`Nc3`, `d4:f6`).
fn kurier_played(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.strip_prefix("Kurier plays "))
        .filter_map(|l| l.split(".  [").next())
        .map(|m| m.split(" (").next().unwrap_or(m).to_string())
        .collect()
}

/// `mv` is the SAN of a legal move of `pos` (as the rules write it), not its coordinates.
fn assert_san<G: kurier_rules::san::San>(pos: &G, mv: &str, out: &str) -> G {
    let read = pos
        .parse_san(mv)
        .unwrap_or_else(|e| panic!("'{mv}' is not a move here: {e}\n{out}"));
    assert_eq!(pos.san(read), mv, "{out}");
    assert_ne!(pos.format_move(read), mv, "coordinates, not SAN:\n{out}");
    pos.play(read)
}

#[test]
fn kurier_announces_its_moves_in_san() {
    use kurier_rules::game::Game;
    use kurier_rules::games::{courier::Courier, schachdame::Schachdame};
    let out = session(Variant::Courier, None, Color::White, 2, "i3\nNc3\nquit\n");
    let replies = kurier_played(&out);
    assert_eq!(replies.len(), 2, "{out}");
    let mut pos = Courier::start();
    for (mine, reply) in ["i3", "Nc3"].iter().zip(&replies) {
        pos = assert_san(&pos, mine, &out);
        pos = assert_san(&pos, reply, &out);
        assert!(out.contains(&format!("You play {mine}.")), "{out}");
    }
    // Kurier as White in Schachdame.
    let out = session(Variant::Schachdame, None, Color::Black, 2, "quit\n");
    let replies = kurier_played(&out);
    assert_eq!(replies.len(), 1, "{out}");
    assert_san(&Schachdame::start(), &replies[0], &out);
    assert!(
        out.contains(&format!("Last move: White {}", replies[0])),
        "{out}"
    );
}

#[test]
fn moves_lists_the_game_numbered_in_san() {
    let out = session(
        Variant::Courier,
        None,
        Color::White,
        1,
        "moves\ni3\nNc3\nmoves\nundo\nmoves\nquit\n",
    );
    let replies = kurier_played(&out);
    assert_eq!(replies.len(), 2, "{out}");
    assert!(
        moves_answer(&out, 0).starts_with("Moves (0):\n  (none yet)\n"),
        "{out}"
    );
    let list: Vec<Vec<&str>> = moves_answer(&out, 1)
        .lines()
        .take(3)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(list[0], ["Moves", "(4):"], "{out}");
    assert_eq!(list[1], ["1.", "i3", &replies[0]], "{out}");
    assert_eq!(list[2], ["2.", "Nc3", &replies[1]], "{out}");
    // After `undo` the list is one move pair shorter.
    let after_undo: Vec<Vec<&str>> = moves_answer(&out, 2)
        .lines()
        .take(3)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(after_undo[0], ["Moves", "(2):"], "{out}");
    assert_eq!(after_undo[1], ["1.", "i3", &replies[0]], "{out}");
    assert!(after_undo[2].first().is_some_and(|w| *w != "2."), "{out}");
    // `help` names the commands.
    let help = session(Variant::Courier, None, Color::White, 1, "help\nquit\n");
    for wanted in ["  moves ", "  legal ", "  pgn FILE "] {
        assert!(help.contains(wanted), "{wanted:?} in {help}");
    }
}

/// A file in the temporary directory for one test's PGN, removed first.
fn temp_pgn(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("kurier-play-{}-{name}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The PGN file of a session: the one game read by the rules crate's PGN reader, and checked
/// by `kurier match --replay`'s checker (every move legal, result and termination consistent).
fn read_pgn(path: &std::path::Path, variant: Variant, out: &str) -> kurier_rules::pgn::PgnGame {
    read_pgn_text(path, variant, out).0
}

/// [`read_pgn`], and the file's text as written.
fn read_pgn_text(
    path: &std::path::Path,
    variant: Variant,
    out: &str,
) -> (kurier_rules::pgn::PgnGame, String) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("no PGN at {}: {e}\n{out}", path.display()));
    let _ = std::fs::remove_file(path);
    let mut report = Vec::new();
    let checked = kurier_match::replay::replay_text(&text, Some(variant), &mut report);
    let report = String::from_utf8_lossy(&report);
    assert!(
        matches!(checked, Ok((1, 0))),
        "{checked:?}: {report}\n{text}"
    );
    let mut games = kurier_rules::pgn::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1, "{text}");
    (games.remove(0), text)
}

#[test]
fn pgn_saves_the_game_with_its_tags() {
    use kurier_rules::game::Game;
    use kurier_rules::games::courier::Courier;
    use kurier_rules::notation::Notation;
    let path = temp_pgn("courier");
    let script = format!("i3\nNc3\npgn {}\nfen\nquit\n", path.display());
    let out = session(Variant::Courier, None, Color::White, 1, &script);
    assert!(
        out.contains(&format!(
            "Saved the game (4 moves) as PGN to {}.",
            path.display()
        )),
        "{out}"
    );
    let game = read_pgn(&path, Variant::Courier, &out);
    let today = kurier::play::pgn::today();
    for (tag, value) in [
        ("Event", "Kurier play"),
        ("Site", "?"),
        ("Date", today.as_str()),
        ("Round", "-"),
        ("White", "Human"),
        ("Black", concat!("Kurier ", env!("CARGO_PKG_VERSION"))),
        ("Result", "*"),
        ("Variant", "courier"),
        ("Termination", "unterminated"),
        ("PlyCount", "4"),
    ] {
        assert_eq!(game.tag(tag), Some(value), "{tag}: {game:?}");
    }
    assert_eq!((game.tag("SetUp"), game.tag("FEN")), (None, None));
    // The moves are the session's, in SAN, with Kurier's comments; they lead to the position
    // `fen` printed.
    let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    let replies = kurier_played(&out);
    assert_eq!(texts, ["i3", &replies[0], "Nc3", &replies[1]], "{out}");
    assert!(game.moves[0].comments.is_empty());
    assert!(game.moves[1].comments[0].contains("/1 "), "{game:?}");
    let mut pos = Courier::start();
    for t in texts {
        pos = pos.play(pos.read_move(t).unwrap_or_else(|e| panic!("{t}: {e}")));
    }
    assert!(
        out.contains(&format!("> {}\n", pos.fen())),
        "{}\n{out}",
        pos.fen()
    );
}

#[test]
fn pgn_of_a_set_up_position_and_of_finished_games() {
    // Dual checkers from a position: SetUp and FEN, Black's first move numbered 2...
    let path = temp_pgn("dual");
    let script = format!("f6:d4:d3\npgn {}\nquit\n", path.display());
    let out = session(
        Variant::DualCheckers,
        Some(DUAL_SEED),
        Color::Black,
        1,
        &script,
    );
    let game = read_pgn(&path, Variant::DualCheckers, &out);
    assert_eq!(game.tag("SetUp"), Some("1"));
    assert_eq!(game.tag("FEN"), Some(DUAL_SEED));
    assert_eq!(
        game.tag("White"),
        Some(concat!("Kurier ", env!("CARGO_PKG_VERSION")))
    );
    assert_eq!(game.tag("Black"), Some("Human"));
    assert_eq!(game.tag("Variant"), Some("dualcheckers"));
    assert_eq!(game.moves[0].text, "f6:d4:d3");
    assert_eq!(game.moves[1].text, kurier_played(&out)[0]);

    // A mate: the result, a normal termination and the reason.
    let path = temp_pgn("mate");
    let script = format!("e1c3\npgn {}\nquit\n", path.display());
    let out = session(
        Variant::Schachdame,
        Some(SCHACHDAME_MATE_IN_ONE),
        Color::White,
        1,
        &script,
    );
    let (game, text) = read_pgn_text(&path, Variant::Schachdame, &out);
    assert_eq!(
        (game.tag("Result"), game.result.as_str()),
        (Some("1-0"), "1-0")
    );
    assert_eq!(game.tag("Termination"), Some("normal"));
    assert_eq!(game.reason(), Some("White wins by checkmate"));
    // The file writes SAN's mate mark; the reader hands the move over without it, as it does
    // every annotation mark (`kurier_rules::pgn`).
    assert!(text.contains("1. Bc3# "), "{text}");
    assert_eq!(game.moves[0].text, "Bc3");
}

#[test]
fn pgn_errors_are_reported_and_the_game_goes_on() {
    let dir = std::env::temp_dir();
    let script = format!(
        "pgn /nonexistent-kurier-dir/x.pgn\npgn {}\npgn\npgn   \ni3\nquit\n",
        dir.display()
    );
    let out = session(Variant::Courier, None, Color::White, 1, &script);
    assert!(
        out.contains("Could not save the game to /nonexistent-kurier-dir/x.pgn: "),
        "{out}"
    );
    assert!(
        out.contains(&format!("Could not save the game to {}: ", dir.display())),
        "{out}"
    );
    assert_eq!(out.matches("Type 'pgn FILE' to save").count(), 2, "{out}");
    assert!(out.contains("You play i3."), "{out}");
    assert_eq!(kurier_moves(&out), 1, "{out}");
    assert!(out.trim_end().ends_with("Goodbye."), "{out}");
}

/// The clocks after the `n`th `Clocks:` line, in seconds: (White, Black).
fn clocks_shown(out: &str, n: usize) -> (f64, f64) {
    let line = out
        .lines()
        .filter_map(|l| l.strip_prefix("Clocks: "))
        .nth(n)
        .unwrap_or_else(|| panic!("no Clocks line #{n}:\n{out}"));
    let secs = |t: &str| {
        let (m, s) = t.split_once(':').unwrap_or_else(|| panic!("{t}"));
        m.parse::<f64>().unwrap() * 60.0 + s.parse::<f64>().unwrap()
    };
    let w: Vec<&str> = line.split_whitespace().collect();
    assert_eq!((w[0], w[2]), ("White", "Black"), "{line}");
    (secs(w[1]), secs(w[3]))
}

#[test]
fn kurier_thinks_on_its_own_clock() {
    let mut o = options(Variant::Courier, None, Color::White, 1);
    o.limit = EngineLimit::Clock(TimeControl::sudden_death(
        Duration::from_secs(10),
        Duration::ZERO,
    ));
    let out = session_with(&o, b"i3\nquit\n");
    assert_eq!(clocks_shown(&out, 0), (10.0, 10.0), "{out}");
    // After Kurier's reply both clocks are down: the person's by the time to type, Kurier's by
    // its thinking time, which it prints (`0.3 s`).
    let spent: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Kurier plays "))
        .and_then(|l| l.rsplit(", ").next())
        .and_then(|t| t.trim_end_matches(" s]").parse().ok())
        .unwrap_or_else(|| panic!("no thinking time:\n{out}"));
    let (white, black) = clocks_shown(&out, 1);
    assert!(white <= 10.0 && white > 9.0, "{out}");
    assert!(black < 10.0, "Kurier's clock ran: {out}");
    assert!((10.0 - spent - black).abs() <= 0.15, "{spent} s: {out}");
}

#[test]
fn kurier_loses_on_time_too() {
    // A clock of one nanosecond: Kurier's first search takes longer.
    let mut o = options(Variant::Courier, None, Color::Black, 1);
    o.limit = EngineLimit::Clock(TimeControl::sudden_death(
        Duration::from_nanos(1),
        Duration::ZERO,
    ));
    let path = temp_pgn("flag");
    let script = format!("i6\nmoves\npgn {}\nquit\n", path.display());
    let out = session_with(&o, script.as_bytes());
    assert!(out.contains("Kurier's time ran out."), "{out}");
    assert!(
        out.contains("Game over: Black wins on time: White's clock ran out, 0-1."),
        "{out}"
    );
    assert_eq!(kurier_moves(&out), 0, "{out}");
    assert!(
        out.contains("The game is over (Black wins on time"),
        "{out}"
    );
    let game = read_pgn(&path, Variant::Courier, &out);
    assert_eq!(
        (game.tag("Result"), game.result.as_str()),
        (Some("0-1"), "0-1")
    );
    assert_eq!(game.tag("Termination"), Some("time forfeit"));
    assert!(game.moves.is_empty(), "{game:?}");
}

#[test]
fn courier_is_the_default_game() {
    let (ok, out, err) = binary(&["play", "--depth", "1"], "fen\nquit\n");
    assert!(ok, "{out}\n{err}");
    assert!(
        out.starts_with(concat!(
            "Kurier ",
            env!("CARGO_PKG_VERSION"),
            " plays Courier chess."
        )),
        "{out}"
    );
    use kurier_rules::game::Game;
    let start = kurier_rules::games::courier::Courier::start().fen();
    assert!(out.contains(&start), "{out}");
}
