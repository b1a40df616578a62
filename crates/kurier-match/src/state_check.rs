//! The one reader of state files ([`super::state`]): every path that reads one — `--resume
//! FILE`, the same command started again (which continues its state file, [`super::resume`]),
//! `--merge-state` ([`super::merge`]) and the pooled SPRT reading the other shards' files
//! ([`super::pool`]) — reads it with [`read`], so that a file gets the same verdict on each.
//!
//! A file is refused, with its name, the line and (for a game) the game's number:
//!
//! - when it is not whole JSON: cut short (a truncated file) or not JSON at all;
//! - when it is not a state file of this version (`format`);
//! - for an unknown key, a repeated key (JSON readers keep one of the two silently), a missing
//!   key or a value of the wrong type;
//! - for a schedule that is none: an unknown tournament, fewer than two engines, no games,
//!   rounds or repeat, a `total` other than the number of games of the schedule; a shard `K/N`
//!   with `K` outside 1 to `N`; an SPRT the command line would refuse;
//! - for a finished game outside the schedule, of another shard than the file's, listed twice,
//!   whose result is not `1-0`, `0-1` or `1/2-1/2` (a game stopped before its end, `*`, is not
//!   in the file) or whose termination is not one Kurier writes;
//! - when it says `complete` while games of its part of the schedule are missing, unless it has
//!   an SPRT (which stops a match early, and whose decision, or the pooled one of shards, the
//!   file alone cannot tell).
//!
//! What it does not decide is left to the paths: whether the file is of the command line's
//! match ([`super::state::State::check`]), whether files merged together are of one match.
//! The finished games of a file that is accepted are put in schedule order.

use super::arbiter::Termination;
use super::schedule::Plan;
use super::settings::{Shard, TournamentKind};
use super::shard;
use super::state::{parse_result, State, StateError, FORMAT};
use std::collections::BTreeMap;
use std::path::Path;

/// The largest state file read, in bytes: about 200 bytes a game, a million games.
pub const MAX_STATE_BYTES: u64 = 256 * 1024 * 1024;

/// Reads and checks the state file `path` (see the module notes).
pub fn read(path: &Path) -> Result<State, StateError> {
    let text = read_text(path)?;
    let mut state = parse(path, &text)?;
    let found = Lines::of(&text);
    check(&state, &found).map_err(|fault| fault.at(path))?;
    state.finished.sort_by_key(|g| g.game);
    Ok(state)
}

/// The file's text, if it is UTF-8 and not larger than [`MAX_STATE_BYTES`].
fn read_text(path: &Path) -> Result<String, StateError> {
    let error = |source| StateError::Read {
        path: path.to_path_buf(),
        source,
    };
    let bytes = kurier_wire::input_file::read_capped(path, MAX_STATE_BYTES).map_err(error)?;
    String::from_utf8(bytes)
        .map_err(|e| error(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

/// The JSON of a state file of this version, every key known and given once.
fn parse(path: &Path, text: &str) -> Result<State, StateError> {
    let invalid = |line: usize, why: String| StateError::Invalid {
        path: path.to_path_buf(),
        line,
        why,
    };
    // The format first, so that a file of another version is told as such.
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            invalid(
                e.line(),
                "the file is cut short (it ends in the middle of its JSON)".to_string(),
            )
        } else {
            StateError::Parse {
                path: path.to_path_buf(),
                source: e,
            }
        }
    })?;
    let Some(format) = value.get("format").and_then(|f| f.as_str()) else {
        return Err(StateError::NotState {
            path: path.to_path_buf(),
        });
    };
    if format != FORMAT {
        return Err(StateError::Format {
            path: path.to_path_buf(),
            found: format.to_string(),
        });
    }
    // From the text, not the value: a value keeps one of two equal keys and says nothing.
    serde_json::from_str(text).map_err(|e| invalid(e.line(), serde_words(&e)))
}

/// A serde error in Kurier's words, without serde's ` at line L column C`.
fn serde_words(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let text = match full.rfind(" at line ") {
        Some(at) => &full[..at],
        None => &full,
    };
    let quoted = |rest: &str| rest.split('`').next().unwrap_or_default().to_string();
    if let Some(rest) = text.strip_prefix("unknown field `") {
        let known = rest
            .split_once(", expected ")
            .map(|(_, k)| k.replace('`', "'"));
        return format!(
            "unknown key '{}'{}",
            quoted(rest),
            known
                .map(|k| format!(" (expected {k})"))
                .unwrap_or_default()
        );
    }
    if let Some(rest) = text.strip_prefix("duplicate field `") {
        return format!("the key '{}' is repeated", quoted(rest));
    }
    if let Some(rest) = text.strip_prefix("missing field `") {
        return format!("the key '{}' is missing", quoted(rest));
    }
    text.to_string()
}

/// What is wrong with a file, and where.
struct Fault {
    line: usize,
    game: Option<usize>,
    why: String,
}

impl Fault {
    fn at(self, path: &Path) -> StateError {
        match self.game {
            Some(game) => StateError::Game {
                path: path.to_path_buf(),
                line: self.line,
                game,
                why: self.why,
            },
            None => StateError::Invalid {
                path: path.to_path_buf(),
                line: self.line,
                why: self.why,
            },
        }
    }
}

/// The plan of a file's schedule, once its tournament is known.
fn plan_of(state: &State, found: &Lines) -> Result<Plan, Fault> {
    let s = &state.schedule;
    let fault = |key: &str, why: String| Fault {
        line: found.line(key),
        game: None,
        why,
    };
    let kind = match s.tournament.as_str() {
        "round-robin" => TournamentKind::RoundRobin,
        "gauntlet" => TournamentKind::Gauntlet,
        other => {
            return Err(fault(
                "schedule.tournament",
                format!("tournament '{other}' is not round-robin or gauntlet"),
            ))
        }
    };
    if s.engines.len() < 2 {
        return Err(fault(
            "schedule.engines",
            format!("{} engines: a match has two or more", s.engines.len()),
        ));
    }
    for (key, n) in [
        ("games", s.games),
        ("rounds", s.rounds),
        ("repeat", s.repeat),
    ] {
        if n == 0 {
            return Err(fault(
                &format!("schedule.{key}"),
                format!("{key} 0: it is 1 or more"),
            ));
        }
    }
    Ok(Plan {
        kind,
        engines: s.engines.len(),
        games: s.games,
        rounds: s.rounds,
        repeat: s.repeat,
        swap: s.swap,
    })
}

/// The games of `plan`'s schedule (`None`: more than a `usize` holds).
fn games_of(plan: &Plan) -> Option<usize> {
    let pairs = match plan.kind {
        TournamentKind::RoundRobin => plan.engines.checked_mul(plan.engines - 1)? / 2,
        TournamentKind::Gauntlet => plan.engines - 1,
    };
    pairs
        .checked_mul(plan.games as usize)?
        .checked_mul(plan.rounds as usize)
}

/// The checks of the module notes that need more than the JSON's shape.
fn check(state: &State, found: &Lines) -> Result<(), Fault> {
    let plan = plan_of(state, found)?;
    let fault = |key: &str, why: String| Fault {
        line: found.line(key),
        game: None,
        why,
    };
    let total = state.schedule.total;
    if games_of(&plan) != Some(total) {
        let games =
            games_of(&plan).map_or("more than can be counted".to_string(), |n| n.to_string());
        return Err(fault(
            "schedule.total",
            format!("total {total}, but the schedule has {games} games"),
        ));
    }
    let shard = state.shard.map(Shard::from);
    if let Some(s) = shard {
        if s.index == 0 || s.index > s.count {
            return Err(fault("shard", format!("shard {s}: K must be from 1 to N")));
        }
    }
    if let Some(p) = state.sprt {
        let finite = [p.elo0, p.elo1, p.alpha, p.beta]
            .iter()
            .all(|x| x.is_finite());
        let error = |x: f64| x > 0.0 && x < 0.5;
        if !(finite && p.elo0 < p.elo1 && error(p.alpha) && error(p.beta)) {
            return Err(fault(
                "sprt",
                format!(
                    "SPRT elo0 {} elo1 {} alpha {} beta {}: elo0 must be below elo1, alpha and \
                     beta between 0 and 0.5",
                    p.elo0, p.elo1, p.alpha, p.beta
                ),
            ));
        }
    }
    let mut seen: BTreeMap<usize, usize> = BTreeMap::new();
    for (i, g) in state.finished.iter().enumerate() {
        let line = found.line(&format!("finished[{i}]"));
        let fault = |why: String| Fault {
            line,
            game: Some(g.game),
            why,
        };
        if g.game == 0 || g.game > total {
            return Err(fault(format!(
                "is not a game of the schedule (games 1 to {total})"
            )));
        }
        if let Some(s) = shard {
            let of = shard::shard_of_game(&plan, g.game, s.count);
            if of != s.index {
                return Err(fault(format!(
                    "is of shard {of}/{}, not of this file's shard {s}",
                    s.count
                )));
            }
        }
        if let Some(first) = seen.insert(g.game, line) {
            return Err(fault(format!("is listed twice (first at line {first})")));
        }
        if parse_result(&g.result).is_none() {
            return Err(fault(format!(
                "has the result '{}', not 1-0, 0-1 or 1/2-1/2 (a game stopped before its end \
                 is not in the file)",
                g.result
            )));
        }
        if Termination::from_pgn(&g.termination).is_none() {
            return Err(fault(format!(
                "has the termination '{}', not one Kurier writes",
                g.termination
            )));
        }
    }
    if state.complete && state.sprt.is_none() {
        let missing = shard::missing(&plan, total, shard, |n| seen.contains_key(&n), 5);
        if !missing.is_empty() {
            let list: Vec<String> = missing.iter().map(usize::to_string).collect();
            let (games, are) = if list.len() == 1 {
                ("game", "is")
            } else {
                ("games", "are")
            };
            return Err(fault(
                "complete",
                format!(
                    "complete, but {games} {}{} {are} missing (without an SPRT, a match is \
                     complete when every game of it is finished)",
                    list.join(", "),
                    if list.len() == 5 { ", ..." } else { "" }
                ),
            ));
        }
    }
    Ok(())
}

/// The lines (from 1) where the values of a JSON text start, by their path: `schedule.total`,
/// `finished[3]` (keys of objects joined by `.`, elements of arrays by their index from 0). For
/// a text that reads as JSON (the reader checks that first); on anything else it stops and
/// keeps what it found.
struct Lines {
    at: BTreeMap<String, usize>,
}

impl Lines {
    fn of(text: &str) -> Lines {
        let mut scan = Scan {
            bytes: text.as_bytes(),
            pos: 0,
            line: 1,
            at: BTreeMap::new(),
        };
        scan.value(String::new());
        Lines { at: scan.at }
    }

    /// The line of `path`, else of the nearest enclosing value found, else 1.
    fn line(&self, path: &str) -> usize {
        let mut p = path;
        loop {
            if let Some(&line) = self.at.get(p) {
                return line;
            }
            match p.rfind(['.', '[']) {
                Some(cut) => p = &p[..cut],
                None => return 1,
            }
        }
    }
}

/// The scanner of [`Lines`].
struct Scan<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    at: BTreeMap<String, usize>,
}

/// How deep the scan records paths: the keys of a game of `finished` are deep enough.
const SCAN_DEPTH: usize = 3;

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn bump(&mut self) {
        if self.peek() == Some(b'\n') {
            self.line += 1;
        }
        self.pos += 1;
    }

    fn blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.bump();
        }
    }

    /// A string, at its opening quote; its text (escapes left as they are).
    fn string(&mut self) -> String {
        self.bump();
        let start = self.pos;
        while let Some(c) = self.peek() {
            match c {
                b'"' => break,
                b'\\' => {
                    self.bump();
                    self.bump();
                }
                _ => self.bump(),
            }
        }
        let end = self.pos.min(self.bytes.len());
        self.bump();
        String::from_utf8_lossy(&self.bytes[start.min(end)..end]).into_owned()
    }

    /// A value, recorded at `path` (depth = its dots and brackets).
    fn value(&mut self, path: String) {
        self.blanks();
        let depth = path.matches(['.', '[']).count() + usize::from(!path.is_empty());
        if depth <= SCAN_DEPTH {
            self.at.entry(path.clone()).or_insert(self.line);
        }
        let child = |key: &str| {
            if path.is_empty() {
                key.to_string()
            } else {
                format!("{path}.{key}")
            }
        };
        match self.peek() {
            Some(b'{') => {
                self.bump();
                loop {
                    self.blanks();
                    match self.peek() {
                        Some(b'"') => {}
                        Some(b'}') => {
                            self.bump();
                            return;
                        }
                        _ => return,
                    }
                    let key = self.string();
                    self.blanks();
                    if self.peek() != Some(b':') {
                        return;
                    }
                    self.bump();
                    self.value(child(&key));
                    self.blanks();
                    match self.peek() {
                        Some(b',') => self.bump(),
                        Some(b'}') => {
                            self.bump();
                            return;
                        }
                        _ => return,
                    }
                }
            }
            Some(b'[') => {
                self.bump();
                for i in 0.. {
                    self.blanks();
                    if self.peek() == Some(b']') {
                        self.bump();
                        return;
                    }
                    let before = self.pos;
                    self.value(format!("{path}[{i}]"));
                    self.blanks();
                    match self.peek() {
                        Some(b',') => self.bump(),
                        Some(b']') => {
                            self.bump();
                            return;
                        }
                        _ => return,
                    }
                    if self.pos == before {
                        return;
                    }
                }
            }
            Some(b'"') => {
                self.string();
            }
            Some(_) => {
                while let Some(c) = self.peek() {
                    if matches!(c, b',' | b']' | b'}' | b' ' | b'\t' | b'\r' | b'\n') {
                        break;
                    }
                    self.bump();
                }
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_the_values() {
        let text = "{\n  \"a\": 1,\n  \"b\": {\n    \"c\": [\n      {\"x\": \"}\\\"\"},\n      \
                    2\n    ]\n  },\n  \"d\": [\n    {\n      \"e\": 1\n    }\n  ]\n}\n";
        let found = Lines::of(text);
        assert_eq!(found.line(""), 1);
        assert_eq!(found.line("a"), 2);
        assert_eq!(found.line("b"), 3);
        assert_eq!(found.line("b.c"), 4);
        assert_eq!(found.line("b.c[0]"), 5);
        assert_eq!(found.line("b.c[1]"), 6);
        assert_eq!(found.line("d[0]"), 10);
        assert_eq!(found.line("d[0].e"), 11);
        // Not there: the nearest enclosing value.
        assert_eq!(found.line("b.c[7]"), 4);
        assert_eq!(found.line("zz"), 1);
        // Cut short: what was found.
        let found = Lines::of("{\n  \"a\": [1,\n");
        assert_eq!(found.line("a"), 2);
    }

    #[test]
    fn serde_errors_in_kurier_words() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)] // Read only to be refused.
        struct T {
            a: u32,
        }
        let e = serde_json::from_str::<T>("{\"a\": 1, \"b\": 2}").unwrap_err();
        assert_eq!(serde_words(&e), "unknown key 'b' (expected 'a')");
        let e = serde_json::from_str::<T>("{\"a\": 1,\n\"a\": 2}").unwrap_err();
        assert_eq!(
            (serde_words(&e).as_str(), e.line()),
            ("the key 'a' is repeated", 2)
        );
        let e = serde_json::from_str::<T>("{}").unwrap_err();
        assert_eq!(serde_words(&e), "the key 'a' is missing");
    }
}
