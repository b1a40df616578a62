//! Dense Dual-checkers positions (reliability report, item 4): positions set up by FEN in which
//! one piece has millions of capture paths. The report: a move generation took seconds there and
//! kept only the first 512 moves, silently (some legal moves could never be played); the
//! engine answered neither `ping` nor `stop` for tens of seconds.
//!
//! Now: perft counts exactly beyond the list's capacity, `generate` hands back at most
//! `MAX_MOVES` moves and says when there are more, any legal move is read and played, and the
//! engine obeys its time and `stop`. Time bounds are checked in release builds only, and are
//! generous for a loaded two-core machine; each test prints what it measured. Debug builds,
//! many times slower, check the same on smaller positions where a test would take minutes.

#[path = "support/engine.rs"]
mod engine;
#[path = "support/dual_reference.rs"]
mod reference;

use engine::Engine;
use kurier_rules::game::{Game, MoveError, MoveList, MAX_MOVES};
use kurier_rules::games::dual::{DualCheckers, Move};
use kurier_rules::perft::perft;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// The report's UCI position: two White kings and a man among 48 Black pieces.
const KINGS: &str = "1m2m1mm/m1m1mmm1/km2K1mm/mmmmmm2/mmmmmkm1/m1mmmmmm/M1Kmmkmm/k1kkk1kk w 0 1";
/// The report's XBoard position: every square taken, men against men.
const MEN: &str = "mmmmmmmm/mmmmmmmm/mmmmmmmm/mmmmmmmm/MMMMMMMM/MMMMMMMM/MMMMMMMM/KKKKKKKK w 0 1";
/// [`KINGS`] without its top two ranks: small enough for the simple reference generator.
const KINGS_LOW: &str = "8/8/km2K1mm/mmmmmm2/mmmmmkm1/m1mmmmmm/M1Kmmkmm/k1kkk1kk w 0 1";
/// Smaller still: the bottom half of [`KINGS`] (40 205 moves).
const KINGS_HALF: &str = "8/8/8/8/mmmmmkm1/m1mmmmmm/M1Kmmkmm/k1kkk1kk w 0 1";
/// Men against men on four ranks (3 442 moves).
const MEN_HALF: &str = "8/8/mmmmmmmm/mmmmmmmm/MMMMMMMM/MMMMMMMM/8/8 w 0 1";

/// True in release builds: the full-size positions then take seconds, not minutes.
const FULL: bool = !cfg!(debug_assertions);

/// Checks `took` against `bound` in release builds (debug builds are far slower).
fn within(what: &str, took: Duration, bound: Duration) {
    eprintln!("{what}: {took:?}");
    if !cfg!(debug_assertions) {
        assert!(took < bound, "{what} took {took:?}, more than {bound:?}");
    }
}

fn pos(fen: &str) -> DualCheckers {
    DualCheckers::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves by the reference generator, as D12 identities of the real move type.
fn reference_moves(fen: &str) -> HashSet<Move> {
    let p = pos(fen);
    reference::moves(&reference::parse(fen))
        .into_iter()
        .map(|m| {
            let was_king = p.kings(p.side_to_move()) & (1u64 << m.from) != 0;
            Move::new(m.from, m.to, m.captured, m.king && !was_king)
        })
        .collect()
}

#[test]
fn perft_one_is_exact_where_the_moves_do_not_fit_in_a_list() {
    // Before: 512 (the list's capacity) after 3.4 s; with the capacity raised to 65 536, still
    // capped, after 193 s.
    let men = pos(MEN);
    let t = Instant::now();
    let n = perft(&men, 1);
    within(
        "perft 1 of the report's XBoard position",
        t.elapsed(),
        Duration::from_secs(5),
    );
    assert_eq!(n, 2_224_614);
    if !FULL {
        return;
    }
    let kings = pos(KINGS);
    let t = Instant::now();
    let n = perft(&kings, 1);
    within(
        "perft 1 of the report's UCI position",
        t.elapsed(),
        Duration::from_secs(15),
    );
    // 35 162 315 distinct moves (docs/rules.md D12); a depth-first search that records every
    // explored state and every move in hash sets, a different algorithm from the layered one
    // that counts them now, gave the same number (it needs minutes and gigabytes, so it is not
    // run here; the simple reference needs more still). The smaller positions below are
    // checked against the reference.
    assert_eq!(n, 35_162_315);
}

#[test]
fn the_exact_counts_agree_with_the_reference_generator() {
    let fens: &[&str] = if FULL {
        &[MEN, KINGS_LOW, KINGS_HALF, MEN_HALF]
    } else {
        &[KINGS_HALF, MEN_HALF]
    };
    for &fen in fens {
        let p = pos(fen);
        let expected = reference_moves(fen);
        assert!(expected.len() > MAX_MOVES, "{fen}: {}", expected.len());
        assert_eq!(p.count_moves(), expected.len() as u64, "{fen}");
        // Every move once, and the same moves.
        let mut seen = HashSet::new();
        p.for_each_move(&mut |m| assert!(seen.insert(m), "{fen}: {m:?} twice"));
        assert!(seen == expected, "{fen}: other moves than the reference's");
        // The list is their beginning, marked as such.
        let mut list = MoveList::new();
        p.generate(&mut list);
        assert!(list.overflowed(), "{fen}");
        assert!(list.iter().all(|m| expected.contains(m)), "{fen}");
    }
}

#[test]
fn generate_is_capped_flagged_and_fast() {
    for fen in [KINGS, MEN] {
        let p = pos(fen);
        let t = Instant::now();
        let mut list = MoveList::new();
        p.generate(&mut list);
        within(
            &format!("generate in {fen}"),
            t.elapsed(),
            Duration::from_millis(250),
        );
        assert_eq!(list.len(), MAX_MOVES, "{fen}");
        assert!(list.overflowed(), "{fen}: more moves exist");
        let distinct: HashSet<Move> = list.iter().copied().collect();
        assert_eq!(distinct.len(), MAX_MOVES, "{fen}: each move once");
        // Each is legal: its text reads back as the same move.
        let t = Instant::now();
        for &m in list.iter() {
            let text = p.format_move(m);
            assert_eq!(p.parse_move(&text), Ok(m), "{fen}: {text}");
            assert_eq!(p.parse_move(&p.pdn(m)), Ok(m), "{fen}: {}", p.pdn(m));
        }
        within(
            &format!("writing and reading {MAX_MOVES} moves in {fen}"),
            t.elapsed(),
            Duration::from_secs(5),
        );
    }
}

#[test]
fn a_move_beyond_the_list_is_read_and_played() {
    let fens: &[&str] = if FULL {
        &[KINGS, MEN]
    } else {
        &[KINGS_HALF, MEN_HALF]
    };
    for &fen in fens {
        let p = pos(fen);
        let mut list = MoveList::new();
        p.generate(&mut list);
        let listed: HashSet<Move> = list.iter().copied().collect();
        // Some moves the list does not hold: the longest, and one in a hundred thousand (one in
        // a thousand in the small positions).
        let every = if FULL { 100_000 } else { 1_000 };
        let (mut longest, mut sample, mut i) = (None::<Move>, Vec::new(), 0u64);
        p.for_each_move(&mut |m| {
            i += 1;
            if listed.contains(&m) {
                return;
            }
            if longest.is_none_or(|l| l.captured().count_ones() < m.captured().count_ones()) {
                longest = Some(m);
            }
            if i % every == 0 {
                sample.push(m);
            }
        });
        sample.extend(longest);
        assert!(sample.len() > 1, "{fen}");
        let mut slowest = Duration::ZERO;
        for m in sample {
            let t = Instant::now();
            let text = p.format_move(m);
            let pdn = p.pdn(m);
            assert_eq!(p.parse_move(&text), Ok(m), "{fen}: {text}");
            assert_eq!(p.parse_move(&pdn), Ok(m), "{fen}: {pdn}");
            slowest = slowest.max(t.elapsed());
            let after = p.play(m);
            let before = p.occupied().count_ones();
            assert_eq!(
                after.occupied().count_ones(),
                before - m.captured().count_ones(),
                "{fen}: {pdn}"
            );
            // The captured pieces are gone; the capturer may stand on the last one's square.
            let gone = m.captured() & !(1u64 << m.to());
            assert_eq!(after.occupied() & gone, 0, "{fen}: {pdn}");
            assert_eq!(after.key(), after.compute_key(), "{fen}: {pdn}");
            // docs/rules.md D4: the path without its last leg is no move (the piece could go
            // on capturing), and says so quickly.
            let short = text.rsplit_once(',').map_or("", |(head, _)| head);
            if !short.is_empty() {
                let t = Instant::now();
                let err = p.parse_move(short).expect_err(short);
                assert!(matches!(err, MoveError::Illegal { .. }), "{short}: {err}");
                slowest = slowest.max(t.elapsed());
            }
        }
        within(
            &format!("the slowest move text beyond the list in {fen}"),
            slowest,
            Duration::from_secs(1),
        );
    }
}

/// Milliseconds since `t`, for the messages.
fn ms(t: Instant) -> u128 {
    t.elapsed().as_millis()
}

#[test]
fn xboard_answers_ping_after_a_move_in_a_dense_position() {
    // Before: no `pong 2` within 120 s.
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.send("variant dualcheckers");
    e.send("st 0.05");
    e.sync_xboard(1);
    for fen in [MEN, KINGS] {
        e.send(&format!("setboard {fen}"));
        let t = Instant::now();
        e.send("go");
        e.send("?");
        e.send("ping 2");
        let got = e.expect("pong 2", Duration::from_secs(30));
        within(
            &format!("pong after go in {fen}"),
            t.elapsed(),
            Duration::from_secs(3),
        );
        // The move it played is a legal one.
        let mv = got
            .iter()
            .find_map(|l| l.strip_prefix("move "))
            .unwrap_or_else(|| panic!("no move before pong: {got:?}"));
        assert!(pos(fen).parse_move(mv).is_ok(), "{mv}");
        e.send("force");
    }
    e.send("quit");
    e.finish();
}

#[test]
fn uci_obeys_movetime_and_stop_in_a_dense_position() {
    // Before: no bestmove 30 s after `go movetime 100`, and `stop` took 22 s.
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", Duration::from_secs(10));
    e.send("setoption name UCI_Variant value dualcheckers");
    e.sync_uci();
    for fen in [KINGS, MEN] {
        e.send(&format!("position fen {fen}"));
        e.sync_uci();
        let t = Instant::now();
        e.send("go movetime 100");
        let best = e.expect_prefix("bestmove", Duration::from_secs(30));
        eprintln!("bestmove after {} ms", ms(t));
        within(
            &format!("go movetime 100 in {fen}"),
            t.elapsed(),
            Duration::from_millis(1100),
        );
        let mv = best.split_whitespace().nth(1).unwrap_or_default();
        assert!(pos(fen).parse_move(mv).is_ok(), "{best}");

        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(300));
        let t = Instant::now();
        e.send("stop");
        let best = e.expect_prefix("bestmove", Duration::from_secs(30));
        within(
            &format!("stop in {fen}"),
            t.elapsed(),
            Duration::from_millis(500),
        );
        let mv = best.split_whitespace().nth(1).unwrap_or_default();
        assert!(pos(fen).parse_move(mv).is_ok(), "{best}");
    }
    e.send("quit");
    e.finish();
}

#[test]
fn the_stoppable_perft_and_the_session_see_every_move() {
    use kurier_engine::protocol::session::AnyRecord;
    use kurier_rules::games::Variant;
    use kurier_rules::perft::{divide, divide_until};
    use std::sync::atomic::AtomicBool;
    let go = AtomicBool::new(false);
    for fen in [KINGS_HALF, MEN_HALF] {
        let p = pos(fen);
        // `go perft` under UCI: depth 1 and 2 split by root move, past the list's end.
        for depth in [1, 2] {
            let split = divide_until(&p, depth, 1, &go).expect("not stopped");
            assert_eq!(split, divide(&p, depth, 1, false), "{fen} depth {depth}");
            let total: u64 = split.iter().map(|(_, n)| n).sum();
            assert_eq!(total, perft(&p, depth), "{fen} depth {depth}");
        }
        assert!(divide_until(&p, 1, 1, &go).unwrap().len() > MAX_MOVES);
        // A session never hands out part of the moves as all of them.
        let record = AnyRecord::from_fen(Variant::DualCheckers, fen).unwrap();
        assert_eq!(record.legal_moves(), None, "{fen}");
        assert_eq!(record.move_count(), p.count_moves(), "{fen}");
    }
    let record = AnyRecord::from_fen(Variant::DualCheckers, "8/8/8/8/6m1/4m3/3M4/8 w 0 1").unwrap();
    assert_eq!(
        record.legal_moves().map(|l| l.len() as u64),
        Some(record.move_count())
    );
}

#[test]
fn the_perft_command_counts_depth_one_without_a_list() {
    // Before: depth 1 went through the split by root move, one entry per move.
    let t = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kurier"))
        .args([
            "perft",
            "--variant",
            "dualcheckers",
            "--depth",
            "1",
            "--fen",
            MEN,
        ])
        .output()
        .expect("run kurier");
    within(
        "kurier perft --depth 1 (dense)",
        t.elapsed(),
        Duration::from_secs(10),
    );
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Nodes searched: 2224614"), "{text}");
}
