//! XBoard (CECP v2): the handshake with features and options, `new`, `variant`, `force`, `go`,
//! `playother`, `?`, `usermove` and bare moves, `undo`, `remove`, `setboard`, `edit`, `level`,
//! `st`, `sd`, `nps`, `time`/`otim`, `ping`, `draw`, `result`, `hard`/`easy`, `post`/`nopost`,
//! `analyze`/`exit`/`.`, `memory`, `cores`, `exclude`/`include`, `option`, `hint`, `bk`,
//! `quit`; thinking output and result claims by the rules of RULES.md.
//!
//! The game is shared with the search thread: when a search ends, its move is played and sent
//! under the same lock that user moves take, unless a later command (a `force`, `new`, `undo`,
//! ...) cancelled it — each search carries a generation number that cancelling bumps.

use super::edit::Editor;
use super::output::Output;
use super::session::AnyRecord;
use super::thinker::Thinker;
use super::ENGINE_NAME;
use crate::options::{Opt, Options, MAX_HASH_MB, MAX_THREADS};
use crate::search::{Clock, Info, Limits, Score};
use kurier_rules::game::Color;
use kurier_rules::games::Variant;
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
            kurier_rules::games::schachdame::START_FEN
        ),
        // Men on XBoard's `M` slot and kings on `K`, so the letters match the game's FEN
        // (RULES.md D2). Full multi-leg capture support in XBoard is a later issue.
        Variant::DualCheckers => format!(
            "setup (..........M..........K..........m..........k) 8x8+0_fairy {}",
            kurier_rules::games::dual::START_FEN
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
    /// Nodes per second to play at (`nps`): time limits become node limits.
    nps: Option<u64>,
    /// Option values (the table shared with UCI and engine.toml).
    options: Options,
    /// A `variant` command came since the last `new`; without one the GUI wants plain chess.
    variant_named: bool,
    /// The user was told that Kurier does not play plain chess.
    warned: bool,
    /// Root moves left out by `exclude`, by search id (cleared whenever the position changes).
    excluded: Vec<u32>,
    /// `edit` mode: the board being set up.
    editor: Option<Editor>,
    /// The last search's score and expected reply, for `draw` and `hint`.
    last: Arc<Mutex<LastSearch>>,
}

/// What the last search for a move found.
#[derive(Clone, Debug, Default)]
struct LastSearch {
    /// Score from the engine's side, centipawns (mates far beyond).
    score: i32,
    /// The reply it expects, in protocol notation.
    ponder: Option<String>,
    /// The last thinking report, for `.` in analysis.
    info: Option<Info>,
}

/// Scores at or below this (centipawns, from the engine's side) make a draw offer welcome.
const ACCEPT_DRAW_BELOW: i32 = -100;

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
    pub fn new(options: &Options, out: Output) -> Self {
        XBoard {
            record: Arc::new(Mutex::new(AnyRecord::start_with(
                options.variant,
                options.courier_array(),
            ))),
            thinker: Thinker::new(options.hash_mb, options.threads),
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
            nps: None,
            options: options.clone(),
            variant_named: false,
            warned: false,
            excluded: Vec::new(),
            editor: None,
            last: Arc::new(Mutex::new(LastSearch::default())),
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
        if !self.analyzing {
            self.thinker.wait_answer();
        }
        self.cancel();
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

    /// The position changed: `exclude` lists no longer apply.
    fn position_changed(&mut self) {
        self.excluded.clear();
    }

    /// Starts a new game of `variant` from its start.
    fn start_game(&mut self, variant: Variant) {
        self.cancel();
        *self.game() = AnyRecord::start_with(variant, self.options.courier_array());
        self.position_changed();
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> std::io::Result<bool> {
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if self.editor.is_some() {
            self.edit(line)?;
            return Ok(true);
        }
        match command {
            "" => {}
            "protover" => self.features()?,
            "ping" => {
                // A ping while the engine thinks on its move is answered after the move.
                if !self.analyzing {
                    self.thinker.wait_answer();
                }
                self.say(&format!("pong {rest}"))?;
            }
            "new" => {
                let variant = self.game().variant();
                self.start_game(variant);
                self.thinker.clear();
                self.variant_named = false;
                self.force = false;
                self.engine_side = Color::Black;
                self.sd = None;
                self.st = None;
                self.nps = None;
            }
            "variant" => match rest.parse::<Variant>() {
                Ok(v) => {
                    self.start_game(v);
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
                    Ok(r) => {
                        *self.game() = r;
                        self.position_changed();
                    }
                    Err(e) => self.say(&format!("tellusererror Illegal position: {e}"))?,
                }
                self.restart_analysis();
            }
            "edit" => {
                self.cancel();
                let fen = self.game().fen();
                self.editor = Some(Editor::new(&fen));
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
                self.position_changed();
                self.restart_analysis();
            }
            "remove" => {
                self.cancel();
                self.game().undo();
                self.game().undo();
                self.position_changed();
                self.restart_analysis();
            }
            "result" => {
                self.cancel();
                self.force = true;
            }
            "draw" => self.answer_draw()?,
            "hint" => self.hint()?,
            // No opening book: the answer is an empty book list.
            "bk" => {
                self.say("\tKurier has no opening book.")?;
                self.say("")?;
            }
            "hard" => self.options.ponder = true,
            "easy" => {
                self.options.ponder = false;
                // Stop pondering, but never a search for a move.
                if self.thinker.answered() {
                    self.cancel();
                }
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
            "nps" => match rest.parse::<u64>() {
                Ok(0) => self.nps = None,
                Ok(n) => self.nps = Some(n),
                Err(_) => self.say(&format!("Error (bad number): {line}"))?,
            },
            "time" => match rest.parse::<i64>() {
                Ok(cs) => self.time = Some(Duration::from_millis(cs.clamp(0, 1 << 40) as u64 * 10)),
                Err(_) => self.say(&format!("Error (bad time): {line}"))?,
            },
            "otim" => {
                if rest.parse::<i64>().is_err() {
                    self.say(&format!("Error (bad time): {line}"))?;
                }
            }
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
            "." => self.status()?,
            "exclude" | "include" => self.exclude(command == "exclude", rest)?,
            "memory" => match rest.parse::<u64>() {
                Ok(mb) => {
                    self.options.hash_mb = mb.clamp(1, MAX_HASH_MB);
                    self.reconfigure();
                }
                Err(_) => self.say(&format!("Error (bad size): {line}"))?,
            },
            "cores" => match rest.parse::<usize>() {
                Ok(n) => {
                    self.options.threads = n.clamp(1, MAX_THREADS);
                    self.reconfigure();
                }
                Err(_) => self.say(&format!("Error (bad count): {line}"))?,
            },
            "option" => self.option(rest, line)?,
            "quit" => return Ok(false),
            // Informational commands from the GUI need no answer (PROTOCOLS.md).
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "otim:" => {}
            _ if looks_like_move(command) && rest.is_empty() => self.user_move(command)?,
            _ => self.say(&format!("Error (unknown command): {line}"))?,
        }
        Ok(true)
    }

    /// The `feature` lines of the handshake, options from the shared table.
    fn features(&self) -> std::io::Result<()> {
        self.say(&format!(
            "feature ping=1 setboard=1 usermove=1 time=1 draw=1 sigint=0 sigterm=0 \
             analyze=1 memory=1 smp=1 colors=0 name=1 nps=1 debug=1 exclude=1 \
             myname=\"{ENGINE_NAME}\" variants=\"{}\"",
            Variant::names()
        ))?;
        for line in self.options.xboard_features() {
            self.say(&line)?;
        }
        self.say("feature done=1")
    }

    /// `option NAME=VALUE` (or `option NAME` for a button, which Kurier has none of).
    fn option(&mut self, rest: &str, line: &str) -> std::io::Result<()> {
        let (name, value) = rest.split_once('=').unwrap_or((rest, ""));
        match self.options.set(name, value) {
            Ok(Opt::Hash | Opt::Threads) => self.reconfigure(),
            Ok(Opt::Variant) => {
                let v = self.options.variant;
                self.start_game(v);
            }
            Ok(Opt::Ponder) if !self.options.ponder && self.thinker.answered() => self.cancel(),
            Ok(Opt::LogLevel) => log::set_max_level(self.options.log_level),
            Ok(_) => {}
            Err(e) => self.say(&format!("Error ({e}): {line}"))?,
        }
        Ok(())
    }

    /// A new table size or thread count (the table starts empty).
    fn reconfigure(&mut self) {
        self.cancel();
        self.thinker
            .configure(self.options.hash_mb, self.options.threads);
    }

    /// `draw`: accepted when the engine stands clearly worse or the game is dead drawn,
    /// declined (by playing on) otherwise.
    fn answer_draw(&mut self) -> std::io::Result<()> {
        let score = self.last().score;
        let dead = self
            .game()
            .result()
            .is_some_and(|r| r.starts_with("1/2-1/2"));
        if dead || score <= ACCEPT_DRAW_BELOW {
            self.say("offer draw")?;
        }
        Ok(())
    }

    fn last(&self) -> MutexGuard<'_, LastSearch> {
        self.last.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `hint`: the reply the last search expected, if it is legal now; else a short search.
    fn hint(&mut self) -> std::io::Result<()> {
        let expected = self.last().ponder.clone();
        let legal = self.game().legal_moves();
        let hint = match expected.filter(|m| legal.contains(m)) {
            Some(m) => Some(m),
            None if !self.thinker.busy() => {
                let record = self.game().clone();
                let searcher = crate::search::Searcher::new(1, 1);
                let limits = Limits {
                    movetime: Some(Duration::from_millis(100)),
                    ..Limits::default()
                };
                record.search(&searcher, &limits, &mut |_| {}).best
            }
            None => None,
        };
        match hint {
            Some(m) => self.say(&format!("Hint: {m}")),
            None => Ok(()),
        }
    }

    /// `.` in analysis: `stat01: time nodes ply mvleft mvtot mvname` from the last report.
    fn status(&self) -> std::io::Result<()> {
        if !self.analyzing {
            return Ok(());
        }
        let info = self.last().info.clone();
        let total = self.game().legal_moves().len();
        match info {
            Some(i) => self.say(&format!(
                "stat01: {} {} {} 0 {total} {}",
                i.time.as_millis() / 10,
                i.nodes,
                i.depth,
                i.pv.first().map_or("", String::as_str)
            )),
            None => self.say(&format!("stat01: 0 0 0 0 {total}")),
        }
    }

    /// `exclude MOVE|all`, `include MOVE|all`: which root moves analysis and play consider.
    fn exclude(&mut self, exclude: bool, rest: &str) -> std::io::Result<()> {
        let ids = if rest == "all" {
            Ok(self.game().legal_ids())
        } else {
            self.game().move_ids(&[rest])
        };
        let ids = match ids {
            Ok(ids) => ids,
            Err(e) => return self.say(&format!("Illegal move ({e}): {rest}")),
        };
        self.excluded.retain(|id| !ids.contains(id));
        if exclude {
            self.excluded.extend(ids);
        }
        self.restart_analysis();
        Ok(())
    }

    /// The root moves to search: the legal moves not excluded (`None`: no restriction).
    fn root_moves(&self) -> Option<Vec<u32>> {
        if self.excluded.is_empty() {
            return None;
        }
        let ids = self.game().legal_ids();
        Some(
            ids.into_iter()
                .filter(|id| !self.excluded.contains(id))
                .collect(),
        )
    }

    /// A line in `edit` mode.
    fn edit(&mut self, line: &str) -> std::io::Result<()> {
        let Some(editor) = self.editor.as_mut() else {
            return Ok(());
        };
        if line != "." {
            if let Err(e) = editor.command(line) {
                return self.say(&format!("Error ({e}): {line}"));
            }
            return Ok(());
        }
        let side = self.game().side_to_move();
        let Some(editor) = self.editor.take() else {
            return Ok(());
        };
        let variant = self.game().variant();
        match AnyRecord::from_fen(variant, &editor.fen(side)) {
            Ok(r) => {
                *self.game() = r;
                self.position_changed();
            }
            Err(e) => self.say(&format!("tellusererror Illegal position: {e}"))?,
        }
        self.restart_analysis();
        Ok(())
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
        // Through XBoard a long Dual-checkers capture may arrive in a relayed form (relay.rs).
        let played = self.game().play_relayed(text);
        match played {
            Ok(()) => {
                self.position_changed();
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
            root_moves: self.root_moves(),
            ..Limits::default()
        };
        let overhead = Duration::from_millis(self.options.move_overhead_ms);
        if let Some(st) = self.st {
            limits.movetime = Some(st.saturating_sub(overhead).max(Duration::from_millis(1)));
        } else if let Some(time) = self.time {
            let played = self.game().moves_played() as u32 / 2;
            limits.clock = Some(Clock {
                time_left: time,
                increment: self.level.increment,
                moves_to_go: (self.level.moves > 0)
                    .then(|| self.level.moves - played % self.level.moves),
                overhead,
            });
        } else if self.sd.is_none() {
            // No clock known: a modest fixed time rather than forever.
            limits.movetime = Some(Duration::from_secs(5));
        }
        // `nps`: the time the engine may use becomes a node budget (the GUI's clock then
        // counts nodes, not seconds).
        if let Some(nps) = self.nps {
            if let Some(budget) = limits.budget() {
                limits.nodes = Some((nps as f64 * budget.soft.as_secs_f64()).max(1.0) as u64);
                limits.movetime = None;
                limits.clock = None;
            }
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
        let ponder = self.options.ponder;
        let (shared, generations) = (Arc::clone(&self.record), Arc::clone(&self.generation));
        let (last_info, last_done) = (Arc::clone(&self.last), Arc::clone(&self.last));
        self.thinker.start(
            record,
            limits,
            move |info| {
                last_info.lock().unwrap_or_else(|e| e.into_inner()).info = Some(info.clone());
                if post {
                    let _ = info_out.line(&thinking_line(info));
                }
            },
            move |answer| {
                let mut game = shared.lock().unwrap_or_else(|e| e.into_inner());
                if generations.load(Ordering::SeqCst) != generation {
                    return None;
                }
                {
                    let mut last = last_done.lock().unwrap_or_else(|e| e.into_inner());
                    last.score = answer.score;
                    last.ponder = answer.ponder.clone();
                }
                let Some(mv) = answer.best else {
                    if let Some(result) = game.result() {
                        let _ = done_out.line(&result);
                    }
                    return None;
                };
                // Long Dual captures in the form XBoard 4.9.1 relays intact (relay.rs).
                let sent = kurier_wire::relay::xboard_form(&mv, &game.legal_moves());
                if game.play_text(&mv).is_err() {
                    return None;
                }
                let _ = done_out.line(&format!("move {sent}"));
                if let Some(result) = game.result() {
                    let _ = done_out.line(&result);
                    return None;
                }
                // Pondering (`hard`): think on after the expected reply; the next user move
                // stops it, and the table keeps what it found.
                let reply = answer.ponder.filter(|_| ponder)?;
                let mut next = game.clone();
                next.play_text(&reply).ok()?;
                next.result().is_none().then_some(next)
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
        let last = Arc::clone(&self.last);
        self.thinker.start(
            record,
            Limits {
                infinite: true,
                root_moves: self.root_moves(),
                multipv: self.options.multipv,
                ..Limits::default()
            },
            move |info| {
                last.lock().unwrap_or_else(|e| e.into_inner()).info = Some(info.clone());
                let _ = out.line(&thinking_line(info));
            },
            |_| None,
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
