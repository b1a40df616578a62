//! A running engine as the arbiter sees it, whichever protocol it speaks: start it (handshake,
//! options), set up a game, ask for a move, read what its lines mean ([`Reply`]), end the game,
//! quit. The protocol details live in [`super::uci_engine`] and [`super::xboard_engine`], the
//! shared vocabulary in [`super::request`] and [`super::reply`].
//!
//! Every wait has a deadline ([`super::process`]): the handshake (XBoard: the protocol's two
//! seconds for `feature done=1`, an hour cut to a minute after `done=0`), synchronisation and
//! stopping a search at the end of a game. An engine that misses one is marked for a restart
//! before its next game.

use super::process::{EngineError, Process, Recv, QUIT_GRACE};
use super::reply::Reply;
use super::request::{GameStart, MoveRequest};
use super::settings::{EngineSpec, Protocol, RestartMode};
use super::uci_engine::UciState;
use super::xboard_engine::XboardState;
use kurier_rules::games::Variant;
use std::time::Instant;

/// Why an engine could not be started.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The process could not be created (no such program, no permission): retrying is useless.
    #[error(transparent)]
    Spawn(EngineError),
    /// The process started but the handshake failed (it exited, or did not answer in time).
    #[error(transparent)]
    Handshake(EngineError),
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
            ProtocolState::Xboard(s) => s.myname(),
        }
    }

    /// True when the process must be replaced before the next game: it crashed, hung, missed a
    /// synchronisation, or asked for a fresh process per game.
    pub fn needs_restart(&mut self) -> bool {
        let fresh = match self.spec.restart {
            RestartMode::On => true,
            RestartMode::Off => false,
            RestartMode::Auto => {
                matches!(&self.state, ProtocolState::Xboard(s) if !s.features.reusable())
            }
        };
        self.broken || fresh || self.process.at_eof() || !self.process.is_running()
    }

    /// Marks the process as unusable for further games.
    pub fn mark_broken(&mut self) {
        self.broken = true;
    }

    /// Prepares a new game.
    pub fn new_game(&mut self, start: &GameStart) -> Result<(), EngineError> {
        self.thinking = false;
        self.process.drain();
        let r = match &mut self.state {
            ProtocolState::Uci(s) => s.new_game(&mut self.process),
            ProtocolState::Xboard(s) => s.new_game(&mut self.process, &self.spec, start),
        };
        if r.is_err() {
            self.broken = true;
        }
        r
    }

    /// Asks for a move; the engine thinks until it answers with [`Reply::Move`].
    pub fn request_move(&mut self, request: &MoveRequest) -> Result<(), EngineError> {
        let r = match &mut self.state {
            ProtocolState::Uci(s) => s.request_move(&mut self.process, request),
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

    /// The reply a pondering UCI engine expects to its last move (`bestmove X ponder Y`), when
    /// its spec asks for pondering. XBoard engines ponder on their own (`hard`).
    pub fn ponder_move(&self) -> Option<&str> {
        match &self.state {
            ProtocolState::Uci(s) if self.spec.ponder => s.ponder_move.as_deref(),
            _ => None,
        }
    }

    /// Starts a ponder search on `request` (its moves end with the engine's own move and the
    /// reply it expects). UCI only; nothing for XBoard.
    pub fn start_ponder(&mut self, request: &MoveRequest) -> Result<(), EngineError> {
        let ProtocolState::Uci(s) = &mut self.state else {
            return Ok(());
        };
        match s.start_ponder(&mut self.process, request) {
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
            ProtocolState::Uci(s) => {
                let pondering = s.is_pondering();
                let reply = s.interpret(line);
                if pondering && !s.is_pondering() {
                    // The ponder search ended on its own: nothing runs now.
                    self.thinking = false;
                }
                reply
            }
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
            let quit = match self.spec.protocol {
                Protocol::Uci => kurier_wire::uci::UciCommand::Quit.to_string(),
                Protocol::Xboard => kurier_wire::xboard::XboardCommand::Quit.to_string(),
            };
            let _ = self.process.send(quit);
            self.process.finish(QUIT_GRACE);
        }
    }
}
