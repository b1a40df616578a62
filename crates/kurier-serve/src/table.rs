//! One game on the server: its position and moves, who plays each side, Kurier's limits, the
//! clocks and the result, and Kurier's search thread. Every change sends the new view to the
//! game's listeners ([`crate::events`]) and starts Kurier thinking when it is to move.
//!
//! The game is generic over its rules ([`GameState`]); the server holds it as a [`Table`], the
//! one trait object for all three games. Kurier's answers come back as
//! [`crate::engine::Delivery`] values, tagged with the game's generation: a search started
//! before the game last changed (a move, undo, stop) is dropped, never played.

use crate::clocks::GameClock;
use crate::engine::{self, Delivery, InfoView, CLOCK_OVERHEAD, GAME_HASH_MB};
use crate::error::ApiError;
use crate::events::{Event, Events};
use crate::quota::Slot;
use crate::requests::{variant_name, EngineLimit, GameSetup, Player};
use crate::view::{self, LastMove, MoveView, PlayedView, Players, ResultView, View, WebGame};
use kurier_engine::protocol::session::AnyRecord;
use kurier_engine::protocol::thinker::Thinker;
use kurier_engine::search::{Clock, Info, Limits};
use kurier_rules::game::{Color, MoveList, Outcome, Reason};
use kurier_rules::games::Variant;
use kurier_rules::record::GameRecord;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;
use tokio::sync::mpsc::UnboundedSender;

/// How often a running clock is sent to the listeners.
pub const CLOCK_EVENT_EVERY: Duration = Duration::from_millis(200);
/// How long an analysis goes on once nobody listens to the game's events (its last page closed):
/// time for a page to reload or its event stream to reconnect.
pub const UNWATCHED_GRACE: Duration = Duration::from_secs(3);

/// A running analysis: its lines, and its place among the server's analyses.
#[derive(Debug)]
struct Analysis {
    lines: usize,
    slot: Option<Slot>,
}

/// How a game ended other than by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `loser`'s time ran out.
    Time {
        /// The side whose flag fell.
        loser: Color,
    },
    /// `loser` resigned.
    Resigned {
        /// The side that resigned.
        loser: Color,
    },
    /// Both sides agreed to a draw.
    Agreed,
}

/// What a draw offer needs: an answer now, or Kurier's look at the position.
#[derive(Debug)]
pub enum DrawOffer {
    /// Refused without a search: too early in the game.
    Refused,
    /// Accepted without a search (no engine plays): agree at this generation.
    Agreed(u64),
    /// Kurier searches the position (a copy of the game at this generation) first.
    Search(AnyRecord, u64),
}

/// A game on the server, whichever it is. See the [module docs](self).
pub trait Table: Send {
    /// Starts the game as made: Kurier thinks if it is to move. Called once the game is in the
    /// store, so that an answer that comes at once finds it there.
    fn begin(&mut self);
    /// The game's current view.
    fn view(&self) -> View;
    /// A new listener for the game's events.
    fn subscribe(&self) -> broadcast::Receiver<Event>;
    /// A person's move (its wire text or notation).
    fn human_move(&mut self, text: &str) -> Result<(), ApiError>;
    /// Takes back to the person's last turn.
    fn undo(&mut self) -> Result<(), ApiError>;
    /// Kurier takes over the side to move; the person the other side.
    fn go(&mut self) -> Result<(), ApiError>;
    /// The person to move (or the only person) resigns.
    fn resign(&mut self) -> Result<(), ApiError>;
    /// The first half of a draw offer.
    fn draw_offer(&self) -> Result<DrawOffer, ApiError>;
    /// The draw is agreed, if the game is still at `generation`; true when it was.
    fn agree_draw(&mut self, generation: u64) -> bool;
    /// A copy of the game for a hint, refused when the game is over or Kurier is to move.
    fn hint_record(&self) -> Result<AnyRecord, ApiError>;
    /// The legal move `wire` of the current position as the page sees it.
    fn legal_view(&self, wire: &str) -> Option<MoveView>;
    /// True while Kurier analyses.
    fn analysing(&self) -> bool;
    /// Kurier analyses with `lines` lines, holding `slot` (a place of the server's analyses,
    /// `None` when it analyses already); both sides go to people.
    fn analyze(&mut self, lines: usize, slot: Option<Slot>) -> Result<(), ApiError>;
    /// Ends analysis; while Kurier thinks about its move, it plays the best move found now.
    fn stop(&mut self);
    /// The game as PGN.
    fn pgn(&self) -> String;
    /// A finished search of Kurier's.
    fn deliver(&mut self, delivery: Delivery);
    /// Looks at the clock (the flag, and the `clock` event) and ends an analysis nobody has
    /// listened to for [`UNWATCHED_GRACE`].
    fn tick(&mut self);
}

/// A game of `G`. See the [module docs](self).
pub struct GameState<G: WebGame> {
    id: String,
    variant: Variant,
    start: G,
    record: GameRecord<G>,
    /// One entry per move of `record`.
    played: Vec<PlayedView>,
    players: [Player; 2],
    limit: EngineLimit,
    clock: Option<GameClock>,
    ending: Option<Ending>,
    thinker: Thinker,
    /// Kurier is searching its move.
    thinking: bool,
    /// Kurier analyses.
    analysis: Option<Analysis>,
    /// Since when nobody listens to the analysis.
    unwatched_since: Option<Instant>,
    /// Bumped at every change that makes a running search's answer stale.
    generation: u64,
    events: Events,
    deliveries: UnboundedSender<Delivery>,
    last_clock_event: Instant,
}

/// A new game from `setup` (its FEN or PGN read by the rules' parsers), with id `id`; Kurier
/// starts thinking when it is to move at [`Table::begin`].
pub fn create(
    id: String,
    setup: GameSetup,
    deliveries: UnboundedSender<Delivery>,
) -> Result<Box<dyn Table>, ApiError> {
    kurier_rules::with_game!(setup.variant, G => {
        let table: Box<dyn Table> = Box::new(GameState::<G>::new(id, setup, deliveries)?);
        Ok(table)
    })
}

impl<G: WebGame> GameState<G>
where
    GameRecord<G>: Into<AnyRecord>,
{
    fn new(
        id: String,
        setup: GameSetup,
        deliveries: UnboundedSender<Delivery>,
    ) -> Result<Self, ApiError> {
        let (start, moves) = match (&setup.fen, &setup.pgn) {
            (_, Some(pgn)) => crate::pgn::read::<G>(pgn, setup.variant)?,
            (Some(fen), None) => {
                let pos =
                    G::from_fen(fen.trim()).map_err(|e| ApiError::bad(format!("bad FEN: {e}")))?;
                (pos, Vec::new())
            }
            (None, None) => (G::start(), Vec::new()),
        };
        let clock = setup.clock.map(|c| {
            GameClock::new(
                Duration::from_millis(c.base_ms),
                Duration::from_millis(c.increment_ms),
            )
        });
        let mut game = GameState {
            id,
            variant: setup.variant,
            record: GameRecord::new(start.clone()),
            start,
            played: Vec::new(),
            players: setup.players,
            limit: setup.engine,
            clock,
            ending: None,
            thinker: Thinker::new(GAME_HASH_MB, 1),
            thinking: false,
            analysis: None,
            unwatched_since: None,
            generation: 0,
            events: Events::default(),
            deliveries,
            last_clock_event: Instant::now(),
        };
        for mv in moves {
            game.push_move(mv, None);
        }
        Ok(game)
    }

    fn side(&self) -> Color {
        self.record.current().side_to_move()
    }

    fn player(&self, side: Color) -> Player {
        self.players[side.index()]
    }

    fn over(&self) -> bool {
        self.ending.is_some() || self.record.outcome().is_some()
    }

    /// The side whose clock runs: the side to move while the game goes on.
    fn running(&self) -> Option<Color> {
        (self.clock.is_some() && !self.over()).then(|| self.side())
    }

    fn result(&self) -> Option<ResultView> {
        let win = |winner: Color, reason: &str, text: String| ResultView {
            score: if winner == Color::White { "1-0" } else { "0-1" },
            reason: reason.to_string(),
            text,
        };
        match self.ending {
            Some(Ending::Time { loser }) => {
                return Some(win(
                    !loser,
                    "time",
                    format!("{} wins on time", (!loser).name()),
                ))
            }
            Some(Ending::Resigned { loser }) => {
                return Some(win(
                    !loser,
                    "resignation",
                    format!("{} wins: {} resigned", (!loser).name(), loser.name()),
                ))
            }
            Some(Ending::Agreed) => {
                return Some(ResultView {
                    score: "1/2-1/2",
                    reason: "agreement".to_string(),
                    text: "Draw by agreement".to_string(),
                })
            }
            None => {}
        }
        let outcome = self.record.outcome()?;
        Some(match outcome {
            Outcome::Win { winner, reason } => {
                let words = match reason {
                    Reason::NoLegalMove => format!("{} has no legal move", (!winner).name()),
                    Reason::BareKing => format!("{} is left with a bare king", (!winner).name()),
                    other => other.to_string(),
                };
                win(
                    winner,
                    &reason.to_string(),
                    format!("{} wins: {words}", winner.name()),
                )
            }
            Outcome::Draw(reason) => ResultView {
                score: "1/2-1/2",
                reason: reason.to_string(),
                text: format!("Draw: {reason}"),
            },
        })
    }

    /// Plays `mv` (legal here) and remembers how to show it; `engine` is Kurier's score and
    /// depth for its own move.
    fn push_move(&mut self, mv: G::Move, engine: Option<(i32, u32)>) {
        let pos = self.record.current();
        let side = pos.side_to_move();
        let before = view::cells(pos);
        let shown = view::move_view(pos, &before, mv);
        self.record.play(mv);
        self.played.push(PlayedView {
            ply: self.played.len() + 1,
            color: crate::requests::color_name(side),
            wire: shown.wire,
            notation: shown.notation,
            path: shown.path,
            captures: shown.captures,
            fen_after: self.record.current().fen(),
            score_cp: engine.map(|(s, _)| s),
            depth: engine.map(|(_, d)| d),
        });
    }

    /// The side to move plays `mv`: its clock is charged first (a fallen flag ends the game
    /// instead).
    fn play(&mut self, mv: G::Move, engine: Option<(i32, u32)>) {
        let side = self.side();
        if let Some(clock) = self.clock.as_mut() {
            if !clock.moved(side) {
                self.ending = Some(Ending::Time { loser: side });
                self.changed();
                return;
            }
        }
        self.push_move(mv, engine);
        self.changed();
    }

    /// Stops any search; its answer, if one comes, is stale.
    fn stop_engine(&mut self) {
        self.generation += 1;
        self.thinker.stop();
        self.thinking = false;
    }

    /// After a change: Kurier thinks or analyses as the game now asks, and the listeners get
    /// the view.
    fn changed(&mut self) {
        self.think();
        self.send_view();
    }

    fn send_view(&self) {
        if self.events.listening() {
            self.events.send(Event::new("view", &self.view()));
        }
    }

    fn think(&mut self) {
        if self.over() {
            self.analysis = None;
            self.stop_engine();
            return;
        }
        if let Some(lines) = self.analysis.as_ref().map(|a| a.lines) {
            self.search(
                Limits {
                    infinite: true,
                    multipv: lines,
                    ..Limits::default()
                },
                false,
            );
            return;
        }
        if self.player(self.side()) == Player::Engine {
            if !self.thinking {
                let limits = self.engine_limits();
                self.search(limits, true);
            }
        } else if self.thinking {
            self.stop_engine();
        }
    }

    fn engine_limits(&self) -> Limits {
        let side = self.side();
        match &self.clock {
            Some(clock) => Limits {
                depth: self.limit.depth,
                clock: Some(Clock {
                    time_left: clock.left(side, Some(side)),
                    increment: clock.increment(),
                    moves_to_go: None,
                    overhead: CLOCK_OVERHEAD,
                }),
                ..Limits::default()
            },
            None => Limits {
                depth: self.limit.depth,
                movetime: self.limit.movetime,
                ..Limits::default()
            },
        }
    }

    /// Starts a search of the current position (after stopping the one running): Kurier's
    /// move when `to_play`, else analysis.
    fn search(&mut self, limits: Limits, to_play: bool) {
        self.stop_engine();
        self.thinking = to_play;
        let generation = self.generation;
        let pos = self.record.current().clone();
        let events = self.events.clone();
        let depth = Arc::new(AtomicU32::new(0));
        let seen = Arc::clone(&depth);
        let on_info = move |info: &Info| {
            seen.store(info.depth, Ordering::Relaxed);
            if !events.listening() {
                return;
            }
            let shown: InfoView = engine::info_view(&pos, info);
            events.send(Event::new("info", &shown));
        };
        let (id, deliveries) = (self.id.clone(), self.deliveries.clone());
        let on_done = move |answer| {
            if to_play {
                let _ = deliveries.send(Delivery {
                    id,
                    generation,
                    answer,
                    depth: depth.load(Ordering::Relaxed),
                });
            }
            None
        };
        self.thinker
            .start(self.record.clone().into(), limits, on_info, on_done);
    }

    /// Ends the analysis once nobody has listened to it for [`UNWATCHED_GRACE`].
    fn end_unwatched_analysis(&mut self) {
        if self.analysis.is_none() || self.events.listening() {
            self.unwatched_since = None;
            return;
        }
        let since = *self.unwatched_since.get_or_insert_with(Instant::now);
        if since.elapsed() >= UNWATCHED_GRACE {
            log::info!("serve: {}: analysis stopped, nobody listens", self.id);
            self.analysis = None;
            self.unwatched_since = None;
            self.stop_engine();
        }
    }

    fn not_over(&self, what: &str) -> Result<(), ApiError> {
        match self.result() {
            Some(r) => Err(ApiError::conflict(format!(
                "{what}: the game is over ({})",
                r.text
            ))),
            None => Ok(()),
        }
    }
}

/// At most `n` characters of a text a request sent, for messages.
fn clip(text: &str, n: usize) -> String {
    let mut s: String = text.chars().take(n).collect();
    if text.chars().count() > n {
        s.push('…');
    }
    s
}

impl<G: WebGame> Table for GameState<G>
where
    GameRecord<G>: Into<AnyRecord>,
{
    fn begin(&mut self) {
        self.changed();
    }

    fn view(&self) -> View {
        let pos = self.record.current();
        let over = self.over();
        let side = pos.side_to_move();
        let legal = if over || self.player(side) == Player::Engine {
            Vec::new()
        } else {
            let before = view::cells(pos);
            let mut list = MoveList::new();
            pos.generate(&mut list);
            list.iter()
                .map(|&mv| view::move_view(pos, &before, mv))
                .collect()
        };
        View {
            id: self.id.clone(),
            variant: variant_name(self.variant),
            files: G::FILES,
            ranks: G::RANKS,
            fen: pos.fen(),
            start_fen: self.start.fen(),
            to_move: crate::requests::color_name(side),
            players: Players {
                white: self.players[0],
                black: self.players[1],
            },
            board: view::board(pos),
            capture_compulsory: !over && pos.must_capture(),
            legal,
            last_move: self.played.last().map(|p| LastMove {
                path: p.path.clone(),
                captures: p.captures.clone(),
            }),
            moves: self.played.clone(),
            check: !over && pos.in_check(),
            clock: self.clock.map(|c| c.view(self.running())),
            thinking: self.thinking,
            analysis: self.analysis.is_some(),
            result: self.result(),
        }
    }

    fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    fn human_move(&mut self, text: &str) -> Result<(), ApiError> {
        self.tick();
        if let Some(r) = self.result() {
            return Err(ApiError::bad(format!("the game is over ({})", r.text)));
        }
        let side = self.side();
        if self.player(side) == Player::Engine {
            return Err(ApiError::bad(format!(
                "it is not your turn: Kurier plays {}",
                side.name()
            )));
        }
        let text = text.trim();
        let mv = self.record.current().read_move(text).map_err(|e| {
            ApiError::bad(format!(
                "'{}' is not a legal move here: {e}",
                clip(text, 40)
            ))
        })?;
        self.play(mv, None);
        Ok(())
    }

    fn undo(&mut self) -> Result<(), ApiError> {
        match self.ending {
            Some(Ending::Time { .. }) => {
                return Err(ApiError::conflict("the game was decided on time"))
            }
            Some(Ending::Resigned { .. }) => {
                return Err(ApiError::conflict("the game was decided by resignation"))
            }
            Some(Ending::Agreed) => {
                return Err(ApiError::conflict("the game was drawn by agreement"))
            }
            None => {}
        }
        if self.record.moves().is_empty() {
            return Err(ApiError::conflict("nothing to take back"));
        }
        let side = self.side();
        let running = self.running();
        if let Some(clock) = self.clock.as_mut() {
            // A game over by the rules has no clock running; else the turn so far is charged.
            if running.is_some() && !clock.stopped(side) {
                self.ending = Some(Ending::Time { loser: side });
                self.changed();
                return Err(ApiError::conflict("your time ran out"));
            }
        }
        self.stop_engine();
        let no_person = self.players.iter().all(|&p| p == Player::Engine);
        while self.record.undo() {
            self.played.pop();
            if no_person
                || self.record.moves().is_empty()
                || self.player(self.side()) == Player::Human
            {
                break;
            }
        }
        self.changed();
        Ok(())
    }

    fn go(&mut self) -> Result<(), ApiError> {
        self.not_over("go")?;
        let side = self.side();
        self.players[side.index()] = Player::Engine;
        self.players[(!side).index()] = Player::Human;
        if self.analysis.take().is_some() {
            self.stop_engine();
        }
        self.changed();
        Ok(())
    }

    fn resign(&mut self) -> Result<(), ApiError> {
        self.not_over("resign")?;
        let side = self.side();
        let people: Vec<Color> = Color::BOTH
            .into_iter()
            .filter(|&c| self.player(c) == Player::Human)
            .collect();
        let loser = if self.player(side) == Player::Human {
            side
        } else if let [only] = people[..] {
            only
        } else {
            return Err(ApiError::conflict("no person plays in this game"));
        };
        self.stop_engine();
        if let Some(clock) = self.clock.as_mut() {
            let _ = clock.stopped(side);
        }
        self.ending = Some(Ending::Resigned { loser });
        self.changed();
        Ok(())
    }

    fn draw_offer(&self) -> Result<DrawOffer, ApiError> {
        self.not_over("draw")?;
        if self.players.iter().all(|&p| p == Player::Human) {
            return Ok(DrawOffer::Agreed(self.generation));
        }
        if self.record.moves().len() < 20 {
            return Ok(DrawOffer::Refused);
        }
        Ok(DrawOffer::Search(
            self.record.clone().into(),
            self.generation,
        ))
    }

    fn agree_draw(&mut self, generation: u64) -> bool {
        if generation != self.generation || self.over() {
            return false;
        }
        let side = self.side();
        self.stop_engine();
        if let Some(clock) = self.clock.as_mut() {
            let _ = clock.stopped(side);
        }
        self.ending = Some(Ending::Agreed);
        self.changed();
        true
    }

    fn hint_record(&self) -> Result<AnyRecord, ApiError> {
        self.not_over("hint")?;
        if self.player(self.side()) == Player::Engine {
            return Err(ApiError::conflict(format!(
                "hint: Kurier plays {}, the side to move",
                self.side().name()
            )));
        }
        Ok(self.record.clone().into())
    }

    fn legal_view(&self, wire: &str) -> Option<MoveView> {
        let pos = self.record.current();
        let mv = pos.parse_move(wire).ok()?;
        Some(view::move_view(pos, &view::cells(pos), mv))
    }

    fn analysing(&self) -> bool {
        self.analysis.is_some()
    }

    fn analyze(&mut self, lines: usize, slot: Option<Slot>) -> Result<(), ApiError> {
        self.not_over("analyze")?;
        self.players = [Player::Human, Player::Human];
        let slot = slot.or_else(|| self.analysis.take().and_then(|a| a.slot));
        self.analysis = Some(Analysis { lines, slot });
        self.unwatched_since = None;
        self.thinking = false;
        self.changed();
        Ok(())
    }

    fn stop(&mut self) {
        if self.analysis.take().is_some() {
            self.stop_engine();
            self.send_view();
        } else if self.thinking {
            // The search ends now and its answer, still of this generation, is played.
            self.thinker.stop();
        }
    }

    fn pgn(&self) -> String {
        let result = self.result();
        crate::pgn::write(
            self.variant,
            (G::start().fen() != self.start.fen()).then(|| self.start.fen()),
            &self.played,
            self.players,
            result.as_ref(),
            matches!(self.ending, Some(Ending::Time { .. })),
        )
    }

    fn deliver(&mut self, delivery: Delivery) {
        if delivery.generation != self.generation || !self.thinking || self.over() {
            return;
        }
        self.thinking = false;
        let Some(text) = delivery.answer.best else {
            self.changed();
            return;
        };
        match self.record.current().parse_move(&text) {
            Ok(mv) => self.play(
                mv,
                Some((engine::score_cp(delivery.answer.score), delivery.depth)),
            ),
            Err(e) => log::error!("serve: {}: Kurier's move {text} is refused: {e}", self.id),
        }
    }

    fn tick(&mut self) {
        self.end_unwatched_analysis();
        let Some(side) = self.running() else { return };
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if clock.fallen(side) {
            let _ = clock.stopped(side);
            self.ending = Some(Ending::Time { loser: side });
            log::info!("serve: {}: {}'s time ran out", self.id, side.name());
            self.changed();
            return;
        }
        if self.last_clock_event.elapsed() >= CLOCK_EVENT_EVERY && self.events.listening() {
            self.last_clock_event = Instant::now();
            self.events
                .send(Event::new("clock", &clock.view(Some(side))));
        }
    }
}
