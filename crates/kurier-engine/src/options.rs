//! The engine's options: one table that `engine.toml`, UCI `setoption` and XBoard `option` all
//! go through, so a name, a range or a default lives in exactly one place.
//!
//! Each [`Opt`] has a protocol name (what a GUI shows and sends), a file key (what `engine.toml`
//! uses), a kind (spin, check or combo, with its range or choices) and a one-line description.
//! [`Options::set`] checks a value against its kind and stores it; the protocol layer then
//! applies side effects (a new hash table, a new game for another variant) and writes the
//! options in each protocol's form (`protocol::engine_options`).

use kurier_rules::games::Variant;
use log::LevelFilter;
use std::fmt;

/// Largest hash size offered, in MB (64 GB).
pub const MAX_HASH_MB: u64 = 65_536;
/// Most search threads offered.
pub const MAX_THREADS: usize = 256;
/// Most lines MultiPV may ask for.
pub const MAX_MULTIPV: usize = 64;

/// An option's kind: its range or choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number in `min..=max`.
    Spin {
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
    /// `true` or `false`.
    Check,
    /// One of these words.
    Combo(&'static [&'static str]),
    /// Any text (a file name).
    Text,
}

/// One option of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    /// The game played (UCI `UCI_Variant`; XBoard uses its `variant` command instead).
    Variant,
    /// Transposition-table size in MB.
    Hash,
    /// Search threads.
    Threads,
    /// Think on the opponent's time.
    Ponder,
    /// Best lines searched and reported.
    MultiPv,
    /// Milliseconds kept back per move for GUI and pipe latency.
    MoveOverhead,
    /// Courier start position: after the opening ceremony or the XBoard array (docs/rules.md C3).
    CourierStart,
    /// How much goes to the log on stderr.
    LogLevel,
    /// XBoard only: a Dual-checkers capture of three or more legs goes out in the short form
    /// that XBoard 4.9.1 relays intact (`kurier_wire::relay::xboard_form`), not as its full
    /// comma-leg path.
    XBoardShortCaptures,
    /// Evaluate with the neural network where the game has one (Courier), else classically.
    UseNnue,
    /// A network file to evaluate with instead of the built-in one (for the game it is for).
    EvalFile,
}

const LOG_LEVELS: &[&str] = &["off", "error", "warn", "info", "debug", "trace"];
/// The games' protocol names, from the one table of games ([`Variant::ALL`]).
const VARIANTS: &[&str] = &{
    let mut names = [""; Variant::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = Variant::ALL[i].name();
        i += 1;
    }
    names
};
const COURIER_STARTS: &[&str] = &["auto", "ceremony", "array"];

impl Opt {
    /// Every option, in the order GUIs list them.
    pub const ALL: [Opt; 11] = [
        Opt::Variant,
        Opt::Hash,
        Opt::Threads,
        Opt::Ponder,
        Opt::MultiPv,
        Opt::MoveOverhead,
        Opt::CourierStart,
        Opt::LogLevel,
        Opt::XBoardShortCaptures,
        Opt::UseNnue,
        Opt::EvalFile,
    ];

    /// The name GUIs show and send (`setoption name NAME`, `option NAME=`).
    pub const fn name(self) -> &'static str {
        match self {
            Opt::Variant => "UCI_Variant",
            Opt::Hash => "Hash",
            Opt::Threads => "Threads",
            Opt::Ponder => "Ponder",
            Opt::MultiPv => "MultiPV",
            Opt::MoveOverhead => "Move Overhead",
            Opt::CourierStart => "CourierStart",
            Opt::LogLevel => "LogLevel",
            Opt::XBoardShortCaptures => "XBoardShortCaptures",
            Opt::UseNnue => "UseNNUE",
            Opt::EvalFile => "EvalFile",
        }
    }

    /// The key in `engine.toml`.
    pub const fn key(self) -> &'static str {
        match self {
            Opt::Variant => "variant",
            Opt::Hash => "hash_mb",
            Opt::Threads => "threads",
            Opt::Ponder => "ponder",
            Opt::MultiPv => "multipv",
            Opt::MoveOverhead => "move_overhead_ms",
            Opt::CourierStart => "courier_start",
            Opt::LogLevel => "log_level",
            Opt::XBoardShortCaptures => "xboard_short_captures",
            Opt::UseNnue => "use_nnue",
            Opt::EvalFile => "eval_file",
        }
    }

    /// The range or choices.
    pub const fn kind(self) -> Kind {
        match self {
            Opt::Variant => Kind::Combo(VARIANTS),
            Opt::Hash => Kind::Spin {
                min: 1,
                max: MAX_HASH_MB,
            },
            Opt::Threads => Kind::Spin {
                min: 1,
                max: MAX_THREADS as u64,
            },
            Opt::Ponder | Opt::XBoardShortCaptures | Opt::UseNnue => Kind::Check,
            Opt::MultiPv => Kind::Spin {
                min: 1,
                max: MAX_MULTIPV as u64,
            },
            Opt::MoveOverhead => Kind::Spin { min: 0, max: 5000 },
            Opt::CourierStart => Kind::Combo(COURIER_STARTS),
            Opt::LogLevel => Kind::Combo(LOG_LEVELS),
            Opt::EvalFile => Kind::Text,
        }
    }

    /// One line on what the option does (`engine.toml` and the README repeat it).
    pub const fn doc(self) -> &'static str {
        match self {
            Opt::Variant => "game played until the GUI names another",
            Opt::Hash => "transposition table size in MB",
            Opt::Threads => "search threads",
            Opt::Ponder => "think on the opponent's time (UCI go ponder; XBoard hard/easy)",
            Opt::MultiPv => "best lines searched and reported (analysis)",
            Opt::MoveOverhead => "milliseconds kept back per move for GUI and pipe latency",
            Opt::CourierStart => {
                "Courier start for new games: auto (the host's: array under the XBoard GUI, else ceremony), ceremony (cutechess, Fairy-Stockfish) or array (XBoard)"
            }
            Opt::LogLevel => "log detail on stderr: off, error, warn, info, debug, trace",
            Opt::XBoardShortCaptures => {
                "XBoard only: send Dual-checkers captures of 3+ legs in the short form XBoard 4.9.1 relays intact"
            }
            Opt::UseNnue => "evaluate with the built-in neural network where the game has one (Courier)",
            Opt::EvalFile => {
                "network file (kurier train) used instead of the built-in one for its game; builtin: none"
            }
        }
    }

    /// What the option takes, in words (`a whole number from 1 to 256`).
    pub fn expected(self) -> String {
        match self.kind() {
            Kind::Spin { min, max } => format!("a whole number from {min} to {max}"),
            Kind::Check => "true or false".to_string(),
            Kind::Combo(choices) => format!("one of {}", choices.join(", ")),
            Kind::Text => "a file name, or builtin".to_string(),
        }
    }

    /// XBoard chooses the game with its own `variant` command, so that one is not offered as an
    /// XBoard option. (Hash, Threads and Ponder are offered although `memory`, `cores` and
    /// `hard`/`easy` set them too: the GUI's engine-settings dialog shows them.)
    pub const fn xboard_native(self) -> bool {
        matches!(self, Opt::Variant)
    }

    /// The option named `name`: its protocol name or file key, in any case, spaces and
    /// underscores ignored (`Move Overhead`, `moveoverhead`, `move_overhead_ms`).
    pub fn find(name: &str) -> Option<Opt> {
        let squash = |s: &str| -> String {
            s.chars()
                .filter(|c| !c.is_whitespace() && *c != '_')
                .flat_map(char::to_lowercase)
                .collect()
        };
        let wanted = squash(name);
        Opt::ALL
            .into_iter()
            .find(|o| squash(o.name()) == wanted || squash(o.key()) == wanted)
    }
}

/// A value an option does not take, or an option that does not exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown(String),
    /// The value is outside the option's range or choices.
    BadValue {
        /// The option.
        option: Opt,
        /// The value given.
        value: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{name}'"),
            OptionError::BadValue { option, value } => {
                write!(
                    f,
                    "{}: expected {}, got '{value}'",
                    option.name(),
                    option.expected()
                )
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Courier's start position for new games (docs/rules.md C3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourierStart {
    /// The start the host shows: the array under the XBoard GUI (which sends `memory`, `cores`
    /// and `random`, `protocol::host`), the ceremony start everywhere else.
    Auto,
    /// After the opening ceremony: cutechess's and Fairy-Stockfish's start.
    Ceremony,
    /// Before it: the XBoard GUI's own Courier start.
    Array,
}

/// The engine's option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Game played until the GUI names another.
    pub variant: Variant,
    /// Transposition table size in MB.
    pub hash_mb: u64,
    /// Search threads.
    pub threads: usize,
    /// Think on the opponent's time.
    pub ponder: bool,
    /// Best lines searched and reported.
    pub multipv: usize,
    /// Milliseconds kept back per move.
    pub move_overhead_ms: u64,
    /// Courier start for new games.
    pub courier_start: CourierStart,
    /// Log detail on stderr.
    pub log_level: LevelFilter,
    /// XBoard: long Dual-checkers captures in XBoard 4.9.1's short form ([`Opt::XBoardShortCaptures`]).
    /// On by default because XBoard 4.9.1, the one XBoard host known, keeps at most one victim
    /// and two intermediate squares per move and garbles a longer path when it relays it
    /// (`kurier_wire::relay`); a host that reads full paths turns it off to get the comma-leg
    /// path form of the contract (docs/protocols.md).
    pub xboard_short_captures: bool,
    /// Evaluate with the game's network where it has one ([`Opt::UseNnue`]).
    pub use_nnue: bool,
    /// The network file to load ([`Opt::EvalFile`]); [`BUILTIN_NET`]: none, the built-in one.
    pub eval_file: String,
}

/// The [`Opt::EvalFile`] value that loads no file: the built-in network is used.
pub const BUILTIN_NET: &str = "builtin";

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: Variant::Courier,
            hash_mb: 64,
            threads: 1,
            ponder: false,
            multipv: 1,
            move_overhead_ms: 30,
            courier_start: CourierStart::Auto,
            log_level: LevelFilter::Warn,
            xboard_short_captures: true,
            use_nnue: true,
            eval_file: BUILTIN_NET.to_string(),
        }
    }
}

impl Options {
    /// True when Courier games start from the XBoard array: asked for, or `auto` under the
    /// XBoard GUI (`xboard_gui`: the host showed itself as the XBoard GUI).
    pub fn courier_array(&self, xboard_gui: bool) -> bool {
        match self.courier_start {
            CourierStart::Array => true,
            CourierStart::Ceremony => false,
            CourierStart::Auto => xboard_gui,
        }
    }

    /// The current value of `opt`, as a GUI or the file would write it.
    pub fn value(&self, opt: Opt) -> String {
        match opt {
            Opt::Variant => self.variant.name().to_string(),
            Opt::Hash => self.hash_mb.to_string(),
            Opt::Threads => self.threads.to_string(),
            Opt::Ponder => self.ponder.to_string(),
            Opt::MultiPv => self.multipv.to_string(),
            Opt::MoveOverhead => self.move_overhead_ms.to_string(),
            Opt::CourierStart => match self.courier_start {
                CourierStart::Auto => "auto".to_string(),
                CourierStart::Ceremony => "ceremony".to_string(),
                CourierStart::Array => "array".to_string(),
            },
            Opt::LogLevel => self.log_level.as_str().to_ascii_lowercase(),
            Opt::XBoardShortCaptures => self.xboard_short_captures.to_string(),
            Opt::UseNnue => self.use_nnue.to_string(),
            Opt::EvalFile => self.eval_file.clone(),
        }
    }

    /// Sets the option named `name` (protocol name or file key) to `value`; on error nothing
    /// changes. Returns which option changed, so the caller can apply its side effects.
    pub fn set(&mut self, name: &str, value: &str) -> Result<Opt, OptionError> {
        let opt = Opt::find(name).ok_or_else(|| OptionError::Unknown(name.trim().to_string()))?;
        self.set_opt(opt, value)?;
        Ok(opt)
    }

    /// Sets `opt` to `value`, checked against its kind.
    pub fn set_opt(&mut self, opt: Opt, value: &str) -> Result<(), OptionError> {
        let value = value.trim();
        let bad = || OptionError::BadValue {
            option: opt,
            value: value.to_string(),
        };
        match opt.kind() {
            Kind::Spin { min, max } => {
                let n = value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (min..=max).contains(n))
                    .ok_or_else(bad)?;
                match opt {
                    Opt::Hash => self.hash_mb = n,
                    Opt::Threads => self.threads = n as usize,
                    Opt::MultiPv => self.multipv = n as usize,
                    Opt::MoveOverhead => self.move_overhead_ms = n,
                    _ => unreachable!("{opt:?} is not a spin option"),
                }
            }
            Kind::Check => {
                let b = match value.to_ascii_lowercase().as_str() {
                    "true" | "1" | "on" | "yes" => true,
                    "false" | "0" | "off" | "no" => false,
                    _ => return Err(bad()),
                };
                match opt {
                    Opt::Ponder => self.ponder = b,
                    Opt::XBoardShortCaptures => self.xboard_short_captures = b,
                    Opt::UseNnue => self.use_nnue = b,
                    _ => unreachable!("{opt:?} is not a check option"),
                }
            }
            Kind::Combo(choices) => {
                let word = value.to_ascii_lowercase();
                if !choices.contains(&word.as_str()) {
                    return Err(bad());
                }
                match opt {
                    Opt::Variant => self.variant = word.parse().map_err(|_| bad())?,
                    Opt::CourierStart => {
                        self.courier_start = match word.as_str() {
                            "array" => CourierStart::Array,
                            "ceremony" => CourierStart::Ceremony,
                            _ => CourierStart::Auto,
                        }
                    }
                    Opt::LogLevel => self.log_level = word.parse().map_err(|_| bad())?,
                    _ => unreachable!("{opt:?} is not a combo option"),
                }
            }
            Kind::Text => {
                if value.is_empty() || value.contains(['\n', '\r', '\0']) {
                    return Err(bad());
                }
                match opt {
                    Opt::EvalFile => self.eval_file = value.to_string(),
                    _ => unreachable!("{opt:?} is not a text option"),
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keys_and_old_names_find_the_option() {
        assert_eq!(Opt::find("Move Overhead"), Some(Opt::MoveOverhead));
        assert_eq!(Opt::find("MoveOverhead"), Some(Opt::MoveOverhead));
        assert_eq!(Opt::find("move_overhead_ms"), Some(Opt::MoveOverhead));
        assert_eq!(Opt::find("uci_variant"), Some(Opt::Variant));
        assert_eq!(Opt::find("hash_mb"), Some(Opt::Hash));
        assert_eq!(Opt::find("Contempt"), None);
    }

    #[test]
    fn values_are_checked_against_the_kind() {
        let mut o = Options::default();
        assert_eq!(o.set("Hash", "128"), Ok(Opt::Hash));
        assert_eq!(o.hash_mb, 128);
        assert!(o.set("Hash", "0").is_err());
        assert!(o.set("Hash", "-5").is_err());
        assert!(o.set("Threads", "999").is_err());
        assert!(o.set("Ponder", "maybe").is_err());
        assert!(o.set("UCI_Variant", "chess").is_err());
        assert_eq!(o.hash_mb, 128, "a rejected value changes nothing");
        assert_eq!(o.set("UCI_Variant", "Courier"), Ok(Opt::Variant));
        assert_eq!(o.variant, Variant::Courier);
        assert_eq!(
            o.courier_start,
            CourierStart::Auto,
            "the host's start by default"
        );
        assert!(!o.courier_array(false) && o.courier_array(true));
        assert_eq!(o.set("courier_start", "array"), Ok(Opt::CourierStart));
        assert!(o.courier_array(false) && o.courier_array(true));
        assert_eq!(o.set("CourierStart", "ceremony"), Ok(Opt::CourierStart));
        assert!(!o.courier_array(false) && !o.courier_array(true));
        assert_eq!(o.set("LogLevel", "debug"), Ok(Opt::LogLevel));
        assert_eq!(o.log_level, LevelFilter::Debug);
        let e = o.set("MultiPV", "65").unwrap_err();
        assert_eq!(
            e.to_string(),
            "MultiPV: expected a whole number from 1 to 64, got '65'"
        );
    }

    #[test]
    fn every_value_written_reads_back() {
        let o = Options::default();
        for opt in Opt::ALL {
            let mut copy = o.clone();
            copy.set_opt(opt, &o.value(opt)).unwrap();
            assert_eq!(copy, o, "{opt:?}");
        }
    }
}
