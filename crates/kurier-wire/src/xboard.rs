//! XBoard (CECP v2) text both ways: what a GUI or the match runner sends ([`XboardCommand`], and
//! [`EditCommand`] in `edit` mode) and what an engine answers ([`XboardReply`], with the
//! handshake's [`Features`] and each option's [`XboardOption`]). Kurier's XBoard session reads
//! and writes through these types, and the match runner writes its commands and reads engines'
//! lines through them: the `feature` line the engine writes is the one the runner parses.
//!
//! Hand-written parser: CECP is a loose line protocol (quoted feature values, free-text result
//! comments, thinking lines that start with a number, `Illegal move` with or without a reason)
//! and no crate reads it. Commands are read the way XBoard sends them — the first word, then
//! the rest of the line — and a command that takes no argument ignores what follows it, as
//! engines traditionally do.

use crate::score::Score;
use crate::time_control::{format_level_base, format_seconds, parse_plain_seconds, TimeControl};
use kurier_rules::game::Outcome;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Centiseconds on the wire, as `time`, `otim` and thinking output count.
fn centiseconds(d: Duration) -> u128 {
    d.as_millis() / 10
}

fn from_centiseconds(cs: u64) -> Duration {
    Duration::from_millis(cs.saturating_mul(10))
}

/// A line XBoard's protocol cannot read; the `Display` text is the reason the engine gives in
/// `Error (REASON): LINE`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XboardError {
    /// A blank line.
    #[error("empty line")]
    Empty,
    /// No such command.
    #[error("unknown command")]
    Unknown,
    /// `st`, `time` or `otim` without a usable time.
    #[error("bad time")]
    BadTime,
    /// `sd` without a whole number.
    #[error("bad depth")]
    BadDepth,
    /// `nps` without a whole number.
    #[error("bad number")]
    BadNumber,
    /// `level` without three usable numbers.
    #[error("bad level")]
    BadLevel,
    /// `memory` without a whole number.
    #[error("bad size")]
    BadSize,
    /// `cores` without a whole number.
    #[error("bad count")]
    BadCount,
    /// An engine's line that is no XBoard message.
    #[error("not an XBoard message")]
    NotAReply,
}

/// `exclude`/`include`: one move, or all of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// `all`.
    All,
    /// One move.
    Move(String),
}

/// A command from the GUI to the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XboardCommand {
    /// `xboard`.
    Xboard,
    /// `protover N`.
    Protover(u32),
    /// `accepted FEATURE`.
    Accepted(String),
    /// `rejected FEATURE`.
    Rejected(String),
    /// `new`.
    New,
    /// `variant NAME`.
    Variant(String),
    /// `quit`.
    Quit,
    /// `random`.
    Random,
    /// `force`.
    Force,
    /// `go`.
    Go,
    /// `playother`.
    PlayOther,
    /// `level MPS BASE INC`: a clock of `moves` moves per period (0: the whole game), `base`
    /// per period (minutes or `min:sec` on the wire), `increment` seconds per move.
    Level {
        /// Moves per period.
        moves: u32,
        /// Time per period.
        base: Duration,
        /// Time added after every move.
        increment: Duration,
    },
    /// `st SECONDS`: a fixed time per move.
    St(Duration),
    /// `sd DEPTH`.
    Sd(u32),
    /// `nps N`: play at N nodes per second (0: off).
    Nps(u64),
    /// `time CS`: the engine's clock (centiseconds; negative read as 0).
    Time(Duration),
    /// `otim CS`: the opponent's clock.
    Otim(Duration),
    /// `usermove MOVE`.
    UserMove(String),
    /// A bare move (GUIs without `usermove=1`).
    Move(String),
    /// `?`: move now.
    MoveNow,
    /// `ping N` (the token is echoed by `pong`).
    Ping(String),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `result RESULT {COMMENT}`.
    Result {
        /// `1-0`, `0-1`, `1/2-1/2` or `*`.
        result: String,
        /// The reason, without braces.
        comment: String,
    },
    /// `setboard FEN`.
    SetBoard(String),
    /// `edit`: the lines up to `.` are [`EditCommand`]s.
    Edit,
    /// `hint`.
    Hint,
    /// `bk`: the book moves.
    Bk,
    /// `undo`.
    Undo,
    /// `remove`.
    Remove,
    /// `hard`: pondering on.
    Hard,
    /// `easy`: pondering off.
    Easy,
    /// `post`: thinking output on.
    Post,
    /// `nopost`.
    NoPost,
    /// `analyze`.
    Analyze,
    /// `exit`: leave analysis.
    Exit,
    /// `.`: the analysis status.
    Status,
    /// `name NAME`: the opponent's name.
    Name(String),
    /// `rating ...`.
    Rating(String),
    /// `ics HOST`.
    Ics(String),
    /// `computer`: the opponent is a program.
    Computer,
    /// `option NAME[=VALUE]`.
    Option {
        /// The option's name, as given.
        name: String,
        /// The value after `=`, as given; `None` for a button.
        value: Option<String>,
    },
    /// `memory MB`.
    Memory(u64),
    /// `cores N`.
    Cores(usize),
    /// `exclude MOVE|all`.
    Exclude(Selection),
    /// `include MOVE|all`.
    Include(Selection),
}

/// A bare move (XBoard without `usermove=1`): starts with a square name.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

fn selection(text: &str) -> Selection {
    if text == "all" {
        Selection::All
    } else {
        Selection::Move(text.to_string())
    }
}

/// Reads centiseconds (negative as 0, at most 2^40).
fn clock_time(text: &str) -> Result<Duration, XboardError> {
    text.parse::<i64>()
        .map(|cs| from_centiseconds(cs.clamp(0, 1 << 40) as u64))
        .map_err(|_| XboardError::BadTime)
}

impl FromStr for XboardCommand {
    type Err = XboardError;

    fn from_str(line: &str) -> Result<Self, XboardError> {
        use XboardCommand as C;
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        Ok(match command {
            "" => return Err(XboardError::Empty),
            "xboard" => C::Xboard,
            "protover" => C::Protover(rest.parse().unwrap_or(0)),
            "accepted" => C::Accepted(rest.to_string()),
            "rejected" => C::Rejected(rest.to_string()),
            "new" => C::New,
            "variant" => C::Variant(rest.to_string()),
            "quit" => C::Quit,
            "random" => C::Random,
            "force" => C::Force,
            "go" => C::Go,
            "playother" => C::PlayOther,
            "level" => match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
                [mps, base, inc] => match TimeControl::from_level(mps, base, inc) {
                    Ok(TimeControl::Clock {
                        moves,
                        base,
                        increment,
                    }) => C::Level {
                        moves,
                        base,
                        increment,
                    },
                    _ => return Err(XboardError::BadLevel),
                },
                _ => return Err(XboardError::BadLevel),
            },
            "st" => C::St(parse_plain_seconds(rest).map_err(|_| XboardError::BadTime)?),
            "sd" => C::Sd(rest.parse().map_err(|_| XboardError::BadDepth)?),
            "nps" => C::Nps(rest.parse().map_err(|_| XboardError::BadNumber)?),
            "time" => C::Time(clock_time(rest)?),
            "otim" => C::Otim(clock_time(rest)?),
            // Some interfaces write `otim:`; it was never checked.
            "otim:" => C::Otim(clock_time(rest).unwrap_or_default()),
            "usermove" => C::UserMove(rest.to_string()),
            "?" => C::MoveNow,
            "ping" => C::Ping(rest.to_string()),
            "draw" => C::Draw,
            "result" => {
                // `result {COMMENT}` has no result word: the braces start the comment.
                let (result, comment) = if rest.starts_with('{') {
                    ("", rest)
                } else {
                    rest.split_once(' ').unwrap_or((rest, ""))
                };
                // One pair of braces around the comment; braces inside it are its own.
                let comment = comment.trim();
                let comment = comment.strip_prefix('{').unwrap_or(comment);
                let comment = comment.strip_suffix('}').unwrap_or(comment);
                C::Result {
                    result: result.to_string(),
                    comment: comment.trim().to_string(),
                }
            }
            "setboard" => C::SetBoard(rest.to_string()),
            "edit" => C::Edit,
            "hint" => C::Hint,
            "bk" => C::Bk,
            "undo" => C::Undo,
            "remove" => C::Remove,
            "hard" => C::Hard,
            "easy" => C::Easy,
            "post" => C::Post,
            "nopost" => C::NoPost,
            "analyze" => C::Analyze,
            "exit" => C::Exit,
            "." => C::Status,
            "name" => C::Name(rest.to_string()),
            "rating" => C::Rating(rest.to_string()),
            "ics" => C::Ics(rest.to_string()),
            "computer" => C::Computer,
            "option" => match rest.split_once('=') {
                Some((name, value)) => C::Option {
                    name: name.to_string(),
                    value: Some(value.to_string()),
                },
                None => C::Option {
                    name: rest.to_string(),
                    value: None,
                },
            },
            "memory" => C::Memory(rest.parse().map_err(|_| XboardError::BadSize)?),
            "cores" => C::Cores(rest.parse().map_err(|_| XboardError::BadCount)?),
            "exclude" => C::Exclude(selection(rest)),
            "include" => C::Include(selection(rest)),
            _ if looks_like_move(command) && rest.is_empty() => C::Move(command.to_string()),
            _ => return Err(XboardError::Unknown),
        })
    }
}

impl fmt::Display for Selection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Selection::All => f.write_str("all"),
            Selection::Move(m) => f.write_str(m),
        }
    }
}

/// `word` alone, or `word rest`.
fn with_rest(f: &mut fmt::Formatter<'_>, word: &str, rest: &str) -> fmt::Result {
    if rest.is_empty() {
        f.write_str(word)
    } else {
        write!(f, "{word} {rest}")
    }
}

impl fmt::Display for XboardCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use XboardCommand as C;
        match self {
            C::Xboard => f.write_str("xboard"),
            C::Protover(n) => write!(f, "protover {n}"),
            C::Accepted(name) => write!(f, "accepted {name}"),
            C::Rejected(name) => write!(f, "rejected {name}"),
            C::New => f.write_str("new"),
            C::Variant(v) => with_rest(f, "variant", v),
            C::Quit => f.write_str("quit"),
            C::Random => f.write_str("random"),
            C::Force => f.write_str("force"),
            C::Go => f.write_str("go"),
            C::PlayOther => f.write_str("playother"),
            C::Level {
                moves,
                base,
                increment,
            } => write!(
                f,
                "level {moves} {} {}",
                format_level_base(*base),
                format_seconds(*increment)
            ),
            C::St(t) => write!(f, "st {}", format_seconds(*t)),
            C::Sd(d) => write!(f, "sd {d}"),
            C::Nps(n) => write!(f, "nps {n}"),
            C::Time(t) => write!(f, "time {}", centiseconds(*t)),
            C::Otim(t) => write!(f, "otim {}", centiseconds(*t)),
            C::UserMove(m) => with_rest(f, "usermove", m),
            C::Move(m) => f.write_str(m),
            C::MoveNow => f.write_str("?"),
            C::Ping(n) => with_rest(f, "ping", n),
            C::Draw => f.write_str("draw"),
            C::Result { result, comment } => write!(f, "result {result} {{{comment}}}"),
            C::SetBoard(fen) => with_rest(f, "setboard", fen),
            C::Edit => f.write_str("edit"),
            C::Hint => f.write_str("hint"),
            C::Bk => f.write_str("bk"),
            C::Undo => f.write_str("undo"),
            C::Remove => f.write_str("remove"),
            C::Hard => f.write_str("hard"),
            C::Easy => f.write_str("easy"),
            C::Post => f.write_str("post"),
            C::NoPost => f.write_str("nopost"),
            C::Analyze => f.write_str("analyze"),
            C::Exit => f.write_str("exit"),
            C::Status => f.write_str("."),
            C::Name(n) => with_rest(f, "name", n),
            C::Rating(r) => with_rest(f, "rating", r),
            C::Ics(h) => with_rest(f, "ics", h),
            C::Computer => f.write_str("computer"),
            C::Option { name, value } => match value {
                Some(v) => write!(f, "option {name}={v}"),
                None => with_rest(f, "option", name),
            },
            C::Memory(mb) => write!(f, "memory {mb}"),
            C::Cores(n) => write!(f, "cores {n}"),
            C::Exclude(s) => write!(f, "exclude {s}"),
            C::Include(s) => write!(f, "include {s}"),
        }
    }
}

impl XboardCommand {
    /// The command that sets `tc` on an engine: `level` for a clock, `st` for a time per move;
    /// `None` for no limit (XBoard has no command for it).
    pub fn time_control(tc: TimeControl) -> Option<XboardCommand> {
        match tc {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => Some(XboardCommand::Level {
                moves,
                base,
                increment,
            }),
            TimeControl::PerMove(t) => Some(XboardCommand::St(t)),
            TimeControl::Infinite => None,
        }
    }
}

/// A line of `edit` mode: `#` clears the board, `c` switches colour, `Pa4` puts a piece, `xa4`
/// empties a square, `.` ends. Squares and piece letters are checked by the engine, which knows
/// the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditCommand {
    /// `#`.
    Clear,
    /// `c`: the following pieces are the other colour's.
    SwitchColor,
    /// `Pa4`.
    Place {
        /// The piece letter (case is set by the colour).
        piece: char,
        /// The square.
        square: String,
    },
    /// `xa4`.
    Empty {
        /// The square.
        square: String,
    },
    /// `.`.
    Done,
}

/// An empty line in `edit` mode.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("empty edit command")]
pub struct EmptyEdit;

impl FromStr for EditCommand {
    type Err = EmptyEdit;

    fn from_str(line: &str) -> Result<Self, EmptyEdit> {
        Ok(match line.trim() {
            "#" => EditCommand::Clear,
            "c" => EditCommand::SwitchColor,
            "." => EditCommand::Done,
            text => {
                let mut chars = text.chars();
                let piece = chars.next().ok_or(EmptyEdit)?;
                let square = chars.as_str().to_string();
                match piece {
                    'x' | 'X' => EditCommand::Empty { square },
                    _ => EditCommand::Place { piece, square },
                }
            }
        })
    }
}

impl fmt::Display for EditCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditCommand::Clear => f.write_str("#"),
            EditCommand::SwitchColor => f.write_str("c"),
            EditCommand::Place { piece, square } => write!(f, "{piece}{square}"),
            EditCommand::Empty { square } => write!(f, "x{square}"),
            EditCommand::Done => f.write_str("."),
        }
    }
}

/// How an option is shown in the GUI's dialog and what it holds (`-spin 64 1 65536`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XboardOptionKind {
    /// `-button`.
    Button,
    /// `-save`.
    Save,
    /// `-reset`.
    Reset,
    /// `-check 0|1`.
    Check(bool),
    /// `-string TEXT`.
    String(String),
    /// `-spin VALUE MIN MAX`.
    Spin {
        /// The current value.
        value: i64,
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// `-slider VALUE MIN MAX`.
    Slider {
        /// The current value.
        value: i64,
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// `-combo A /// *B /// C` (the chosen one starred).
    Combo {
        /// The choices.
        choices: Vec<String>,
        /// Which one is chosen.
        selected: Option<usize>,
    },
    /// `-file PATH`.
    File(String),
    /// `-path PATH`.
    Path(String),
}

/// An option in a `feature option="..."` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XboardOption {
    /// The name the GUI shows and sends back in `option NAME=VALUE`.
    pub name: String,
    /// Its kind and value.
    pub kind: XboardOptionKind,
}

impl XboardOptionKind {
    fn parse(kind: &str, args: &str) -> Option<XboardOptionKind> {
        let numbers = || -> Option<(i64, i64, i64)> {
            match args.split_whitespace().collect::<Vec<_>>().as_slice() {
                [v, lo, hi] => Some((v.parse().ok()?, lo.parse().ok()?, hi.parse().ok()?)),
                _ => None,
            }
        };
        Some(match kind {
            "button" => XboardOptionKind::Button,
            "save" => XboardOptionKind::Save,
            "reset" => XboardOptionKind::Reset,
            "check" => XboardOptionKind::Check(match args {
                "1" | "true" => true,
                "0" | "false" => false,
                _ => return None,
            }),
            "string" => XboardOptionKind::String(args.to_string()),
            "file" => XboardOptionKind::File(args.to_string()),
            "path" => XboardOptionKind::Path(args.to_string()),
            "spin" => {
                let (value, min, max) = numbers()?;
                XboardOptionKind::Spin { value, min, max }
            }
            "slider" => {
                let (value, min, max) = numbers()?;
                XboardOptionKind::Slider { value, min, max }
            }
            "combo" => {
                let mut selected = None;
                let choices = args
                    .split("///")
                    .enumerate()
                    .map(|(i, c)| {
                        let c = c.trim();
                        match c.strip_prefix('*') {
                            Some(c) => {
                                selected = Some(i);
                                c.to_string()
                            }
                            None => c.to_string(),
                        }
                    })
                    .collect();
                XboardOptionKind::Combo { choices, selected }
            }
            _ => return None,
        })
    }
}

/// An option spec that is not `NAME -KIND [VALUES]`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an option (NAME -KIND VALUES)")]
pub struct OptionError(pub String);

impl FromStr for XboardOption {
    type Err = OptionError;

    /// `Hash -spin 64 1 65536`: the name runs to the first ` -KIND` that reads.
    fn from_str(s: &str) -> Result<Self, OptionError> {
        let text = s.trim();
        for (at, _) in text.match_indices(" -") {
            let after = &text[at + 2..];
            let (kind, args) = after.split_once(' ').unwrap_or((after, ""));
            if let Some(kind) = XboardOptionKind::parse(kind, args.trim()) {
                return Ok(XboardOption {
                    name: text[..at].to_string(),
                    kind,
                });
            }
        }
        Err(OptionError(text.to_string()))
    }
}

impl fmt::Display for XboardOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.name;
        match &self.kind {
            XboardOptionKind::Button => write!(f, "{name} -button"),
            XboardOptionKind::Save => write!(f, "{name} -save"),
            XboardOptionKind::Reset => write!(f, "{name} -reset"),
            XboardOptionKind::Check(on) => write!(f, "{name} -check {}", u8::from(*on)),
            XboardOptionKind::String(v) => write!(f, "{name} -string {v}"),
            XboardOptionKind::File(v) => write!(f, "{name} -file {v}"),
            XboardOptionKind::Path(v) => write!(f, "{name} -path {v}"),
            XboardOptionKind::Spin { value, min, max } => {
                write!(f, "{name} -spin {value} {min} {max}")
            }
            XboardOptionKind::Slider { value, min, max } => {
                write!(f, "{name} -slider {value} {min} {max}")
            }
            XboardOptionKind::Combo { choices, selected } => {
                let list: Vec<String> = choices
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        if Some(i) == *selected {
                            format!("*{c}")
                        } else {
                            c.clone()
                        }
                    })
                    .collect();
                write!(f, "{name} -combo {}", list.join(" /// "))
            }
        }
    }
}

/// Generates the table of Boolean features: their fields' names are the feature names.
macro_rules! flags {
    ($($flag:ident),* $(,)?) => {
        /// The features an engine announces in `feature` lines, as the protocol defines them; an
        /// unset field was not announced (the protocol's default applies: see the `supports_`
        /// methods). One line may carry several; the handshake may take several lines.
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct Features {
            $(
                #[doc = concat!("`", stringify!($flag), "=1|0`.")]
                pub $flag: Option<bool>,
            )*
            /// `myname="NAME"`.
            pub myname: Option<String>,
            /// `myversion="TEXT"`.
            pub myversion: Option<String>,
            /// `variants="a,b,c"`.
            pub variants: Option<Vec<String>>,
            /// `egt="syzygy,..."`.
            pub egt: Option<String>,
            /// `option="NAME -KIND ..."`, one per feature.
            pub option: Vec<XboardOption>,
            /// Features this type does not know (and options that do not read), in order.
            pub other: Vec<(String, String)>,
            /// `done=1` (the handshake is over) or `done=0` (wait longer).
            pub done: Option<bool>,
        }

        impl Features {
            fn flag(&mut self, name: &str) -> Option<&mut Option<bool>> {
                match name {
                    $(stringify!($flag) => Some(&mut self.$flag),)*
                    _ => None,
                }
            }

            fn flags(&self) -> Vec<(&'static str, bool)> {
                let mut out = Vec::new();
                $(
                    if let Some(on) = self.$flag {
                        out.push((stringify!($flag), on));
                    }
                )*
                out
            }
        }
    };
}

flags!(
    ping, setboard, playother, san, usermove, time, draw, sigint, sigterm, reuse, analyze, memory,
    smp, colors, ics, name, pause, nps, debug, exclude, setscore, highlight,
);

/// Splits a `feature` line's text into (name, value), values in double quotes kept whole; stops
/// at the first word that is not `name=value`.
fn feature_pairs(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut s = text.trim_start();
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

impl Features {
    /// `ping N` is answered with `pong N` (default: no).
    pub fn supports_ping(&self) -> bool {
        self.ping == Some(true)
    }

    /// `setboard FEN` sets a position (default: no; then `edit`).
    pub fn supports_setboard(&self) -> bool {
        self.setboard == Some(true)
    }

    /// Moves go as `usermove MOVE` (default: bare moves).
    pub fn wants_usermove(&self) -> bool {
        self.usermove == Some(true)
    }

    /// `time` and `otim` are wanted (default: yes).
    pub fn wants_time(&self) -> bool {
        self.time != Some(false)
    }

    /// The process may play another game (default: yes).
    pub fn reusable(&self) -> bool {
        self.reuse != Some(false)
    }

    /// Every feature set here, as (name, value) in the order they are written.
    pub fn entries(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .flags()
            .into_iter()
            .map(|(n, on)| (n.to_string(), u8::from(on).to_string()))
            .collect();
        let texts = [
            ("myname", self.myname.clone()),
            ("myversion", self.myversion.clone()),
            ("variants", self.variants.as_ref().map(|v| v.join(","))),
            ("egt", self.egt.clone()),
        ];
        out.extend(
            texts
                .into_iter()
                .filter_map(|(n, v)| Some((n.to_string(), v?))),
        );
        out.extend(
            self.option
                .iter()
                .map(|o| ("option".to_string(), o.to_string())),
        );
        out.extend(self.other.iter().cloned());
        if let Some(done) = self.done {
            out.push(("done".to_string(), u8::from(done).to_string()));
        }
        out
    }

    /// Sets one feature from its text.
    fn set(&mut self, name: &str, value: &str) {
        if let Some(flag) = self.flag(name) {
            *flag = Some(value == "1");
            return;
        }
        match name {
            "myname" => self.myname = Some(value.to_string()),
            "myversion" => self.myversion = Some(value.to_string()),
            "variants" => {
                self.variants = Some(value.split(',').map(|v| v.trim().to_string()).collect())
            }
            "egt" => self.egt = Some(value.to_string()),
            "done" => self.done = Some(value == "1"),
            "option" => match value.parse() {
                Ok(o) => self.option.push(o),
                Err(_) => self.other.push((name.to_string(), value.to_string())),
            },
            _ => self.other.push((name.to_string(), value.to_string())),
        }
    }

    /// Adds what `later` announces (a later line of the handshake): its settings win.
    pub fn merge(&mut self, later: &Features) {
        for (name, value) in later.entries() {
            self.set(&name, &value);
        }
    }

    /// Reads the text after `feature`.
    pub fn parse(text: &str) -> Features {
        let mut f = Features::default();
        for (name, value) in feature_pairs(text) {
            f.set(&name, &value);
        }
        f
    }
}

impl fmt::Display for Features {
    /// `feature ping=1 setboard=1 ... myname="Kurier 0.1.0" variants="a,b"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("feature")?;
        for (name, value) in self.entries() {
            let quoted = matches!(
                name.as_str(),
                "myname" | "myversion" | "variants" | "egt" | "option"
            ) || value.contains(char::is_whitespace)
                || value.is_empty();
            if quoted {
                write!(f, " {name}=\"{value}\"")?;
            } else {
                write!(f, " {name}={value}")?;
            }
        }
        Ok(())
    }
}

/// Who a `tell...` line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tell {
    /// `telluser`.
    User,
    /// `tellusererror`.
    UserError,
    /// `tellopponent`.
    Opponent,
    /// `tellothers`.
    Others,
    /// `tellall`.
    All,
    /// `tellics`.
    Ics,
    /// `tellicsnoalias`.
    IcsNoAlias,
}

impl Tell {
    const ALL: [Tell; 7] = [
        Tell::User,
        Tell::UserError,
        Tell::Opponent,
        Tell::Others,
        Tell::All,
        Tell::Ics,
        Tell::IcsNoAlias,
    ];

    fn word(self) -> &'static str {
        match self {
            Tell::User => "telluser",
            Tell::UserError => "tellusererror",
            Tell::Opponent => "tellopponent",
            Tell::Others => "tellothers",
            Tell::All => "tellall",
            Tell::Ics => "tellics",
            Tell::IcsNoAlias => "tellicsnoalias",
        }
    }
}

/// A thinking line: `PLY SCORE TIME NODES PV`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Search depth.
    pub depth: u32,
    /// Score, from the engine's side.
    pub score: Score,
    /// Time searched (centiseconds on the wire).
    pub time: Duration,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, as free text.
    pub pv: String,
}

/// `stat01: TIME NODES PLY MOVESLEFT TOTAL [MOVE]`: the analysis status after `.`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stat01 {
    /// Time searched.
    pub time: Duration,
    /// Nodes searched.
    pub nodes: u64,
    /// Depth.
    pub depth: u32,
    /// Root moves left to search.
    pub left: u32,
    /// Root moves in all.
    pub total: u32,
    /// The move being searched.
    pub mv: Option<String>,
}

/// `setup (PIECES) WxH+H_PARENT FEN`: an engine-defined variant's pieces, board and start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece-to-character map, without its parentheses.
    pub pieces: Option<String>,
    /// The board geometry and parent variant (`8x8+0_fairy`).
    pub board: Option<String>,
    /// The start position.
    pub fen: String,
}

/// A line from the engine to the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XboardReply {
    /// `feature ...`.
    Feature(Box<Features>),
    /// `move MOVE` (also read from `My move is: MOVE`).
    Move(String),
    /// `pong N`.
    Pong(String),
    /// `RESULT {COMMENT}`: a result claim.
    Result {
        /// `1-0`, `0-1`, `1/2-1/2` or `*`.
        result: String,
        /// The reason, without braces.
        comment: String,
    },
    /// `resign`.
    Resign,
    /// `offer draw`.
    OfferDraw,
    /// `Illegal move (REASON): MOVE` or `Illegal move: MOVE`.
    IllegalMove {
        /// Why, if given.
        reason: Option<String>,
        /// The move refused.
        mv: String,
    },
    /// `Error (REASON): COMMAND`.
    Error {
        /// Why.
        reason: String,
        /// The command refused.
        command: String,
    },
    /// `telluser TEXT`, `tellusererror TEXT`, ...
    Tell(Tell, String),
    /// Thinking output.
    Thinking(Thinking),
    /// `stat01: ...`.
    Stat01(Stat01),
    /// `Hint: MOVE`.
    Hint(String),
    /// A line of the `bk` answer (a tab, then text).
    BookLine(String),
    /// The empty line that ends the `bk` answer.
    BookEnd,
    /// `setup ...`.
    Setup(Setup),
    /// `piece LETTER& BETZA`: how a piece moves, for the GUI.
    Piece {
        /// The piece letter, with XBoard's suffix (`P&`).
        piece: String,
        /// Its moves in Betza notation.
        moves: String,
    },
}

impl From<Features> for XboardReply {
    fn from(f: Features) -> Self {
        XboardReply::Feature(Box::new(f))
    }
}

impl From<Outcome> for XboardReply {
    /// The claim of a finished game (`1-0 {White wins by checkmate}`): the rules' text for the
    /// outcome is already the XBoard result line.
    fn from(outcome: Outcome) -> Self {
        let text = outcome.to_string();
        let comment = text
            .split_once(' ')
            .map(|(_, c)| c.trim_start_matches('{').trim_end_matches('}'))
            .unwrap_or("");
        XboardReply::Result {
            result: outcome.result_str().to_string(),
            comment: comment.to_string(),
        }
    }
}

fn thinking(text: &str) -> Option<Thinking> {
    let mut words = text.split_whitespace();
    let ply = words.next()?;
    let digits = ply.trim_end_matches(|c: char| !c.is_ascii_digit());
    let depth: u32 = digits.parse().ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    let time: u64 = words.next()?.parse().ok()?;
    let nodes: u64 = words.next()?.parse().ok()?;
    Some(Thinking {
        depth,
        score: Score::from_xboard(score),
        time: from_centiseconds(time),
        nodes,
        pv: after_words(text, 4).to_string(),
    })
}

/// The text after the first `n` words.
fn after_words(text: &str, n: usize) -> &str {
    let mut rest = text.trim_start();
    for _ in 0..n {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    rest
}

fn setup(rest: &str) -> Setup {
    let mut rest = rest.trim();
    let mut pieces = None;
    if let Some(open) = rest.strip_prefix('(') {
        if let Some((p, after)) = open.split_once(')') {
            pieces = Some(p.to_string());
            rest = after.trim_start();
        }
    }
    let mut board = None;
    let first = rest.split_whitespace().next().unwrap_or("");
    if first
        .split_once('x')
        .is_some_and(|(w, _)| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
    {
        board = Some(first.to_string());
        rest = after_words(rest, 1);
    }
    Setup {
        pieces,
        board,
        fen: rest.to_string(),
    }
}

impl FromStr for XboardReply {
    type Err = XboardError;

    fn from_str(line: &str) -> Result<Self, XboardError> {
        use XboardReply as R;
        if let Some(book) = line.strip_prefix('\t') {
            return Ok(R::BookLine(book.to_string()));
        }
        let text = line.trim();
        if text.is_empty() {
            return Ok(R::BookEnd);
        }
        let (first, rest) = text.split_once(' ').unwrap_or((text, ""));
        let rest = rest.trim();
        Ok(match first {
            "feature" => Features::parse(rest).into(),
            "move" => R::Move(rest.split_whitespace().next().unwrap_or("").to_string()),
            "pong" => R::Pong(rest.to_string()),
            "resign" => R::Resign,
            "1-0" | "0-1" | "1/2-1/2" | "*" => R::Result {
                result: first.to_string(),
                comment: rest
                    .trim_start_matches('{')
                    .trim_end_matches('}')
                    .trim()
                    .to_string(),
            },
            "offer" if rest == "draw" => R::OfferDraw,
            "Hint:" => R::Hint(rest.to_string()),
            "setup" => R::Setup(setup(rest)),
            "piece" => {
                let (piece, moves) = rest.split_once(' ').unwrap_or((rest, ""));
                R::Piece {
                    piece: piece.to_string(),
                    moves: moves.trim().to_string(),
                }
            }
            "stat01:" => {
                let n: Vec<&str> = rest.split_whitespace().collect();
                let num = |i: usize| n.get(i).and_then(|w| w.parse::<u64>().ok());
                let small = |i: usize| num(i).and_then(|v| u32::try_from(v).ok());
                R::Stat01(Stat01 {
                    time: from_centiseconds(num(0).ok_or(XboardError::NotAReply)?),
                    nodes: num(1).ok_or(XboardError::NotAReply)?,
                    depth: small(2).ok_or(XboardError::NotAReply)?,
                    left: small(3).ok_or(XboardError::NotAReply)?,
                    total: small(4).ok_or(XboardError::NotAReply)?,
                    mv: n.get(5).map(|m| m.to_string()),
                })
            }
            "Error" => {
                let body = rest.strip_prefix('(').unwrap_or(rest);
                let (reason, command) = body
                    .split_once("): ")
                    .unwrap_or((body.trim_end_matches(')'), ""));
                R::Error {
                    reason: reason.to_string(),
                    command: command.to_string(),
                }
            }
            _ if text.starts_with("Illegal move") => {
                let body = text["Illegal move".len()..].trim_start();
                match body.strip_prefix('(').and_then(|b| b.rsplit_once("): ")) {
                    Some((reason, mv)) => R::IllegalMove {
                        reason: Some(reason.to_string()),
                        mv: mv.trim().to_string(),
                    },
                    None => R::IllegalMove {
                        reason: None,
                        mv: body.trim_start_matches(':').trim().to_string(),
                    },
                }
            }
            _ => {
                if let Some(tell) = Tell::ALL.into_iter().find(|t| t.word() == first) {
                    return Ok(R::Tell(tell, rest.to_string()));
                }
                for prefix in ["My move is:", "my move is:", "my move is"] {
                    if let Some(mv) = text.strip_prefix(prefix) {
                        return Ok(R::Move(mv.trim().to_string()));
                    }
                }
                R::Thinking(thinking(text).ok_or(XboardError::NotAReply)?)
            }
        })
    }
}

impl fmt::Display for XboardReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use XboardReply as R;
        match self {
            R::Feature(features) => features.fmt(f),
            R::Move(m) => write!(f, "move {m}"),
            R::Pong(n) => write!(f, "pong {n}"),
            R::Result { result, comment } => write!(f, "{result} {{{comment}}}"),
            R::Resign => f.write_str("resign"),
            R::OfferDraw => f.write_str("offer draw"),
            R::IllegalMove {
                reason: Some(reason),
                mv,
            } => write!(f, "Illegal move ({reason}): {mv}"),
            R::IllegalMove { reason: None, mv } => write!(f, "Illegal move: {mv}"),
            R::Error { reason, command } => write!(f, "Error ({reason}): {command}"),
            R::Tell(tell, text) => write!(f, "{} {text}", tell.word()),
            R::Thinking(t) => write!(
                f,
                "{} {} {} {} {}",
                t.depth,
                t.score.xboard(),
                centiseconds(t.time),
                t.nodes,
                t.pv
            ),
            R::Stat01(s) => {
                write!(
                    f,
                    "stat01: {} {} {} {} {}",
                    centiseconds(s.time),
                    s.nodes,
                    s.depth,
                    s.left,
                    s.total
                )?;
                match &s.mv {
                    Some(m) => write!(f, " {m}"),
                    None => Ok(()),
                }
            }
            R::Hint(m) => write!(f, "Hint: {m}"),
            R::BookLine(text) => write!(f, "\t{text}"),
            R::BookEnd => Ok(()),
            R::Setup(s) => {
                f.write_str("setup")?;
                if let Some(p) = &s.pieces {
                    write!(f, " ({p})")?;
                }
                if let Some(b) = &s.board {
                    write!(f, " {b}")?;
                }
                write!(f, " {}", s.fen)
            }
            R::Piece { piece, moves } => write!(f, "piece {piece} {moves}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn every_command_round_trips() {
        use XboardCommand as C;
        for c in [
            C::Xboard,
            C::Protover(2),
            C::Accepted("ping".into()),
            C::Rejected("san".into()),
            C::New,
            C::Variant("courier".into()),
            C::Quit,
            C::Random,
            C::Force,
            C::Go,
            C::PlayOther,
            C::Level {
                moves: 40,
                base: Duration::from_secs(300),
                increment: Duration::ZERO,
            },
            C::Level {
                moves: 0,
                base: Duration::from_secs(90),
                increment: ms(500),
            },
            C::Level {
                moves: 0,
                base: Duration::ZERO,
                increment: Duration::from_secs(5),
            },
            C::St(ms(300)),
            C::Sd(4),
            C::Nps(10_000),
            C::Time(ms(1230)),
            C::Otim(ms(0)),
            C::UserMove("f6e5,e5d4,d4d3".into()),
            C::Move("b2a3".into()),
            C::MoveNow,
            C::Ping("42".into()),
            C::Draw,
            C::Result {
                result: "1-0".into(),
                comment: "White wins by checkmate".into(),
            },
            C::SetBoard("8/8/8/8/8/B1K5/8/k7 w - - 0 1".into()),
            C::Edit,
            C::Hint,
            C::Bk,
            C::Undo,
            C::Remove,
            C::Hard,
            C::Easy,
            C::Post,
            C::NoPost,
            C::Analyze,
            C::Exit,
            C::Status,
            C::Name("Fairy-Max".into()),
            C::Rating("2100 1800".into()),
            C::Ics("-".into()),
            C::Computer,
            C::Option {
                name: "Move Overhead".into(),
                value: Some("40".into()),
            },
            C::Option {
                name: "Clear Hash".into(),
                value: None,
            },
            C::Memory(64),
            C::Cores(2),
            C::Exclude(Selection::All),
            C::Include(Selection::Move("d2c3".into())),
        ] {
            let text = c.to_string();
            assert_eq!(text.parse::<XboardCommand>(), Ok(c), "{text}");
        }
    }

    #[test]
    fn tricky_commands() {
        let p = |s: &str| s.parse::<XboardCommand>();
        assert_eq!(
            p("level 0 1 0.01"),
            Ok(XboardCommand::Level {
                moves: 0,
                base: Duration::from_secs(60),
                increment: ms(10)
            })
        );
        for bad in [
            "level 40 inf 0",
            "level 40 1e18 0",
            "level 40 x 0",
            "level 40 5",
            "level 40 5 -1",
        ] {
            assert_eq!(p(bad), Err(XboardError::BadLevel), "{bad}");
        }
        assert_eq!(p("time -20"), Ok(XboardCommand::Time(Duration::ZERO)));
        assert_eq!(p("time x"), Err(XboardError::BadTime));
        assert_eq!(p("st inf"), Err(XboardError::BadTime));
        assert_eq!(p("sd many"), Err(XboardError::BadDepth));
        assert_eq!(p("memory -5"), Err(XboardError::BadSize));
        assert_eq!(p("cores x"), Err(XboardError::BadCount));
        assert_eq!(p("nps x"), Err(XboardError::BadNumber));
        assert_eq!(p("frobnicate"), Err(XboardError::Unknown));
        assert_eq!(p("e2e4 now"), Err(XboardError::Unknown));
        assert_eq!(p(""), Err(XboardError::Empty));
        assert_eq!(p("  b2a3 "), Ok(XboardCommand::Move("b2a3".into())));
        assert_eq!(p("new please"), Ok(XboardCommand::New));
        assert_eq!(
            p("option Hash="),
            Ok(XboardCommand::Option {
                name: "Hash".into(),
                value: Some(String::new())
            })
        );
        assert_eq!(
            p("result 1/2-1/2 {Draw by repetition}"),
            Ok(XboardCommand::Result {
                result: "1/2-1/2".into(),
                comment: "Draw by repetition".into()
            })
        );
        assert_eq!(p("ping"), Ok(XboardCommand::Ping(String::new())));
        assert_eq!(
            XboardCommand::time_control("0.5/move".parse().unwrap()),
            Some(XboardCommand::St(ms(500)))
        );
        assert_eq!(XboardCommand::time_control(TimeControl::Infinite), None);
    }

    #[test]
    fn edit_commands_round_trip() {
        for c in [
            EditCommand::Clear,
            EditCommand::SwitchColor,
            EditCommand::Place {
                piece: 'K',
                square: "c3".into(),
            },
            EditCommand::Empty {
                square: "l8".into(),
            },
            EditCommand::Done,
        ] {
            assert_eq!(c.to_string().parse::<EditCommand>(), Ok(c));
        }
        assert_eq!("".parse::<EditCommand>(), Err(EmptyEdit));
        assert_eq!(
            "Xa4".parse::<EditCommand>(),
            Ok(EditCommand::Empty {
                square: "a4".into()
            })
        );
    }

    #[test]
    fn options_round_trip() {
        for o in [
            "Hash -spin 64 1 65536",
            "Ponder -check 0",
            "CourierStart -combo *auto /// ceremony /// array",
            "Style -combo a /// b c /// *d",
            "Clear Hash -button",
            "Save -save",
            "Reset -reset",
            "Book File -file book.bin",
            "Tables -path /tmp/egt",
            "Name -string my engine",
            "Strength -slider 50 0 100",
            "Move Overhead -spin 30 0 5000",
        ] {
            let opt: XboardOption = o.parse().unwrap();
            assert_eq!(opt.to_string(), o);
        }
        let o: XboardOption = "Move Overhead -spin 30 0 5000".parse().unwrap();
        assert_eq!(o.name, "Move Overhead");
        // A dash inside the name is part of it.
        let o: XboardOption = "Resign -threshold -spin 5 0 9".parse().unwrap();
        assert_eq!(o.name, "Resign -threshold");
        assert!("no kind".parse::<XboardOption>().is_err());
        assert!("X -spin a b c".parse::<XboardOption>().is_err());
    }

    #[test]
    fn the_feature_line_kurier_writes_is_read_back() {
        let f = Features {
            ping: Some(true),
            setboard: Some(true),
            usermove: Some(true),
            time: Some(true),
            draw: Some(true),
            sigint: Some(false),
            sigterm: Some(false),
            analyze: Some(true),
            memory: Some(true),
            smp: Some(true),
            colors: Some(false),
            name: Some(true),
            nps: Some(true),
            debug: Some(true),
            exclude: Some(true),
            myname: Some("Kurier 0.1.0".into()),
            variants: Some(vec!["courier".into(), "schachdame".into()]),
            ..Features::default()
        };
        let line = XboardReply::from(f.clone()).to_string();
        assert_eq!(
            line,
            "feature ping=1 setboard=1 usermove=1 time=1 draw=1 sigint=0 sigterm=0 analyze=1 \
             memory=1 smp=1 colors=0 name=1 nps=1 debug=1 exclude=1 myname=\"Kurier 0.1.0\" \
             variants=\"courier,schachdame\""
        );
        assert_eq!(line.parse::<XboardReply>(), Ok(f.into()));
        let everything = Features {
            playother: Some(true),
            san: Some(false),
            reuse: Some(false),
            ics: Some(true),
            pause: Some(false),
            setscore: Some(true),
            highlight: Some(true),
            myversion: Some("5.0b".into()),
            egt: Some("syzygy,scorpio".into()),
            option: vec!["Hash -spin 64 1 65536".parse().unwrap()],
            other: vec![("frobnicate".into(), "1".into())],
            done: Some(true),
            ..Features::default()
        };
        let line = XboardReply::from(everything.clone()).to_string();
        assert_eq!(line.parse::<XboardReply>(), Ok(everything.into()));
    }

    #[test]
    fn features_from_other_engines() {
        let f = Features::parse(
            r#"ping=1 setboard=0 myname="Fairy-Max 5.0b" option="Resign -check 0" done=1"#,
        );
        assert!(f.supports_ping() && !f.supports_setboard());
        assert_eq!(f.myname.as_deref(), Some("Fairy-Max 5.0b"));
        assert_eq!(f.option[0].kind, XboardOptionKind::Check(false));
        assert_eq!(f.done, Some(true));
        assert!(f.wants_time() && f.reusable() && !f.wants_usermove());
        assert_eq!(Features::parse("junk"), Features::default());
        assert_eq!(
            Features::parse(r#"myname="open"#).myname.as_deref(),
            Some("open")
        );
        let mut all = Features::parse("ping=1 reuse=0");
        all.merge(&Features::parse("ping=0 usermove=1"));
        assert!(!all.supports_ping() && all.wants_usermove() && !all.reusable());
    }

    #[test]
    fn every_reply_round_trips() {
        use XboardReply as R;
        for r in [
            R::Move("d2e3,e3g4".into()),
            R::Pong("7".into()),
            R::Result {
                result: "1-0".into(),
                comment: "White wins by stalemate".into(),
            },
            R::Resign,
            R::OfferDraw,
            R::IllegalMove {
                reason: Some("'h2h9' is not a move: legal moves: a3b2".into()),
                mv: "h2h9".into(),
            },
            R::IllegalMove {
                reason: None,
                mv: "e2e4".into(),
            },
            R::Error {
                reason: "unknown variant 'chess' (this build plays: courier)".into(),
                command: "variant chess".into(),
            },
            R::Tell(Tell::UserError, "Illegal position: no white king".into()),
            R::Tell(Tell::IcsNoAlias, "say hi".into()),
            R::Thinking(Thinking {
                depth: 9,
                score: Score::Mate(-3),
                time: ms(200),
                nodes: 1000,
                pv: "a1a2 b7b6".into(),
            }),
            R::Thinking(Thinking {
                depth: 2,
                score: Score::Cp(15),
                time: ms(0),
                nodes: 146,
                pv: String::new(),
            }),
            R::Stat01(Stat01 {
                time: ms(120),
                nodes: 5000,
                depth: 6,
                left: 0,
                total: 20,
                mv: Some("b2a3".into()),
            }),
            R::Stat01(Stat01 {
                time: ms(0),
                nodes: 0,
                depth: 0,
                left: 0,
                total: 20,
                mv: None,
            }),
            R::Hint("b2a3".into()),
            R::BookLine("Kurier has no opening book.".into()),
            R::BookEnd,
            R::Setup(Setup {
                pieces: Some("P.B...................Kp.b...................k".into()),
                board: Some("8x8+0_fairy".into()),
                fen: "1p1k1b1p/p1p1p1p1/8/8/8/8/P1P1P1P1/P1B1K1P1 w - - 0 1".into(),
            }),
            R::Setup(Setup {
                pieces: None,
                board: None,
                fen: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            }),
            R::Piece {
                piece: "P&".into(),
                moves: "fmFfcF".into(),
            },
        ] {
            let text = r.to_string();
            assert_eq!(text.parse::<XboardReply>(), Ok(r), "{text}");
        }
    }

    #[test]
    fn tricky_replies() {
        let p = |s: &str| s.parse::<XboardReply>();
        let Ok(XboardReply::Thinking(t)) = p("  2     0      0       146  1. Nc3 Nc6") else {
            panic!()
        };
        assert_eq!(
            (t.depth, t.score, t.pv.as_str()),
            (2, Score::Cp(0), "1. Nc3 Nc6")
        );
        let Ok(XboardReply::Thinking(t)) = p("9& -100003 20 1000 a1a2") else {
            panic!()
        };
        assert_eq!((t.depth, t.score), (9, Score::Mate(-3)));
        assert!(p("1 2 3").is_err());
        assert!(p("# comment").is_err());
        assert_eq!(p("My move is: b2b3"), Ok(XboardReply::Move("b2b3".into())));
        assert_eq!(
            p("1/2-1/2 {Draw by repetition}"),
            Ok(XboardReply::Result {
                result: "1/2-1/2".into(),
                comment: "Draw by repetition".into()
            })
        );
        let Ok(XboardReply::IllegalMove { mv, .. }) =
            p("Illegal move ('x' is ambiguous (a): b): e2e4")
        else {
            panic!()
        };
        assert_eq!(mv, "e2e4");
        assert_eq!(
            p("Illegal move: easy"),
            Ok(XboardReply::IllegalMove {
                reason: None,
                mv: "easy".into()
            })
        );
        let outcome = Outcome::Win {
            winner: kurier_rules::game::Color::White,
            reason: kurier_rules::game::Reason::Checkmate,
        };
        assert_eq!(
            XboardReply::from(outcome).to_string(),
            "1-0 {White wins by checkmate}"
        );
    }
}
