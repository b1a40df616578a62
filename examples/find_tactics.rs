//! Finds positions with a forced win in 1 to 3 moves by seeded random play, for the tactical
//! tests (`tests/search_tactics.rs`). Each position printed is proven by the brute-force prover
//! of `tests/common/forced.rs`, independent of the searcher.
//!
//! `cargo run --release --example find_tactics -- schachdame [SEED] [COUNT]`

#[path = "../tests/common/forced.rs"]
mod forced;

use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::Variant;
use kurier_rules::with_game;
use kurier_rules::zobrist::splitmix64;

fn find<G: Game>(seed: u64, count: usize) {
    let mut state = seed;
    let mut rand = move |n: usize| {
        let (s, z) = splitmix64(state);
        state = s;
        (z % n as u64) as usize
    };
    let mut found = [0usize; 4];
    let mut list = MoveList::new();
    while found[1..].iter().sum::<usize>() < count {
        let mut pos = G::start();
        let plies = 10 + rand(70);
        for _ in 0..plies {
            list.clear();
            pos.generate(&mut list);
            if list.is_empty() {
                break;
            }
            pos = pos.play(list[rand(list.len())]);
        }
        if pos.outcome().is_some() {
            continue;
        }
        if let Some(n) = forced::shortest_win(&pos, 3) {
            let n = n as usize;
            if found[n] < count / 3 + 1 {
                found[n] += 1;
                println!("win in {n}: {}", pos.fen());
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = match args.first().map(|s| s.parse()) {
        Some(Ok(v)) => v,
        _ => {
            eprintln!("usage: find_tactics VARIANT [SEED] [COUNT]");
            std::process::exit(2);
        }
    };
    let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let count = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(12);
    with_game!(variant, G => find::<G>(seed, count));
}
