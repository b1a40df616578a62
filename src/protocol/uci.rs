//! UCI (with the Fairy-Stockfish conventions for variants): `uci`, `isready`, `setoption`
//! (`UCI_Variant`, `Hash`, `Threads`, `Ponder`, `MoveOverhead`), `ucinewgame`,
//! `position startpos|fen ... [moves ...]`, `go` with every limit (`depth`, `nodes`, `movetime`,
//! `wtime`/`btime`/`winc`/`binc`/`movestogo`, `infinite`, `ponder`) and `go perft N`, `stop`,
//! `ponderhit`, `d`, `quit`. The search runs on its own thread; the loop keeps reading.

use super::output::Output;
use super::session::AnyRecord;
use super::thinker::Thinker;
use super::ENGINE_NAME;
use crate::config::Config;
use crate::game::Color;
use crate::games::Variant;
use crate::search::{Clock, Info, Limits, Score};
use std::time::Duration;

/// Largest hash size offered, in MB (64 GB).
pub const MAX_HASH_MB: u64 = 65_536;
/// Most search threads offered.
pub const MAX_THREADS: usize = 256;

/// A UCI session.
pub struct Uci {
    record: AnyRecord,
    thinker: Thinker,
    hash_mb: u64,
    threads: usize,
    overhead_ms: u64,
    out: Output,
    /// The running search waits for `stop` (`go infinite`, `go ponder`).
    endless: bool,
    /// `position startpos` in Courier is the pre-ceremony array (option `CourierStart`).
    courier_array: bool,
}

/// One `info` line.
pub fn info_line(info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis(),
        info.pv.join(" ")
    )
}

impl Uci {
    /// A session playing the configured variant from its start.
    pub fn new(config: &Config, out: Output) -> Self {
        Uci {
            record: AnyRecord::start(config.variant),
            thinker: Thinker::new(config.hash_mb, config.threads),
            hash_mb: config.hash_mb,
            threads: config.threads,
            overhead_ms: config.move_overhead_ms,
            out,
            endless: false,
            courier_array: config.courier_start == "array",
        }
    }

    /// Answers `first` (the `uci` line), then every further line until `quit` or end of input.
    pub fn run(
        mut self,
        first: &str,
        lines: impl Iterator<Item = std::io::Result<String>>,
    ) -> std::io::Result<()> {
        self.handle(first)?;
        for line in lines {
            if !self.handle(&line?)? {
                // quit: a running search stops and still answers.
                self.thinker.stop();
                return Ok(());
            }
        }
        // End of input (a script piped in): a finite search is allowed to finish.
        if self.endless {
            self.thinker.stop();
        } else {
            self.thinker.wait();
        }
        Ok(())
    }

    fn say(&self, text: &str) -> std::io::Result<()> {
        self.out.line(text)
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> std::io::Result<bool> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return Ok(true);
        };
        match command {
            "uci" => {
                self.say(&format!("id name {ENGINE_NAME}"))?;
                self.say("id author the Kurier developers")?;
                let vars: String = Variant::ALL.iter().map(|v| format!(" var {v}")).collect();
                self.say(&format!(
                    "option name UCI_Variant type combo default {}{vars}",
                    self.record.variant()
                ))?;
                self.say(&format!(
                    "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                    self.hash_mb
                ))?;
                self.say(&format!(
                    "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                    self.threads
                ))?;
                self.say("option name Ponder type check default false")?;
                self.say(&format!(
                    "option name MoveOverhead type spin default {} min 0 max 5000",
                    self.overhead_ms
                ))?;
                self.say(&format!(
                    "option name CourierStart type combo default {} var ceremony var array",
                    if self.courier_array {
                        "array"
                    } else {
                        "ceremony"
                    }
                ))?;
                self.say("uciok")?;
            }
            "isready" => self.say("readyok")?,
            "setoption" => self.setoption(&words[1..])?,
            "ucinewgame" => {
                self.thinker.clear();
                self.record = AnyRecord::start_with(self.record.variant(), self.courier_array);
            }
            "position" => {
                self.thinker.stop();
                if let Err(e) = self.position(&words[1..]) {
                    self.say(&format!("info string error: {e}"))?;
                }
            }
            "go" => self.go(&words[1..])?,
            "stop" => self.thinker.stop(),
            "ponderhit" => self.thinker.ponderhit(),
            "d" => self.say(&format!("info string fen {}", self.record.fen()))?,
            "register" | "debug" => {}
            "quit" => return Ok(false),
            other => self.say(&format!("info string error: unknown command '{other}'"))?,
        }
        Ok(true)
    }

    fn setoption(&mut self, words: &[&str]) -> std::io::Result<()> {
        let text = words.join(" ");
        let Some((name, value)) = text
            .strip_prefix("name ")
            .and_then(|rest| rest.split_once(" value "))
        else {
            return self.say(&format!(
                "info string error: expected 'setoption name N value V', got '{text}'"
            ));
        };
        let (name, value) = (name.trim(), value.trim());
        let bad = |what: &str| format!("info string error: {name}: {what} '{value}'");
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match value.parse::<Variant>() {
                Ok(v) => {
                    self.thinker.stop();
                    self.record = AnyRecord::start_with(v, self.courier_array);
                    // As Fairy-Stockfish does, name the variant and its start.
                    self.say(&format!(
                        "info string variant {v} startpos {}",
                        self.record.fen()
                    ))?;
                }
                Err(e) => self.say(&format!("info string error: {e}"))?,
            },
            "hash" => match value.parse::<u64>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.hash_mb = mb;
                    self.thinker.configure(self.hash_mb, self.threads);
                }
                _ => self.say(&bad("expected 1 to 65536 MB, got"))?,
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.threads = n;
                    self.thinker.configure(self.hash_mb, self.threads);
                }
                _ => self.say(&bad("expected 1 to 256, got"))?,
            },
            "moveoverhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= 5000 => self.overhead_ms = ms,
                _ => self.say(&bad("expected 0 to 5000 ms, got"))?,
            },
            "ponder" => {}
            "courierstart" => match value {
                "ceremony" => self.courier_array = false,
                "array" => self.courier_array = true,
                _ => self.say(&bad("expected ceremony or array, got"))?,
            },
            _ => self.say(&format!("info string error: unknown option '{name}'"))?,
        }
        Ok(())
    }

    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let variant = self.record.variant();
        let moves_at = words.iter().position(|&w| w == "moves");
        let setup = &words[..moves_at.unwrap_or(words.len())];
        let mut record = match setup.split_first() {
            Some((&"startpos", [])) => AnyRecord::start_with(variant, self.courier_array),
            Some((&"fen", fen)) if !fen.is_empty() => AnyRecord::from_fen(variant, &fen.join(" "))?,
            _ => return Err("expected 'position startpos|fen FEN [moves ...]'".to_string()),
        };
        if let Some(i) = moves_at {
            for mv in &words[i + 1..] {
                record.play_text(mv)?;
            }
        }
        // Only a fully valid command changes the position.
        self.record = record;
        Ok(())
    }

    /// Parses `go`'s arguments into limits; the clock is the side to move's.
    fn limits(&self, words: &[&str]) -> Result<Limits, String> {
        let mut limits = Limits::default();
        let (mut time, mut inc) = ([None, None], [0u64, 0u64]);
        let mut moves_to_go = None;
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            let mut number = || -> Result<u64, String> {
                i += 1;
                let text = words.get(i).ok_or(format!("'{key}' needs a value"))?;
                // GUIs sometimes send negative times when a clock has run out: read them as 0.
                text.parse::<i64>()
                    .map(|n| n.max(0) as u64)
                    .map_err(|_| format!("'{key}': '{text}' is not a number"))
            };
            match key {
                "wtime" => time[0] = Some(number()?),
                "btime" => time[1] = Some(number()?),
                "winc" => inc[0] = number()?,
                "binc" => inc[1] = number()?,
                "movestogo" => moves_to_go = Some(number()? as u32),
                "depth" => limits.depth = Some(number()? as u32),
                "nodes" => limits.nodes = Some(number()?),
                "movetime" => limits.movetime = Some(Duration::from_millis(number()?)),
                "mate" => limits.depth = Some(2 * number()? as u32 + 1),
                "infinite" => limits.infinite = true,
                "ponder" => limits.ponder = true,
                "searchmoves" => {
                    return Err("searchmoves is not supported".to_string());
                }
                other => return Err(format!("unknown go argument '{other}'")),
            }
            i += 1;
        }
        let side = (self.record.side_to_move() == Color::Black) as usize;
        if let Some(t) = time[side] {
            limits.clock = Some(Clock {
                time_left: Duration::from_millis(t),
                increment: Duration::from_millis(inc[side]),
                moves_to_go,
                overhead: Duration::from_millis(self.overhead_ms),
            });
        }
        Ok(limits)
    }

    fn go(&mut self, words: &[&str]) -> std::io::Result<()> {
        if let ["perft", depth] = words {
            self.thinker.stop();
            return match depth.parse::<u32>() {
                Ok(d) => {
                    let split = self.record.divide(d, 1);
                    for (mv, n) in &split {
                        self.say(&format!("{mv}: {n}"))?;
                    }
                    self.say("")?;
                    let total: u64 = if d == 0 {
                        1
                    } else {
                        split.iter().map(|(_, n)| n).sum()
                    };
                    self.say(&format!("Nodes searched: {total}"))
                }
                Err(_) => self.say(&format!("info string error: bad perft depth '{depth}'")),
            };
        }
        let limits = match self.limits(words) {
            Ok(l) => l,
            Err(e) => {
                self.say(&format!("info string error: {e}; searching without limits"))?;
                Limits {
                    infinite: true,
                    ..Limits::default()
                }
            }
        };
        self.endless = limits.infinite || limits.ponder;
        let (info_out, done_out) = (self.out.clone(), self.out.clone());
        self.thinker.start(
            self.record.clone(),
            limits,
            move |info| {
                let _ = info_out.line(&info_line(info));
            },
            move |answer| {
                let text = match (answer.best, answer.ponder) {
                    (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                    (Some(b), None) => format!("bestmove {b}"),
                    (None, _) => "bestmove 0000".to_string(),
                };
                let _ = done_out.line(&text);
            },
        );
        Ok(())
    }
}
