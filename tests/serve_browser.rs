//! The board page of `kurier serve` in a real headless browser (issue 15, item 3): Debian's
//! `chromium`, driven through `chromedriver` by the WebDriver client `fantoccini`.
//!
//! The test starts the real `kurier serve --port 0`, reads the port from its first stdout line,
//! loads the page, starts a Dual-checkers game from a position where White must take several
//! pieces and can choose between capture paths (docs/rules.md D4, D5), plays the longest one by
//! clicking its landing squares, and checks that the board's DOM shows the position Kurier's own
//! move generator makes of it and that the move list shows the move. It also checks that a bad
//! FEN is shown as an error while the game on the page stays, and plays a Courier game of Kurier
//! against itself to a middle game. Screenshots go to `target/` (or to `$KURIER_SCREENSHOT_DIR`):
//! `serve-dual-capture.png`, `serve-courier.png`.
//!
//! Where no chromium or chromedriver is installed the test says so and passes, so that `cargo
//! test` works on a fresh machine; with `KURIER_BROWSER_TEST=require` (set by `.ci/run`, which
//! installs both) a missing browser fails the test instead. `CHROMIUM` and `CHROMEDRIVER` name
//! other binaries than /usr/bin/chromium and /usr/bin/chromedriver; `KURIER_SERVE_URL` a server
//! already running instead of a fresh `kurier serve`.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use kurier_rules::game::{square_name, Color, Game, MoveList};
use kurier_rules::games::dual::{notation, DualCheckers, Piece};
use serde_json::{json, Value};

/// A Dual-checkers position (docs/rules.md D5): the white man on c3 must capture; it jumps d4 to
/// land on e5, and from there goes on either over f6 to g7 (two pieces) or over d6 to c7 and then
/// directly onto c6 (three pieces), so the page has to let the person choose leg by leg.
const DUAL_FEN: &str = "7m/8/2mm1m2/8/3m4/2M5/8/M7 w 0 1";

/// A child process killed when dropped, so that no browser or server outlives a failed test.
struct Guard(Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The browser binaries, or why they are not there.
fn browser() -> Result<(PathBuf, PathBuf), String> {
    let find = |var: &str, defaults: &[&str]| -> Result<PathBuf, String> {
        if let Some(p) = std::env::var_os(var) {
            let p = PathBuf::from(p);
            return if p.is_file() {
                Ok(p)
            } else {
                Err(format!("{var}={} is not a file", p.display()))
            };
        }
        defaults
            .iter()
            .map(PathBuf::from)
            .find(|p| p.is_file())
            .ok_or_else(|| {
                format!(
                    "none of {} is installed (apt-get install chromium chromium-driver)",
                    defaults.join(", ")
                )
            })
    };
    let chromium = find(
        "CHROMIUM",
        &["/usr/bin/chromium", "/usr/bin/chromium-browser"],
    )?;
    let driver = find("CHROMEDRIVER", &["/usr/bin/chromedriver"])?;
    Ok((chromium, driver))
}

/// True when a missing browser is a failure (`KURIER_BROWSER_TEST=require`, as in `.ci/run`).
fn browser_required() -> bool {
    std::env::var("KURIER_BROWSER_TEST").is_ok_and(|v| v == "require")
}

/// Starts `kurier serve --port 0` and returns it with the page's address.
fn start_server() -> (Guard, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args(["serve", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("kurier serve starts");
    let stdout = child.stdout.take().expect("stdout is piped");
    let guard = Guard(child);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        if let Some(Ok(line)) = lines.next() {
            let _ = tx.send(line);
        }
        // Keep reading, so that the server never blocks on a full pipe.
        for _ in lines {}
    });
    let line = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("kurier serve prints its address");
    let prefix = "kurier serve: listening on ";
    let url = line
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("unexpected first line of kurier serve: {line:?}"))
        .trim()
        .to_string();
    assert!(
        url.starts_with("http://127.0.0.1:"),
        "the server binds to the loopback address: {url}"
    );
    (guard, url)
}

/// Starts chromedriver on a free port and returns it with its address.
fn start_driver(driver: &Path) -> (Guard, String) {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let guard = Guard(child);
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "chromedriver does not listen on port {port}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    (guard, format!("http://127.0.0.1:{port}"))
}

/// Where the screenshots go: `$KURIER_SCREENSHOT_DIR`, else `target/`.
fn screenshot_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("KURIER_SCREENSHOT_DIR") {
        return PathBuf::from(dir);
    }
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target/tmp has a parent")
        .to_path_buf()
}

#[test]
fn the_page_plays_a_dual_checkers_multi_capture_by_clicks() {
    let (chromium, driver) = match browser() {
        Ok(b) => b,
        Err(why) if !browser_required() => {
            // Written to stderr directly: the test harness captures `println!` of a passing test.
            let _ = writeln!(
                std::io::stderr(),
                "serve_browser: skipped: {why} (KURIER_BROWSER_TEST=require makes this a failure)"
            );
            return;
        }
        Err(why) => panic!("KURIER_BROWSER_TEST=require but {why}"),
    };
    // `KURIER_SERVE_URL` points the test at a server already running (to work on the page).
    let (_server, url) = match std::env::var("KURIER_SERVE_URL") {
        Ok(url) => (None, url),
        Err(_) => {
            let (guard, url) = start_server();
            (Some(guard), url)
        }
    };
    let (_driver, driver_url) = start_driver(&driver);
    let profile = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("serve-browser-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).expect("a fresh profile folder");

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let outcome = runtime.block_on(async {
        let client = connect(&driver_url, &chromium, &profile).await;
        let result = run(&client, &url).await;
        let _ = client.close().await;
        result
    });
    let _ = std::fs::remove_dir_all(&profile);
    if let Err(e) = outcome {
        panic!("{e}");
    }
}

/// The WebDriver session: headless Chromium with a fresh profile and nothing that calls the
/// network (without the background-networking flags Chromium hangs on a closed network).
async fn connect(driver_url: &str, chromium: &Path, profile: &Path) -> Client {
    let args = [
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-dev-shm-usage".into(),
        "--window-size=1400,1050".into(),
        format!("--user-data-dir={}", profile.display()),
    ];
    let caps = json!({
        "goog:chromeOptions": { "binary": chromium.display().to_string(), "args": args },
    });
    let serde_json::Value::Object(caps) = caps else {
        unreachable!()
    };
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(driver_url)
        .await
        .expect("a WebDriver session with headless chromium")
}

type Outcome = Result<(), String>;

/// Fails with `what` when `cond` is false.
fn check(cond: bool, what: impl FnOnce() -> String) -> Outcome {
    if cond {
        Ok(())
    } else {
        Err(what())
    }
}

/// Runs `script` (its `return` value is the answer).
async fn js(c: &Client, script: &str) -> Result<Value, String> {
    c.execute(script, vec![])
        .await
        .map_err(|e| format!("script {script:?}: {e}"))
}

/// Waits until `script` returns true, at most `secs` seconds.
async fn wait_js(c: &Client, script: &str, secs: u64, what: &str) -> Outcome {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if js(c, script).await? == Value::Bool(true) {
            return Ok(());
        }
        if Instant::now() > deadline {
            let msg = js(c, "return document.getElementById('message').textContent + ' | error: ' + document.getElementById('error-text').textContent + ' | ' + JSON.stringify(document.body.dataset)").await?;
            return Err(format!(
                "timed out waiting for {what} ({script}); page says: {msg}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn click(c: &Client, css: &str) -> Outcome {
    let el = c
        .find(Locator::Css(css))
        .await
        .map_err(|e| format!("find {css}: {e}"))?;
    el.click().await.map_err(|e| format!("click {css}: {e}"))
}

async fn click_square(c: &Client, square: &str) -> Outcome {
    click(c, &format!("#board [data-square=\"{square}\"]")).await
}

/// The squares as the page shows them: name -> (kind, colour) of its piece, "" when empty.
async fn board_dom(c: &Client) -> Result<Vec<(String, String, String)>, String> {
    let v = js(
        c,
        "return [...document.querySelectorAll('#board [data-square]')].map(s => {
           const p = s.querySelector('[data-piece]');
           return [s.dataset.square, p ? p.dataset.piece : '', p ? p.dataset.color : ''];
         });",
    )
    .await?;
    let rows = v.as_array().ok_or("the board is no list")?;
    Ok(rows
        .iter()
        .map(|r| {
            let s = |i: usize| r[i].as_str().unwrap_or_default().to_string();
            (s(0), s(1), s(2))
        })
        .collect())
}

async fn screenshot(c: &Client, name: &str) -> Outcome {
    let png = c
        .screenshot()
        .await
        .map_err(|e| format!("screenshot: {e}"))?;
    let dir = screenshot_dir();
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(name);
    std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("serve_browser: screenshot {}", path.display());
    Ok(())
}

/// Fills the new-game form and starts the game; waits for the page to show it.
async fn start_game(
    c: &Client,
    variant: &str,
    side: &str,
    fen: Option<&str>,
    movetime_s: &str,
) -> Outcome {
    let before = js(c, "return document.body.dataset.gameId || ''")
        .await?
        .as_str()
        .unwrap_or_default()
        .to_string();
    let script = format!(
        "document.getElementById('new-game-panel').open = true;
         document.getElementById('variant').value = {variant:?};
         document.getElementById('variant').dispatchEvent(new Event('change'));
         document.getElementById('side').value = {side:?};
         document.getElementById({start:?}).checked = true;
         document.getElementById('start-fen').dispatchEvent(new Event('change'));
         document.getElementById('fen').value = {fen:?};
         document.getElementById('movetime').value = {movetime_s:?};
         return true;",
        start = if fen.is_some() {
            "start-fen"
        } else {
            "start-initial"
        },
        fen = fen.unwrap_or(""),
    );
    js(c, &script).await?;
    click(c, "#new-game-start").await?;
    wait_js(
        c,
        &format!("return document.body.dataset.gameId !== {before:?} && document.body.dataset.variant === {variant:?} && document.body.dataset.ready === 'true'"),
        30,
        "the new game",
    )
    .await
}

async fn run(c: &Client, url: &str) -> Outcome {
    c.goto(url).await.map_err(|e| format!("load {url}: {e}"))?;
    wait_js(
        c,
        "return document.body.dataset.ready === 'true'",
        30,
        "the page",
    )
    .await?;
    let squares = js(
        c,
        "return document.querySelectorAll('#board [data-square]').length",
    )
    .await?;
    check(squares.as_u64().is_some_and(|n| n == 64 || n == 96), || {
        format!("the first board has {squares} squares")
    })?;

    dual_capture(c).await?;
    bad_fen_is_shown(c).await?;
    clock_runs(c).await?;
    courier_middle_game(c).await
}

/// The Dual-checkers capture of several pieces, chosen leg by leg.
async fn dual_capture(c: &Client) -> Outcome {
    // What Kurier's own move generator says of the position.
    let pos = DualCheckers::from_fen(DUAL_FEN).map_err(|e| format!("{DUAL_FEN}: {e}"))?;
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    let paths: Vec<Vec<String>> = moves
        .iter()
        .map(|&m| {
            let p = notation::path_of(&pos, m).expect("every move has a path");
            p.landings()
                .into_iter()
                .map(|s| square_name(s % 8, s / 8))
                .collect()
        })
        .collect();
    check(moves.iter().all(|m| m.is_capture()), || {
        "every move of the test position captures".into()
    })?;
    let black = |p: &DualCheckers| p.occupied_by(Color::Black).count_ones();
    let (best, mv) = moves
        .iter()
        .enumerate()
        .max_by_key(|(_, &m)| black(&pos) - black(&pos.play(m)))
        .map(|(i, &m)| (i, m))
        .expect("the position has moves");
    let taken = black(&pos) - black(&pos.play(mv));
    check(taken >= 3, || {
        format!("the longest capture takes {taken} pieces")
    })?;
    let path = &paths[best];
    // The shortest run of clicks that tells this path from every other one from its square.
    let clicks = (2..=path.len())
        .find(|&k| {
            paths
                .iter()
                .enumerate()
                .all(|(i, p)| i == best || p.len() < k || p[..k] != path[..k])
        })
        .expect("the paths differ");
    check(clicks >= 3, || {
        format!("the capture {path:?} needs a choice of leg ({clicks} clicks)")
    })?;
    let after = pos.play(mv);
    let notation_text = pos.pdn(mv);

    start_game(c, "dual", "both", Some(DUAL_FEN), "0.2").await?;
    check(
        js(
            c,
            "return document.querySelectorAll('#board [data-square]').length",
        )
        .await?
            == json!(64),
        || "a Dual-checkers board has 64 squares".into(),
    )?;
    wait_js(
        c,
        "return document.getElementById('message').dataset.kind === 'compulsory'",
        10,
        "the compulsory capture message",
    )
    .await?;
    let movable = js(
        c,
        "return [...document.querySelectorAll('#board [data-movable]')].map(s => s.dataset.square)",
    )
    .await?;
    check(movable == json!([path[0].clone()]), || {
        format!("only {} may move, the page offers {movable}", path[0])
    })?;

    // A man that cannot capture is refused with the message.
    click_square(c, "a1").await?;
    let msg = js(c, "return document.getElementById('message').textContent").await?;
    check(
        msg.as_str().is_some_and(|m| m.contains("compulsory")),
        || format!("a1 is refused with {msg}"),
    )?;
    check(
        js(
            c,
            "return document.querySelector('#board [data-selected]') === null",
        )
        .await?
            == json!(true),
        || "a1 is not selected".into(),
    )?;

    // Click the piece, then the landing squares one by one.
    for (i, square) in path[..clicks].iter().enumerate() {
        click_square(c, square).await?;
        if i + 1 < clicks {
            let sel = format!("#board [data-square=\"{}\"][data-target]", path[i + 1]);
            wait_js(
                c,
                &format!("return document.querySelector('{sel}') !== null"),
                5,
                "the next landing square",
            )
            .await?;
            if i >= 1 {
                // After the shared legs, both continuations are offered.
                let targets = js(
                    c,
                    "return document.querySelectorAll('#board [data-target]').length",
                )
                .await?;
                check(targets.as_u64().is_some_and(|n| n >= 2), || {
                    format!("several continuations from {square}: {targets}")
                })?;
            }
        }
    }
    wait_js(
        c,
        "return document.getElementById('move-list').dataset.count === '1'",
        15,
        "the move in the move list",
    )
    .await?;

    // The board shows the position Kurier's generator makes.
    let dom = board_dom(c).await?;
    check(dom.len() == 64, || format!("{} squares", dom.len()))?;
    for (square, kind, color) in &dom {
        let sq = kurier_rules::game::parse_square(square, 8, 8)
            .map(|(f, r)| r * 8 + f)
            .ok_or(format!("square {square}"))?;
        let want = match after.piece_on(sq) {
            None => ("", ""),
            Some((col, piece)) => (
                if piece == Piece::Man { "man" } else { "king" },
                if col == Color::White {
                    "white"
                } else {
                    "black"
                },
            ),
        };
        check((kind.as_str(), color.as_str()) == want, || {
            format!("{square} shows {kind:?} {color:?}, the position has {want:?}")
        })?;
    }
    // The captured squares and the path are marked.
    let marked = js(c, "return [...document.querySelectorAll('#board [data-captured]')].map(s => s.dataset.square).sort()").await?;
    let mut captured: Vec<String> = (0..64)
        .filter(|&s| {
            pos.piece_on(s).is_some_and(|(c, _)| c == Color::Black)
                && after.piece_on(s).is_none_or(|(c, _)| c != Color::Black)
        })
        .map(|s| square_name(s % 8, s / 8))
        .collect();
    captured.sort();
    check(marked == json!(captured), || {
        format!("captured squares marked {marked}, taken {captured:?}")
    })?;
    let drawn = js(
        c,
        "const p = document.getElementById('last-move-path'); return p ? p.dataset.path : ''",
    )
    .await?;
    check(drawn == json!(path.join(" ")), || {
        format!("the last move's path drawn {drawn}, played {path:?}")
    })?;
    // The move list shows the move in the game's notation.
    let listed = js(c, "const m = document.querySelector('#move-list [data-ply=\"1\"]'); return m ? m.dataset.notation : ''").await?;
    check(listed == json!(notation_text), || {
        format!("the move list shows {listed}, the move is {notation_text}")
    })?;
    screenshot(c, "serve-dual-capture.png").await?;
    drag_flip_undo(c, &after).await
}

/// Black's reply by drag and drop, the board turned round, and the reply taken back.
async fn drag_flip_undo(c: &Client, pos: &DualCheckers) -> Outcome {
    let mut replies = MoveList::new();
    pos.generate(&mut replies);
    let reply = *replies.first().ok_or("Black has a reply")?;
    let name = |s: usize| square_name(s % 8, s / 8);
    let (from, to) = (name(reply.from()), name(reply.to()));
    let square = |sq: &str| format!("#board [data-square=\"{sq}\"]");
    // Viewport points: the page draws the board anew when the piece is picked up, so elements
    // found before would be stale.
    let centre = |sq: String| {
        let script = format!(
            "const r = document.querySelector('{}').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];",
            square(&sq)
        );
        async move {
            let v = js(c, &script).await?;
            Ok::<_, String>((
                v[0].as_f64().unwrap_or_default(),
                v[1].as_f64().unwrap_or_default(),
            ))
        }
    };
    let (sx, sy) = centre(from.clone()).await?;
    let (dx, dy) = centre(to.clone()).await?;
    let step = |x: f64, y: f64| PointerAction::MoveTo {
        duration: Some(Duration::from_millis(150)),
        x,
        y,
    };
    let drag = MouseActions::new("mouse".into())
        .then(step(sx, sy))
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(step(sx + 12.0, sy))
        .then(step((sx + dx) / 2.0, (sy + dy) / 2.0))
        .then(step(dx, dy))
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(drag)
        .await
        .map_err(|e| format!("drag {from}-{to}: {e}"))?;
    wait_js(
        c,
        "return document.getElementById('move-list').dataset.count === '2'",
        15,
        "the dragged move",
    )
    .await?;
    let moved = js(
        c,
        &format!(
            "const p = document.querySelector('{} [data-piece]'); return p ? p.dataset.color : ''",
            square(&to)
        ),
    )
    .await?;
    check(moved == json!("black"), || {
        format!("the dragged man stands on {to}: {moved}")
    })?;
    check(
        js(
            c,
            &format!(
                "return document.querySelector('{} [data-piece]') === null",
                square(&from)
            ),
        )
        .await?
            == json!(true),
        || format!("{from} is empty after the drag"),
    )?;

    // Flip: a1 goes to the top right corner, and back.
    let corner = "return document.querySelector('#board [data-square]').dataset.square";
    check(js(c, corner).await? == json!("a8"), || {
        "a8 is the first square seen from White".into()
    })?;
    click(c, "#btn-flip").await?;
    check(js(c, corner).await? == json!("h1"), || {
        "h1 is the first square seen from Black".into()
    })?;
    click(c, "#btn-flip").await?;

    // Undo takes the reply back.
    click(c, "#btn-undo").await?;
    wait_js(
        c,
        "return Number(document.getElementById('move-list').dataset.count) < 2",
        15,
        "the undone move",
    )
    .await?;
    check(
        js(
            c,
            &format!(
                "return document.querySelector('{} [data-piece]') === null",
                square(&to)
            ),
        )
        .await?
            == json!(true),
        || format!("{to} is empty again after undo"),
    )
}

/// A bad FEN is an error on the page; the game shown stays.
async fn bad_fen_is_shown(c: &Client) -> Outcome {
    let game = js(c, "return document.body.dataset.gameId").await?;
    let fen = js(c, "return document.getElementById('board').dataset.fen").await?;
    js(
        c,
        "document.getElementById('new-game-panel').open = true;
         document.getElementById('variant').value = 'dual';
         document.getElementById('start-fen').checked = true;
         document.getElementById('fen').value = 'this is no position';
         return true;",
    )
    .await?;
    click(c, "#new-game-start").await?;
    wait_js(c, "return !document.getElementById('error').hidden && document.getElementById('error-text').textContent.length > 0", 10, "the error").await?;
    check(
        js(c, "return document.body.dataset.gameId").await? == game,
        || "the game on the page stays".into(),
    )?;
    check(
        js(c, "return document.getElementById('board').dataset.fen").await? == fen,
        || "the board stays".into(),
    )?;
    click(c, "#error-close").await?;
    check(
        js(c, "return document.getElementById('error').hidden").await? == json!(true),
        || "the error closes".into(),
    )
}

/// A game with a clock: the person's clock runs on the page between the server's updates.
async fn clock_runs(c: &Client) -> Outcome {
    js(c, "document.getElementById('clock-on').checked = true; document.getElementById('clock-base').value = '1'; return true").await?;
    start_game(c, "schachdame", "white", None, "0.2").await?;
    js(
        c,
        "document.getElementById('clock-on').checked = false; return true",
    )
    .await?;
    let clock = "return [document.getElementById('clock-bottom').dataset.side, document.getElementById('clock-bottom').dataset.running, document.querySelector('#clock-bottom .clock-time').textContent]";
    let first = js(c, clock).await?;
    check(
        first[0] == json!("white") && first[1] == json!("true"),
        || format!("White's clock runs at the bottom: {first}"),
    )?;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let later = js(c, clock).await?;
    check(later[2] != first[2], || {
        format!("the clock stands at {} after 1.5 s", later[2])
    })?;
    let top = js(
        c,
        "return document.getElementById('clock-top').dataset.running",
    )
    .await?;
    check(top == json!("false"), || "Black's clock stands".into())
}

/// Kurier plays itself at Courier to a middle game; analysis then takes over and shows its lines.
async fn courier_middle_game(c: &Client) -> Outcome {
    start_game(c, "courier", "engines", None, "0.1").await?;
    check(
        js(
            c,
            "return document.querySelectorAll('#board [data-square]').length",
        )
        .await?
            == json!(96),
        || "a Courier board has 96 squares".into(),
    )?;
    let plies = 24;
    wait_js(
        c,
        &format!("return Number(document.getElementById('move-list').dataset.count) >= {plies}"),
        240,
        "a Courier middle game",
    )
    .await?;
    click(c, "#btn-analyze").await?;
    wait_js(
        c,
        "return document.querySelectorAll('#analysis-lines [data-multipv]').length >= 2",
        30,
        "the analysis lines",
    )
    .await?;
    wait_js(
        c,
        "return Number(document.getElementById('eval-graph').dataset.points) >= 2",
        5,
        "the evaluation graph",
    )
    .await?;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    screenshot(c, "serve-courier.png").await?;
    click(c, "#btn-stop").await
}
