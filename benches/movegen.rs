//! Move generation from fixed positions of every phase: building the move list, and counting
//! moves without building it (perft's last ply).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kurier::game::{Game, MoveList};
use kurier::games::schachdame::Schachdame;

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
    let mut group = c.benchmark_group("schachdame/movegen");
    for (name, fen) in POSITIONS {
        let pos = match Schachdame::from_fen(fen) {
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

criterion_group!(benches, movegen);
criterion_main!(benches);
