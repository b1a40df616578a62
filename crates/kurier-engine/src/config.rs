//! `engine.toml`: the engine's default options, read at start-up. The file is TOML, read with the
//! `toml` crate; its keys and their checks are the options table ([`crate::options`]), shared with
//! UCI `setoption` and XBoard `option`. Options are plain top-level keys (`hash_mb = 1_024`,
//! `ponder = true`, `variant = "courier"`); every value must have the option's TOML type.
//!
//! Where it comes from: `--config PATH` on the command line, else the file named by the
//! environment variable `KURIER_CONFIG`, else `./engine.toml`. A missing `./engine.toml` is no
//! error; a missing or unreadable named file is reported and every option keeps its default.
//!
//! What happens to a bad file: every problem is reported as `FILE:LINE: what; what follows`, the
//! bad line is skipped (its option keeps its default), every good line still applies, and the
//! engine starts anyway. In detail:
//! - A byte that is not UTF-8 is reported with its line and column and read as U+FFFD: in a
//!   comment that is harmless, in a value it makes the value wrong (reported below), anywhere
//!   else it is a TOML error (reported below). So one stray byte costs at most its line.
//! - A line that is not TOML (`variant = courier` unquoted, a missing value, a stray word, a key
//!   set twice) is reported with the `toml` crate's message and skipped: it is blanked and the
//!   file parsed again, so the lines after it are read as if it were not there. An error at the
//!   end of the file (a string or array left open) is charged to the line that opened it. After
//!   [`MAX_SYNTAX_ERRORS`] such lines (no options file, then) the next bad line and all after it
//!   are skipped. (The `toml` crate's own error recovery is not trusted for values: after a
//!   stray word it drops the rest of the file without a word.)
//! - An unknown key is reported with the nearest known key; a `[table]`, dotted key or array
//!   that is not an option is reported and skipped (options go above any `[table]` line).
//! - A value of the wrong type or out of range is reported with what was expected and found.
//! - At most [`MAX_REPORTED`] problems are listed, then how many more there were. A file larger
//!   than [`MAX_FILE_BYTES`] is not read (it is no options file): every option keeps its default.

use crate::options::{Kind, Opt, Options};
use std::fmt;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// The environment variable naming the configuration file.
pub const ENV_VAR: &str = "KURIER_CONFIG";

/// Lines of TOML errors skipped one by one; at the next one, the rest of the file is skipped.
pub const MAX_SYNTAX_ERRORS: usize = 20;

/// The largest file read, in bytes (a few hundred make an options file).
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// Problems listed for one file; past that, one line says how many more there were.
pub const MAX_REPORTED: usize = 20;

/// Options read from a file, and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The options: defaults where the file said nothing or something wrong.
    pub options: Options,
    /// One per problem, in the order of the file; each message says what follows from it.
    pub errors: Vec<ConfigError>,
    /// The file read, if any.
    pub source: Option<PathBuf>,
}

/// A place in a configuration file: its name, and its line (from 1) when one is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At {
    /// The file's name, as given.
    pub file: String,
    /// The line, from 1.
    pub line: Option<usize>,
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}", self.file),
            None => write!(f, "{}", self.file),
        }
    }
}

/// One problem with a configuration file. The message names the file and line, and says what
/// the engine does about it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read at all.
    #[error("cannot read {file}: {reason}; every option keeps its default")]
    Unreadable {
        /// The file.
        file: String,
        /// Why (the system's message).
        reason: String,
    },
    /// The file is larger than [`MAX_FILE_BYTES`]: no options file.
    #[error("{file} is {bytes} bytes, too big for an options file (at most {MAX_FILE_BYTES}); every option keeps its default")]
    TooBig {
        /// The file.
        file: String,
        /// Its size.
        bytes: usize,
    },
    /// A line holds bytes that are not UTF-8; they are read as U+FFFD.
    #[error("{at}: not UTF-8 (byte {byte:#04x} at column {column}); read as U+FFFD")]
    NotUtf8 {
        /// Where.
        at: At,
        /// The first bad byte of the line.
        byte: u8,
        /// Its column, counted in bytes from 1.
        column: usize,
    },
    /// A line is not TOML; it is skipped.
    #[error("{at}: not TOML: {message}; the line is skipped")]
    Syntax {
        /// Where.
        at: At,
        /// The `toml` crate's message.
        message: String,
    },
    /// A line is not TOML and no later line is read: past [`MAX_SYNTAX_ERRORS`] such lines, or
    /// where the error cannot be put on one line (then the whole file is skipped).
    #[error("{at}: not TOML: {message}; {}", if at.line.is_some() {
        "this line and the rest of the file are skipped"
    } else {
        "the whole file is skipped"
    })]
    SyntaxRest {
        /// Where.
        at: At,
        /// The `toml` crate's message.
        message: String,
    },
    /// No option has this key.
    #[error("{at}: unknown key '{key}'{}; skipped", did_you_mean(*.nearest))]
    Unknown {
        /// Where.
        at: At,
        /// The key as written.
        key: String,
        /// The known key it most looks like.
        nearest: Option<&'static str>,
    },
    /// A table or array whose key is no option.
    #[error("{at}: '{key}' is {what}, not an option (options go above any [table] line); skipped")]
    NotAnOption {
        /// Where.
        at: At,
        /// The key as written.
        key: String,
        /// `a table` or `an array`.
        what: &'static str,
    },
    /// A value the option does not take.
    #[error("{at}: {}: expected {expected}, found {found}; {} stays {default}", option.key(), option.key())]
    BadValue {
        /// Where.
        at: At,
        /// The option.
        option: Opt,
        /// What it takes.
        expected: String,
        /// What the file gave (`string "big"`).
        found: String,
        /// The value it keeps.
        default: String,
    },
    /// More problems than are listed.
    #[error("{file}: {count} more problems not listed")]
    More {
        /// The file.
        file: String,
        /// How many.
        count: usize,
    },
}

impl ConfigError {
    /// The line the problem is on, if it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            ConfigError::NotUtf8 { at, .. }
            | ConfigError::Syntax { at, .. }
            | ConfigError::SyntaxRest { at, .. }
            | ConfigError::Unknown { at, .. }
            | ConfigError::NotAnOption { at, .. }
            | ConfigError::BadValue { at, .. } => at.line,
            ConfigError::Unreadable { .. }
            | ConfigError::TooBig { .. }
            | ConfigError::More { .. } => None,
        }
    }
}

fn did_you_mean(nearest: Option<&str>) -> String {
    nearest
        .map(|k| format!(" (did you mean '{k}'?)"))
        .unwrap_or_default()
}

/// Line numbers of byte offsets in a text.
struct Lines {
    /// Where each line starts; the text's length ends the last one.
    starts: Vec<usize>,
    len: usize,
}

impl Lines {
    fn new(text: &str) -> Lines {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines {
            starts,
            len: text.len(),
        }
    }

    /// The line (from 1) holding byte `offset`.
    fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }

    /// The bytes of line `line` (from 1), without its `\n`.
    fn range(&self, line: usize) -> std::ops::Range<usize> {
        let start = self.starts.get(line - 1).copied().unwrap_or(self.len);
        let end = self
            .starts
            .get(line)
            .map_or(self.len, |next| next.saturating_sub(1));
        start..end.max(start)
    }
}

/// Parses the bytes of a configuration file called `name` (for messages). Every good line is
/// applied; every bad one gives an error and changes nothing.
pub fn parse(bytes: &[u8], name: &str) -> (Options, Vec<ConfigError>) {
    let at = |line: Option<usize>| At {
        file: name.to_string(),
        line,
    };
    if bytes.len() > MAX_FILE_BYTES {
        let error = ConfigError::TooBig {
            file: name.to_string(),
            bytes: bytes.len(),
        };
        return (Options::default(), vec![error]);
    }
    let mut errors = Vec::new();
    let mut text = decode(bytes, &at, &mut errors);
    let lines = Lines::new(&text);
    skip_syntax_errors(&mut text, &lines, &at, &mut errors);
    // Lines after "the rest of the file is skipped" need no other message.
    let end = errors.iter().find_map(|e| match e {
        ConfigError::SyntaxRest { at, .. } => Some(at.line.unwrap_or(0)),
        _ => None,
    });
    if let Some(end) = end {
        errors.retain(|e| matches!(e, ConfigError::SyntaxRest { .. }) || e.line() <= Some(end));
    }

    let table = DeTable::parse(&text)
        .map(Spanned::into_inner)
        .unwrap_or_default();
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    let mut options = Options::default();
    for (key, value) in entries {
        let at = at(Some(lines.line(key.span().start)));
        if let Some(e) = apply(&mut options, key.get_ref(), value.get_ref(), at) {
            errors.push(e);
        }
    }

    errors.sort_by_key(ConfigError::line);
    if errors.len() > MAX_REPORTED {
        // The message that the rest of the file was skipped is always kept.
        let (rest, cut): (Vec<_>, Vec<_>) = errors
            .split_off(MAX_REPORTED)
            .into_iter()
            .partition(|e| matches!(e, ConfigError::SyntaxRest { .. }));
        if !cut.is_empty() {
            errors.push(ConfigError::More {
                file: name.to_string(),
                count: cut.len(),
            });
        }
        errors.extend(rest);
    }
    (options, errors)
}

/// The text, each byte that is not UTF-8 read as U+FFFD; one error per line that had one. (No
/// `\n` is ever part of a bad sequence, so line numbers stay those of the file.)
fn decode(
    bytes: &[u8],
    at: &impl Fn(Option<usize>) -> At,
    errors: &mut Vec<ConfigError>,
) -> String {
    let mut text = String::with_capacity(bytes.len());
    let (mut line, mut line_start, mut offset) = (1, 0, 0);
    let mut reported = 0;
    for chunk in bytes.utf8_chunks() {
        for (i, b) in chunk.valid().bytes().enumerate() {
            if b == b'\n' {
                line += 1;
                line_start = offset + i + 1;
            }
        }
        text.push_str(chunk.valid());
        offset += chunk.valid().len();
        if let Some(&byte) = chunk.invalid().first() {
            if reported != line {
                reported = line;
                errors.push(ConfigError::NotUtf8 {
                    at: at(Some(line)),
                    byte,
                    column: offset - line_start + 1,
                });
            }
            text.push(char::REPLACEMENT_CHARACTER);
            offset += chunk.invalid().len();
        }
    }
    text
}

/// The bytes a key and its value cover (a `[table]` header's value starts before its key).
fn entry_span(
    key: &Spanned<std::borrow::Cow<'_, str>>,
    value: &Spanned<DeValue<'_>>,
) -> std::ops::Range<usize> {
    key.span().start.min(value.span().start)..key.span().end.max(value.span().end)
}

/// Reports and blanks, one at a time, the lines the TOML parser refuses, until it accepts the
/// text. Blanking writes spaces over the line, so every offset and line number stays that of the
/// file. Past [`MAX_SYNTAX_ERRORS`] lines, or when no line can be blamed, the rest of the file is
/// blanked. Each round blanks at least one line that was not blank, so this ends, and then the
/// text is TOML: the parser's own recovery (which may drop the rest of a file after a stray word)
/// is never trusted for values.
fn skip_syntax_errors(
    text: &mut String,
    lines: &Lines,
    at: &impl Fn(Option<usize>) -> At,
    errors: &mut Vec<ConfigError>,
) {
    let blank = |text: &str, line: usize| text[lines.range(line)].trim().is_empty();
    let mut skipped = 0;
    loop {
        let (table, found) = DeTable::parse_recoverable(text);
        let Some(first) = found
            .iter()
            .min_by_key(|e| e.span().map_or(usize::MAX, |s| s.start))
        else {
            return;
        };
        let span = first.span();
        let mut message = first.message().to_string();
        let line = span.as_ref().and_then(|span| {
            let line = lines.line(span.start);
            if !blank(text, line) {
                return Some(line);
            }
            // Nothing here to skip: a string, array or table left open. Blame the line that
            // opened it.
            table
                .get_ref()
                .iter()
                .map(|(k, v)| entry_span(k, v))
                .filter(|s| s.start <= span.start && span.start <= s.end)
                .map(|s| lines.line(s.start))
                .min()
                .filter(|&l| !blank(text, l))
        });
        if let (Some(span), true) = (&span, message == "duplicate key") {
            let name = text[span.clone()].trim().trim_matches(['"', '\'']);
            if let Some((k, _)) = table.get_ref().iter().find(|(k, _)| k.get_ref() == name) {
                let first = lines.line(k.span().start);
                message = format!("{name} is set twice (first on line {first})");
            }
        }
        let from = match line {
            Some(line) if skipped < MAX_SYNTAX_ERRORS => {
                errors.push(ConfigError::Syntax {
                    at: at(Some(line)),
                    message,
                });
                skipped += 1;
                line..=line
            }
            _ => {
                errors.push(ConfigError::SyntaxRest {
                    at: at(line),
                    message,
                });
                line.unwrap_or(1)..=lines.starts.len()
            }
        };
        // Every byte but '\n' becomes a space ('\n' is never part of a longer UTF-8 sequence).
        let range = lines.range(*from.start()).start..lines.range(*from.end()).end;
        let spaces: String = text[range.clone()]
            .bytes()
            .map(|b| if b == b'\n' { '\n' } else { ' ' })
            .collect();
        text.replace_range(range, &spaces);
    }
}

/// Sets the option `key` from `value`; the problem, if any.
fn apply(options: &mut Options, key: &str, value: &DeValue<'_>, at: At) -> Option<ConfigError> {
    let Some(option) = Opt::ALL.into_iter().find(|o| o.key() == key) else {
        let what = match value {
            DeValue::Table(_) => "a table",
            DeValue::Array(_) => "an array",
            _ => {
                return Some(ConfigError::Unknown {
                    at,
                    key: key.to_string(),
                    nearest: nearest_key(key),
                })
            }
        };
        return Some(ConfigError::NotAnOption {
            at,
            key: key.to_string(),
            what,
        });
    };
    let kind = option.kind();
    let text = match (kind, value) {
        (Kind::Spin { .. }, DeValue::Integer(n)) => i128::from_str_radix(n.as_str(), n.radix())
            .map(|n| n.to_string())
            .ok(),
        (Kind::Check, DeValue::Boolean(b)) => Some(b.to_string()),
        (Kind::Combo(_) | Kind::Text, DeValue::String(s)) => Some(s.to_string()),
        _ => None,
    };
    let default = Options::default().value(option);
    match text {
        Some(text) if options.set_opt(option, &text).is_ok() => None,
        _ => Some(ConfigError::BadValue {
            at,
            option,
            expected: match kind {
                Kind::Check => "true or false".to_string(),
                Kind::Combo(words) => {
                    let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
                    format!("one of {}", quoted.join(", "))
                }
                Kind::Spin { .. } => option.expected(),
                Kind::Text => "a string: a file name, or \"builtin\"".to_string(),
            },
            found: describe(value),
            default,
        }),
    }
}

/// A TOML value in words, with its type (`string "big"`, `integer 0`).
fn describe(value: &DeValue<'_>) -> String {
    match value {
        DeValue::String(s) => format!("string {s:?}"),
        DeValue::Integer(n) => format!("integer {n}"),
        DeValue::Float(x) => format!("float {x}"),
        DeValue::Boolean(b) => format!("boolean {b}"),
        DeValue::Datetime(d) => format!("date-time {d}"),
        DeValue::Array(_) => "an array".to_string(),
        DeValue::Table(_) => "a table".to_string(),
    }
}

/// The known key `key` most looks like: the option it names in another spelling (`Hash`,
/// `hashmb`), else a key at most two edits away.
fn nearest_key(key: &str) -> Option<&'static str> {
    if let Some(o) = Opt::find(key) {
        return Some(o.key());
    }
    let key = key.to_ascii_lowercase();
    Opt::ALL
        .into_iter()
        .map(|o| (edit_distance(&key, o.key()), o.key()))
        .filter(|&(d, _)| d <= 2)
        .min()
        .map(|(_, k)| k)
}

/// Levenshtein distance, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The largest engine.toml read (a real one is under 2 KB): `/dev/zero`, a FIFO or a huge file
/// named by `--config` is refused with the reason instead of read without end.
pub const MAX_CONFIG_BYTES: u64 = kurier_wire::input_file::MIB;

/// Loads the options: from `explicit` (`--config PATH`) if given, else `$KURIER_CONFIG`, else
/// `./engine.toml`. A missing default file is no error; a missing named file is.
pub fn load(explicit: Option<&Path>) -> Loaded {
    let env = std::env::var_os(ENV_VAR).map(PathBuf::from);
    let (path, named) = match (explicit, env) {
        (Some(p), _) => (p.to_path_buf(), true),
        (None, Some(p)) => (p, true),
        (None, None) => (PathBuf::from("engine.toml"), false),
    };
    match kurier_wire::input_file::read_capped(&path, MAX_CONFIG_BYTES) {
        Ok(bytes) => {
            let (options, errors) = parse(&bytes, &path.display().to_string());
            Loaded {
                options,
                errors,
                source: Some(path),
            }
        }
        Err(e) if named || e.kind() != std::io::ErrorKind::NotFound => Loaded {
            options: Options::default(),
            errors: vec![ConfigError::Unreadable {
                file: path.display().to_string(),
                reason: e.to_string(),
            }],
            source: None,
        },
        Err(_) => Loaded {
            options: Options::default(),
            errors: Vec::new(),
            source: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::games::Variant;

    const SHIPPED: &str = include_str!("../../../engine.toml");

    fn messages(text: &[u8]) -> (Options, Vec<String>) {
        let (options, errors) = parse(text, "engine.toml");
        (options, errors.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn the_shipped_file_is_toml_and_gives_the_defaults() {
        let table: toml::Table = toml::from_str(SHIPPED).expect("engine.toml is valid TOML");
        let mut keys: Vec<&str> = table.keys().map(String::as_str).collect();
        let mut options: Vec<&str> = Opt::ALL.into_iter().map(Opt::key).collect();
        keys.sort_unstable();
        options.sort_unstable();
        assert_eq!(
            keys, options,
            "engine.toml sets every option, and nothing else"
        );
        let (options, errors) = messages(SHIPPED.as_bytes());
        assert_eq!(errors, Vec::<String>::new());
        assert_eq!(options, Options::default());
    }

    #[test]
    fn the_shipped_file_documents_every_key() {
        let table: DeTable = DeTable::parse(SHIPPED).expect("valid TOML").into_inner();
        let lines: Vec<&str> = SHIPPED.lines().collect();
        let index = Lines::new(SHIPPED);
        for (key, _) in table.iter() {
            let opt = Opt::ALL
                .into_iter()
                .find(|o| o.key() == key.get_ref())
                .unwrap_or_else(|| panic!("engine.toml: {} is no option", key.get_ref()));
            // The comment is the run of `#` lines right above the key.
            let line = index.line(key.span().start) - 1;
            let comment: String = lines[..line]
                .iter()
                .rev()
                .take_while(|l| l.starts_with('#'))
                .map(|l| format!("{l} "))
                .collect();
            let name = opt.key();
            assert!(!comment.is_empty(), "engine.toml: {name} has no comment");
            assert!(
                comment.contains(&format!("[{}]", opt.name())),
                "engine.toml: {name}'s comment lacks the GUI name [{}]",
                opt.name()
            );
            match opt.kind() {
                Kind::Spin { min, max } => assert!(
                    comment.contains(&format!("{min} to {max}")),
                    "engine.toml: {name}'s comment lacks its range {min} to {max}"
                ),
                Kind::Check => assert!(comment.contains("true or false"), "{name}"),
                Kind::Combo(words) => {
                    for w in words {
                        assert!(
                            comment.contains(w),
                            "engine.toml: {name}'s comment lacks {w}"
                        );
                    }
                }
                Kind::Text => assert!(comment.contains("builtin"), "{name}"),
            }
        }
    }

    #[test]
    fn bad_lines_are_reported_and_skipped() {
        let text = "hash_mb = \"lots\"\nhashmb = 3\nthreads = 4 # four\nvariant = \"go\"\njust words\nmultipv = 2\nvariant = \"courier\"\n";
        let (options, errors) = messages(text.as_bytes());
        assert_eq!(
            errors,
            [
                "engine.toml:1: hash_mb: expected a whole number from 1 to 65536, found string \"lots\"; hash_mb stays 64",
                "engine.toml:2: unknown key 'hashmb' (did you mean 'hash_mb'?); skipped",
                "engine.toml:4: variant: expected one of \"courier\", \"schachdame\", \"dualcheckers\", found string \"go\"; variant stays courier",
                "engine.toml:5: not TOML: key with no value, expected `=`; the line is skipped",
                "engine.toml:7: not TOML: variant is set twice (first on line 4); the line is skipped",
            ]
        );
        assert_eq!(options.threads, 4);
        assert_eq!(options.multipv, 2, "a line after a bad one still applies");
        assert_eq!(options.hash_mb, Options::default().hash_mb);
        assert_eq!(options.variant, Options::default().variant);
    }

    #[test]
    fn toml_numbers_are_read_as_toml_reads_them() {
        let (options, errors) = messages(b"hash_mb = 1_024\nthreads = 0x10\nmultipv = +3\n");
        assert_eq!(errors, Vec::<String>::new());
        assert_eq!(
            (options.hash_mb, options.threads, options.multipv),
            (1024, 16, 3)
        );
        let (options, errors) = messages(b"hash_mb = 65536\n");
        assert_eq!(errors, Vec::<String>::new());
        assert_eq!(
            options.hash_mb, 65536,
            "the largest hash is a value the file takes"
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_or_range_is_refused() {
        let text = "threads = -1\nhash_mb = 65537\nmultipv = 1.5\nponder = \"true\"\nmove_overhead_ms = 99999999999999999999999\nlog_level = 3\ncourier_start = [\"array\"]\n";
        let (options, errors) = messages(text.as_bytes());
        assert_eq!(
            errors,
            [
                "engine.toml:1: threads: expected a whole number from 1 to 256, found integer -1; threads stays 1",
                "engine.toml:2: hash_mb: expected a whole number from 1 to 65536, found integer 65537; hash_mb stays 64",
                "engine.toml:3: multipv: expected a whole number from 1 to 64, found float 1.5; multipv stays 1",
                "engine.toml:4: ponder: expected true or false, found string \"true\"; ponder stays false",
                "engine.toml:5: move_overhead_ms: expected a whole number from 0 to 5000, found integer 99999999999999999999999; move_overhead_ms stays 30",
                "engine.toml:6: log_level: expected one of \"off\", \"error\", \"warn\", \"info\", \"debug\", \"trace\", found integer 3; log_level stays warn",
                "engine.toml:7: courier_start: expected one of \"auto\", \"ceremony\", \"array\", found an array; courier_start stays auto",
            ]
        );
        assert_eq!(options, Options::default());
    }

    #[test]
    fn an_unquoted_word_is_a_toml_error_on_its_line_only() {
        let (options, errors) = messages(b"threads = 2\nvariant = courier\nponder = true\n");
        assert_eq!(
            errors,
            ["engine.toml:2: not TOML: string values must be quoted, expected literal string; the line is skipped"]
        );
        assert_eq!(options.variant, Options::default().variant);
        assert!(options.ponder);
        assert_eq!(options.threads, 2);
    }

    #[test]
    fn tables_and_arrays_are_no_options() {
        let text = "ponder = true\nfoo = [1, 2]\nbar.baz = 1\n[engine]\nthreads = 4\n";
        let (options, errors) = messages(text.as_bytes());
        assert_eq!(
            errors,
            [
                "engine.toml:2: 'foo' is an array, not an option (options go above any [table] line); skipped",
                "engine.toml:3: 'bar' is a table, not an option (options go above any [table] line); skipped",
                "engine.toml:4: 'engine' is a table, not an option (options go above any [table] line); skipped",
            ]
        );
        assert!(options.ponder);
        assert_eq!(options.threads, 1, "a key inside a table is not an option");
    }

    #[test]
    fn a_string_left_open_costs_the_line_that_opened_it() {
        let (options, errors) = messages(b"threads = 3\nvariant = \"\"\"\nponder = true\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("engine.toml:2: not TOML: ")
                && errors[0].ends_with("; the line is skipped"),
            "{errors:?}"
        );
        assert_eq!(options.threads, 3);
        assert!(
            options.ponder,
            "the lines after the opened string still apply"
        );

        let (options, errors) = messages(b"threads = 3\nvariant = \"schachdame");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("engine.toml:2: not TOML: "),
            "{errors:?}"
        );
        assert_eq!((options.threads, options.variant), (3, Variant::Courier));
    }

    #[test]
    fn bytes_that_are_not_utf8_cost_at_most_their_line() {
        // A Latin-1 'é' in a comment: reported, the setting on that line still applies.
        let (options, errors) = messages(b"threads = 2 # caf\xe9\nponder = true\n");
        assert_eq!(
            errors,
            ["engine.toml:1: not UTF-8 (byte 0xe9 at column 18); read as U+FFFD"]
        );
        assert_eq!(options.threads, 2);
        assert!(options.ponder);
        // In a value: the value is wrong. In a key: the line is not TOML. Others still apply.
        let (options, errors) =
            messages(b"variant = \"schach\xffdame\"\nthr\xc3eads = 5\nmultipv = 4\n");
        assert_eq!(errors.len(), 4, "{errors:?}");
        assert_eq!(
            errors[0],
            "engine.toml:1: not UTF-8 (byte 0xff at column 18); read as U+FFFD"
        );
        assert!(
            errors[1].starts_with("engine.toml:1: variant: expected one of"),
            "{errors:?}"
        );
        assert_eq!(
            errors[2],
            "engine.toml:2: not UTF-8 (byte 0xc3 at column 4); read as U+FFFD"
        );
        assert!(
            errors[3].starts_with("engine.toml:2: not TOML: "),
            "{errors:?}"
        );
        assert_eq!(options.variant, Variant::Courier);
        assert_eq!((options.threads, options.multipv), (1, 4));
    }

    #[test]
    fn a_byte_order_mark_and_crlf_line_ends_are_fine() {
        let (options, errors) =
            messages("\u{feff}threads = 2\r\nvariant = \"courier\"\r\n".as_bytes());
        assert_eq!(errors, Vec::<String>::new());
        assert_eq!((options.threads, options.variant), (2, Variant::Courier));
    }

    #[test]
    fn a_file_of_garbage_gives_a_bounded_list() {
        // 200 lines of 40 bytes each, pseudo-random but never '\n'.
        let garbage: Vec<u8> = (1..=8200u32)
            .map(|i| match i % 41 {
                0 => b'\n',
                _ => ((i.wrapping_mul(2_654_435_761) >> 24) as u8).max(b'\n' + 1),
            })
            .collect();
        let (options, errors) = parse(&garbage, "engine.toml");
        assert_eq!(options, Options::default());
        let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(errors.len() <= MAX_REPORTED + 2, "{shown:#?}");
        assert!(
            matches!(errors[MAX_REPORTED], ConfigError::More { count, .. } if count > 0),
            "{shown:#?}"
        );
        assert!(
            matches!(errors.last(), Some(ConfigError::SyntaxRest { .. })),
            "the message that the rest is skipped is kept: {shown:#?}"
        );
        let end = errors.last().and_then(ConfigError::line);
        assert!(errors.iter().all(|e| e.line() <= end), "{shown:#?}");
    }

    #[test]
    fn a_huge_file_is_not_read() {
        let mut text = b"threads = 2\n".to_vec();
        text.resize(MAX_FILE_BYTES + 1, b'#');
        let (options, errors) = parse(&text, "engine.toml");
        assert_eq!(options, Options::default());
        assert_eq!(
            errors,
            [ConfigError::TooBig {
                file: "engine.toml".to_string(),
                bytes: MAX_FILE_BYTES + 1
            }]
        );
        text.truncate(MAX_FILE_BYTES);
        let (options, errors) = parse(&text, "engine.toml");
        assert_eq!(errors, []);
        assert_eq!(options.threads, 2);
    }

    #[test]
    fn past_the_syntax_error_limit_the_rest_of_the_file_is_skipped() {
        let mut text = "ponder = true\n".to_string();
        text.push_str(&"x\n".repeat(MAX_SYNTAX_ERRORS + 5));
        text.push_str("threads = 3\n");
        let (options, errors) = parse(text.as_bytes(), "engine.toml");
        assert!(options.ponder, "the lines before still apply");
        assert_eq!(options.threads, 1, "the rest of the file is skipped");
        assert_eq!(errors.len(), MAX_SYNTAX_ERRORS + 1, "{errors:?}");
        for (i, e) in errors[..MAX_SYNTAX_ERRORS].iter().enumerate() {
            assert_eq!(e.line(), Some(i + 2), "{e}");
            assert!(matches!(e, ConfigError::Syntax { .. }), "{e}");
        }
        assert_eq!(
            errors[MAX_SYNTAX_ERRORS].to_string(),
            format!(
                "engine.toml:{}: not TOML: key with no value, expected `=`; this line and the rest of the file are skipped",
                MAX_SYNTAX_ERRORS + 2
            )
        );
    }

    #[test]
    fn an_unknown_key_suggests_the_nearest() {
        assert_eq!(nearest_key("Hash"), Some("hash_mb"));
        assert_eq!(nearest_key("thread"), Some("threads"));
        assert_eq!(nearest_key("varaint"), Some("variant"));
        assert_eq!(nearest_key("MultiPV"), Some("multipv"));
        assert_eq!(nearest_key("contempt"), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn a_missing_named_file_is_reported() {
        let loaded = load(Some(Path::new("/no/such/dir/engine.toml")));
        assert_eq!(loaded.options, Options::default());
        assert_eq!(loaded.source, None);
        assert_eq!(loaded.errors.len(), 1);
        let message = loaded.errors[0].to_string();
        assert!(
            message.starts_with("cannot read /no/such/dir/engine.toml: ")
                && message.ends_with("; every option keeps its default"),
            "{message}"
        );
    }
}
