//! Perft: counting the leaf nodes of the legal-move tree, the standard proof of a move
//! generator. Generic over [`Game`], with bulk counting at the last ply ([`Game::count_moves`],
//! as Fairy-Stockfish does), a divide per root move, parallelism across subtrees with rayon, and
//! an EPD suite runner.
//!
//! Counts are exact however many moves a position has: where a [`MoveList`] overflows
//! ([`crate::game::MAX_MOVES`], dense Dual-checkers positions), the moves come from
//! [`Game::for_each_move`] instead, and the last ply's [`Game::count_moves`] is exact anyway.

use crate::game::{Game, MoveList};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Leaf nodes `depth` plies below `pos` (1 at depth 0).
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut list = MoveList::new();
            pos.generate(&mut list);
            if list.overflowed() {
                let mut n = 0;
                pos.for_each_move(&mut |m| n += perft(&pos.play(m), depth - 1));
                return n;
            }
            list.iter().map(|&m| perft(&pos.play(m), depth - 1)).sum()
        }
    }
}

/// Calls `f` for every legal move of `pos`, also beyond [`crate::game::MAX_MOVES`]: in
/// generation order, unless the list overflows.
fn each_move<G: Game>(pos: &G, mut f: impl FnMut(G::Move)) {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    if list.overflowed() {
        pos.for_each_move(&mut f);
    } else {
        list.iter().for_each(|&m| f(m));
    }
}

/// How many subtrees per thread a parallel perft aims for (see [`divide`]).
pub const ITEMS_PER_THREAD: usize = 64;

/// Reports progress of a long run on stderr, at most once a second, after the first two seconds.
pub struct Progress {
    start: Instant,
    last: Mutex<Instant>,
    done: AtomicUsize,
    total: usize,
    nodes: AtomicU64,
    enabled: bool,
}

impl Progress {
    /// Progress over `total` work items; silent unless `enabled`.
    pub fn new(total: usize, enabled: bool) -> Self {
        let now = Instant::now();
        Progress {
            start: now,
            last: Mutex::new(now),
            done: AtomicUsize::new(0),
            total,
            nodes: AtomicU64::new(0),
            enabled,
        }
    }

    /// One work item of `nodes` nodes is finished (0 when the item counts positions, not nodes).
    pub fn tick(&self, nodes: u64) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let nodes = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        let Ok(mut last) = self.last.try_lock() else {
            return;
        };
        if now.duration_since(self.start) > Duration::from_secs(2)
            && now.duration_since(*last) >= Duration::from_secs(1)
        {
            *last = now;
            let secs = now.duration_since(self.start).as_secs_f64();
            if nodes == 0 {
                eprintln!("perft: {done}/{} positions, {secs:.1} s", self.total);
            } else {
                eprintln!(
                    "perft: {done}/{} subtrees, {nodes} nodes, {secs:.1} s, {:.1} Mnps",
                    self.total,
                    nodes as f64 / secs / 1e6
                );
            }
        }
    }
}

/// Perft split by root move: `(move, leaf count)` in generation order. With `threads` > 1 the
/// tree is cut a few plies down, into at least [`ITEMS_PER_THREAD`] subtrees per thread while
/// at least 3 plies remain below the cut, and the subtrees are shared out between the threads:
/// far better balanced than the handful of root moves alone.
pub fn divide<G: Game>(pos: &G, depth: u32, threads: usize, progress: bool) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    if depth == 1 {
        // One leaf per move: no position to play (a dense Dual-checkers position has tens of
        // millions of moves).
        let mut out = Vec::new();
        each_move(pos, |m| out.push((m, 1)));
        return out;
    }
    let mut roots = Vec::new();
    each_move(pos, |m| roots.push(m));
    if threads <= 1 || depth < 3 {
        let p = Progress::new(roots.len(), progress);
        return roots
            .iter()
            .map(|&m| {
                let n = perft(&pos.play(m), depth - 1);
                p.tick(n);
                (m, n)
            })
            .collect();
    }
    // Work items: (root index, position below the cut); `left` plies remain below them.
    let mut items: Vec<(usize, G)> = roots
        .iter()
        .enumerate()
        .map(|(i, &m)| (i, pos.play(m)))
        .collect();
    let mut left = depth - 1;
    while left > 3 && items.len() < ITEMS_PER_THREAD * threads {
        let mut next = Vec::with_capacity(items.len() * 8);
        for (i, p) in &items {
            each_move(p, |r| next.push((*i, p.play(r))));
        }
        items = next;
        left -= 1;
    }
    let p = Progress::new(items.len(), progress);
    let counts = count_items(&items, left, threads, &p);
    let mut totals = vec![0u64; roots.len()];
    for (i, n) in counts {
        totals[i] += n;
    }
    roots.into_iter().zip(totals).collect()
}

/// Perft `left` plies below each work item, on `threads` threads: `(root index, count)`.
#[cfg(feature = "parallel")]
fn count_items<G: Game>(
    items: &[(usize, G)],
    left: u32,
    threads: usize,
    p: &Progress,
) -> Vec<(usize, u64)> {
    let run = || {
        items
            .par_iter()
            .map(|(i, below)| {
                let n = perft(below, left);
                p.tick(n);
                (*i, n)
            })
            .collect::<Vec<_>>()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(run),
        Err(e) => {
            log::warn!("could not start {threads} threads ({e}); using rayon's global pool");
            run()
        }
    }
}

/// Perft `left` plies below each work item, on this thread (built without `parallel`).
#[cfg(not(feature = "parallel"))]
fn count_items<G: Game>(
    items: &[(usize, G)],
    left: u32,
    _threads: usize,
    p: &Progress,
) -> Vec<(usize, u64)> {
    items
        .iter()
        .map(|(i, below)| {
            let n = perft(below, left);
            p.tick(n);
            (*i, n)
        })
        .collect()
}

/// One line of an EPD perft file: a FEN and the expected counts by depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdEntry {
    /// Line number in the file, from 1.
    pub line: usize,
    /// The position.
    pub fen: String,
    /// `(depth, expected leaf count)`, in the order written.
    pub counts: Vec<(u32, u64)>,
}

/// Reads an EPD perft file: `<FEN> ;D1 n ;D2 n ...` per line; `#` starts a comment line; blank
/// lines are skipped. Returns the entries, or the first malformed line with the reason.
pub fn parse_epd(text: &str) -> Result<Vec<EpdEntry>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        for part in parts {
            let part = part.trim();
            let bad = || {
                format!(
                    "line {}: bad depth entry '{part}' (want 'D<n> <count>')",
                    i + 1
                )
            };
            let (d, n) = part.split_once(char::is_whitespace).ok_or_else(bad)?;
            let depth: u32 = d
                .strip_prefix('D')
                .and_then(|d| d.parse().ok())
                .ok_or_else(bad)?;
            let count: u64 = n.trim().parse().map_err(|_| bad())?;
            counts.push((depth, count));
        }
        if counts.is_empty() {
            return Err(format!("line {}: no ';D<n> <count>' entries", i + 1));
        }
        out.push(EpdEntry {
            line: i + 1,
            fen,
            counts,
        });
    }
    Ok(out)
}

/// The outcome of checking one EPD entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryResult {
    /// Every checked depth matched; the number of depths checked.
    Passed(usize),
    /// A depth gave another count: `(depth, expected, found)`.
    Mismatch(u32, u64, u64),
    /// The FEN was rejected.
    BadFen(String),
    /// A depth deeper than [`MAX_DEPTH`] would be checked: never run.
    TooDeep(TooDeep),
}

/// Checks one entry up to `max_depth`.
pub fn check_entry<G: Game>(entry: &EpdEntry, max_depth: u32) -> EntryResult {
    let pos = match G::from_fen(&entry.fen) {
        Ok(p) => p,
        Err(e) => return EntryResult::BadFen(e.to_string()),
    };
    let mut checked = 0;
    for &(depth, expected) in &entry.counts {
        if depth > max_depth {
            continue;
        }
        if let Err(e) = check_depth(depth) {
            return EntryResult::TooDeep(e);
        }
        let found = perft(&pos, depth);
        if found != expected {
            return EntryResult::Mismatch(depth, expected, found);
        }
        checked += 1;
    }
    EntryResult::Passed(checked)
}

/// Checks every entry, `threads` positions at a time, and returns the results in file order.
pub fn run_suite<G: Game>(
    entries: &[EpdEntry],
    max_depth: u32,
    threads: usize,
) -> Vec<EntryResult> {
    let p = Progress::new(entries.len(), true);
    let check = |e: &EpdEntry| {
        let r = check_entry::<G>(e, max_depth);
        p.tick(0);
        r
    };
    #[cfg(feature = "parallel")]
    {
        let work = || entries.par_iter().map(check).collect();
        match rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
        {
            Ok(pool) => pool.install(work),
            Err(_) => work(),
        }
    }
    #[cfg(not(feature = "parallel"))]
    {
        let _ = threads;
        entries.iter().map(check).collect()
    }
}

/// The deepest perft run, in plies. Two reasons for a bound: a deeper perft never finishes (the
/// deepest ever computed for chess is 15 plies, and these games branch as much or more; perft
/// here has no hash table to share subtrees), and every ply costs a stack frame holding a
/// position and a [`MoveList`] (kilobytes each), so a depth of thousands overflowed the stack
/// and killed the process. 64 plies leave every real depth room and stay far inside any thread's
/// stack.
pub const MAX_DEPTH: u32 = 64;

/// A perft deeper than [`MAX_DEPTH`] was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooDeep(pub u32);

impl std::fmt::Display for TooDeep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "perft depth {} is deeper than {MAX_DEPTH}, the deepest perft goes (a deeper one never finishes)",
            self.0
        )
    }
}

impl std::error::Error for TooDeep {}

/// `depth` if perft goes that deep ([`MAX_DEPTH`]).
pub fn check_depth(depth: u32) -> Result<u32, TooDeep> {
    if depth > MAX_DEPTH {
        Err(TooDeep(depth))
    } else {
        Ok(depth)
    }
}

/// Plies at the bottom of [`perft_until`] counted by [`perft`] without looking at the stop flag:
/// a few milliseconds of work at most, in every game.
const UNCHECKED_PLIES: u32 = 3;

/// [`perft`] that gives up (`None`) once `stop` is set: the flag is read at every node with more
/// than [`UNCHECKED_PLIES`] plies below it, so even a single deep subtree stops within
/// milliseconds.
pub fn perft_until<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= UNCHECKED_PLIES {
        return Some(perft(pos, depth));
    }
    let mut total = 0;
    let mut stopped = false;
    // Every move, also past a full list (dense Dual-checkers positions).
    each_move(pos, |m| {
        if !stopped {
            match perft_until(&pos.play(m), depth - 1, stop) {
                Some(n) => total += n,
                None => stopped = true,
            }
        }
    });
    (!stopped).then_some(total)
}

/// [`divide`] that gives up (`None`) once `stop` is set ([`perft_until`]); `threads` > 1 share
/// out the root moves (with the `parallel` feature). No progress report: the caller is a
/// protocol session, whose output is the protocol's.
pub fn divide_until<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Option<Vec<(G::Move, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    if depth == 1 {
        // One leaf per move, as in [`divide`]; the stop flag is read every 4096 moves.
        let mut out = Vec::new();
        let mut stopped = false;
        each_move(pos, |m| {
            if out.len() % 4096 == 0 && stop.load(Ordering::Relaxed) {
                stopped = true;
            }
            if !stopped {
                out.push((m, 1));
            }
        });
        return (!stopped).then_some(out);
    }
    let mut roots = Vec::new();
    each_move(pos, |m| roots.push(m));
    let one = |&m: &G::Move| perft_until(&pos.play(m), depth - 1, stop).map(|n| (m, n));
    #[cfg(feature = "parallel")]
    if threads > 1 {
        let run = || roots.as_slice().par_iter().map(one).collect();
        return match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        };
    }
    let _ = threads;
    roots.iter().map(one).collect()
}

#[cfg(test)]
mod stop_tests {
    use super::*;
    use crate::games::courier::Courier;
    use crate::games::dual::DualCheckers;
    use crate::games::schachdame::Schachdame;

    fn same_as_divide<G: Game>(depth: u32) {
        let pos = G::start();
        let go = AtomicBool::new(false);
        for threads in [1, 2] {
            assert_eq!(
                divide_until(&pos, depth, threads, &go),
                Some(divide(&pos, depth, 1, false))
            );
        }
        assert_eq!(perft_until(&pos, depth, &go), Some(perft(&pos, depth)));
    }

    #[test]
    fn unstopped_it_counts_what_perft_counts() {
        same_as_divide::<Schachdame>(5);
        same_as_divide::<Courier>(4);
        same_as_divide::<DualCheckers>(5);
        assert_eq!(
            divide_until(&Courier::start(), 0, 1, &AtomicBool::new(false)),
            Some(vec![])
        );
    }

    #[test]
    fn a_set_flag_stops_it() {
        let stop = AtomicBool::new(true);
        assert_eq!(perft_until(&Courier::start(), 9, &stop), None);
        assert_eq!(divide_until(&Courier::start(), 9, 2, &stop), None);
        // Set from another thread while one deep subtree is being counted.
        let stop = AtomicBool::new(false);
        let pos = Courier::start();
        let started = std::time::Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                stop.store(true, Ordering::Relaxed);
            });
            assert_eq!(perft_until(&pos, 8, &stop), None);
        });
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn the_depth_bound_is_checked_and_said() {
        assert_eq!(check_depth(MAX_DEPTH), Ok(MAX_DEPTH));
        assert_eq!(check_depth(MAX_DEPTH + 1), Err(TooDeep(MAX_DEPTH + 1)));
        assert!(TooDeep(20000).to_string().contains("20000"));
        assert!(TooDeep(20000).to_string().contains(&MAX_DEPTH.to_string()));
        let entry = EpdEntry {
            line: 1,
            fen: crate::games::schachdame::START_FEN.to_string(),
            counts: vec![(1, 7), (20000, 1)],
        };
        assert_eq!(
            check_entry::<Schachdame>(&entry, u32::MAX),
            EntryResult::TooDeep(TooDeep(20000))
        );
        assert_eq!(check_entry::<Schachdame>(&entry, 5), EntryResult::Passed(1));
    }
}
