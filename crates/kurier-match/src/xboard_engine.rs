//! The GUI side of XBoard (CECP v2), driving one engine: `xboard`, `protover 2`, `feature` lines
//! answered with `accepted`/`rejected` until `done=1` (two seconds, as the protocol says;
//! `done=0` extends the wait, here to a minute), `option X=Y`, `new`, `variant NAME`, `force`, the
//! start position by `setboard` (or by `edit` for engines without `setboard=1`, such as
//! Fairy-Max), `level`/`st`/`sd`, `post`, `easy` (`hard` with `ponder`), `time`/`otim` in centiseconds, moves with
//! `usermove` when the engine asked for it, `go`, `result`, `ping`/`pong` to synchronise, `quit`.
//! Every line goes out as an [`XboardCommand`] and is read as an [`XboardReply`]
//! (`kurier_wire::xboard`): the engine's `feature` lines are read into the same [`Features`]
//! type Kurier's own XBoard session writes them from.
//!
//! Engine output: `move X`, thinking lines `ply score time nodes pv`, `resign`, result claims
//! (`1-0 {...}`), `offer draw`, `Illegal move...` (the engine rejected a move it was sent).

use super::process::{EngineError, Process, Recv, READY_TIMEOUT, STOP_TIMEOUT};
use super::reply::{Reply, Thinking};
use super::request::{GameStart, MoveRequest};
use super::settings::EngineSpec;
use kurier_rules::games::Variant;
use kurier_wire::xboard::{EditCommand, Features, Tell, XboardCommand, XboardReply};
use kurier_wire::TimeControl;
use std::time::{Duration, Instant};

/// The protocol's wait for `feature done=1`.
pub const FEATURE_TIMEOUT: Duration = Duration::from_secs(2);
/// The wait after `feature done=0` (the protocol allows an hour; the runner allows a minute).
pub const FEATURE_TIMEOUT_EXTENDED: Duration = Duration::from_secs(60);

/// What the runner knows of an XBoard engine and the game it plays.
#[derive(Clone, Debug, Default)]
pub struct XboardState {
    /// Every feature announced so far.
    pub features: Features,
    /// Moves of the game the engine has seen (sent to it or played by it).
    known: usize,
    /// The engine plays (not in force mode).
    playing: bool,
    /// Next `ping` number.
    ping: u64,
}

/// The answers to the features of one line: `accepted` for every feature the runner knows,
/// `rejected` for the others and for `san=1` (moves must come in coordinates).
fn answers(features: &Features) -> Vec<XboardCommand> {
    let known = Features {
        other: Vec::new(),
        ..features.clone()
    };
    let mut out: Vec<XboardCommand> = known
        .entries()
        .into_iter()
        .map(|(name, value)| {
            if name == "san" && value == "1" {
                XboardCommand::Rejected(name)
            } else {
                XboardCommand::Accepted(name)
            }
        })
        .collect();
    out.extend(
        features
            .other
            .iter()
            .map(|(name, _)| XboardCommand::Rejected(name.clone())),
    );
    out
}

/// A legal first move of White from the engine's start position (Courier: both the ceremony
/// start and the pre-ceremony array), for the protocol's set-up of a position with Black to move
/// by `edit`.
pub fn dummy_move(variant: Variant) -> &'static str {
    match variant {
        Variant::Courier => "b2b3",
        Variant::Schachdame => "b2a3",
        Variant::DualCheckers => "b3a4",
    }
}

/// The `edit` mode lines (after `edit`) that set up the board of `fen`.
pub fn edit_commands(fen: &str) -> Result<Vec<EditCommand>, EngineError> {
    let board = fen.split_whitespace().next().unwrap_or("");
    let rows: Vec<&str> = board.split('/').collect();
    let mut white = Vec::new();
    let mut black = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - i;
        let mut file = 0usize;
        let mut digits = String::new();
        for c in row.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                file += digits
                    .parse::<usize>()
                    .map_err(|_| EngineError::Position(format!("bad FEN row {row}")))?;
                digits.clear();
            }
            if c == ' ' {
                break;
            }
            if !c.is_ascii_alphabetic() || file >= 26 {
                return Err(EngineError::Position(format!(
                    "cannot describe FEN row '{row}' with edit"
                )));
            }
            let place = EditCommand::Place {
                piece: c.to_ascii_uppercase(),
                square: format!("{}{}", (b'a' + file as u8) as char, rank),
            };
            if c.is_ascii_uppercase() {
                white.push(place);
            } else {
                black.push(place);
            }
            file += 1;
        }
    }
    let mut out = vec![EditCommand::Clear];
    out.extend(white);
    out.push(EditCommand::SwitchColor);
    out.extend(black);
    out.push(EditCommand::Done);
    Ok(out)
}

impl XboardState {
    /// `xboard`, `protover 2`, the features, options and init lines, then a `ping`.
    pub fn handshake(
        process: &mut Process,
        spec: &EngineSpec,
        variant: Variant,
    ) -> Result<XboardState, EngineError> {
        let mut state = XboardState::default();
        process.send(XboardCommand::Xboard)?;
        process.send(XboardCommand::Protover(2))?;
        let mut deadline = Instant::now() + FEATURE_TIMEOUT;
        let mut any = false;
        loop {
            match process.recv_until(deadline) {
                Recv::Line(line, _) => {
                    let Ok(XboardReply::Feature(features)) = line.parse() else {
                        continue;
                    };
                    any = true;
                    if features.done == Some(false) {
                        deadline = Instant::now() + FEATURE_TIMEOUT_EXTENDED;
                    }
                    state.take(process, &features)?;
                    if features.done == Some(true) {
                        break;
                    }
                }
                Recv::Eof => {
                    return Err(EngineError::Exited {
                        what: "the end of the XBoard handshake".to_string(),
                    })
                }
                Recv::Timeout => {
                    log::info!(
                        "{}: no 'feature done=1' within the protocol's wait{}; going on",
                        spec.name,
                        if any { "" } else { " (no features at all)" }
                    );
                    break;
                }
            }
        }
        let name = spec.variant.as_deref().unwrap_or(variant.name());
        if let Some(v) = &state.features.variants {
            if !v.iter().any(|v| v == name) {
                log::warn!("{}: its variants feature does not list '{name}'", spec.name);
            }
        }
        for (option, value) in &spec.options {
            process.send(XboardCommand::Option {
                name: option.clone(),
                value: Some(value.clone()),
            })?;
        }
        for line in &spec.init {
            process.send(line)?;
        }
        state.sync(process, READY_TIMEOUT)?;
        Ok(state)
    }

    /// The name the engine gave itself (`myname`).
    pub fn myname(&self) -> Option<&str> {
        self.features.myname.as_deref()
    }

    /// Records the features of one line and answers each.
    fn take(&mut self, process: &mut Process, features: &Features) -> Result<(), EngineError> {
        self.features.merge(features);
        for answer in answers(features) {
            process.send(answer)?;
        }
        Ok(())
    }

    /// `ping N` and wait for `pong N` (dropping everything before it); without the ping feature,
    /// only drops what has arrived.
    fn sync(&mut self, process: &mut Process, timeout: Duration) -> Result<(), EngineError> {
        if !self.features.supports_ping() {
            process.drain();
            return Ok(());
        }
        self.ping += 1;
        let token = self.ping.to_string();
        process.send(XboardCommand::Ping(token.clone()))?;
        let pong = XboardReply::Pong(token);
        let mut late = Vec::new();
        let r = process.wait_for(
            &pong.to_string(),
            timeout,
            |l| (l.parse::<XboardReply>().as_ref() == Ok(&pong)).then_some(()),
            |_, l| {
                if let Ok(XboardReply::Feature(f)) = l.parse() {
                    late.push(f);
                }
            },
        );
        for features in late {
            self.take(process, &features)?;
        }
        r
    }

    fn send_move(&self, process: &mut Process, mv: &str) -> Result<(), EngineError> {
        if self.features.wants_usermove() {
            process.send(XboardCommand::UserMove(mv.to_string()))
        } else {
            process.send(XboardCommand::Move(mv.to_string()))
        }
    }

    /// `new`, `variant`, `force`, the position, the limits, `post`, `easy` or `hard`, then a
    /// `ping`.
    pub fn new_game(
        &mut self,
        process: &mut Process,
        spec: &EngineSpec,
        start: &GameStart,
    ) -> Result<(), EngineError> {
        self.known = 0;
        self.playing = false;
        process.send(XboardCommand::New)?;
        let variant = spec.variant.as_deref().unwrap_or(start.variant.name());
        process.send(XboardCommand::Variant(variant.to_string()))?;
        process.send(XboardCommand::Force)?;
        if self.features.supports_setboard() {
            process.send(XboardCommand::SetBoard(start.fen.to_string()))?;
        } else {
            let black = start.fen.split_whitespace().nth(1) == Some("b");
            if black {
                self.send_move(process, dummy_move(start.variant))?;
            }
            process.send(XboardCommand::Edit)?;
            for line in edit_commands(start.fen)? {
                process.send(line)?;
            }
        }
        let limits = start.limits;
        if let Some(tc) = limits.tc.and_then(XboardCommand::time_control) {
            process.send(tc)?;
        }
        if let Some(st) = limits.search.movetime {
            process.send(XboardCommand::St(st))?;
        }
        if let Some(d) = limits.search.depth {
            process.send(XboardCommand::Sd(d))?;
        }
        process.send(XboardCommand::Post)?;
        // Pondering is the engine's own business in XBoard: `hard` turns it on.
        process.send(if spec.ponder {
            XboardCommand::Hard
        } else {
            XboardCommand::Easy
        })?;
        self.sync(process, READY_TIMEOUT)
    }

    /// `time`/`otim`, the moves the engine has not seen, `go` when it is in force mode.
    pub fn request_move(
        &mut self,
        process: &mut Process,
        request: &MoveRequest,
    ) -> Result<(), EngineError> {
        let color = request.start.color;
        let clocked = matches!(request.start.limits.tc, Some(TimeControl::Clock { .. }));
        if clocked && self.features.wants_time() {
            let own = request.clocks[color.index()];
            let other = request.clocks[(!color).index()].or(own);
            if let (Some(own), Some(other)) = (own, other) {
                process.send(XboardCommand::Time(own.left()))?;
                process.send(XboardCommand::Otim(other.left()))?;
            }
        }
        let unseen = request.moves.get(self.known..).unwrap_or(&[]);
        if self.playing && unseen.len() != 1 {
            // Only a single move lets a playing engine think at once; otherwise set up in force.
            process.send(XboardCommand::Force)?;
            self.playing = false;
        }
        for mv in unseen {
            self.send_move(process, mv)?;
        }
        self.known = request.moves.len();
        if !self.playing {
            process.send(XboardCommand::Go)?;
            self.playing = true;
        }
        Ok(())
    }

    /// The engine's own move was accepted.
    pub fn moved(&mut self) {
        self.known += 1;
    }

    /// What a line means; late `feature` lines are answered.
    pub fn interpret(&mut self, process: &mut Process, line: &str) -> Reply {
        let Ok(reply) = line.parse::<XboardReply>() else {
            return Reply::Nothing;
        };
        match reply {
            XboardReply::Move(mv) => Reply::Move(mv),
            XboardReply::Resign => Reply::Resign,
            XboardReply::Result { result, comment } => Reply::Claim { result, comment },
            XboardReply::OfferDraw => Reply::DrawOffer,
            XboardReply::IllegalMove { mv, .. } => Reply::Rejected {
                mv,
                line: line.trim().to_string(),
            },
            XboardReply::Thinking(t) => Reply::Thinking(Thinking {
                score: t.score,
                depth: Some(t.depth),
            }),
            XboardReply::Feature(features) => {
                if let Err(e) = self.take(process, &features) {
                    log::warn!("{}: {e}", process.name());
                }
                Reply::Nothing
            }
            XboardReply::Error { .. } | XboardReply::Tell(Tell::UserError, _) => {
                log::warn!("{}: {}", process.name(), line.trim());
                Reply::Nothing
            }
            XboardReply::Tell(..) => {
                log::info!("{}: {}", process.name(), line.trim());
                Reply::Nothing
            }
            _ => Reply::Nothing,
        }
    }

    /// `result R {comment}`, `force`, then a `ping`.
    pub fn end_game(
        &mut self,
        process: &mut Process,
        result: &str,
        comment: &str,
    ) -> Result<(), EngineError> {
        self.playing = false;
        process.send(XboardCommand::Result {
            result: result.to_string(),
            comment: comment.to_string(),
        })?;
        process.send(XboardCommand::Force)?;
        self.sync(process, STOP_TIMEOUT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::game::Game;
    use kurier_wire::Score;

    #[test]
    fn feature_answers() {
        let f = Features::parse(r#"ping=1 san=1 myname="x" frobnicate=1 option="Resign -check 0""#);
        let answers: Vec<String> = answers(&f).iter().map(|a| a.to_string()).collect();
        assert_eq!(
            answers,
            vec![
                "accepted ping",
                "rejected san",
                "accepted myname",
                "accepted option",
                "rejected frobnicate"
            ]
        );
        assert_eq!(
            answers_of("san=0"),
            vec!["accepted san".to_string()],
            "coordinates are fine"
        );
    }

    fn answers_of(text: &str) -> Vec<String> {
        answers(&Features::parse(text))
            .iter()
            .map(|a| a.to_string())
            .collect()
    }

    #[test]
    fn thinking_lines_and_claims() {
        let mut s = XboardState::default();
        let spec = crate::settings::EngineSpec {
            name: "t".into(),
            cmd: vec!["true".into()],
            dir: None,
            protocol: crate::settings::Protocol::Xboard,
            options: vec![],
            init: vec![],
            variant: None,
            limits: Default::default(),
            restart: Default::default(),
            ponder: false,
            time_margin: None,
        };
        let mut p = Process::spawn(&spec).unwrap();
        assert_eq!(
            s.interpret(&mut p, "  2     0      0       146  1. Nc3 Nc6"),
            Reply::Thinking(Thinking {
                score: Score::Cp(0),
                depth: Some(2)
            })
        );
        assert_eq!(
            s.interpret(&mut p, "9& -100003 20 1000 a1a2"),
            Reply::Thinking(Thinking {
                score: Score::Mate(-3),
                depth: Some(9)
            })
        );
        assert_eq!(s.interpret(&mut p, "1 2 3"), Reply::Nothing);
        assert_eq!(s.interpret(&mut p, "move b2b3"), Reply::Move("b2b3".into()));
        assert_eq!(
            s.interpret(&mut p, "1/2-1/2 {Draw by repetition}"),
            Reply::Claim {
                result: "1/2-1/2".into(),
                comment: "Draw by repetition".into()
            }
        );
        assert_eq!(s.interpret(&mut p, "resign"), Reply::Resign);
        assert_eq!(
            s.interpret(&mut p, "Illegal move (bad): e2e4"),
            Reply::Rejected {
                mv: "e2e4".into(),
                line: "Illegal move (bad): e2e4".into()
            }
        );
        assert_eq!(s.interpret(&mut p, "offer draw"), Reply::DrawOffer);
        assert_eq!(s.interpret(&mut p, "# comment"), Reply::Nothing);
    }

    #[test]
    fn edit_and_dummy_moves() {
        let lines: Vec<String> = edit_commands("8/8/8/8/8/B1K5/8/k7 b - - 0 1")
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(lines, vec!["#", "Ba3", "Kc3", "c", "Ka1", "."]);
        let lines: Vec<String> = edit_commands(kurier_rules::games::courier::START_FEN)
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert!(lines.contains(&"Fg6".to_string()) && lines.contains(&"Rl1".to_string()));
        use kurier_rules::games::{courier::Courier, dual::DualCheckers, schachdame::Schachdame};
        assert!(Courier::start()
            .parse_move(dummy_move(Variant::Courier))
            .is_ok());
        let array = Courier::from_fen(kurier_rules::games::courier::PRE_CEREMONY_FEN).unwrap();
        assert!(array.parse_move(dummy_move(Variant::Courier)).is_ok());
        assert!(Schachdame::start()
            .parse_move(dummy_move(Variant::Schachdame))
            .is_ok());
        assert!(DualCheckers::start()
            .parse_move(dummy_move(Variant::DualCheckers))
            .is_ok());
    }
}
