//! Times the reading of training data as `kurier train` and `kurier tune` read it (text or
//! packed, by the first bytes), without the filter that follows:
//! `cargo run --release -p kurier-tune --example read_data -- VARIANT FILE...` prints the
//! positions and the median of three reads.

use kurier_rules::games::Variant;
use kurier_rules::with_game;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((variant, files)) = args.split_first() else {
        eprintln!("usage: read_data VARIANT FILE...");
        std::process::exit(2);
    };
    let variant: Variant = variant.parse().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let mut times = Vec::new();
    let mut positions = 0;
    for _ in 0..3 {
        let t0 = Instant::now();
        positions = with_game!(variant, G => kurier_tune::tune::data::read_files::<G>(files)
            .unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(1)
            })
            .len());
        times.push(t0.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{positions} positions, median of 3 reads {:.3} s (all: {times:.3?})",
        times[1]
    );
}
