//! An engine's child process: spawned with its arguments and working directory, stdout read line
//! by line on a thread that time-stamps each line and passes it through a channel, stderr logged,
//! and the process killed and reaped when dropped — the runner never leaves a zombie and never
//! blocks on a read. Every wait has a deadline ([`Process::wait_for`] and the timeouts here); an
//! engine that misses one is marked for a restart before its next game.
//!
//! On Unix each engine is the leader of a process group of its own: a Ctrl-C at the terminal
//! (which signals the foreground group) reaches the runner only, and a kill reaches the whole
//! group, so the helpers of an engine started through a wrapper script die with it. Every
//! running engine is also listed here, so that [`kill_all`] can end them all from the signal
//! thread when the runner must stop at once ([`super::interrupt`]).

use super::settings::EngineSpec;
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

/// How long a process may take to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(500);
/// Longest wait for a UCI engine's `uciok` after `uci`.
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest wait for `readyok` after `isready`, or `pong` after `ping`.
pub const READY_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest wait for a search to end after `stop` (UCI) or `force`/`result` (XBoard).
pub const STOP_TIMEOUT: Duration = Duration::from_secs(5);

/// Why talking to an engine failed.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started (no such program, no permission): retrying is useless.
    #[error("cannot start '{program}'{place}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// ` in DIR` when a working directory was given.
        place: String,
        /// Why.
        source: std::io::Error,
    },
    /// The pipes or the reader threads could not be set up.
    #[error("cannot start the engine's reader: {0}")]
    Setup(String),
    /// The engine's input is gone.
    #[error("the engine's input is closed")]
    Closed,
    /// A line could not be written.
    #[error("cannot write to the engine: {0}")]
    Write(std::io::Error),
    /// The engine's output ended while the runner waited for `what`.
    #[error("the engine exited while the runner waited for {what}")]
    Exited {
        /// What the runner waited for.
        what: String,
    },
    /// The engine did not answer in time.
    #[error("no {what} within {} s", timeout.as_secs_f64())]
    Timeout {
        /// What the runner waited for.
        what: String,
        /// How long it waited.
        timeout: Duration,
    },
    /// A position the engine cannot be given.
    #[error("{0}")]
    Position(String),
}

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

/// Every engine process started and not yet reaped, for [`kill_all`].
static RUNNING: Mutex<Vec<Weak<Mutex<Child>>>> = Mutex::new(Vec::new());

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills `child` and its process group unless it has been reaped, then reaps it. The group is
/// signalled only while the leader is unreaped: its id cannot have been given to another
/// process then.
fn end(name: &str, child: &mut Child) {
    if let Ok(None) = child.try_wait() {
        log::debug!("{name}: killing pid {} and its group", child.id());
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(child.id()) {
            let _ = nix::sys::signal::killpg(
                nix::unistd::Pid::from_raw(pid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
        let _ = child.kill();
    }
    // Reaping after a kill returns at once; the reader threads end when the pipes close.
    let _ = child.wait();
}

/// Kills and reaps every engine process still running (the second signal: the runner exits
/// right after).
pub fn kill_all() {
    let running = lock(&RUNNING);
    for child in running.iter().filter_map(Weak::upgrade) {
        end("engine", &mut lock(&child));
    }
}

/// A running engine process.
pub struct Process {
    name: String,
    child: Arc<Mutex<Child>>,
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
    pub fn spawn(spec: &EngineSpec) -> Result<Process, EngineError> {
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
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn().map_err(|source| EngineError::Spawn {
            program: program.display().to_string(),
            place: spec
                .dir
                .as_ref()
                .map(|d| format!(" in {}", d.display()))
                .unwrap_or_default(),
            source,
        })?;
        let (tx, rx) = mpsc::channel();
        let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Setup("no pipes".to_string()));
        };
        let name = spec.name.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("{name} stdout"))
            .spawn(move || {
                for line in kurier_wire::lines(std::io::BufReader::new(stdout)) {
                    let line = match line {
                        Ok(line) => line,
                        // No prefix of an over-long line is taken for a reply.
                        Err(e @ kurier_wire::lines::LineError::TooLong { .. }) => {
                            log::warn!("engine stdout: {e}");
                            continue;
                        }
                        Err(_) => break,
                    };
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
            return Err(EngineError::Setup(e.to_string()));
        }
        log::debug!("{name}: started pid {}", child.id());
        let stdin = child.stdin.take();
        let child = Arc::new(Mutex::new(child));
        {
            let mut running = lock(&RUNNING);
            running.retain(|c| c.strong_count() > 0);
            running.push(Arc::downgrade(&child));
        }
        Ok(Process {
            name,
            stdin,
            child,
            rx,
            eof: false,
        })
    }

    /// The engine's name (for messages).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sends one line (a command's text). An error means the engine is gone.
    pub fn send(&mut self, line: impl fmt::Display) -> Result<(), EngineError> {
        let line = line.to_string();
        log::debug!("{} < {line}", self.name);
        let stdin = self.stdin.as_mut().ok_or(EngineError::Closed)?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(EngineError::Write)
    }

    /// Reads lines until `wanted` returns a value, the output ends or `timeout` passes (the
    /// error names `what` was awaited); other lines go to `other`, which may answer the engine
    /// (late XBoard features).
    pub fn wait_for<T>(
        &mut self,
        what: &str,
        timeout: Duration,
        mut wanted: impl FnMut(&str) -> Option<T>,
        mut other: impl FnMut(&mut Process, &str),
    ) -> Result<T, EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.recv_until(deadline) {
                Recv::Line(line, _) => match wanted(&line) {
                    Some(v) => return Ok(v),
                    None => other(self, &line),
                },
                Recv::Eof => {
                    return Err(EngineError::Exited {
                        what: what.to_string(),
                    })
                }
                Recv::Timeout => {
                    return Err(EngineError::Timeout {
                        what: what.to_string(),
                        timeout,
                    })
                }
            }
        }
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

    /// The process id.
    pub fn id(&self) -> u32 {
        lock(&self.child).id()
    }

    /// True while the process runs.
    pub fn is_running(&mut self) -> bool {
        matches!(lock(&self.child).try_wait(), Ok(None))
    }

    /// Waits up to `grace` for the process to exit on its own (after `quit`), then kills it.
    pub fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            let exited = lock(&self.child).try_wait();
            match exited {
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

    /// Kills the process (with its process group) and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        end(&self.name, &mut lock(&self.child));
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}
