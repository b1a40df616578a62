//! `kurier bench`: a fixed search of fixed positions of every game, one thread, a fresh table
//! per position. The node count is the same on every run and machine — a signature that commits
//! changing search behaviour quote (`Bench: N`) — and the speed is nodes per second.

use crate::search::{Limits, Searchable, Searcher};
use kurier_rules::record::GameRecord;
use std::io::Write;
use std::time::{Duration, Instant};

/// Nodes and time of one game's bench.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// Benches one game: each of its positions to its bench depth (or `depth`), printing a line per
/// position to `out`. With `use_nnue` the game's built-in network evaluates where it has one
/// (the engine's default, so the signature is the one the engine plays with); without it the
/// classical evaluation does, for comparing the two speeds.
pub fn bench_game<G: Searchable>(
    out: &mut impl Write,
    depth: Option<u32>,
    use_nnue: bool,
) -> std::io::Result<BenchResult> {
    let depth = depth.unwrap_or(G::BENCH_DEPTH);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut total = BenchResult::default();
    for fen in G::BENCH_POSITIONS {
        let pos = match G::from_fen(fen) {
            Ok(p) => p,
            Err(e) => unreachable!("bench FEN {fen} is valid: {e}"),
        };
        let start = Instant::now();
        let mut searcher = Searcher::new(16, 1);
        searcher.set_use_nnue(use_nnue);
        let r = searcher.search(&GameRecord::new(pos.clone()), &limits, &mut |_| {});
        let time = start.elapsed();
        let best = r.best.map_or("(none)".to_string(), |m| pos.format_move(m));
        writeln!(
            out,
            "{:<12} depth {depth:>2} nodes {:>10} best {best:<10} {fen}",
            G::NAME,
            r.nodes
        )?;
        total.nodes += r.nodes;
        total.time += time;
    }
    Ok(total)
}

/// Prints the totals in the contract's form: `Nodes searched: N`, then nodes per second.
pub fn print_total(out: &mut impl Write, total: BenchResult) -> std::io::Result<()> {
    writeln!(out, "Nodes searched: {}", total.nodes)?;
    writeln!(
        out,
        "Nodes/second: {}",
        (total.nodes as f64 / total.time.as_secs_f64().max(1e-9)) as u64
    )
}
