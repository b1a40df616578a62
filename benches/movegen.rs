//! Move generation from fixed positions of every phase: building the move list, and counting
//! moves without building it (perft's last ply).

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;

/// Benches list building and counting for every named position of game `G`.
fn bench_game<G: Game>(c: &mut Criterion, positions: &[(&str, &str)]) {
    let mut group = c.benchmark_group(format!("{}/movegen", G::NAME));
    for &(name, fen) in positions {
        let pos = match G::from_fen(fen) {
            Ok(p) => p,
            Err(e) => panic!("{name}: {e}"),
        };
        group.bench_function(format!("generate/{name}"), |b| {
            b.iter(|| {
                let mut list = MoveList::new();
                black_box(&pos).generate(&mut list);
                list.len()
            })
        });
        group.bench_function(format!("count/{name}"), |b| {
            b.iter(|| black_box(&pos).count_moves())
        });
    }
    group.finish();
}

/// Opening, middlegame, an ending with promotions near, and a position in check.
const POSITIONS: [(&str, &str); 4] = [
    (
        "start",
        "1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1",
    ),
    (
        "middlegame",
        "1p3b2/p1k3p1/3p3p/2P1p3/1P1B1P2/4P3/3K3P/6P1 w - - 0 12",
    ),
    ("ending", "8/2P3k1/8/4b3/8/2K3p1/8/8 w - - 0 40"),
    ("check", "7k/8/8/b7/8/8/3P1P2/4K3 w - - 0 1"),
];

fn movegen(c: &mut Criterion) {
    bench_game::<Schachdame>(c, &POSITIONS);
}

/// Courier: the start, a middlegame, an ending with promotions near, and a position in check.
const COURIER_POSITIONS: [(&str, &str); 4] = [
    (
        "start",
        "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
    ),
    (
        "middlegame",
        "r1eb1k1w1enr/1p1mpp1pp1p1/2n1p1f2pb1/p5p4p/P1P3P4P/3P2FE3N/1P1MPPKP1PP1/RNEB3W1R2 w - - 4 9",
    ),
    ("ending", "4k7/1P6p3/3r4P3/12/5K6/7b4/2p9/8R3 w - - 0 50"),
    (
        "check",
        "rn1bmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P1e3P4P/4P1F5/1PPPKP1PPPP1/RNEBM2WBENR w - - 3 3",
    ),
];

fn courier_movegen(c: &mut Criterion) {
    bench_game::<Courier>(c, &COURIER_POSITIONS);
}

/// Dual checkers: the start, a middlegame with a forced mixed capture, kings on both sides, and
/// the seed's king with four captures (docs/rules.md D8).
const DUAL_POSITIONS: [(&str, &str); 4] = [
    ("start", kurier_rules::games::dual::START_FEN),
    (
        "capture",
        "1m1m1m1m/m1m1m1m1/3m3m/2m5/M3m3/1M3M1M/2M1M1M1/1M1M1M1M w 0 4",
    ),
    ("kings", "1K2K3/7k/8/M7/2M5/8/8/8 b 0 32"),
    ("king-captures", "3m4/8/2m5/m2K3m/8/3m4/8/8 w 0 1"),
];

fn dual_movegen(c: &mut Criterion) {
    bench_game::<DualCheckers>(c, &DUAL_POSITIONS);
}

criterion_group!(benches, movegen, courier_movegen, dual_movegen);
criterion_main!(benches);
