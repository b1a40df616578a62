//! The engine's XBoard (CECP v2) session: the handshake with features and options, `new`,
//! `variant`, `force`, `go`, `playother`, `?`, `usermove` and bare moves, `undo`, `remove`,
//! `setboard`, `edit`, `level`, `st`, `sd`, `nps`, `time`/`otim`, `ping`, `draw`, `result`,
//! `hard`/`easy`, `post`/`nopost`, `analyze`/`exit`/`.`, `memory`, `cores`, `exclude`/`include`,
//! `option`, `hint`, `bk`, `quit`; thinking output and result claims by the rules of docs/rules.md.
//! Every line is read into an [`XboardCommand`] (an [`EditCommand`] in `edit` mode) and every
//! answer written as an [`XboardReply`] (`kurier_wire::xboard`).
//!
//! The game is shared with the search thread: when a search ends, its move is played and sent
//! under the same lock that user moves take, unless a later command (a `force`, `new`, `undo`,
//! ...) cancelled it — each search carries a generation number that cancelling bumps.

use super::edit::Editor;
use super::engine_options::{self, Effects, Notice};
use super::output::Output;
use super::session::AnyRecord;
use super::thinker::Thinker;
use super::xboard_host::XboardHost;
use super::xboard_referee;
use super::ENGINE_NAME;
use crate::options::{Opt, Options, MAX_HASH_MB, MAX_THREADS};
use crate::search::{Clock, Info, Limits};
use kurier_rules::game::{Color, Outcome};
use kurier_rules::games::Variant;
use kurier_wire::lines::LineError;
use kurier_wire::xboard::{
    EditCommand, Features, Selection, Setup, Stat01, Tell, Thinking, XboardCommand, XboardError,
    XboardReply,
};
use kurier_wire::{SearchLimits, TimeControl};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// XBoard's piece-to-character map and board for an engine-defined variant (`setup` command);
/// `None` for a variant XBoard knows natively (Courier: XBoard ignores a `setup` for it while it
/// tests legality, docs/protocols.md).
fn setup_reply(variant: Variant) -> Option<XboardReply> {
    let (pieces, fen) = match variant {
        Variant::Courier => return None,
        // Pieces in XBoard's internal order: P N B R Q F E A C W M O H I J G D V L S U K. The
        // bishop takes the cardinal's slot (drawn as a crowned bishop): on XBoard's bishop slot
        // a king and bishops count as no mating material, and XBoard 4.9.1 would call king and
        // bishop against king a draw (`MatingPotential`), which docs/rules.md S8 does not.
        Variant::Schachdame => (
            "P............B........Kp............b........k",
            kurier_rules::games::schachdame::START_FEN,
        ),
        // Men on XBoard's `M` slot and kings on `K`, so the letters match the game's FEN
        // (docs/rules.md D2). Full multi-leg capture support in XBoard is a later issue.
        Variant::DualCheckers => (
            "..........M..........K..........m..........k",
            kurier_rules::games::dual::START_FEN,
        ),
    };
    Some(XboardReply::Setup(Setup {
        pieces: Some(pieces.to_string()),
        board: Some("8x8+0_fairy".to_string()),
        fen: fen.to_string(),
    }))
}

/// `piece` descriptions so the GUI knows how the pieces move (direction before move type); none
/// for Courier, whose pieces XBoard knows.
fn piece_replies(variant: Variant) -> Vec<XboardReply> {
    let pieces: &[(&str, &str)] = match variant {
        Variant::Courier => &[],
        Variant::Schachdame => &[("P&", "fmFfcF"), ("B&", "B"), ("K&", "F")],
        // Quiet moves only (docs/rules.md D3, D8); the captures (D5, D8) have no Betza form XBoard
        // understands, so a GUI must play Dual checkers with legality testing off.
        Variant::DualCheckers => &[("M&", "fmF"), ("K&", "mB")],
    };
    pieces
        .iter()
        .map(|(piece, moves)| XboardReply::Piece {
            piece: piece.to_string(),
            moves: moves.to_string(),
        })
        .collect()
}

/// The features of the handshake's first line.
fn features() -> Features {
    Features {
        ping: Some(true),
        setboard: Some(true),
        usermove: Some(true),
        time: Some(true),
        draw: Some(true),
        sigint: Some(false),
        sigterm: Some(false),
        analyze: Some(true),
        memory: Some(true),
        smp: Some(true),
        colors: Some(false),
        name: Some(true),
        nps: Some(true),
        debug: Some(true),
        exclude: Some(true),
        myname: Some(ENGINE_NAME.to_string()),
        variants: Some(Variant::ALL.map(|v| v.name().to_string()).to_vec()),
        ..Features::default()
    }
}

/// An XBoard session.
pub struct XboardSession {
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
    /// The clock set by `level`.
    level: TimeControl,
    /// Our clock, from `time`.
    time: Option<Duration>,
    /// Depth (`sd`) and fixed time per move (`st`).
    search: SearchLimits,
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
    /// Said after the handshake (`feature done=1`): the table at start is not the size asked for.
    start_notice: Option<Notice>,
    /// Who the host is (the XBoard GUI or another program), from what it sends.
    host: XboardHost,
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

/// One thinking line: `ply score time nodes pv`.
fn thinking_reply(info: &Info) -> XboardReply {
    XboardReply::Thinking(Thinking {
        depth: info.depth,
        score: info.score,
        time: info.time,
        nodes: info.nodes,
        pv: info.pv.join(" "),
    })
}

/// The claim of a finished game.
fn result_reply(outcome: Outcome) -> XboardReply {
    XboardReply::from(outcome)
}

/// Which results the engine claims right after a move: those the host applies
/// ([`XboardHost::outcome`]: no Courier move-count draw away from the XBoard GUI, cutechess
/// plays on to its own limit), except, where the XBoard GUI tests claims between two engines, its own wins
/// that the GUI cannot see (a Courier bare king), which would count as false claims. The
/// loser's engine claims those, and a claim of one's own loss always stands (`xboard_referee`).
#[derive(Clone, Copy, Debug)]
struct ClaimPolicy {
    host: XboardHost,
    engine_side: Color,
}

impl ClaimPolicy {
    fn allows(self, game: &AnyRecord, outcome: Outcome) -> bool {
        let own_win = matches!(outcome, Outcome::Win { winner, .. } if winner == self.engine_side);
        self.host.applies(game.variant(), outcome)
            && !(self.host.tests_claims()
                && own_win
                && !xboard_referee::verifies_win(game, outcome))
    }
}

/// The root moves to search under the XBoard GUI: those of `roots` (all legal moves when
/// `None`) after which the GUI would not end the game against the rules
/// ([`xboard_referee::misjudged_moves`]); `None` when that leaves all or none of them.
fn refereed_roots(record: &AnyRecord, roots: Option<Vec<u32>>) -> Option<Vec<u32>> {
    let misjudged = xboard_referee::misjudged_moves(record);
    if misjudged.is_empty() {
        return roots;
    }
    let kept: Vec<u32> = match &roots {
        Some(ids) => ids.clone(),
        None => record.legal_ids(),
    }
    .into_iter()
    .filter(|id| !misjudged.contains(id))
    .collect();
    if kept.is_empty() {
        log::info!("every move would be misjudged by the XBoard GUI; playing as usual");
        return roots;
    }
    Some(kept)
}

impl XboardSession {
    /// A session playing the configured variant from its start.
    pub fn new(options: &Options, out: Output) -> Self {
        let mut thinker = Thinker::new(options.hash_mb, options.threads);
        let granted = thinker.hash_mb();
        let net_notice = engine_options::start_net(options, &mut thinker);
        let start_notice =
            engine_options::hash_notice(options.hash_mb, &Ok(granted), granted).or(net_notice);
        XboardSession {
            record: Arc::new(Mutex::new(AnyRecord::start_with(
                options.variant,
                options.courier_array(false),
            ))),
            thinker,
            out,
            generation: Arc::new(AtomicU64::new(0)),
            force: false,
            engine_side: Color::Black,
            analyzing: false,
            post: true,
            level: TimeControl::sudden_death(Duration::ZERO, Duration::ZERO),
            time: None,
            search: SearchLimits::default(),
            nps: None,
            options: Options {
                hash_mb: granted,
                ..options.clone()
            },
            variant_named: false,
            warned: false,
            excluded: Vec::new(),
            editor: None,
            last: Arc::new(Mutex::new(LastSearch::default())),
            start_notice,
            host: XboardHost::default(),
        }
    }

    /// Answers every line until `quit` or end of input.
    pub fn run(
        mut self,
        lines: impl Iterator<Item = Result<String, LineError>>,
    ) -> std::io::Result<()> {
        for line in lines {
            let line = match line {
                Ok(line) => line,
                Err(LineError::Io(e)) => return Err(e),
                Err(e @ LineError::TooLong { .. }) => {
                    self.refuse("line too long", &e.to_string())?;
                    continue;
                }
            };
            if !self.handle(&line)? {
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

    fn say(&self, reply: XboardReply) -> std::io::Result<()> {
        self.out.line(reply)
    }

    /// `Error (REASON): LINE`.
    fn refuse(&self, reason: impl std::fmt::Display, line: &str) -> std::io::Result<()> {
        self.say(XboardReply::Error {
            reason: reason.to_string(),
            command: line.to_string(),
        })
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
        let array = self.options.courier_array(self.host.is_gui());
        *self.game() = AnyRecord::start_with(variant, array);
        self.position_changed();
    }

    /// The game and the FEN of the current position (XBoard has no command that prints it;
    /// the fuzz target of whole sessions checks it).
    pub fn position(&self) -> (Variant, String) {
        let game = self.game();
        (game.variant(), game.fen())
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> std::io::Result<bool> {
        let line = line.trim();
        if self.editor.is_some() {
            self.edit(line)?;
            return Ok(true);
        }
        let command = match line.parse::<XboardCommand>() {
            Ok(c) => c,
            Err(XboardError::Empty) => return Ok(true),
            Err(e) => {
                self.refuse(e, line)?;
                return Ok(true);
            }
        };
        self.host.observe(&command);
        use XboardCommand as C;
        match command {
            C::Protover(_) => self.features()?,
            C::Ping(token) => {
                // A ping while the engine thinks on its move is answered after the move.
                if !self.analyzing {
                    self.thinker.wait_answer();
                }
                self.say(XboardReply::Pong(token))?;
            }
            C::New => {
                let variant = self.game().variant();
                self.start_game(variant);
                self.thinker.clear();
                self.variant_named = false;
                self.force = false;
                self.engine_side = Color::Black;
                self.search = SearchLimits::default();
                self.nps = None;
            }
            C::Variant(name) => match name.parse::<Variant>() {
                Ok(v) => {
                    self.start_game(v);
                    self.variant_named = true;
                    if let Some(setup) = setup_reply(v) {
                        self.say(setup)?;
                    }
                    for p in piece_replies(v) {
                        self.say(p)?;
                    }
                }
                Err(e) => self.refuse(e, line)?,
            },
            C::SetBoard(fen) => {
                self.cancel();
                let variant = self.game().variant();
                match AnyRecord::from_fen(variant, &fen) {
                    Ok(r) => {
                        *self.game() = r;
                        self.position_changed();
                    }
                    Err(e) => self.say(XboardReply::Tell(
                        Tell::UserError,
                        format!("Illegal position: {e}"),
                    ))?,
                }
                self.restart_analysis();
            }
            C::Edit => {
                self.cancel();
                let fen = self.game().fen();
                self.editor = Some(Editor::new(&fen));
            }
            C::UserMove(mv) | C::Move(mv) => self.user_move(&mv)?,
            C::Force => {
                self.cancel();
                self.force = true;
            }
            C::Go => {
                self.cancel();
                self.force = false;
                let side = self.game().side_to_move();
                self.engine_side = side;
                self.think()?;
            }
            C::PlayOther => {
                self.cancel();
                self.force = false;
                let side = self.game().side_to_move();
                self.engine_side = !side;
            }
            C::MoveNow => self.thinker.stop(),
            C::Undo => {
                self.cancel();
                self.game().undo();
                self.position_changed();
                self.restart_analysis();
            }
            C::Remove => {
                self.cancel();
                self.game().undo();
                self.game().undo();
                self.position_changed();
                self.restart_analysis();
            }
            C::Result { .. } => {
                self.cancel();
                self.force = true;
            }
            C::Draw => self.answer_draw()?,
            C::Hint => self.hint()?,
            // No opening book: the answer is an empty book list.
            C::Bk => {
                self.say(XboardReply::BookLine(
                    "Kurier has no opening book.".to_string(),
                ))?;
                self.say(XboardReply::BookEnd)?;
            }
            C::Hard => self.set(Opt::Ponder, |o| o.ponder = true)?,
            // Stops pondering, but never a search for a move.
            C::Easy => self.set(Opt::Ponder, |o| o.ponder = false)?,
            C::Level {
                moves,
                base,
                increment,
            } => {
                self.level = TimeControl::Clock {
                    moves,
                    base,
                    increment,
                };
                self.search.movetime = None;
            }
            C::St(t) => self.search.movetime = Some(t),
            C::Sd(d) => self.search.depth = Some(d.max(1)),
            C::Nps(n) => self.nps = (n > 0).then_some(n),
            C::Time(t) => self.time = Some(t),
            C::Otim(_) => {}
            C::Post => self.post = true,
            C::NoPost => self.post = false,
            C::Analyze => {
                self.cancel();
                self.analyzing = true;
                self.restart_analysis();
            }
            C::Exit => {
                self.cancel();
                self.analyzing = false;
            }
            C::Status => self.status()?,
            C::Exclude(which) => self.exclude(true, &which)?,
            C::Include(which) => self.exclude(false, &which)?,
            C::Memory(mb) => self.set(Opt::Hash, |o| o.hash_mb = mb.clamp(1, MAX_HASH_MB))?,
            C::Cores(n) => self.set(Opt::Threads, |o| o.threads = n.clamp(1, MAX_THREADS))?,
            C::Option { name, value } => {
                match self.options.set(&name, value.as_deref().unwrap_or("")) {
                    Ok(opt) => self.changed(opt)?,
                    Err(e) => self.refuse(e, line)?,
                }
            }
            C::Quit => return Ok(false),
            // Informational commands from the GUI need no answer (docs/protocols.md).
            C::Xboard
            | C::Accepted(_)
            | C::Rejected(_)
            | C::Random
            | C::Computer
            | C::Name(_)
            | C::Rating(_)
            | C::Ics(_) => {}
        }
        Ok(true)
    }

    /// The `feature` lines of the handshake, options from the shared table.
    fn features(&mut self) -> std::io::Result<()> {
        self.say(features().into())?;
        for option in engine_options::xboard_options(&self.options) {
            self.say(
                Features {
                    option: vec![option],
                    ..Features::default()
                }
                .into(),
            )?;
        }
        self.say(
            Features {
                done: Some(true),
                ..Features::default()
            }
            .into(),
        )?;
        match self.start_notice.take() {
            Some(notice) => self.tell(notice),
            None => Ok(()),
        }
    }

    /// `telluser TEXT`, or `tellusererror TEXT` for a refusal.
    fn tell(&self, notice: Notice) -> std::io::Result<()> {
        let kind = if notice.refused {
            Tell::UserError
        } else {
            Tell::User
        };
        self.say(XboardReply::Tell(kind, notice.text))
    }

    /// Sets an option by XBoard's own command (`memory`, `cores`, `hard`, `easy`) and applies it.
    fn set(&mut self, opt: Opt, set: impl FnOnce(&mut Options)) -> std::io::Result<()> {
        set(&mut self.options);
        self.changed(opt)
    }

    /// Applies the side effects of a changed option.
    fn changed(&mut self, opt: Opt) -> std::io::Result<()> {
        let options = self.options.clone();
        engine_options::apply(opt, &options, self)
    }

    /// `draw`: accepted when the engine stands clearly worse or the game is dead drawn,
    /// declined (by playing on) otherwise.
    fn answer_draw(&mut self) -> std::io::Result<()> {
        let score = self.last().score;
        let dead = self
            .host
            .outcome(&self.game())
            .is_some_and(|o| matches!(o, Outcome::Draw(_)));
        if dead || score <= ACCEPT_DRAW_BELOW {
            self.say(XboardReply::OfferDraw)?;
        }
        Ok(())
    }

    fn last(&self) -> MutexGuard<'_, LastSearch> {
        self.last.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `hint`: the reply the last search expected, if it is legal now; else a short search.
    fn hint(&mut self) -> std::io::Result<()> {
        let expected = self.last().ponder.clone();
        let hint = match expected.filter(|m| self.game().is_legal(m)) {
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
            Some(m) => self.say(XboardReply::Hint(m)),
            None => Ok(()),
        }
    }

    /// `.` in analysis: `stat01: time nodes ply mvleft mvtot mvname` from the last report.
    fn status(&self) -> std::io::Result<()> {
        if !self.analyzing {
            return Ok(());
        }
        let info = self.last().info.clone();
        let total = u32::try_from(self.game().move_count()).unwrap_or(u32::MAX);
        let status = match info {
            Some(i) => Stat01 {
                time: i.time,
                nodes: i.nodes,
                depth: i.depth,
                left: 0,
                total,
                mv: i.pv.first().cloned(),
            },
            None => Stat01 {
                time: Duration::ZERO,
                nodes: 0,
                depth: 0,
                left: 0,
                total,
                mv: None,
            },
        };
        self.say(XboardReply::Stat01(status))
    }

    /// `exclude MOVE|all`, `include MOVE|all`: which root moves analysis and play consider.
    fn exclude(&mut self, exclude: bool, which: &Selection) -> std::io::Result<()> {
        let ids = match which {
            Selection::All => Ok(self.game().legal_ids()),
            Selection::Move(mv) => self.game().move_ids(&[mv]),
        };
        let ids = match ids {
            Ok(ids) => ids,
            Err(e) => {
                return self.say(XboardReply::IllegalMove {
                    reason: Some(e.to_string()),
                    mv: which.to_string(),
                })
            }
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
        let command = match line.parse::<EditCommand>() {
            Ok(EditCommand::Done) => None,
            Ok(c) => Some(editor.command(&c).map_err(|e| e.to_string())),
            Err(e) => Some(Err(e.to_string())),
        };
        match command {
            Some(Ok(())) => return Ok(()),
            Some(Err(e)) => return self.refuse(e, line),
            None => {}
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
            Err(e) => self.say(XboardReply::Tell(
                Tell::UserError,
                format!("Illegal position: {e}"),
            ))?,
        }
        self.restart_analysis();
        Ok(())
    }

    /// Whether the engine claims `outcome` now ([`ClaimPolicy`]).
    fn claims(&self, game: &AnyRecord, outcome: Outcome) -> bool {
        ClaimPolicy {
            host: self.host,
            engine_side: self.engine_side,
        }
        .allows(game, outcome)
    }

    fn user_move(&mut self, text: &str) -> std::io::Result<()> {
        self.cancel();
        // Through XBoard a long Dual-checkers capture may arrive in a relayed form (relay.rs).
        let played = self.game().play_relayed(text);
        match played {
            Ok(()) => {
                self.position_changed();
                // A move-count draw the host does not apply is played on (`XboardHost`).
                let outcome = self.host.outcome(&self.game());
                if let Some(outcome) = outcome {
                    // A win the GUI cannot see is left to the loser's claim (xboard_referee).
                    if self.claims(&self.game(), outcome) {
                        self.say(result_reply(outcome))?;
                    }
                } else if self.analyzing {
                    self.restart_analysis();
                } else {
                    self.think()?;
                }
            }
            Err(e) => self.say(XboardReply::IllegalMove {
                reason: Some(e.to_string()),
                mv: text.to_string(),
            })?,
        }
        Ok(())
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.search.depth,
            root_moves: self.root_moves(),
            ..Limits::default()
        };
        let overhead = Duration::from_millis(self.options.move_overhead_ms);
        if let Some(st) = self.search.movetime {
            limits.movetime = Some(st.saturating_sub(overhead).max(Duration::from_millis(1)));
        } else if let Some(time) = self.time {
            let played = self.game().moves_played() as u32 / 2;
            limits.clock = Some(Clock {
                time_left: time,
                increment: self.level.increment(),
                moves_to_go: self.level.moves_to_go(played),
                overhead,
            });
        } else if self.search.depth.is_none() {
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
            self.say(XboardReply::Tell(
                Tell::UserError,
                format!(
                    "Kurier does not play normal chess; it plays {} (choose one with -variant). Playing {} now.",
                    Variant::names(),
                    record.variant()
                ),
            ))?;
        }
        if let Some(outcome) = self.host.outcome(&record) {
            return self.say(result_reply(outcome));
        }
        let mut limits = self.limits();
        if self.host.is_gui() {
            limits.root_moves = refereed_roots(&record, limits.root_moves.take());
        }
        let claims = ClaimPolicy {
            host: self.host,
            engine_side: self.engine_side,
        };
        let generation = self.generation.load(Ordering::SeqCst);
        let (info_out, done_out) = (self.out.clone(), self.out.clone());
        let post = self.post;
        let ponder = self.options.ponder;
        let short_captures = self.options.xboard_short_captures;
        let (shared, generations) = (Arc::clone(&self.record), Arc::clone(&self.generation));
        let (last_info, last_done) = (Arc::clone(&self.last), Arc::clone(&self.last));
        self.thinker.start(
            record,
            limits,
            move |info| {
                last_info.lock().unwrap_or_else(|e| e.into_inner()).info = Some(info.clone());
                if post {
                    let _ = info_out.line(thinking_reply(info));
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
                    if let Some(outcome) = game.outcome() {
                        let _ = done_out.line(result_reply(outcome));
                    }
                    return None;
                };
                // Long Dual captures in the form XBoard 4.9.1 relays intact (relay.rs), unless
                // the option asks for the full comma-leg path.
                let sent = if short_captures {
                    match game.legal_moves() {
                        Some(legal) => kurier_wire::relay::xboard_form(&mv, &legal),
                        // Too many moves to prove the short form names one: the full path.
                        None => mv.clone(),
                    }
                } else {
                    mv.clone()
                };
                if game.play_text(&mv).is_err() {
                    return None;
                }
                let _ = done_out.line(XboardReply::Move(sent));
                if let Some(outcome) = claims.host.outcome(&game) {
                    if claims.allows(&game, outcome) {
                        let _ = done_out.line(result_reply(outcome));
                    }
                    return None;
                }
                // Pondering (`hard`): think on after the expected reply; the next user move
                // stops it, and the table keeps what it found.
                let reply = answer.ponder.filter(|_| ponder)?;
                let mut next = game.clone();
                next.play_text(&reply).ok()?;
                claims.host.outcome(&next).is_none().then_some(next)
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
        if self.host.outcome(&record).is_some() {
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
                let _ = out.line(thinking_reply(info));
            },
            |_| None,
        );
    }
}

impl Effects for XboardSession {
    fn stop_search(&mut self) {
        self.cancel();
    }

    fn thinker(&mut self) -> &mut Thinker {
        &mut self.thinker
    }

    fn restart_game(&mut self, variant: Variant) -> std::io::Result<()> {
        self.start_game(variant);
        Ok(())
    }

    fn stop_pondering(&mut self) {
        if self.thinker.answered() {
            self.cancel();
        }
    }

    fn hash_is(&mut self, mb: u64) {
        self.options.hash_mb = mb;
    }

    fn notify(&mut self, notice: Notice) -> std::io::Result<()> {
        self.tell(notice)
    }
}
