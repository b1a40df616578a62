//! Perft from fixed positions, single thread: the whole generator, make-move and bulk counting.
//! The start position to depth 6 here; the depth-8 comparison with Fairy-Stockfish is
//! `tools/bench_fsf_schachdame.sh` (README, "Speed").

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kurier_rules::game::Game;
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;
use kurier_rules::perft::perft;

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("schachdame/perft");
    group.sample_size(20);
    let start = Schachdame::start();
    group.bench_function("start/6", |b| b.iter(|| perft(black_box(&start), 6)));
    let middlegame =
        match Schachdame::from_fen("1p3b2/p1k3p1/3p3p/2P1p3/1P1B1P2/4P3/3K3P/6P1 w - - 0 12") {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
    group.bench_function("middlegame/5", |b| {
        b.iter(|| perft(black_box(&middlegame), 5))
    });
    group.finish();
}

/// Courier from the start to depth 5 (14 million leaves) and a middlegame to depth 4; the
/// depth-6 comparison with Fairy-Stockfish is `tools/bench_fsf_courier.sh`.
fn courier_perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("courier/perft");
    group.sample_size(10);
    let start = Courier::start();
    group.bench_function("start/5", |b| b.iter(|| perft(black_box(&start), 5)));
    let middlegame = match Courier::from_fen(
        "r1eb1k1w1enr/1p1mpp1pp1p1/2n1p1f2pb1/p5p4p/P1P3P4P/3P2FE3N/1P1MPPKP1PP1/RNEB3W1R2 w - - 4 9",
    ) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    group.bench_function("middlegame/4", |b| {
        b.iter(|| perft(black_box(&middlegame), 4))
    });
    group.finish();
}

/// Dual checkers from the start to depth 9 (4.2 million leaves) and a position with kings on
/// both sides to depth 6; the depth-11 figure is `kurier perft --variant dualcheckers --depth 11`.
fn dual_perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("dualcheckers/perft");
    group.sample_size(10);
    let start = DualCheckers::start();
    group.bench_function("start/9", |b| b.iter(|| perft(black_box(&start), 9)));
    let kings = match DualCheckers::from_fen("1K2K3/7k/8/M7/2M5/8/8/8 b 0 32") {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    group.bench_function("kings/6", |b| b.iter(|| perft(black_box(&kings), 6)));
    group.finish();
}

criterion_group!(benches, perft_bench, courier_perft_bench, dual_perft_bench);
criterion_main!(benches);
