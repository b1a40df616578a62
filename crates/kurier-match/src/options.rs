//! The `kurier match` command line, parsed into types with clear errors.
//!
//! ```text
//! kurier match --variant NAME --engine SPEC --engine SPEC [--each SPEC] [--games N] [--rounds N]
//!              [--tc TC | --st SEC | --depth N | --nodes N] [--openings FILE [order=..] [plies=N]]
//!              [--concurrency N] [--pgn FILE] [--adjudicate draw=M:CP[:FROM] resign=M:CP]
//!              [--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05] [--seed N] [--timemargin MS]
//!              [--move-timeout SEC] [--event NAME]
//! kurier match --replay FILE.pgn [--variant NAME]
//! ```
//!
//! An engine SPEC is one argument of `key=value` words, split like a shell line (quotes group
//! words): `cmd=PROGRAM [ARGS...] proto=uci|xboard name=NAME option.X=Y init=TEXT dir=DIR
//! variant=NAME tc=TC st=SEC depth=N nodes=N restart=on|off`. Words after `cmd=` that are not a
//! known `key=value` are the program's arguments. Keys of an engine override `--each`, which
//! overrides the global flags.

use kurier_rules::games::Variant;
use kurier_wire::SearchLimits;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// Usage of `kurier match`.
pub const MATCH_USAGE: &str = "\
kurier match --variant NAME --engine SPEC --engine SPEC [--engine SPEC ...] [options]
kurier match --replay FILE.pgn [--variant NAME]

Engine SPEC (one argument, words split like a shell line):
  cmd=PROGRAM [ARGS...]   the engine command (required)
  proto=uci|xboard        protocol (default uci)
  name=NAME               name in tables and PGN (default: the program's file name)
  option.X=Y              UCI setoption / XBoard 'option X=Y' (repeatable)
  init=TEXT               a line sent after the handshake (repeatable)
  dir=DIR                 working directory
  variant=NAME            the engine's own name for the game (UCI_Variant / XBoard variant)
  tc=TC st=SEC depth=N nodes=N   limits for this engine (override the global ones)
  restart=on|off          start a fresh process for every game (default off)

Options:
  --each SPEC             keys applied to every engine (an engine's own keys win)
  --games N               games per pair and round (default 2: each opening with both colours)
  --rounds N              rounds; every pair of engines meets in each (default 1)
  --tc [MOVES/]BASE[+INC] clock: BASE seconds or m:ss, INC seconds (e.g. 40/60+0.5, 1:30+1)
  --st SEC | --depth N | --nodes N   fixed time, depth or nodes per move
  --openings FILE [order=sequential|random] [plies=N]   FEN/EPD lines or PGN games
  --concurrency N         games played at once (default 1)
  --pgn FILE              append every game to FILE
  --adjudicate [draw=MOVES:CP[:FROM]] [resign=MOVES:CP]   end games by the engines' scores
  --sprt elo0=E0 elo1=E1 alpha=A beta=B                 stop when the test decides (2 engines)
  --seed N                seed for order=random (default 1)
  --timemargin MS         a move may arrive this late after the flag falls (default 100)
  --move-timeout SEC      longest wait for a move without a clock (default 60; with st: st + this)
  --event NAME            PGN Event tag
  --replay FILE           re-check every game of a PGN with Kurier's rules (exit 1 on a mismatch)";

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (with the Fairy-Stockfish `UCI_Variant` convention).
    Uci,
    /// XBoard / CECP version 2.
    Xboard,
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Uci => "uci",
            Protocol::Xboard => "xboard",
        })
    }
}

pub use kurier_wire::time_control::{format_seconds, parse_seconds, TimeControl};

/// How long an engine may think: a clock kept by the runner, a fixed time per move, a depth or
/// a node count; any combination, at least one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// A clock kept by the runner (`inf` sets none).
    pub tc: Option<TimeControl>,
    /// The fixed time (`st`, UCI `movetime`), depth and node limits (UCI only) per move.
    pub search: SearchLimits,
}

impl Limits {
    /// True when no limit is set (an infinite time control is none).
    pub fn is_empty(&self) -> bool {
        self.tc.is_none_or(|tc| tc == TimeControl::Infinite) && self.search.is_empty()
    }
}

impl fmt::Display for Limits {
    /// `tc=40/60+0.5 depth=3`: the limits as engine-spec keys.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(tc) = self.tc {
            parts.push(format!("tc={tc}"));
        }
        if let Some(st) = self.search.movetime {
            parts.push(format!("st={}", format_seconds(st)));
        }
        if let Some(d) = self.search.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.search.nodes {
            parts.push(format!("nodes={n}"));
        }
        f.write_str(&parts.join(" "))
    }
}

/// One engine of the match, with every key resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Name in the tables and the PGN.
    pub name: String,
    /// Program and arguments.
    pub cmd: Vec<String>,
    /// Working directory.
    pub dir: Option<PathBuf>,
    /// Protocol.
    pub protocol: Protocol,
    /// Engine options in the order given: UCI `setoption`, XBoard `option`.
    pub options: Vec<(String, String)>,
    /// Lines sent after the handshake.
    pub init: Vec<String>,
    /// The engine's own name for the game, when it differs from Kurier's.
    pub variant: Option<String>,
    /// How long it may think.
    pub limits: Limits,
    /// A fresh process for every game.
    pub restart: bool,
}

/// Draw adjudication: both engines' scores within `cp` for `moves` moves each, from move `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// Consecutive moves of each side.
    pub moves: u32,
    /// Largest absolute score, centipawns.
    pub cp: i32,
    /// First full-move number from which the rule applies.
    pub from: u32,
}

/// Resign adjudication: one engine's own score at most `-cp` and its opponent's at least `cp`,
/// for `moves` moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves of each side.
    pub moves: u32,
    /// Score threshold, centipawns.
    pub cp: i32,
}

/// Score-based adjudication.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Draw rule, if any.
    pub draw: Option<DrawRule>,
    /// Resign rule, if any.
    pub resign: Option<ResignRule>,
}

/// A sequential probability ratio test between two Elo hypotheses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtParams {
    /// Elo difference of H0.
    pub elo0: f64,
    /// Elo difference of H1.
    pub elo1: f64,
    /// Type I error (accepting H1 when H0 holds).
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
}

// The parser accepts only finite numbers, so equality is an equivalence.
impl Eq for SprtParams {}

/// In which order openings are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningOrder {
    /// As in the file.
    Sequential,
    /// Shuffled once with the seed.
    Random,
}

/// The openings file and how to use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsSpec {
    /// FEN/EPD lines or PGN games.
    pub file: PathBuf,
    /// Order.
    pub order: OpeningOrder,
    /// Use at most this many plies of a PGN opening.
    pub plies: Option<usize>,
}

/// Everything a match needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOptions {
    /// The game.
    pub variant: Variant,
    /// Two or more engines.
    pub engines: Vec<EngineSpec>,
    /// Games per pair and round.
    pub games: u32,
    /// Rounds.
    pub rounds: u32,
    /// Openings; the game's start position when `None`.
    pub openings: Option<OpeningsSpec>,
    /// Games at once.
    pub concurrency: usize,
    /// PGN output file (appended to).
    pub pgn: Option<PathBuf>,
    /// Score adjudication.
    pub adjudication: Adjudication,
    /// SPRT, for a match of two engines.
    pub sprt: Option<SprtParams>,
    /// Seed for random choices.
    pub seed: u64,
    /// Lateness accepted after a flag falls.
    pub time_margin: Duration,
    /// Longest wait for a move without a clock.
    pub move_timeout: Duration,
    /// PGN Event tag.
    pub event: String,
}

/// What `kurier match` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchCommand {
    /// Play a match or tournament.
    Play(Box<MatchOptions>),
    /// Check every game of a PGN file.
    Replay {
        /// The PGN file.
        file: PathBuf,
        /// The game, when the file has no `Variant` tags.
        variant: Option<Variant>,
    },
    /// Print the usage.
    Help,
}

/// Splits a line into words like a POSIX shell does (without expansions): blanks separate words,
/// `'...'` quotes literally, `"..."` quotes with `\"` and `\\` escapes, and `\` outside quotes
/// escapes the next character.
pub fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated ' quote in: {text}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unterminated \" quote in: {text}")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated \" quote in: {text}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("a trailing \\ in: {text}")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// The keys an engine spec may hold, as parsed from one `--engine` or `--each` argument.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct RawSpec {
    cmd: Option<Vec<String>>,
    proto: Option<Protocol>,
    name: Option<String>,
    dir: Option<PathBuf>,
    options: Vec<(String, String)>,
    init: Vec<String>,
    variant: Option<String>,
    tc: Option<TimeControl>,
    st: Option<Duration>,
    depth: Option<u32>,
    nodes: Option<u64>,
    restart: Option<bool>,
}

fn positive<T: FromStr + PartialOrd + Default>(key: &str, text: &str) -> Result<T, String> {
    text.parse::<T>()
        .ok()
        .filter(|v| *v > T::default())
        .ok_or_else(|| format!("{key}: '{text}' is not a number above 0"))
}

fn fixed_time(key: &str, text: &str) -> Result<Duration, String> {
    let d = parse_seconds(text).map_err(|e| format!("{key}: {e}"))?;
    if d.is_zero() {
        return Err(format!("{key}: the time must be more than 0"));
    }
    Ok(d)
}

impl RawSpec {
    /// Reads the words of one spec argument.
    fn parse(text: &str, allow_cmd: bool) -> Result<RawSpec, String> {
        let mut spec = RawSpec::default();
        let mut last_was_cmd = false;
        for word in split_words(text)? {
            let Some((key, value)) = word.split_once('=').filter(|(k, _)| is_key(k)) else {
                // A word that is not a known key: an argument of the command, unless it looks
                // like a mistyped key (`protp=uci`); such an argument must be quoted into cmd.
                let keyish = word.split_once('=').is_some_and(|(k, _)| {
                    !k.is_empty()
                        && k.chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_')
                });
                match (&mut spec.cmd, last_was_cmd && !keyish) {
                    (Some(cmd), true) => {
                        cmd.push(word);
                        continue;
                    }
                    _ => {
                        return Err(format!(
                        "'{word}' is not a known key=value word (keys: cmd proto name option.X \
                         init dir variant tc st depth nodes restart; quote program arguments \
                         of that form into cmd: cmd='prog {word}')"
                    ))
                    }
                }
            };
            last_was_cmd = false;
            let once = |present: bool| {
                if present {
                    Err(format!("'{key}' is given twice"))
                } else {
                    Ok(())
                }
            };
            if value.is_empty() && key != "init" {
                return Err(format!("'{key}' needs a value"));
            }
            match key {
                "cmd" => {
                    if !allow_cmd {
                        return Err("cmd= belongs to --engine, not --each".to_string());
                    }
                    once(spec.cmd.is_some())?;
                    let words = split_words(value)?;
                    if words.is_empty() {
                        return Err("'cmd' needs a value".to_string());
                    }
                    spec.cmd = Some(words);
                    last_was_cmd = true;
                }
                "proto" => {
                    once(spec.proto.is_some())?;
                    spec.proto = Some(match value {
                        "uci" => Protocol::Uci,
                        "xboard" | "cecp" => Protocol::Xboard,
                        _ => return Err(format!("proto: '{value}' is not uci or xboard")),
                    });
                }
                "name" => {
                    once(spec.name.is_some())?;
                    spec.name = Some(value.to_string());
                }
                "dir" => {
                    once(spec.dir.is_some())?;
                    spec.dir = Some(PathBuf::from(value));
                }
                "init" => spec.init.extend(value.split("\\n").map(str::to_string)),
                "variant" => {
                    once(spec.variant.is_some())?;
                    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
                        return Err(format!("variant: '{value}' has blanks"));
                    }
                    spec.variant = Some(value.to_string());
                }
                "tc" => {
                    once(spec.tc.is_some())?;
                    spec.tc = Some(value.parse()?);
                }
                "st" => {
                    once(spec.st.is_some())?;
                    spec.st = Some(fixed_time("st", value)?);
                }
                "depth" => {
                    once(spec.depth.is_some())?;
                    spec.depth = Some(positive("depth", value)?);
                }
                "nodes" => {
                    once(spec.nodes.is_some())?;
                    spec.nodes = Some(positive("nodes", value)?);
                }
                "restart" => {
                    once(spec.restart.is_some())?;
                    spec.restart = Some(match value {
                        "on" | "true" | "yes" => true,
                        "off" | "false" | "no" => false,
                        _ => return Err(format!("restart: '{value}' is not on or off")),
                    });
                }
                option => {
                    let name = option.strip_prefix("option.").unwrap_or_default();
                    if name.is_empty() || word.contains(['\n', '\r']) {
                        return Err(format!(
                            "'{option}' needs an option name: option.NAME=VALUE"
                        ));
                    }
                    spec.options.retain(|(n, _)| n != name);
                    spec.options.push((name.to_string(), value.to_string()));
                }
            }
        }
        if let Some(bad) = spec.init.iter().find(|l| l.contains(['\n', '\r'])) {
            return Err(format!("init: '{bad}' holds a line break"));
        }
        Ok(spec)
    }

    /// `self` with the keys of `over` taking precedence.
    fn overridden_by(&self, over: &RawSpec) -> RawSpec {
        let mut options = self.options.clone();
        for (name, value) in &over.options {
            options.retain(|(n, _)| n != name);
            options.push((name.clone(), value.clone()));
        }
        RawSpec {
            cmd: over.cmd.clone().or_else(|| self.cmd.clone()),
            proto: over.proto.or(self.proto),
            name: over.name.clone().or_else(|| self.name.clone()),
            dir: over.dir.clone().or_else(|| self.dir.clone()),
            options,
            init: self.init.iter().chain(&over.init).cloned().collect(),
            variant: over.variant.clone().or_else(|| self.variant.clone()),
            tc: over.tc.or(self.tc),
            st: over.st.or(self.st),
            depth: over.depth.or(self.depth),
            nodes: over.nodes.or(self.nodes),
            restart: over.restart.or(self.restart),
        }
    }
}

fn is_key(key: &str) -> bool {
    matches!(
        key,
        "cmd"
            | "proto"
            | "name"
            | "dir"
            | "init"
            | "variant"
            | "tc"
            | "st"
            | "depth"
            | "nodes"
            | "restart"
    ) || key.starts_with("option.")
}

/// Reads the `key=value` words that follow a flag (each argument may hold several words), up to
/// the next `--flag`.
fn key_values(args: &[String], i: &mut usize, flag: &str) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    while let Some(arg) = args.get(*i + 1).filter(|a| !a.starts_with("--")) {
        *i += 1;
        for word in split_words(arg)? {
            let (k, v) = word
                .split_once('=')
                .ok_or_else(|| format!("{flag}: '{word}' is not a key=value word"))?;
            pairs.push((k.to_string(), v.to_string()));
        }
    }
    if pairs.is_empty() {
        return Err(format!("{flag} needs key=value words"));
    }
    Ok(pairs)
}

fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, String> {
    *i += 1;
    args.get(*i)
        .map(String::as_str)
        .ok_or_else(|| format!("{flag} needs a value"))
}

fn finite(key: &str, text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| format!("{key}: '{text}' is not a number"))
}

fn parse_sprt(pairs: &[(String, String)]) -> Result<SprtParams, String> {
    let mut p = SprtParams {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in pairs {
        let x = finite(&format!("--sprt {k}"), v)?;
        match k.as_str() {
            "elo0" => p.elo0 = x,
            "elo1" => p.elo1 = x,
            "alpha" => p.alpha = x,
            "beta" => p.beta = x,
            _ => return Err(format!("--sprt: unknown key '{k}' (elo0 elo1 alpha beta)")),
        }
    }
    if p.elo1 <= p.elo0 {
        return Err("--sprt: elo1 must be greater than elo0".to_string());
    }
    for (name, x) in [("alpha", p.alpha), ("beta", p.beta)] {
        if !(x > 0.0 && x < 0.5) {
            return Err(format!("--sprt: {name} must be between 0 and 0.5"));
        }
    }
    Ok(p)
}

fn parse_adjudication(pairs: &[(String, String)]) -> Result<Adjudication, String> {
    let mut a = Adjudication::default();
    for (k, v) in pairs {
        let fields: Vec<&str> = v.split(':').collect();
        let bad = || format!("--adjudicate {k}={v}: expected MOVES:CP");
        let moves = fields
            .first()
            .and_then(|m| m.parse::<u32>().ok())
            .filter(|&m| m > 0)
            .ok_or_else(bad)?;
        let cp = fields
            .get(1)
            .and_then(|c| c.parse::<i32>().ok())
            .filter(|c| (0..=100_000).contains(c))
            .ok_or_else(bad)?;
        match (k.as_str(), fields.len()) {
            ("draw", 2 | 3) => {
                let from = match fields.get(2) {
                    Some(f) => f.parse::<u32>().map_err(|_| {
                        format!("--adjudicate draw={v}: '{f}' is not a move number")
                    })?,
                    None => 0,
                };
                a.draw = Some(DrawRule { moves, cp, from });
            }
            ("resign", 2) => {
                if cp == 0 {
                    return Err(format!(
                        "--adjudicate resign={v}: the score must be above 0"
                    ));
                }
                a.resign = Some(ResignRule { moves, cp });
            }
            ("draw" | "resign", _) => return Err(bad()),
            _ => return Err(format!("--adjudicate: unknown key '{k}' (draw, resign)")),
        }
    }
    Ok(a)
}

fn parse_openings(args: &[String], i: &mut usize) -> Result<OpeningsSpec, String> {
    let first = value(args, i, "--openings")?;
    let mut spec = OpeningsSpec {
        file: PathBuf::new(),
        order: OpeningOrder::Sequential,
        plies: None,
    };
    let mut pairs = Vec::new();
    if first.contains('=') {
        *i -= 1;
    } else {
        spec.file = PathBuf::from(first);
    }
    if args.get(*i + 1).is_some_and(|a| !a.starts_with("--")) {
        pairs = key_values(args, i, "--openings")?;
    }
    for (k, v) in pairs {
        match k.as_str() {
            "file" => spec.file = PathBuf::from(v),
            "order" => {
                spec.order = match v.as_str() {
                    "sequential" => OpeningOrder::Sequential,
                    "random" => OpeningOrder::Random,
                    _ => return Err(format!("--openings order={v}: sequential or random")),
                }
            }
            "plies" => spec.plies = Some(positive("--openings plies", &v)?),
            _ => return Err(format!("--openings: unknown key '{k}' (file order plies)")),
        }
    }
    if spec.file.as_os_str().is_empty() {
        return Err("--openings needs a FILE".to_string());
    }
    Ok(spec)
}

/// Parses the arguments after `match`.
pub fn parse(args: &[String]) -> Result<MatchCommand, String> {
    let mut variant = None;
    let mut engines = Vec::new();
    let mut each = RawSpec::default();
    let mut global = RawSpec::default();
    let (mut games, mut rounds, mut concurrency, mut seed) = (2u32, 1u32, 1usize, 1u64);
    let (mut openings, mut pgn, mut replay, mut sprt) = (None, None, None, None);
    let mut adjudication = Adjudication::default();
    let mut time_margin = Duration::from_millis(100);
    let mut move_timeout = Duration::from_secs(60);
    let mut event = "kurier match".to_string();
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        match flag {
            "-h" | "--help" => return Ok(MatchCommand::Help),
            "--variant" => {
                variant = Some(
                    value(args, &mut i, flag)?
                        .parse::<Variant>()
                        .map_err(|e| e.to_string())?,
                )
            }
            "--engine" => engines.push(
                RawSpec::parse(value(args, &mut i, flag)?, true)
                    .map_err(|e| format!("--engine {}: {e}", engines.len() + 1))?,
            ),
            "--each" => {
                let more = RawSpec::parse(value(args, &mut i, flag)?, false)
                    .map_err(|e| format!("--each: {e}"))?;
                each = each.overridden_by(&more);
            }
            "--games" => games = positive(flag, value(args, &mut i, flag)?)?,
            "--rounds" => rounds = positive(flag, value(args, &mut i, flag)?)?,
            "--concurrency" => concurrency = positive(flag, value(args, &mut i, flag)?)?,
            "--seed" => {
                let v = value(args, &mut i, flag)?;
                seed = v
                    .parse()
                    .map_err(|_| format!("--seed: '{v}' is not a whole number"))?;
            }
            "--tc" => global.tc = Some(value(args, &mut i, flag)?.parse()?),
            "--st" => global.st = Some(fixed_time(flag, value(args, &mut i, flag)?)?),
            "--depth" => global.depth = Some(positive(flag, value(args, &mut i, flag)?)?),
            "--nodes" => global.nodes = Some(positive(flag, value(args, &mut i, flag)?)?),
            "--openings" => openings = Some(parse_openings(args, &mut i)?),
            "--pgn" => pgn = Some(PathBuf::from(value(args, &mut i, flag)?)),
            "--replay" => replay = Some(PathBuf::from(value(args, &mut i, flag)?)),
            "--adjudicate" => adjudication = parse_adjudication(&key_values(args, &mut i, flag)?)?,
            "--sprt" => sprt = Some(parse_sprt(&key_values(args, &mut i, flag)?)?),
            "--timemargin" => {
                let v = value(args, &mut i, flag)?;
                let ms: u64 = v
                    .parse()
                    .ok()
                    .filter(|&ms| ms <= 600_000)
                    .ok_or_else(|| format!("--timemargin: '{v}' is not 0 to 600000 ms"))?;
                time_margin = Duration::from_millis(ms);
            }
            "--move-timeout" => move_timeout = fixed_time(flag, value(args, &mut i, flag)?)?,
            "--event" => event = value(args, &mut i, flag)?.to_string(),
            other => {
                return Err(format!(
                    "match: unknown argument '{other}'\n\n{MATCH_USAGE}"
                ))
            }
        }
        i += 1;
    }
    if let Some(file) = replay {
        if !engines.is_empty() {
            return Err("match: --replay checks a PGN file; it takes no --engine".to_string());
        }
        return Ok(MatchCommand::Replay { file, variant });
    }
    let variant = variant.ok_or("match needs --variant NAME")?;
    if engines.len() < 2 {
        return Err(format!(
            "match needs at least two --engine \"cmd=...\" (found {})",
            engines.len()
        ));
    }
    let base = global.overridden_by(&each);
    let mut specs: Vec<EngineSpec> = Vec::new();
    for (n, raw) in engines.iter().enumerate() {
        let spec =
            resolve(&base.overridden_by(raw)).map_err(|e| format!("--engine {}: {e}", n + 1))?;
        specs.push(spec);
    }
    // Names identify engines in tables and PGN: make them unique.
    for n in 0..specs.len() {
        let taken = specs[..n]
            .iter()
            .filter(|s| s.name == specs[n].name)
            .count();
        if taken > 0 {
            specs[n].name = format!("{} ({})", specs[n].name, n + 1);
        }
    }
    if sprt.is_some() && specs.len() != 2 {
        return Err("--sprt needs exactly two engines".to_string());
    }
    Ok(MatchCommand::Play(Box::new(MatchOptions {
        variant,
        engines: specs,
        games,
        rounds,
        openings,
        concurrency,
        pgn,
        adjudication,
        sprt,
        seed,
        time_margin,
        move_timeout,
        event,
    })))
}

fn resolve(raw: &RawSpec) -> Result<EngineSpec, String> {
    let cmd = raw.cmd.clone().ok_or("needs cmd=PROGRAM")?;
    let protocol = raw.proto.unwrap_or(Protocol::Uci);
    let limits = Limits {
        tc: raw.tc,
        search: SearchLimits {
            movetime: raw.st,
            depth: raw.depth,
            nodes: raw.nodes,
            ..SearchLimits::default()
        },
    };
    if limits.is_empty() {
        return Err("no limit: give --tc, --st, --depth or --nodes (or tc=... in the spec)".into());
    }
    if protocol == Protocol::Xboard && limits.search.nodes.is_some() {
        return Err("nodes= is a UCI limit; XBoard has none (use depth= or st=)".to_string());
    }
    let name = raw.name.clone().unwrap_or_else(|| {
        std::path::Path::new(&cmd[0])
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| cmd[0].clone())
    });
    if name.is_empty() || name.contains(['"', '\n', '\r']) {
        return Err(format!(
            "name: '{name}' is empty or holds a quote or line break"
        ));
    }
    Ok(EngineSpec {
        name,
        cmd,
        dir: raw.dir.clone(),
        protocol,
        options: raw.options.clone(),
        init: raw.init.clone(),
        variant: raw.variant.clone(),
        limits,
        restart: raw.restart.unwrap_or(false),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn play(list: &[&str]) -> MatchOptions {
        match parse(&args(list)) {
            Ok(MatchCommand::Play(o)) => *o,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn words_split_like_a_shell() {
        assert_eq!(
            split_words(r#"cmd=a b 'c d' "e \"f\"" g\ h"#).unwrap(),
            vec!["cmd=a", "b", "c d", "e \"f\"", "g h"]
        );
        assert!(split_words("'open").is_err());
        assert!(split_words("\"open").is_err());
        assert_eq!(split_words("  ").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn engines_and_layers() {
        let o = play(&[
            "--variant",
            "courier",
            "--tc",
            "10+0.1",
            "--engine",
            "cmd=/bin/kurier --x proto=xboard option.Hash=16 'option.Ini File=/a b'",
            "--engine",
            "cmd='fsf -q' name=FSF tc=5+0.05 option.Threads=1",
            "--each",
            "option.Hash=32 depth=4",
        ]);
        assert_eq!(o.variant, Variant::Courier);
        let (a, b) = (&o.engines[0], &o.engines[1]);
        assert_eq!(a.cmd, vec!["/bin/kurier", "--x"]);
        assert_eq!(a.name, "kurier");
        assert_eq!(a.protocol, Protocol::Xboard);
        // The engine's own option wins over --each.
        assert!(a.options.contains(&("Hash".into(), "16".into())));
        assert!(a.options.contains(&("Ini File".into(), "/a b".into())));
        assert_eq!(a.limits.tc.unwrap().to_string(), "10+0.1");
        assert_eq!(a.limits.search.depth, Some(4));
        assert_eq!(b.cmd, vec!["fsf", "-q"]);
        assert_eq!(b.name, "FSF");
        assert_eq!(b.limits.tc.unwrap().to_string(), "5+0.05");
        assert!(b.options.contains(&("Hash".into(), "32".into())));
        assert_eq!(o.games, 2);
    }

    #[test]
    fn same_names_are_numbered() {
        let o = play(&[
            "--variant",
            "schachdame",
            "--depth",
            "2",
            "--engine",
            "cmd=kurier",
            "--engine",
            "cmd=kurier",
        ]);
        assert_eq!(o.engines[0].name, "kurier");
        assert_eq!(o.engines[1].name, "kurier (2)");
    }

    #[test]
    fn flags_with_key_values() {
        let o = play(&[
            "--variant",
            "dualcheckers",
            "--st",
            "0.5",
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
            "--adjudicate",
            "draw=10:5:30",
            "resign=3:600",
            "--sprt",
            "elo0=0 elo1=10 alpha=0.05 beta=0.1",
            "--openings",
            "book.epd",
            "order=random",
            "plies=8",
            "--concurrency",
            "2",
        ]);
        assert_eq!(
            o.adjudication.draw,
            Some(DrawRule {
                moves: 10,
                cp: 5,
                from: 30
            })
        );
        assert_eq!(
            o.adjudication.resign,
            Some(ResignRule { moves: 3, cp: 600 })
        );
        let s = o.sprt.unwrap();
        assert_eq!((s.elo1, s.beta), (10.0, 0.1));
        let op = o.openings.unwrap();
        assert_eq!(op.file, PathBuf::from("book.epd"));
        assert_eq!(op.order, OpeningOrder::Random);
        assert_eq!(op.plies, Some(8));
        assert_eq!(o.concurrency, 2);
        assert_eq!(
            o.engines[0].limits.search.movetime,
            Some(Duration::from_millis(500))
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let base = ["--variant", "courier", "--depth", "2"];
        for (extra, wanted) in [
            (vec!["--engine", "cmd=a"], "at least two"),
            (
                vec!["--engine", "proto=uci", "--engine", "cmd=b"],
                "needs cmd",
            ),
            (
                vec!["--engine", "cmd=a proto=tcp", "--engine", "cmd=b"],
                "not uci or xboard",
            ),
            (
                vec!["--engine", "cmd=a frob=1", "--engine", "cmd=b"],
                "not a known key=value",
            ),
            (
                vec!["--engine", "name=x cmd=a", "--engine", "cmd=b tc=1/"],
                "time control",
            ),
            (
                vec!["--engine", "cmd=a depth=0", "--engine", "cmd=b"],
                "above 0",
            ),
            (
                vec!["--engine", "cmd='a", "--engine", "cmd=b"],
                "unterminated",
            ),
            (
                vec!["--engine", "cmd=a", "--engine", "cmd=b", "--games", "x"],
                "above 0",
            ),
            (
                vec![
                    "--engine",
                    "cmd=a",
                    "--engine",
                    "cmd=b",
                    "--sprt",
                    "elo0=5 elo1=0",
                ],
                "elo1",
            ),
            (
                vec![
                    "--engine", "cmd=a", "--engine", "cmd=b", "--sprt", "alpha=1",
                ],
                "alpha",
            ),
            (
                vec![
                    "--engine",
                    "cmd=a",
                    "--engine",
                    "cmd=b",
                    "--adjudicate",
                    "draw=x",
                ],
                "MOVES:CP",
            ),
            (
                vec!["--engine", "cmd=a", "--engine", "cmd=b", "--adjudicate"],
                "key=value",
            ),
            (
                vec!["--engine", "cmd=a", "--engine", "cmd=b", "--frob"],
                "unknown argument",
            ),
            (
                vec![
                    "--engine",
                    "cmd=a proto=xboard nodes=5",
                    "--engine",
                    "cmd=b",
                ],
                "UCI",
            ),
            (
                vec!["--engine", "cmd=a cmd=b", "--engine", "cmd=b"],
                "twice",
            ),
            (vec!["--each", "cmd=a"], "--each"),
            (
                vec!["--engine", "cmd=a name=", "--engine", "cmd=b"],
                "needs a value",
            ),
        ] {
            let mut a = args(&base);
            a.extend(args(&extra));
            let e = parse(&a).unwrap_err();
            assert!(e.contains(wanted), "{extra:?}: {e}");
        }
        let e = parse(&args(&["--engine", "cmd=a", "--engine", "cmd=b"])).unwrap_err();
        assert!(e.contains("--variant"), "{e}");
        let e = parse(&args(&["--variant", "go", "--engine", "cmd=a"])).unwrap_err();
        assert!(e.contains("unknown variant"), "{e}");
        let e = parse(&args(&[
            "--variant",
            "courier",
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
        ]))
        .unwrap_err();
        assert!(e.contains("no limit"), "{e}");
    }

    #[test]
    fn replay_command() {
        assert_eq!(
            parse(&args(&["--replay", "g.pgn"])).unwrap(),
            MatchCommand::Replay {
                file: PathBuf::from("g.pgn"),
                variant: None
            }
        );
        assert_eq!(parse(&args(&["--help"])).unwrap(), MatchCommand::Help);
    }
}
