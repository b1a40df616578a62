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
    assert!(first < out.find("You play d2e3").unwrap_or(0), "{out}");
    // A move in another notation, then Kurier's reply and the marked last move.
    assert!(out.contains("You play d2e3.\n"), "{out}");
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
        "e1-c3\nc3d4\nhint\nundo\nmoves\nquit\n",
    );
    assert!(out.contains("You play e1c3 (checkmate)."), "{out}");
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
    // `undo` after the person's own mating move takes back that move only.
    assert!(out.contains("Taken back: e1c3 (checkmate)."), "{out}");
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
        out.contains("Kurier plays e1c3 (checkmate).  [depth"),
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
        "help\ni2-i3\na2a3\nmoves\nundo\nfen\nquit\n",
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
    assert!(out.contains("You play i2i3."), "{out}");
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
        "moves\nquit\n",
    );
    assert!(out.contains("Kurier plays d4:f6 (takes e5)."), "{out}");
    assert!(
        out.contains("Game over: White wins: Black has no legal move, 1-0."),
        "{out}"
    );
    assert!(out.contains("No moves: the game is over"), "{out}");
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
        (vec!["play"], "--variant"),
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
