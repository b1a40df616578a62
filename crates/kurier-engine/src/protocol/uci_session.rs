//! The engine's UCI session (with the Fairy-Stockfish conventions for variants): `uci`,
//! `isready`, `setoption` (every option of [`crate::options`]: `UCI_Variant`, `Hash`, `Threads`,
//! `Ponder`, `MultiPV`, `Move Overhead`, `CourierStart`, `LogLevel`, `XBoardShortCaptures`, `UseNNUE`),
//! `ucinewgame`,
//! `position startpos|fen ... [moves ...]`, `go` with every limit (`depth`, `nodes`, `movetime`,
//! `wtime`/`btime`/`winc`/`binc`/`movestogo`, `infinite`, `ponder`, `searchmoves`, `mate`) and
//! `go perft N`, `stop`, `ponderhit`, `d`, `quit`. The search and perft run on their own
//! thread; the loop keeps reading, so `isready`, `stop` and `quit` are answered at once.
//!
//! Every line is read into a [`UciCommand`] and every answer written as a [`UciReply`]
//! (`kurier_wire::uci`); errors are answered with `info string error: ...` and the session goes
//! on. A `go` with bad arguments still searches, never without limit: what could be read of it
//! applies (a value too large for its field as the largest), and when that bounds nothing, the
//! search gets [`FALLBACK_MOVETIME`]; the `info string error` says which. Only `go infinite`
//! and `go ponder` (and a bare `go`) search until `stop`.

use super::engine_options::{self, Effects, Notice};
use super::output::Output;
use super::session::AnyRecord;
use super::thinker::Thinker;
use super::ENGINE_NAME;
use crate::options::{Opt, Options};
use crate::search::{Clock, Info, LagMeter, Limits, MAX_PLY};
use kurier_rules::game::Color;
use kurier_rules::games::Variant;
use kurier_rules::perft;
use kurier_wire::lines::LineError;
use kurier_wire::uci::{Go, GoError, UciCommand, UciError, UciInfo, UciReply};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The search of a `go` whose arguments could not be read and bound nothing: short enough that
/// a GUI's clock survives it, long enough for a sensible move.
pub const FALLBACK_MOVETIME: Duration = Duration::from_millis(1000);

/// The `info` line of a search report.
pub fn info_reply(info: &Info) -> UciReply {
    UciReply::Info(Box::new(UciInfo {
        depth: Some(info.depth),
        seldepth: Some(info.seldepth),
        multipv: Some(info.multipv.max(1)),
        score: Some(info.score),
        bound: info.bound,
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
    /// Said after the next `uciok`: the table at start is not the size asked for.
    start_notice: Option<Notice>,
    /// The job last started is a perft (`go perft`), perhaps still running.
    perft_running: bool,
    /// The lag of the moves so far, read from the clocks of `go` (the search thread records
    /// how long each search took).
    lag: Arc<Mutex<LagMeter>>,
}

impl UciSession {
    /// A session playing the configured variant from its start.
    pub fn new(options: &Options, out: Output) -> Self {
        let mut thinker = Thinker::new(options.hash_mb, options.threads);
        let granted = thinker.hash_mb();
        let net_notice = engine_options::start_net(options, &mut thinker);
        let start_notice =
            engine_options::hash_notice(options.hash_mb, &Ok(granted), granted).or(net_notice);
        UciSession {
            record: AnyRecord::start_with(options.variant, options.courier_array(false)),
            thinker,
            options: Options {
                hash_mb: granted,
                ..options.clone()
            },
            out,
            endless: false,
            start_notice,
            perft_running: false,
            lag: Arc::default(),
        }
    }

    /// Answers `first` (the `uci` line), then every further line until `quit` or end of input.
    pub fn run(
        mut self,
        first: &str,
        lines: impl Iterator<Item = Result<String, LineError>>,
    ) -> std::io::Result<()> {
        self.handle(first)?;
        for line in lines {
            let line = match line {
                Ok(line) => line,
                Err(LineError::Io(e)) => return Err(e),
                Err(e @ LineError::TooLong { .. }) => {
                    self.error(e)?;
                    continue;
                }
            };
            if !self.handle(&line)? {
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
        let parsed = line.parse::<UciCommand>();
        // While a perft runs, `isready` is answered and `stop` and `quit` end it at once; any
        // other command waits for its counts (as a script of `go perft` and `position` lines
        // expects), where it would stop a search.
        if self.perft_running
            && !matches!(
                parsed,
                Ok(UciCommand::IsReady | UciCommand::Stop | UciCommand::Quit)
                    | Err(UciError::Empty)
            )
        {
            self.thinker.wait();
            self.perft_running = false;
        }
        match parsed {
            Ok(command) => self.command(command),
            Err(UciError::Empty) => Ok(true),
            Err(UciError::Go { go, problems }) => {
                self.go(&go, problems)?;
                Ok(true)
            }
            Err(e) => {
                // A refused `position` still ends the search running.
                if matches!(e, UciError::Position) {
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
                if let Some(notice) = self.start_notice.take() {
                    self.notify(notice)?;
                }
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
                self.lag().new_game();
                self.record =
                    AnyRecord::start_with(self.record.variant(), self.options.courier_array(false));
            }
            UciCommand::Position { fen, moves } => {
                self.thinker.stop();
                if let Err(e) = self.position(fen.as_deref(), &moves) {
                    self.error(e)?;
                }
            }
            UciCommand::Go(go) => self.go(&go, Vec::new())?,
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
            None => AnyRecord::start_with(variant, self.options.courier_array(false)),
            Some(fen) => AnyRecord::from_fen(variant, fen)?,
        };
        for mv in moves {
            record.play_text(mv)?;
        }
        // Only a fully valid command changes the position.
        self.record = record;
        Ok(())
    }

    /// The search limits of `go`; the clock is the side to move's. What cannot be used as
    /// given is said, with what is done instead: a `searchmoves` move that is not legal in
    /// `errors`, a depth beyond the search's in `notes`.
    fn limits(&self, go: &Go, errors: &mut Vec<String>, notes: &mut Vec<String>) -> Limits {
        let mut limits = Limits {
            multipv: self.options.multipv,
            ponder: go.ponder,
            ..Limits::from(&go.limits)
        };
        if let Some(moves) = &go.searchmoves {
            match self.record.move_ids(moves) {
                Ok(ids) => limits.root_moves = Some(ids),
                Err(e) => errors.push(format!("searchmoves: {e}; searching every move")),
            }
        }
        // (A mate depth is bounded where it is made, `Limits::from`.)
        if let Some(depth) = go.limits.depth.filter(|&d| d as usize > MAX_PLY) {
            if go.limits.mate.is_none() {
                notes.push(format!(
                    "depth {depth} is beyond the deepest search ({MAX_PLY} plies); searching as deep as it goes"
                ));
                limits.depth = Some(MAX_PLY as u32);
            }
        }
        let white = self.record.side_to_move() == Color::White;
        if let Some((time_left, increment)) = go.clock(white) {
            let clock = Clock {
                time_left,
                increment,
                moves_to_go: go.movestogo,
                overhead: Duration::from_millis(self.options.move_overhead_ms),
            };
            // The configured overhead, or the lag measured on this machine when larger.
            let overhead = self.lag().overhead(&clock);
            limits.clock = Some(Clock { overhead, ..clock });
        }
        limits
    }

    /// `go`, read as far as it could be (`problems`: what was wrong with the line). A line with
    /// problems never searches without limit: when what was read bounds nothing, it searches
    /// [`FALLBACK_MOVETIME`]. Every problem is said in one `info string error` line.
    fn go(&mut self, go: &Go, problems: Vec<GoError>) -> std::io::Result<()> {
        let left_out = problems.iter().any(|p| !p.clamped());
        let mut said: Vec<String> = problems.iter().map(ToString::to_string).collect();
        let mut notes = Vec::new();
        let mut limits = self.limits(go, &mut said, &mut notes);
        if problems.iter().any(|p| p.key() == "depth") {
            // Already said: the depth given is out of range.
            notes.clear();
        }
        let bounded = limits.infinite
            || limits.ponder
            || limits.depth.is_some()
            || limits.nodes.is_some()
            || limits.movetime.is_some()
            || limits.clock.is_some();
        if !said.is_empty() {
            let rest = if !bounded {
                limits.movetime = Some(FALLBACK_MOVETIME);
                format!("; searching {} ms instead", FALLBACK_MOVETIME.as_millis())
            } else if left_out {
                "; the rest of the line applies".to_string()
            } else {
                String::new()
            };
            self.error(format!("go: {}{rest}", said.join("; ")))?;
        }
        for note in notes {
            self.say(UciReply::InfoString(format!("go: {note}")))?;
        }
        self.search(limits)
    }

    /// `go perft N`: `move: count` per root move, then `Nodes searched: N`, as Fairy-Stockfish;
    /// on the search thread, so `isready` is answered meanwhile and `stop` or `quit` ends it at
    /// once (other commands wait for it, [`UciSession::handle`]). A stopped perft says `info string perft stopped` and prints no counts: the ones
    /// finished so far would read as a complete, wrong result.
    fn perft(&mut self, depth: u32) -> std::io::Result<()> {
        self.thinker.stop();
        if let Err(e) = perft::check_depth(depth) {
            return self.error(e);
        }
        self.endless = false;
        self.perft_running = true;
        let out = self.out.clone();
        self.thinker
            .start_perft(self.record.clone(), depth, move |split| {
                let Some(split) = split else {
                    let _ = out.line(UciReply::InfoString("perft stopped".to_string()));
                    return;
                };
                for (mv, nodes) in &split {
                    let _ = out.line(UciReply::PerftMove {
                        mv: mv.clone(),
                        nodes: *nodes,
                    });
                }
                let _ = out.line(UciReply::Blank);
                let total: u64 = if depth == 0 {
                    1
                } else {
                    split.iter().map(|(_, n)| n).sum()
                };
                let _ = out.line(UciReply::PerftTotal(total));
            });
        Ok(())
    }

    /// The lag meter (a search thread that panicked leaves it usable).
    fn lag(&self) -> std::sync::MutexGuard<'_, LagMeter> {
        self.lag.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts a search with `limits`.
    fn search(&mut self, limits: Limits) -> std::io::Result<()> {
        self.endless = limits.infinite || limits.ponder;
        self.perft_running = false;
        // A search on the clock records how long it took, up to its hard limit, for the lag
        // of the next move; a ponder search's time is not comparable.
        let timed = match (limits.clock, limits.budget()) {
            (Some(clock), Some(budget)) if !limits.ponder => Some((clock, budget.hard)),
            _ => None,
        };
        if timed.is_none() {
            self.lag().forget();
        }
        let (meter, started) = (Arc::clone(&self.lag), Instant::now());
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
                // Recorded before the answer: the GUI's next `go` may come at once.
                if let Some((clock, hard)) = timed {
                    let mut meter = meter.lock().unwrap_or_else(PoisonError::into_inner);
                    meter.searched(clock, started.elapsed().min(hard));
                }
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
        self.record = AnyRecord::start_with(variant, self.options.courier_array(false));
        // As Fairy-Stockfish does, name the variant and its start.
        self.say(UciReply::VariantStart {
            variant: variant.to_string(),
            fen: self.record.fen(),
        })
    }

    /// UCI pondering is the GUI's `go ponder`: nothing runs on its own.
    fn stop_pondering(&mut self) {}

    fn hash_is(&mut self, mb: u64) {
        self.options.hash_mb = mb;
    }

    /// `info string TEXT`; a refusal is an `info string error: TEXT`.
    fn notify(&mut self, notice: Notice) -> std::io::Result<()> {
        if notice.refused {
            self.error(notice.text)
        } else {
            self.say(UciReply::InfoString(notice.text))
        }
    }
}
