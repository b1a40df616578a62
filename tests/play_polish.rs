//! `kurier play`, the rough edges a new user found (issue 15, item 2), through the real binary:
//! the clock falls while the person is silent, `undo` is offered only when it works, `go` turns
//! the board to the person's new side, SAN is read in Courier and Schachdame, pieces are letters
//! by default and coloured only when asked or at a terminal; at a terminal (driven in tmux) the
//! arrow keys edit the line and recall earlier ones (issue 52).
//!
//! A [`Session`] keeps the binary's stdin open and reads its stdout on a thread, so a test can
//! wait for a text with a deadline without typing anything.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const SCHACHDAME_MATE_IN_ONE: &str = "7k/8/7K/8/8/8/8/4B3 w - - 0 1";
/// Long enough for any wait on a loaded machine; the clock tests bound the time themselves.
const PATIENCE: Duration = Duration::from_secs(30);

/// The binary running `kurier play ARGS`, stdin open.
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<Vec<u8>>>,
    started: Instant,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        Session::start_env(args, &[])
    }

    fn start_env(args: &[&str], env: &[(&str, &str)]) -> Session {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kurier"));
        command
            .arg("play")
            .args(args)
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("start kurier");
        let stdin = child.stdin.take();
        let mut stdout = child.stdout.take().expect("stdout");
        let out = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&out);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .expect("output lock")
                    .extend_from_slice(&buf[..n]);
            }
        });
        Session {
            child,
            stdin,
            out,
            started: Instant::now(),
        }
    }

    /// Everything printed so far.
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.out.lock().expect("output lock")).into_owned()
    }

    /// Waits until the output holds `wanted` `count` times; the time since the start.
    fn wait_for_nth(&self, wanted: &str, count: usize) -> Duration {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if self.text().matches(wanted).count() >= count {
                return self.started.elapsed();
            }
            assert!(
                Instant::now() < deadline,
                "no {wanted:?} (x{count}) after {PATIENCE:?}:\n{}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn wait_for(&self, wanted: &str) -> Duration {
        self.wait_for_nth(wanted, 1)
    }

    /// Types `line` (and its newline).
    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .expect("write to kurier");
        stdin.flush().expect("flush");
    }

    /// Types `script` (lines), closes stdin, and returns everything printed once the binary ends.
    fn finish(mut self, script: &str) -> String {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write_all(script.as_bytes());
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "kurier failed: {status}\n{}", self.text());
                break;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("kurier did not end:\n{}", self.text());
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // The reader thread sees the end of the pipe right after the exit.
        std::thread::sleep(Duration::from_millis(50));
        self.text()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// How many moves Kurier played (lines `Kurier plays MOVE.  [depth ...]`).
fn kurier_moves(out: &str) -> usize {
    out.lines()
        .filter(|l| l.starts_with("Kurier plays "))
        .count()
}

/// A whole session: `script` typed at once, stdin closed.
fn play(args: &[&str], script: &str) -> String {
    Session::start(args).finish(script)
}

/// The diagram printed after the `n`th (0-based) occurrence of `after`: its lines up to the
/// lower file letters.
fn diagram_after(out: &str, after: &str, n: usize) -> String {
    let at = out
        .match_indices(after)
        .nth(n)
        .unwrap_or_else(|| panic!("no {after:?} #{n} in:\n{out}"))
        .0;
    let rest = &out[at..];
    let start = rest
        .find("\n    ")
        .unwrap_or_else(|| panic!("no diagram after {after:?}:\n{out}"));
    rest[start + 1..]
        .lines()
        .take(10)
        .collect::<Vec<_>>()
        .join("\n")
}

// --- 1. The clock falls at once, without input -------------------------------------------------

#[test]
fn the_clock_falls_while_the_person_is_silent() {
    let session = Session::start(&["--variant", "schachdame", "--tc", "1+0"]);
    session.wait_for("Move 1: White to move.");
    // Nothing is typed and stdin stays open: the loss on time comes from the clock alone.
    let flagged = session.wait_for("Black wins on time: White's clock ran out, 0-1.");
    assert!(
        flagged >= Duration::from_millis(900),
        "not before the time is up: {flagged:?}"
    );
    assert!(
        flagged < Duration::from_secs(8),
        "at once, not when the next line comes: {flagged:?}"
    );
    let text = session.text();
    assert!(text.contains("Your time ran out."), "{text}");
    assert!(
        text.contains("Clocks: White 0:00.0   Black 0:01.0"),
        "{text}"
    );
    let out = session.finish("quit\n");
    assert!(out.trim_end().ends_with("Goodbye."), "{out}");
}

#[test]
fn the_clock_falls_after_moves_too() {
    // Dual checkers: one move, Kurier's reply, then silence.
    let mut session = Session::start(&["--variant", "dualcheckers", "--tc", "2+0"]);
    session.wait_for("Move 1: White to move.");
    session.send("f3-e4");
    session.wait_for("\nKurier plays ");
    let replied = session.started.elapsed();
    let flagged = session.wait_for("Black wins on time: White's clock ran out, 0-1.");
    assert!(
        flagged > replied,
        "the clock runs on after the reply: {flagged:?}"
    );
    assert!(
        flagged < replied + Duration::from_secs(8),
        "{flagged:?} {replied:?}"
    );
    // The game is over: a move is refused, and the session goes on.
    let out = session.finish("e4-d5\nquit\n");
    assert!(
        out.contains("The game is over (Black wins on time"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("Goodbye."), "{out}");
}

#[test]
fn a_move_in_time_is_played_and_the_clock_shown_in_the_prompt() {
    let out = play(&["--variant", "schachdame", "--tc", "60+1"], "d2e3\nquit\n");
    assert!(out.contains("White 1:00.0> You play de3."), "{out}");
    assert_eq!(kurier_moves(&out), 1, "{out}");
    assert!(!out.contains("ran out"), "{out}");
    // Without a terminal no cursor escapes: the prompt is written once per turn.
    assert!(!out.contains('\x1b'), "{out}");
}

// --- 2. `undo` offered only when it works --------------------------------------------------------

#[test]
fn undo_is_not_offered_after_a_loss_on_time() {
    let session = Session::start(&["--variant", "schachdame", "--tc", "0.5+0"]);
    session.wait_for("Black wins on time");
    session.wait_for("\n> ");
    let out = session.finish("help\nundo\nd2e3\nquit\n");
    let over = &out[out.find("Game over:").expect("game over")..];
    let next = over.lines().nth(1).unwrap_or("");
    assert_eq!(next, "Type 'new' to play again, or 'quit'.", "{out}");
    assert!(!out.contains("'undo' to take back"), "{out}");
    assert!(
        out.contains("  undo      (not now: the game was decided on time)"),
        "{out}"
    );
    assert!(
        out.contains("The game was decided on time; 'new' starts another."),
        "{out}"
    );
    assert!(
        out.contains(
            "The game is over (Black wins on time: White's clock ran out, 0-1). Type 'new' to \
             play again, or 'quit'."
        ),
        "{out}"
    );
}

#[test]
fn undo_is_offered_after_a_mate_it_can_take_back() {
    let out = play(
        &[
            "--variant",
            "schachdame",
            "--fen",
            SCHACHDAME_MATE_IN_ONE,
            "--depth",
            "1",
        ],
        "e1c3\nhelp\nundo\nquit\n",
    );
    assert!(
        out.contains(
            "Game over: White wins by checkmate, 1-0.\nType 'new' to play again, 'undo' to \
             take back, or 'quit'."
        ),
        "{out}"
    );
    assert!(
        out.contains("  undo      take back your last move\n"),
        "{out}"
    );
    assert!(out.contains("Taken back: Bc3# (checkmate)."), "{out}");
}

#[test]
fn undo_is_not_offered_when_there_is_nothing_to_take_back() {
    // Kurier (White) mates at once: the person has no move of their own to take back.
    let out = play(
        &[
            "--variant",
            "schachdame",
            "--fen",
            SCHACHDAME_MATE_IN_ONE,
            "--side",
            "black",
            "--depth",
            "2",
        ],
        "help\nundo\nquit\n",
    );
    assert!(
        out.contains(
            "Game over: White wins by checkmate, 1-0.\nType 'new' to play again, or 'quit'."
        ),
        "{out}"
    );
    assert!(
        out.contains("  undo      (not now: nothing to take back)"),
        "{out}"
    );
    assert!(out.contains("Nothing to take back."), "{out}");
    // At the start, the same.
    let out = play(&["--variant", "courier", "--depth", "1"], "help\nquit\n");
    assert!(
        out.contains("  undo      (not now: nothing to take back)"),
        "{out}"
    );
}

// --- 3. `go` turns the board -------------------------------------------------------------------

#[test]
fn go_turns_the_board_to_the_persons_new_side() {
    let out = play(
        &["--variant", "schachdame", "--depth", "1"],
        "go\ngo\nflip\nquit\n",
    );
    let white = "    a  b  c  d  e  f  g  h";
    let black = "    h  g  f  e  d  c  b  a";
    // Before `go`, from White.
    assert!(
        diagram_after(
            &out,
            concat!("Kurier ", env!("CARGO_PKG_VERSION"), " plays"),
            0
        )
        .starts_with(white),
        "{out}"
    );
    // `go`: Kurier moves for White, and the board is drawn from Black, the person's side now.
    assert!(
        out.contains("Kurier now plays White; you play Black."),
        "{out}"
    );
    let first = diagram_after(&out, "\nKurier plays ", 0);
    assert!(first.starts_with(black), "{first}\n{out}");
    assert!(
        first.lines().nth(1).is_some_and(|l| l.starts_with(" 1 ")),
        "{first}"
    );
    // `go` again: Kurier moves for Black, the board turns back to White.
    assert!(
        out.contains("Kurier now plays Black; you play White."),
        "{out}"
    );
    let second = diagram_after(&out, "\nKurier plays ", 1);
    assert!(second.starts_with(white), "{second}\n{out}");
    // `flip` still turns it around.
    let flipped = diagram_after(&out, "White> ", 1);
    assert!(flipped.starts_with(black), "{flipped}\n{out}");
    assert_eq!(kurier_moves(&out), 2, "{out}");
}

// --- 4. SAN ------------------------------------------------------------------------------------

#[test]
fn san_moves_in_courier_and_schachdame() {
    let out = play(
        &["--variant", "courier", "--depth", "1"],
        "Nc3\nundo\nRa3\nundo\ni2i3\nquit\n",
    );
    assert!(out.contains("You play Nc3."), "{out}");
    assert!(out.contains("You play Ra3."), "{out}");
    // Coordinates keep working; the move is shown in SAN.
    assert!(out.contains("You play i3."), "{out}");
    assert_eq!(kurier_moves(&out), 3, "{out}");

    let out = play(
        &["--variant", "schachdame", "--depth", "1"],
        "bc3\nundo\nd2-e3\nquit\n",
    );
    assert!(out.contains("You play bc3."), "{out}");
    assert!(out.contains("You play de3."), "{out}");
    assert_eq!(kurier_moves(&out), 2, "{out}");
}

#[test]
fn bad_san_is_answered_and_the_game_goes_on() {
    // Courier: a knight move no knight can make, a square off the board, then a good move.
    let out = play(
        &["--variant", "courier", "--depth", "1"],
        "Nd4\nNc9\nNc3\nquit\n",
    );
    assert!(
        out.contains("'Nd4' is not a legal move here.\nLegal moves ("),
        "{out}"
    );
    assert!(
        out.contains("'Nc9' is neither a command nor a move"),
        "{out}"
    );
    assert!(out.contains("You play Nc3."), "{out}");
    assert_eq!(kurier_moves(&out), 1, "{out}");

    // Schachdame: `c3` is either pawn's, Schachdame has no knight, then the move named fully.
    let out = play(
        &["--variant", "schachdame", "--depth", "1"],
        "c3\nNc3\nBh8\ndc3\nquit\n",
    );
    assert!(
        out.contains("'c3' could mean 2 moves; type one of: "),
        "{out}"
    );
    assert!(
        out.contains("bc3 (b2c3)") && out.contains("dc3 (d2c3)"),
        "{out}"
    );
    assert!(
        out.contains("'Nc3' is not a move: Schachdame has no piece N (SAN letters: P, B, K)."),
        "{out}"
    );
    assert!(out.contains("'Bh8' is not a legal move here."), "{out}");
    assert!(out.contains("You play dc3."), "{out}");
    assert_eq!(kurier_moves(&out), 1, "{out}");
}

// --- 5. Letters by default, figures on request, colour when asked or at a terminal ------------

/// The draughts men no monospace font has.
fn has_draughts_men(text: &str) -> bool {
    text.chars().any(|c| ('\u{26C0}'..='\u{26C3}').contains(&c))
}

#[test]
fn letters_by_default_figures_with_glyphs() {
    let out = play(
        &["--variant", "dualcheckers", "--depth", "1"],
        "help\nquit\n",
    );
    let board = diagram_after(
        &out,
        concat!("Kurier ", env!("CARGO_PKG_VERSION"), " plays"),
        0,
    );
    assert!(board.contains(" 1  .  M  .  M  .  M  .  M  1"), "{board}");
    assert!(board.contains(" 8     m     m     m     m  8"), "{board}");
    assert!(
        out.contains("Pieces (White / Black): M m man, K k king."),
        "{out}"
    );
    assert!(!has_draughts_men(&out), "{out}");

    let out = play(
        &["--variant", "dualcheckers", "--depth", "1", "--glyphs"],
        "help\nquit\n",
    );
    let board = diagram_after(
        &out,
        concat!("Kurier ", env!("CARGO_PKG_VERSION"), " plays"),
        0,
    );
    assert!(board.contains(" 1  .  ○  .  ○  .  ○  .  ○  1"), "{board}");
    assert!(board.contains(" 8     ●     ●     ●     ●  8"), "{board}");
    assert!(
        out.contains("Pieces (White / Black): ○ ● man, ◎ ◉ king."),
        "{out}"
    );
    assert!(!has_draughts_men(&out), "{out}");

    let out = play(&["--variant", "schachdame", "--depth", "1"], "quit\n");
    assert!(out.contains(" 1  P     B     K     P     1"), "{out}");
    assert!(!out.contains('♔') && !out.contains('♚'), "{out}");
    let out = play(
        &["--variant", "schachdame", "--depth", "1", "--glyphs"],
        "quit\n",
    );
    assert!(out.contains(" 1  ♙     ♗     ♔     ♙     1"), "{out}");
    assert!(out.contains(" 8     ♟     ♚     ♝     ♟  8"), "{out}");
    // Courier keeps its letters either way.
    let out = play(
        &["--variant", "courier", "--depth", "1", "--glyphs"],
        "quit\n",
    );
    assert!(
        out.contains(" 1  R  N  E  B  M  K  .  W  B  E  N  R  1"),
        "{out}"
    );
}

const WHITE_PIECE: &str = "\x1b[1;36m";
const BLACK_PIECE: &str = "\x1b[1;35m";

#[test]
fn colour_only_when_asked_or_at_a_terminal() {
    // A pipe: no colour by default, nor with `never`.
    for args in [&[][..], &["--color", "never"], &["--color", "auto"]] {
        let mut all = vec!["--variant", "schachdame", "--depth", "1"];
        all.extend_from_slice(args);
        let out = play(&all, "d2e3\nquit\n");
        assert!(!out.contains('\x1b'), "{args:?}: {out}");
    }
    // `always`: the sides in their colours, the last move's brackets too; letters still.
    let out = play(
        &[
            "--variant",
            "schachdame",
            "--depth",
            "1",
            "--color",
            "always",
        ],
        "d2e3\nquit\n",
    );
    assert!(out.contains(&format!("{WHITE_PIECE}P\x1b[0m")), "{out}");
    assert!(out.contains(&format!("{BLACK_PIECE}k\x1b[0m")), "{out}");
    assert!(out.contains("\x1b[1;33m[\x1b[0m"), "{out}");
    // `always` overrides NO_COLOR, which only turns `auto` off.
    let out = Session::start_env(
        &["--variant", "courier", "--depth", "1", "--color", "always"],
        &[("NO_COLOR", "1")],
    )
    .finish("quit\n");
    assert!(out.contains(&format!("{WHITE_PIECE}R\x1b[0m")), "{out}");
    // With --glyphs and colour both sides are solid figures, told apart by the colour.
    let out = play(
        &[
            "--variant",
            "dualcheckers",
            "--depth",
            "1",
            "--glyphs",
            "--colour",
            "always",
        ],
        "quit\n",
    );
    assert!(out.contains(&format!("{WHITE_PIECE}●\x1b[0m")), "{out}");
    assert!(out.contains(&format!("{BLACK_PIECE}●\x1b[0m")), "{out}");
    assert!(!out.contains('○'), "{out}");
    // The older `--color black` still picks the side.
    let out = play(
        &["--variant", "courier", "--depth", "1", "--color", "black"],
        "quit\n",
    );
    assert!(out.contains("You play Black, Kurier plays White"), "{out}");
    assert!(!out.contains('\x1b'), "{out}");
}

/// Runs `kurier play ARGS` under a pseudo-terminal (util-linux `script`), `script` typed after a
/// pause; None when `script` is not installed.
fn at_terminal(args: &str, env: &[(&str, &str)], input: &str, pause: Duration) -> Option<String> {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` (util-linux) for a pseudo-terminal");
        return None;
    }
    let command = format!("{} play {args}", env!("CARGO_BIN_EXE_kurier"));
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &command, "/dev/null"])
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().ok()?;
    let mut stdin = child.stdin.take()?;
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        std::thread::sleep(pause);
        let _ = stdin.write_all(input.as_bytes());
        // Kept open until the session has read `quit`.
        std::thread::sleep(Duration::from_secs(2));
    });
    let out = child.wait_with_output().ok()?;
    let _ = writer.join();
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn at_a_terminal_colour_and_a_running_clock() {
    let Some(out) = at_terminal(
        "--variant schachdame --tc 30+0",
        &[],
        "quit\n",
        Duration::from_millis(800),
    ) else {
        return;
    };
    assert!(
        out.contains(WHITE_PIECE) && out.contains(BLACK_PIECE),
        "{out}"
    );
    // The prompt's clock is redrawn in place while the person thinks.
    assert!(out.contains("\x1b7\rWhite 0:29."), "{out}");
    assert!(out.contains("Goodbye."), "{out}");
    // NO_COLOR: no colour, the clock still runs.
    let Some(out) = at_terminal(
        "--variant schachdame --tc 30+0",
        &[("NO_COLOR", "1")],
        "quit\n",
        Duration::from_millis(800),
    ) else {
        return;
    };
    assert!(!out.contains("\x1b[1;3"), "{out}");
    assert!(out.contains("\x1b7\rWhite 0:29."), "{out}");
}

// --- The help --------------------------------------------------------------------------------

#[test]
fn play_help_describes_the_new_flags() {
    let out = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(["play", "--help"])
        .output()
        .expect("kurier play --help");
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for wanted in [
        "--side",
        "--color <WHEN>",
        "auto",
        "always",
        "never",
        "NO_COLOR",
        "--glyphs",
        "--ascii",
        "SAN",
        "Nc3",
        "runs out",
    ] {
        assert!(help.contains(wanted), "no {wanted:?} in:\n{help}");
    }
}

// --- At a terminal: line editing and history (issue 52), in tmux as a person types ----------

/// `kurier play ARGS` in a tmux session of its own server (socket), driven with send-keys and
/// read with capture-pane. None when tmux is missing, unless `KURIER_TMUX_TEST=require` (CI).
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(args: &str) -> Option<Tmux> {
        let required = std::env::var("KURIER_TMUX_TEST").is_ok_and(|v| v == "require");
        if Command::new("tmux").arg("-V").output().is_err() {
            assert!(!required, "KURIER_TMUX_TEST=require but there is no tmux");
            eprintln!("skipped: no tmux to drive kurier play at a terminal");
            return None;
        }
        // One server per session: the tests run in parallel, within one process.
        static SESSIONS: AtomicUsize = AtomicUsize::new(0);
        let socket = format!(
            "kurier-play-test-{}-{}",
            std::process::id(),
            SESSIONS.fetch_add(1, Ordering::Relaxed)
        );
        let command = format!("{} play {args}", env!("CARGO_BIN_EXE_kurier"));
        let tmux = Tmux { socket };
        // The pane stays when the game ends, so its last words (`Goodbye.`) can be read.
        let started = tmux
            .run(&[
                "new-session",
                "-d",
                "-x",
                "100",
                "-y",
                "50",
                &command,
                ";",
                "set-option",
                "-w",
                "remain-on-exit",
                "on",
            ])
            .status
            .success();
        assert!(started, "tmux new-session failed");
        Some(tmux)
    }

    fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env_remove("NO_COLOR")
            .env("TERM", "xterm-256color")
            .output()
            .expect("run tmux")
    }

    /// Presses keys (tmux key names: `Enter`, `Up`, `Left`, or text).
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "0"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success(), "send-keys {keys:?}");
    }

    /// The screen and its history, as text.
    fn screen(&self) -> String {
        let out = self.run(&["capture-pane", "-p", "-t", "0", "-S", "-2000"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen holds `wanted` `count` times (its trailing spaces aside:
    /// `capture-pane` drops a line's trailing spaces, so an empty prompt reads `White>`).
    fn wait_for_nth(&self, wanted: &str, count: usize) -> String {
        let deadline = Instant::now() + PATIENCE;
        let wanted = wanted.trim_end();
        loop {
            let screen = self.screen();
            if screen.matches(wanted).count() >= count {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "no {wanted:?} (x{count}) on the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The last line of the screen that is not blank.
    fn last_line(&self) -> String {
        self.screen()
            .lines()
            .rfind(|l| !l.trim().is_empty())
            .unwrap_or("")
            .to_string()
    }

    /// Waits until the last line that is not blank satisfies `drawn` (keys pressed reach the
    /// screen when the program has read and drawn them, not when `send-keys` returns); the line.
    fn wait_for_last_line(&self, drawn: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let line = self.last_line();
            if drawn(&line) {
                return line;
            }
            assert!(Instant::now() < deadline, "{line:?}:\n{}", self.screen());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

#[test]
fn at_a_terminal_arrow_keys_edit_and_recall_lines() {
    let Some(tmux) = Tmux::start("--depth 1 --color never") else {
        return;
    };
    tmux.wait_for_nth("White> ", 1);
    // Left arrow to the start of the line, a letter typed there: `c3` becomes `Nc3`.
    tmux.keys(&["c3", "Left", "Left", "N", "Enter"]);
    tmux.wait_for_nth("Kurier plays ", 1);
    tmux.wait_for_nth("White> ", 2);
    tmux.keys(&["moves", "Enter"]);
    tmux.wait_for_nth("Moves (2):", 1);
    tmux.wait_for_nth("White> ", 3);
    // Up twice brings back `Nc3` (Up once is `moves`); erased and typed over: `i3`.
    tmux.keys(&["Up", "Up"]);
    tmux.wait_for_last_line(|l| l.ends_with("White> Nc3"));
    tmux.keys(&["BSpace", "BSpace", "BSpace", "i3", "Enter"]);
    tmux.wait_for_nth("Kurier plays ", 2);
    // Up once: the last line, `i3`; Enter plays it again — an illegal move now, answered.
    tmux.wait_for_nth("White> ", 4);
    tmux.keys(&["Up", "Enter"]);
    let screen = tmux.wait_for_nth("'i3' is not a legal move here.", 1);
    assert!(screen.contains("You play Nc3."), "{screen}");
    assert!(screen.contains("You play i3."), "{screen}");
    // No escape sequence of an arrow key reached the game as text.
    assert!(!screen.contains("^[["), "{screen}");
    assert!(!screen.contains("neither a command"), "{screen}");
    tmux.keys(&["quit", "Enter"]);
    tmux.wait_for_nth("Goodbye.", 1);
}

#[test]
fn at_a_terminal_the_prompt_clock_stays_current_while_typing() {
    let Some(tmux) = Tmux::start("--tc 30+0 --color never") else {
        return;
    };
    tmux.wait_for_nth("White 0:30.0> ", 1);
    std::thread::sleep(Duration::from_millis(1500));
    // A key redraws the line: the prompt keeps the running time, not the turn's first.
    tmux.keys(&["i"]);
    let line = tmux.wait_for_last_line(|l| l.ends_with("> i"));
    assert!(line.starts_with("White 0:2"), "{line}");
    tmux.keys(&["3", "Enter"]);
    tmux.wait_for_nth("You play i3.", 1);
    tmux.wait_for_nth("Kurier plays ", 1);
    tmux.keys(&["quit", "Enter"]);
    tmux.wait_for_nth("Goodbye.", 1);
}

#[test]
fn at_a_terminal_a_fallen_clock_keeps_the_typed_line() {
    let Some(tmux) = Tmux::start("--tc 1.5+0 --color never") else {
        return;
    };
    tmux.wait_for_nth("Move 1: White to move.", 1);
    // Typed, not entered, when the flag falls: the result is printed above the line, which is
    // drawn again below it with the fallen clock.
    tmux.keys(&["i3"]);
    tmux.wait_for_nth("Type 'new' to play again, or 'quit'.", 1);
    tmux.wait_for_last_line(|l| l == "White 0:00.0> i3");
    tmux.keys(&["Enter"]);
    tmux.wait_for_nth("The game is over (Black wins on time", 1);
    tmux.keys(&["quit", "Enter"]);
    let screen = tmux.wait_for_nth("Goodbye.", 1);
    assert!(screen.contains("Your time ran out."), "{screen}");
}

// --- The default game and a saved game re-checked by `kurier match --replay` ---------------------

#[test]
fn pgn_file_passes_match_replay() {
    let path = std::env::temp_dir().join(format!("kurier-play-replay-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let out = play(
        &["--depth", "1", "--side", "black"],
        &format!("i6\nmoves\npgn {}\nquit\n", path.display()),
    );
    assert!(out.contains("plays Courier chess"), "{out}");
    assert!(out.contains("Saved the game (3 moves)"), "{out}");
    let replay = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(["match", "--replay"])
        .arg(&path)
        .output()
        .expect("kurier match --replay");
    let report = String::from_utf8_lossy(&replay.stdout);
    assert!(replay.status.success(), "{report}");
    assert!(report.contains("1 games checked, 0 mismatches"), "{report}");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    assert!(
        text.contains(concat!(
            "[White \"Kurier ",
            env!("CARGO_PKG_VERSION"),
            "\"]"
        )),
        "{text}"
    );
    assert!(text.contains("1. "), "{text}");
}
