//! An engine's child process: spawned with its arguments and working directory, stdout read line
//! by line on a thread that time-stamps each line and passes it through a channel, stderr logged,
//! and the process killed and reaped when dropped — the runner never leaves a zombie and never
//! blocks on a read.

use super::options::EngineSpec;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// How long a process may take to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(500);

/// What the reader thread saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// A line (without its line break), decoded leniently.
    Line(String),
    /// End of output: the process closed stdout or exited.
    Eof,
}

/// One thing the engine said, and when the runner read it.
#[derive(Clone, Debug)]
pub struct Event {
    /// When the line was read.
    pub at: Instant,
    /// The line or the end of output.
    pub output: Output,
}

/// The result of waiting for the engine's next line.
#[derive(Clone, Debug)]
pub enum Recv {
    /// A line, read at the instant given.
    Line(String, Instant),
    /// The engine closed its output: it exited or crashed.
    Eof,
    /// Nothing came before the deadline.
    Timeout,
}

/// A running engine process.
pub struct Process {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    eof: bool,
}

/// The program to run: a relative path with a `/` is taken relative to the working directory.
fn program_path(spec: &EngineSpec) -> PathBuf {
    let program = PathBuf::from(&spec.cmd[0]);
    match &spec.dir {
        Some(dir) if program.is_relative() && spec.cmd[0].contains('/') => dir.join(program),
        _ => program,
    }
}

impl Process {
    /// Starts the engine of `spec`.
    pub fn spawn(spec: &EngineSpec) -> Result<Process, String> {
        let program = program_path(spec);
        let mut command = Command::new(&program);
        command
            .args(&spec.cmd[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| {
            format!(
                "cannot start '{}'{}: {e}",
                program.display(),
                spec.dir
                    .as_ref()
                    .map(|d| format!(" in {}", d.display()))
                    .unwrap_or_default()
            )
        })?;
        let (tx, rx) = mpsc::channel();
        let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("the engine's pipes could not be opened".to_string());
        };
        let name = spec.name.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("{name} stdout"))
            .spawn(move || {
                for line in kurier_wire::lines(std::io::BufReader::new(stdout)) {
                    let Ok(line) = line else { break };
                    let event = Event {
                        at: Instant::now(),
                        output: Output::Line(line),
                    };
                    if tx.send(event).is_err() {
                        return;
                    }
                }
                let _ = tx.send(Event {
                    at: Instant::now(),
                    output: Output::Eof,
                });
            });
        let err_name = name.clone();
        let spawned_err = std::thread::Builder::new()
            .name(format!("{name} stderr"))
            .spawn(move || {
                for line in kurier_wire::lines(std::io::BufReader::new(stderr)) {
                    let Ok(line) = line else { break };
                    log::debug!("{err_name} stderr: {line}");
                }
            });
        if let Err(e) = spawned.and(spawned_err) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("cannot start a reader thread: {e}"));
        }
        log::debug!("{name}: started pid {}", child.id());
        Ok(Process {
            name,
            stdin: child.stdin.take(),
            child,
            rx,
            eof: false,
        })
    }

    /// The engine's name (for messages).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sends one line. An error means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        log::debug!("{} < {line}", self.name);
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| "the engine's input is closed".to_string())?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("cannot write to the engine: {e}"))
    }

    /// True once the engine's output has ended.
    pub fn at_eof(&self) -> bool {
        self.eof
    }

    fn received(&mut self, event: Event) -> Recv {
        match event.output {
            Output::Line(line) => {
                log::debug!("{} > {line}", self.name);
                Recv::Line(line, event.at)
            }
            Output::Eof => {
                log::debug!("{}: end of output", self.name);
                self.eof = true;
                Recv::Eof
            }
        }
    }

    /// Waits until `deadline` for the next line.
    pub fn recv_until(&mut self, deadline: Instant) -> Recv {
        if self.eof {
            return Recv::Eof;
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(wait) {
            Ok(event) => self.received(event),
            Err(RecvTimeoutError::Timeout) => Recv::Timeout,
            Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                Recv::Eof
            }
        }
    }

    /// The next line if one is waiting.
    pub fn try_recv(&mut self) -> Recv {
        if self.eof {
            return Recv::Eof;
        }
        match self.rx.try_recv() {
            Ok(event) => self.received(event),
            Err(TryRecvError::Empty) => Recv::Timeout,
            Err(TryRecvError::Disconnected) => {
                self.eof = true;
                Recv::Eof
            }
        }
    }

    /// Throws away every line already received (stale output of an earlier game).
    pub fn drain(&mut self) {
        while let Recv::Line(..) = self.try_recv() {}
    }

    /// True while the process runs.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits up to `grace` for the process to exit on its own (after `quit`), then kills it.
    pub fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    log::debug!("{}: exited with {status}", self.name);
                    return;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        self.kill();
    }

    /// Kills the process and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            log::debug!("{}: killing pid {}", self.name, self.child.id());
            let _ = self.child.kill();
        }
        // Reaping after a kill returns at once; the reader threads end when the pipes close.
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}
