//! The engine's UCI session (with the Fairy-Stockfish conventions for variants): `uci`,
//! `isready`, `setoption` (every option of [`crate::options`]: `UCI_Variant`, `Hash`, `Threads`,
//! `Ponder`, `MultiPV`, `Move Overhead`, `CourierStart`, `LogLevel`), `ucinewgame`,
//! `position startpos|fen ... [moves ...]`, `go` with every limit (`depth`, `nodes`, `movetime`,
//! `wtime`/`btime`/`winc`/`binc`/`movestogo`, `infinite`, `ponder`, `searchmoves`, `mate`) and
//! `go perft N`, `stop`, `ponderhit`, `d`, `quit`. The search runs on its own thread; the loop
//! keeps reading.
//!
//! Every line is read into a [`UciCommand`] and every answer written as a [`UciReply`]
//! (`kurier_wire::uci`); errors are answered with `info string error: ...` and the session goes
//! on.

use super::engine_options::{self, Effects};
use super::output::Output;
use super::session::AnyRecord;
use super::thinker::Thinker;
use super::ENGINE_NAME;
use crate::options::{Opt, Options};
use crate::search::{Clock, Info, Limits};
use kurier_rules::game::Color;
use kurier_rules::games::Variant;
use kurier_wire::uci::{Go, UciCommand, UciError, UciInfo, UciReply};
use std::time::Duration;

/// The `info` line of a search report.
pub fn info_reply(info: &Info) -> UciReply {
    UciReply::Info(Box::new(UciInfo {
        depth: Some(info.depth),
        seldepth: Some(info.seldepth),
        multipv: Some(info.multipv.max(1)),
        score: Some(info.score),
        nodes: Some(info.nodes),
        nps: Some(info.nps),
        hashfull: Some(info.hashfull),
        time: Some(info.time),
        pv: info.pv.clone(),
        ..UciInfo::default()
    }))
}

/// A UCI session.
pub struct UciSession {
    record: AnyRecord,
    thinker: Thinker,
    options: Options,
    out: Output,
    /// The running search waits for `stop` (`go infinite`, `go ponder`).
    endless: bool,
}

impl UciSession {
    /// A session playing the configured variant from its start.
    pub fn new(options: &Options, out: Output) -> Self {
        UciSession {
            record: AnyRecord::start_with(options.variant, options.courier_array()),
            thinker: Thinker::new(options.hash_mb, options.threads),
            options: options.clone(),
            out,
            endless: false,
        }
    }

    /// Answers `first` (the `uci` line), then every further line until `quit` or end of input.
    pub fn run(
        mut self,
        first: &str,
        lines: impl Iterator<Item = std::io::Result<String>>,
    ) -> std::io::Result<()> {
        self.handle(first)?;
        for line in lines {
            if !self.handle(&line?)? {
                // quit: a running search stops and still answers.
                self.thinker.stop();
                return Ok(());
            }
        }
        // End of input (a script piped in): a finite search is allowed to finish.
        if self.endless {
            self.thinker.stop();
        } else {
            self.thinker.wait();
        }
        Ok(())
    }

    fn say(&self, reply: UciReply) -> std::io::Result<()> {
        self.out.line(reply)
    }

    fn error(&self, text: impl std::fmt::Display) -> std::io::Result<()> {
        self.say(UciReply::InfoString(format!("error: {text}")))
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> std::io::Result<bool> {
        match line.parse::<UciCommand>() {
            Ok(command) => self.command(command),
            Err(UciError::Empty) => Ok(true),
            Err(e @ UciError::Go(_)) => {
                self.search(Err(e.to_string()))?;
                Ok(true)
            }
            Err(e) => {
                // A refused `position` or `go perft` still ends the search running.
                if matches!(e, UciError::Position | UciError::PerftDepth(_)) {
                    self.thinker.stop();
                }
                self.error(e)?;
                Ok(true)
            }
        }
    }

    fn command(&mut self, command: UciCommand) -> std::io::Result<bool> {
        match command {
            UciCommand::Uci => {
                self.say(UciReply::IdName(ENGINE_NAME.to_string()))?;
                self.say(UciReply::IdAuthor("the Kurier developers".to_string()))?;
                for opt in Opt::ALL {
                    let option = engine_options::uci_option(&self.options, opt);
                    self.say(UciReply::Option(option))?;
                }
                self.say(UciReply::UciOk)?;
            }
            UciCommand::IsReady => self.say(UciReply::ReadyOk)?,
            UciCommand::SetOption { name, value } => {
                match self.options.set(&name, value.as_deref().unwrap_or("")) {
                    Ok(opt) => {
                        let options = self.options.clone();
                        engine_options::apply(opt, &options, self)?;
                    }
                    Err(e) => self.error(e)?,
                }
            }
            UciCommand::UciNewGame => {
                self.thinker.clear();
                self.record =
                    AnyRecord::start_with(self.record.variant(), self.options.courier_array());
            }
            UciCommand::Position { fen, moves } => {
                self.thinker.stop();
                if let Err(e) = self.position(fen.as_deref(), &moves) {
                    self.error(e)?;
                }
            }
            UciCommand::Go(go) => {
                let limits = self.limits(&go);
                self.search(limits)?;
            }
            UciCommand::Perft(depth) => self.perft(depth)?,
            UciCommand::Stop => self.thinker.stop(),
            UciCommand::PonderHit => self.thinker.ponderhit(),
            UciCommand::Display => {
                self.say(UciReply::InfoString(format!("fen {}", self.record.fen())))?
            }
            UciCommand::Debug(_) | UciCommand::Register(_) => {}
            UciCommand::Quit => return Ok(false),
        }
        Ok(true)
    }

    fn position(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), super::session::RecordError> {
        let variant = self.record.variant();
        let mut record = match fen {
            None => AnyRecord::start_with(variant, self.options.courier_array()),
            Some(fen) => AnyRecord::from_fen(variant, fen)?,
        };
        for mv in moves {
            record.play_text(mv)?;
        }
        // Only a fully valid command changes the position.
        self.record = record;
        Ok(())
    }

    /// The search limits of `go`; the clock is the side to move's.
    fn limits(&self, go: &Go) -> Result<Limits, String> {
        let mut limits = Limits {
            multipv: self.options.multipv,
            ponder: go.ponder,
            ..Limits::from(&go.limits)
        };
        if let Some(moves) = &go.searchmoves {
            limits.root_moves = Some(self.record.move_ids(moves).map_err(|e| e.to_string())?);
        }
        let white = self.record.side_to_move() == Color::White;
        if let Some((time_left, increment)) = go.clock(white) {
            limits.clock = Some(Clock {
                time_left,
                increment,
                moves_to_go: go.movestogo,
                overhead: Duration::from_millis(self.options.move_overhead_ms),
            });
        }
        Ok(limits)
    }

    /// `go perft N`: `move: count` per root move, then `Nodes searched: N`, as Fairy-Stockfish.
    fn perft(&mut self, depth: u32) -> std::io::Result<()> {
        self.thinker.stop();
        let split = self.record.divide(depth, 1);
        for (mv, nodes) in &split {
            self.say(UciReply::PerftMove {
                mv: mv.clone(),
                nodes: *nodes,
            })?;
        }
        self.say(UciReply::Blank)?;
        let total: u64 = if depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        };
        self.say(UciReply::PerftTotal(total))
    }

    /// Starts a search with `limits`; a `go` that could not be read searches without limits
    /// until `stop`, after saying why.
    fn search(&mut self, limits: Result<Limits, String>) -> std::io::Result<()> {
        let limits = match limits {
            Ok(l) => l,
            Err(e) => {
                self.error(format!("{e}; searching without limits"))?;
                Limits {
                    infinite: true,
                    ..Limits::default()
                }
            }
        };
        self.endless = limits.infinite || limits.ponder;
        let (info_out, done_out) = (self.out.clone(), self.out.clone());
        self.thinker.start(
            self.record.clone(),
            limits,
            move |info| {
                let _ = info_out.line(info_reply(info));
            },
            move |answer| {
                let reply = match answer.best {
                    Some(best) => UciReply::BestMove {
                        best,
                        ponder: answer.ponder,
                    },
                    None => UciReply::BestMove {
                        best: "0000".to_string(),
                        ponder: None,
                    },
                };
                let _ = done_out.line(reply);
                None
            },
        );
        Ok(())
    }
}

impl Effects for UciSession {
    fn stop_search(&mut self) {
        self.thinker.stop();
    }

    fn thinker(&mut self) -> &mut Thinker {
        &mut self.thinker
    }

    fn restart_game(&mut self, variant: Variant) -> std::io::Result<()> {
        self.thinker.stop();
        self.record = AnyRecord::start_with(variant, self.options.courier_array());
        // As Fairy-Stockfish does, name the variant and its start.
        self.say(UciReply::VariantStart {
            variant: variant.to_string(),
            fen: self.record.fen(),
        })
    }

    /// UCI pondering is the GUI's `go ponder`: nothing runs on its own.
    fn stop_pondering(&mut self) {}
}
