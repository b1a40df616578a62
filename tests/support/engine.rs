//! The real `kurier` binary as a child process, driven line by line the way a GUI drives it:
//! every read has a timeout, so a hung engine fails the test instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything the engine wrote so far, one entry per line.
    pub seen: Vec<String>,
    /// What the engine wrote on stderr, when it has exited (see [`Engine::finish`]).
    stderr: Receiver<String>,
}

impl Engine {
    /// The engine's process id.
    #[allow(dead_code)] // Not every test file that includes this module asks for it.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Starts `kurier` with `args` and the environment variables `env`.
    pub fn start_with(args: &[&str], env: &[(&str, &str)]) -> Engine {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_kurier"));
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .env_remove("KURIER_CONFIG")
            .env_remove("RUST_LOG");
        // Run where no engine.toml lies, unless the test says otherwise.
        cmd.current_dir(std::env::temp_dir());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("kurier starts");
        let stdout = child.stdout.take().expect("stdout");
        let errors = child.stderr.take().expect("stderr");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let (etx, stderr) = channel();
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = std::io::Read::read_to_string(&mut BufReader::new(errors), &mut text);
            let _ = etx.send(text);
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            stderr,
        }
    }

    /// Starts `kurier` in protocol mode.
    pub fn start() -> Engine {
        Engine::start_with(&[], &[])
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes (for invalid UTF-8 and over-long lines).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Reads lines until one satisfies `done`; returns the lines read, that one last. Panics
    /// (with everything seen) when `timeout` passes first or the engine closes stdout.
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no expected line within {timeout:?}; got:\n{}",
                    self.seen.join("\n")
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "the engine closed its output; got:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }

    /// Reads until a line equal to `line`.
    pub fn expect(&mut self, line: &str, timeout: Duration) -> Vec<String> {
        self.until(timeout, |l| l == line)
    }

    /// Reads until a line starting with `prefix`; returns that line.
    pub fn expect_prefix(&mut self, prefix: &str, timeout: Duration) -> String {
        let got = self.until(timeout, |l| l.starts_with(prefix));
        got.last().cloned().unwrap_or_default()
    }

    /// UCI: `isready` answered with `readyok` — the engine is alive and caught up.
    pub fn sync_uci(&mut self) -> Vec<String> {
        self.send("isready");
        self.expect("readyok", Duration::from_secs(10))
    }

    /// XBoard: `ping N` answered with `pong N`.
    pub fn sync_xboard(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        self.expect(&format!("pong {n}"), Duration::from_secs(30))
    }

    /// Closes stdin and waits (at most 10 s) for the engine to exit; returns its stderr.
    pub fn finish(mut self) -> String {
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => break,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => {
                    let _ = self.child.kill();
                    panic!("the engine did not exit after its input closed");
                }
            }
        }
        self.stderr
            .recv_timeout(Duration::from_secs(5))
            .unwrap_or_default()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
