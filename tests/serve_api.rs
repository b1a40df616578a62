//! `kurier serve` through its real HTTP API (docs/serve-api.md): the binary is started on a free
//! loopback port (`--port 0`, the port read from its stdout line) and driven with a real HTTP
//! client. A game of each of the three games is played to its result, a Dual-checkers capture of
//! two pieces is set up by FEN and played by its path, the Server-Sent Events are read, the
//! clock falls by itself, and every kind of bad input gets its error with the game unchanged.

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
        let mut child = Command::new(env!("CARGO_BIN_EXE_kurier"))
            .args(["serve", "--port", "0"])
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

    /// The event stream of game `id`.
    fn events(&self, id: &str) -> Events {
        let r = self
            .agent
            .get(format!("{}/api/games/{id}/events", self.base))
            .call()
            .expect("GET events");
        assert_eq!(r.status().as_u16(), 200);
        let kind = r
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        assert!(kind.starts_with("text/event-stream"), "{kind}");
        Events {
            lines: Box::new(BufReader::new(r.into_body().into_reader())),
        }
    }
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
        let r = server
            .agent
            .get(format!("{}/api/games/{id}/pgn", server.base))
            .call()
            .expect("GET pgn");
        let pgn = r.into_body().read_to_string().expect("the PGN");
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
        let r = server
            .agent
            .get(format!("{}/api/games/{id}/pgn", server.base))
            .call()
            .expect("GET pgn");
        assert_eq!(r.status().as_u16(), 200);
        let headers = r.headers().clone();
        assert_eq!(
            headers.get("content-type").and_then(|h| h.to_str().ok()),
            Some("application/x-chess-pgn")
        );
        assert!(headers
            .get("content-disposition")
            .and_then(|h| h.to_str().ok())
            .is_some_and(|h| h.starts_with("attachment")));
        let pgn = r.into_body().read_to_string().expect("the PGN");
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
        let kind = r
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
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
