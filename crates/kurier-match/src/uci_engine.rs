//! The GUI side of UCI, driving one engine: `uci`/`uciok`, `setoption` (the engine's own options
//! first, then `UCI_Variant` unless an option names it, so that e.g. Fairy-Stockfish's
//! `VariantPath` is read before the variant is chosen), `isready`/`readyok`, `ucinewgame`,
//! `position startpos|fen F moves ...`, `go` with the clocks or `movetime`/`depth`/`nodes`,
//! `info ... score cp|mate` for adjudication, `bestmove`, `stop`. Every line goes out as a
//! [`UciCommand`] and is read as a [`UciReply`] (`kurier_wire::uci`).
//!
//! Pondering (`ponder=on`, as cutechess-cli does it): `setoption name Ponder value true` when
//! the engine has that option; after a `bestmove X ponder Y` the engine gets the position with
//! X and Y and `go ponder ...`; when the opponent plays Y it gets `ponderhit` (its clock runs
//! from then), otherwise `stop` (its `bestmove` is dropped) and the real position with `go`.
//!
//! The position is sent as `fen`, since an engine's idea of `startpos` may differ from the
//! runner's (Courier before or after the ceremony) — except when the engine announced its
//! start position (`info string variant V startpos FEN`, as Fairy-Stockfish and Kurier do after
//! `UCI_Variant`) and it is the game's start.

use super::process::{EngineError, Process, READY_TIMEOUT, STARTUP_TIMEOUT, STOP_TIMEOUT};
use super::reply::{Reply, Thinking};
use super::request::MoveRequest;
use super::settings::EngineSpec;
use kurier_rules::games::Variant;
use kurier_wire::uci::{Go, UciCommand, UciOptionKind, UciReply};
use kurier_wire::TimeControl;

/// What the runner knows of a UCI engine.
#[derive(Clone, Debug, Default)]
pub struct UciState {
    /// `id name`.
    pub id_name: Option<String>,
    /// The start position the engine announced for the game (`info string variant V startpos
    /// FEN`): what `position startpos` means to it.
    pub startpos: Option<String>,
    /// The engine announced a `Ponder` option.
    pub ponder_option: bool,
    /// The move the engine expects in reply to its last move (`bestmove X ponder Y`).
    pub ponder_move: Option<String>,
    /// While it ponders: the moves of the position it ponders on (its move and the expected
    /// reply last).
    pondering: Option<Vec<String>>,
}

fn setoption(process: &mut Process, name: &str, value: &str) -> Result<(), EngineError> {
    process.send(UciCommand::SetOption {
        name: name.to_string(),
        value: Some(value.to_string()),
    })
}

fn reply(line: &str) -> Option<UciReply> {
    line.parse().ok()
}

/// Sends `isready` and waits for `readyok`; other lines are dropped, except the start position
/// the engine announces, kept in `startpos`.
fn sync(process: &mut Process, startpos: &mut Option<String>) -> Result<(), EngineError> {
    process.send(UciCommand::IsReady)?;
    process.wait_for(
        "readyok",
        READY_TIMEOUT,
        |l| (reply(l) == Some(UciReply::ReadyOk)).then_some(()),
        |_, l| {
            if let Some(UciReply::VariantStart { fen, .. }) = reply(l) {
                *startpos = Some(fen);
            }
        },
    )
}

impl UciState {
    /// `uci` ... `uciok`, options, variant, init lines, `isready` ... `readyok`.
    pub fn handshake(
        process: &mut Process,
        spec: &EngineSpec,
        variant: Variant,
    ) -> Result<UciState, EngineError> {
        let mut state = UciState::default();
        let mut variants: Option<Vec<String>> = None;
        process.send(UciCommand::Uci)?;
        process.wait_for(
            "uciok",
            STARTUP_TIMEOUT,
            |l| (reply(l) == Some(UciReply::UciOk)).then_some(()),
            |_, line| match reply(line) {
                Some(UciReply::IdName(name)) => state.id_name = Some(name),
                Some(UciReply::Option(o)) if o.name == "UCI_Variant" => {
                    if let UciOptionKind::Combo { vars, .. } = o.kind {
                        variants = Some(vars);
                    }
                }
                Some(UciReply::Option(o)) if o.name.eq_ignore_ascii_case("Ponder") => {
                    state.ponder_option = true;
                }
                _ => {}
            },
        )?;
        let name = spec.variant.as_deref().unwrap_or(variant.name());
        match &variants {
            None => log::warn!(
                "{}: the engine has no UCI_Variant option; it may not play {name}",
                spec.name
            ),
            Some(v) if !v.iter().any(|v| v == name) => log::info!(
                "{}: UCI_Variant does not list '{name}' (it may come from an option such as \
                 VariantPath)",
                spec.name
            ),
            _ => {}
        }
        for (option, value) in &spec.options {
            setoption(process, option, value)?;
        }
        if !spec
            .options
            .iter()
            .any(|(o, _)| o.eq_ignore_ascii_case("UCI_Variant"))
        {
            setoption(process, "UCI_Variant", name)?;
        }
        let own_ponder = spec
            .options
            .iter()
            .any(|(o, _)| o.eq_ignore_ascii_case("Ponder"));
        if spec.ponder && state.ponder_option && !own_ponder {
            setoption(process, "Ponder", "true")?;
        }
        for line in &spec.init {
            process.send(line)?;
        }
        sync(process, &mut state.startpos)?;
        Ok(state)
    }

    /// True while a `go ponder` search runs.
    pub fn is_pondering(&self) -> bool {
        self.pondering.is_some()
    }

    /// `ucinewgame`, then `isready` ... `readyok`.
    pub fn new_game(&mut self, process: &mut Process) -> Result<(), EngineError> {
        self.ponder_move = None;
        self.pondering = None;
        process.send(UciCommand::UciNewGame)?;
        sync(process, &mut self.startpos)
    }

    /// The `go` for a move: both clocks (and `movestogo` from the engine's own) under a clock, or
    /// `movetime` under a time per move; the depth, node and time limits.
    fn go(request: &MoveRequest) -> Go {
        let start = request.start;
        let limits = start.limits;
        let mut go = Go {
            limits: limits.search,
            ..Go::default()
        };
        match limits.tc {
            Some(TimeControl::Clock { .. }) => {
                let [white, black] = request.clocks;
                if let Some(c) = white {
                    (go.wtime, go.winc) = (Some(c.left()), Some(c.increment()));
                }
                if let Some(c) = black {
                    (go.btime, go.binc) = (Some(c.left()), Some(c.increment()));
                }
                go.movestogo = request.clocks[start.color.index()].and_then(|c| c.moves_to_go());
            }
            Some(TimeControl::PerMove(t)) => {
                go.limits.movetime = Some(go.limits.movetime.map_or(t, |m| m.min(t)))
            }
            // cutechess-cli sends `go infinite` for tc=inf without a depth or node limit.
            Some(TimeControl::Infinite) => go.limits.infinite = go.limits.is_empty(),
            None => {}
        }
        // Never `movetime 0`: some engines read it as no limit.
        if let Some(t) = &mut go.limits.movetime {
            *t = (*t).max(std::time::Duration::from_millis(1));
        }
        go
    }

    /// The `position`: `startpos` when the engine announced the game's start as its own, else
    /// the FEN; then the moves.
    fn position(&self, request: &MoveRequest) -> UciCommand {
        let fen = request.start.fen;
        let own_start = self.startpos.as_deref() == Some(fen);
        UciCommand::Position {
            fen: (!own_start).then(|| fen.to_string()),
            moves: request.moves.to_vec(),
        }
    }

    /// `position ...` and `go ...`; after pondering, `ponderhit` when the opponent played the
    /// expected move, else `stop` (waiting for its `bestmove`) first.
    pub fn request_move(
        &mut self,
        process: &mut Process,
        request: &MoveRequest,
    ) -> Result<(), EngineError> {
        self.ponder_move = None;
        if let Some(expected) = self.pondering.take() {
            if expected == request.moves {
                return process.send(UciCommand::PonderHit);
            }
            self.stop_search(process)?;
        }
        process.send(self.position(request))?;
        process.send(UciCommand::Go(Box::new(Self::go(request))))
    }

    /// `position ...` with the engine's own move and the reply it expects, and `go ponder ...`
    /// with the clocks as they stand.
    pub fn start_ponder(
        &mut self,
        process: &mut Process,
        request: &MoveRequest,
    ) -> Result<(), EngineError> {
        let mut go = Self::go(request);
        go.ponder = true;
        process.send(self.position(request))?;
        process.send(UciCommand::Go(Box::new(go)))?;
        self.pondering = Some(request.moves.to_vec());
        Ok(())
    }

    /// `stop`, and waits for the `bestmove` it brings.
    fn stop_search(&mut self, process: &mut Process) -> Result<(), EngineError> {
        process.send(UciCommand::Stop)?;
        process.wait_for(
            "bestmove after stop",
            STOP_TIMEOUT,
            |l| matches!(reply(l), Some(UciReply::BestMove { .. })).then_some(()),
            |_, _| {},
        )
    }

    /// `bestmove X` is a move (and its `ponder Y` is kept); `info ... score` is thinking
    /// output. A `bestmove` that ends a ponder search before `ponderhit` or `stop` is dropped:
    /// the engine is asked again when its turn comes.
    pub fn interpret(&mut self, line: &str) -> Reply {
        match reply(line) {
            Some(UciReply::BestMove { .. }) if self.pondering.take().is_some() => Reply::Nothing,
            Some(UciReply::BestMove { best, ponder }) => {
                self.ponder_move = ponder;
                Reply::Move(best)
            }
            Some(UciReply::Info(info)) => match info.score {
                Some(score) => Reply::Thinking(Thinking {
                    score,
                    depth: info.depth,
                }),
                None => Reply::Nothing,
            },
            _ => Reply::Nothing,
        }
    }

    /// Stops a running search (or ponder search) and waits for its `bestmove`.
    pub fn end_game(&mut self, process: &mut Process, thinking: bool) -> Result<(), EngineError> {
        let pondering = self.pondering.take().is_some();
        self.ponder_move = None;
        if !thinking && !pondering {
            return Ok(());
        }
        self.stop_search(process)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::GameStart;
    use crate::settings::Limits;
    use kurier_rules::game::Color;
    use kurier_wire::{Clock, Score, SearchLimits};
    use std::time::Duration;

    #[test]
    fn reads_bestmove_and_scores() {
        let mut s = UciState::default();
        assert_eq!(
            s.interpret("bestmove i2i3 ponder i7i6"),
            Reply::Move("i2i3".into())
        );
        assert_eq!(
            s.interpret("info depth 7 seldepth 9 score cp -31 nodes 5 pv a1a2"),
            Reply::Thinking(Thinking {
                score: Score::Cp(-31),
                depth: Some(7)
            })
        );
        assert_eq!(
            s.interpret("info depth 3 score mate -2 upperbound"),
            Reply::Thinking(Thinking {
                score: Score::Mate(-2),
                depth: Some(3)
            })
        );
        assert_eq!(s.interpret("info string score cp 5"), Reply::Nothing);
        assert_eq!(s.interpret("info depth x score cp y"), Reply::Nothing);
        assert_eq!(s.interpret("readyok"), Reply::Nothing);
        assert_eq!(s.interpret("bestmove"), Reply::Move(String::new()));
    }

    #[test]
    fn startpos_only_when_the_engine_announced_it() {
        let fen = kurier_rules::games::courier::START_FEN;
        let start = GameStart {
            variant: Variant::Courier,
            fen,
            color: Color::White,
            limits: Limits::default(),
        };
        let moves = ["i2i3".to_string()];
        let request = MoveRequest {
            start: &start,
            moves: &moves,
            clocks: [None, None],
        };
        let mut s = UciState::default();
        assert_eq!(
            s.position(&request).to_string(),
            format!("position fen {fen} moves i2i3")
        );
        // What Kurier (and Fairy-Stockfish) say after `setoption name UCI_Variant value courier`.
        let announced: UciReply = format!("info string variant courier startpos {fen}")
            .parse()
            .unwrap();
        let UciReply::VariantStart { fen: own, .. } = announced else {
            panic!("{announced:?}")
        };
        s.startpos = Some(own);
        assert_eq!(
            s.position(&request).to_string(),
            "position startpos moves i2i3"
        );
        // Another start (the pre-ceremony array, CourierStart=array) goes out as a FEN.
        s.startpos = Some(kurier_rules::games::courier::PRE_CEREMONY_FEN.to_string());
        assert!(s
            .position(&request)
            .to_string()
            .starts_with("position fen "));
    }

    #[test]
    fn go_lines() {
        let start = |tc: &str| GameStart {
            variant: Variant::Courier,
            fen: "x",
            color: Color::Black,
            limits: Limits {
                tc: Some(tc.parse().unwrap()),
                search: SearchLimits {
                    depth: Some(5),
                    ..SearchLimits::default()
                },
            },
        };
        let s = start("40/60+0.5");
        let clock = Clock::new(s.limits.tc.unwrap());
        let request = MoveRequest {
            start: &s,
            moves: &[],
            clocks: [Some(clock), Some(clock)],
        };
        assert_eq!(
            UciCommand::Go(Box::new(UciState::go(&request))).to_string(),
            "go wtime 60000 winc 500 btime 60000 binc 500 movestogo 40 depth 5"
        );
        let s = start("0.25/move");
        let request = MoveRequest {
            start: &s,
            moves: &[],
            clocks: [None, None],
        };
        let go = UciState::go(&request);
        assert_eq!(go.limits.movetime, Some(Duration::from_millis(250)));
        assert_eq!(go.wtime, None);
    }
}
