//! Engine configurations in cutechess-cli's `engines.json` format (its manual page
//! cutechess-engines.json(5)): a JSON array of objects with `name`, `command`, `protocol` and,
//! optionally, `workingDirectory`, `initStrings`, `ponder`, `restart` and `options` (objects
//! with `name` and `value`). `-engine conf=NAME` (`--engine "conf=NAME ..."`) takes the entry of
//! that name as the base of an engine spec; the spec's own keys win over it.
//!
//! The file is `--engines FILE` (`-engines FILE`), else `engines.json` in the current
//! directory, else cutechess's own one (`$XDG_CONFIG_HOME/cutechess/engines.json`, by default
//! `~/.config/cutechess/engines.json`), as cutechess-cli looks for it. Keys that Kurier cannot
//! honour (`stderrFile`, `whitepov`, `validateClaims: false`, `debug`, a `timeoutScaleFactor`
//! other than 1) are reported as warnings on stderr, never dropped quietly; keys the format
//! does not have are ignored, as cutechess-cli ignores them.

use std::path::{Path, PathBuf};

/// One engine option of an entry.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
pub struct ConfOption {
    /// The option's name.
    pub name: String,
    /// Its value: a string, number or boolean.
    #[serde(default)]
    pub value: serde_json::Value,
    /// Its type (`spin`, `check`, `combo`, `text`, `button`, ...).
    #[serde(rename = "type", default)]
    pub kind: String,
}

/// One entry of `engines.json`.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineConf {
    /// The name `conf=` looks for (and the engine's name in the tables).
    pub name: String,
    /// The program (see [`command_words`]).
    pub command: String,
    /// `uci` or `xboard`.
    #[serde(default)]
    pub protocol: String,
    /// Working directory; the current one when empty.
    #[serde(default)]
    pub working_directory: String,
    /// Lines sent to the engine at start-up.
    #[serde(default)]
    pub init_strings: Vec<String>,
    /// Think on the opponent's time.
    #[serde(default)]
    pub ponder: bool,
    /// `auto`, `on` or `off`.
    #[serde(default)]
    pub restart: Option<String>,
    /// Engine options, in order.
    #[serde(default)]
    pub options: Vec<ConfOption>,
    /// Where cutechess sends the engine's stderr (not supported: a warning).
    #[serde(default)]
    pub stderr_file: String,
    /// Scores from White's side (not supported: a warning).
    #[serde(default)]
    pub whitepov: bool,
    /// cutechess's timeout scale (only 1 is supported).
    #[serde(default)]
    pub timeout_scale_factor: Option<f64>,
    /// Whether result claims are checked (Kurier always checks them).
    #[serde(default)]
    pub validate_claims: Option<bool>,
    /// cutechess's debug output (not supported: a warning).
    #[serde(default)]
    pub debug: bool,
}

/// Why an engine configuration could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfError {
    /// No file was given and none of the default places has one.
    #[error("conf={name}: no engines.json here or in {}", cutechess_config().display())]
    NoFile {
        /// The configuration asked for.
        name: String,
    },
    /// The file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not an array of engine configurations.
    #[error("{}: {source}", path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// Why (with line and column).
        source: serde_json::Error,
    },
    /// No entry has this name.
    #[error("conf={name}: no such engine in {}{}", path.display(), suggestion(.nearest))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The file.
        path: PathBuf,
        /// The nearest name in the file.
        nearest: Option<String>,
    },
    /// An entry with a value Kurier cannot use.
    #[error("conf={name}: {what}")]
    Invalid {
        /// The entry.
        name: String,
        /// What is wrong.
        what: String,
    },
}

fn suggestion(nearest: &Option<String>) -> String {
    match nearest {
        Some(n) => format!(" (did you mean '{n}'?)"),
        None => String::new(),
    }
}

/// cutechess's own engines.json: `$XDG_CONFIG_HOME/cutechess/engines.json`, by default
/// `~/.config/cutechess/engines.json`.
pub fn cutechess_config() -> PathBuf {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))
        .unwrap_or_default();
    base.join("cutechess").join("engines.json")
}

/// The engines file to use: `given`, else `engines.json` here, else cutechess's own one.
pub fn engines_file(given: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = given {
        return Some(path.to_path_buf());
    }
    [PathBuf::from("engines.json"), cutechess_config()]
        .into_iter()
        .find(|p| p.is_file())
}

/// Reads every entry of an engines file.
pub fn load(path: &Path) -> Result<Vec<EngineConf>, ConfError> {
    // An engines file is a few kilobytes; 16 MB is room for any real one.
    let text =
        kurier_wire::input_file::read_to_string_capped(path, 16 << 20).map_err(|source| {
            ConfError::Read {
                path: path.to_path_buf(),
                source,
            }
        })?;
    parse(path, &text)
}

/// Reads the text of an engines file.
pub fn parse(path: &Path, text: &str) -> Result<Vec<EngineConf>, ConfError> {
    serde_json::from_str(text).map_err(|source| ConfError::Json {
        path: path.to_path_buf(),
        source,
    })
}

/// The entry called `name`, or an error naming the nearest one.
pub fn find<'a>(
    confs: &'a [EngineConf],
    name: &str,
    path: &Path,
) -> Result<&'a EngineConf, ConfError> {
    confs
        .iter()
        .find(|c| c.name == name)
        .ok_or_else(|| ConfError::Unknown {
            name: name.to_string(),
            path: path.to_path_buf(),
            nearest: super::suggest::nearest(name, confs.iter().map(|c| c.name.as_str())),
        })
}

/// The program and arguments of a cutechess command: cutechess-cli 1.5 starts the whole text
/// as one program (arguments come with `arg=`), so a command that names a file is one word; a
/// command with blanks that names no file is split like a shell line, as older versions did.
pub fn command_words(command: &str, dir: Option<&Path>) -> Vec<String> {
    let command = command.trim();
    let is_file = |p: &Path| p.is_file();
    let names_file = is_file(Path::new(command)) || dir.is_some_and(|d| is_file(&d.join(command)));
    if names_file || !command.contains(char::is_whitespace) {
        return vec![command.to_string()];
    }
    shell_words::split(command).unwrap_or_else(|_| vec![command.to_string()])
}

/// An option value as the engine gets it.
fn option_value(value: &serde_json::Value) -> Option<String> {
    match value {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Bool(b) => Some(b.to_string()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

impl EngineConf {
    /// The engine options, in order; buttons and options without a value are skipped with a
    /// warning.
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for o in &self.options {
            match option_value(&o.value) {
                Some(v) if o.kind != "button" => out.push((o.name.clone(), v)),
                _ => log::warn!(
                    "conf={}: option '{}' has no value Kurier can send; skipped",
                    self.name,
                    o.name
                ),
            }
        }
        out
    }

    /// The init lines: each string of `initStrings`, split at line breaks.
    pub fn init_lines(&self) -> Vec<String> {
        self.init_strings
            .iter()
            .flat_map(|s| s.lines().map(str::to_string).collect::<Vec<_>>())
            .collect()
    }

    /// Warns about every key that Kurier cannot honour.
    pub fn warn_unsupported(&self) {
        let mut unsupported = Vec::new();
        if !self.stderr_file.is_empty() {
            unsupported.push("stderrFile (the engine's stderr stays Kurier's)");
        }
        if self.whitepov {
            unsupported.push("whitepov (scores are read from the engine's side)");
        }
        if self.validate_claims == Some(false) {
            unsupported.push("validateClaims: false (Kurier checks every claim)");
        }
        if self.debug {
            unsupported.push("debug (use RUST_LOG=debug)");
        }
        if self.timeout_scale_factor.is_some_and(|f| f != 1.0) {
            unsupported.push("timeoutScaleFactor (use --move-timeout)");
        }
        for what in unsupported {
            log::warn!("conf={}: {what} is not supported; ignored", self.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"[
      { "name": "Sloppy", "command": "sloppy", "protocol": "xboard" },
      { "name": "Kurier", "command": "kurier", "protocol": "uci",
        "workingDirectory": "", "stderrFile": "", "timeoutScaleFactor": 1,
        "initStrings": ["setoption name Hash value 8\nisready"], "ponder": true,
        "restart": "off",
        "options": [ { "name": "Threads", "type": "spin", "value": 1, "default": 1, "min": 1, "max": 8 },
                     { "name": "OwnBook", "type": "check", "value": false },
                     { "name": "Clear Hash", "type": "button" } ] }
    ]"#;

    #[test]
    fn reads_cutechess_entries() {
        let confs = parse(Path::new("engines.json"), FILE).unwrap();
        assert_eq!(confs.len(), 2);
        assert_eq!(confs[0].protocol, "xboard");
        let k = find(&confs, "Kurier", Path::new("engines.json")).unwrap();
        assert!(k.ponder);
        assert_eq!(k.restart.as_deref(), Some("off"));
        assert_eq!(
            k.option_pairs(),
            vec![
                ("Threads".to_string(), "1".to_string()),
                ("OwnBook".to_string(), "false".to_string())
            ]
        );
        assert_eq!(
            k.init_lines(),
            vec!["setoption name Hash value 8", "isready"]
        );
    }

    #[test]
    fn errors_name_the_file_and_the_nearest_entry() {
        let confs = parse(Path::new("e.json"), FILE).unwrap();
        let e = find(&confs, "Kurir", Path::new("e.json")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "conf=Kurir: no such engine in e.json (did you mean 'Kurier'?)"
        );
        let e = parse(Path::new("e.json"), r#"[{"name": "x"}]"#).unwrap_err();
        assert!(e.to_string().contains("missing field `command`"), "{e}");
        let e = parse(Path::new("e.json"), "{").unwrap_err();
        assert!(e.to_string().starts_with("e.json: "), "{e}");
    }

    #[test]
    fn commands() {
        assert_eq!(command_words("kurier", None), vec!["kurier"]);
        assert_eq!(
            command_words("/no/such/engine --uci", None),
            vec!["/no/such/engine", "--uci"]
        );
        let me = std::env::current_exe().unwrap();
        let me = me.to_string_lossy();
        assert_eq!(command_words(&me, None), vec![me.to_string()]);
    }
}
