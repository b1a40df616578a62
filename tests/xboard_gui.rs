//! Kurier inside the real XBoard GUI 4.9.1 (issue 52, item 1): `xboard -fcp kurier -variant V`
//! with nothing else that bears on the rules, under a private Xvfb display.
//!
//! XBoard keeps Debian's defaults (`/etc/xboard/xboard.conf`: legality testing, `-testClaims`,
//! `-checkMates`, `-materialDraws` on; a fresh `$HOME`, so no saved settings). The harness adds
//! only what a headless run needs: the display, the debug log, the PGN and final-position files
//! and a short time control. Two kinds of game:
//!
//! - a human against Kurier: the human's moves (White) are clicked on the board with `xdotool`
//!   (`GDK_NATIVE_WINDOWS=1` makes the board its own X window, so clicks land on squares), each
//!   one a legal move picked by a fixed pseudo-random sequence;
//! - Kurier against Kurier (`-scp kurier -mode TwoMachines`).
//!
//! Each game must end, with no illegal move or error from either side, no false claim, no XBoard
//! adjudication the rule book contradicts, the result the rule book gives for the final position
//! (replayed from the moves in the debug log), and XBoard's final position (its
//! `-savePositionFile`) equal to that replay, which is Kurier's position: Kurier answers every
//! move it does not hold legal with `Illegal move`, and none came.
//!
//! Needs `/usr/games/xboard`, `Xvfb` and `xdotool`; where one is missing the test says so and
//! passes, unless `KURIER_XBOARD_TEST=require` (set by `.ci/run`, which installs them). The
//! debug logs and PGNs stay in the system's temporary folder (`kurier-xboard-*`).

use kurier_engine::protocol::session::AnyRecord;
use kurier_engine::protocol::xboard_referee;
use kurier_rules::games::courier::PRE_CEREMONY_FEN;
use kurier_rules::games::Variant;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const XBOARD: &str = "/usr/games/xboard";
/// The time control of every game: 10 s and 0.1 s a move (XBoard's `-tc 0:10 -inc 0.1`).
const CLOCK: [&str; 4] = ["-tc", "0:10", "-inc", "0.1"];
/// Longest wait for one game.
const GAME_LIMIT: Duration = Duration::from_secs(240);

/// Whether the programs are here; `Err` names what is missing.
fn tools() -> Result<(), String> {
    let on_path = |name: &str| {
        std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()))
    };
    let mut missing = Vec::new();
    if !Path::new(XBOARD).is_file() {
        missing.push(XBOARD);
    }
    for tool in ["Xvfb", "xdotool"] {
        if !on_path(tool) {
            missing.push(tool);
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("missing: {}", missing.join(", ")))
    }
}

/// True when the tools are here; otherwise skips (false) or, with
/// `KURIER_XBOARD_TEST=require`, fails.
fn ready(test: &str) -> bool {
    match tools() {
        Ok(()) => true,
        Err(e) if std::env::var("KURIER_XBOARD_TEST").as_deref() == Ok("require") => {
            panic!(
                "{test}: KURIER_XBOARD_TEST=require but {e} (apt-get install xboard xvfb xdotool)"
            )
        }
        Err(e) => {
            eprintln!("{test}: skipped, {e} (apt-get install xboard xvfb xdotool)");
            false
        }
    }
}

/// A private X display (`Xvfb -displayfd`), stopped on drop.
struct Screen {
    xvfb: Child,
    display: String,
}

impl Screen {
    fn start() -> Screen {
        let mut xvfb = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1280x1024x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut line = String::new();
        BufReader::new(xvfb.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let number: u32 = line.trim().parse().expect("Xvfb names its display");
        Screen {
            xvfb,
            display: format!(":{number}"),
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = self.xvfb.kill();
        let _ = self.xvfb.wait();
    }
}

/// One XBoard process on a screen, with its files in `dir`; stopped on drop.
struct Xboard<'a> {
    screen: &'a Screen,
    child: Child,
    dir: PathBuf,
}

impl<'a> Xboard<'a> {
    fn start(screen: &'a Screen, name: &str, args: &[&str]) -> Xboard<'a> {
        let dir = std::env::temp_dir().join(format!("kurier-xboard-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("home")).unwrap();
        let file = |f: &str| dir.join(f).display().to_string();
        let child = Command::new(XBOARD)
            .args(args)
            .args(["-debug", "-nameOfDebugFile", &file("debug.log")])
            .args(["-saveGameFile", &file("game.pgn")])
            .args(["-savePositionFile", &file("final.fen")])
            .current_dir(&dir)
            .env("HOME", dir.join("home"))
            .env("DISPLAY", &screen.display)
            .env("GDK_NATIVE_WINDOWS", "1")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("xboard.err")).unwrap())
            .spawn()
            .expect("xboard starts");
        Xboard { screen, child, dir }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("debug.log")).unwrap_or_default()
    }

    fn read(&self, file: &str) -> String {
        std::fs::read_to_string(self.dir.join(file)).unwrap_or_default()
    }

    /// The PGN once the game has ended (a result other than `*`).
    fn result(&self) -> Option<String> {
        let pgn = self.read("game.pgn");
        let result = pgn.lines().find_map(|l| l.strip_prefix("[Result \""))?;
        let result = result.trim_end_matches("\"]").to_string();
        (result != "*").then_some(result)
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.screen.display)
            .output()
            .expect("xdotool runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The board's own X window and its size: the largest window without a name.
    fn board_window(&self) -> (String, u32, u32) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let mut best: Option<(String, u32, u32)> = None;
            for id in self.xdotool(&["search", "--name", ""]).split_whitespace() {
                if !self.xdotool(&["getwindowname", id]).trim().is_empty() {
                    continue;
                }
                let geometry = self.xdotool(&["getwindowgeometry", id]);
                let size = geometry
                    .lines()
                    .find_map(|l| l.trim().strip_prefix("Geometry: "))
                    .and_then(|g| g.split_once('x'))
                    .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)));
                if let Some((w, h)) = size {
                    let better = best.as_ref().is_none_or(|b| w * h > b.1 * b.2);
                    if w < 1280 && h > 100 && better {
                        best = Some((id.to_string(), w, h));
                    }
                }
            }
            if let Some(found) = best {
                return found;
            }
            assert!(Instant::now() < deadline, "no board window appeared");
            std::thread::sleep(Duration::from_millis(500));
        }
    }
}

impl Drop for Xboard<'_> {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        std::thread::sleep(Duration::from_millis(500));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The board: where to click a square (files a.., ranks 1.., White at the bottom).
struct Board {
    window: String,
    pitch: u32,
    ranks: u32,
}

impl Board {
    fn find(xboard: &Xboard, files: u32, ranks: u32) -> Board {
        let (window, width, height) = xboard.board_window();
        // Squares and one-pixel lines (`-overrideLineGap 1` in xboard.conf).
        let pitch = (height - 1) / ranks;
        assert!(
            files * pitch < width,
            "board {width}x{height} for {files}x{ranks}"
        );
        Board {
            window,
            pitch,
            ranks,
        }
    }

    fn click(&self, xboard: &Xboard, square: &str) {
        let file = u32::from(square.as_bytes()[0] - b'a');
        let rank: u32 = square[1..].parse().unwrap();
        let x = 1 + file * self.pitch + self.pitch / 2;
        let y = 1 + (self.ranks - rank) * self.pitch + self.pitch / 2;
        xboard.xdotool(&[
            "mousemove",
            "--window",
            &self.window,
            &x.to_string(),
            &y.to_string(),
            "click",
            "1",
        ]);
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// The debug log up to the end of the game (XBoard's `GameEnds` with a reason).
fn game_part(log: &str) -> &str {
    let mut at = 0;
    for line in log.split_inclusive('\n') {
        if line.starts_with("GameEnds(") && !line.contains("(null)") {
            return &log[..at];
        }
        at += line.len();
    }
    log
}

/// The moves of the game in order: what the engines sent (`<first : move X`, `<second: move X`:
/// XBoard's spelling) and what the
/// human played (`>first : usermove X` in a game with one engine).
fn moves(log: &str, human: bool) -> Vec<String> {
    let mut moves = Vec::new();
    for line in game_part(log).lines() {
        let rest = line.split_once(' ').map_or(line, |(_, r)| r);
        if let Some(mv) = rest
            .strip_prefix("<first : move ")
            .or_else(|| rest.strip_prefix("<second: move "))
        {
            moves.push(mv.trim().to_string());
        } else if let Some(sent) = rest.strip_prefix(">first : usermove ").filter(|_| human) {
            // XBoard logs the command and the move as two writes on one line.
            let mv = sent.rsplit(" : ").next().unwrap_or(sent);
            moves.push(mv.trim().to_string());
        }
    }
    moves
}

/// The game as Kurier holds it: the start, then every move of the log.
fn replay(variant: Variant, log: &str, human: bool) -> AnyRecord {
    let mut record = match variant {
        Variant::Courier => AnyRecord::from_fen(variant, PRE_CEREMONY_FEN).unwrap(),
        _ => AnyRecord::start(variant),
    };
    for mv in moves(log, human) {
        record
            .play_relayed(&mv)
            .unwrap_or_else(|e| panic!("{mv} does not replay: {e}"));
    }
    record
}

/// The checks every finished game must pass; returns a one-line summary.
fn check_game(xboard: &Xboard, variant: Variant, human: bool, result: &str) -> String {
    let log = xboard.log();
    let engines: Vec<&str> = log
        .lines()
        .filter(|l| l.contains(" <first : ") || l.contains(" <second: "))
        .collect();
    for bad in ["Illegal move", "Error (", "tellusererror"] {
        let found: Vec<&&str> = engines.iter().filter(|l| l.contains(bad)).collect();
        assert!(found.is_empty(), "{}: {found:?}", xboard.dir.display());
    }
    let ends: Vec<&str> = log.lines().filter(|l| l.starts_with("GameEnds(")).collect();
    let end = ends
        .iter()
        .find(|l| !l.contains("(null)"))
        .unwrap_or_else(|| panic!("no game end in {}", xboard.dir.display()));
    // No false claim, no forfeit; an adjudication (a stalemate or a material draw too) must
    // give the rules' result, checked below.
    for bad in ["False", "Forfeit", "illegal"] {
        assert!(!end.contains(bad), "{end} ({})", xboard.dir.display());
    }
    let record = replay(variant, &log, human);
    let outcome = record
        .outcome()
        .unwrap_or_else(|| panic!("{end}, but the rules see no end: {}", record.fen()));
    assert_eq!(
        result,
        outcome.result_str(),
        "{end}: the rules say {outcome}"
    );
    // XBoard's game has as many moves as Kurier's.
    assert_eq!(
        pgn_plies(&xboard.read("game.pgn")),
        record.moves_played(),
        "{end}"
    );
    // XBoard writes its position file before it shows a move it adjudicated on: then the file
    // holds the position before that move.
    let saved = xboard.read("final.fen");
    let fields = |fen: &str| fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    let mut before = record.clone();
    before.undo();
    assert!(
        fields(&saved) == fields(&record.fen())
            || end.contains("adjudication") && fields(&saved) == fields(&before.fen()),
        "XBoard's final position {saved} against Kurier's {} ({end})",
        record.fen()
    );
    format!(
        "{variant}: {result} after {} plies ({outcome}); XBoard: {end}; final {}",
        record.moves_played(),
        fields(&saved)
    )
}

/// The number of moves in a PGN's movetext (comments, move numbers and the result left out).
fn pgn_plies(pgn: &str) -> usize {
    let text: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(t))
        .count()
}

/// Waits for the end of the game and checks it.
fn finish(xboard: &Xboard, variant: Variant, human: bool) -> String {
    let deadline = Instant::now() + GAME_LIMIT;
    loop {
        if let Some(result) = xboard.result() {
            // The position file is written right after the PGN.
            std::thread::sleep(Duration::from_millis(500));
            return check_game(xboard, variant, human, &result);
        }
        assert!(
            Instant::now() < deadline,
            "no result after {GAME_LIMIT:?}: {}",
            xboard.dir.display()
        );
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// A small fixed pseudo-random sequence (the human's choices).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The human's move: a legal move, never one XBoard would misjudge (`xboard_referee`).
fn human_move(record: &AnyRecord, choice: &mut Lcg) -> String {
    let legal = record.legal_moves().expect("a short move list");
    let misjudged = xboard_referee::misjudged_moves(record);
    let ids = record.legal_ids();
    let fair: Vec<&String> = legal
        .iter()
        .zip(&ids)
        .filter(|(_, id)| !misjudged.contains(id))
        .map(|(m, _)| m)
        .collect();
    // No promotion either, where another move exists: XBoard may ask which piece.
    let quiet: Vec<&String> = fair.iter().copied().filter(|m| m.len() == 4).collect();
    let pool = if !quiet.is_empty() {
        quiet
    } else if !fair.is_empty() {
        fair
    } else {
        legal.iter().collect()
    };
    pool[choice.next(pool.len())].clone()
}

/// Waits until the log holds `count` moves or the game has ended; false when it ended.
fn wait_moves(xboard: &Xboard, count: usize, what: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if xboard.result().is_some() {
            return false;
        }
        if moves(&xboard.log(), true).len() >= count {
            return true;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: no move after 60 s ({})",
            xboard.dir.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// One game at a time: the machine has few cores and the engines play on the clock.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A human (White, clicking) against Kurier.
fn human_game(variant: Variant, files: u32, seed: u64) -> String {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let screen = Screen::start();
    let kurier = env!("CARGO_BIN_EXE_kurier");
    let mut args = vec!["-fcp", kurier, "-variant", variant.name()];
    args.extend(CLOCK);
    let xboard = Xboard::start(&screen, &format!("human-{variant}"), &args);
    let board = Board::find(&xboard, files, 8);
    // The engine has answered its handshake.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !xboard.log().contains("<first : pong") {
        assert!(
            Instant::now() < deadline,
            "no handshake: {}",
            xboard.dir.display()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let mut choice = Lcg(seed);
    loop {
        let record = replay(variant, &xboard.log(), true);
        if xboard.result().is_some() || record.outcome().is_some() {
            break;
        }
        let played = record.moves_played();
        let mv = human_move(&record, &mut choice);
        // Squares of one letter and one digit (eight ranks); a promotion suffix is XBoard's.
        board.click(&xboard, &mv[0..2]);
        board.click(&xboard, &mv[2..4]);
        if !wait_moves(&xboard, played + 1, &format!("the click {mv}")) {
            break;
        }
        if !wait_moves(&xboard, played + 2, "Kurier's answer") {
            break;
        }
    }
    finish(&xboard, variant, true)
}

/// Kurier against Kurier in XBoard's TwoMachines mode.
fn engine_game(variant: Variant) -> String {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let screen = Screen::start();
    let kurier = env!("CARGO_BIN_EXE_kurier");
    let mut args = vec![
        "-fcp",
        kurier,
        "-scp",
        kurier,
        "-variant",
        variant.name(),
        "-mode",
        "TwoMachines",
    ];
    args.extend(CLOCK);
    let xboard = Xboard::start(&screen, &format!("engines-{variant}"), &args);
    finish(&xboard, variant, false)
}

#[test]
fn courier_human_against_kurier_by_clicks() {
    if ready("courier_human_against_kurier_by_clicks") {
        eprintln!("{}", human_game(Variant::Courier, 12, 52));
    }
}

#[test]
fn courier_kurier_against_kurier() {
    if ready("courier_kurier_against_kurier") {
        eprintln!("{}", engine_game(Variant::Courier));
    }
}

#[test]
fn schachdame_human_against_kurier_by_clicks() {
    if ready("schachdame_human_against_kurier_by_clicks") {
        eprintln!("{}", human_game(Variant::Schachdame, 8, 1883));
    }
}

#[test]
fn schachdame_kurier_against_kurier() {
    if ready("schachdame_kurier_against_kurier") {
        eprintln!("{}", engine_game(Variant::Schachdame));
    }
}
