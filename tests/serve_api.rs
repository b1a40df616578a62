//! `kurier serve` through its real HTTP API (docs/serve-api.md): the binary is started on a free
//! loopback port (`--port 0`, the port read from its stdout line) and driven with a real HTTP
//! client. A game of each of the three games is played to its result, a Dual-checkers capture of
//! two pieces is set up by FEN and played by its path, the Server-Sent Events are read, the
//! clock falls by itself, and every kind of bad input gets its error with the game unchanged.
//! The server's guards too: other sites' pages and other host names are refused (`403`),
//! `--allow-origin` opens CORS to one origin, every error is JSON (`405`, unreadable ids),
//! hints and analyses are capped (`429`), an analysis nobody listens to stops, half-sent
//! requests are timed out, replaced games give their memory back, and Kurier's first move is
//! never lost.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `kurier serve`, killed when dropped.
struct Server {
    child: Child,
    base: String,
    agent: ureq::Agent,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start() -> Server {
        Self::start_with(&[])
    }

    /// `kurier serve --port 0` with more flags.
    fn start_with(flags: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kurier"))
            .args(["serve", "--port", "0"])
            .args(flags)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("kurier serve starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the listening line");
        let base = line
            .trim()
            .strip_prefix("kurier serve: listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        assert!(base.starts_with("http://127.0.0.1:"), "{base}");
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build()
            .into();
        Server { child, base, agent }
    }

    fn answer(mut response: ureq::http::Response<ureq::Body>) -> (u16, Value) {
        let status = response.status().as_u16();
        let text = response
            .body_mut()
            .read_to_string()
            .expect("a body that reads");
        let value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("status {status}: not JSON ({e}): {text}"));
        (status, value)
    }

    fn get(&self, path: &str) -> (u16, Value) {
        let r = self
            .agent
            .get(format!("{}{path}", self.base))
            .call()
            .expect("GET");
        Self::answer(r)
    }

    fn post_text(&self, path: &str, body: &str) -> (u16, Value) {
        let r = self
            .agent
            .post(format!("{}{path}", self.base))
            .header("Content-Type", "application/json")
            .send(body)
            .expect("POST");
        Self::answer(r)
    }

    fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.post_text(path, &body.to_string())
    }

    /// A request that must succeed with `status`.
    fn ok(&self, path: &str, body: Value, status: u16) -> Value {
        let (s, v) = self.post(path, body);
        assert_eq!(s, status, "{path}: {v}");
        v
    }

    fn new_game(&self, body: Value) -> Value {
        self.ok("/api/games", body, 201)
    }

    fn view(&self, id: &str) -> Value {
        let (s, v) = self.get(&format!("/api/games/{id}"));
        assert_eq!(s, 200, "{v}");
        v
    }

    /// Polls the game until `done` holds of its view (or fails after `limit`).
    fn wait_for(&self, id: &str, limit: Duration, done: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let v = self.view(id);
            if done(&v) {
                return v;
            }
            assert!(
                start.elapsed() < limit,
                "still waiting after {limit:?}: {v}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The PGN of game `id`, with the response's headers.
    fn pgn(&self, id: &str) -> (ureq::http::HeaderMap, String) {
        let r = self
            .agent
            .get(format!("{}/api/games/{id}/pgn", self.base))
            .call()
            .expect("GET pgn");
        assert_eq!(r.status().as_u16(), 200);
        let headers = r.headers().clone();
        (headers, r.into_body().read_to_string().expect("the PGN"))
    }

    /// The event stream of game `id`.
    fn events(&self, id: &str) -> Events {
        let r = self
            .agent
            .get(format!("{}/api/games/{id}/events", self.base))
            .call()
            .expect("GET events");
        assert_eq!(r.status().as_u16(), 200);
        let kind = content_type(&r);
        assert!(kind.starts_with("text/event-stream"), "{kind}");
        Events {
            lines: Box::new(BufReader::new(r.into_body().into_reader())),
        }
    }
}

/// The `Content-Type` of a response.
fn content_type(r: &ureq::http::Response<ureq::Body>) -> String {
    r.headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string()
}

/// A Server-Sent Events stream, read event by event.
struct Events {
    lines: Box<dyn BufRead>,
}

impl Events {
    /// The next event: its name and its data.
    fn next(&mut self) -> (String, Value) {
        let (mut name, mut data) = (String::new(), String::new());
        loop {
            let mut line = String::new();
            let n = self.lines.read_line(&mut line).expect("the stream reads");
            assert!(n > 0, "the stream ended");
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if !data.is_empty() {
                    let value = serde_json::from_str(&data)
                        .unwrap_or_else(|e| panic!("event {name}: {e}: {data}"));
                    return (name, value);
                }
                continue;
            }
            if let Some(v) = line.strip_prefix("event:") {
                name = v.trim().to_string();
            } else if let Some(v) = line.strip_prefix("data:") {
                data.push_str(v.trim_start());
            }
        }
    }

    /// Reads events until `want` holds of one (name, data), which it returns; the names seen.
    fn until(&mut self, want: impl Fn(&str, &Value) -> bool) -> (Value, Vec<String>) {
        let mut seen = Vec::new();
        loop {
            let (name, data) = self.next();
            seen.push(name.clone());
            if want(&name, &data) {
                return (data, seen);
            }
        }
    }
}

fn id_of(v: &Value) -> String {
    v["id"].as_str().expect("an id").to_string()
}

/// What must not change when a request fails.
fn state(v: &Value) -> Value {
    json!([v["fen"], v["moves"], v["players"], v["result"]])
}

/// The moves a view lists, by wire text.
fn wires(v: &Value) -> Vec<String> {
    v["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .map(|m| m["wire"].as_str().expect("wire").to_string())
        .collect()
}

/// A person plays `variant` against Kurier (depth 1), always the first legal move the view
/// offers, until the game ends by the rules or 40 moves are played; then Kurier plays both
/// sides to the end.
fn play_to_the_end(server: &Server, variant: &str) -> Value {
    let v = server.new_game(json!({"variant": variant, "engine": {"depth": 1}}));
    let id = id_of(&v);
    assert_eq!(v["players"], json!({"white": "human", "black": "engine"}));
    let mut v = v;
    for _ in 0..40 {
        if !v["result"].is_null() {
            break;
        }
        let legal = wires(&v);
        assert!(!legal.is_empty(), "{v}");
        let before = v["moves"].as_array().map_or(0, Vec::len);
        v = server.ok(
            &format!("/api/games/{id}/move"),
            json!({"move": legal[0]}),
            200,
        );
        assert_eq!(v["moves"].as_array().map_or(0, Vec::len), before + 1);
        assert!(
            v["moves"][before]["score_cp"].is_null(),
            "a person's move has no score"
        );
        v = server.wait_for(&id, Duration::from_secs(10), |w| {
            !w["result"].is_null()
                || (w["to_move"] == "white" && !w["thinking"].as_bool().unwrap_or(true))
        });
        if v["result"].is_null() {
            let reply = &v["moves"][before + 1];
            assert_eq!(reply["depth"], 1, "{reply}");
            assert!(reply["score_cp"].is_i64(), "{reply}");
        }
    }
    if v["result"].is_null() {
        // Kurier against itself from here: the game so far, loaded by its PGN, with Kurier on
        // both sides, to the result.
        let (_, pgn) = server.pgn(&id);
        let w = server.new_game(json!({
            "variant": variant, "pgn": pgn, "white": "engine", "black": "engine",
            "engine": {"depth": 1}
        }));
        assert_eq!(w["fen"], v["fen"]);
        v = server.wait_for(&id_of(&w), Duration::from_secs(25), |w| {
            !w["result"].is_null()
        });
    }
    v
}

#[test]
fn a_game_of_each_variant_is_played_to_its_result() {
    let server = Server::start();
    let (s, variants) = server.get("/api/variants");
    assert_eq!(s, 200);
    let names: Vec<&str> = variants
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["courier", "schachdame", "dual"]);
    assert_eq!(variants[0]["files"], 12);
    for variant in ["schachdame", "dual", "courier"] {
        let v = play_to_the_end(&server, variant);
        let result = &v["result"];
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(&result["score"].as_str().unwrap_or("")),
            "{variant}: {result}"
        );
        assert!(!result["reason"].as_str().unwrap_or("").is_empty());
        assert!(v["legal"].as_array().is_some_and(Vec::is_empty));
        // The PGN of the game reads back into the same position.
        let id = id_of(&v);
        let (headers, pgn) = server.pgn(&id);
        assert_eq!(
            headers.get("content-type").and_then(|h| h.to_str().ok()),
            Some("application/x-chess-pgn")
        );
        assert!(headers
            .get("content-disposition")
            .and_then(|h| h.to_str().ok())
            .is_some_and(|h| h.starts_with("attachment")));
        assert!(pgn.contains("[Variant \""), "{pgn}");
        assert!(pgn.contains(&format!(
            "[Result \"{}\"]",
            result["score"].as_str().unwrap_or("")
        )));
        assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
        assert!(pgn.contains("/1}"), "Kurier's score/depth comments: {pgn}");
        let loaded = server.new_game(json!({"variant": variant, "pgn": pgn, "black": "human"}));
        assert_eq!(loaded["fen"], v["fen"], "{variant}");
        assert_eq!(
            loaded["moves"].as_array().map(Vec::len),
            v["moves"].as_array().map(Vec::len)
        );
        assert_eq!(loaded["result"]["score"], result["score"], "{variant}");
    }
}

#[test]
fn a_dual_checkers_multi_capture_by_fen() {
    let server = Server::start();
    // docs/rules.md D5: after 1.f3-e4 d6-e5 2.e4:e5, Black must play f6:d4:d3.
    let fen = "1m1m1m1m/m1m1m1m1/1m3m1m/4M3/8/1M1M3M/M1M1M1M1/1M1M1M1M b 0 2";
    let v = server.new_game(json!({
        "variant": "dual", "fen": fen, "white": "engine", "black": "human",
        "engine": {"depth": 1}
    }));
    let id = id_of(&v);
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["capture_compulsory"], true);
    let legal = v["legal"].as_array().expect("legal");
    assert!(legal.iter().all(|m| m["capture"] == true), "{v}");
    let capture = legal
        .iter()
        .find(|m| m["notation"] == "f6:d4:d3")
        .unwrap_or_else(|| panic!("f6:d4:d3 among {legal:?}"));
    assert_eq!(capture["path"], json!(["f6", "d4", "d3"]));
    assert_eq!(capture["captures"], json!(["e5", "d3"]));
    assert_eq!(
        (capture["from"].as_str(), capture["to"].as_str()),
        (Some("f6"), Some("d3"))
    );
    let mut events = server.events(&id);
    let (first, _) = events.until(|name, _| name == "view");
    assert_eq!(first["fen"], fen);
    let v = server.ok(
        &format!("/api/games/{id}/move"),
        json!({"move": "f6:d4:d3"}),
        200,
    );
    assert_eq!(v["last_move"]["path"], json!(["f6", "d4", "d3"]));
    assert_eq!(v["last_move"]["captures"], json!(["e5", "d3"]));
    let square = |v: &Value, name: &str| {
        v["board"]
            .as_array()
            .and_then(|b| b.iter().find(|s| s["square"] == name).cloned())
            .unwrap_or_else(|| panic!("no square {name}"))
    };
    assert!(square(&v, "e5")["piece"].is_null());
    assert!(square(&v, "f6")["piece"].is_null());
    assert_eq!(
        square(&v, "d3")["piece"],
        json!({"kind": "man", "color": "black", "letter": "m"})
    );
    // Kurier (White) replies; the events say so.
    let (reply, _) = events
        .until(|name, v| name == "view" && v["moves"].as_array().is_some_and(|m| m.len() == 2));
    assert_eq!(reply["to_move"], "black");
    assert_eq!(reply["moves"][1]["color"], "white");
}

#[test]
fn events_stream_views_thinking_and_clocks() {
    let server = Server::start();
    let v = server.new_game(json!({
        "variant": "schachdame", "engine": {"depth": 4},
        "clock": {"base_ms": 60000, "increment_ms": 1000}
    }));
    let id = id_of(&v);
    assert_eq!(v["clock"]["running"], "white");
    let mut events = server.events(&id);
    let (clock, _) = events.until(|name, _| name == "clock");
    assert_eq!(clock["running"], "white");
    assert!(clock["white_ms"].as_u64().is_some_and(|ms| ms <= 60_000));
    let mv = wires(&v)[0].clone();
    server.ok(&format!("/api/games/{id}/move"), json!({"move": mv}), 200);
    let (info, _) = events.until(|name, _| name == "info");
    for key in [
        "depth", "seldepth", "multipv", "score_cp", "nodes", "nps", "time_ms",
    ] {
        assert!(info[key].is_number(), "{key}: {info}");
    }
    assert!(
        info["pv"].as_array().is_some_and(|pv| !pv.is_empty()),
        "{info}"
    );
    assert_eq!(
        info["pv"].as_array().map(Vec::len),
        info["pv_wire"].as_array().map(Vec::len)
    );
    let (after, _) = events
        .until(|name, v| name == "view" && v["moves"].as_array().is_some_and(|m| m.len() == 2));
    assert_eq!(after["moves"][1]["depth"], 4);
    // White's time: charged for its move, plus the increment.
    let white = after["clock"]["white_ms"].as_u64().expect("white's time");
    assert!(white > 55_000 && white <= 61_000, "{white}");

    // Analysis with three lines, until stop; both sides go to people.
    let v = server.ok(
        &format!("/api/games/{id}/analyze"),
        json!({"multipv": 3}),
        200,
    );
    assert_eq!(v["analysis"], true);
    assert_eq!(v["players"], json!({"white": "human", "black": "human"}));
    events.until(|name, v| name == "info" && v["multipv"] == 3);
    let v = server.ok(&format!("/api/games/{id}/stop"), json!({}), 200);
    assert_eq!(v["analysis"], false);

    // A hint for the person to move leaves the game as it was.
    let before = server.view(&id);
    let hint = server.ok(
        &format!("/api/games/{id}/hint"),
        json!({"movetime_ms": 100}),
        200,
    );
    assert!(wires(&before).contains(&hint["move"]["wire"].as_str().unwrap_or("").to_string()));
    assert!(hint["depth"].as_u64().is_some_and(|d| d >= 1), "{hint}");
    assert_eq!(state(&server.view(&id)), state(&before));
}

#[test]
fn the_flag_falls_without_a_request() {
    let server = Server::start();
    let v = server.new_game(json!({"variant": "dual", "clock": {"base_ms": 300}}));
    let id = id_of(&v);
    std::thread::sleep(Duration::from_millis(700));
    let v = server.view(&id);
    assert_eq!(v["result"]["reason"], "time", "{v}");
    assert_eq!(v["result"]["score"], "0-1");
    assert_eq!(v["clock"]["white_ms"], 0);
    assert!(v["clock"]["running"].is_null());
    let (s, e) = server.post(&format!("/api/games/{id}/undo"), json!({}));
    assert_eq!(s, 409, "{e}");
    let (s, _) = server.post(&format!("/api/games/{id}/move"), json!({"move": "f3-e4"}));
    assert_eq!(s, 400);
}

#[test]
fn resign_draw_go_and_undo() {
    let server = Server::start();
    let v = server.new_game(json!({"variant": "courier", "engine": {"depth": 1}}));
    let id = id_of(&v);
    // Too early for a draw.
    let d = server.ok(&format!("/api/games/{id}/draw"), json!({}), 200);
    assert_eq!(d["accepted"], false);
    assert!(d["view"]["result"].is_null());
    // A move, Kurier's reply, and both taken back.
    let first = wires(&v)[0].clone();
    server.ok(
        &format!("/api/games/{id}/move"),
        json!({"move": first}),
        200,
    );
    server.wait_for(&id, Duration::from_secs(10), |w| {
        w["moves"].as_array().is_some_and(|m| m.len() == 2)
    });
    let v = server.ok(&format!("/api/games/{id}/undo"), json!({}), 200);
    assert_eq!(v["moves"], json!([]));
    assert_eq!(v["fen"], v["start_fen"]);
    // Kurier takes White over; the person plays Black.
    let v = server.ok(&format!("/api/games/{id}/go"), json!({}), 200);
    assert_eq!(v["players"], json!({"white": "engine", "black": "human"}));
    let v = server.wait_for(&id, Duration::from_secs(10), |w| {
        w["to_move"] == "black" && !w["legal"].as_array().is_some_and(Vec::is_empty)
    });
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(1));
    let v = server.ok(&format!("/api/games/{id}/resign"), json!({}), 200);
    assert_eq!(
        v["result"],
        json!({"score": "1-0", "reason": "resignation", "text": "White wins: Black resigned"})
    );
    let (s, _) = server.post(&format!("/api/games/{id}/undo"), json!({}));
    assert_eq!(s, 409);
    // Two people agree at once.
    let v = server.new_game(json!({"variant": "schachdame", "black": "human"}));
    let d = server.ok(&format!("/api/games/{}/draw", id_of(&v)), json!({}), 200);
    assert_eq!(d["accepted"], true);
    assert_eq!(d["view"]["result"]["reason"], "agreement");
}

#[test]
fn bad_input_gets_its_error_and_leaves_the_game_unchanged() {
    let server = Server::start();
    let v = server.new_game(json!({"variant": "dual", "engine": {"depth": 1}}));
    let id = id_of(&v);
    let before = state(&v);
    let error = |(status, body): (u16, Value), want: u16| {
        assert_eq!(status, want, "{body}");
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{body}"
        );
        body["error"].as_str().unwrap_or("").to_string()
    };
    let path = |what: &str| format!("/api/games/{id}/{what}");
    let e = error(server.post(&path("move"), json!({"move": "a1a8"})), 400);
    assert!(e.contains("not a legal move"), "{e}");
    error(
        server.post(&path("move"), json!({"move": "x".repeat(5000)})),
        400,
    );
    error(server.post(&path("move"), json!({"mov": "f3-e4"})), 400);
    error(server.post(&path("move"), json!({"move": 7})), 400);
    let e = error(server.post_text(&path("move"), "{\"move\": "), 400);
    assert!(e.contains("malformed JSON"), "{e}");
    error(server.post_text(&path("move"), ""), 400);
    let e = error(server.post(&path("undo"), json!({})), 409);
    assert!(e.contains("nothing to take back"), "{e}");
    error(server.post(&path("analyze"), json!({"multipv": 17})), 400);
    error(server.post(&path("analyze"), json!({"multipv": -1})), 400);
    error(server.post(&path("hint"), json!({"movetime_ms": 0})), 400);
    error(server.get("/api/games/nope"), 404);
    error(
        server.post("/api/games/nope/move", json!({"move": "f3-e4"})),
        404,
    );
    error(server.get("/api/nothing"), 404);
    error(server.get("/assets/../Cargo.toml"), 404);
    assert_eq!(state(&server.view(&id)), before);

    let e = error(server.post("/api/games", json!({"variant": "chess"})), 400);
    assert!(e.contains("unknown variant"), "{e}");
    let e = error(
        server.post(
            "/api/games",
            json!({"variant": "dual", "fen": "8/8/8 w 0 1"}),
        ),
        400,
    );
    assert!(e.contains("FEN"), "{e}");
    error(
        server.post(
            "/api/games",
            json!({"variant": "courier", "fen": "x".repeat(100_000)}),
        ),
        400,
    );
    error(
        server.post(
            "/api/games",
            json!({"variant": "dual", "pgn": "1. f3-e5 *"}),
        ),
        400,
    );
    error(
        server.post(
            "/api/games",
            json!({"variant": "dual", "pgn": "[Variant \"courier\"]\n\n*"}),
        ),
        400,
    );
    error(
        server.post(
            "/api/games",
            json!({"variant": "dual", "engine": {"movetime_ms": 0}}),
        ),
        400,
    );
    error(
        server.post(
            "/api/games",
            json!({"variant": "dual", "engine": {"depth": 1000}}),
        ),
        400,
    );
    error(
        server.post(
            "/api/games",
            json!({"variant": "dual", "clock": {"base_ms": 0}}),
        ),
        400,
    );
    error(
        server.post("/api/games", json!({"variant": "dual", "white": "robot"})),
        400,
    );
    error(server.post_text("/api/games", "[1, 2"), 400);
    // A body past the limit is refused before it is read.
    // A body past the limit is refused by its length alone, before it is sent.
    let answer = {
        use std::io::{Read, Write};
        let host = server.base.trim_start_matches("http://");
        let mut tcp = std::net::TcpStream::connect(host).expect("connect");
        tcp.set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        write!(
            tcp,
            "POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            10 << 20
        )
        .expect("the request's head");
        let mut text = String::new();
        let _ = tcp.read_to_string(&mut text);
        text
    };
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("{\"error\":"), "{answer}");

    // Not the person's turn: Kurier (White) thinks for two seconds.
    let v = server.new_game(json!({
        "variant": "schachdame", "white": "engine", "black": "human",
        "engine": {"movetime_ms": 2000}
    }));
    let other = id_of(&v);
    assert_eq!(v["thinking"], true);
    assert!(v["legal"].as_array().is_some_and(Vec::is_empty));
    let before = state(&v);
    let e = error(
        server.post(&format!("/api/games/{other}/move"), json!({"move": "b2c3"})),
        400,
    );
    assert!(e.contains("not your turn"), "{e}");
    assert_eq!(state(&server.view(&other)), before);
    // `stop` makes Kurier play at once.
    server.ok(&format!("/api/games/{other}/stop"), json!({}), 200);
    let v = server.wait_for(&other, Duration::from_secs(5), |w| w["to_move"] == "black");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(1));
}

#[test]
fn the_page_is_served_from_the_binary() {
    let server = Server::start();
    for path in ["/", "/assets/index.html"] {
        let r = server
            .agent
            .get(format!("{}{path}", server.base))
            .call()
            .expect("GET the page");
        assert_eq!(r.status().as_u16(), 200, "{path}");
        let kind = content_type(&r);
        assert!(kind.starts_with("text/html"), "{path}: {kind}");
        let page = r.into_body().read_to_string().expect("the page");
        assert!(page.to_ascii_lowercase().contains("<html"), "{path}");
    }
    let (s, _) = server.get("/assets/no-such-file.js");
    assert_eq!(s, 404);
}

#[test]
fn bad_serve_flags_are_usage_errors() {
    for args in [
        &["serve", "--port", "70000"][..],
        &["serve", "--host", "not-an-address"][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_kurier"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("kurier runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A raw HTTP/1.1 exchange on a new connection (`Connection: close` is added): the status,
/// the head's lines and the body. For headers a client library would not send as given (`Host`).
fn raw(server: &Server, head: &str, body: &str) -> (u16, String, String) {
    use std::io::{Read, Write};
    let addr = server.base.trim_start_matches("http://");
    let mut tcp = std::net::TcpStream::connect(addr).expect("connect");
    tcp.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let head = head.replace("{addr}", addr);
    write!(
        tcp,
        "{head}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("the request");
    let mut text = String::new();
    let _ = tcp.read_to_string(&mut text);
    let (top, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = top
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status: {text:?}"));
    (status, top.to_ascii_lowercase(), rest.to_string())
}

/// The JSON error of a raw answer, which must have `status`.
fn raw_error((status, head, body): (u16, String, String), want: u16) -> String {
    assert_eq!(status, want, "{head}\n{body}");
    assert!(head.contains("content-type: application/json"), "{head}");
    let value: Value =
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("not JSON ({e}): {body:?}"));
    let message = value["error"].as_str().unwrap_or("").to_string();
    assert!(!message.is_empty(), "{body}");
    message
}

#[test]
fn other_sites_and_other_host_names_are_refused() {
    let server = Server::start();
    let game = r#"{"variant": "dual"}"#;
    // A page of another site posts a game as text/plain (no preflight): refused, nothing made.
    let e = raw_error(
        raw(
            &server,
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\n\
             Content-Type: text/plain",
            game,
        ),
        403,
    );
    assert!(e.contains("origin"), "{e}");
    let (s, _) = server.get("/api/games/g1");
    assert_eq!(s, 404, "the refused request made a game");
    // Reading the API from another origin, its preflight, or a request that says it comes from
    // another site without an Origin: refused, and CORS stays closed.
    for (head, body) in [
        (
            "GET /api/variants HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example",
            "",
        ),
        (
            "OPTIONS /api/games HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\n\
             Access-Control-Request-Method: POST",
            "",
        ),
        (
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nOrigin: null",
            game,
        ),
        (
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nSec-Fetch-Site: cross-site",
            game,
        ),
    ] {
        let answer = raw(&server, head, body);
        assert!(!answer.1.contains("access-control-allow"), "{}", answer.1);
        raw_error(answer, 403);
    }
    // DNS rebinding: the server's address under another name.
    let e = raw_error(
        raw(
            &server,
            "POST /api/games HTTP/1.1\r\nHost: evil.example:8080\r\n\
             Content-Type: application/json",
            game,
        ),
        403,
    );
    assert!(e.contains("Host"), "{e}");
    raw_error(
        raw(&server, "GET / HTTP/1.1\r\nHost: rebind.evil.example", ""),
        403,
    );
    let (s, _) = server.get("/api/games/g1");
    assert_eq!(s, 404, "a refused request made a game");
    // This machine's names, and the server's own page (its Origin, or Sec-Fetch-Site).
    let port = server.base.rsplit(':').next().unwrap_or("").to_string();
    for host in ["localhost", "127.0.0.1", "[::1]", "LocalHost"] {
        let (s, head, _) = raw(
            &server,
            &format!("GET /api/variants HTTP/1.1\r\nHost: {host}:{port}"),
            "",
        );
        assert_eq!(s, 200, "{host}: {head}");
    }
    let (s, head, body) = raw(
        &server,
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n\
         Sec-Fetch-Site: same-origin\r\nContent-Type: application/json",
        game,
    );
    assert_eq!(s, 201, "{body}");
    assert!(!head.contains("access-control-allow"), "{head}");
}

#[test]
fn allow_origin_opens_the_api_to_that_origin() {
    let server = Server::start_with(&["--allow-origin", "http://Board.Example:3000"]);
    let game = r#"{"variant": "schachdame"}"#;
    let (s, head, body) = raw(
        &server,
        "OPTIONS /api/games HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://board.example:3000\r\n\
         Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type",
        "",
    );
    assert_eq!(s, 204, "{head}{body}");
    assert!(
        head.contains("access-control-allow-origin: http://board.example:3000"),
        "{head}"
    );
    assert!(
        head.contains("access-control-allow-methods: get, post"),
        "{head}"
    );
    let (s, head, body) = raw(
        &server,
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://board.example:3000\r\n\
         Content-Type: application/json",
        game,
    );
    assert_eq!(s, 201, "{body}");
    assert!(
        head.contains("access-control-allow-origin: http://board.example:3000"),
        "{head}"
    );
    // Only that origin: another port of the same host is another origin.
    raw_error(
        raw(
            &server,
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://board.example:3001\r\n\
             Content-Type: application/json",
            game,
        ),
        403,
    );
    // A bad origin is a usage error.
    for bad in ["*", "board.example", "http://board.example/path"] {
        let out = Command::new(env!("CARGO_BIN_EXE_kurier"))
            .args(["serve", "--port", "0", "--allow-origin", bad])
            .stdin(Stdio::null())
            .output()
            .expect("kurier runs");
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn every_error_is_json() {
    let server = Server::start();
    // A method a route does not take: 405, with its Allow header.
    let e = raw_error(
        raw(&server, "DELETE /api/games HTTP/1.1\r\nHost: {addr}", ""),
        405,
    );
    assert!(e.contains("method not allowed"), "{e}");
    let answer = raw(&server, "GET /api/games HTTP/1.1\r\nHost: {addr}", "");
    assert!(answer.1.contains("allow: post"), "{}", answer.1);
    raw_error(answer, 405);
    raw_error(
        raw(
            &server,
            "POST /api/variants HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json",
            "{}",
        ),
        405,
    );
    // A game id that is not UTF-8, on every kind of route.
    for head in [
        "GET /api/games/%FF HTTP/1.1",
        "GET /api/games/%C3%28/pgn HTTP/1.1",
        "POST /api/games/%FF/move HTTP/1.1",
    ] {
        let e = raw_error(
            raw(
                &server,
                &format!("{head}\r\nHost: {{addr}}\r\nContent-Type: application/json"),
                r#"{"move": "f3-e4"}"#,
            ),
            400,
        );
        assert!(e.contains("game id"), "{e}");
    }
    raw_error(
        raw(&server, "GET /assets/%FF.js HTTP/1.1\r\nHost: {addr}", ""),
        404,
    );
    // No Host at all (HTTP/1.0 allows it; the server does not).
    let (s, _, body) = raw(&server, "GET /api/variants HTTP/1.0", "");
    assert_eq!(s, 400, "{body}");
    assert!(body.contains("\"error\""), "{body}");
}

#[test]
fn hints_and_analyses_are_capped() {
    let server = Server::start();
    // Six hints of 1.5 s at once on six games: four run, two are refused with 429.
    let ids: Vec<String> = (0..6)
        .map(|_| id_of(&server.new_game(json!({"variant": "dual"}))))
        .collect();
    let statuses: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let running: Vec<_> = ids
            .iter()
            .map(|id| {
                let server = &server;
                scope.spawn(move || {
                    server.post(
                        &format!("/api/games/{id}/hint"),
                        json!({"movetime_ms": 1500}),
                    )
                })
            })
            .collect();
        running
            .into_iter()
            .map(|t| t.join().expect("a hint"))
            .collect()
    });
    let refused: Vec<&Value> = statuses
        .iter()
        .filter(|(s, _)| *s == 429)
        .map(|(_, v)| v)
        .collect();
    let codes: Vec<u16> = statuses.iter().map(|(s, _)| *s).collect();
    assert_eq!(refused.len(), 2, "{codes:?}");
    assert!(codes.iter().all(|s| [200, 429].contains(s)), "{codes:?}");
    assert!(refused[0]["error"]
        .as_str()
        .is_some_and(|e| e.contains("hints")));
    // A place is free again once a hint has finished.
    server.ok(
        &format!("/api/games/{}/hint", ids[0]),
        json!({"movetime_ms": 50}),
        200,
    );

    // Four games analyse; a fifth is refused until one stops. A game that analyses already
    // may change its lines.
    for id in &ids[..4] {
        server.ok(&format!("/api/games/{id}/analyze"), json!({}), 200);
    }
    let (s, e) = server.post(&format!("/api/games/{}/analyze", ids[4]), json!({}));
    assert_eq!(s, 429, "{e}");
    assert!(
        e["error"].as_str().is_some_and(|e| e.contains("analyse")),
        "{e}"
    );
    assert_eq!(server.view(&ids[4])["analysis"], false);
    server.ok(
        &format!("/api/games/{}/analyze", ids[0]),
        json!({"multipv": 2}),
        200,
    );
    server.ok(&format!("/api/games/{}/stop", ids[1]), json!({}), 200);
    server.ok(&format!("/api/games/{}/analyze", ids[4]), json!({}), 200);
    for id in &ids {
        server.ok(&format!("/api/games/{id}/stop"), json!({}), 200);
    }
}

#[test]
fn an_analysis_stops_when_its_last_listener_leaves() {
    let server = Server::start();
    let id = id_of(&server.new_game(json!({"variant": "courier"})));
    let mut events = server.events(&id);
    events.until(|name, _| name == "view");
    server.ok(&format!("/api/games/{id}/analyze"), json!({}), 200);
    // Watched, it goes on past the grace.
    std::thread::sleep(Duration::from_millis(3500));
    assert_eq!(server.view(&id)["analysis"], true);
    events.until(|name, _| name == "info");
    drop(events);
    let v = server.wait_for(&id, Duration::from_secs(6), |v| v["analysis"] == false);
    assert_eq!(v["thinking"], false);
    // Nobody ever listening: it stops too.
    server.ok(&format!("/api/games/{id}/analyze"), json!({}), 200);
    server.wait_for(&id, Duration::from_secs(6), |v| v["analysis"] == false);
}

/// A connection that sent part of a request and holds the rest back.
struct Slow {
    tcp: std::net::TcpStream,
    /// What the server answered before it closed.
    answer: Vec<u8>,
    closed: Option<Duration>,
}

/// Opens `n` slow connections: the even ones stop inside the request's head, the odd ones
/// inside its body.
fn slow_connections(server: &Server, n: usize) -> Vec<Slow> {
    use std::io::Write;
    let addr = server.base.trim_start_matches("http://");
    (0..n)
        .map(|i| {
            let mut tcp = std::net::TcpStream::connect(addr).expect("connect");
            let part = if i % 2 == 0 {
                format!("POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Ty")
            } else {
                format!(
                    "POST /api/games HTTP/1.1\r\nHost: {addr}\r\n\
                     Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"vari"
                )
            };
            tcp.write_all(part.as_bytes()).expect("a part of a request");
            tcp.set_nonblocking(true).expect("nonblocking");
            Slow {
                tcp,
                answer: Vec::new(),
                closed: None,
            }
        })
        .collect()
}

/// Reads what the slow connections have, noting when the server closed each.
fn poll_slow(slow: &mut [Slow], since: Instant) -> usize {
    use std::io::Read;
    let mut buffer = [0u8; 4096];
    for c in slow.iter_mut().filter(|c| c.closed.is_none()) {
        loop {
            match c.tcp.read(&mut buffer) {
                Ok(0) => c.closed = Some(since.elapsed()),
                Ok(n) => {
                    c.answer.extend_from_slice(&buffer[..n]);
                    continue;
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(_) => c.closed = Some(since.elapsed()),
            }
            break;
        }
    }
    slow.iter().filter(|c| c.closed.is_some()).count()
}

#[test]
fn slow_connections_are_timed_out() {
    let server = Server::start();
    let start = Instant::now();
    let mut slow = slow_connections(&server, 300);
    // Meanwhile the server answers at once, and drops every slow connection within its header
    // or body timeout (10 s each).
    let mut slowest = Duration::ZERO;
    while poll_slow(&mut slow, start) < slow.len() {
        assert!(
            start.elapsed() < Duration::from_secs(14),
            "{} of {} slow connections still open after {:?}",
            slow.iter().filter(|c| c.closed.is_none()).count(),
            slow.len(),
            start.elapsed()
        );
        let asked = Instant::now();
        let (s, _) = server.get("/api/variants");
        assert_eq!(s, 200);
        slowest = slowest.max(asked.elapsed());
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(slowest < Duration::from_millis(1000), "{slowest:?}");
    let first = slow
        .iter()
        .filter_map(|c| c.closed)
        .min()
        .unwrap_or_default();
    assert!(
        first >= Duration::from_secs(8),
        "closed too soon: {first:?}"
    );
    // A body held back gets its JSON 408; a head held back gets nothing.
    for (i, c) in slow.iter().enumerate() {
        let text = String::from_utf8_lossy(&c.answer);
        if i % 2 == 1 {
            assert!(text.starts_with("HTTP/1.1 408"), "{text}");
            assert!(text.contains("{\"error\":"), "{text}");
        } else {
            assert!(text.is_empty(), "{text}");
        }
    }
}

/// The resident memory of a process in kB (`VmRSS`), on Linux.
fn resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn replacing_games_does_not_grow_the_server() {
    // Each game has a 16 MB hash table; the server keeps 64 games. Replaced 832 times, the
    // tables must go back to the system (it grew to 2.3 GB).
    let server = Server::start();
    let pid = server.child.id();
    let Some(_) = resident_kb(pid) else {
        eprintln!("skipped: no /proc/PID/status here");
        return;
    };
    let create = |i: usize| {
        let variant = ["courier", "schachdame", "dual"][i % 3];
        server.new_game(json!({"variant": variant}));
    };
    (0..64).for_each(create);
    let kept = resident_kb(pid).expect("VmRSS");
    let mut most = kept;
    for i in 64..896 {
        create(i);
        if i % 64 == 0 {
            most = most.max(resident_kb(pid).expect("VmRSS"));
        }
    }
    most = most.max(resident_kb(pid).expect("VmRSS"));
    eprintln!("64 games: {kept} kB; replaced 832 times: at most {most} kB");
    assert!(
        most <= 2 * kept,
        "64 games: {kept} kB; replaced 832 times: {most} kB"
    );
}

#[test]
fn kurier_s_first_move_is_never_lost() {
    // Kurier's search may end before the request that made the game has stored it; its move
    // must still be played (a game stayed `"thinking": true` for ever).
    let server = Server::start();
    for i in 0..300 {
        let variant = ["dual", "schachdame", "courier"][i % 3];
        let v = server.new_game(json!({
            "variant": variant, "white": "engine", "black": "human", "engine": {"depth": 1}
        }));
        server.wait_for(&id_of(&v), Duration::from_secs(10), |w| {
            w["thinking"] == false && w["moves"].as_array().is_some_and(|m| m.len() == 1)
        });
    }
}
