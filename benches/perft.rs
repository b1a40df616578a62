//! Perft from fixed positions, single thread: the whole generator, make-move and bulk counting.
//! The start position to depth 6 here; the depth-8 comparison with Fairy-Stockfish is
//! `tools/bench_fsf_schachdame.sh` (README, "Speed").

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kurier::game::Game;
use kurier::games::schachdame::Schachdame;
use kurier::perft::perft;

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

criterion_group!(benches, perft_bench);
criterion_main!(benches);
