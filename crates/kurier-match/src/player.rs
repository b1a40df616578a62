//! A running engine as the arbiter sees it, whichever protocol it speaks: start it (handshake,
//! options), set up a game, ask for a move, read what its lines mean ([`Reply`]), end the game,
//! quit. The protocol details live in [`super::uci`] and [`super::xboard`].
//!
//! Every wait has a deadline: the handshake [`STARTUP_TIMEOUT`] (XBoard: the protocol's two
//! seconds for `feature done=1`, an hour cut to a minute after `done=0`), synchronisation
//! ([`READY_TIMEOUT`]) and stopping a search at the end of a game ([`STOP_TIMEOUT`]). An engine
//! that misses one is marked for a restart before its next game.

use super::engine::{Process, Recv, QUIT_GRACE};
use super::options::{EngineSpec, Limits, Protocol};
use super::uci::UciState;
use super::xboard::XboardState;
use kurier_rules::game::Color;
use kurier_rules::games::Variant;
use std::time::{Duration, Instant};

/// Longest wait for a UCI engine's `uciok` after `uci`.
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest wait for `readyok` after `isready`, or `pong` after `ping`.
pub const READY_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest wait for a search to end after `stop` (UCI) or `force`/`result` (XBoard).
pub const STOP_TIMEOUT: Duration = Duration::from_secs(5);

/// A score an engine reported for the position it is searching, from its own point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: the engine is being mated).
    Mate(i32),
}

impl EngineScore {
    /// The score in centipawns, mates as ±100000 less the distance.
    pub fn centipawns(self) -> i32 {
        match self {
            EngineScore::Cp(cp) => cp,
            EngineScore::Mate(n) if n > 0 => 100_000 - n,
            EngineScore::Mate(n) => -100_000 - n,
        }
    }
}

/// A score with the depth it was found at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// The score.
    pub score: EngineScore,
    /// Search depth, when reported.
    pub depth: Option<u32>,
}

/// What one line of an engine means to the arbiter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The engine plays this move (text as sent, not yet checked).
    Move(String),
    /// Thinking output with a score.
    Thinking(Thinking),
    /// The engine resigns.
    Resign,
    /// The engine claims a result (`1-0`, `0-1`, `1/2-1/2`) with its comment.
    Claim {
        /// The claimed result.
        result: String,
        /// The engine's reason.
        comment: String,
    },
    /// The engine offers a draw (the runner plays on).
    DrawOffer,
    /// The engine rejected a move it was sent.
    Rejected {
        /// The whole line.
        line: String,
    },
    /// Nothing the arbiter acts on.
    Nothing,
}

/// How a game starts, for one engine.
#[derive(Clone, Debug)]
pub struct GameStart<'a> {
    /// The game.
    pub variant: Variant,
    /// The start position of the game (before any opening moves).
    pub fen: &'a str,
    /// `fen` is Kurier's standard start.
    pub default_start: bool,
    /// The side this engine plays.
    pub color: Color,
    /// This engine's limits.
    pub limits: Limits,
}

/// One side's clock as the engine is told it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReading {
    /// Time left.
    pub left: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next period.
    pub moves_to_go: Option<u32>,
}

/// Everything an engine needs to choose a move.
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    /// The start position and the engine's limits.
    pub start: &'a GameStart<'a>,
    /// Every move since the start, in protocol notation.
    pub moves: &'a [String],
    /// The clocks of White and Black (`None` for a side without a clock).
    pub clocks: [Option<ClockReading>; 2],
}

/// Why a wait ended without the awaited line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitError {
    /// The engine's output ended.
    Eof,
    /// The deadline passed.
    Timeout,
}

/// Reads lines until `wanted` returns a value, the output ends or `timeout` passes; other lines
/// go to `other` (which may answer the engine, e.g. XBoard features).
pub fn wait_for<T>(
    process: &mut Process,
    timeout: Duration,
    mut wanted: impl FnMut(&str) -> Option<T>,
    mut other: impl FnMut(&mut Process, &str),
) -> Result<T, WaitError> {
    let deadline = Instant::now() + timeout;
    loop {
        match process.recv_until(deadline) {
            Recv::Line(line, _) => match wanted(&line) {
                Some(v) => return Ok(v),
                None => other(process, &line),
            },
            Recv::Eof => return Err(WaitError::Eof),
            Recv::Timeout => return Err(WaitError::Timeout),
        }
    }
}

/// Describes a failed wait for `what`.
pub fn wait_error(e: WaitError, what: &str, timeout: Duration) -> String {
    match e {
        WaitError::Eof => format!("the engine exited while the runner waited for {what}"),
        WaitError::Timeout => format!("no {what} within {} s", timeout.as_secs_f64()),
    }
}

/// Why an engine could not be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The process could not be created (no such program, no permission): retrying is useless.
    Spawn(String),
    /// The process started but the handshake failed (it exited, or did not answer in time).
    Handshake(String),
}

enum ProtocolState {
    Uci(UciState),
    Xboard(XboardState),
}

/// A running engine with its protocol state.
pub struct Player {
    spec: EngineSpec,
    process: Process,
    state: ProtocolState,
    thinking: bool,
    broken: bool,
}

impl Player {
    /// Starts the engine of `spec` and completes the handshake: options, the variant, `init`
    /// lines.
    pub fn start(spec: &EngineSpec, variant: Variant) -> Result<Player, StartError> {
        let mut process = Process::spawn(spec).map_err(StartError::Spawn)?;
        let state = match spec.protocol {
            Protocol::Uci => {
                UciState::handshake(&mut process, spec, variant).map(ProtocolState::Uci)
            }
            Protocol::Xboard => {
                XboardState::handshake(&mut process, spec, variant).map(ProtocolState::Xboard)
            }
        };
        let state = match state {
            Ok(s) => s,
            Err(e) => {
                process.kill();
                return Err(StartError::Handshake(e));
            }
        };
        Ok(Player {
            spec: spec.clone(),
            process,
            state,
            thinking: false,
            broken: false,
        })
    }

    /// The spec it was started from.
    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// The name the engine gave itself (`id name`, `myname`), if any.
    pub fn engine_name(&self) -> Option<&str> {
        match &self.state {
            ProtocolState::Uci(s) => s.id_name.as_deref(),
            ProtocolState::Xboard(s) => s.myname.as_deref(),
        }
    }

    /// True when the engine is Kurier with its standard start positions (no `CourierStart`
    /// option given), whose `startpos` is the runner's own.
    pub fn is_kurier(&self) -> bool {
        self.engine_name().is_some_and(|n| n.starts_with("Kurier"))
            && !self
                .spec
                .options
                .iter()
                .any(|(name, _)| name.eq_ignore_ascii_case("CourierStart"))
    }

    /// True when the process must be replaced before the next game: it crashed, hung, missed a
    /// synchronisation, or asked for a fresh process per game.
    pub fn needs_restart(&mut self) -> bool {
        let fresh = self.spec.restart
            || matches!(&self.state, ProtocolState::Xboard(s) if !s.features.reuse);
        self.broken || fresh || self.process.at_eof() || !self.process.is_running()
    }

    /// Marks the process as unusable for further games.
    pub fn mark_broken(&mut self) {
        self.broken = true;
    }

    /// Prepares a new game.
    pub fn new_game(&mut self, start: &GameStart) -> Result<(), String> {
        self.thinking = false;
        self.process.drain();
        let kurier = self.is_kurier();
        let r = match &mut self.state {
            ProtocolState::Uci(s) => s.new_game(&mut self.process),
            ProtocolState::Xboard(s) => s.new_game(&mut self.process, &self.spec, start, kurier),
        };
        if r.is_err() {
            self.broken = true;
        }
        r
    }

    /// Asks for a move; the engine thinks until it answers with [`Reply::Move`].
    pub fn request_move(&mut self, request: &MoveRequest) -> Result<(), String> {
        let kurier = self.is_kurier();
        let r = match &mut self.state {
            ProtocolState::Uci(s) => s.request_move(&mut self.process, request, kurier),
            ProtocolState::Xboard(s) => s.request_move(&mut self.process, request),
        };
        match r {
            Ok(()) => {
                self.thinking = true;
                Ok(())
            }
            Err(e) => {
                self.broken = true;
                Err(e)
            }
        }
    }

    /// The engine's move was accepted: it now knows one more move of the game.
    pub fn moved(&mut self) {
        self.thinking = false;
        if let ProtocolState::Xboard(s) = &mut self.state {
            s.moved();
        }
    }

    /// Waits until `deadline` for the next line.
    pub fn recv_until(&mut self, deadline: Instant) -> Recv {
        self.process.recv_until(deadline)
    }

    /// The next line if one is waiting.
    pub fn try_recv(&mut self) -> Recv {
        self.process.try_recv()
    }

    /// What a line means; may answer the engine (XBoard features).
    pub fn interpret(&mut self, line: &str) -> Reply {
        let reply = match &mut self.state {
            ProtocolState::Uci(s) => s.interpret(line),
            ProtocolState::Xboard(s) => s.interpret(&mut self.process, line),
        };
        if let Reply::Move(_) = reply {
            self.thinking = false;
        }
        reply
    }

    /// Ends the game: stops a running search and tells the engine the result (`1-0` and a
    /// reason). An engine that does not answer in time is marked for a restart.
    pub fn end_game(&mut self, result: &str, comment: &str) {
        if self.broken || self.process.at_eof() {
            // It will be replaced: no point waiting for it to stop.
            self.broken = true;
            self.thinking = false;
            return;
        }
        let thinking = std::mem::take(&mut self.thinking);
        let r = match &mut self.state {
            ProtocolState::Uci(s) => s.end_game(&mut self.process, thinking),
            ProtocolState::Xboard(s) => s.end_game(&mut self.process, result, comment),
        };
        if let Err(e) = r {
            log::warn!("{}: {e}; it will be restarted", self.spec.name);
            self.broken = true;
        }
    }

    /// Asks the engine to quit, then makes sure the process is gone.
    pub fn quit(mut self) {
        if self.broken {
            self.process.kill();
        } else if !self.process.at_eof() {
            let _ = self.process.send("quit");
            self.process.finish(QUIT_GRACE);
        }
    }
}
