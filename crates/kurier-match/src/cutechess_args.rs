//! cutechess-cli's command line, verbatim: [`normalise`] rewrites the cutechess-style words of
//! a `kurier match` command line (`-variant courier -engine cmd=K name=A -each tc=40/60 ...`)
//! into Kurier's own flags (`--variant courier --engine "cmd=K name=A" --each tc=40/60 ...`)
//! before clap reads them, so that both forms end in the one [`super::match_args::MatchArgs`]
//! and the one [`super::settings::MatchOptions`]. GNU-style flags may stand beside them and
//! pass through unchanged.
//!
//! The words are grouped as cutechess-cli groups them (its manual page, cutechess-cli(6), and
//! its argument reader): an option is a word that starts with `-`; its values are the words
//! after it up to the next word that starts with `-` and is not a number. So `-engine cmd=K
//! name=A tc=40/60` is one engine of three `key=value` words, each its own argument.
//!
//! A command line with at least one cutechess-style option takes cutechess-cli's defaults
//! where Kurier's differ, unless a flag of either form sets them: one game per encounter
//! (`-games 1`), a new opening for every game (`-repeat 1`; `-repeat` alone plays each opening
//! twice with the colours swapped, Kurier's own default), no restart after a crash
//! (`-recover` off: the match stops), no time margin (`timemargin=0`) and cutechess-cli's
//! lines on stdout (`--output cutechess`). An unknown option is
//! an error naming the nearest known one; a cutechess-cli option that Kurier does not have is
//! an error saying so; neither is ever skipped.

use super::engine_conf;
use super::suggest::nearest;
use std::ffi::OsString;

/// The cutechess-cli options Kurier reads, with the number of values each takes (at least, at
/// most; `None`: any number).
const OPTIONS: &[(&str, usize, Option<usize>)] = &[
    ("-engine", 1, None),
    ("-each", 1, None),
    ("-engines", 1, Some(1)),
    ("-variant", 1, Some(1)),
    ("-concurrency", 1, Some(1)),
    ("-tournament", 1, Some(1)),
    ("-games", 1, Some(1)),
    ("-rounds", 1, Some(1)),
    ("-repeat", 0, Some(1)),
    ("-noswap", 0, Some(0)),
    ("-openings", 1, None),
    ("-pgnout", 1, Some(3)),
    ("-epdout", 1, Some(1)),
    ("-draw", 1, None),
    ("-resign", 1, None),
    ("-maxmoves", 1, Some(1)),
    ("-sprt", 1, None),
    ("-ratinginterval", 1, Some(1)),
    ("-srand", 1, Some(1)),
    ("-recover", 0, Some(0)),
    ("-wait", 1, Some(1)),
    ("-event", 1, Some(1)),
    ("-resume", 1, Some(1)),
    ("-help", 0, Some(0)),
];

/// Options that do not make a command line a cutechess-style one (and bring no cutechess-cli
/// defaults): they are rewritten wherever they stand, even among GNU-style flags, which then
/// keep Kurier's defaults — a `-resume FILE` added to a Kurier command line continues the
/// match of that command line.
const NEUTRAL: &[&str] = &["-resume"];

/// cutechess-cli options that Kurier does not have, and why.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("-tb", "there are no Syzygy tablebases for these games"),
    (
        "-tbpieces",
        "there are no Syzygy tablebases for these games",
    ),
    (
        "-tbignore50",
        "there are no Syzygy tablebases for these games",
    ),
    ("-bookmode", "there are no Polyglot books for these games"),
    (
        "-outcomeinterval",
        "the outcome table is printed at the end only",
    ),
    (
        "-resultformat",
        "the results are printed in cutechess-cli's default format",
    ),
    (
        "-debug",
        "use RUST_LOG=debug to see every line to and from the engines",
    ),
    (
        "-reverse",
        "use -noswap, or list the engines the other way round",
    ),
    ("-seeds", "a gauntlet has one seeded engine, the first"),
    ("-site", "the PGN Site tag is always '?'"),
    ("-version", "use kurier --version"),
];

/// The engine keys Kurier reads, passed on under the same name (`initstr` and `ponder` are
/// rewritten).
const ENGINE_KEYS: &[&str] = &[
    "conf",
    "name",
    "cmd",
    "dir",
    "arg",
    "proto",
    "tc",
    "st",
    "timemargin",
    "depth",
    "nodes",
    "restart",
    "initstr",
    "ponder",
    "option.NAME",
];

/// Engine keys of cutechess-cli that Kurier does not have, and why.
const UNSUPPORTED_ENGINE_KEYS: &[(&str, &str)] = &[
    (
        "book",
        "there are no Polyglot books for these games; use -openings",
    ),
    (
        "bookdepth",
        "there are no Polyglot books for these games; use -openings plies=N",
    ),
    ("whitepov", "scores are read from the engine's own side"),
    ("trust", "every result claim is checked against the rules"),
    ("tscale", "use --move-timeout"),
    ("debug", "use RUST_LOG=debug"),
    ("stderr", "the engine's stderr is Kurier's"),
];

/// A cutechess-style command line that cannot be rewritten.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CutechessError {
    /// An option nobody knows.
    #[error("unknown option '{option}'{}", did_you_mean(.nearest))]
    Unknown {
        /// The word given.
        option: String,
        /// The nearest known option.
        nearest: Option<String>,
    },
    /// A cutechess-cli option that Kurier does not have.
    #[error("{option} is a cutechess-cli option that kurier match does not have: {why}")]
    Unsupported {
        /// The option.
        option: &'static str,
        /// Why, and what to do instead.
        why: &'static str,
    },
    /// Too few or too many values.
    #[error("{option} takes {wanted} (found {found}: {values})")]
    Values {
        /// The option.
        option: &'static str,
        /// How many it takes, in words.
        wanted: String,
        /// How many it got.
        found: usize,
        /// They, joined.
        values: String,
    },
    /// An engine word nobody knows.
    #[error("{option}: unknown engine option '{word}'{}", did_you_mean(.nearest))]
    EngineWord {
        /// `-engine` or `-each`.
        option: &'static str,
        /// The word.
        word: String,
        /// The nearest known key.
        nearest: Option<String>,
    },
    /// A cutechess-cli engine key that Kurier does not have.
    #[error(
        "{option}: '{key}' is a cutechess-cli engine option that kurier match does not have: {why}"
    )]
    EngineUnsupported {
        /// `-engine` or `-each`.
        option: &'static str,
        /// The key.
        key: String,
        /// Why.
        why: &'static str,
    },
    /// A word of `-draw`, `-resign`, `-openings` or `-sprt` that is not one of its keys.
    #[error("{option}: '{word}' is not one of {known}")]
    Key {
        /// The option.
        option: &'static str,
        /// The word.
        word: String,
        /// Its keys.
        known: &'static str,
    },
    /// A key that must be given.
    #[error("{option} needs {key}=")]
    Missing {
        /// The option.
        option: &'static str,
        /// The key.
        key: &'static str,
    },
    /// A value that is not what the key takes.
    #[error("{option} {key}={value}: {wanted}")]
    Value {
        /// The option.
        option: &'static str,
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
        /// What it should be.
        wanted: &'static str,
    },
    /// `-draw`/`-resign` and `--adjudicate` together.
    #[error("-draw and -resign cannot be combined with --adjudicate: use one form")]
    Adjudication,
}

fn did_you_mean(nearest: &Option<String>) -> String {
    match nearest {
        Some(n) => format!("; did you mean '{n}'?"),
        None => String::new(),
    }
}

/// A word that starts an option in cutechess-cli's reading: `-` and more, not a number.
fn is_option_word(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-') && word.parse::<f64>().is_err()
}

/// A cutechess-style option word (one dash), as opposed to a GNU flag (`--games`, or clap's
/// `-h`).
fn is_cutechess_word(word: &str) -> bool {
    is_option_word(word) && !word.starts_with("--") && word != "-h"
}

/// True when the command line holds a cutechess-style option (then [`normalise`] rewrites it
/// and applies cutechess-cli's defaults), other than a [`NEUTRAL`] one.
pub fn is_cutechess_form(args: &[OsString]) -> bool {
    args.iter().any(|a| {
        a.to_str()
            .is_some_and(|w| is_cutechess_word(w) && !NEUTRAL.contains(&w))
    })
}

/// Rewrites the cutechess-style options of `args` (the words after `match`) into Kurier's flags;
/// GNU-style flags pass through. A command line without cutechess-style options is returned
/// as it is.
pub fn normalise(args: Vec<OsString>) -> Result<Vec<OsString>, CutechessError> {
    if !is_cutechess_form(&args) {
        // Only the neutral options, each with its one value.
        let mut out = Vec::with_capacity(args.len());
        let mut words = args.into_iter().peekable();
        while let Some(word) = words.next() {
            match word.to_str().filter(|w| NEUTRAL.contains(w)) {
                Some(option) => {
                    let value = words.next_if(|v| v.to_str().is_none_or(|v| !is_option_word(v)));
                    let Some(value) = value else {
                        return Err(CutechessError::Values {
                            option: lookup(option)?.0,
                            wanted: "1 value".to_string(),
                            found: 0,
                            values: String::new(),
                        });
                    };
                    out.push(OsString::from(format!("-{option}")));
                    out.push(value);
                }
                None => out.push(word),
            }
        }
        return Ok(out);
    }
    let mut out: Vec<OsString> = Vec::new();
    let mut adjudicate: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let Some(word) = args[i].to_str().filter(|w| is_cutechess_word(w)) else {
            out.push(args[i].clone());
            i += 1;
            continue;
        };
        let mut values: Vec<String> = Vec::new();
        let mut j = i + 1;
        while let Some(v) = args.get(j).and_then(|a| a.to_str()) {
            if is_option_word(v) {
                break;
            }
            values.push(v.to_string());
            j += 1;
        }
        if let Some(bad) = args.get(j).filter(|a| a.to_str().is_none()) {
            // A value that is not UTF-8 cannot be read as a key=value word.
            values.push(bad.to_string_lossy().into_owned());
            j += 1;
        }
        i = j;
        let flags = translate(word, &values, &mut adjudicate)?;
        out.extend(flags.into_iter().map(OsString::from));
    }
    let has = |out: &[OsString], flag: &str| {
        out.iter().any(|a| {
            a.to_str()
                .is_some_and(|a| a == flag || a.starts_with(&format!("{flag}=")))
        })
    };
    if !adjudicate.is_empty() {
        if has(&out, "--adjudicate") {
            return Err(CutechessError::Adjudication);
        }
        out.push("--adjudicate".into());
        out.extend(adjudicate.into_iter().map(OsString::from));
    }
    // cutechess-cli's defaults where Kurier's differ.
    for (flag, value) in [
        ("--games", "1"),
        ("--repeat", "1"),
        ("--recover", "off"),
        ("--timemargin", "0"),
        ("--output", "cutechess"),
    ] {
        if !has(&out, flag) {
            out.push(flag.into());
            out.push(value.into());
        }
    }
    Ok(out)
}

/// The option of this name in [`OPTIONS`], or why it is refused.
fn lookup(word: &str) -> Result<(&'static str, usize, Option<usize>), CutechessError> {
    if let Some(&(name, min, max)) = OPTIONS.iter().find(|(n, _, _)| *n == word) {
        return Ok((name, min, max));
    }
    if let Some(&(option, why)) = UNSUPPORTED.iter().find(|(n, _)| *n == word) {
        return Err(CutechessError::Unsupported { option, why });
    }
    Err(CutechessError::Unknown {
        option: word.to_string(),
        nearest: nearest(
            word,
            OPTIONS
                .iter()
                .map(|o| o.0)
                .chain(UNSUPPORTED.iter().map(|u| u.0)),
        ),
    })
}

/// The Kurier flags of one cutechess-style option; `-draw` and `-resign` add to `adjudicate`.
fn translate(
    word: &str,
    values: &[String],
    adjudicate: &mut Vec<String>,
) -> Result<Vec<String>, CutechessError> {
    let (option, min, max) = lookup(word)?;
    if values.len() < min || max.is_some_and(|m| values.len() > m) {
        let wanted = match (min, max) {
            (0, Some(0)) => "no value".to_string(),
            (a, Some(b)) if a == b => format!("{a} value{}", if a == 1 { "" } else { "s" }),
            (a, Some(b)) => format!("{a} to {b} values"),
            (a, None) => format!("at least {a} value{}", if a == 1 { "" } else { "s" }),
        };
        return Err(CutechessError::Values {
            option,
            wanted,
            found: values.len(),
            values: values.join(" "),
        });
    }
    let one = |flag: &str| vec![flag.to_string(), values[0].clone()];
    Ok(match option {
        "-engine" => vec!["--engine".to_string(), engine_spec(option, values)?],
        "-each" => vec!["--each".to_string(), engine_spec(option, values)?],
        "-engines" => one("--engines"),
        "-variant" => one("--variant"),
        "-concurrency" => one("--concurrency"),
        "-tournament" => match values[0].as_str() {
            "round-robin" | "gauntlet" => one("--tournament"),
            "knockout" | "pyramid" => {
                return Err(CutechessError::Value {
                    option,
                    key: "type",
                    value: values[0].clone(),
                    wanted: "kurier match plays round-robin and gauntlet tournaments",
                })
            }
            _ => {
                return Err(CutechessError::Value {
                    option,
                    key: "type",
                    value: values[0].clone(),
                    wanted: "round-robin or gauntlet",
                })
            }
        },
        "-games" => one("--games"),
        "-rounds" => one("--rounds"),
        "-repeat" => vec![
            "--repeat".to_string(),
            values.first().cloned().unwrap_or_else(|| "2".to_string()),
        ],
        "-noswap" => vec!["--noswap".to_string()],
        "-openings" => openings(values)?,
        "-pgnout" => {
            let mut flags = one("--pgn");
            for extra in &values[1..] {
                flags.push(
                    match extra.as_str() {
                        "min" => "--pgn-minimal",
                        "fi" => "--pgn-finished-only",
                        _ => {
                            return Err(CutechessError::Key {
                                option,
                                word: extra.clone(),
                                known: "min, fi (after the FILE)",
                            })
                        }
                    }
                    .to_string(),
                );
            }
            flags
        }
        "-epdout" => one("--epd"),
        "-draw" => {
            let [number, count, score] = keys(
                option,
                values,
                &["movenumber", "movecount", "score"],
                "movenumber, movecount, score",
            )?;
            let (number, count, score) = (
                number.ok_or(CutechessError::Missing {
                    option,
                    key: "movenumber",
                })?,
                count.ok_or(CutechessError::Missing {
                    option,
                    key: "movecount",
                })?,
                score.ok_or(CutechessError::Missing {
                    option,
                    key: "score",
                })?,
            );
            let number: u32 = number.parse().map_err(|_| CutechessError::Value {
                option,
                key: "movenumber",
                value: number.clone(),
                wanted: "a move number",
            })?;
            // cutechess-cli: movenumber=0 turns the rule off; it applies once `movenumber` full
            // moves are played, which is Kurier's FROM = movenumber + 1 (the next move's number);
            // captures and pawn moves start the count again (`reset`).
            if number > 0 {
                adjudicate.push(format!("draw={count}:{score}:{}:reset", number + 1));
            }
            Vec::new()
        }
        "-resign" => {
            let [count, score, two_sided] = keys(
                option,
                values,
                &["movecount", "score", "twosided"],
                "movecount, score, twosided",
            )?;
            let count = count.ok_or(CutechessError::Missing {
                option,
                key: "movecount",
            })?;
            let score = score.ok_or(CutechessError::Missing {
                option,
                key: "score",
            })?;
            let sides = match two_sided.as_deref() {
                None | Some("false") => "one-sided",
                Some("true") => "two-sided",
                Some(other) => {
                    return Err(CutechessError::Value {
                        option,
                        key: "twosided",
                        value: other.to_string(),
                        wanted: "true or false",
                    })
                }
            };
            // movecount=0 turns the rule off, as in cutechess-cli.
            if count != "0" {
                adjudicate.push(format!("resign={count}:{score}:{sides}"));
            }
            Vec::new()
        }
        "-maxmoves" => one("--max-moves"),
        "-sprt" => {
            keys(
                option,
                values,
                &["elo0", "elo1", "alpha", "beta"],
                "elo0, elo1, alpha, beta",
            )?;
            let mut flags = vec!["--sprt".to_string()];
            flags.extend(values.iter().cloned());
            flags
        }
        "-ratinginterval" => one("--rating-interval"),
        "-srand" => one("--seed"),
        "-recover" => vec!["--recover".to_string(), "on".to_string()],
        "-wait" => one("--wait"),
        "-event" => one("--event"),
        "-resume" => one("--resume"),
        "-help" => vec!["--help".to_string()],
        _ => unreachable!("every option of OPTIONS is translated"),
    })
}

/// The values of `key=value` words of an option, in the order of `names`; a word with another
/// key, or a key given twice, is an error (as in cutechess-cli).
fn keys<const N: usize>(
    option: &'static str,
    values: &[String],
    names: &[&'static str; N],
    known: &'static str,
) -> Result<[Option<String>; N], CutechessError> {
    let mut found: [Option<String>; N] = std::array::from_fn(|_| None);
    for word in values {
        let bad = || CutechessError::Key {
            option,
            word: word.clone(),
            known,
        };
        let (k, v) = word.split_once('=').ok_or_else(bad)?;
        let at = names.iter().position(|n| *n == k).ok_or_else(bad)?;
        if found[at].is_some() || v.is_empty() {
            return Err(bad());
        }
        found[at] = Some(v.to_string());
    }
    Ok(found)
}

/// `-openings file=F format=epd|pgn order=sequential|random plies=N start=N`: the same words
/// for `--openings` (which checks their values); cutechess-cli's `policy=` is refused.
fn openings(values: &[String]) -> Result<Vec<String>, CutechessError> {
    let option = "-openings";
    let [file, ..] = keys(
        option,
        values,
        &["file", "format", "order", "plies", "start", "policy"],
        "file, format, order, plies, start",
    )?;
    if values.iter().any(|v| v.starts_with("policy=")) {
        return Err(CutechessError::Value {
            option,
            key: "policy",
            value: values
                .iter()
                .find_map(|v| v.strip_prefix("policy="))
                .unwrap_or_default()
                .to_string(),
            wanted: "not supported: every pair of engines plays the same openings in a round, \
                     a new one after each -repeat games",
        });
    }
    if file.is_none() {
        return Err(CutechessError::Missing {
            option,
            key: "file",
        });
    }
    let mut flags = vec!["--openings".to_string()];
    flags.extend(values.iter().cloned());
    Ok(flags)
}

/// The spec text of `--engine`/`--each` for the words of `-engine`/`-each`: each word quoted
/// as one shell word, so that the spec reader gets exactly these values.
fn engine_spec(option: &'static str, words: &[String]) -> Result<String, CutechessError> {
    let dir = words
        .iter()
        .find_map(|w| w.strip_prefix("dir="))
        .map(std::path::PathBuf::from);
    let mut out = Vec::new();
    for word in words {
        let (key, value) = match word.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (word.as_str(), None),
        };
        let spec_word = match (key, value) {
            ("ponder", None) => "ponder=on".to_string(),
            ("cmd", Some(v)) => {
                // One program (arguments come with arg=), as cutechess-cli 1.5 starts it.
                let program = engine_conf::command_words(v, dir.as_deref());
                format!("cmd={}", shell_words::join(program))
            }
            ("initstr", Some(v)) => format!("init={v}"),
            (k, Some(_))
                if ENGINE_KEYS.contains(&k) && k != "ponder" || k.starts_with("option.") =>
            {
                word.clone()
            }
            (k, _) => {
                if let Some(&(_, why)) = UNSUPPORTED_ENGINE_KEYS.iter().find(|(n, _)| *n == k) {
                    return Err(CutechessError::EngineUnsupported {
                        option,
                        key: k.to_string(),
                        why,
                    });
                }
                return Err(CutechessError::EngineWord {
                    option,
                    word: word.clone(),
                    nearest: nearest(
                        key,
                        ENGINE_KEYS
                            .iter()
                            .copied()
                            .chain(UNSUPPORTED_ENGINE_KEYS.iter().map(|u| u.0)),
                    ),
                });
            }
        };
        out.push(shell_words::quote(&spec_word).into_owned());
    }
    Ok(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(words: &[&str]) -> Result<Vec<String>, CutechessError> {
        normalise(words.iter().map(OsString::from).collect()).map(|v| {
            v.into_iter()
                .map(|a| a.into_string().unwrap())
                .collect::<Vec<_>>()
        })
    }

    #[test]
    fn gnu_command_lines_pass_unchanged() {
        let gnu = [
            "--variant",
            "courier",
            "--engine",
            "cmd=a name=A",
            "--games",
            "4",
            "-h",
            "--adjudicate",
            "draw=10:5",
        ];
        assert_eq!(norm(&gnu).unwrap(), gnu);
    }

    #[test]
    fn resume_is_rewritten_in_either_form() {
        // Among GNU flags: rewritten alone, Kurier's defaults kept.
        assert_eq!(
            norm(&["--games", "4", "-resume", "s.json", "--depth", "1"]).unwrap(),
            ["--games", "4", "--resume", "s.json", "--depth", "1"]
        );
        assert!(matches!(
            norm(&["--games", "4", "-resume"]),
            Err(CutechessError::Values {
                option: "-resume",
                ..
            })
        ));
        // In a cutechess command line: with cutechess-cli's defaults, as the run it continues.
        let out = norm(&["-variant", "courier", "-resume", "s.json"]).unwrap();
        assert_eq!(out[..4], ["--variant", "courier", "--resume", "s.json"]);
        assert!(out.windows(2).any(|w| w == ["--games", "1"]), "{out:?}");
    }

    #[test]
    fn engines_become_one_spec_each() {
        let out = norm(&[
            "-variant",
            "courier",
            "-engine",
            "name=Kurier",
            "cmd=target/release/kurier",
            "proto=uci",
            "ponder",
            "initstr=setoption name Hash value 8",
            "option.Move Overhead=10",
            "arg=--quiet",
            "-each",
            "tc=40/60+0.5",
            "timemargin=50",
        ])
        .unwrap();
        assert_eq!(&out[..2], ["--variant", "courier"]);
        assert_eq!(out[2], "--engine");
        let words = shell_words::split(&out[3]).unwrap();
        assert_eq!(
            words,
            [
                "name=Kurier",
                "cmd=target/release/kurier",
                "proto=uci",
                "ponder=on",
                "init=setoption name Hash value 8",
                "option.Move Overhead=10",
                "arg=--quiet"
            ]
        );
        assert_eq!(out[4], "--each");
        assert_eq!(
            shell_words::split(&out[5]).unwrap(),
            ["tc=40/60+0.5", "timemargin=50"]
        );
        // cutechess-cli's defaults follow.
        assert_eq!(
            &out[6..],
            [
                "--games",
                "1",
                "--repeat",
                "1",
                "--recover",
                "off",
                "--timemargin",
                "0",
                "--output",
                "cutechess"
            ]
        );
    }

    #[test]
    fn a_program_with_blanks_stays_one_word() {
        let me = std::env::current_exe().unwrap();
        let dir = me.parent().unwrap();
        let spaced = dir.join("a b");
        std::fs::write(&spaced, "").unwrap();
        let cmd = format!("cmd={}", spaced.display());
        let out = norm(&["-engine", &cmd]).unwrap();
        let words = shell_words::split(&out[1]).unwrap();
        let program = words[0].strip_prefix("cmd=").unwrap();
        assert_eq!(
            shell_words::split(program).unwrap(),
            [spaced.to_string_lossy()]
        );
        let _ = std::fs::remove_file(&spaced);
    }

    #[test]
    fn options_and_their_values() {
        let out = norm(&[
            "-tournament",
            "gauntlet",
            "-games",
            "2",
            "-rounds",
            "3",
            "-repeat",
            "-noswap",
            "-concurrency",
            "2",
            "-openings",
            "file=b.epd",
            "format=epd",
            "order=random",
            "plies=8",
            "start=3",
            "-pgnout",
            "g.pgn",
            "min",
            "fi",
            "-epdout",
            "g.epd",
            "-draw",
            "movenumber=40",
            "movecount=8",
            "score=10",
            "-resign",
            "movecount=3",
            "score=600",
            "twosided=true",
            "-maxmoves",
            "200",
            "-sprt",
            "elo0=0",
            "elo1=5",
            "alpha=0.05",
            "beta=0.05",
            "-ratinginterval",
            "10",
            "-srand",
            "42",
            "-recover",
            "-wait",
            "100",
            "-event",
            "Test",
            "-engines",
            "e.json",
        ])
        .unwrap();
        let text = out.join(" ");
        for part in [
            "--tournament gauntlet",
            "--games 2",
            "--rounds 3",
            "--repeat 2",
            "--noswap",
            "--concurrency 2",
            "--openings file=b.epd format=epd order=random plies=8 start=3",
            "--pgn g.pgn --pgn-minimal --pgn-finished-only",
            "--epd g.epd",
            "--max-moves 200",
            "--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
            "--rating-interval 10",
            "--seed 42",
            "--recover on",
            "--wait 100",
            "--event Test",
            "--engines e.json",
            "--adjudicate draw=8:10:41:reset resign=3:600:two-sided",
        ] {
            assert!(text.contains(part), "{part}: {text}");
        }
        // Given, so no default is added.
        assert!(!text.contains("--games 1") && !text.contains("--recover off"));
        // Negative numbers are values, not options.
        let out = norm(&[
            "-resign",
            "movecount=3",
            "score=500",
            "-draw",
            "movenumber=0",
            "movecount=1",
            "score=0",
        ])
        .unwrap();
        assert!(out
            .join(" ")
            .contains("--adjudicate resign=3:500:one-sided"));
        assert!(
            !out.join(" ").contains("draw="),
            "movenumber=0 turns it off"
        );
    }

    #[test]
    fn mistakes_are_errors_with_a_suggestion() {
        let e = norm(&["-varient", "courier"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown option '-varient'; did you mean '-variant'?"
        );
        let e = norm(&["-variant", "courier", "-concurency", "2"]).unwrap_err();
        assert!(e.to_string().contains("'-concurrency'"), "{e}");
        let e = norm(&["-engine", "cmd=a", "nmae=A"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "-engine: unknown engine option 'nmae=A'; did you mean 'name'?"
        );
        let e = norm(&["-engine", "cmd=a", "book=b.bin"]).unwrap_err();
        assert!(e.to_string().contains("no Polyglot books"), "{e}");
        let e = norm(&["-tb", "/x"]).unwrap_err();
        assert!(
            matches!(e, CutechessError::Unsupported { option: "-tb", .. }),
            "{e}"
        );
        let e = norm(&["-pgnout", "x.pgn", "mini"]).unwrap_err();
        assert!(
            e.to_string().contains("'mini' is not one of min, fi"),
            "{e}"
        );
        let e = norm(&["-games"]).unwrap_err();
        assert_eq!(e.to_string(), "-games takes 1 value (found 0: )");
        let e = norm(&["-noswap", "yes"]).unwrap_err();
        assert!(e.to_string().contains("takes no value"), "{e}");
        let e = norm(&["-draw", "movenumber=1", "movecount=2"]).unwrap_err();
        assert_eq!(e.to_string(), "-draw needs score=");
        let e = norm(&["-openings", "file=a", "policy=round"]).unwrap_err();
        assert!(e.to_string().contains("policy=round"), "{e}");
        let e = norm(&["-tournament", "knockout"]).unwrap_err();
        assert!(e.to_string().contains("round-robin and gauntlet"), "{e}");
        let e = norm(&[
            "-draw",
            "movenumber=1",
            "movecount=2",
            "score=3",
            "--adjudicate",
            "resign=1:2",
        ])
        .unwrap_err();
        assert_eq!(e, CutechessError::Adjudication);
    }
}
