//! One search thread: iterative deepening with aspiration windows, principal-variation
//! alpha-beta (negamax) and quiescence search. Generic over [`Searchable`]; no line here knows
//! which game it plays.

use super::ordering::{is_killer, is_losing, pick_next, Context, Heuristics, Scores, NO_PIECE_TO};
use super::params::SearchParams;
use super::time::{Budget, Limits, Progress, Timer};
use super::tt::{Bound, Entry, TranspositionTable};
use super::{
    Control, FromInternal, Info, Score, ScoreBound, SearchResult, Searchable, INFINITY, MATE,
    MATE_BOUND, MAX_PLY,
};
use crate::nnue::{Network, Stack};
use kurier_rules::game::{MoveList, Outcome};
use std::sync::atomic::{AtomicU64, Ordering};

/// Most nodes between two looks at the clock, the stop flag and the node budget.
const POLL_INTERVAL: u64 = 1024;
/// The longest time wanted between two looks: the interval halves while polls are further apart
/// than this (slow nodes, e.g. a Dual-checkers position with thousands of captures) and doubles
/// back toward [`POLL_INTERVAL`] while they are closer than a quarter of it. `stop` and the hard
/// time limit are so obeyed within about a millisecond plus one node.
const POLL_PERIOD: std::time::Duration = std::time::Duration::from_millis(1);

/// The search's tunable numbers ([`super::params`]).
const P: SearchParams = SearchParams::DEFAULT;

/// A mate score is stored relative to the node, not the root, so that it stays right when the
/// same position is reached at another ply.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A network's evaluation `v` scaled toward a draw as the `reversible` plies run toward the
/// move-count rule (100 plies: half of `v` left there), kept within the non-mate scores. In
/// `i64`: `v` may be as large as [`crate::nnue::network::OUTPUT_BOUND`] (extreme output
/// weights), and `v · 200` would leave `i32`.
#[inline(always)]
fn scale_toward_draw(v: i32, reversible: u32) -> i32 {
    let left = 200 - i64::from(reversible.min(100));
    let bound = i64::from(MATE_BOUND - 1);
    (i64::from(v) * left / 200).clamp(-bound, bound) as i32
}

/// Late-move reductions by depth and move number, in 1/1024 ply: `0.75 + ln(depth) *
/// ln(moves) / 2.25` (by default: `lmr_base` and `lmr_divisor`, in hundredths), the fractional
/// table of Ethereal (Stockfish's has the same shape); the adjustments in the move loop are
/// added in the same unit before rounding down.
fn reduction_table() -> Vec<[i32; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0; 64];
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                if d > 0 {
                    *r = ((f64::from(P.lmr_base) / 100.0
                        + (d as f64).ln() * (m as f64).ln() * 100.0 / f64::from(P.lmr_divisor))
                        * 1024.0) as i32;
                }
            }
            row
        })
        .collect()
}

/// One search thread's state.
pub struct Worker<'a, G: Searchable> {
    id: usize,
    tt: &'a TranspositionTable,
    control: &'a Control,
    limits: &'a Limits,
    budget: Option<Budget>,
    timer: Timer,
    shared_nodes: &'a AtomicU64,
    nodes: u64,
    flushed: u64,
    /// The node count at which to poll next.
    next_poll: u64,
    /// Nodes between polls, adapted to the time a node takes (see [`POLL_PERIOD`]).
    poll_interval: u64,
    /// When the last poll happened.
    last_poll: std::time::Instant,
    /// Keys of the positions before the current node: the game's reversible history, then the
    /// search path.
    keys: Vec<u64>,
    heuristics: Heuristics<G::Move>,
    /// The history index ([`Searchable::piece_to`]) of the move made at each ply of the path,
    /// [`NO_PIECE_TO`] for a null move: the continuation histories' context.
    moved: [u16; MAX_PLY + 1],
    pv: Vec<[Option<G::Move>; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    reductions: Vec<[i32; 64]>,
    seldepth: usize,
    stopped: bool,
    /// Root moves that may be searched (`searchmoves`, `exclude`); `None`: all of them.
    root_only: Option<Vec<u32>>,
    /// Root moves left out for this MultiPV line: the best moves of the lines before it.
    root_skip: Vec<u32>,
    /// The network evaluating instead of the game's classical evaluation, if any.
    net: Option<&'a Network>,
    /// The network's accumulators along the path (unused without a network).
    acc: Stack,
    /// The static evaluation of the node at each ply of the path, `-INFINITY` where there is
    /// none (in check, a compulsory capture pending): the improving flag's memory.
    evals: [i32; MAX_PLY + 1],
    /// How settled the iterations so far are, for the soft time target.
    progress: Progress,
    /// Nodes at the start of the current root search, and those the current best root move
    /// took in it (for [`Progress::best_share_permille`]).
    root_start_nodes: u64,
    root_best_nodes: u64,
    /// The score of the current root search's principal variation (`pv[0]`), valid while
    /// `pv_len[0] > 0`: what an interrupted iteration reports.
    root_score: i32,
    /// The root is already past the move-count rule's limit ([`Worker::draw_by_rule`]).
    root_past_move_rule: bool,
}

impl<'a, G: Searchable> Worker<'a, G> {
    /// A worker; `id` 0 is the main thread, which reports and decides when to stop.
    pub fn new(
        id: usize,
        tt: &'a TranspositionTable,
        control: &'a Control,
        limits: &'a Limits,
        timer: Timer,
        shared_nodes: &'a AtomicU64,
        history: &[u64],
    ) -> Self {
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 8);
        keys.extend_from_slice(history);
        Worker {
            id,
            tt,
            control,
            limits,
            budget: limits.budget(),
            timer,
            shared_nodes,
            nodes: 0,
            flushed: 0,
            next_poll: POLL_INTERVAL,
            poll_interval: POLL_INTERVAL,
            last_poll: std::time::Instant::now(),
            keys,
            heuristics: Heuristics::new(G::PIECE_TO),
            moved: [NO_PIECE_TO; MAX_PLY + 1],
            pv: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            reductions: reduction_table(),
            seldepth: 0,
            stopped: false,
            root_only: None,
            root_skip: Vec::new(),
            net: None,
            acc: Stack::new(MAX_PLY + 1),
            evals: [-INFINITY; MAX_PLY + 1],
            progress: Progress::default(),
            root_start_nodes: 0,
            root_best_nodes: 0,
            root_score: 0,
            root_past_move_rule: false,
        }
    }

    /// Evaluates with `net` instead of the game's classical evaluation.
    pub fn set_net(&mut self, net: Option<&'a Network>) {
        self.net = net;
    }

    /// Records the node at `ply` for the network's accumulators.
    #[inline(always)]
    fn enter(&mut self, pos: &G, ply: usize) {
        if self.net.is_some() {
            self.acc.enter(ply, pos);
        }
    }

    /// The static evaluation of the node at `ply` (entered with [`Worker::enter`]): the
    /// network's, scaled toward a draw as the reversible plies run toward the move-count rule
    /// (the network does not see them), or the game's own.
    #[inline(always)]
    fn evaluate(&mut self, pos: &G, ply: usize) -> i32 {
        match self.net {
            Some(net) => {
                let v = self.acc.evaluate(net, ply, pos);
                scale_toward_draw(v, pos.reversible_plies())
            }
            None => pos.evaluate(),
        }
    }

    fn total_nodes(&self) -> u64 {
        self.shared_nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed)
    }

    /// Every `poll_interval` nodes: publish the node count, then stop on the flag, the node
    /// budget or the hard time limit.
    fn poll(&mut self) {
        let now = std::time::Instant::now();
        let since = now - self.last_poll;
        self.last_poll = now;
        if since > POLL_PERIOD {
            self.poll_interval = (self.poll_interval / 2).max(1);
        } else if since < POLL_PERIOD / 4 {
            self.poll_interval = (self.poll_interval * 2).min(POLL_INTERVAL);
        }
        self.next_poll = self.nodes + self.poll_interval;
        if let Some(n) = self.limits.nodes {
            // Poll again exactly where the node budget runs out (with one thread: a node-limited
            // search is deterministic, whatever the clock did).
            let shared = self.shared_nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed);
            let left = n.saturating_sub(shared).max(1);
            self.next_poll = self.next_poll.min(self.nodes + left);
        }
        self.shared_nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
        if self.control.stopped() {
            self.stopped = true;
            return;
        }
        if self.id != 0 {
            return;
        }
        let over_nodes = self
            .limits
            .nodes
            .is_some_and(|n| self.shared_nodes.load(Ordering::Relaxed) >= n);
        let over_time = self
            .budget
            .is_some_and(|b| self.control.budget_time(self.timer.elapsed()) >= b.hard);
        if over_nodes || over_time {
            self.control.stop();
            self.stopped = true;
        }
    }

    /// True when the root move with this id is not searched in the current line.
    fn skip_root(&self, id: u32) -> bool {
        self.root_skip.contains(&id) || self.root_only.as_ref().is_some_and(|o| !o.contains(&id))
    }

    /// Iterative deepening from `root`; the main thread calls `report` after each iteration
    /// (once per line with MultiPV).
    pub fn iterate(&mut self, root: &G, report: &mut dyn FnMut(&Info)) -> SearchResult<G::Move> {
        self.root_past_move_rule = root.draws_by_move_rule();
        // At most MAX_MOVES root moves, as at every node (see `negamax`, Step 7).
        let mut moves = MoveList::new();
        root.generate(&mut moves);
        // A root-move restriction that leaves nothing legal is ignored rather than obeyed.
        if let Some(only) = &self.limits.root_moves {
            if moves.iter().any(|&m| only.contains(&G::move_id(m))) {
                self.root_only = Some(only.clone());
            }
        }
        let allowed = moves
            .iter()
            .filter(|&&m| !self.skip_root(G::move_id(m)))
            .count();
        // Helpers only help with the best line.
        let lines = if self.id == 0 {
            self.limits.multipv.clamp(1, allowed.max(1))
        } else {
            1
        };
        let mut result = SearchResult {
            best: moves
                .iter()
                .copied()
                .find(|&m| !self.skip_root(G::move_id(m))),
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 2)
            .clamp(1, MAX_PLY as u32 - 2);
        let mut score: i32 = 0;
        for depth in 1..=max_depth {
            // Lazy SMP: odd helpers search one ply deeper, so threads spread over two depths.
            let depth = (depth + (self.id % 2) as u32).min(max_depth);
            self.seldepth = 0;
            self.root_skip.clear();
            for line in 0..lines {
                // Step 1. Aspiration window around the last score, widened on failure (the
                // best line only: the others are searched with the full window).
                let mut delta = P.aspiration_delta;
                let (mut alpha, mut beta) = if line == 0
                    && depth >= P.aspiration_min_depth as u32
                    && score.abs() < MATE_BOUND
                {
                    (score - delta, score + delta)
                } else {
                    (-INFINITY, INFINITY)
                };
                let line_score = loop {
                    let s = self.negamax(root, depth as i32, alpha, beta, 0, true);
                    if self.stopped {
                        break s;
                    }
                    if s <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (s - delta).max(-INFINITY);
                    } else if s >= beta {
                        beta = (s + delta).min(INFINITY);
                    } else {
                        break s;
                    }
                    delta += delta;
                    if delta > P.aspiration_max_delta {
                        (alpha, beta) = (-INFINITY, INFINITY);
                    }
                };
                // Step 1b. An interrupted iteration still answers when a root move was searched
                // to its end and raised alpha: at this depth it is proven better than the moves
                // searched before it (the last iteration's best, the table's move, comes first)
                // or, failing low on them, better than the window's floor. Stockfish plays it
                // too. Its score is a lower bound on the root's: the moves after it were not
                // searched. The iteration is not counted as completed (`result.depth`).
                if self.stopped && line == 0 && self.pv_len[0] > 0 {
                    self.answer_from_root_pv(&mut result, self.root_score);
                    if self.id == 0 {
                        let multipv = if lines > 1 { 1 } else { 0 };
                        let mut info = self.info(root, depth, self.root_score, multipv);
                        info.bound = Some(ScoreBound::Lower);
                        report(&info);
                    }
                }
                if self.stopped || self.pv_len[0] == 0 {
                    break;
                }
                // Step 2. A completed iteration: its principal variation is the answer so far.
                if line == 0 {
                    let best = self.pv[0][0].or(result.best);
                    if depth > 1 {
                        self.progress = Progress {
                            stable_iterations: if best == result.best {
                                self.progress.stable_iterations + 1
                            } else {
                                0
                            },
                            score_drop: (score - line_score).clamp(-MATE_BOUND, MATE_BOUND),
                            best_share_permille: (self.root_best_nodes * 1000
                                / (self.nodes - self.root_start_nodes).max(1))
                                as u32,
                        };
                    }
                    score = line_score;
                    self.answer_from_root_pv(&mut result, score);
                    result.depth = depth;
                }
                if let Some(m) = self.pv[0][0] {
                    self.root_skip.push(G::move_id(m));
                }
                if self.id == 0 {
                    self.shared_nodes
                        .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
                    self.flushed = self.nodes;
                    let multipv = if lines > 1 { line as u32 + 1 } else { 0 };
                    report(&self.info(root, depth, line_score, multipv));
                }
            }
            self.root_skip.clear();
            if self.stopped {
                break;
            }
            if self.id == 0 && self.should_stop_iterating(depth, score) {
                break;
            }
        }
        // `go infinite` and pondering wait for `stop` (or `ponderhit`) before answering.
        if self.id == 0 {
            while !self.control.stopped()
                && (self.limits.infinite || self.control.pondering())
                && !self.stopped
            {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        result.nodes = self.total_nodes();
        result
    }

    /// The answer so far from the root's principal variation (`pv[0]`, at least one move long):
    /// its first move to play (the previous answer if it has none), its second to ponder on, and
    /// `score`. A completed iteration and an interrupted one that found a best move both answer
    /// so; `result.depth` is the caller's (only a completed iteration counts).
    fn answer_from_root_pv(&self, result: &mut SearchResult<G::Move>, score: i32) {
        result.best = self.pv[0][0].or(result.best);
        result.ponder = if self.pv_len[0] > 1 {
            self.pv[0][1]
        } else {
            None
        };
        result.score = score;
    }

    fn should_stop_iterating(&self, depth: u32, score: i32) -> bool {
        if self.limits.infinite || self.control.pondering() {
            return false;
        }
        // A mate found and proven by a search deep enough to see it: nothing more to learn.
        if score.abs() >= MATE_BOUND && depth as i32 >= 2 * (MATE - score.abs()) + 2 {
            return self.limits.depth.is_none() && self.limits.nodes.is_none();
        }
        // A fixed time per move (UCI `movetime`, XBoard `st`) is searched to its end, as GUIs
        // and other engines read it: the hard limit stops the search.
        if self.limits.movetime.is_some() {
            return false;
        }
        // Another iteration costs several times the last one: do not start what cannot end —
        // past half the soft target, stretched or shrunk by how settled the search is.
        self.budget.is_some_and(|b| {
            self.control.budget_time(self.timer.elapsed())
                >= b.soft.mul_f64(0.5 * self.progress.scale())
        })
    }

    fn info(&self, root: &G, depth: u32, score: i32, multipv: u32) -> Info {
        let elapsed = self.timer.elapsed();
        let nodes = self.total_nodes();
        let mut pv = Vec::new();
        let mut pos = root.clone();
        for &m in self.pv[0][..self.pv_len[0]].iter().flatten() {
            pv.push(pos.format_move(m));
            pos = pos.play(m);
        }
        Info {
            depth,
            seldepth: self.seldepth as u32,
            score: Score::from_internal(score),
            nodes,
            nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
            time: elapsed,
            hashfull: self.tt.hashfull(),
            pv,
            multipv,
            bound: None,
        }
    }

    /// Score of a position without legal moves, by the game's own rules (mate, stalemate — a
    /// loss in Courier —, no legal move, a lost bare king).
    fn terminal(pos: &G, ply: usize) -> i32 {
        match pos.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == pos.side_to_move() => MATE - ply as i32,
            Some(Outcome::Win { .. }) => -MATE + ply as i32,
            _ => 0,
        }
    }

    /// A draw by rule at the node `ply` plies below the root: bare kings, or the move-count rule
    /// (docs/rules.md S8, C8, D10) where its count reaches the limit inside the search. A host
    /// may play on past the limit (cutechess plays Courier to its own 70-move rule, C8
    /// [choice]); from such a root, a line is drawn by the rule only where an irreversible move
    /// inside the search starts the count again and it reaches the limit anew (its count is
    /// then below `ply`), not at every node of every line.
    #[inline(always)]
    fn draw_by_rule(&self, pos: &G, ply: usize) -> bool {
        (pos.draws_by_move_rule()
            && (!self.root_past_move_rule || (pos.reversible_plies() as usize) < ply))
            || pos.draws_by_bare_kings()
    }

    /// The current position repeats one since the last irreversible move (same side to move).
    fn is_repetition(&self, pos: &G) -> bool {
        let key = pos.key();
        let window = (pos.reversible_plies() as usize).min(self.keys.len());
        self.keys[self.keys.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&k| k == key)
    }

    fn update_pv(&mut self, ply: usize, m: G::Move) {
        self.pv[ply][ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// Principal-variation alpha-beta. `depth` in plies; returns a score from the side to move's
    /// view within (alpha, beta) or a bound beyond them.
    fn negamax(
        &mut self,
        pos: &G,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        self.enter(pos, ply);
        let in_check = pos.in_check();

        // Step 1. Draws by rule and repetition; mate-distance pruning.
        if ply > 0 {
            if (!in_check && self.draw_by_rule(pos, ply)) || self.is_repetition(pos) {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, ply);
        }

        // Step 2. Check extension: a side in check gets one more ply, so mates and escapes are
        // seen to their end. It cannot run away: each extension needs a check.
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiescence(pos, alpha, beta, ply);
        }

        // Step 3. Transposition table: a deep enough bound ends the node outside the PV.
        let key = pos.key();
        let entry = self.tt.probe(key);
        let tt_move = entry.map_or(0, |e| e.move_id);
        // The entry's score seen from this ply (mate distances re-based), read once for the
        // cutoff here and the pruning's evaluation (step 4b).
        let tt_score = entry.map(|e| score_from_tt(e.score, ply));
        if let (Some(e), Some(s)) = (entry, tt_score) {
            if !pv_node
                && e.depth >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                return s;
            }
        }

        // Step 4. Static evaluation, only where standing pat means something.
        let quiet_node = !in_check && !pos.capture_pending();
        let static_eval = if quiet_node {
            self.evaluate(pos, ply)
        } else {
            -INFINITY
        };

        // Step 4a. Improving: the static evaluation is above the one of our previous move (two
        // plies back, or four when that one had none). Where the position is getting better,
        // fail-highs are likelier and fail-lows rarer: prune less and reduce less below, and
        // cut more readily above beta.
        self.evals[ply] = static_eval;
        let improving = quiet_node
            && ply >= 2
            && if self.evals[ply - 2] != -INFINITY {
                static_eval > self.evals[ply - 2]
            } else {
                ply >= 4 && self.evals[ply - 4] != -INFINITY && static_eval > self.evals[ply - 4]
            };

        // Step 4b. The table's score, where its bound says it is at least as good a guess, stands
        // in for the static evaluation in the pruning below (a searched score beats a static one);
        // the improving flag keeps comparing static evaluations.
        let eval = match (entry, tt_score) {
            (Some(e), Some(s)) if quiet_node && s.abs() < MATE_BOUND => match e.bound {
                Bound::Exact => s,
                Bound::Lower if s > static_eval => s,
                Bound::Upper if s < static_eval => s,
                _ => static_eval,
            },
            _ => static_eval,
        };

        // Step 5. Reverse futility: far above beta near the leaves, a quiet position will not fall
        // back below it. Not in the PV, not in check, not with a capture pending.
        if !pv_node
            && quiet_node
            && depth <= P.rfp_max_depth
            && eval - P.rfp_margin * (depth - improving as i32) >= beta
            && beta.abs() < MATE_BOUND
        {
            return eval;
        }

        // Step 6. Null move: if passing still fails high, a real move will too. Sound only where
        // zugzwang is rare — the game decides through `null_move()` (never in Dual checkers,
        // where passing is impossible and zugzwang common; never with only king and pawns).
        if !pv_node
            && quiet_node
            && depth >= P.nmp_min_depth
            && eval >= beta
            && ply > 0
            && beta.abs() < MATE_BOUND
        {
            if let Some(null) = pos.null_move() {
                self.tt.prefetch(null.key());
                let r = P.nmp_base + depth / P.nmp_depth_div;
                self.moved[ply] = NO_PIECE_TO;
                self.keys.push(key);
                let s = -self.negamax(&null, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        // Step 6a. Internal iterative reduction: a node deep enough that the table holds no move
        // for it has never been searched this deep, so its move order is a guess; it is searched
        // a ply shallower (and stored at the depth searched), and the next iteration, finding the
        // move this one stores, searches it at full depth with a good first move.
        let depth = if depth >= P.iir_min_depth && tt_move == 0 {
            depth - 1
        } else {
            depth
        };

        // Step 7. Moves; none means the game is decided here. A list holds at most MAX_MOVES
        // moves: where a position has more (dense Dual-checkers positions set up by FEN), the
        // search searches the ones it got — an engine may search a subset of the moves, it never
        // plays an illegal one (`Game::generate`).
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            return Self::terminal(pos, ply);
        }
        let mut scores = Scores::new();
        let ctx = Context {
            prev1: if ply >= 1 {
                self.moved[ply - 1]
            } else {
                NO_PIECE_TO
            },
            prev2: if ply >= 2 {
                self.moved[ply - 2]
            } else {
                NO_PIECE_TO
            },
        };
        self.heuristics
            .score(pos, &moves, tt_move, ply, ctx, &mut scores);

        // Step 8. The move loop: the first move with the full window, the others with a null
        // window (re-searched when they beat alpha), late quiet moves reduced.
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = [0u16; 64];
        let mut n_quiets = 0;
        let mut searched = 0;
        let restricted_root = ply == 0 && (self.root_only.is_some() || !self.root_skip.is_empty());
        if ply == 0 {
            self.root_start_nodes = self.nodes;
            self.root_best_nodes = 0;
        }
        let list = moves.as_mut_slice();
        for i in 0..list.len() {
            pick_next(list, &mut scores, i, |m| pos.see_ge(m, 0));
            let m = list[i];
            if restricted_root && self.skip_root(G::move_id(m)) {
                continue;
            }
            let tactical = pos.is_tactical(m);
            // Step 8a. Near the leaves, outside the PV, with a move already searched: a quiet
            // move that gives no check is skipped when the static evaluation is far below alpha
            // (futility: it would need to win material it does not attack) or when many moves
            // have been tried (move-count pruning: good quiet moves come early in the ordering).
            // Whether it gives check is asked only here, where the cheap conditions hold, and
            // before the static exchange of step 8b: a move pruned here never costs one.
            let late_quiet = !pv_node
                && quiet_node
                && !in_check
                && !tactical
                && searched > 0
                && best_score > -MATE_BOUND
                && ((depth <= P.lmp_max_depth
                    && searched
                        >= ((P.lmp_base + P.lmp_mul * depth * depth) >> (!improving as i32))
                            as usize)
                    || {
                        // Futility asks the depth the move would be searched to after its
                        // late-move reduction (Stockfish's `lmrDepth`), so it reaches deeper
                        // nodes for late moves.
                        let lmr_depth =
                            (depth - 1 - self.reductions[depth.min(63) as usize][i.min(63)] / 1024)
                                .max(0);
                        lmr_depth <= P.futility_max_depth
                            && static_eval + P.futility_base + P.futility_mul * lmr_depth.max(1)
                                <= alpha
                    });
            // Whether a quiet move gives check: asked once, for pruning and for reductions
            // alike (both leave tactical moves, evasions and the first move alone), before the
            // move is made (`gives_check`), so a pruned move costs no `play`.
            let mut quiet_check = None;
            if late_quiet {
                if !pos.gives_check(m) {
                    continue;
                }
                quiet_check = Some(true);
            }
            // Step 8b. SEE pruning near the leaves, outside the PV, with a move already searched:
            // a move that loses more material by static exchange than the depth left could win
            // back (quiet moves: linear in depth, tactical ones: quadratic, as Ethereal's). Not
            // in check (every evasion may be needed). Asked before the move is made, so a pruned
            // move costs no `play`. Only Courier has an exact exchange; Schachdame and Dual
            // checkers (compulsory captures) answer `see_ge` true, so nothing is pruned there.
            if !pv_node
                && !in_check
                && searched > 0
                && depth <= P.see_max_depth
                && best_score > -MATE_BOUND
                && !pos.see_ge(
                    m,
                    if tactical {
                        -P.see_tactical_margin * depth * depth
                    } else {
                        -P.see_quiet_margin * depth
                    },
                )
            {
                continue;
            }
            let quiet_check = quiet_check
                .unwrap_or_else(|| !tactical && !in_check && i > 0 && pos.gives_check(m));
            let child = pos.play(m);
            self.tt.prefetch(child.key());
            searched += 1;
            let nodes_before = self.nodes;
            let pt = pos.piece_to(m) as u16;
            self.moved[ply] = pt;
            self.keys.push(key);
            let s = if searched == 1 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, pv_node)
            } else {
                // Late-move reduction: moves ordered late rarely matter; a reduced search that
                // beats alpha is repeated at full depth, so nothing is lost but time. Quiet
                // moves from the second one on (the third in the PV) and captures that lose
                // material by SEE; less for killers, in the PV and for a good history, more for
                // a bad one. Not for evasions or checks (check chains decide Courier games).
                let late = searched > 1 + pv_node as usize;
                let losing_capture = tactical && is_losing(scores[i]);
                let r = if depth >= P.lmr_min_depth
                    && late
                    && (!tactical || losing_capture)
                    && !in_check
                    && !quiet_check
                {
                    let mut r = self.reductions[depth.min(63) as usize][i.min(63)];
                    r -= 1024 * pv_node as i32;
                    r += 512 * (!improving) as i32;
                    if is_killer(scores[i]) {
                        r -= 1024;
                    } else if !tactical {
                        r -= scores[i] / (P.lmr_history_div / 1024);
                    }
                    (r / 1024).clamp(0, depth - 2)
                } else {
                    0
                };
                let mut s =
                    -self.negamax(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if s > best_score {
                best_score = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if ply == 0 {
                        self.root_best_nodes = self.nodes - nodes_before;
                        self.root_score = s;
                    }
                    if s >= beta {
                        if !tactical {
                            let side = pos.side_to_move();
                            let tried = &quiets_tried[..n_quiets];
                            self.heuristics.cutoff(ply, side, ctx, m, pt, tried, depth);
                        }
                        break;
                    }
                }
            }
            if !tactical && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = pt;
                n_quiets += 1;
            }
        }

        // Step 9. Store the result (not for a root searched with moves left out: its score is
        // not the position's).
        if restricted_root {
            return best_score;
        }
        self.store(
            key,
            best_move,
            best_score,
            (original_alpha, beta),
            depth,
            ply,
        );
        best_score
    }

    /// Stores `score`, found at `ply` and `depth` with the window `(alpha, beta)`, and the move
    /// that gave it, as the bound the window makes it.
    fn store(
        &self,
        key: u64,
        best_move: Option<G::Move>,
        score: i32,
        (alpha, beta): (i32, i32),
        depth: i32,
        ply: usize,
    ) {
        let bound = if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            Entry {
                move_id: best_move.map_or(0, G::move_id),
                score: score_to_tt(score, ply),
                depth,
                bound,
            },
        );
    }

    /// Quiescence: only tactical moves, with the static evaluation as a floor ("stand pat") —
    /// except where standing pat is not allowed (in check, a compulsory capture pending), where
    /// every legal move is searched.
    fn quiescence(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        self.enter(pos, ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, ply);
        }
        let stand_pat = pos.stand_pat_allowed();
        if stand_pat && self.draw_by_rule(pos, ply) {
            return 0;
        }
        // The transposition table: any stored bound is deep enough here (quiescence is depth 0);
        // it ends a node outside the PV (a null window), and its move is tried first.
        let key = pos.key();
        let entry = self.tt.probe(key);
        let tt_move = entry.map_or(0, |e| e.move_id);
        if let Some(e) = entry {
            let s = score_from_tt(e.score, ply);
            if beta - alpha == 1
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                return s;
            }
        }
        let original_alpha = alpha;
        let mut best_move = None;
        let mut best = -INFINITY;
        if stand_pat {
            best = self.evaluate(pos, ply);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        // Standing pat, only the tactical moves can be searched: only they are generated.
        let mut moves = MoveList::new();
        let any_move = if stand_pat {
            pos.generate_tactical(&mut moves)
        } else {
            pos.generate(&mut moves);
            !moves.is_empty()
        };
        if !any_move {
            return Self::terminal(pos, ply);
        }
        let mut scores = Scores::new();
        self.heuristics
            .score(pos, &moves, tt_move, ply, Context::NONE, &mut scores);
        let list = moves.as_mut_slice();
        for i in 0..list.len() {
            pick_next(list, &mut scores, i, |m| pos.see_ge(m, 0));
            let m = list[i];
            if stand_pat && (!pos.is_tactical(m) || is_losing(scores[i])) {
                // The table's move comes first whatever it is: a quiet or losing one is not
                // searched here, and the moves after it are.
                if i == 0 && tt_move != 0 && G::move_id(m) == tt_move {
                    continue;
                }
                // Quiet moves come after the tactical moves that do not lose material, and the
                // losing ones after the quiet moves: standing pat, neither is searched.
                break;
            }
            let child = pos.play(m);
            self.tt.prefetch(child.key());
            let s = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        // Stored at depth 0, below every result of the main search (depth 1 and more), so it
        // never ends a node of the main search.
        self.store(key, best_move, best, (original_alpha, beta), 0, ply);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scaling in plain `i64`, as its documentation says.
    fn reference(v: i32, reversible: u32) -> i64 {
        let left = 200 - i64::from(reversible.min(100));
        (i64::from(v) * left / 200).clamp(i64::from(-MATE_BOUND + 1), i64::from(MATE_BOUND - 1))
    }

    /// A network's largest outputs (extreme output weights and bias) scale without
    /// overflowing: the sign stays, the score is the largest non-mate score.
    #[test]
    fn extreme_evaluations_scale_toward_a_draw_without_overflow() {
        let most = crate::nnue::network::OUTPUT_BOUND as i32;
        for v in [
            most,
            -most,
            i32::MAX,
            i32::MIN + 1,
            13_000_000,
            -13_000_000,
            11_000_000,
        ] {
            for reversible in [0, 1, 36, 37, 50, 99, 100, 150, u32::MAX] {
                let got = scale_toward_draw(v, reversible);
                assert_eq!(i64::from(got), reference(v, reversible), "{v} {reversible}");
                assert_eq!(got.signum(), v.signum(), "{v} {reversible}");
            }
        }
        for v in [-3000, -1, 0, 1, 77, 2999] {
            for reversible in [0, 40, 100, 200] {
                assert_eq!(
                    i64::from(scale_toward_draw(v, reversible)),
                    reference(v, reversible)
                );
            }
        }
        assert_eq!(scale_toward_draw(100, 0), 100);
        assert_eq!(scale_toward_draw(100, 100), 50);
    }
}
