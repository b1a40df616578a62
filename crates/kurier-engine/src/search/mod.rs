//! The searcher: one alpha-beta engine, generic over the game, compiled once per game.
//!
//! - [`Searchable`]: what search needs from a game beyond its rules (evaluation, check, which
//!   moves are tactical, null move). Each game implements it in its `eval.rs`.
//! - [`Searcher`]: iterative deepening with aspiration windows over [`alphabeta`]'s
//!   principal-variation search, Lazy SMP threads sharing one [`tt::TranspositionTable`],
//!   time and node limits ([`time`]), reports through a callback ([`Info`]).
//!
//! No search code asks which game it is playing.

pub mod alphabeta;
pub mod ordering;
pub mod params;
pub mod plain;
pub mod quiescence;
pub mod time;
pub mod tt;

use crate::nnue::{FeatureSet, Network};
use alphabeta::Worker;
use kurier_rules::game::{Game, MoveList};
use kurier_rules::record::GameRecord;
pub use kurier_wire::uci::Bound as ScoreBound;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
pub use time::{Clock, LagMeter, Limits};
use tt::TranspositionTable;

/// Score of a mate at the root; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITY: i32 = 32_001;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// What search needs from a game beyond its rules (and, for a neural evaluation, its pieces
/// as the network's inputs: [`FeatureSet`]).
pub trait Searchable: Game + FeatureSet {
    /// Positions (FEN) that `kurier bench` searches, from every phase of the game.
    const BENCH_POSITIONS: &'static [&'static str];

    /// The depth `kurier bench` searches them to: a second or so for all of them.
    const BENCH_DEPTH: u32;

    /// Static evaluation in centipawns from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// True when the side to move is in check (false in games without check).
    fn in_check(&self) -> bool;

    /// True when the legal move `mv` gives check: by default by making it; a game answers it
    /// from its attack tables where that is cheaper (Courier), so the search can prune a move
    /// without making it.
    fn gives_check(&self, mv: Self::Move) -> bool {
        self.play(mv).in_check()
    }

    /// Captures and promotions: searched in quiescence, ordered first.
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// Ordering score of a tactical move: the more valuable the victim and the cheaper the
    /// attacker, the higher.
    fn tactical_score(&self, mv: Self::Move) -> i32;

    /// Static exchange evaluation ([`crate::see`]): true when the tactical move `mv` wins at
    /// least `threshold` centipawns once the recaptures on its square are played out. A game
    /// without an exact exchange rule answers true, so its captures are never ordered down or
    /// pruned by it (Dual checkers, where captures are compulsory).
    fn see_ge(&self, mv: Self::Move, threshold: i32) -> bool {
        let _ = (mv, threshold);
        true
    }

    /// At least the tactical moves ([`Searchable::is_tactical`]) of a position where standing
    /// pat is allowed, into `moves`: all that quiescence searches there (it skips any quiet
    /// move in the list). Answers whether the position has any legal move at all (none: the
    /// game is decided, [`Game::outcome`]). By default every legal move; a game with a
    /// generator of its own for captures and promotions saves the quiet moves' generation and
    /// ordering at every quiescence node (Courier).
    fn generate_tactical(&self, moves: &mut MoveList<Self::Move>) -> bool {
        self.generate(moves);
        !moves.is_empty()
    }

    /// True when the side to move must capture (Dual checkers' compulsory capture); never in
    /// games without one.
    fn capture_pending(&self) -> bool {
        false
    }

    /// False where the side to move may not "stand pat" in quiescence: in check, or when a
    /// compulsory capture is pending. Quiescence then searches every legal move. (The search,
    /// which knows whether it is in check, asks [`Searchable::capture_pending`] alone.)
    fn stand_pat_allowed(&self) -> bool {
        !self.in_check() && !self.capture_pending()
    }

    /// The position with the move passed to the opponent, where null-move pruning is sound; `None`
    /// where it is not (zugzwang-prone material, games without passing).
    fn null_move(&self) -> Option<Self>;

    /// The game's move-count rule draws the position: its count of reversible plies
    /// ([`Game::reversible_plies`]) has reached the rule's limit (docs/rules.md S8, C8, D10).
    /// (Mate still wins on the last ply of a move-count rule: search checks this only when not
    /// in check.)
    fn draws_by_move_rule(&self) -> bool;

    /// A draw by the material on the board that the position shows without generating moves:
    /// two bare kings (docs/rules.md S8, C8); none by default.
    fn draws_by_bare_kings(&self) -> bool {
        false
    }

    /// A draw by rule that the position shows without generating moves, as the rule book has
    /// it: the move-count rule or bare kings. The search asks the two apart: it counts the
    /// move-count rule only where the count reaches the limit inside the search
    /// (`alphabeta::Worker`).
    fn draw_by_rule(&self) -> bool {
        self.draws_by_move_rule() || self.draws_by_bare_kings()
    }

    /// A compact, non-zero id of a move for the transposition table: equal moves give equal
    /// ids; the table's move is checked against the legal moves before use.
    fn move_id(mv: Self::Move) -> u32;

    /// How many values [`Searchable::piece_to`] takes: kinds of piece times squares.
    const PIECE_TO: usize;

    /// The history tables' index of a move of this position: the kind of piece that moves and
    /// the square it ends on, below [`Searchable::PIECE_TO`].
    fn piece_to(&self, mv: Self::Move) -> usize;
}

/// A score as reported to GUIs (the wire's one score type).
pub use kurier_wire::Score;

/// The search's internal scores as the [`Score`] GUIs are told: a mate `n` plies away is
/// `MATE - n` inside the search, mate in `(n + 1) / 2` moves on the wire.
pub trait FromInternal {
    /// From an internal score.
    fn from_internal(s: i32) -> Self;
}

impl FromInternal for Score {
    fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

/// A report from the search, after each completed iteration and once more for an interrupted
/// one that found a best move.
#[derive(Clone, Debug)]
pub struct Info {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score.
    pub score: Score,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the hash table in use.
    pub hashfull: u32,
    /// The principal variation in protocol notation.
    pub pv: Vec<String>,
    /// Which line this is, from 1, when several are searched (MultiPV).
    pub multipv: u32,
    /// `None`: the score is the completed iteration's. `Some(Lower)`: the iteration `depth` was
    /// interrupted after its best move so far; the root's score is at least this.
    pub bound: Option<ScoreBound>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<M>,
    /// The expected reply, for pondering.
    pub ponder: Option<M>,
    /// Internal score of the best move.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
}

/// Shared controls of a running search: `stop` ends all threads at once; `ponderhit` turns a
/// ponder search into a timed one.
#[derive(Debug, Default)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Milliseconds after the start at which `ponderhit` arrived (time is counted from there).
    ponderhit_ms: AtomicU64,
}

impl Control {
    /// Asks every search thread to stop now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// True once stop was asked.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the clock applies from now.
    pub fn ponderhit(&self, elapsed: Duration) {
        self.ponderhit_ms
            .store(elapsed.as_millis() as u64, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Readies the controls for a new search (clears `stop`). Call before starting a search on
    /// another thread, so that a `stop` sent right after cannot be lost.
    pub fn reset(&self, ponder: bool) {
        self.stop.store(false, Ordering::Relaxed);
        self.pondering.store(ponder, Ordering::Relaxed);
        self.ponderhit_ms.store(0, Ordering::Relaxed);
    }

    fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Time counted against the budget: zero while pondering, from `ponderhit` on after it.
    fn budget_time(&self, elapsed: Duration) -> Duration {
        if self.pondering() {
            Duration::ZERO
        } else {
            elapsed.saturating_sub(Duration::from_millis(
                self.ponderhit_ms.load(Ordering::Relaxed),
            ))
        }
    }
}

/// The search engine: owns the transposition table and the thread count; searches any game.
pub struct Searcher {
    tt: Arc<TranspositionTable>,
    threads: usize,
    control: Arc<Control>,
    /// Evaluate with a network where one is there for the game (`UseNNUE`).
    use_nnue: bool,
    /// A network loaded from a file (`EvalFile`), used instead of the embedded one for its game.
    net_file: Option<Arc<Network>>,
}

impl Searcher {
    /// A searcher with a table of `hash_mb` megabytes, or less: at most what the machine has
    /// ([`tt::machine_limit_mb`]) and, if even that cannot be allocated, the largest half, quarter…
    /// that can. [`Searcher::hash_mb`] tells what was granted.
    pub fn new(hash_mb: u64, threads: usize) -> Self {
        let mb = tt::machine_limit_mb().map_or(hash_mb, |cap| hash_mb.min(cap));
        Searcher {
            tt: Arc::new(TranspositionTable::new(mb)),
            threads: threads.max(1),
            control: Arc::new(Control::default()),
            use_nnue: true,
            net_file: None,
        }
    }

    /// Whether to evaluate with a network in games that have one (on by default).
    pub fn set_use_nnue(&mut self, on: bool) {
        self.use_nnue = on;
    }

    /// A network to use instead of the embedded one, for the game it was trained for.
    pub fn set_net(&mut self, net: Option<Arc<Network>>) {
        self.net_file = net;
    }

    /// The network a search of `G` evaluates with: the loaded one if it is for `G`, else the
    /// one built in for `G`, if any; none when `UseNNUE` is off.
    pub fn network<G: Searchable>(&self) -> Option<&Network> {
        if !self.use_nnue {
            return None;
        }
        let inputs = crate::nnue::features::inputs::<G>();
        match &self.net_file {
            Some(net) if net.check(G::NAME, inputs).is_ok() => Some(net),
            _ => crate::nnue::embedded(G::NAME),
        }
    }

    /// The controls of the current or next search (to stop it from another thread).
    pub fn control(&self) -> Arc<Control> {
        Arc::clone(&self.control)
    }

    /// The size of the table in megabytes.
    pub fn hash_mb(&self) -> u64 {
        self.tt.size_mb()
    }

    /// Resizes the table to `mb` megabytes, capped at what the machine has
    /// ([`tt::machine_limit_mb`]); the new table starts empty. Returns the size granted. When
    /// the memory cannot be had the previous table is kept, unchanged, and the error says so.
    pub fn set_hash(&mut self, mb: u64) -> Result<u64, tt::HashError> {
        let mb = tt::machine_limit_mb().map_or(mb, |cap| mb.min(cap));
        if mb == self.tt.size_mb() {
            self.clear();
            return Ok(mb);
        }
        // The new table is allocated while the old one lives, so that a refusal keeps the old;
        // zeroed pages cost nothing until written, so both fit where one does.
        let table = TranspositionTable::try_new(mb)?;
        self.tt = Arc::new(table);
        Ok(self.tt.size_mb())
    }

    /// Sets the number of threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Forgets everything learned (new game): a fresh zeroed table replaces the old one, so no
    /// page of it is written (a large table stays unresident until a search fills it). A table
    /// still shared with a running search is zeroed in place instead.
    pub fn clear(&mut self) {
        let mb = self.tt.size_mb();
        if Arc::get_mut(&mut self.tt).is_none() {
            self.tt.clear();
            return;
        }
        // Free the old table first, so that the two never coexist.
        self.tt = Arc::new(TranspositionTable::new(1));
        self.tt = Arc::new(TranspositionTable::new(mb));
    }

    /// Searches the current position of `game` within `limits`, calling `report` from the main
    /// thread after each completed iteration. Blocks until the search ends.
    pub fn search<G: Searchable>(
        &self,
        game: &GameRecord<G>,
        limits: &Limits,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult<G::Move> {
        self.control.reset(limits.ponder);
        self.search_prepared(game, limits, report)
    }

    /// [`Searcher::search`] without resetting the controls: for a search started on another
    /// thread after [`Control::reset`], so that an early `stop` is kept.
    pub fn search_prepared<G: Searchable>(
        &self,
        game: &GameRecord<G>,
        limits: &Limits,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult<G::Move> {
        self.tt.new_search();
        let root = game.current().clone();
        let mut moves = MoveList::new();
        root.generate(&mut moves);
        if moves.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                score: 0,
                depth: 0,
                nodes: 0,
            };
        }
        let history: Vec<u64> = game.repetition_keys().collect();
        // A root with more pieces than the game starts with (a set-up position) is evaluated
        // without a network: its weights are bounded for the start's count (nnue::network).
        let net = self
            .network::<G>()
            .filter(|_| crate::nnue::features::pieces::<G>(&root.boards()) <= G::MAX_PIECES);
        let nodes = AtomicU64::new(0);
        let timer = time::Timer::start();
        std::thread::scope(|scope| {
            for id in 1..self.threads {
                let (tt, control, history, nodes, root) =
                    (&*self.tt, &*self.control, &history, &nodes, &root);
                scope.spawn(move || {
                    let mut w = Worker::new(id, tt, control, limits, timer, nodes, history);
                    w.set_net(net);
                    w.iterate(root, &mut |_| {});
                });
            }
            let mut main = Worker::new(0, &self.tt, &self.control, limits, timer, &nodes, &history);
            main.set_net(net);
            let result = main.iterate(&root, report);
            // The main thread decides: the helpers stop with it.
            self.control.stop();
            result
        })
    }
}

/// Searches `fen`-less: a convenience for tests and `bench` — one position, fixed limits, no
/// reports.
pub fn search_position<G: Searchable>(
    pos: &G,
    limits: &Limits,
    hash_mb: u64,
    threads: usize,
) -> SearchResult<G::Move> {
    let searcher = Searcher::new(hash_mb, threads);
    searcher.search(&GameRecord::new(pos.clone()), limits, &mut |_| {})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::inputs;
    use crate::nnue::network::tests::random;
    use kurier_rules::games::dual::DualCheckers;

    /// Nodes of a depth-4 search of `fen` with the network `net` (none: the classical
    /// evaluation, Dual checkers having no built-in network).
    fn nodes(fen: &str, net: Option<Arc<Network>>) -> u64 {
        let mut searcher = Searcher::new(1, 1);
        searcher.set_net(net);
        let pos = DualCheckers::from_fen(fen).unwrap();
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        searcher
            .search(&GameRecord::new(pos), &limits, &mut |_| {})
            .nodes
    }

    /// The network's weights are bounded for the start's number of pieces: a set-up root with
    /// more is searched with the classical evaluation (the same tree), one with as many with
    /// the network (another tree).
    #[test]
    fn a_root_with_more_pieces_than_the_start_is_searched_without_the_network() {
        let net = Arc::new(random("dualcheckers", inputs::<DualCheckers>(), 9));
        let start = DualCheckers::start().fen();
        assert_ne!(nodes(&start, Some(Arc::clone(&net))), nodes(&start, None));
        let more = "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/M7/1M1M1M1M/M1M1M1M1/1M1M1M1M w 0 1";
        assert_eq!(
            crate::nnue::features::pieces::<DualCheckers>(
                &DualCheckers::from_fen(more).unwrap().boards()
            ),
            25
        );
        assert_eq!(nodes(more, Some(net)), nodes(more, None));
    }
}
