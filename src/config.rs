//! Engine options from `engine.toml`: a flat `key = value` file (a subset of TOML: integers,
//! quoted strings, comments). A few lines of parsing replace a TOML dependency.

use crate::games::Variant;

/// Default options; the protocol layer overrides them with `setoption` / `option`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Game played until the GUI names another.
    pub variant: Variant,
    /// Transposition table size in MB.
    pub hash_mb: u64,
    /// Search threads.
    pub threads: usize,
    /// Milliseconds kept back per move for latency.
    pub move_overhead_ms: u64,
    /// Courier start for XBoard's `new`: `ceremony` or `array`.
    pub courier_start: String,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            variant: Variant::Schachdame,
            hash_mb: 64,
            threads: 1,
            move_overhead_ms: 30,
            courier_start: "ceremony".to_string(),
        }
    }
}

impl Config {
    /// Parses the file's text; unknown keys are reported as errors so typos do not go unseen.
    pub fn parse(text: &str) -> Result<Config, String> {
        let mut c = Config::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |what: &str| format!("engine.toml line {}: {what}: '{}'", i + 1, raw.trim());
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| err("expected key = value"))?;
            let (key, value) = (key.trim(), value.trim());
            let text = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .unwrap_or(value);
            let int = || {
                text.parse::<u64>()
                    .map_err(|_| err("expected a whole number"))
            };
            match key {
                "variant" => c.variant = text.parse().map_err(|e| err(&format!("{e}")))?,
                "hash_mb" => c.hash_mb = int()?.max(1),
                "threads" => c.threads = int()?.max(1) as usize,
                "move_overhead_ms" => c.move_overhead_ms = int()?,
                "courier_start" => match text {
                    "ceremony" | "array" => c.courier_start = text.to_string(),
                    _ => return Err(err("courier_start is \"ceremony\" or \"array\"")),
                },
                _ => return Err(err("unknown key")),
            }
        }
        Ok(c)
    }

    /// Loads `$KURIER_CONFIG` or `./engine.toml`; a missing file gives the defaults, a bad one
    /// is reported on stderr and the defaults are used (the engine keeps running).
    pub fn load() -> Config {
        let path = std::env::var("KURIER_CONFIG").unwrap_or_else(|_| "engine.toml".to_string());
        match std::fs::read_to_string(&path) {
            Ok(text) => Config::parse(&text).unwrap_or_else(|e| {
                log::error!("{e}; using default options");
                Config::default()
            }),
            Err(_) => Config::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_parses() {
        let text = include_str!("../engine.toml");
        assert_eq!(Config::parse(text).unwrap(), Config::default());
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(Config::parse("hash_mb = lots").is_err());
        assert!(Config::parse("hashmb = 3").is_err());
        assert!(Config::parse("variant = \"go\"").is_err());
        assert!(Config::parse("just words").is_err());
        assert_eq!(Config::parse("threads = 4 # four").unwrap().threads, 4);
    }
}
