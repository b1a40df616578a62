//! `engine.toml`: the engine's default options, read at start-up. A flat `key = value` file (a
//! subset of TOML: whole numbers, booleans, quoted strings, `#` comments); the keys and their
//! checks are the options table ([`crate::options`]), shared with UCI `setoption` and XBoard
//! `option`.
//!
//! Where it comes from: `--config PATH` on the command line, else the file named by the
//! environment variable `KURIER_CONFIG`, else `./engine.toml`. A bad line is reported (key and
//! line number) and skipped — that option keeps its default — and the engine starts anyway.

use crate::options::Options;
use std::path::{Path, PathBuf};

/// The environment variable naming the configuration file.
pub const ENV_VAR: &str = "KURIER_CONFIG";

/// Options read from a file, and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The options: defaults where the file said nothing or something wrong.
    pub options: Options,
    /// One message per problem (`engine.toml line 3: unknown key 'hashmb'`).
    pub errors: Vec<String>,
    /// The file read, if any.
    pub source: Option<PathBuf>,
}

/// Parses the text of a configuration file called `name` (for messages). Every good line is
/// applied; every bad one gives an error and changes nothing.
pub fn parse(text: &str, name: &str) -> (Options, Vec<String>) {
    let mut options = Options::default();
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        let at = format!("{name} line {}", i + 1);
        let Some((key, value)) = line.split_once('=') else {
            errors.push(format!(
                "{at}: expected 'key = value', got '{}'",
                raw.trim()
            ));
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or(value);
        let opt = crate::options::Opt::ALL
            .into_iter()
            .find(|o| o.key() == key);
        match opt {
            None => errors.push(format!("{at}: unknown key '{key}'")),
            Some(opt) => {
                if options.set_opt(opt, value).is_err() {
                    errors.push(format!(
                        "{at}: {key}: expected {}, got '{value}'",
                        opt.expected()
                    ));
                }
            }
        }
    }
    (options, errors)
}

/// The line without its comment (a `#` outside double quotes).
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Loads the options: from `explicit` (`--config PATH`) if given, else `$KURIER_CONFIG`, else
/// `./engine.toml`. A missing default file is no error; a missing named file is.
pub fn load(explicit: Option<&Path>) -> Loaded {
    let env = std::env::var_os(ENV_VAR).map(PathBuf::from);
    let (path, named) = match (explicit, env) {
        (Some(p), _) => (p.to_path_buf(), true),
        (None, Some(p)) => (p, true),
        (None, None) => (PathBuf::from("engine.toml"), false),
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let (options, errors) = parse(&text, &path.display().to_string());
            Loaded {
                options,
                errors,
                source: Some(path),
            }
        }
        Err(e) if named || e.kind() != std::io::ErrorKind::NotFound => Loaded {
            options: Options::default(),
            errors: vec![format!("cannot read {}: {e}", path.display())],
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

    #[test]
    fn the_shipped_file_parses_to_the_defaults() {
        let (options, errors) = parse(include_str!("../../../engine.toml"), "engine.toml");
        assert_eq!(errors, Vec::<String>::new());
        assert_eq!(options, Options::default());
    }

    #[test]
    fn the_shipped_file_documents_every_key() {
        let text = include_str!("../../../engine.toml");
        for opt in crate::options::Opt::ALL {
            assert!(
                text.lines()
                    .any(|l| l.starts_with(&format!("{} = ", opt.key()))),
                "engine.toml lacks {}",
                opt.key()
            );
        }
    }

    #[test]
    fn bad_lines_are_reported_and_skipped() {
        let text = "hash_mb = lots\nhashmb = 3\nthreads = 4 # four\nvariant = \"go\"\njust words\nvariant = \"courier\"\n";
        let (options, errors) = parse(text, "engine.toml");
        assert_eq!(
            errors,
            vec![
                "engine.toml line 1: hash_mb: expected a whole number from 1 to 65536, got 'lots'",
                "engine.toml line 2: unknown key 'hashmb'",
                "engine.toml line 4: variant: expected one of courier, schachdame, dualcheckers, got 'go'",
                "engine.toml line 5: expected 'key = value', got 'just words'",
            ]
        );
        assert_eq!(options.threads, 4);
        assert_eq!(options.hash_mb, Options::default().hash_mb);
        assert_eq!(options.variant, Variant::Courier);
    }

    #[test]
    fn a_hash_inside_quotes_is_not_a_comment() {
        assert_eq!(strip_comment("a = \"x#y\" # c"), "a = \"x#y\" ");
    }
}
