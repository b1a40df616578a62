//! UCI (with the Fairy-Stockfish conventions for variants): `uci`, `isready`, `setoption` (every
//! option of [`crate::options`]: `UCI_Variant`, `Hash`, `Threads`, `Ponder`, `MultiPV`,
//! `Move Overhead`, `CourierStart`, `LogLevel`), `ucinewgame`, `position startpos|fen ...
//! [moves ...]`, `go` with every limit (`depth`, `nodes`, `movetime`, `wtime`/`btime`/`winc`/
//! `binc`/`movestogo`, `infinite`, `ponder`, `searchmoves`, `mate`) and `go perft N`, `stop`,
//! `ponderhit`, `d`, `quit`. The search runs on its own thread; the loop keeps reading.
//!
//! The `vampirc-uci` crate parses the single-word commands and writes `id`, `option`, `uciok`,
//! `readyok` and `info string`; it cannot read these games' moves or some `go` lines
//! (PROTOCOLS.md), so `position`, `go` and `setoption` have their own parser here.

use super::output::Output;
use super::session::AnyRecord;
use super::thinker::Thinker;
use super::ENGINE_NAME;
use crate::options::{Kind, Opt, Options};
use crate::search::{Clock, Info, Limits, Score};
use kurier_rules::game::Color;
use std::time::Duration;
use vampirc_uci::{UciMessage, UciOptionConfig};

/// The keywords handed to the `vampirc-uci` parser: single words it reads correctly. Everything
/// with arguments it can misread (12-file moves, `go`, `position`, `setoption` values) goes
/// through this module's own parser instead (PROTOCOLS.md, pinned in `tests/vampirc.rs`).
const VAMPIRC_KEYWORDS: [&str; 6] = ["uci", "isready", "ucinewgame", "stop", "ponderhit", "quit"];

/// A UCI command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`.
    Uci,
    /// `isready`.
    IsReady,
    /// `ucinewgame`.
    NewGame,
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `setoption name N [value V]`.
    SetOption(Vec<String>),
    /// `position ...`.
    Position(Vec<String>),
    /// `go ...`.
    Go(Vec<String>),
    /// `d`: print the position (a debugging aid, as Stockfish has).
    Display,
    /// `debug`, `register`: accepted, nothing to do.
    Ignored,
    /// Anything else.
    Unknown(String),
}

/// Reads one line into a [`Command`]; `None` for a blank line.
pub fn parse_command(line: &str) -> Option<Command> {
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    let (first, rest) = words.split_first()?;
    let rest = rest.to_vec();
    if rest.is_empty() && VAMPIRC_KEYWORDS.contains(&first.as_str()) {
        return Some(match vampirc_uci::parse_one(first) {
            UciMessage::Uci => Command::Uci,
            UciMessage::IsReady => Command::IsReady,
            UciMessage::UciNewGame => Command::NewGame,
            UciMessage::Stop => Command::Stop,
            UciMessage::PonderHit => Command::PonderHit,
            UciMessage::Quit => Command::Quit,
            _ => Command::Unknown(first.clone()),
        });
    }
    Some(match first.as_str() {
        "setoption" => Command::SetOption(rest),
        "position" => Command::Position(rest),
        "go" => Command::Go(rest),
        "d" => Command::Display,
        "debug" | "register" => Command::Ignored,
        // A known keyword with words after it that it does not take: answered as unknown
        // rather than guessed at.
        _ => Command::Unknown(line.trim().to_string()),
    })
}

/// An option as `vampirc-uci` writes it (`option name Hash type spin default 64 min 1 max ...`).
fn option_message(options: &Options, opt: Opt) -> UciOptionConfig {
    let (name, value) = (opt.name().to_string(), options.value(opt));
    match opt.kind() {
        Kind::Spin { min, max } => UciOptionConfig::Spin {
            name,
            default: value.parse().ok(),
            min: Some(min as i64),
            max: Some(max as i64),
        },
        Kind::Check => UciOptionConfig::Check {
            name,
            default: Some(value == "true"),
        },
        Kind::Combo(choices) => UciOptionConfig::Combo {
            name,
            default: Some(value),
            var: choices.iter().map(|c| c.to_string()).collect(),
        },
    }
}

/// The words of `go` that take or are arguments (where a `searchmoves` list ends).
const GO_KEYWORDS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// A UCI session.
pub struct Uci {
    record: AnyRecord,
    thinker: Thinker,
    options: Options,
    out: Output,
    /// The running search waits for `stop` (`go infinite`, `go ponder`).
    endless: bool,
}

/// One `info` line.
pub fn info_line(info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv.max(1),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis(),
        info.pv.join(" ")
    )
}

impl Uci {
    /// A session playing the configured variant from its start.
    pub fn new(options: &Options, out: Output) -> Self {
        Uci {
            record: AnyRecord::start_with(options.variant, options.courier_array()),
            thinker: Thinker::new(options.hash_mb, options.threads),
            options: options.clone(),
            out,
            endless: false,
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

    fn error(&self, text: &str) -> std::io::Result<()> {
        self.say(&UciMessage::info_string(format!("error: {text}")).to_string())
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> std::io::Result<bool> {
        let Some(command) = parse_command(line) else {
            return Ok(true);
        };
        match command {
            Command::Uci => {
                self.say(&UciMessage::id_name(ENGINE_NAME).to_string())?;
                self.say(&UciMessage::id_author("the Kurier developers").to_string())?;
                for opt in Opt::ALL {
                    let message = UciMessage::Option(option_message(&self.options, opt));
                    self.say(&message.to_string())?;
                }
                self.say(&UciMessage::UciOk.to_string())?;
            }
            Command::IsReady => self.say(&UciMessage::ReadyOk.to_string())?,
            Command::SetOption(words) => self.setoption(&words)?,
            Command::NewGame => {
                self.thinker.clear();
                self.record =
                    AnyRecord::start_with(self.record.variant(), self.options.courier_array());
            }
            Command::Position(words) => {
                self.thinker.stop();
                if let Err(e) = self.position(&words) {
                    self.error(&e)?;
                }
            }
            Command::Go(words) => self.go(&words)?,
            Command::Stop => self.thinker.stop(),
            Command::PonderHit => self.thinker.ponderhit(),
            Command::Display => self.say(&format!("info string fen {}", self.record.fen()))?,
            Command::Ignored => {}
            Command::Quit => return Ok(false),
            Command::Unknown(text) => self.error(&format!("unknown command '{text}'"))?,
        }
        Ok(true)
    }

    fn setoption(&mut self, words: &[String]) -> std::io::Result<()> {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return self.error(&format!(
                "expected 'setoption name N value V', got '{text}'"
            ));
        };
        // `value` may be missing for a button; no option of Kurier is one.
        let (name, value) = rest.split_once(" value ").unwrap_or((rest, ""));
        let (name, value) = (name.trim(), value.trim());
        match self.options.set(name, value) {
            Ok(Opt::Variant) => {
                self.thinker.stop();
                self.record =
                    AnyRecord::start_with(self.options.variant, self.options.courier_array());
                // As Fairy-Stockfish does, name the variant and its start.
                self.say(&format!(
                    "info string variant {} startpos {}",
                    self.options.variant,
                    self.record.fen()
                ))
            }
            Ok(Opt::Hash | Opt::Threads) => {
                self.thinker
                    .configure(self.options.hash_mb, self.options.threads);
                Ok(())
            }
            Ok(Opt::LogLevel) => {
                log::set_max_level(self.options.log_level);
                Ok(())
            }
            Ok(_) => Ok(()),
            Err(e) => self.error(&e.to_string()),
        }
    }

    fn position(&mut self, words: &[String]) -> Result<(), String> {
        let variant = self.record.variant();
        let moves_at = words.iter().position(|w| w == "moves");
        let setup = &words[..moves_at.unwrap_or(words.len())];
        let mut record = match setup.split_first() {
            Some((first, [])) if first == "startpos" => {
                AnyRecord::start_with(variant, self.options.courier_array())
            }
            Some((first, fen)) if first == "fen" && !fen.is_empty() => {
                AnyRecord::from_fen(variant, &fen.join(" "))?
            }
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
    fn limits(&self, words: &[String]) -> Result<Limits, String> {
        let mut limits = Limits {
            multipv: self.options.multipv,
            ..Limits::default()
        };
        let (mut time, mut inc) = ([None, None], [0u64, 0u64]);
        let mut moves_to_go = None;
        let mut i = 0;
        while i < words.len() {
            let key = words[i].as_str();
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
                "mate" => limits.depth = Some(2 * number()?.min(500) as u32 + 1),
                "infinite" => limits.infinite = true,
                "ponder" => limits.ponder = true,
                "searchmoves" => {
                    // The moves run to the next keyword or the end of the line.
                    let mut texts = Vec::new();
                    while let Some(w) = words
                        .get(i + 1)
                        .filter(|w| !GO_KEYWORDS.contains(&w.as_str()))
                    {
                        texts.push(w.as_str());
                        i += 1;
                    }
                    limits.root_moves = Some(self.record.move_ids(&texts)?);
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
                overhead: Duration::from_millis(self.options.move_overhead_ms),
            });
        }
        Ok(limits)
    }

    fn go(&mut self, words: &[String]) -> std::io::Result<()> {
        match words {
            [perft, depth] if perft == "perft" => self.perft(depth),
            _ => self.go_search(words),
        }
    }

    /// `go perft N`: `move: count` per root move, then `Nodes searched: N`, as Fairy-Stockfish.
    fn perft(&mut self, depth: &str) -> std::io::Result<()> {
        self.thinker.stop();
        let Ok(d) = depth.parse::<u32>() else {
            return self.error(&format!("bad perft depth '{depth}'"));
        };
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

    fn go_search(&mut self, words: &[String]) -> std::io::Result<()> {
        let limits = match self.limits(words) {
            Ok(l) => l,
            Err(e) => {
                self.error(&format!("{e}; searching without limits"))?;
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
                None
            },
        );
        Ok(())
    }
}
