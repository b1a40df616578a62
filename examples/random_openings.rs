//! Opening positions for engine matches: `COUNT` distinct positions after `PLIES` random legal
//! plies from the game's start (a fixed seed, so the file can be made again), none of them
//! finished. Matches play each with both colours, so an unbalanced one costs nothing in fairness.
//!
//! `cargo run --release --example random_openings -- VARIANT COUNT PLIES SEED > openings/x.epd`

use kurier_engine::protocol::session::AnyRecord;
use kurier_rules::games::Variant;
use std::collections::HashSet;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, count, plies, seed] = args.as_slice() else {
        return Err("usage: random_openings VARIANT COUNT PLIES SEED".to_string());
    };
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    let number = |s: &str| s.parse::<u64>().map_err(|e| format!("'{s}': {e}"));
    let (count, plies, mut state) = (number(count)?, number(plies)?, number(seed)?);
    let mut next = move |n: usize| {
        // xorshift64*: small, fast and good enough to pick moves.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    };
    println!("# {count} openings for {variant}: {plies} random plies from the start, seed {seed}");
    println!("# made by: cargo run --release --example random_openings -- {variant} {count} {plies} {seed}");
    let mut seen = HashSet::new();
    let mut tries = 0;
    while (seen.len() as u64) < count && tries < count * 1000 {
        tries += 1;
        let mut game = AnyRecord::start(variant);
        let mut ok = true;
        for _ in 0..plies {
            // Openings from the start position never have more moves than a list holds.
            let legal = game.legal_moves().unwrap_or_default();
            if legal.is_empty() || game.result().is_some() {
                ok = false;
                break;
            }
            game.play_text(&legal[next(legal.len())])
                .map_err(|e| e.to_string())?;
        }
        let fen = game.fen();
        if ok && game.result().is_none() && seen.insert(fen.clone()) {
            println!("{fen}");
        }
    }
    Ok(())
}
