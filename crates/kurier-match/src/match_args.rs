//! The `kurier match` command line: the flags are a clap [`MatchArgs`] struct, checked together
//! by [`MatchArgs::into_command`] into a [`MatchCommand`] (the types of [`super::settings`]),
//! with clear errors.
//!
//! ```text
//! kurier match --variant NAME --engine SPEC --engine SPEC [--each SPEC] [--games N] [--rounds N]
//!              [--tc TC | --st SEC | --depth N | --nodes N] [--openings FILE [order=..] [plies=N]]
//!              [--concurrency N] [--pgn FILE] [--pgn-notation san|lan|coordinate]
//!              [--adjudicate draw=M:CP[:FROM[:reset]] resign=M:CP[:one-sided]]
//!              [--max-moves N]
//!              [--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05] [--seed N] [--timemargin MS]
//!              [--move-timeout SEC] [--event NAME] [--tournament round-robin|gauntlet]
//!              [--repeat N] [--noswap] [--pgn-minimal] [--pgn-finished-only] [--epd FILE]
//!              [--rating-interval N] [--recover on|off] [--wait MS] [--engines FILE]
//!              [--state FILE] [--resume FILE] [--shard K/N]
//! kurier match --replay FILE.pgn [--variant NAME]
//! kurier match --merge PGN... [--sprt ...] | --merge-state STATE... [--sprt ...]
//! ```
//!
//! An engine SPEC is one argument of `key=value` words, split like a shell line (quotes group
//! words): `cmd=PROGRAM [ARGS...] arg=ARG conf=NAME proto=uci|xboard name=NAME option.X=Y
//! init=TEXT dir=DIR variant=NAME tc=TC st=SEC depth=N nodes=N timemargin=MS
//! restart=auto|on|off ponder=on|off`. Words after `cmd=` that are not a known `key=value` are
//! the program's arguments. Keys of an engine override its `conf=` entry, which overrides
//! `--each`, which overrides the global flags. cutechess-cli's own command line is rewritten
//! into these flags first ([`super::cutechess_args`]).
//!
//! Hand-written here, on purpose: the grammar INSIDE one flag's value — the engine SPEC's
//! `key=value` words and the `key=value` words of `--openings`, `--adjudicate` and `--sprt`.
//! These are not command-line flags that clap could read but small languages of their own (the
//! form cutechess users know), where the order of words matters (a program's arguments follow
//! `cmd=`) and a mistyped key after `cmd=` must be refused rather than passed to the program.
//! The words themselves are split by the `shell-words` crate.

use super::engine_conf::{self, ConfError, EngineConf};
use super::notation::PgnNotation;
use super::settings::{
    Adjudication, DrawRule, EngineSpec, Limits, MatchCommand, MatchOptions, OpeningFormat,
    OpeningOrder, OpeningsSpec, OutputStyle, Protocol, ResignRule, RestartMode, Shard, SprtParams,
    TournamentKind,
};
use kurier_rules::games::Variant;
use kurier_wire::time_control::parse_seconds;
use kurier_wire::{SearchLimits, TimeControl};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// The two forms of `kurier match`, for the usage line of its help and errors.
pub const MATCH_USAGE: &str =
    "kurier match --variant <NAME> --engine <SPEC> --engine <SPEC>... [OPTIONS]
       kurier match --replay <FILE> [--variant <NAME>]
       kurier match --merge <PGN>... [--sprt ...] | --merge-state <STATE>... [--sprt ...]";

/// The engine-spec grammar and the cutechess-cli table, shown below the flags in
/// `kurier match --help`.
pub const ENGINE_SPEC_HELP: &str = "\
Engine SPEC (one argument; words split like a shell line, quotes group words):
  cmd=PROGRAM [ARGS...]   the engine command (required unless conf=); words after it that
                          are not a key=value below are its arguments (quote others into
                          cmd='...'); arg=ARG adds one more (repeatable)
  conf=NAME               the entry NAME of the engines file (--engines, cutechess format)
  proto=uci|xboard        protocol (default uci)
  name=NAME               name in tables and PGN (default: the program's file name)
  option.X=Y              UCI setoption / XBoard 'option X=Y' (repeatable)
  init=TEXT               a line sent after the handshake (repeatable; \\n splits lines)
  dir=DIR                 working directory
  variant=NAME            the engine's own name for the game (UCI_Variant / XBoard variant)
  tc=TC st=SEC depth=N nodes=N   limits for this engine (override the global ones);
                          tc=inf, tc=40/60+0.5, tc=0:30+0.2, tc=5/move
  timemargin=MS           this engine's --timemargin
  restart=on|off          a fresh process for every game, or never; restart=auto
                          (default): as the engine asks (XBoard reusable=0)
  ponder=on|off           think on the opponent's time (UCI go ponder, XBoard hard)
An engine's own keys win over conf=, which wins over --each, then the global flags.

cutechess-cli command lines work as they are (kurier match -variant courier -engine cmd=K
name=A -engine ... -each tc=40/60 -games 2 -rounds 10 -pgnout out.pgn); each option becomes:
  cutechess-cli                      kurier match
  -variant V                         --variant V (courier; also schachdame, dualcheckers)
  -engine WORD...                    --engine \"WORD ...\" (one key=value per word)
     cmd= name= proto= dir= arg= conf= tc= st= depth= nodes= option.X= restart= timemargin=
                                     the same keys (cmd= names one program, as in cutechess)
     initstr=TEXT                    init=TEXT
     ponder                          ponder=on
  -each WORD...                      --each \"WORD ...\" (but an engine's own keys win)
  -engines FILE                      --engines FILE (default ./engines.json, then
                                     ~/.config/cutechess/engines.json)
  -tournament round-robin|gauntlet   --tournament round-robin|gauntlet
  -games N   -rounds N               --games N   --rounds N
  -repeat [N]                        --repeat N (default 2: each opening twice, colours
                                     swapped; this is Kurier's default pairing)
  -noswap                            --noswap
  -concurrency N                     --concurrency N
  -openings file=F format=epd|pgn order=sequential|random plies=N start=N
                                     --openings file=F format=.. order=.. plies=N start=N
  -pgnout FILE [min] [fi]            --pgn FILE [--pgn-minimal] [--pgn-finished-only]
  -epdout FILE                       --epd FILE
  -draw movenumber=N movecount=C score=S   --adjudicate draw=C:S:N+1:reset
  -resign movecount=C score=S [twosided=true]
                                     --adjudicate resign=C:S:one-sided (two-sided)
  -maxmoves N                        --max-moves N
  -sprt elo0= elo1= alpha= beta=     --sprt elo0= elo1= alpha= beta=
  -ratinginterval N                  --rating-interval N
  -srand N                           --seed N
  -recover                           --recover on
  -wait MS                           --wait MS
  -event NAME                        --event NAME
  -resume FILE                       --resume FILE
A command line with a cutechess option takes cutechess-cli's defaults where Kurier's
differ: --games 1, --repeat 1 (a new opening each game), --recover off, --timemargin 0,
--output cutechess.
Not available (an error says why): -tb -tbpieces -tbignore50 -bookmode -outcomeinterval
-resultformat -debug -reverse -seeds -site; the engine keys book bookdepth whitepov trust
tscale debug stderr; -openings policy=. An unknown option is an error naming the nearest.
Output: a cutechess-style command line prints cutechess-cli's lines on stdout (Started game,
Finished game N (A vs B): 1-0 {White mates}, Score of A vs B after every game, the results
every -ratinginterval games and at the end, the outcomes, Finished match) and Kurier's
tables on stderr (--output cutechess). Kurier's own command line prints its tables, then
cutechess-cli's result lines (Score of, Elo difference, SPRT, the rank table for more than two
engines), also every --rating-interval games (--output kurier).

Stopping and resuming: a first Ctrl-C starts no new game and lets the games in progress end;
a second one (or SIGTERM) abandons them (* in the PGN). The state file (--state FILE, by
default the --pgn file's name with .state.json) holds the schedule and every finished game;
the same command started again (or with --resume FILE) plays the rest, with the same openings
and colours. Shards: --shard K/N plays game pairs K, K+N, K+2N, ... (K from 1 to N) of the
schedule, with its openings and colours; with --sprt, shards whose state files share a folder
stop once their pooled SPRT decides; kurier match --merge shard-*.pgn (or --merge-state
shard-*.state.json) prints the tables of all shards together, as the unsharded run would.

Examples:
  kurier match --variant courier --tc 10+0.1 --engine cmd=kurier \\
      --engine \"cmd=fairy-stockfish name=FSF option.Threads=1\" --games 20 --pgn out.pgn
  kurier match -variant courier -each tc=10+0.1 -engine name=Kurier cmd=kurier proto=uci \\
      -engine name=FSF cmd=fairy-stockfish proto=uci -games 2 -rounds 10 -pgnout out.pgn
  kurier match --replay out.pgn";

/// A flag's or key's value that does not read as what it wants.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// Not a number, or not above 0.
    #[error("'{0}' is not a number above 0")]
    NotPositive(String),
    /// Not a time ([`parse_seconds`] says why).
    #[error("{0}")]
    Time(String),
    /// A time of 0 where a wait is needed.
    #[error("the time must be more than 0")]
    ZeroTime,
    /// Not a time control (its reader says why).
    #[error("{0}")]
    TimeControl(String),
}

/// A mistake in one engine spec, the value of `--engine` or `--each`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// A quote is not closed.
    #[error("unterminated quote in: {0}")]
    Unterminated(String),
    /// A word that is neither a known key nor (right after `cmd=`) a program argument.
    #[error(
        "'{0}' is not a known key=value word (keys: cmd arg conf proto name option.X init dir \
         variant tc st depth nodes timemargin restart ponder; quote program arguments of that \
         form into cmd: cmd='prog {0}')"
    )]
    UnknownWord(String),
    /// A key that may be given once came twice.
    #[error("'{0}' is given twice")]
    Twice(String),
    /// `key=` with nothing after it.
    #[error("'{0}' needs a value")]
    NoValue(String),
    /// `cmd=` in `--each`.
    #[error("cmd= belongs to --engine, not --each")]
    CmdInEach,
    /// `proto=` is not a protocol.
    #[error("proto: '{0}' is not uci or xboard")]
    Protocol(String),
    /// `variant=` with blanks.
    #[error("variant: '{0}' has blanks")]
    VariantBlanks(String),
    /// `restart=` is not auto, on or off.
    #[error("restart: '{0}' is not auto, on or off")]
    Restart(String),
    /// `ponder=` is not on or off.
    #[error("ponder: '{0}' is not on or off")]
    Ponder(String),
    /// `timemargin=` is not a number of milliseconds.
    #[error("timemargin: '{0}' is not a number of milliseconds (0 to 600000)")]
    TimeMargin(String),
    /// `option.=` without a name, or with a line break.
    #[error("'{0}' needs an option name: option.NAME=VALUE")]
    OptionName(String),
    /// `init=` with a line break.
    #[error("init: '{0}' holds a line break")]
    InitLineBreak(String),
    /// A limit key (`tc st depth nodes`) with a bad value.
    #[error("{key}: {source}")]
    Value {
        /// The key.
        key: &'static str,
        /// What is wrong with its value.
        source: ValueError,
    },
    /// No `cmd=` for an engine.
    #[error("needs cmd=PROGRAM")]
    NoCmd,
    /// No limit from any layer.
    #[error("no limit: give --tc, --st, --depth or --nodes (or tc=... in the spec)")]
    NoLimit,
    /// `nodes=` for an XBoard engine.
    #[error("nodes= is a UCI limit; XBoard has none (use depth= or st=)")]
    XboardNodes,
    /// A name that cannot stand in a PGN tag.
    #[error("name: '{0}' is empty or holds a quote or line break")]
    BadName(String),
}

/// A mistake found when the flags of `kurier match` are checked together, or in the
/// `key=value` words of `--openings`, `--adjudicate` and `--sprt`.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// An engine that does not resolve (after `--each` and the global flags are applied).
    #[error("--engine {index}: {source}")]
    Engine {
        /// 1 for the first `--engine`.
        index: usize,
        /// What is wrong.
        source: SpecError,
    },
    /// No `--variant` for a match.
    #[error("match needs --variant NAME")]
    NoVariant,
    /// Fewer than two engines.
    #[error("match needs at least two --engine \"cmd=...\" (found {0})")]
    TooFewEngines(usize),
    /// `--sprt` for other than two engines.
    #[error("--sprt needs exactly two engines")]
    SprtEngines,
    /// A quote is not closed in a flag's words.
    #[error("{flag}: unterminated quote in: {text}")]
    Unterminated {
        /// The flag.
        flag: &'static str,
        /// Its value.
        text: String,
    },
    /// A flag that takes `key=value` words got none.
    #[error("{0} needs key=value words")]
    NoKeyValues(&'static str),
    /// A word without `=`.
    #[error("{flag}: '{word}' is not a key=value word")]
    NotKeyValue {
        /// The flag.
        flag: &'static str,
        /// The word.
        word: String,
    },
    /// A key the flag does not have.
    #[error("{flag}: unknown key '{key}' ({known})")]
    UnknownKey {
        /// The flag.
        flag: &'static str,
        /// The key given.
        key: String,
        /// The keys it has.
        known: &'static str,
    },
    /// An SPRT parameter that is not a number.
    #[error("--sprt {key}: '{value}' is not a number")]
    SprtNumber {
        /// The key.
        key: String,
        /// Its value.
        value: String,
    },
    /// `elo1` not above `elo0`.
    #[error("--sprt: elo1 must be greater than elo0")]
    SprtOrder,
    /// `alpha` or `beta` outside (0, 0.5).
    #[error("--sprt: {0} must be between 0 and 0.5")]
    SprtError(&'static str),
    /// A rule not of the form `MOVES:CP` (`draw` may add `:FROM`).
    #[error("--adjudicate {key}={value}: expected MOVES:CP")]
    Adjudication {
        /// `draw` or `resign`.
        key: String,
        /// Its value.
        value: String,
    },
    /// The `FROM` of a draw rule is not a move number.
    #[error("--adjudicate draw={value}: '{from}' is not a move number")]
    DrawFrom {
        /// The whole value.
        value: String,
        /// The bad field.
        from: String,
    },
    /// A resign rule at 0 centipawns.
    #[error("--adjudicate resign={0}: the score must be above 0")]
    ResignScore(String),
    /// `order=` is not an order.
    #[error("--openings order={0}: sequential or random")]
    OpeningsOrder(String),
    /// `plies=` is not a number above 0.
    #[error("--openings plies: {0}")]
    OpeningsPlies(ValueError),
    /// No file for `--openings`.
    #[error("--openings needs a FILE")]
    OpeningsFile,
    /// `format=` is not a format.
    #[error("--openings format={0}: epd or pgn")]
    OpeningsFormat(String),
    /// `start=` is not a number above 0.
    #[error("--openings start: {0}")]
    OpeningsStart(ValueError),
    /// The fourth field of a draw rule.
    #[error("--adjudicate draw={0}: the fourth field is reset")]
    DrawReset(String),
    /// The third field of a resign rule.
    #[error("--adjudicate resign={0}: the third field is one-sided or two-sided")]
    ResignSides(String),
    /// `--state` names the PGN file.
    #[error("--state: the state file cannot be the PGN file")]
    StateIsPgn,
    /// An engine configuration (`conf=`) that cannot be used.
    #[error("--engine {index}: {source}")]
    Conf {
        /// 1 for the first `--engine`.
        index: usize,
        /// What is wrong.
        source: ConfError,
    },
}

/// Splits one value into words like a POSIX shell line (`shell-words`: blanks separate words,
/// quotes group them, `\` escapes; a word starting with `#` begins a comment).
fn words(text: &str) -> Result<Vec<String>, shell_words::ParseError> {
    shell_words::split(text)
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
    restart: Option<RestartMode>,
    /// `arg=` words: program arguments after those of `cmd=`.
    args: Vec<String>,
    /// `conf=NAME`: an entry of the engines file as the base of this spec.
    conf: Option<String>,
    ponder: Option<bool>,
    timemargin: Option<Duration>,
}

/// A number above 0 (`--games`, `depth=`, ...).
fn positive<T: FromStr + PartialOrd + Default>(text: &str) -> Result<T, ValueError> {
    text.parse::<T>()
        .ok()
        .filter(|v| *v > T::default())
        .ok_or_else(|| ValueError::NotPositive(text.to_string()))
}

/// A time above 0 (`--st`, `--move-timeout`, `st=`).
fn fixed_time(text: &str) -> Result<Duration, ValueError> {
    let d = parse_seconds(text).map_err(|e| ValueError::Time(e.to_string()))?;
    if d.is_zero() {
        return Err(ValueError::ZeroTime);
    }
    Ok(d)
}

/// A time control (`--tc`, `tc=`), read by [`TimeControl`]'s `FromStr`.
fn time_control(text: &str) -> Result<TimeControl, ValueError> {
    text.parse::<TimeControl>()
        .map_err(|e| ValueError::TimeControl(e.to_string()))
}

/// The value parser of `--engine`.
fn engine_spec(text: &str) -> Result<RawSpec, SpecError> {
    RawSpec::parse(text, true)
}

/// The value parser of `--each`.
fn each_spec(text: &str) -> Result<RawSpec, SpecError> {
    RawSpec::parse(text, false)
}

impl RawSpec {
    /// Reads the words of one spec argument.
    fn parse(text: &str, allow_cmd: bool) -> Result<RawSpec, SpecError> {
        let split = |t: &str| words(t).map_err(|_| SpecError::Unterminated(t.to_string()));
        let value_error = |key: &'static str| move |source| SpecError::Value { key, source };
        let mut spec = RawSpec::default();
        let mut last_was_cmd = false;
        for word in split(text)? {
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
                    _ => return Err(SpecError::UnknownWord(word)),
                }
            };
            last_was_cmd = false;
            let once = |present: bool| {
                if present {
                    Err(SpecError::Twice(key.to_string()))
                } else {
                    Ok(())
                }
            };
            if value.is_empty() && key != "init" {
                return Err(SpecError::NoValue(key.to_string()));
            }
            match key {
                "cmd" => {
                    if !allow_cmd {
                        return Err(SpecError::CmdInEach);
                    }
                    once(spec.cmd.is_some())?;
                    let words = split(value)?;
                    if words.is_empty() {
                        return Err(SpecError::NoValue("cmd".to_string()));
                    }
                    spec.cmd = Some(words);
                    last_was_cmd = true;
                }
                "proto" => {
                    once(spec.proto.is_some())?;
                    spec.proto = Some(match value {
                        "uci" => Protocol::Uci,
                        "xboard" | "cecp" => Protocol::Xboard,
                        _ => return Err(SpecError::Protocol(value.to_string())),
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
                        return Err(SpecError::VariantBlanks(value.to_string()));
                    }
                    spec.variant = Some(value.to_string());
                }
                "tc" => {
                    once(spec.tc.is_some())?;
                    spec.tc = Some(time_control(value).map_err(value_error("tc"))?);
                }
                "st" => {
                    once(spec.st.is_some())?;
                    spec.st = Some(fixed_time(value).map_err(value_error("st"))?);
                }
                "depth" => {
                    once(spec.depth.is_some())?;
                    spec.depth = Some(positive(value).map_err(value_error("depth"))?);
                }
                "nodes" => {
                    once(spec.nodes.is_some())?;
                    spec.nodes = Some(positive(value).map_err(value_error("nodes"))?);
                }
                "restart" => {
                    once(spec.restart.is_some())?;
                    spec.restart = Some(match value {
                        "auto" => RestartMode::Auto,
                        "on" | "true" | "yes" => RestartMode::On,
                        "off" | "false" | "no" => RestartMode::Off,
                        _ => return Err(SpecError::Restart(value.to_string())),
                    });
                }
                "ponder" => {
                    once(spec.ponder.is_some())?;
                    spec.ponder = Some(match value {
                        "on" | "true" | "yes" => true,
                        "off" | "false" | "no" => false,
                        _ => return Err(SpecError::Ponder(value.to_string())),
                    });
                }
                "timemargin" => {
                    once(spec.timemargin.is_some())?;
                    let ms = value
                        .parse::<u64>()
                        .ok()
                        .filter(|&ms| ms <= 600_000)
                        .ok_or_else(|| SpecError::TimeMargin(value.to_string()))?;
                    spec.timemargin = Some(Duration::from_millis(ms));
                }
                "arg" => spec.args.push(value.to_string()),
                "conf" => {
                    once(spec.conf.is_some())?;
                    spec.conf = Some(value.to_string());
                }
                option => {
                    let name = option.strip_prefix("option.").unwrap_or_default();
                    if name.is_empty() || word.contains(['\n', '\r']) {
                        return Err(SpecError::OptionName(option.to_string()));
                    }
                    spec.options.retain(|(n, _)| n != name);
                    spec.options.push((name.to_string(), value.to_string()));
                }
            }
        }
        if let Some(bad) = spec.init.iter().find(|l| l.contains(['\n', '\r'])) {
            return Err(SpecError::InitLineBreak(bad.clone()));
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
            // The engine's own arguments first, then those of `--each` (cutechess-cli's order).
            args: over.args.iter().chain(&self.args).cloned().collect(),
            conf: over.conf.clone().or_else(|| self.conf.clone()),
            ponder: over.ponder.or(self.ponder),
            timemargin: over.timemargin.or(self.timemargin),
        }
    }

    /// The keys of an engines.json entry, as a spec.
    fn from_conf(conf: &EngineConf) -> Result<RawSpec, ConfError> {
        let invalid = |what: String| ConfError::Invalid {
            name: conf.name.clone(),
            what,
        };
        conf.warn_unsupported();
        let dir =
            (!conf.working_directory.is_empty()).then(|| PathBuf::from(&conf.working_directory));
        let cmd = engine_conf::command_words(&conf.command, dir.as_deref());
        if cmd.iter().all(|w| w.is_empty()) {
            return Err(invalid("the command is empty".to_string()));
        }
        let proto = match conf.protocol.as_str() {
            "" => None,
            "uci" => Some(Protocol::Uci),
            "xboard" | "cecp" => Some(Protocol::Xboard),
            other => return Err(invalid(format!("protocol '{other}' is not uci or xboard"))),
        };
        let restart = match conf.restart.as_deref() {
            None | Some("auto") => None,
            Some("on") => Some(RestartMode::On),
            Some("off") => Some(RestartMode::Off),
            Some(other) => {
                return Err(invalid(format!("restart '{other}' is not auto, on or off")))
            }
        };
        Ok(RawSpec {
            cmd: Some(cmd),
            proto,
            name: (!conf.name.is_empty()).then(|| conf.name.clone()),
            dir,
            options: conf.option_pairs(),
            init: conf.init_lines(),
            restart,
            ponder: conf.ponder.then_some(true),
            ..RawSpec::default()
        })
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
            | "arg"
            | "conf"
            | "ponder"
            | "timemargin"
    ) || key.starts_with("option.")
}

/// The `key=value` words of one flag's values (each value may hold several words).
fn key_values(flag: &'static str, values: &[String]) -> Result<Vec<(String, String)>, MatchError> {
    let mut pairs = Vec::new();
    for value in values {
        let split = words(value).map_err(|_| MatchError::Unterminated {
            flag,
            text: value.clone(),
        })?;
        for word in split {
            let (k, v) = word
                .split_once('=')
                .ok_or_else(|| MatchError::NotKeyValue {
                    flag,
                    word: word.clone(),
                })?;
            pairs.push((k.to_string(), v.to_string()));
        }
    }
    if pairs.is_empty() {
        return Err(MatchError::NoKeyValues(flag));
    }
    Ok(pairs)
}

fn parse_sprt(values: &[String]) -> Result<SprtParams, MatchError> {
    let mut p = SprtParams {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in key_values("--sprt", values)? {
        let x = v
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| MatchError::SprtNumber {
                key: k.clone(),
                value: v.clone(),
            })?;
        match k.as_str() {
            "elo0" => p.elo0 = x,
            "elo1" => p.elo1 = x,
            "alpha" => p.alpha = x,
            "beta" => p.beta = x,
            _ => {
                return Err(MatchError::UnknownKey {
                    flag: "--sprt",
                    key: k,
                    known: "elo0 elo1 alpha beta",
                })
            }
        }
    }
    if p.elo1 <= p.elo0 {
        return Err(MatchError::SprtOrder);
    }
    for (name, x) in [("alpha", p.alpha), ("beta", p.beta)] {
        if !(x > 0.0 && x < 0.5) {
            return Err(MatchError::SprtError(name));
        }
    }
    Ok(p)
}

fn parse_adjudication(values: &[String]) -> Result<Adjudication, MatchError> {
    let mut a = Adjudication::default();
    for (k, v) in key_values("--adjudicate", values)? {
        let fields: Vec<&str> = v.split(':').collect();
        let bad = || MatchError::Adjudication {
            key: k.clone(),
            value: v.clone(),
        };
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
            ("draw", 2..=4) => {
                let from = match fields.get(2) {
                    Some(f) => f.parse::<u32>().map_err(|_| MatchError::DrawFrom {
                        value: v.clone(),
                        from: f.to_string(),
                    })?,
                    None => 0,
                };
                let reset = match fields.get(3) {
                    None => false,
                    Some(&"reset") => true,
                    Some(_) => return Err(MatchError::DrawReset(v)),
                };
                a.draw = Some(DrawRule {
                    moves,
                    cp,
                    from,
                    reset,
                });
            }
            ("resign", 2 | 3) => {
                if cp == 0 {
                    return Err(MatchError::ResignScore(v));
                }
                let two_sided = match fields.get(2) {
                    None | Some(&"two-sided") => true,
                    Some(&"one-sided") => false,
                    Some(_) => return Err(MatchError::ResignSides(v)),
                };
                a.resign = Some(ResignRule {
                    moves,
                    cp,
                    two_sided,
                });
            }
            ("draw" | "resign", _) => return Err(bad()),
            _ => {
                return Err(MatchError::UnknownKey {
                    flag: "--adjudicate",
                    key: k,
                    known: "draw, resign",
                })
            }
        }
    }
    Ok(a)
}

/// `--openings FILE [format=..] [order=..] [plies=N] [start=N]`: the first value is the file
/// unless it holds a `=` (then `file=` names it); the file is not split into words, so it may
/// hold blanks.
fn parse_openings(values: &[String]) -> Result<OpeningsSpec, MatchError> {
    let mut spec = OpeningsSpec {
        file: PathBuf::new(),
        format: None,
        order: OpeningOrder::Sequential,
        plies: None,
        start: 1,
    };
    let rest = match values.split_first() {
        Some((first, rest)) if !first.contains('=') => {
            spec.file = PathBuf::from(first);
            rest
        }
        _ => values,
    };
    let pairs = if rest.is_empty() {
        Vec::new()
    } else {
        key_values("--openings", rest)?
    };
    for (k, v) in pairs {
        match k.as_str() {
            "file" => spec.file = PathBuf::from(v),
            "order" => {
                spec.order = match v.as_str() {
                    "sequential" => OpeningOrder::Sequential,
                    "random" => OpeningOrder::Random,
                    _ => return Err(MatchError::OpeningsOrder(v)),
                }
            }
            "plies" => spec.plies = Some(positive(&v).map_err(MatchError::OpeningsPlies)?),
            "format" => {
                spec.format = Some(match v.as_str() {
                    "epd" | "fen" => OpeningFormat::Epd,
                    "pgn" => OpeningFormat::Pgn,
                    _ => return Err(MatchError::OpeningsFormat(v)),
                })
            }
            "start" => spec.start = positive(&v).map_err(MatchError::OpeningsStart)?,
            _ => {
                return Err(MatchError::UnknownKey {
                    flag: "--openings",
                    key: k,
                    known: "file format order plies start",
                })
            }
        }
    }
    if spec.file.as_os_str().is_empty() {
        return Err(MatchError::OpeningsFile);
    }
    Ok(spec)
}

/// A flag's `on` or `off` (`--recover on|off`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Switch {
    /// On.
    On,
    /// Off.
    Off,
}

/// The flags of `kurier match`, as clap reads them; [`MatchArgs::into_command`] checks them
/// together. The root command line flattens this struct into its `match` subcommand; show
/// [`ENGINE_SPEC_HELP`] below it.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct MatchArgs {
    /// The game: courier, schachdame or dualcheckers
    #[arg(
        long,
        value_name = "NAME",
        required_unless_present_any = ["replay", "merge", "merge_state"]
    )]
    variant: Option<Variant>,

    /// An engine (SPEC below); two or more
    #[arg(
        long = "engine",
        value_name = "SPEC",
        value_parser = engine_spec,
        conflicts_with = "replay"
    )]
    engines: Vec<RawSpec>,

    /// Spec keys for every engine; an engine's own keys win
    #[arg(long, value_name = "SPEC", value_parser = each_spec)]
    each: Vec<RawSpec>,

    /// engines.json (cutechess format) for conf=NAME [default: ./engines.json, else
    /// cutechess's own]
    #[arg(long = "engines", value_name = "FILE")]
    engines_file: Option<PathBuf>,

    /// Who meets whom: every engine every other, or the first engine each of the others
    #[arg(long, value_name = "KIND", value_enum, default_value_t = TournamentKind::RoundRobin)]
    tournament: TournamentKind,

    /// Games per pair and round (colours alternate)
    #[arg(long, value_name = "N", default_value = "2", value_parser = positive::<u32>)]
    games: u32,

    /// Rounds; every pair of engines meets in each
    #[arg(long, value_name = "N", default_value = "1", value_parser = positive::<u32>)]
    rounds: u32,

    /// Games from each opening in a row (2: a colour-reversed pair; 1: a new opening each game)
    #[arg(long, value_name = "N", default_value = "2", value_parser = positive::<u32>)]
    repeat: u32,

    /// Keep the colours of a pair of engines (the first has White in every game)
    #[arg(long)]
    noswap: bool,

    /// Clock [MOVES/]BASE[+INC], seconds or m:ss (40/60+0.5, 1:30+1)
    #[arg(long, value_name = "TC", value_parser = time_control, help_heading = "Limits")]
    tc: Option<TimeControl>,

    /// Fixed time per move, seconds
    #[arg(long, value_name = "SEC", value_parser = fixed_time, help_heading = "Limits")]
    st: Option<Duration>,

    /// Fixed depth per move
    #[arg(long, value_name = "N", value_parser = positive::<u32>, help_heading = "Limits")]
    depth: Option<u32>,

    /// Fixed nodes per move (UCI engines only)
    #[arg(long, value_name = "N", value_parser = positive::<u64>, help_heading = "Limits")]
    nodes: Option<u64>,

    /// FEN/EPD or PGN openings; order=sequential|random plies=N
    #[arg(long, value_name = "FILE", num_args = 1..,
          action = clap::ArgAction::Set, overrides_with = "openings")]
    openings: Option<Vec<String>>,

    /// Games played at once
    #[arg(long, value_name = "N", default_value = "1", value_parser = positive::<usize>)]
    concurrency: usize,

    /// Append every game to this PGN file
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,

    /// PGN with the seven-tag roster (and SetUp, FEN, Variant) and no comments
    #[arg(long, requires = "pgn")]
    pgn_minimal: bool,

    /// Leave games stopped before their end (*) out of the PGN
    #[arg(long, requires = "pgn")]
    pgn_finished_only: bool,

    /// Append the final position of every game to this file, one FEN a line
    #[arg(long, value_name = "FILE")]
    epd: Option<PathBuf>,

    /// How PGN moves of Courier and Schachdame are written (Dual checkers keeps its own
    /// notation); --replay and --openings read every notation
    #[arg(long, value_name = "NOTATION", value_enum, default_value_t = PgnNotation::San)]
    pgn_notation: PgnNotation,

    /// End games by scores: draw=MOVES:CP[:FROM[:reset]] resign=MOVES:CP[:one-sided]
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..,
          action = clap::ArgAction::Set, overrides_with = "adjudicate")]
    adjudicate: Option<Vec<String>>,

    /// A game reaching N full moves is adjudicated a draw (0: no limit)
    #[arg(long, value_name = "N", default_value_t = 0)]
    max_moves: u32,

    /// SPRT of two engines: elo0=0 elo1=5 alpha=0.05 beta=0.05
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..,
          action = clap::ArgAction::Set, overrides_with = "sprt")]
    sprt: Option<Vec<String>>,

    /// Print cutechess-cli's result lines every N games, as well as at the end (0: at the end)
    #[arg(long, value_name = "N", default_value_t = 0)]
    rating_interval: u32,

    /// Restart an engine that crashed or stalled for the next game; off: stop the match
    #[arg(long, value_name = "on|off", value_enum, default_value_t = Switch::On,
          hide_possible_values = true)]
    recover: Switch,

    /// Pause between two games, ms
    #[arg(long, value_name = "MS", default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(0..=3_600_000))]
    wait: u64,

    /// Seed for order=random
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,

    /// Accept a move this many ms after the flag falls
    #[arg(long, value_name = "MS", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(0..=600_000))]
    timemargin: u64,

    /// Wait for a move without a clock, s (--st adds st)
    #[arg(long, value_name = "SEC", default_value = "60", value_parser = fixed_time)]
    move_timeout: Duration,

    /// PGN Event tag
    #[arg(long, value_name = "NAME", default_value = "kurier match")]
    event: String,

    /// stdout: Kurier's tables and cutechess-cli's result lines at the end (kurier), or
    /// exactly cutechess-cli's lines game by game, Kurier's tables on stderr (cutechess; the
    /// default of a cutechess-style command line)
    #[arg(long, value_name = "STYLE", value_enum, default_value_t = OutputStyle::Kurier)]
    output: OutputStyle,

    /// Re-check a PGN file's games (exit 1 on a mismatch)
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,

    /// Keep the match's state (schedule, finished games) in FILE, written after every game,
    /// and continue it when FILE exists [default: the --pgn file's name with .state.json;
    /// with --resume, its FILE]
    #[arg(long, value_name = "FILE", help_heading = "Resume and shards")]
    state: Option<PathBuf>,

    /// Continue the match of this state file: the same command line otherwise
    #[arg(long, value_name = "FILE", help_heading = "Resume and shards")]
    resume: Option<PathBuf>,

    /// Play part K of N (K from 1 to N): game pairs K, K+N, K+2N, ... (pairs counted from 1)
    #[arg(long, value_name = "K/N", help_heading = "Resume and shards")]
    shard: Option<Shard>,

    /// Print the tables of these PGN files (the shards of one match) together
    #[arg(long, value_name = "PGN", num_args = 1.., help_heading = "Resume and shards",
          conflicts_with_all = ["engines", "replay", "merge_state"])]
    merge: Vec<PathBuf>,

    /// Print the tables of these state files (the shards of one match) together
    #[arg(long, value_name = "STATE", num_args = 1.., help_heading = "Resume and shards",
          conflicts_with_all = ["engines", "replay"])]
    merge_state: Vec<PathBuf>,
}

impl MatchArgs {
    /// Checks the flags together and resolves every engine (its own keys over `--each` over the
    /// global flags). Of a flag given more than once with `key=value` words (`--openings`,
    /// `--adjudicate`, `--sprt`), the last wins.
    pub fn into_command(self) -> Result<MatchCommand, MatchError> {
        if let Some(file) = self.replay {
            return Ok(MatchCommand::Replay {
                file,
                variant: self.variant,
            });
        }
        if !self.merge.is_empty() || !self.merge_state.is_empty() {
            return Ok(MatchCommand::Merge {
                pgns: self.merge,
                states: self.merge_state,
                sprt: self.sprt.as_deref().map(parse_sprt).transpose()?,
            });
        }
        let variant = self.variant.ok_or(MatchError::NoVariant)?;
        if self.engines.len() < 2 {
            return Err(MatchError::TooFewEngines(self.engines.len()));
        }
        let global = RawSpec {
            tc: self.tc,
            st: self.st,
            depth: self.depth,
            nodes: self.nodes,
            ..RawSpec::default()
        };
        let base = self
            .each
            .iter()
            .fold(global, |base, more| base.overridden_by(more));
        let mut confs: Option<(PathBuf, Vec<EngineConf>)> = None;
        let mut specs: Vec<EngineSpec> = Vec::new();
        for (n, raw) in self.engines.iter().enumerate() {
            let index = n + 1;
            let layered = match raw.conf.as_ref().or(base.conf.as_ref()) {
                None => base.overridden_by(raw),
                Some(name) => {
                    let conf_error = |source| MatchError::Conf { index, source };
                    if confs.is_none() {
                        let path = engine_conf::engines_file(self.engines_file.as_deref())
                            .ok_or_else(|| conf_error(ConfError::NoFile { name: name.clone() }))?;
                        let list = engine_conf::load(&path).map_err(conf_error)?;
                        confs = Some((path, list));
                    }
                    let Some((path, list)) = confs.as_ref() else {
                        unreachable!("loaded above")
                    };
                    let conf = engine_conf::find(list, name, path).map_err(conf_error)?;
                    let conf = RawSpec::from_conf(conf).map_err(conf_error)?;
                    base.overridden_by(&conf).overridden_by(raw)
                }
            };
            let spec = resolve(&layered).map_err(|source| MatchError::Engine { index, source })?;
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
        let sprt = self.sprt.as_deref().map(parse_sprt).transpose()?;
        if sprt.is_some() && specs.len() != 2 {
            return Err(MatchError::SprtEngines);
        }
        let adjudication = match self.adjudicate.as_deref() {
            Some(v) => parse_adjudication(v)?,
            None => Adjudication::default(),
        };
        let openings = self.openings.as_deref().map(parse_openings).transpose()?;
        // The state file: as told, else the one resumed, else beside the PGN.
        let state = self
            .state
            .or_else(|| self.resume.clone())
            .or_else(|| self.pgn.as_ref().map(|p| p.with_extension("state.json")));
        if state.is_some() && state == self.pgn {
            return Err(MatchError::StateIsPgn);
        }
        Ok(MatchCommand::Play(Box::new(MatchOptions {
            variant,
            engines: specs,
            tournament: self.tournament,
            games: self.games,
            rounds: self.rounds,
            repeat: self.repeat,
            swap: !self.noswap,
            openings,
            concurrency: self.concurrency,
            pgn: self.pgn,
            pgn_notation: self.pgn_notation,
            pgn_minimal: self.pgn_minimal,
            pgn_finished_only: self.pgn_finished_only,
            epd: self.epd,
            adjudication,
            max_moves: (self.max_moves > 0).then_some(self.max_moves),
            rating_interval: (self.rating_interval > 0).then_some(self.rating_interval),
            recover: self.recover == Switch::On,
            wait: Duration::from_millis(self.wait),
            sprt,
            seed: self.seed,
            time_margin: Duration::from_millis(self.timemargin),
            move_timeout: self.move_timeout,
            event: self.event,
            state,
            resume: self.resume,
            shard: self.shard,
            output: self.output,
        })))
    }
}

/// `kurier match` on its own, for [`parse`]: the same flags and help as the subcommand.
#[derive(clap::Parser, Debug)]
#[command(name = "kurier match", override_usage = MATCH_USAGE, after_help = ENGINE_SPEC_HELP)]
struct MatchCli {
    #[command(flatten)]
    args: MatchArgs,
}

/// Why the arguments of `kurier match` were refused by [`parse`].
#[derive(Debug, thiserror::Error)]
pub enum ParseError {
    /// A flag clap refused (unknown, missing value, bad value), or `--help`.
    #[error(transparent)]
    Flags(#[from] clap::Error),
    /// The flags do not fit together.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A cutechess-style option that cannot be rewritten.
    #[error(transparent)]
    Cutechess(#[from] super::cutechess_args::CutechessError),
}

/// Parses the arguments after `match` (without the program name or `match`).
pub fn parse<I, T>(args: I) -> Result<MatchCommand, ParseError>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args = super::cutechess_args::normalise(args.into_iter().map(Into::into).collect())?;
    let all = std::iter::once(std::ffi::OsString::from("kurier match")).chain(args);
    let cli = <MatchCli as clap::Parser>::try_parse_from(all)?;
    Ok(cli.args.into_command()?)
}

fn resolve(raw: &RawSpec) -> Result<EngineSpec, SpecError> {
    let cmd = raw.cmd.clone().ok_or(SpecError::NoCmd)?;
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
        return Err(SpecError::NoLimit);
    }
    if protocol == Protocol::Xboard && limits.search.nodes.is_some() {
        return Err(SpecError::XboardNodes);
    }
    let cmd: Vec<String> = cmd.into_iter().chain(raw.args.iter().cloned()).collect();
    let name = raw.name.clone().unwrap_or_else(|| {
        std::path::Path::new(&cmd[0])
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| cmd[0].clone())
    });
    if name.is_empty() || name.contains(['"', '\n', '\r']) {
        return Err(SpecError::BadName(name));
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
        restart: raw.restart.unwrap_or_default(),
        ponder: raw.ponder.unwrap_or(false),
        time_margin: raw.timemargin,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(list: &[&str]) -> MatchOptions {
        match parse(list) {
            Ok(MatchCommand::Play(o)) => *o,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn state_resume_shard_and_merge() {
        let base = ["--variant", "courier", "--depth", "1"];
        let with = |more: &[&str]| {
            let mut all: Vec<&str> = base.to_vec();
            all.extend(["--engine", "cmd=a", "--engine", "cmd=b"]);
            all.extend(more);
            play(&all)
        };
        // No PGN, no state file; beside the PGN by default; as told; the file resumed.
        assert_eq!(with(&[]).state, None);
        let o = with(&["--pgn", "out/games.pgn"]);
        assert_eq!(o.state, Some(PathBuf::from("out/games.state.json")));
        let o = with(&["--pgn", "g.pgn", "--state", "s.json"]);
        assert_eq!(o.state, Some(PathBuf::from("s.json")));
        let o = with(&["--pgn", "g.pgn", "--resume", "old.json"]);
        assert_eq!(
            (o.state, o.resume),
            (
                Some(PathBuf::from("old.json")),
                Some(PathBuf::from("old.json"))
            )
        );
        assert!(matches!(
            parse(
                ["--variant", "courier", "--depth", "1", "--engine", "cmd=a"]
                    .into_iter()
                    .chain(["--engine", "cmd=b", "--pgn", "g.pgn", "--state", "g.pgn"])
            ),
            Err(ParseError::Match(MatchError::StateIsPgn))
        ));
        assert_eq!(
            with(&["--shard", "2/5"]).shard,
            Some(Shard { index: 2, count: 5 })
        );
        for bad in ["6/5", "2", "0/0"] {
            let mut all: Vec<&str> = base.to_vec();
            all.extend(["--engine", "cmd=a", "--engine", "cmd=b", "--shard", bad]);
            assert!(matches!(parse(&all), Err(ParseError::Flags(_))), "{bad}");
        }
        // A merge needs no variant or engines.
        let merge = parse(["--merge", "a.pgn", "b.pgn", "--sprt", "elo0=0", "elo1=5"]).unwrap();
        let MatchCommand::Merge { pgns, states, sprt } = merge else {
            panic!("{merge:?}")
        };
        assert_eq!(pgns, [PathBuf::from("a.pgn"), PathBuf::from("b.pgn")]);
        assert!(states.is_empty());
        assert_eq!(sprt.map(|p| (p.elo0, p.elo1)), Some((0.0, 5.0)));
        assert!(matches!(
            parse(["--merge-state", "a.json"]),
            Ok(MatchCommand::Merge { ref states, .. }) if states.len() == 1
        ));
        assert!(parse(["--merge", "a.pgn", "--merge-state", "a.json"]).is_err());
        assert!(parse(["--merge", "a.pgn", "--engine", "cmd=a"]).is_err());
    }

    #[test]
    fn spec_words_split_like_a_shell() {
        let spec = RawSpec::parse(r#"cmd=a b 'c d' "e \"f\"" g\ h name='x y'"#, true).unwrap();
        assert_eq!(spec.cmd.unwrap(), vec!["a", "b", "c d", "e \"f\"", "g h"]);
        assert_eq!(spec.name.as_deref(), Some("x y"));
        for open in ["cmd='open", "cmd=\"open", "cmd=a name=\"x"] {
            assert_eq!(
                RawSpec::parse(open, true),
                Err(SpecError::Unterminated(open.to_string()))
            );
        }
        assert_eq!(RawSpec::parse("  ", false).unwrap(), RawSpec::default());
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
                from: 30,
                reset: false
            })
        );
        assert_eq!(
            o.adjudication.resign,
            Some(ResignRule {
                moves: 3,
                cp: 600,
                two_sided: true
            })
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
                vec!["--engine", "cmd=a", "--engine", "cmd=b", "--adjudicate", ""],
                "key=value",
            ),
            (
                vec![
                    "--engine",
                    "cmd=a",
                    "--engine",
                    "cmd=b",
                    "--openings",
                    "x",
                    "y",
                ],
                "'y' is not a key=value word",
            ),
            (
                vec![
                    "--engine",
                    "cmd=a",
                    "--engine",
                    "cmd=b",
                    "--openings",
                    "plies=3",
                ],
                "needs a FILE",
            ),
            (
                vec![
                    "--engine",
                    "cmd=a",
                    "--engine",
                    "cmd=b",
                    "--sprt",
                    "elo0=0 'elo1=5",
                ],
                "unterminated",
            ),
            (
                vec![
                    "--engine",
                    "cmd=a",
                    "--engine",
                    "cmd=b",
                    "--timemargin",
                    "600001",
                ],
                "0..=600000",
            ),
            (
                vec!["--engine", "cmd=a", "--engine", "cmd=b", "--st", "0"],
                "more than 0",
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
            let mut a = base.to_vec();
            a.extend(&extra);
            let e = parse(&a).unwrap_err().to_string();
            assert!(e.contains(wanted), "{extra:?}: {e}");
        }
        let e = parse(["--engine", "cmd=a", "--engine", "cmd=b"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("--variant"), "{e}");
        let e = parse(["--variant", "go", "--engine", "cmd=a"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown variant 'go'"), "{e}");
        assert!(e.contains("courier,schachdame,dualcheckers"), "{e}");
        let e = parse([
            "--variant",
            "courier",
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
        ])
        .unwrap_err();
        assert!(
            matches!(
                e,
                ParseError::Match(MatchError::Engine {
                    index: 1,
                    source: SpecError::NoLimit
                })
            ),
            "{e}"
        );
    }

    /// Errors clap finds itself: the kind says which, and the text names the flag.
    fn clap_error(list: &[&str]) -> clap::Error {
        match parse(list) {
            Err(ParseError::Flags(e)) => e,
            other => panic!("{list:?}: {other:?}"),
        }
    }

    #[test]
    fn clap_reads_the_flags() {
        use clap::error::ErrorKind;
        // `--flag=value` and `--flag value` are the same.
        let a = play(&[
            "--variant=courier",
            "--depth=3",
            "--engine=cmd=a name=A",
            "--engine",
            "cmd=b",
            "--games=4",
        ]);
        let b = play(&[
            "--variant",
            "courier",
            "--depth",
            "3",
            "--engine",
            "cmd=a name=A",
            "--engine",
            "cmd=b",
            "--games",
            "4",
        ]);
        assert_eq!(a, b);
        assert_eq!((a.games, a.engines[0].name.as_str()), (4, "A"));
        // A typo gets a suggestion.
        let e = clap_error(&["--variant", "courier", "--concurency", "2"]);
        assert_eq!(e.kind(), ErrorKind::UnknownArgument);
        assert!(e.to_string().contains("--concurrency"), "{e}");
        // --replay takes no engine.
        let e = clap_error(&["--replay", "g.pgn", "--engine", "cmd=a"]);
        assert_eq!(e.kind(), ErrorKind::ArgumentConflict);
        // Help is clap's, and names the spec keys.
        let e = clap_error(&["--help"]);
        assert_eq!(e.kind(), ErrorKind::DisplayHelp);
        let help = e.to_string();
        for flag in [
            "--engine <SPEC>",
            "--replay <FILE>",
            "--sprt",
            "cmd=PROGRAM",
        ] {
            assert!(help.contains(flag), "{flag}: {help}");
        }
    }

    #[test]
    fn a_repeated_key_value_flag_keeps_its_last() {
        let o = play(&[
            "--variant",
            "courier",
            "--depth",
            "1",
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
            "--openings",
            "one.epd",
            "--openings",
            "file=two.epd",
            "plies=4",
            "--adjudicate",
            "draw=1:1",
            "--adjudicate",
            "resign=2:300",
            "--each",
            "depth=5",
            "--each",
            "depth=6 option.A=1",
        ]);
        let op = o.openings.unwrap();
        assert_eq!((op.file, op.plies), (PathBuf::from("two.epd"), Some(4)));
        assert_eq!(o.adjudication.draw, None);
        assert_eq!(
            o.adjudication.resign,
            Some(ResignRule {
                moves: 2,
                cp: 300,
                two_sided: true
            })
        );
        // Every --each applies, a later one over an earlier one.
        assert_eq!(o.engines[1].limits.search.depth, Some(6));
        assert_eq!(o.engines[1].options, vec![("A".into(), "1".into())]);
        assert_eq!(o.time_margin, Duration::from_millis(100));
        assert_eq!(o.move_timeout, Duration::from_secs(60));
        assert_eq!((o.seed, o.event.as_str()), (1, "kurier match"));
    }

    #[test]
    fn cutechess_lines_reach_the_same_options() {
        let o = play(&[
            "-variant",
            "courier",
            "-tournament",
            "gauntlet",
            "-engine",
            "cmd=a",
            "name=A",
            "ponder",
            "restart=off",
            "-engine",
            "cmd=b",
            "arg=--x",
            "initstr=hello",
            "timemargin=25",
            "-engine",
            "cmd=c",
            "-each",
            "tc=inf",
            "-draw",
            "movenumber=34",
            "movecount=8",
            "score=20",
            "-resign",
            "movecount=3",
            "score=900",
            "-openings",
            "file=b.pgn",
            "format=pgn",
            "start=5",
            "-pgnout",
            "x.pgn",
            "fi",
            "-maxmoves",
            "150",
            "-ratinginterval",
            "10",
        ]);
        assert_eq!(o.tournament, TournamentKind::Gauntlet);
        assert_eq!((o.games, o.repeat, o.swap, o.recover), (1, 1, true, false));
        assert_eq!(o.time_margin, Duration::ZERO);
        let (a, b) = (&o.engines[0], &o.engines[1]);
        assert!(a.ponder && a.restart == RestartMode::Off && a.name == "A");
        assert_eq!(b.cmd, ["b", "--x"]);
        assert_eq!(b.init, ["hello"]);
        assert_eq!(b.time_margin, Some(Duration::from_millis(25)));
        assert_eq!(o.engines[2].limits.tc, Some(TimeControl::Infinite));
        assert_eq!(
            o.adjudication.draw,
            Some(DrawRule {
                moves: 8,
                cp: 20,
                from: 35,
                reset: true
            })
        );
        assert_eq!(
            o.adjudication.resign,
            Some(ResignRule {
                moves: 3,
                cp: 900,
                two_sided: false
            })
        );
        let op = o.openings.unwrap();
        assert_eq!((op.format, op.start), (Some(OpeningFormat::Pgn), 5));
        assert!(o.pgn_finished_only && !o.pgn_minimal);
        assert_eq!((o.max_moves, o.rating_interval), (Some(150), Some(10)));
        // The engine SPEC forms of the same keys.
        let g = play(&[
            "--variant",
            "courier",
            "--depth",
            "1",
            "--engine",
            "cmd=a ponder=on restart=auto arg=y",
            "--engine",
            "cmd=b",
            "--adjudicate",
            "draw=8:20:35:reset",
            "resign=3:900:one-sided",
        ]);
        assert_eq!(g.engines[0].cmd, ["a", "y"]);
        assert!(g.engines[0].ponder);
        assert_eq!(g.adjudication, o.adjudication);
        assert_eq!((g.games, g.repeat, g.recover), (2, 2, true));
        let e = parse([
            "--variant",
            "courier",
            "--depth",
            "1",
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
            "--adjudicate",
            "draw=1:2:3:x",
        ])
        .unwrap_err();
        assert!(e.to_string().contains("fourth field"), "{e}");
    }

    #[test]
    fn the_flags_are_consistent() {
        <MatchCli as clap::CommandFactory>::command().debug_assert();
    }

    #[test]
    fn replay_command() {
        assert_eq!(
            parse(["--replay", "g.pgn"]).unwrap(),
            MatchCommand::Replay {
                file: PathBuf::from("g.pgn"),
                variant: None
            }
        );
        assert_eq!(
            parse(["--replay", "g.pgn", "--variant", "courier"]).unwrap(),
            MatchCommand::Replay {
                file: PathBuf::from("g.pgn"),
                variant: Some(Variant::Courier)
            }
        );
    }
}
