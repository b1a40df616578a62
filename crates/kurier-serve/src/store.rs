//! The games the server keeps: at most [`MAX_GAMES`], the oldest dropped (and its search
//! stopped) when a new one would pass that; and the two tasks that serve them all: one hands
//! Kurier's answers to their games, the other looks at the clocks every [`TICK`].

use crate::engine::Delivery;
use crate::error::ApiError;
use crate::quota::Quota;
use crate::requests::GameSetup;
use crate::table::{self, Table};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::mpsc::{self, UnboundedSender};

/// The most games kept at once.
pub const MAX_GAMES: usize = 64;
/// How often the clocks are looked at (the flag falls at most this late).
pub const TICK: Duration = Duration::from_millis(50);

/// A game, shared between the handlers and the server's tasks.
pub type SharedGame = Arc<Mutex<Box<dyn Table>>>;

/// Locks a game; a handler that panicked while holding it leaves it usable.
pub fn lock(game: &SharedGame) -> MutexGuard<'_, Box<dyn Table>> {
    game.lock().unwrap_or_else(|e| e.into_inner())
}

#[derive(Default)]
struct Games {
    by_id: HashMap<String, SharedGame>,
    /// Ids, oldest first.
    order: VecDeque<String>,
    /// The number of the next game.
    next: u64,
}

/// What every handler shares: the games, the channel Kurier's answers come back on, and the
/// places for hints and analyses.
#[derive(Clone)]
pub struct AppState {
    games: Arc<Mutex<Games>>,
    deliveries: UnboundedSender<Delivery>,
    /// The places for hints, draw offers and analyses.
    pub quota: Quota,
}

impl AppState {
    /// An empty store, with its two tasks started on the current tokio runtime.
    pub fn start() -> AppState {
        let (deliveries, mut incoming) = mpsc::unbounded_channel::<Delivery>();
        let state = AppState {
            games: Arc::default(),
            deliveries,
            quota: Quota::default(),
        };
        let handing = state.clone();
        tokio::spawn(async move {
            while let Some(d) = incoming.recv().await {
                if let Ok(game) = handing.get(&d.id) {
                    lock(&game).deliver(d);
                }
            }
        });
        let ticking = state.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(TICK);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            loop {
                every.tick().await;
                for game in ticking.all() {
                    lock(&game).tick();
                }
            }
        });
        state
    }

    fn games(&self) -> MutexGuard<'_, Games> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Every game kept.
    fn all(&self) -> Vec<SharedGame> {
        self.games().by_id.values().cloned().collect()
    }

    /// The game `id`, or 404.
    pub fn get(&self, id: &str) -> Result<SharedGame, ApiError> {
        self.games().by_id.get(id).cloned().ok_or_else(|| {
            let shown: String = id.chars().take(40).collect();
            ApiError::NotFound(format!("no game '{shown}'"))
        })
    }

    /// A new game from `setup` (dropping the oldest when [`MAX_GAMES`] are kept), answered as
    /// its view at creation.
    ///
    /// The game's search thread may start at once and finish before this returns (a depth-1
    /// engine). Its answer is delivered by id, so the game is entered in the store while its
    /// own lock is held, its search started only then ([`Table::begin`]), and the view taken
    /// under that lock: the answer is neither lost (arriving before the game is known) nor
    /// shown in the creating request's view.
    pub fn create(&self, setup: GameSetup) -> Result<crate::view::View, ApiError> {
        let id = {
            let mut games = self.games();
            games.next += 1;
            format!("g{}", games.next)
        };
        // Built outside the store's lock: a long PGN takes a moment to read.
        let game: SharedGame = Arc::new(Mutex::new(table::create(
            id.clone(),
            setup,
            self.deliveries.clone(),
        )?));
        let mut held = lock(&game);
        let dropped = {
            let mut games = self.games();
            let mut dropped = Vec::new();
            while games.order.len() >= MAX_GAMES {
                if let Some(old) = games.order.pop_front() {
                    dropped.extend(games.by_id.remove(&old));
                    log::info!("serve: {old} dropped ({MAX_GAMES} games kept)");
                }
            }
            games.order.push_back(id.clone());
            games.by_id.insert(id, Arc::clone(&game));
            dropped
        };
        held.begin();
        let view = held.view();
        drop(held);
        // The dropped games' search threads are stopped as they go, outside the store's lock.
        drop(dropped);
        Ok(view)
    }
}
