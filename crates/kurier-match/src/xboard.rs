//! The GUI side of XBoard (CECP v2): `xboard`, `protover 2`, `feature` lines answered with
//! `accepted`/`rejected` until `done=1` (two seconds, as the protocol says; `done=0` extends the
//! wait, here to a minute), `option X=Y`, `new`, `variant NAME`, `force`, the start position by
//! `setboard` (or by `edit` for engines without `setboard=1`, such as Fairy-Max), `level`/`st`/
//! `sd`, `post`, `easy`, `time`/`otim` in centiseconds, moves with `usermove` when the engine
//! asked for it, `go`, `result`, `ping`/`pong` to synchronise, `quit`.
//!
//! Engine output: `move X`, thinking lines `ply score time nodes pv` (mates ±(100000 + moves)),
//! `resign`, result claims (`1-0 {...}`), `offer draw`, `Illegal move...` (the engine rejected a
//! move it was sent).

use super::engine::Process;
use super::options::{format_seconds, EngineSpec};
use super::player::{
    wait_error, wait_for, EngineScore, GameStart, MoveRequest, Reply, Thinking, READY_TIMEOUT,
    STOP_TIMEOUT,
};
use kurier_rules::games::Variant;
use std::time::{Duration, Instant};

/// The protocol's wait for `feature done=1`.
pub const FEATURE_TIMEOUT: Duration = Duration::from_secs(2);
/// The wait after `feature done=0` (the protocol allows an hour; the runner allows a minute).
pub const FEATURE_TIMEOUT_EXTENDED: Duration = Duration::from_secs(60);

/// The features an engine announced (defaults as in the protocol for a version-2 engine).
#[derive(Clone, Debug)]
pub struct Features {
    /// `ping=1`: `ping N` is answered with `pong N`.
    pub ping: bool,
    /// `setboard=1`; otherwise positions are set with `edit`.
    pub setboard: bool,
    /// `usermove=1`: moves are sent as `usermove X`.
    pub usermove: bool,
    /// `time=0` turns `time`/`otim` off.
    pub time: bool,
    /// `reuse=0` asks for a fresh process per game.
    pub reuse: bool,
    /// `myname`.
    pub myname: Option<String>,
    /// `variants`.
    pub variants: Option<Vec<String>>,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            ping: false,
            setboard: false,
            usermove: false,
            time: true,
            reuse: true,
            myname: None,
            variants: None,
        }
    }
}

/// What the runner knows of an XBoard engine and the game it plays.
#[derive(Clone, Debug, Default)]
pub struct XboardState {
    /// The announced features.
    pub features: Features,
    /// The engine's name (`myname`).
    pub myname: Option<String>,
    /// Moves of the game the engine has seen (sent to it or played by it).
    known: usize,
    /// The engine plays (not in force mode).
    playing: bool,
    /// Next `ping` number.
    ping: u64,
}

/// Splits a `feature` line's words into (name, value), values in double quotes kept whole.
pub fn parse_features(rest: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut s = rest.trim_start();
    while !s.is_empty() {
        let Some(eq) = s.find('=') else { break };
        let name = s[..eq].trim().to_string();
        let after = &s[eq + 1..];
        let (value, rest) = if let Some(q) = after.strip_prefix('"') {
            match q.find('"') {
                Some(end) => (&q[..end], &q[end + 1..]),
                None => (q, ""),
            }
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            break;
        }
        out.push((name, value.to_string()));
        s = rest.trim_start();
    }
    out
}

/// Features the runner understands and accepts; `san=1` is refused so moves come in coordinates.
fn accepts(name: &str, value: &str) -> bool {
    match name {
        "san" => value == "0",
        "ping" | "setboard" | "playother" | "usermove" | "time" | "draw" | "sigint" | "sigterm"
        | "reuse" | "analyze" | "myname" | "variants" | "colors" | "ics" | "name" | "pause"
        | "nps" | "debug" | "memory" | "smp" | "egt" | "option" | "exclude" | "setscore"
        | "highlight" | "done" | "myversion" => true,
        _ => false,
    }
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

/// The `edit` commands that set up the board of `fen` (side to move as it was).
pub fn edit_commands(fen: &str) -> Result<Vec<String>, String> {
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
                    .map_err(|_| format!("bad FEN row {row}"))?;
                digits.clear();
            }
            if c == ' ' {
                break;
            }
            if !c.is_ascii_alphabetic() || file >= 26 {
                return Err(format!("cannot describe FEN row '{row}' with edit"));
            }
            let square = format!("{}{}", (b'a' + file as u8) as char, rank);
            let piece = format!("{}{square}", c.to_ascii_uppercase());
            if c.is_ascii_uppercase() {
                white.push(piece);
            } else {
                black.push(piece);
            }
            file += 1;
        }
    }
    let mut out = vec!["edit".to_string(), "#".to_string()];
    out.extend(white);
    out.push("c".to_string());
    out.extend(black);
    out.push(".".to_string());
    Ok(out)
}

/// `level`'s base: minutes, or `min:sec` (whole seconds, at least one).
fn level_base(d: Duration) -> String {
    let secs = d.as_secs_f64().round().max(1.0) as u64;
    if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

fn centiseconds(d: Duration) -> u128 {
    d.as_millis() / 10
}

/// Reads a thinking line `ply score time nodes ...`.
fn thinking(line: &str) -> Option<Thinking> {
    let mut words = line.split_whitespace();
    let ply = words.next()?;
    let digits = ply.trim_end_matches(|c: char| !c.is_ascii_digit());
    let depth: u32 = digits.parse().ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    words.next()?.parse::<u64>().ok()?;
    words.next()?.parse::<u64>().ok()?;
    let score = if score.abs() >= 100_000 && score.abs() < 200_000 {
        let n = (score.abs() - 100_000) as i32;
        EngineScore::Mate(if score > 0 { n } else { -n })
    } else {
        EngineScore::Cp(score.clamp(-1_000_000, 1_000_000) as i32)
    };
    Some(Thinking {
        score,
        depth: Some(depth),
    })
}

impl XboardState {
    /// `xboard`, `protover 2`, the features, options and init lines, then a `ping`.
    pub fn handshake(
        process: &mut Process,
        spec: &EngineSpec,
        variant: Variant,
    ) -> Result<XboardState, String> {
        let mut state = XboardState::default();
        process.send("xboard")?;
        process.send("protover 2")?;
        let mut deadline = Instant::now() + FEATURE_TIMEOUT;
        let mut any = false;
        loop {
            match process.recv_until(deadline) {
                super::engine::Recv::Line(line, _) => {
                    let Some(rest) = line.trim_start().strip_prefix("feature ") else {
                        continue;
                    };
                    any = true;
                    let mut done = false;
                    for (name, value) in parse_features(rest) {
                        if name == "done" {
                            if value == "0" {
                                deadline = Instant::now() + FEATURE_TIMEOUT_EXTENDED;
                            } else {
                                done = true;
                            }
                        }
                        state.feature(process, &name, &value)?;
                    }
                    if done {
                        break;
                    }
                }
                super::engine::Recv::Eof => {
                    return Err("the engine exited during the XBoard handshake".to_string())
                }
                super::engine::Recv::Timeout => {
                    log::info!(
                        "{}: no 'feature done=1' within the protocol's wait{}; going on",
                        spec.name,
                        if any { "" } else { " (no features at all)" }
                    );
                    break;
                }
            }
        }
        state.myname = state.features.myname.clone();
        let name = spec.variant.as_deref().unwrap_or(variant.name());
        if let Some(v) = &state.features.variants {
            if !v.iter().any(|v| v == name) {
                log::warn!("{}: its variants feature does not list '{name}'", spec.name);
            }
        }
        for (option, value) in &spec.options {
            process.send(&format!("option {option}={value}"))?;
        }
        for line in &spec.init {
            process.send(line)?;
        }
        state.sync(process, READY_TIMEOUT)?;
        Ok(state)
    }

    /// Records and answers one feature.
    fn feature(&mut self, process: &mut Process, name: &str, value: &str) -> Result<(), String> {
        let on = value == "1";
        match name {
            "ping" => self.features.ping = on,
            "setboard" => self.features.setboard = on,
            "usermove" => self.features.usermove = on,
            "time" => self.features.time = on,
            "reuse" => self.features.reuse = on,
            "myname" => self.features.myname = Some(value.to_string()),
            "variants" => {
                self.features.variants =
                    Some(value.split(',').map(|v| v.trim().to_string()).collect())
            }
            _ => {}
        }
        let answer = if accepts(name, value) {
            "accepted"
        } else {
            "rejected"
        };
        process.send(&format!("{answer} {name}"))
    }

    /// `ping N` and wait for `pong N` (dropping everything before it); without the ping feature,
    /// only drops what has arrived.
    fn sync(&mut self, process: &mut Process, timeout: Duration) -> Result<(), String> {
        if !self.features.ping {
            process.drain();
            return Ok(());
        }
        self.ping += 1;
        let n = self.ping;
        process.send(&format!("ping {n}"))?;
        let wanted = format!("pong {n}");
        let mut late_features = Vec::new();
        let r = wait_for(
            process,
            timeout,
            |l| (l.trim() == wanted).then_some(()),
            |_, l| {
                if let Some(rest) = l.trim_start().strip_prefix("feature ") {
                    late_features.extend(parse_features(rest));
                }
            },
        )
        .map_err(|e| wait_error(e, &wanted, timeout));
        for (name, value) in late_features {
            self.feature(process, &name, &value)?;
        }
        r
    }

    fn send_move(&self, process: &mut Process, mv: &str) -> Result<(), String> {
        if self.features.usermove {
            process.send(&format!("usermove {mv}"))
        } else {
            process.send(mv)
        }
    }

    /// `new`, `variant`, `force`, the position, the limits, `post`, `easy`, then a `ping`.
    pub fn new_game(
        &mut self,
        process: &mut Process,
        spec: &EngineSpec,
        start: &GameStart,
        kurier: bool,
    ) -> Result<(), String> {
        self.known = 0;
        self.playing = false;
        process.send("new")?;
        process.send(&format!(
            "variant {}",
            spec.variant.as_deref().unwrap_or(start.variant.name())
        ))?;
        process.send("force")?;
        if !(kurier && start.default_start) {
            if self.features.setboard {
                process.send(&format!("setboard {}", start.fen))?;
            } else {
                let black = start.fen.split_whitespace().nth(1) == Some("b");
                if black {
                    self.send_move(process, dummy_move(start.variant))?;
                }
                for line in edit_commands(start.fen)? {
                    process.send(&line)?;
                }
            }
        }
        let limits = start.limits;
        if let Some(tc) = limits.tc {
            process.send(&format!(
                "level {} {} {}",
                tc.moves,
                level_base(tc.base),
                format_seconds(tc.increment)
            ))?;
        }
        if let Some(st) = limits.st {
            process.send(&format!("st {}", format_seconds(st)))?;
        }
        if let Some(d) = limits.depth {
            process.send(&format!("sd {d}"))?;
        }
        process.send("post")?;
        process.send("easy")?;
        self.sync(process, READY_TIMEOUT)
    }

    /// `time`/`otim`, the moves the engine has not seen, `go` when it is in force mode.
    pub fn request_move(
        &mut self,
        process: &mut Process,
        request: &MoveRequest,
    ) -> Result<(), String> {
        let color = request.start.color;
        if request.start.limits.tc.is_some() && self.features.time {
            let own = request.clocks[color.index()];
            let other = request.clocks[(!color).index()].or(own);
            if let (Some(own), Some(other)) = (own, other) {
                process.send(&format!("time {}", centiseconds(own.left)))?;
                process.send(&format!("otim {}", centiseconds(other.left)))?;
            }
        }
        let unseen = request.moves.get(self.known..).unwrap_or(&[]);
        if self.playing && unseen.len() != 1 {
            // Only a single move lets a playing engine think at once; otherwise set up in force.
            process.send("force")?;
            self.playing = false;
        }
        for mv in unseen {
            self.send_move(process, mv)?;
        }
        self.known = request.moves.len();
        if !self.playing {
            process.send("go")?;
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
        let text = line.trim();
        let mut words = text.split_whitespace();
        let first = words.next().unwrap_or("");
        match first {
            "move" => return Reply::Move(words.next().unwrap_or("").to_string()),
            "resign" => return Reply::Resign,
            "1-0" | "0-1" | "1/2-1/2" | "*" => {
                let comment = text[first.len()..]
                    .trim()
                    .trim_start_matches('{')
                    .trim_end_matches('}')
                    .trim()
                    .to_string();
                return Reply::Claim {
                    result: first.to_string(),
                    comment,
                };
            }
            "feature" => {
                for (name, value) in parse_features(&text["feature".len()..]) {
                    if let Err(e) = self.feature(process, &name, &value) {
                        log::warn!("{}: {e}", process.name());
                    }
                }
                return Reply::Nothing;
            }
            "Error" | "tellusererror" => {
                log::warn!("{}: {text}", process.name());
                return Reply::Nothing;
            }
            "telluser" | "tellopponent" | "tellothers" | "tellall" | "tellics"
            | "tellicsnoalias" => {
                log::info!("{}: {text}", process.name());
                return Reply::Nothing;
            }
            _ => {}
        }
        if text.starts_with("Illegal move") {
            return Reply::Rejected {
                line: text.to_string(),
            };
        }
        if text == "offer draw" {
            return Reply::DrawOffer;
        }
        if let Some(mv) = text
            .strip_prefix("My move is:")
            .or_else(|| text.strip_prefix("my move is:"))
            .or_else(|| text.strip_prefix("my move is"))
        {
            return Reply::Move(mv.trim().to_string());
        }
        match thinking(text) {
            Some(t) => Reply::Thinking(t),
            None => Reply::Nothing,
        }
    }

    /// `result R {comment}`, `force`, then a `ping`.
    pub fn end_game(
        &mut self,
        process: &mut Process,
        result: &str,
        comment: &str,
    ) -> Result<(), String> {
        self.playing = false;
        process.send(&format!("result {result} {{{comment}}}"))?;
        process.send("force")?;
        self.sync(process, STOP_TIMEOUT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::game::Game;

    #[test]
    fn features_with_quoted_values() {
        let f = parse_features(
            r#"ping=1 setboard=0 myname="Fairy-Max 5.0b" option="Resign -check 0" done=1"#,
        );
        assert_eq!(
            f,
            vec![
                ("ping".into(), "1".into()),
                ("setboard".into(), "0".into()),
                ("myname".into(), "Fairy-Max 5.0b".into()),
                ("option".into(), "Resign -check 0".into()),
                ("done".into(), "1".into()),
            ]
        );
        assert!(parse_features("junk").is_empty());
        assert_eq!(
            parse_features(r#"x="open"#),
            vec![("x".into(), "open".into())]
        );
        assert!(!accepts("san", "1"));
        assert!(!accepts("frobnicate", "1"));
    }

    #[test]
    fn thinking_lines_and_claims() {
        assert_eq!(
            thinking("  2     0      0       146  1. Nc3 Nc6"),
            Some(Thinking {
                score: EngineScore::Cp(0),
                depth: Some(2)
            })
        );
        assert_eq!(
            thinking("9& -100003 20 1000 a1a2"),
            Some(Thinking {
                score: EngineScore::Mate(-3),
                depth: Some(9)
            })
        );
        assert_eq!(thinking("move a2a3"), None);
        assert_eq!(thinking("1 2 3"), None);
        let mut s = XboardState::default();
        let spec = crate::options::EngineSpec {
            name: "t".into(),
            cmd: vec!["true".into()],
            dir: None,
            protocol: crate::options::Protocol::Xboard,
            options: vec![],
            init: vec![],
            variant: None,
            limits: Default::default(),
            restart: false,
        };
        let mut p = Process::spawn(&spec).unwrap();
        assert_eq!(s.interpret(&mut p, "move b2b3"), Reply::Move("b2b3".into()));
        assert_eq!(
            s.interpret(&mut p, "1/2-1/2 {Draw by repetition}"),
            Reply::Claim {
                result: "1/2-1/2".into(),
                comment: "Draw by repetition".into()
            }
        );
        assert_eq!(s.interpret(&mut p, "resign"), Reply::Resign);
        assert!(matches!(
            s.interpret(&mut p, "Illegal move (bad): e2e4"),
            Reply::Rejected { .. }
        ));
        assert_eq!(s.interpret(&mut p, "offer draw"), Reply::DrawOffer);
        assert_eq!(s.interpret(&mut p, "# comment"), Reply::Nothing);
    }

    #[test]
    fn edit_and_dummy_moves() {
        let lines = edit_commands("8/8/8/8/8/B1K5/8/k7 b - - 0 1").unwrap();
        assert_eq!(lines, vec!["edit", "#", "Ba3", "Kc3", "c", "Ka1", "."]);
        let lines = edit_commands(kurier_rules::games::courier::START_FEN).unwrap();
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
        assert_eq!(level_base(Duration::from_secs(90)), "1:30");
        assert_eq!(level_base(Duration::from_secs(120)), "2");
        assert_eq!(level_base(Duration::from_millis(200)), "0:01");
    }
}
