//! The real Dual-checkers generator against the simple one in `tests/support/dual_reference.rs`:
//! the same move sets (by the D12 identity) along random games, the same start-position perft,
//! and the numbers of `perft/dualcheckers.epd` recomputed by the simple generator.
//!
//! `cargo test --release --test dual_reference -- --ignored --nocapture print_epd_candidates`
//! prints the positions and counts the EPD file was built from.

#[path = "support/dual_reference.rs"]
mod reference;

use kurier_rules::game::{Color, Game, MoveList};
use kurier_rules::games::dual::captures::Leg;
use kurier_rules::games::dual::notation::capture_paths;
use kurier_rules::games::dual::{DualCheckers, Move};
use kurier_rules::perft::parse_epd;
use kurier_rules::zobrist::splitmix64;
use reference::{RefMove, RefPos};

fn to_ref(pos: &DualCheckers, m: Move) -> RefMove {
    RefMove {
        from: m.from(),
        to: m.to(),
        captured: m.captured(),
        king: m.is_promotion() || pos.kings(pos.side_to_move()) & (1u64 << m.from()) != 0,
    }
}

fn main_moves(pos: &DualCheckers) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    list.to_vec()
}

fn same_moves(pos: &DualCheckers) -> (Vec<Move>, RefPos) {
    let r = reference::parse(&pos.fen());
    assert_eq!(r.white, pos.side_to_move() == Color::White);
    let mine = main_moves(pos);
    let mut as_ref: Vec<RefMove> = mine.iter().map(|&m| to_ref(pos, m)).collect();
    as_ref.sort();
    let n = as_ref.len();
    as_ref.dedup();
    assert_eq!(n, as_ref.len(), "duplicate moves in {}", pos.fen());
    assert_eq!(as_ref, reference::moves(&r), "{}", pos.fen());
    assert_eq!(pos.count_moves() as usize, n, "{}", pos.fen());
    (mine, r)
}

/// Random games from the start and from a few open positions: at every position both generators
/// give the same moves, and every move gives the same board.
#[test]
fn generators_agree_along_random_games() {
    let starts = [
        kurier_rules::games::dual::START_FEN,
        "1m1m1m1m/m1m1m1m1/8/8/8/8/M1M1M1M1/1M1M1M1M w 0 1",
        "8/m1m1m1m1/1m1m1m1m/8/8/1M1M1M1M/M1M1M1M1/8 w 0 1",
    ];
    let mut state = 4u64;
    let (mut checked, mut captures, mut kings) = (0, 0, 0);
    for game in 0..3000 {
        let mut p = DualCheckers::from_fen(starts[game % starts.len()]).unwrap();
        for _ in 0..300 {
            let (mine, r) = same_moves(&p);
            checked += 1;
            if mine.is_empty() {
                break;
            }
            let (s, x) = splitmix64(state);
            state = s;
            let m = mine[(x % mine.len() as u64) as usize];
            captures += m.is_capture() as usize;
            let next = p.play(m);
            assert_eq!(
                reference::parse(&next.fen()),
                reference::play(&r, to_ref(&p, m)),
                "{} {m:?}",
                p.fen()
            );
            kings += (next.kings(Color::White) | next.kings(Color::Black) != 0) as usize;
            p = next;
        }
    }
    eprintln!("{checked} positions, {captures} captures, {kings} with kings");
    assert!(checked > 100_000, "only {checked} positions");
    assert!(
        captures > 20_000 && kings > 20_000,
        "{captures} captures, {kings} with kings"
    );
}

#[test]
fn reference_start_perft() {
    let start = reference::parse(kurier_rules::games::dual::START_FEN);
    let expected = [7, 49, 301, 1485, 7336, 36335];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(reference::perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

/// Every count of `perft/dualcheckers.epd` up to 300 000 leaves, recomputed by the simple
/// generator (the file's numbers came from it; `tests/dual_perft.rs` checks the real one).
#[test]
fn epd_numbers_match_reference() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/perft/dualcheckers.epd"
    ))
    .expect("perft/dualcheckers.epd");
    let entries = parse_epd(&text).expect("well-formed EPD");
    let mut checked = 0;
    for e in &entries {
        let pos = DualCheckers::from_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.fen));
        let r = reference::parse(&pos.fen());
        for &(depth, expected) in &e.counts {
            if expected > 300_000 {
                continue;
            }
            assert_eq!(
                reference::perft(&r, depth),
                expected,
                "line {} D{depth}",
                e.line
            );
            checked += 1;
        }
    }
    assert!(checked >= 150, "only {checked} counts checked");
}

/// Features a position's captures show, for picking EPD positions.
fn features(pos: &DualCheckers) -> Vec<&'static str> {
    let mut f = Vec::new();
    let paths = capture_paths(pos);
    let kings_w = pos.kings(Color::White) != 0;
    let kings_b = pos.kings(Color::Black) != 0;
    if kings_w && kings_b {
        f.push("kings on both sides");
    }
    if paths.iter().any(|p| p.legs.len() >= 4) {
        f.push("long chain");
    }
    if paths.iter().any(|p| {
        p.legs.iter().any(|l| matches!(l, Leg::Jump { .. }))
            && p.legs.iter().any(|l| matches!(l, Leg::Direct { .. }))
    }) {
        f.push("mixed jump and direct");
    }
    if paths
        .iter()
        .any(|p| p.mv.is_promotion() && pos.promotion_rank() & (1u64 << p.mv.to()) == 0)
    {
        f.push("promotion in mid-capture");
    }
    let mut list = MoveList::new();
    pos.generate(&mut list);
    if paths.len() > list.len() {
        f.push("duplicate paths");
    }
    f
}

#[test]
#[ignore = "prints EPD candidates"]
fn print_epd_candidates() {
    let mut state = 99u64;
    let mut wanted = [
        ("kings on both sides", 8),
        ("long chain", 6),
        ("mixed jump and direct", 6),
        ("promotion in mid-capture", 5),
        ("duplicate paths", 5),
    ];
    for _ in 0..4000 {
        let mut p = DualCheckers::start();
        for _ in 0..200 {
            let mine = main_moves(&p);
            if mine.is_empty() {
                break;
            }
            let f = features(&p);
            for (name, left) in wanted.iter_mut() {
                if *left > 0 && f.contains(name) {
                    *left -= 1;
                    let r = reference::parse(&p.fen());
                    let mut line = p.fen();
                    for d in 1..=6 {
                        let n = reference::perft(&r, d);
                        line.push_str(&format!(" ;D{d} {n}"));
                        if n > 400_000 {
                            break;
                        }
                    }
                    println!("# {name}\n{line}");
                    break;
                }
            }
            let (s, x) = splitmix64(state);
            state = s;
            p = p.play(mine[(x % mine.len() as u64) as usize]);
        }
    }
}

/// Positions built by hand for single rules, with the rule they show.
const HANDMADE: [(&str, &str); 14] = [
    ("seed, diagram 3: king d5 has exactly d5:a8:a5:h5, d5:a8:d8:d3, d5:a5:h5, d5:d8:d3 (D8)", "3m4/8/2m5/m2K3m/8/3m4/8/8 w 0 1"),
    ("seed, diagram 9 idea: a4:c6:d6:f8:h6:c1, the new king may not pass d6 again to take a6 (D6, D7)", "8/4m1m1/m2m4/1m6/M7/8/3m4/8 w 0 1"),
    ("king landing rule with two continuing landings that give one move (D8, D12)", "4m3/m7/8/8/8/2m5/8/K7 w 0 1"),
    ("king landing rule: only e5 lets the capture go on (D8)", "8/8/8/8/5m2/2m5/8/K7 w 0 1"),
    ("blocked side: the white man cannot move and loses (D9)", "1m6/M7/8/8/8/8/8/8 w 0 1"),
    ("no white piece left: no legal move (D9)", "8/8/8/8/3m4/8/8/8 w 0 1"),
    ("quiet promotion (D7)", "8/1M6/8/8/8/8/6m1/8 w 0 1"),
    ("promotion by a direct capture, continuing as a king along rank 8 (D5, D7, D8)", "2m2m2/2M5/8/8/8/8/8/8 w 0 1"),
    ("king direct capture only at odd distance (D8)", "8/8/8/8/m7/m7/8/K6k w 0 1"),
    ("man's backward jump (D5)", "8/8/8/3M4/2m5/8/8/8 w 0 1"),
    ("kings on both sides with men", "8/2k5/8/8/3K4/8/5m2/8 w 0 1"),
    ("four kings and four men", "k6K/8/2m2M2/8/8/2M2m2/8/K6k w 0 1"),
    ("direct captures in all four directions for a man (D5)", "8/8/3m4/2mMm3/3m4/8/8/8 w 0 1"),
    ("black to move with a forced mixed capture", "8/8/8/2m5/1M1M4/8/8/8 b 0 1"),
];

fn epd_line(fen: &str, limit: u64) -> String {
    let r = reference::parse(fen);
    let mut line = fen.to_string();
    for d in 1..=12 {
        let n = reference::perft(&r, d);
        line.push_str(&format!(" ;D{d} {n}"));
        if n > limit || n == 0 {
            break;
        }
    }
    line
}

#[test]
#[ignore = "prints the hand-made and seed EPD lines"]
fn print_epd_handmade() {
    let start = DualCheckers::start();
    let mut p = start;
    let seed1 = ["f3-e4", "d6-e5", "e4:e5", "f6:d4:d3"];
    for m in seed1 {
        p = p.play(p.parse_move(m).unwrap());
        println!("# seed line 1 after {m}\n{}", epd_line(&p.fen(), 1_500_000));
    }
    let mut p = start;
    for m in [
        "b3-a4", "b6-c5", "a2-b3", "f6-e5", "d3-e4", "e5:e4", "f3:d5:c5",
    ] {
        p = p.play(p.parse_move(m).unwrap());
        if m == "e5:e4" || m == "f3:d5:c5" {
            println!("# seed line 2 after {m}\n{}", epd_line(&p.fen(), 1_500_000));
        }
    }
    for (what, fen) in HANDMADE {
        println!("# {what}\n{}", epd_line(fen, 1_500_000));
    }
}

/// The simple generator's start-position perft to depth 11 (about a minute in release).
#[test]
#[ignore = "deep: about a minute"]
fn reference_start_perft_deep() {
    let start = reference::parse(kurier_rules::games::dual::START_FEN);
    let expected = [
        7, 49, 301, 1485, 7336, 36335, 176317, 855627, 4236679, 21891350, 116477284,
    ];
    for (d, &n) in expected.iter().enumerate() {
        let t = std::time::Instant::now();
        assert_eq!(reference::perft(&start, d as u32 + 1), n, "depth {}", d + 1);
        println!("D{} {n} ({:.1} s)", d + 1, t.elapsed().as_secs_f64());
    }
}
