//! Replays the moves the engines sent in an XBoard debug log (`xboard -debug
//! -nameOfDebugFile FILE`) with Kurier's rules and prints the final position: the check behind
//! the README's XBoard games (every move legal, the true final position, the result).
//!
//! `cargo run --release --example xboard_log_replay -- VARIANT DEBUG.LOG`

use kurier_engine::protocol::session::AnyRecord;
use kurier_rules::games::Variant;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, log] = args.as_slice() else {
        return Err("usage: xboard_log_replay VARIANT DEBUG.LOG".to_string());
    };
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    let text = std::fs::read_to_string(log).map_err(|e| format!("{log}: {e}"))?;
    let mut record: Option<AnyRecord> = None;
    let mut plies = 0;
    // Courier from XBoard's own array when the engines were told so (CourierStart=array).
    let array = text.contains(">first : option CourierStart=array");
    for line in text.lines() {
        // The start position XBoard gave the first engine (setboard), else the game's start.
        if let Some(fen) = line.split(">first : setboard ").nth(1) {
            record = Some(AnyRecord::from_fen(variant, fen.trim()).map_err(|e| e.to_string())?);
            plies = 0;
            continue;
        }
        let Some(mv) = line
            .split("<first : move ")
            .nth(1)
            .or_else(|| line.split("<second: move ").nth(1))
        else {
            continue;
        };
        let game = record.get_or_insert_with(|| AnyRecord::start_with(variant, array));
        let mv = mv.trim();
        game.play_relayed(mv)
            .map_err(|e| format!("ply {}: '{mv}': {e}", plies + 1))?;
        plies += 1;
    }
    let game = record.ok_or("no moves in the log")?;
    println!("plies: {plies}");
    println!("final: {}", game.fen());
    println!(
        "result: {}",
        game.result()
            .unwrap_or_else(|| "none by the rules".to_string())
    );
    Ok(())
}
