//! UCI text both ways, with the Fairy-Stockfish conventions for variants (`UCI_Variant`,
//! `info string variant V startpos FEN`, `go perft N`): what a GUI or the match runner sends
//! ([`UciCommand`]) and what an engine answers ([`UciReply`]). Kurier's UCI session reads its
//! input and writes its output through these types, and the match runner writes its commands and
//! reads engines' answers through them, so each line is written and read by the same code.
//!
//! The `vampirc-uci` crate (pinned in `Cargo.toml`, its behaviour in `tests/vampirc.rs`) reads
//! the single-word commands and writes `id`, `option`, `uciok`, `readyok` and `info string`.
//! It cannot read these games' moves (12-file squares, multi-leg captures) or some `go` lines,
//! and panics on others (docs/protocols.md), so everything with arguments has the hand-written parser
//! here; it is lenient where GUIs are sloppy (negative clock times read as 0) and strict
//! elsewhere (a keyword with words it does not take is an unknown command, not a guess).

use crate::score::Score;
use crate::search_limits::SearchLimits;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use vampirc_uci::{UciMessage, UciOptionConfig};

/// The keywords handed to the `vampirc-uci` parser: single words it reads correctly.
const VAMPIRC_KEYWORDS: [&str; 6] = ["uci", "isready", "ucinewgame", "stop", "ponderhit", "quit"];

/// The words of `go` that take or are arguments (where a `searchmoves` list ends).
const GO_KEYWORDS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// What is wrong with an argument of a `go` line. [`Go::read`] reads the line anyway: a value it
/// cannot use is left out, a number too large for its field is read as the largest it holds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    /// A keyword without its value (at the end of the line or before the next keyword).
    #[error("{0} needs a value")]
    NeedsValue(String),
    /// A value that is not a whole number.
    #[error("{key} '{text}' is not a number")]
    NotANumber {
        /// The keyword.
        key: String,
        /// Its value.
        text: String,
    },
    /// A word `go` does not take.
    #[error("unknown go argument '{0}'")]
    Unknown(String),
    /// `go perft` without a depth perft goes to ([`kurier_rules::perft::MAX_DEPTH`]): the line is
    /// answered as a malformed `go` (a bounded search and its `bestmove`), never left waiting.
    #[error("perft '{0}' is not a depth from 0 to {max} (a deeper perft never finishes)", max = kurier_rules::perft::MAX_DEPTH)]
    PerftDepth(String),
    /// A whole number beyond what its field holds: read as `max`, never cut to fewer bits.
    #[error("{key} {text} is out of range (read as {max})")]
    TooLarge {
        /// The keyword.
        key: String,
        /// Its value.
        text: String,
        /// What it was read as.
        max: u64,
    },
}

/// A `go perft` whose depth cannot be used: a malformed `go` with no limits, so the session
/// answers it with a bounded search and its `bestmove` (a GUI waits for one after any `go`).
fn bad_perft(text: &str) -> UciError {
    UciError::Go {
        go: Box::default(),
        problems: vec![GoError::PerftDepth(text.to_string())],
    }
}

impl GoError {
    /// The keyword the problem is about (for an unknown word: that word).
    pub fn key(&self) -> &str {
        match self {
            GoError::NeedsValue(key) | GoError::Unknown(key) => key,
            GoError::PerftDepth(_) => "perft",
            GoError::NotANumber { key, .. } | GoError::TooLarge { key, .. } => key,
        }
    }

    /// True when the value was used anyway (read as the largest its field holds); false when
    /// the argument was left out.
    pub fn clamped(&self) -> bool {
        matches!(self, GoError::TooLarge { .. })
    }
}

/// A UCI line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// A blank line.
    #[error("empty line")]
    Empty,
    /// No command (or a command with words it does not take).
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// `setoption` without `name`.
    #[error("expected 'setoption name N value V', got '{0}'")]
    SetOption(String),
    /// `position` without `startpos` or `fen FEN`.
    #[error("expected 'position startpos|fen FEN [moves ...]'")]
    Position,
    /// A `go` line with bad arguments: what could be read of it, and what was wrong.
    #[error("go: {}", problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Go {
        /// The line as read: every argument but the ones it could not use.
        go: Box<Go>,
        /// What was wrong, in the order of the line (never empty).
        problems: Vec<GoError>,
    },
    /// An engine's line that is no UCI message.
    #[error("not a UCI message: '{0}'")]
    NotAReply(String),
}

/// `go`: the clocks, the search limits, pondering and the root moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// White's time left (`wtime`, milliseconds on the wire; negative read as 0).
    pub wtime: Option<Duration>,
    /// Black's time left (`btime`).
    pub btime: Option<Duration>,
    /// White's increment (`winc`).
    pub winc: Option<Duration>,
    /// Black's increment (`binc`).
    pub binc: Option<Duration>,
    /// Moves to the next time control (`movestogo`).
    pub movestogo: Option<u32>,
    /// Depth, nodes, fixed time, mate, infinite.
    pub limits: SearchLimits,
    /// Search on the opponent's time until `ponderhit` (`ponder`).
    pub ponder: bool,
    /// Only these root moves (`searchmoves`).
    pub searchmoves: Option<Vec<String>>,
}

impl Go {
    /// The time left and the increment of `white`'s or Black's clock, if the line gives it.
    pub fn clock(&self, white: bool) -> Option<(Duration, Duration)> {
        let (time, inc) = if white {
            (self.wtime, self.winc)
        } else {
            (self.btime, self.binc)
        };
        time.map(|t| (t, inc.unwrap_or(Duration::ZERO)))
    }
}

/// A command from the GUI to the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its new value (`None` for a button).
        value: Option<String>,
    },
    /// `register ...` (its words kept as given).
    Register(String),
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen FEN [moves M...]`.
    Position {
        /// The FEN; `None` for `startpos`.
        fen: Option<String>,
        /// The moves played from there.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Box<Go>),
    /// `go perft N`: move counts by root move (Fairy-Stockfish's command).
    Perft(u32),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: show the position (a debugging aid, as in Stockfish).
    Display,
}

/// Reads one of `go`'s numbers: whole milliseconds or counts, at most `max`. Negative values
/// (GUIs send them when a clock has run out) read as 0; a larger number than `max` reads as
/// `max`, with a [`GoError::TooLarge`] saying so.
fn go_number(key: &str, text: &str, max: u64) -> (Option<u64>, Option<GoError>) {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        let e = GoError::NotANumber {
            key: key.to_string(),
            text: text.to_string(),
        };
        return (None, Some(e));
    }
    if text.starts_with('-') {
        return (Some(0), None);
    }
    match digits.parse::<u64>().ok().filter(|&n| n <= max) {
        Some(n) => (Some(n), None),
        None => {
            let e = GoError::TooLarge {
                key: key.to_string(),
                text: text.to_string(),
                max,
            };
            (Some(max), Some(e))
        }
    }
}

impl Go {
    /// Reads the words after `go`, as much as can be read: an argument whose value is missing or
    /// not a number, and a word `go` does not take, are left out; a number too large for its
    /// field is read as the largest it holds. Returns the line as read and what was wrong with
    /// it (empty for a good line).
    pub fn read(s: &str) -> (Go, Vec<GoError>) {
        let words: Vec<&str> = s.split_whitespace().collect();
        let mut go = Go::default();
        let mut problems = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            let mut number = |max: u64| -> Option<u64> {
                // A keyword as the value means the value is missing: it is read as a keyword.
                let Some(text) = words.get(i + 1).filter(|w| !GO_KEYWORDS.contains(w)) else {
                    problems.push(GoError::NeedsValue(key.to_string()));
                    return None;
                };
                i += 1;
                let (n, problem) = go_number(key, text, max);
                problems.extend(problem);
                n
            };
            let (ms, count) = (u64::MAX, u64::from(u32::MAX));
            match key {
                "wtime" => go.wtime = number(ms).map(Duration::from_millis).or(go.wtime),
                "btime" => go.btime = number(ms).map(Duration::from_millis).or(go.btime),
                "winc" => go.winc = number(ms).map(Duration::from_millis).or(go.winc),
                "binc" => go.binc = number(ms).map(Duration::from_millis).or(go.binc),
                "movestogo" => go.movestogo = number(count).map(|n| n as u32).or(go.movestogo),
                "depth" => go.limits.depth = number(count).map(|n| n as u32).or(go.limits.depth),
                "nodes" => go.limits.nodes = number(u64::MAX).or(go.limits.nodes),
                "movetime" => {
                    go.limits.movetime =
                        number(ms).map(Duration::from_millis).or(go.limits.movetime)
                }
                "mate" => go.limits.mate = number(count).map(|n| n as u32).or(go.limits.mate),
                "infinite" => go.limits.infinite = true,
                "ponder" => go.ponder = true,
                "searchmoves" => {
                    // The moves run to the next keyword or the end of the line.
                    let mut moves = Vec::new();
                    while let Some(w) = words.get(i + 1).filter(|w| !GO_KEYWORDS.contains(w)) {
                        moves.push(w.to_string());
                        i += 1;
                    }
                    go.searchmoves = Some(moves);
                }
                other => problems.push(GoError::Unknown(other.to_string())),
            }
            i += 1;
        }
        (go, problems)
    }
}

impl FromStr for Go {
    type Err = GoError;

    /// The words after `go`, strictly: the first problem [`Go::read`] finds is an error.
    fn from_str(s: &str) -> Result<Self, GoError> {
        let (go, problems) = Go::read(s);
        match problems.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(go),
        }
    }
}

impl fmt::Display for Go {
    /// `go` and its arguments.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        let ms = |d: Duration| d.as_millis();
        for (key, value) in [
            ("wtime", self.wtime),
            ("winc", self.winc),
            ("btime", self.btime),
            ("binc", self.binc),
        ] {
            if let Some(v) = value {
                write!(f, " {key} {}", ms(v))?;
            }
        }
        if let Some(n) = self.movestogo {
            write!(f, " movestogo {n}")?;
        }
        let l = &self.limits;
        if let Some(t) = l.movetime {
            write!(f, " movetime {}", ms(t))?;
        }
        if let Some(d) = l.depth {
            write!(f, " depth {d}")?;
        }
        if let Some(n) = l.nodes {
            write!(f, " nodes {n}")?;
        }
        if let Some(n) = l.mate {
            write!(f, " mate {n}")?;
        }
        if l.infinite {
            f.write_str(" infinite")?;
        }
        if self.ponder {
            f.write_str(" ponder")?;
        }
        if let Some(moves) = &self.searchmoves {
            f.write_str(" searchmoves")?;
            for m in moves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for UciCommand {
    type Err = UciError;

    fn from_str(line: &str) -> Result<Self, UciError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err(UciError::Empty);
        };
        if rest.is_empty() && VAMPIRC_KEYWORDS.contains(&first) {
            return match vampirc_uci::parse_one(first) {
                UciMessage::Uci => Ok(UciCommand::Uci),
                UciMessage::IsReady => Ok(UciCommand::IsReady),
                UciMessage::UciNewGame => Ok(UciCommand::UciNewGame),
                UciMessage::Stop => Ok(UciCommand::Stop),
                UciMessage::PonderHit => Ok(UciCommand::PonderHit),
                UciMessage::Quit => Ok(UciCommand::Quit),
                _ => Err(UciError::Unknown(first.to_string())),
            };
        }
        match first {
            "setoption" => {
                let text = rest.join(" ");
                let Some(body) = text.strip_prefix("name ") else {
                    return Err(UciError::SetOption(text));
                };
                let (name, value) = match body.split_once(" value ") {
                    Some((n, v)) => (n, Some(v.trim().to_string())),
                    None => (body, None),
                };
                Ok(UciCommand::SetOption {
                    name: name.trim().to_string(),
                    value,
                })
            }
            "position" => {
                let moves_at = rest.iter().position(|w| *w == "moves");
                let setup = &rest[..moves_at.unwrap_or(rest.len())];
                let fen = match setup.split_first() {
                    Some((&"startpos", [])) => None,
                    Some((&"fen", fen)) if !fen.is_empty() => Some(fen.join(" ")),
                    _ => return Err(UciError::Position),
                };
                let moves = moves_at
                    .map(|i| rest[i + 1..].iter().map(|m| m.to_string()).collect())
                    .unwrap_or_default();
                Ok(UciCommand::Position { fen, moves })
            }
            "go" => match rest {
                ["perft", depth] => depth
                    .parse()
                    .ok()
                    .and_then(|d| kurier_rules::perft::check_depth(d).ok())
                    .map(UciCommand::Perft)
                    .ok_or_else(|| bad_perft(depth)),
                ["perft", more @ ..] => Err(bad_perft(&more.join(" "))),
                _ => match Go::read(&rest.join(" ")) {
                    (go, problems) if problems.is_empty() => Ok(UciCommand::Go(Box::new(go))),
                    (go, problems) => Err(UciError::Go {
                        go: Box::new(go),
                        problems,
                    }),
                },
            },
            "d" => Ok(UciCommand::Display),
            "debug" => Ok(UciCommand::Debug(rest.first() == Some(&"on"))),
            "register" => Ok(UciCommand::Register(rest.join(" "))),
            // A known keyword with words after it that it does not take: answered as unknown
            // rather than guessed at.
            _ => Err(UciError::Unknown(line.trim().to_string())),
        }
    }
}

impl fmt::Display for UciCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciCommand::Uci => f.write_str("uci"),
            UciCommand::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            UciCommand::IsReady => f.write_str("isready"),
            UciCommand::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            UciCommand::Register(words) if words.is_empty() => f.write_str("register"),
            UciCommand::Register(words) => write!(f, "register {words}"),
            UciCommand::UciNewGame => f.write_str("ucinewgame"),
            UciCommand::Position { fen, moves } => {
                match fen {
                    None => f.write_str("position startpos")?,
                    Some(fen) => write!(f, "position fen {fen}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            UciCommand::Go(go) => go.fmt(f),
            UciCommand::Perft(depth) => write!(f, "go perft {depth}"),
            UciCommand::Stop => f.write_str("stop"),
            UciCommand::PonderHit => f.write_str("ponderhit"),
            UciCommand::Quit => f.write_str("quit"),
            UciCommand::Display => f.write_str("d"),
        }
    }
}

/// An option's type and range, as `option name N type ...` announces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciOptionKind {
    /// `type check [default true|false]`.
    Check {
        /// The default.
        default: Option<bool>,
    },
    /// `type spin [default D] [min A] [max B]`.
    Spin {
        /// The default.
        default: Option<i64>,
        /// The smallest value.
        min: Option<i64>,
        /// The largest value.
        max: Option<i64>,
    },
    /// `type combo [default D] var V...`.
    Combo {
        /// The default.
        default: Option<String>,
        /// The choices.
        vars: Vec<String>,
    },
    /// `type button`.
    Button,
    /// `type string [default D]`.
    String {
        /// The default.
        default: Option<String>,
    },
}

/// An option an engine offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciOption {
    /// The name GUIs show and send back.
    pub name: String,
    /// Its type.
    pub kind: UciOptionKind,
}

impl UciOption {
    fn vampirc(&self) -> UciOptionConfig {
        let name = self.name.clone();
        match &self.kind {
            UciOptionKind::Check { default } => UciOptionConfig::Check {
                name,
                default: *default,
            },
            UciOptionKind::Spin { default, min, max } => UciOptionConfig::Spin {
                name,
                default: *default,
                min: *min,
                max: *max,
            },
            UciOptionKind::Combo { default, vars } => UciOptionConfig::Combo {
                name,
                default: default.clone(),
                var: vars.clone(),
            },
            UciOptionKind::Button => UciOptionConfig::Button { name },
            UciOptionKind::String { default } => UciOptionConfig::String {
                name,
                default: default.clone(),
            },
        }
    }

    /// Reads the words after `option`: `name N type T [default D] [min A] [max B] [var V]...`.
    fn parse(words: &[&str]) -> Option<UciOption> {
        let words = words.strip_prefix(&["name"])?;
        let type_at = words.iter().position(|w| *w == "type")?;
        let name = words[..type_at].join(" ");
        let kind = *words.get(type_at + 1)?;
        // The values of `default`, `min`, `max` and each `var`, each running to the next key.
        let mut values: Vec<(&str, String)> = Vec::new();
        for &w in &words[type_at + 2..] {
            match w {
                "default" | "min" | "max" | "var" => values.push((w, String::new())),
                _ => {
                    let (_, v) = values.last_mut()?;
                    if !v.is_empty() {
                        v.push(' ');
                    }
                    v.push_str(w);
                }
            }
        }
        let get = |key: &str| {
            values
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.clone())
        };
        let number = |key: &str| get(key).and_then(|v| v.parse::<i64>().ok());
        let kind = match kind {
            "check" => UciOptionKind::Check {
                default: get("default").and_then(|v| v.parse().ok()),
            },
            "spin" => UciOptionKind::Spin {
                default: number("default"),
                min: number("min"),
                max: number("max"),
            },
            "combo" => UciOptionKind::Combo {
                default: get("default"),
                vars: values
                    .iter()
                    .filter(|(k, _)| *k == "var")
                    .map(|(_, v)| v.clone())
                    .collect(),
            },
            "button" => UciOptionKind::Button,
            "string" => UciOptionKind::String {
                default: get("default"),
            },
            _ => return None,
        };
        (!name.is_empty()).then_some(UciOption { name, kind })
    }
}

impl fmt::Display for UciOption {
    /// `option name Hash type spin default 64 min 1 max 65536`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", UciMessage::Option(self.vampirc()))
    }
}

/// Whether a reported score is exact or a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// `lowerbound`: the score is at least this.
    Lower,
    /// `upperbound`: the score is at most this.
    Upper,
}

/// An `info` line (its fields in the order engines write them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UciInfo {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `multipv`.
    pub multipv: Option<u32>,
    /// `score cp|mate N`.
    pub score: Option<Score>,
    /// `lowerbound` or `upperbound` after the score.
    pub bound: Option<Bound>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `hashfull` (permille).
    pub hashfull: Option<u32>,
    /// `tbhits`.
    pub tbhits: Option<u64>,
    /// `time` (milliseconds on the wire).
    pub time: Option<Duration>,
    /// `currmove`.
    pub currmove: Option<String>,
    /// `currmovenumber`.
    pub currmovenumber: Option<u32>,
    /// `pv`: the principal variation.
    pub pv: Vec<String>,
    /// `string`: free text to the end of the line.
    pub string: Option<String>,
}

impl UciInfo {
    /// Reads the words after `info`, leniently: unknown words are skipped, an unreadable number
    /// leaves its field unset, `pv` runs to `string` or the end, `string` to the end.
    fn parse(rest: &str) -> UciInfo {
        let mut info = UciInfo::default();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            let next = words.get(i + 1).copied();
            let number = || next.and_then(|v| v.parse::<u64>().ok());
            let small = || number().and_then(|n| u32::try_from(n).ok());
            let mut skip = 1;
            match words[i] {
                "depth" => info.depth = small(),
                "seldepth" => info.seldepth = small(),
                "multipv" => info.multipv = small(),
                "nodes" => info.nodes = number(),
                "nps" => info.nps = number(),
                "hashfull" => info.hashfull = small(),
                "tbhits" => info.tbhits = number(),
                "time" => info.time = number().map(Duration::from_millis),
                "currmove" => info.currmove = next.map(str::to_string),
                "currmovenumber" => info.currmovenumber = small(),
                "score" => {
                    if let Some(s) = words
                        .get(i + 1..i + 3)
                        .and_then(|w| w.join(" ").parse().ok())
                    {
                        info.score = Some(s);
                        skip = 3;
                    }
                }
                "lowerbound" => info.bound = Some(Bound::Lower),
                "upperbound" => info.bound = Some(Bound::Upper),
                "pv" => {
                    let end = words[i + 1..]
                        .iter()
                        .position(|w| *w == "string")
                        .map_or(words.len(), |p| i + 1 + p);
                    info.pv = words[i + 1..end].iter().map(|m| m.to_string()).collect();
                    skip = end - i;
                }
                "string" => {
                    info.string = Some(text_after(rest, i + 1));
                    break;
                }
                _ => {}
            }
            if is_key(words[i]) {
                skip = 2;
            }
            i += skip;
        }
        info
    }
}

/// True for the `info` keys that take one value.
fn is_key(word: &str) -> bool {
    matches!(
        word,
        "depth"
            | "seldepth"
            | "multipv"
            | "nodes"
            | "nps"
            | "hashfull"
            | "tbhits"
            | "time"
            | "currmove"
            | "currmovenumber"
    )
}

/// The text of `line` after its first `words` words, as written (inner spacing kept).
fn text_after(line: &str, words: usize) -> String {
    let mut rest = line.trim_start();
    for _ in 0..words {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    rest.to_string()
}

impl fmt::Display for UciInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (key, v) in numbers {
            if let Some(v) = v {
                write!(f, " {key} {v}")?;
            }
        }
        if let Some(s) = self.score {
            write!(f, " score {s}")?;
            match self.bound {
                Some(Bound::Lower) => f.write_str(" lowerbound")?,
                Some(Bound::Upper) => f.write_str(" upperbound")?,
                None => {}
            }
        }
        let numbers = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("tbhits", self.tbhits),
            ("time", self.time.map(|t| t.as_millis() as u64)),
        ];
        for (key, v) in numbers {
            if let Some(v) = v {
                write!(f, " {key} {v}")?;
            }
        }
        if let Some(m) = &self.currmove {
            write!(f, " currmove {m}")?;
        }
        if let Some(n) = self.currmovenumber {
            write!(f, " currmovenumber {n}")?;
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        if let Some(s) = &self.string {
            write!(f, " string {s}")?;
        }
        Ok(())
    }
}

/// A line from the engine to the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciReply {
    /// `id name N`.
    IdName(String),
    /// `id author A`.
    IdAuthor(String),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `option name ...`.
    Option(UciOption),
    /// `bestmove M [ponder P]` (`0000` when there is no legal move).
    BestMove {
        /// The move to play.
        best: String,
        /// The expected reply.
        ponder: Option<String>,
    },
    /// `info ...` with search figures.
    Info(Box<UciInfo>),
    /// `info string TEXT`.
    InfoString(String),
    /// `info string variant V startpos FEN`: the game chosen with `UCI_Variant` and the engine's
    /// own start position, as Fairy-Stockfish announces them.
    VariantStart {
        /// The variant's name.
        variant: String,
        /// What `position startpos` means to the engine from now on.
        fen: String,
    },
    /// `MOVE: N`: a root move's count after `go perft`.
    PerftMove {
        /// The move.
        mv: String,
        /// Leaf nodes below it.
        nodes: u64,
    },
    /// `Nodes searched: N`, the last line after `go perft`.
    PerftTotal(u64),
    /// An empty line (between a perft's moves and its total).
    Blank,
}

impl FromStr for UciReply {
    type Err = UciError;

    fn from_str(line: &str) -> Result<Self, UciError> {
        let text = line.trim();
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = || UciError::NotAReply(text.to_string());
        Ok(match words.as_slice() {
            [] => UciReply::Blank,
            ["uciok"] => UciReply::UciOk,
            ["readyok"] => UciReply::ReadyOk,
            ["id", "name", ..] => UciReply::IdName(text_after(text, 2)),
            ["id", "author", ..] => UciReply::IdAuthor(text_after(text, 2)),
            ["option", rest @ ..] => UciReply::Option(UciOption::parse(rest).ok_or_else(bad)?),
            ["bestmove"] => UciReply::BestMove {
                best: String::new(),
                ponder: None,
            },
            ["bestmove", best, rest @ ..] => UciReply::BestMove {
                best: best.to_string(),
                ponder: match rest {
                    ["ponder", p, ..] => Some(p.to_string()),
                    _ => None,
                },
            },
            ["info", "string", ..] => {
                let said = text_after(text, 2);
                match said.split_whitespace().collect::<Vec<_>>().as_slice() {
                    ["variant", variant, "startpos", _, ..] => UciReply::VariantStart {
                        variant: variant.to_string(),
                        fen: text_after(&said, 3),
                    },
                    _ => UciReply::InfoString(said),
                }
            }
            ["info", ..] => UciReply::Info(Box::new(UciInfo::parse(&text_after(text, 1)))),
            ["Nodes", "searched:", n] => UciReply::PerftTotal(n.parse().map_err(|_| bad())?),
            [mv, n] if mv.len() > 1 && mv.ends_with(':') => UciReply::PerftMove {
                mv: mv[..mv.len() - 1].to_string(),
                nodes: n.parse().map_err(|_| bad())?,
            },
            _ => return Err(bad()),
        })
    }
}

impl fmt::Display for UciReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciReply::IdName(name) => write!(f, "{}", UciMessage::id_name(name)),
            UciReply::IdAuthor(author) => write!(f, "{}", UciMessage::id_author(author)),
            UciReply::UciOk => write!(f, "{}", UciMessage::UciOk),
            UciReply::ReadyOk => write!(f, "{}", UciMessage::ReadyOk),
            UciReply::Option(o) => o.fmt(f),
            UciReply::BestMove { best, ponder } => {
                write!(f, "bestmove {best}")?;
                match ponder {
                    Some(p) => write!(f, " ponder {p}"),
                    None => Ok(()),
                }
            }
            UciReply::Info(info) => info.fmt(f),
            UciReply::InfoString(text) => write!(f, "{}", UciMessage::info_string(text.clone())),
            UciReply::VariantStart { variant, fen } => write!(
                f,
                "{}",
                UciMessage::info_string(format!("variant {variant} startpos {fen}"))
            ),
            UciReply::PerftMove { mv, nodes } => write!(f, "{mv}: {nodes}"),
            UciReply::PerftTotal(n) => write!(f, "Nodes searched: {n}"),
            UciReply::Blank => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip_command(c: UciCommand) {
        let text = c.to_string();
        assert_eq!(text.parse::<UciCommand>(), Ok(c), "{text}");
    }

    fn round_trip_reply(r: UciReply) {
        let text = r.to_string();
        assert_eq!(text.parse::<UciReply>(), Ok(r), "{text}");
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn every_command_round_trips() {
        let full_go = Go {
            wtime: Some(ms(1000)),
            btime: Some(ms(0)),
            winc: Some(ms(10)),
            binc: Some(ms(20)),
            movestogo: Some(7),
            limits: SearchLimits {
                depth: Some(9),
                nodes: Some(5000),
                movetime: Some(ms(300)),
                mate: Some(3),
                infinite: true,
            },
            ponder: true,
            searchmoves: Some(vec!["i2i3".into(), "f6e5,e5d4".into()]),
        };
        for c in [
            UciCommand::Uci,
            UciCommand::Debug(true),
            UciCommand::Debug(false),
            UciCommand::IsReady,
            UciCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into()),
            },
            UciCommand::SetOption {
                name: "Clear Hash".into(),
                value: None,
            },
            UciCommand::Register("later".into()),
            UciCommand::Register(String::new()),
            UciCommand::UciNewGame,
            UciCommand::Position {
                fen: None,
                moves: vec![],
            },
            UciCommand::Position {
                fen: Some("8/8/8/8/8/B1K5/8/k7 w - - 0 1".into()),
                moves: vec!["a3b2".into()],
            },
            UciCommand::Go(Box::default()),
            UciCommand::Go(Box::new(full_go)),
            UciCommand::Go(Box::new(Go {
                searchmoves: Some(vec![]),
                ..Go::default()
            })),
            UciCommand::Perft(3),
            UciCommand::Stop,
            UciCommand::PonderHit,
            UciCommand::Quit,
            UciCommand::Display,
        ] {
            round_trip_command(c);
        }
    }

    #[test]
    fn tricky_commands() {
        let p = |s: &str| s.parse::<UciCommand>();
        // Twelve-file squares and multi-leg captures are kept (vampirc-uci drops them).
        assert_eq!(
            p("position startpos moves i2i3 l1l2 f6e5,e5d4"),
            Ok(UciCommand::Position {
                fen: None,
                moves: vec!["i2i3".into(), "l1l2".into(), "f6e5,e5d4".into()]
            })
        );
        assert_eq!(
            p("position fen 4k6r/2P9/12/12/12/12/12/4K7 w 0 1 moves c7c8f"),
            Ok(UciCommand::Position {
                fen: Some("4k6r/2P9/12/12/12/12/12/4K7 w 0 1".into()),
                moves: vec!["c7c8f".into()]
            })
        );
        assert_eq!(p("position fen"), Err(UciError::Position));
        assert_eq!(p("position startpos extra"), Err(UciError::Position));
        // vampirc-uci panics on these.
        let Ok(UciCommand::Go(go)) = p("go depth 300") else {
            panic!()
        };
        assert_eq!(go.limits.depth, Some(300));
        assert_eq!(p("go "), Ok(UciCommand::Go(Box::default())));
        // GUIs send negative times once a clock has run out.
        let Ok(UciCommand::Go(go)) = p("go wtime -50 btime 100 searchmoves a1a2 b1b2 depth 4")
        else {
            panic!()
        };
        assert_eq!((go.wtime, go.btime), (Some(ms(0)), Some(ms(100))));
        assert_eq!(go.searchmoves, Some(vec!["a1a2".into(), "b1b2".into()]));
        assert_eq!(go.limits.depth, Some(4));
        assert_eq!(go.clock(true), Some((ms(0), Duration::ZERO)));
        assert_eq!(p("go perft x"), Err(bad_perft("x")));
        assert_eq!(p("go perft -3"), Err(bad_perft("-3")));
        assert_eq!(p("go perft"), Err(bad_perft("")));
        assert_eq!(
            p("go perft 10000").unwrap_err().to_string(),
            "go: perft '10000' is not a depth from 0 to 64 (a deeper perft never finishes)"
        );
        assert_eq!(p("go perft 64"), Ok(UciCommand::Perft(64)));
        assert_eq!(p("go perft 3 depth 2"), Err(bad_perft("3 depth 2")));
        assert_eq!(
            p("go depth banana").unwrap_err().to_string(),
            "go: depth 'banana' is not a number"
        );
        assert_eq!(
            p("go depth").unwrap_err().to_string(),
            "go: depth needs a value"
        );
        assert_eq!(p("  isready  "), Ok(UciCommand::IsReady));
        assert_eq!(p(""), Err(UciError::Empty));
        assert_eq!(
            p("isready now"),
            Err(UciError::Unknown("isready now".into()))
        );
        assert_eq!(p("d now"), Ok(UciCommand::Display));
        assert_eq!(
            p("setoption name Move Overhead value 40"),
            Ok(UciCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("40".into())
            })
        );
        assert_eq!(
            p("setoption Hash 5").unwrap_err().to_string(),
            "expected 'setoption name N value V', got 'Hash 5'"
        );
        assert_eq!(
            p("frobnicate the board").unwrap_err().to_string(),
            "unknown command 'frobnicate the board'"
        );
    }

    #[test]
    fn a_bad_go_is_read_as_far_as_it_goes() {
        let read = |s: &str| -> (Go, Vec<String>) {
            let (go, problems) = Go::read(s);
            (go, problems.iter().map(ToString::to_string).collect())
        };
        // The parts that read are kept, the bad value is left out and said.
        let (go, problems) = read("wtime 1000 btime 1000 movestogo abc");
        assert_eq!(
            (go.wtime, go.btime, go.movestogo),
            (Some(ms(1000)), Some(ms(1000)), None)
        );
        assert_eq!(problems, ["movestogo 'abc' is not a number"]);
        let (go, problems) = read("movetime 1.5");
        assert_eq!(go, Go::default());
        assert_eq!(problems, ["movetime '1.5' is not a number"]);
        // A value missing before the next keyword: that keyword still counts.
        let (go, problems) = read("movetime depth 5");
        assert_eq!((go.limits.movetime, go.limits.depth), (None, Some(5)));
        assert_eq!(problems, ["movetime needs a value"]);
        let (go, problems) = read("frobnicate depth 5");
        assert_eq!(go.limits.depth, Some(5));
        assert_eq!(problems, ["unknown go argument 'frobnicate'"]);
        // Too large: the largest the field holds, never the low bits.
        let (go, problems) = read("wtime 99999999999999999999 btime 1000");
        assert_eq!(go.wtime, Some(ms(u64::MAX)));
        assert_eq!(
            problems,
            ["wtime 99999999999999999999 is out of range (read as 18446744073709551615)"]
        );
        let (go, problems) = read("movestogo 4294967296 depth 4294967297 mate 99999999999");
        assert_eq!(go.movestogo, Some(u32::MAX));
        assert_eq!(go.limits.depth, Some(u32::MAX));
        assert_eq!(go.limits.mate, Some(u32::MAX));
        assert_eq!(problems.len(), 3);
        assert!(Go::read("movestogo 4294967296")
            .1
            .iter()
            .all(GoError::clamped));
        assert_eq!(Go::read("movestogo 4294967296").1[0].key(), "movestogo");
        // Negative numbers of any size are 0 (a clock that ran out).
        let (go, problems) = read("wtime -99999999999999999999999 btime +7");
        assert_eq!((go.wtime, go.btime), (Some(ms(0)), Some(ms(7))));
        assert!(problems.is_empty());
        // The largest value round-trips.
        let go = Go {
            wtime: Some(ms(u64::MAX)),
            movestogo: Some(u32::MAX),
            ..Go::default()
        };
        assert_eq!(go.to_string().strip_prefix("go").unwrap().parse(), Ok(go));
    }

    #[test]
    fn every_reply_round_trips() {
        let info = UciInfo {
            depth: Some(7),
            seldepth: Some(9),
            multipv: Some(1),
            score: Some(Score::Mate(-2)),
            bound: Some(Bound::Upper),
            nodes: Some(5),
            nps: Some(1000),
            hashfull: Some(3),
            tbhits: Some(0),
            time: Some(ms(12)),
            currmove: Some("a1a2".into()),
            currmovenumber: Some(2),
            pv: vec!["a1a2".into(), "b7b6".into()],
            string: Some("two  spaces".into()),
        };
        for r in [
            UciReply::IdName("Kurier 0.1.0".into()),
            UciReply::IdAuthor("the Kurier developers".into()),
            UciReply::UciOk,
            UciReply::ReadyOk,
            UciReply::Option(UciOption {
                name: "Move Overhead".into(),
                kind: UciOptionKind::Spin {
                    default: Some(30),
                    min: Some(0),
                    max: Some(5000),
                },
            }),
            UciReply::Option(UciOption {
                name: "UCI_Variant".into(),
                kind: UciOptionKind::Combo {
                    default: Some("courier".into()),
                    vars: vec!["courier".into(), "schachdame".into()],
                },
            }),
            UciReply::Option(UciOption {
                name: "Ponder".into(),
                kind: UciOptionKind::Check {
                    default: Some(false),
                },
            }),
            UciReply::Option(UciOption {
                name: "Clear Hash".into(),
                kind: UciOptionKind::Button,
            }),
            UciReply::Option(UciOption {
                name: "VariantPath".into(),
                kind: UciOptionKind::String {
                    default: Some("<empty>".into()),
                },
            }),
            UciReply::BestMove {
                best: "i2i3".into(),
                ponder: Some("i7i6".into()),
            },
            UciReply::BestMove {
                best: "0000".into(),
                ponder: None,
            },
            UciReply::Info(Box::new(info)),
            UciReply::Info(Box::new(UciInfo {
                depth: Some(1),
                score: Some(Score::Cp(-31)),
                ..UciInfo::default()
            })),
            UciReply::InfoString("error: unknown command 'x'".into()),
            UciReply::VariantStart {
                variant: "courier".into(),
                fen: "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"
                    .into(),
            },
            UciReply::PerftMove {
                mv: "c2d3,d3e4".into(),
                nodes: 1,
            },
            UciReply::PerftTotal(2344840),
            UciReply::Blank,
        ] {
            round_trip_reply(r);
        }
    }

    #[test]
    fn the_lines_kurier_writes() {
        // Byte for byte what the engine has always written.
        let info = UciInfo {
            depth: Some(5),
            seldepth: Some(8),
            multipv: Some(1),
            score: Some(Score::Cp(12)),
            nodes: Some(100),
            nps: Some(2000),
            hashfull: Some(0),
            time: Some(ms(50)),
            pv: vec!["b2a3".into(), "a7b6".into()],
            ..UciInfo::default()
        };
        assert_eq!(
            UciReply::Info(Box::new(info)).to_string(),
            "info depth 5 seldepth 8 multipv 1 score cp 12 nodes 100 nps 2000 hashfull 0 time 50 pv b2a3 a7b6"
        );
        let o = UciOption {
            name: "Move Overhead".into(),
            kind: UciOptionKind::Spin {
                default: Some(30),
                min: Some(0),
                max: Some(5000),
            },
        };
        assert_eq!(
            o.to_string(),
            "option name Move Overhead type spin default 30 min 0 max 5000"
        );
        assert_eq!(
            UciReply::InfoString("fen x".into()).to_string(),
            "info string fen x"
        );
    }

    #[test]
    fn tricky_replies() {
        let p = |s: &str| s.parse::<UciReply>();
        let Ok(UciReply::Info(i)) = p("info depth 7 seldepth 9 score cp -31 nodes 5 pv a1a2")
        else {
            panic!()
        };
        assert_eq!((i.depth, i.score), (Some(7), Some(Score::Cp(-31))));
        let Ok(UciReply::Info(i)) = p("info depth 3 score mate -2 upperbound") else {
            panic!()
        };
        assert_eq!(
            (i.score, i.bound),
            (Some(Score::Mate(-2)), Some(Bound::Upper))
        );
        let Ok(UciReply::Info(i)) = p("info depth x score cp y") else {
            panic!()
        };
        assert_eq!((i.depth, i.score), (None, None));
        assert_eq!(
            p("info string score cp 5"),
            Ok(UciReply::InfoString("score cp 5".into()))
        );
        assert_eq!(
            p("bestmove"),
            Ok(UciReply::BestMove {
                best: String::new(),
                ponder: None
            })
        );
        let Ok(UciReply::Option(o)) = p(
            "option name UCI_Variant type combo default chess var chess var courier var my choice",
        ) else {
            panic!()
        };
        assert_eq!(
            o.kind,
            UciOptionKind::Combo {
                default: Some("chess".into()),
                vars: vec!["chess".into(), "courier".into(), "my choice".into()]
            }
        );
        assert!(p("option name X type frob").is_err());
        assert!(p("copyprotection ok").is_err());
        assert!(p("info string variant courier").is_ok());
    }
}
