//! `kurier serve` under load: the measurements of docs/serve-api.md ("Under load"). Ignored by
//! the ordinary test run (each takes a minute or more); run them with
//!
//! ```text
//! cargo test --release --test serve_load -- --ignored --nocapture --test-threads 1
//! ```
//!
//! `KURIER_LOAD_BIN=/path/to/kurier` measures another build (an older one, for the figures
//! before a fix); `KURIER_LOAD_CREATIONS` sets the number of games made (default 10,000).
//!
//! - [`memory_as_games_are_replaced`]: 64 games, then replaced 10,000 times; the server's
//!   resident memory (`VmRSS`) must stay within twice the 64 games' figure.
//! - [`a_thousand_slow_connections`]: 1,000 connections each holding back the rest of a request;
//!   all must be closed by the server's timeouts while fresh requests are answered within 100 ms.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `kurier serve`, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start() -> Server {
        let bin = std::env::var("KURIER_LOAD_BIN")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_kurier").to_string());
        let mut child = Command::new(bin)
            .args(["serve", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("kurier serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the listening line");
        let addr = line
            .trim()
            .trim_start_matches("kurier serve: listening on http://")
            .trim_end_matches('/')
            .to_string();
        Server { child, addr }
    }

    /// The server's resident memory in kB.
    fn resident_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("/proc/PID/status (Linux)");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .expect("VmRSS")
    }
}

/// One request on a kept-alive connection: the status and the body.
fn exchange(
    tcp: &mut BufReader<TcpStream>,
    addr: &str,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
    // One write: a request in pieces waits for the delayed acknowledgement of the first.
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    tcp.get_mut()
        .write_all(request.as_bytes())
        .expect("the request");
    let mut status = 0;
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        tcp.read_line(&mut line).expect("the answer's head");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(s) = line.strip_prefix("HTTP/1.1 ") {
            status = s.get(..3).and_then(|s| s.parse().ok()).unwrap_or(0);
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
    }
    let mut rest = vec![0; length];
    tcp.read_exact(&mut rest).expect("the answer's body");
    (status, String::from_utf8_lossy(&rest).into_owned())
}

fn creations() -> usize {
    std::env::var("KURIER_LOAD_CREATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// How long a game's first search (depth 3) may take before its move counts as lost.
const LOST: Duration = Duration::from_secs(2);

/// Makes the games `range` with `body` (`{variant}` replaced), each game's first search (if
/// any) finished before the next is made, printing the resident memory every `every` games;
/// answers the highest figure seen and the number of games whose first move never came.
fn make_games(
    server: &Server,
    body: &str,
    range: std::ops::Range<usize>,
    every: usize,
) -> (u64, usize) {
    let mut tcp = BufReader::new(TcpStream::connect(&server.addr).expect("connect"));
    let (mut most, mut lost) = (0, 0);
    for i in range {
        let variant = ["courier", "schachdame", "dual"][i % 3];
        let (status, mut view) = exchange(
            &mut tcp,
            &server.addr,
            "POST",
            "/api/games",
            &body.replace("{variant}", variant),
        );
        assert_eq!(status, 201, "game {i}");
        let path = format!("/api/games/g{}", i + 1);
        let asked = Instant::now();
        while view.contains("\"thinking\":true") {
            if asked.elapsed() > LOST {
                lost += 1;
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
            view = exchange(&mut tcp, &server.addr, "GET", &path, "").1;
        }
        if (i + 1) % every == 0 {
            let kb = server.resident_kb();
            most = most.max(kb);
            println!("  {:>6} games made: {:>8} kB", i + 1, kb);
        }
    }
    (most.max(server.resident_kb()), lost)
}

#[test]
#[ignore = "a load measurement (minutes): run with --ignored"]
fn memory_as_games_are_replaced() {
    let n = creations();
    let kinds = [
        (
            "a person against Kurier, nobody moved",
            r#"{"variant": "{variant}"}"#,
        ),
        (
            "Kurier moved first (depth 3)",
            r#"{"variant": "{variant}", "white": "engine", "black": "human", "engine": {"depth": 3}}"#,
        ),
    ];
    let mut failed = Vec::new();
    for (kind, body) in kinds {
        let server = Server::start();
        let at_start = server.resident_kb();
        let (kept, lost_first) = make_games(&server, body, 0..64, 64);
        let started = Instant::now();
        let (most, lost) = make_games(&server, body, 64..n, (n / 10).max(64));
        let lost = lost + lost_first;
        std::thread::sleep(Duration::from_secs(1));
        let last = server.resident_kb();
        println!(
            "{kind}: at start {at_start} kB, 64 games {kept} kB, {n} games made \
             (in {:.1} s): at most {most} kB, at the end {last} kB ({:.2}x the 64 games); \
             first moves lost: {lost}",
            started.elapsed().as_secs_f64(),
            most as f64 / kept as f64
        );
        if most > 2 * kept || lost > 0 {
            failed.push(kind);
        }
    }
    assert!(
        failed.is_empty(),
        "grew past twice the 64 games or lost moves: {failed:?}"
    );
}

/// A connection holding back the rest of its request.
struct Slow {
    tcp: TcpStream,
    answer: Vec<u8>,
    closed: Option<Duration>,
}

#[test]
#[ignore = "a load measurement (half a minute): run with --ignored"]
fn a_thousand_slow_connections() {
    let server = Server::start();
    let addr = server.addr.clone();
    let start = Instant::now();
    let mut slow: Vec<Slow> = (0..1000)
        .map(|i| {
            let mut tcp = TcpStream::connect(&addr).expect("connect");
            let part = if i % 2 == 0 {
                format!("POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Ty")
            } else {
                format!("POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 100\r\n\r\n{{")
            };
            tcp.write_all(part.as_bytes()).expect("a part of a request");
            tcp.set_nonblocking(true).expect("nonblocking");
            Slow {
                tcp,
                answer: Vec::new(),
                closed: None,
            }
        })
        .collect();
    println!("1000 slow connections open in {:?}", start.elapsed());
    let mut times = Vec::new();
    let mut buffer = [0u8; 4096];
    while slow.iter().any(|c| c.closed.is_none()) && start.elapsed() < Duration::from_secs(30) {
        let asked = Instant::now();
        let mut fresh = BufReader::new(TcpStream::connect(&addr).expect("a fresh connection"));
        assert_eq!(
            exchange(&mut fresh, &addr, "GET", "/api/variants", "").0,
            200
        );
        times.push(asked.elapsed());
        for c in slow.iter_mut().filter(|c| c.closed.is_none()) {
            loop {
                match c.tcp.read(&mut buffer) {
                    Ok(0) => c.closed = Some(start.elapsed()),
                    Ok(n) => {
                        c.answer.extend_from_slice(&buffer[..n]);
                        continue;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                    Err(_) => c.closed = Some(start.elapsed()),
                }
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    times.sort();
    let closed: Vec<Duration> = slow.iter().filter_map(|c| c.closed).collect();
    let timed_out_408 = slow
        .iter()
        .filter(|c| c.answer.starts_with(b"HTTP/1.1 408"))
        .count();
    println!(
        "fresh requests: {} answered, median {:?}, slowest {:?}",
        times.len(),
        times[times.len() / 2],
        times[times.len() - 1]
    );
    println!(
        "slow connections closed by the server: {} of 1000 (408 answered: {timed_out_408}), \
         the first after {:?}, the last after {:?}",
        closed.len(),
        closed.iter().min().copied().unwrap_or_default(),
        closed.iter().max().copied().unwrap_or_default()
    );
    assert_eq!(closed.len(), 1000, "slow connections left open");
    assert!(times[times.len() - 1] < Duration::from_millis(100));
}
