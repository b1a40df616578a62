//! XBoard (CECP v2): the handshake with features and options, `new`, `variant`, `force`, `go`,
//! `playother`, `?`, `usermove` and bare moves, `undo`, `remove`, `setboard`, `level`, `st`,
//! `sd`, `time`/`otim`, `ping`, `draw`, `result`, `post`/`nopost`, `analyze`/`exit`, `memory`,
//! `cores`, `option`, `quit`; thinking output and result claims by the rules of RULES.md.
//!
//! The game is shared with the search thread: when a search ends, its move is played and sent
//! under the same lock that user moves take, unless a later command (a `force`, `new`, `undo`,
//! ...) cancelled it — each search carries a generation number that cancelling bumps.

use super::output::Output;
use super::session::AnyRecord;
use super::thinker::Thinker;
use super::uci::{MAX_HASH_MB, MAX_THREADS};
use super::ENGINE_NAME;
use crate::config::Config;
use crate::game::Color;
use crate::games::Variant;
use crate::search::{Clock, Info, Limits, Score};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// XBoard's piece-to-character map and board for an engine-defined variant (`setup` command);
/// `None` for a variant XBoard knows natively (Courier: XBoard ignores a `setup` for it while it
/// tests legality, PROTOCOLS.md).
fn setup_line(variant: Variant) -> Option<String> {
    Some(match variant {
        Variant::Courier => return None,
        // Pieces in XBoard's internal order: P N B R Q F E A C W M O H I J G D V L S U K.
        Variant::Schachdame => format!(
            "setup (P.B...................Kp.b...................k) 8x8+0_fairy {}",
            crate::games::schachdame::START_FEN
        ),
        // Men on XBoard's `M` slot and kings on `K`, so the letters match the game's FEN
        // (RULES.md D2). Full multi-leg capture support in XBoard is a later issue.
        Variant::DualCheckers => format!(
            "setup (..........M..........K..........m..........k) 8x8+0_fairy {}",
            crate::games::dual::START_FEN
        ),
    })
}

/// `piece` descriptions so the GUI knows how the pieces move (direction before move type); none
/// for Courier, whose pieces XBoard knows.
fn piece_lines(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Courier => &[],
        Variant::Schachdame => &["piece P& fmFfcF", "piece B& B", "piece K& F"],
        // Quiet moves only (RULES.md D3, D8); the captures (D5, D8) have no Betza form XBoard
        // understands, so a GUI must play Dual checkers with legality testing off.
        Variant::DualCheckers => &["piece M& fmF", "piece K& mB"],
    }
}

/// The time control set by `level`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    /// Moves per session (0: the whole game).
    moves: u32,
    /// Increment per move.
    increment: Duration,
}

/// An XBoard session.
pub struct XBoard {
    record: Arc<Mutex<AnyRecord>>,
    thinker: Thinker,
    out: Output,
    generation: Arc<AtomicU64>,
    /// In force mode the engine only checks and records moves.
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_side: Color,
    analyzing: bool,
    post: bool,
    level: Level,
    /// Our clock and the opponent's, from `time` and `otim`.
    time: Option<Duration>,
    /// Fixed time per move (`st`).
    st: Option<Duration>,
    /// Depth limit (`sd`).
    sd: Option<u32>,
    hash_mb: u64,
    threads: usize,
    overhead_ms: u64,
    /// Courier starts from the pre-ceremony array (the XBoard GUI's start, RULES.md C3).
    courier_array: bool,
    /// A `variant` command came since the last `new`; without one the GUI wants plain chess.
    variant_named: bool,
    /// The user was told that Kurier does not play plain chess.
    warned: bool,
}

/// One thinking line: `ply score time nodes pv`, time in centiseconds, mates as
/// ±(100000 + moves).
fn thinking_line(info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    format!(
        "{} {score} {} {} {}",
        info.depth,
        info.time.as_millis() / 10,
        info.nodes,
        info.pv.join(" ")
    )
}

/// Reads `level`'s base time: minutes (`5`), `min:sec` (`0:30`).
fn parse_base(text: &str) -> Option<Duration> {
    match text.split_once(':') {
        Some((m, s)) => Some(Duration::from_secs(
            m.parse::<u64>().ok()? * 60 + s.parse::<u64>().ok()?,
        )),
        None => Some(Duration::from_secs_f64(
            text.parse::<f64>().ok()?.max(0.0) * 60.0,
        )),
    }
}

fn seconds(text: &str) -> Option<Duration> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
}

impl XBoard {
    /// A session playing the configured variant from its start.
    pub fn new(config: &Config, out: Output) -> Self {
        XBoard {
            record: Arc::new(Mutex::new(AnyRecord::start(config.variant))),
            thinker: Thinker::new(config.hash_mb, config.threads),
            out,
            generation: Arc::new(AtomicU64::new(0)),
            force: false,
            engine_side: Color::Black,
            analyzing: false,
            post: true,
            level: Level {
                moves: 0,
                increment: Duration::ZERO,
            },
            time: None,
            st: None,
            sd: None,
            hash_mb: config.hash_mb,
            threads: config.threads,
            overhead_ms: config.move_overhead_ms,
            courier_array: config.courier_start == "array",
            variant_named: false,
            warned: false,
        }
    }

    /// Answers every line until `quit` or end of input.
    pub fn run(
        mut self,
        lines: impl Iterator<Item = std::io::Result<String>>,
    ) -> std::io::Result<()> {
        for line in lines {
            if !self.handle(&line?)? {
                self.cancel();
                return Ok(());
            }
        }
        // End of input (a script piped in): the engine's move is still made and sent.
        if self.analyzing {
            self.cancel();
        } else {
            self.thinker.wait();
        }
        Ok(())
    }

    fn say(&self, text: &str) -> std::io::Result<()> {
        self.out.line(text)
    }

    fn game(&self) -> MutexGuard<'_, AnyRecord> {
        self.record.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops the search and throws its answer away.
    fn cancel(&mut self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.thinker.stop();
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> std::io::Result<bool> {
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" => {}
            "protover" => {
                self.say(&format!(
                    "feature ping=1 setboard=1 usermove=1 time=1 draw=1 sigint=0 sigterm=0 \
                     analyze=1 memory=1 smp=1 colors=0 name=1 nps=0 debug=1 exclude=0 \
                     myname=\"{ENGINE_NAME}\" variants=\"{}\"",
                    Variant::names()
                ))?;
                self.say(&format!(
                    "feature option=\"MoveOverhead -spin {} 0 5000\"",
                    self.overhead_ms
                ))?;
                self.say(&format!(
                    "feature option=\"CourierStart -combo {}\"",
                    if self.courier_array {
                        "ceremony /// *array"
                    } else {
                        "*ceremony /// array"
                    }
                ))?;
                self.say("feature done=1")?;
            }
            "ping" => self.say(&format!("pong {rest}"))?,
            "new" => {
                self.cancel();
                self.thinker.clear();
                let variant = self.game().variant();
                *self.game() = AnyRecord::start_with(variant, self.courier_array);
                self.variant_named = false;
                self.force = false;
                self.engine_side = Color::Black;
                self.sd = None;
                self.st = None;
            }
            "variant" => match rest.parse::<Variant>() {
                Ok(v) => {
                    self.cancel();
                    *self.game() = AnyRecord::start_with(v, self.courier_array);
                    self.variant_named = true;
                    if let Some(setup) = setup_line(v) {
                        self.say(&setup)?;
                    }
                    for p in piece_lines(v) {
                        self.say(p)?;
                    }
                }
                Err(e) => self.say(&format!("Error ({e}): {line}"))?,
            },
            "setboard" => {
                self.cancel();
                let variant = self.game().variant();
                match AnyRecord::from_fen(variant, rest) {
                    Ok(r) => *self.game() = r,
                    Err(e) => self.say(&format!("tellusererror Illegal position: {e}"))?,
                }
                self.restart_analysis();
            }
            "usermove" => self.user_move(rest)?,
            "force" => {
                self.cancel();
                self.force = true;
            }
            "go" => {
                self.cancel();
                self.force = false;
                let side = self.game().side_to_move();
                self.engine_side = side;
                self.think()?;
            }
            "playother" => {
                self.cancel();
                self.force = false;
                let side = self.game().side_to_move();
                self.engine_side = !side;
            }
            "?" => self.thinker.stop(),
            "undo" => {
                self.cancel();
                self.game().undo();
                self.restart_analysis();
            }
            "remove" => {
                self.cancel();
                self.game().undo();
                self.game().undo();
                self.restart_analysis();
            }
            "result" => {
                self.cancel();
                self.force = true;
            }
            "level" => self.level(rest, line)?,
            "st" => match seconds(rest) {
                Some(t) => self.st = Some(t),
                None => self.say(&format!("Error (bad time): {line}"))?,
            },
            "sd" => match rest.parse::<u32>() {
                Ok(d) => self.sd = Some(d.max(1)),
                Err(_) => self.say(&format!("Error (bad depth): {line}"))?,
            },
            "time" => match rest.parse::<i64>() {
                Ok(cs) => self.time = Some(Duration::from_millis(cs.max(0) as u64 * 10)),
                Err(_) => self.say(&format!("Error (bad time): {line}"))?,
            },
            "otim" => {}
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.cancel();
                self.analyzing = true;
                self.restart_analysis();
            }
            "exit" => {
                self.cancel();
                self.analyzing = false;
            }
            "memory" => match rest.parse::<u64>() {
                Ok(mb) => {
                    self.hash_mb = mb.clamp(1, MAX_HASH_MB);
                    self.cancel();
                    self.thinker.configure(self.hash_mb, self.threads);
                }
                Err(_) => self.say(&format!("Error (bad size): {line}"))?,
            },
            "cores" => match rest.parse::<usize>() {
                Ok(n) => {
                    self.threads = n.clamp(1, MAX_THREADS);
                    self.cancel();
                    self.thinker.configure(self.hash_mb, self.threads);
                }
                Err(_) => self.say(&format!("Error (bad count): {line}"))?,
            },
            "option" => match rest.split_once('=') {
                Some(("MoveOverhead", v)) => match v.trim().parse::<u64>() {
                    Ok(ms) if ms <= 5000 => self.overhead_ms = ms,
                    _ => self.say(&format!("Error (bad value): {line}"))?,
                },
                Some(("CourierStart", v)) => match v.trim() {
                    "ceremony" => self.courier_array = false,
                    "array" => self.courier_array = true,
                    _ => self.say(&format!("Error (bad value): {line}"))?,
                },
                _ => self.say(&format!("Error (unknown option): {line}"))?,
            },
            "quit" => return Ok(false),
            // Draw offers are declined by playing on; the GUI's informational commands need no
            // answer (PROTOCOLS.md).
            "draw" | "xboard" | "accepted" | "rejected" | "random" | "computer" | "name"
            | "rating" | "hard" | "easy" | "." | "ics" | "nps" | "hint" | "bk" | "otim:" => {}
            _ if looks_like_move(command) && rest.is_empty() => self.user_move(command)?,
            _ => self.say(&format!("Error (unknown command): {line}"))?,
        }
        Ok(true)
    }

    fn level(&mut self, rest: &str, line: &str) -> std::io::Result<()> {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match parts.as_slice() {
            [mps, base, inc] => mps
                .parse::<u32>()
                .ok()
                .zip(parse_base(base))
                .zip(seconds(inc))
                .map(|((moves, _base), increment)| Level { moves, increment }),
            _ => None,
        };
        match parsed {
            Some(level) => {
                self.level = level;
                self.st = None;
                Ok(())
            }
            None => self.say(&format!("Error (bad level): {line}")),
        }
    }

    fn user_move(&mut self, text: &str) -> std::io::Result<()> {
        self.cancel();
        let played = self.game().play_text(text);
        match played {
            Ok(()) => {
                let result = self.game().result();
                if let Some(result) = result {
                    self.say(&result)?;
                } else if self.analyzing {
                    self.restart_analysis();
                } else {
                    self.think()?;
                }
            }
            Err(e) => self.say(&format!("Illegal move ({e}): {text}"))?,
        }
        Ok(())
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.sd,
            ..Limits::default()
        };
        if let Some(st) = self.st {
            limits.movetime = Some(
                st.saturating_sub(Duration::from_millis(self.overhead_ms))
                    .max(Duration::from_millis(1)),
            );
        } else if let Some(time) = self.time {
            let played = self.game().moves_played() as u32 / 2;
            limits.clock = Some(Clock {
                time_left: time,
                increment: self.level.increment,
                moves_to_go: (self.level.moves > 0)
                    .then(|| self.level.moves - played % self.level.moves),
                overhead: Duration::from_millis(self.overhead_ms),
            });
        } else if self.sd.is_none() {
            // No clock known: a modest fixed time rather than forever.
            limits.movetime = Some(Duration::from_secs(5));
        }
        limits
    }

    /// Searches and plays a move if it is the engine's turn.
    fn think(&mut self) -> std::io::Result<()> {
        let record = self.game().clone();
        if self.force || self.analyzing || record.side_to_move() != self.engine_side {
            return Ok(());
        }
        if !self.variant_named && !self.warned {
            // `new` without `variant`: the GUI plays plain chess, which Kurier does not.
            self.warned = true;
            self.say(&format!(
                "tellusererror Kurier does not play normal chess; it plays {} (choose one with -variant). Playing {} now.",
                Variant::names(),
                record.variant()
            ))?;
        }
        if let Some(result) = record.result() {
            return self.say(&result);
        }
        let limits = self.limits();
        let generation = self.generation.load(Ordering::SeqCst);
        let (info_out, done_out) = (self.out.clone(), self.out.clone());
        let post = self.post;
        let (shared, generations) = (Arc::clone(&self.record), Arc::clone(&self.generation));
        self.thinker.start(
            record,
            limits,
            move |info| {
                if post {
                    let _ = info_out.line(&thinking_line(info));
                }
            },
            move |answer| {
                let mut game = shared.lock().unwrap_or_else(|e| e.into_inner());
                if generations.load(Ordering::SeqCst) != generation {
                    return;
                }
                let Some(mv) = answer.best else {
                    if let Some(result) = game.result() {
                        let _ = done_out.line(&result);
                    }
                    return;
                };
                if game.play_text(&mv).is_ok() {
                    let _ = done_out.line(&format!("move {mv}"));
                    if let Some(result) = game.result() {
                        let _ = done_out.line(&result);
                    }
                }
            },
        );
        Ok(())
    }

    /// In analyze mode: search the current position until the next command.
    fn restart_analysis(&mut self) {
        if !self.analyzing {
            return;
        }
        self.cancel();
        let record = self.game().clone();
        if record.result().is_some() {
            return;
        }
        let out = self.out.clone();
        self.thinker.start(
            record,
            Limits {
                infinite: true,
                ..Limits::default()
            },
            move |info| {
                let _ = out.line(&thinking_line(info));
            },
            |_| {},
        );
    }
}

/// A bare move (XBoard without `usermove=1`): starts with a square name.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_base_forms() {
        assert_eq!(parse_base("5"), Some(Duration::from_secs(300)));
        assert_eq!(parse_base("0:30"), Some(Duration::from_secs(30)));
        assert_eq!(parse_base("x"), None);
        assert_eq!(seconds("0.5"), Some(Duration::from_millis(500)));
        assert_eq!(seconds("-1"), None);
    }
}
