//! Tactics the search must find, per game: forced wins in 1 to 3 moves (found by seeded random
//! play with `examples/find_tactics.rs` and proven by the brute-force prover in
//! `tests/common/forced.rs`, which knows nothing of the searcher), draw recognition, thread
//! independence, and the full search against plain alpha-beta at an equal node budget.

mod common;

use common::forced;
use kurier_engine::search::plain::plain_search;
use kurier_engine::search::{search_position, FromInternal, Limits, Score, Searchable};
use kurier_rules::game::Game;
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;

/// (FEN, moves to the forced win).
const SCHACHDAME: [(&str, i32); 15] = [
    ("8/2k5/5P2/P1p5/1B6/2p5/5K1P/8 w - - 0 36", 3),
    ("3k3p/P7/3b3p/4B3/1P6/4p3/7P/P3K1P1 b - - 0 15", 2),
    ("3k3p/8/1P6/6P1/7K/6P1/1b1b4/8 b - - 0 21", 3),
    ("5k2/6p1/8/p3K1B1/1P6/2p5/7P/P7 w - - 0 19", 2),
    ("8/2P1k1B1/8/2p1P3/1p5P/8/5P2/P3K3 w - - 2 24", 2),
    ("8/p5p1/8/k7/5B2/P3b1K1/8/8 w - - 4 38", 3),
    ("3k3b/p1p3P1/8/4b3/5B1P/4K1P1/8/6P1 w - - 3 20", 2),
    ("3B1k2/8/7P/8/1p5K/P7/1p5P/8 w - - 1 36", 2),
    ("8/4k1p1/1p5p/p7/7K/4b3/8/8 b - - 1 28", 1),
    ("8/6k1/8/8/8/2K5/1p5p/2b5 b - - 1 36", 3),
    ("8/4P1k1/5b2/8/8/8/8/4K1b1 b - - 1 36", 1),
    ("8/p3P3/7p/p1P3k1/8/8/8/K5b1 b - - 1 29", 1),
    ("7p/4b3/5k1p/P1p1p3/5P1P/P5P1/1B6/P3K3 w - - 0 15", 1),
    ("8/8/8/p1b1k3/1p6/6K1/8/b7 b - - 3 39", 2),
    ("5k2/P5p1/3p4/2P1b3/1P6/P3p3/8/2B1K3 b - - 0 25", 1),
];

/// Courier (docs/rules.md C): forced wins by mate, found and proven the same way.
const COURIER: [(&str, i32); 10] = [
    ("2eb1m1wb1nr/2pp1fk2p2/r3pp1ep1p1/p1E7Kp/5FpP1P1P/3P4P1PR/p1PP1P5B/1N1B2MW1EN1 b - - 1 25", 1),
    ("rne1m1w1be1r/1p3pkpppp1/2pppb6/p7n2p/P3K1fp3P/RPPPE2E2P1/3NPP1PPP2/3BM1W1B1NR b - - 2 17", 2),
    ("r1e3mwbe1n/1R5p1p2/2pp1pfk1Nr1/p3p3pP1p/P5P4P/3PbPKE4/2PBPF1PP1P1/1n1B1M1W1R2 w - - 2 34", 1),
    ("2eb3w2n1/1p2kf1bp1p1/r2ppp1e1p2/p1p1n3mR1N/P1P1B7/1P1RPPFK2P1/3P3PPP2/1NE1MW2B3 b - - 1 37", 2),
    ("3bm3b3/2npppwppNp1/rp10/p3BPk2P1p/Pp4B4P/1P2P1KP2nE/R2P1P1WP1P1/1NE1M7 w - - 0 32", 1),
    ("1n1bmk6/2pppp3ppr/ep4R1p3/p1Efr1p4p/P2N2P2P1P/4PK2n1B1/1PPPBPMPP3/2R7N1 w - - 2 40", 2),
    ("1n1bmk2we1r/1r1pp1R1p1p1/2p2p6/6p3pp/PpP3fnbP1P/3B2F4N/3P1P1PP3/1NE1M1KW1EB1 b - - 1 34", 1),
    ("2e1m1w1B3/2ppb2ppr2/r3pPke1pp1/pp6Pn1p/PP2NpP4P/EP1P1N3PPE/5P1P4/R3M1KWB2R w - - 0 30", 1),
    ("2ebk6r/rppm3Bp3/3pp1w3pe/p3F1p3Np/P3K3n2P/EP2n4PB1/3PMP2f1P1/RN4WR4 w - - 0 30", 2),
    ("1n1m1w6/2p2p4p1/3pPb1p1p2/rpEP2k1pnPp/P10R/1PP4EPP2/4B1KP2P1/Rb2M2WB3 w - - 2 40", 2),
];

/// Dual checkers (docs/rules.md D): forced wins — the opponent left without a legal move (D9).
const DUAL: [(&str, i32); 12] = [
    ("3m3m/4m3/7m/2m2m2/m7/7M/M7/8 b 0 21", 3),
    ("3m1m1m/m1m5/3m4/m2M4/k7/8/8/8 b 0 15", 1),
    ("1m3m1m/m3m3/8/8/8/1M3m2/M3M3/8 b 0 19", 2),
    ("8/6m1/7K/8/4M3/5M2/8/8 w 0 28", 1),
    ("8/4M3/7m/8/2MM4/3M3M/8/1M1M1M1M w 0 21", 2),
    ("3m3m/8/5m1m/m7/4m1m1/1M6/8/8 b 0 24", 2),
    ("5m1m/8/5m2/2m3m1/4m3/7M/4M3/8 b 0 20", 3),
    ("1K6/8/8/M7/7M/3m3M/M5M1/8 w 0 31", 3),
    ("8/8/1m3K2/4m3/2m5/8/M7/8 w 0 30", 3),
    ("5m1m/m1m5/6m1/8/3m2M1/8/m7/8 b 0 22", 3),
    ("5K2/M7/8/8/mm6/1M6/2M3M1/3M1M2 w 0 21", 1),
    ("8/8/8/8/8/1K3m2/4M3/7M w 0 30", 1),
];

fn depth_limit(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// Every position: the search reports the shortest win and plays a move that wins in time.
fn finds_every_win<G: Searchable>(positions: &[(&str, i32)], threads: usize) {
    for &(fen, n) in positions {
        let pos = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(
            forced::shortest_win(&pos, 3),
            Some(n as u32),
            "{fen}: the prover disagrees"
        );
        let r = search_position(&pos, &depth_limit(2 * n as u32 + 3), 16, threads);
        assert_eq!(Score::from_internal(r.score), Score::Mate(n), "{fen}");
        let best = r.best.expect("a move");
        assert!(
            forced::move_wins_within(&pos, best, n as u32),
            "{fen}: {} does not win in {n}",
            pos.format_move(best)
        );
    }
}

#[test]
fn schachdame_forced_wins() {
    finds_every_win::<Schachdame>(&SCHACHDAME, 1);
}

#[test]
fn schachdame_forced_wins_do_not_depend_on_threads() {
    finds_every_win::<Schachdame>(&SCHACHDAME, 2);
}

#[test]
fn courier_forced_wins() {
    finds_every_win::<Courier>(&COURIER, 1);
}

#[test]
fn courier_forced_wins_do_not_depend_on_threads() {
    finds_every_win::<Courier>(&COURIER, 2);
}

#[test]
fn courier_special_results_are_scored() {
    // docs/rules.md C7: taking Black's last piece bares its king; whatever Black replies, White has
    // won on its next turn.
    let pos = Courier::from_fen("7k4/p11/12/12/12/12/12/R10K w - - 0 1").unwrap();
    assert_eq!(forced::shortest_win(&pos, 2), Some(1));
    let r = search_position(&pos, &depth_limit(4), 16, 1);
    assert_eq!(Score::from_internal(r.score), Score::Mate(1));
    assert_eq!(r.best.map(|m| pos.format_move(m)).as_deref(), Some("a1a7"));
    // C6: stalemate loses for the stalemated side. Kd7-c7 takes b8 and b7 from the king on a8,
    // the alfil on c5 guards a7, and the black pawn on h4 is blocked: Black is stalemated, and
    // White wins.
    let pos = Courier::from_fen("k11/3K8/12/2E9/7p4/7P4/12/12 w - - 0 1").unwrap();
    let after = pos.play(pos.parse_move("d7c7").unwrap());
    assert_eq!(
        after.outcome(),
        Some(kurier_rules::game::Outcome::Win {
            winner: kurier_rules::game::Color::White,
            reason: kurier_rules::game::Reason::Stalemate
        })
    );
    let r = search_position(&pos, &depth_limit(4), 16, 1);
    assert_eq!(Score::from_internal(r.score), Score::Mate(1));
    assert!(forced::move_wins_within(&pos, r.best.unwrap(), 1));
    // Two bare kings draw (C8): taking the last piece with the king is 0, not a loss.
    let pos = Courier::from_fen("11k/12/12/12/12/12/1r10/K11 w - - 0 1").unwrap();
    let r = search_position(&pos, &depth_limit(4), 16, 1);
    assert_eq!(r.best.map(|m| pos.format_move(m)).as_deref(), Some("a1b2"));
    assert_eq!(r.score, 0);
}

/// `fen` with its move-count field (the one before the move number) set to `plies`.
fn with_counter(fen: &str, plies: u32) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let at = fields.len() - 2;
    fields[at] = plies.to_string();
    fields.join(" ")
}

/// A root already past the move-count rule's limit (a host that plays on past it, as
/// cutechess plays Courier to its own 70-move rule: docs/rules.md C8 [choice]): only a line
/// whose count reaches the limit inside the search is drawn by the rule, so every forced win
/// above is found as from a fresh count.
fn finds_every_win_past_the_move_rule<G: Searchable>(positions: &[(&str, i32)], past: u32) {
    for &(fen, n) in positions {
        let pos = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let late_fen = with_counter(fen, past);
        let late = G::from_fen(&late_fen).unwrap_or_else(|e| panic!("{late_fen}: {e}"));
        assert!(late.draw_by_rule(), "{late_fen} is past the rule");
        let r = search_position(&late, &depth_limit(2 * n as u32 + 3), 16, 1);
        assert_eq!(Score::from_internal(r.score), Score::Mate(n), "{late_fen}");
        let best = r.best.expect("a move");
        assert!(
            forced::move_wins_within(&pos, best, n as u32),
            "{late_fen}: {} does not win in {n}",
            pos.format_move(best)
        );
    }
}

#[test]
fn forced_wins_are_found_from_a_root_past_the_move_rule() {
    finds_every_win_past_the_move_rule::<Courier>(&COURIER, 110);
    finds_every_win_past_the_move_rule::<Schachdame>(&SCHACHDAME, 110);
    finds_every_win_past_the_move_rule::<DualCheckers>(&DUAL, 40);
}

#[test]
fn courier_fifty_move_point_is_a_draw_within_the_search() {
    // docs/rules.md C8: a rook up, but White's every move is reversible (its pawn h3 is
    // blocked) and makes the 100th ply: a draw. With a fresh count the rook counts.
    let pos = Courier::from_fen("12/12/5k6/12/7p4/7P4/1R10/K11 w - - 99 80").unwrap();
    let r = search_position(&pos, &depth_limit(6), 16, 1);
    assert_eq!(r.score, 0);
    let pos = Courier::from_fen("12/12/5k6/12/7p4/7P4/1R10/K11 w - - 0 80").unwrap();
    let r = search_position(&pos, &depth_limit(6), 16, 1);
    assert!(r.score > 300, "{}", r.score);
}

#[test]
fn dual_forced_wins() {
    finds_every_win::<DualCheckers>(&DUAL, 1);
}

#[test]
fn dual_forced_wins_do_not_depend_on_threads() {
    finds_every_win::<DualCheckers>(&DUAL, 2);
}

#[test]
fn dual_draws_are_recognised() {
    // docs/rules.md D10: 29 plies of king moves without capture; every White move is a quiet king
    // move that makes 30 and draws, though White has an extra king.
    let pos = DualCheckers::from_fen("K1K5/8/8/8/8/8/7k/8 w 29 60").unwrap();
    assert!(pos.outcome().is_none());
    let r = search_position(&pos, &depth_limit(6), 16, 1);
    assert_eq!(r.score, 0);
    // Without the counter the extra king is worth a lot.
    let pos = DualCheckers::from_fen("K1K5/8/8/8/8/8/7k/8 w 0 60").unwrap();
    let r = search_position(&pos, &depth_limit(6), 16, 1);
    assert!(r.score > 100, "{}", r.score);
}

#[test]
fn schachdame_draws_are_recognised() {
    // docs/rules.md S8, 50-move rule: every white move is reversible, so the 100th ply draws despite
    // the extra bishop.
    let pos = Schachdame::from_fen("3k4/8/8/8/8/8/8/2B1K3 w - - 99 80").unwrap();
    let r = search_position(&pos, &depth_limit(6), 16, 1);
    assert_eq!(r.score, 0);
    // Two bare kings: taking the last black piece draws a lost-looking position at once.
    let pos = Schachdame::from_fen("3k4/8/8/8/8/8/3b4/4K3 w - - 0 1").unwrap();
    let r = search_position(&pos, &depth_limit(6), 16, 1);
    assert_eq!(r.best.map(|m| pos.format_move(m)).as_deref(), Some("e1d2"));
    assert_eq!(r.score, 0);
    // Stalemate (S8) is a draw: the mated-looking side with only its king and a blocked pawn.
    let pos = Schachdame::from_fen("8/8/8/8/8/2K5/7P/k7 b - - 0 1").unwrap();
    assert!(pos.outcome().is_some());
}

/// Counts the positions whose move, found within `budget` nodes, really wins in time.
fn solved<G: Searchable>(positions: &[(&str, i32)], budget: u64) -> (usize, usize) {
    let (mut full, mut plain) = (0, 0);
    for &(fen, n) in positions {
        let pos = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let limits = Limits {
            nodes: Some(budget),
            ..Limits::default()
        };
        if let Some(m) = search_position(&pos, &limits, 16, 1).best {
            full += forced::move_wins_within(&pos, m, n as u32) as usize;
        }
        if let Some((m, _)) = plain_search(&pos, budget) {
            plain += forced::move_wins_within(&pos, m, n as u32) as usize;
        }
    }
    (full, plain)
}

/// The full search against plain alpha-beta at budgets of 300, 1000 and 3000 nodes a position:
/// never worse at any budget, better in total.
fn compare<G: Searchable>(positions: &[(&str, i32)]) {
    let (mut full_total, mut plain_total) = (0, 0);
    for budget in [300, 1_000, 3_000] {
        let (full, plain) = solved::<G>(positions, budget);
        println!(
            "{}, {budget} nodes a position: full search {full}/{n}, plain alpha-beta {plain}/{n}",
            G::NAME,
            n = positions.len()
        );
        assert!(full >= plain, "{budget} nodes: full {full}, plain {plain}");
        full_total += full;
        plain_total += plain;
    }
    assert!(
        full_total > plain_total,
        "full {full_total}, plain {plain_total}"
    );
}

#[test]
fn full_search_solves_more_than_plain_alpha_beta_schachdame() {
    compare::<Schachdame>(&SCHACHDAME);
}

#[test]
fn full_search_solves_more_than_plain_alpha_beta_courier() {
    compare::<Courier>(&COURIER);
}

#[test]
fn full_search_solves_more_than_plain_alpha_beta_dual() {
    compare::<DualCheckers>(&DUAL);
}
