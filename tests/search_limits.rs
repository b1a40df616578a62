//! Search limits: clock play never loses on time, `stop` ends every thread at once, pondering
//! waits for `ponderhit`, node and depth limits hold, and the node count of a fixed search is the
//! same on every run (the `bench` signature).

use kurier_engine::search::{search_position, Clock, Limits, ScoreBound, Searchable, Searcher};
use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;
use kurier_rules::record::GameRecord;
use std::time::{Duration, Instant};

/// Plays a game of `plies` plies against itself at `base` + `inc` per side with the given move
/// overhead, keeping both clocks as a GUI would; panics if a clock runs out.
fn self_play_on_the_clock<G: Searchable>(base_ms: u64, inc_ms: u64, plies: usize) {
    let searcher = Searcher::new(16, 1);
    let mut game = GameRecord::new(G::start());
    let mut clocks = [Duration::from_millis(base_ms); 2];
    let inc = Duration::from_millis(inc_ms);
    for ply in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let side = game.current().side_to_move().index();
        let limits = Limits {
            clock: Some(Clock {
                time_left: clocks[side],
                increment: inc,
                moves_to_go: None,
                overhead: Duration::from_millis(30),
            }),
            ..Limits::default()
        };
        let start = Instant::now();
        let r = searcher.search(&game, &limits, &mut |_| {});
        let used = start.elapsed();
        assert!(
            used < clocks[side],
            "{}: ply {ply} used {used:?} with {:?} left",
            G::NAME,
            clocks[side]
        );
        clocks[side] = clocks[side] - used + inc;
        game.play(r.best.expect("a legal move"));
    }
}

#[test]
fn never_loses_on_time_at_one_second_plus_a_hundredth() {
    self_play_on_the_clock::<Schachdame>(1000, 10, 60);
    self_play_on_the_clock::<Courier>(1000, 10, 60);
    self_play_on_the_clock::<DualCheckers>(1000, 10, 60);
}

#[test]
fn stop_ends_every_thread_at_once() {
    let searcher = Searcher::new(16, 2);
    let control = searcher.control();
    let game = GameRecord::new(Courier::start());
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        control.stop();
        Instant::now()
    });
    let r = searcher.search(&game, &limits, &mut |_| {});
    let returned = Instant::now();
    let stopped_at = stopper.join().unwrap();
    assert!(r.best.is_some());
    assert!(
        returned.duration_since(stopped_at) < Duration::from_millis(100),
        "search went on for {:?} after stop",
        returned.duration_since(stopped_at)
    );
}

#[test]
fn pondering_waits_for_ponderhit_then_keeps_the_clock() {
    let searcher = Searcher::new(16, 1);
    let control = searcher.control();
    let game = GameRecord::new(Schachdame::start());
    let limits = Limits {
        ponder: true,
        movetime: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let start = Instant::now();
    let hitter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        control.ponderhit(start.elapsed());
    });
    let r = searcher.search(&game, &limits, &mut |_| {});
    let took = start.elapsed();
    hitter.join().unwrap();
    assert!(r.best.is_some());
    // Not before the ponderhit, and within the move time after it.
    assert!(took >= Duration::from_millis(300), "{took:?}");
    assert!(took < Duration::from_millis(300 + 100 + 150), "{took:?}");
}

#[test]
fn a_fixed_move_time_is_used_to_its_end() {
    // UCI `movetime` / XBoard `st`: the search goes on until the time is up (it used to stop
    // after half of it when the next iteration looked too long). The start position holds no
    // forced mate, so nothing but the time ends it.
    let start = Instant::now();
    let r = search_position(
        &Courier::start(),
        &Limits {
            movetime: Some(Duration::from_millis(300)),
            ..Limits::default()
        },
        16,
        1,
    );
    let took = start.elapsed();
    assert!(r.best.is_some());
    assert!(took >= Duration::from_millis(290), "{took:?}");
    assert!(took < Duration::from_millis(300 + 250), "{took:?}");
}

#[test]
fn node_and_depth_limits_hold() {
    let pos = Courier::start();
    let r = search_position(
        &pos,
        &Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
        16,
        1,
    );
    assert!(r.nodes < 20_000 + 2048, "{}", r.nodes);
    let r = search_position(
        &pos,
        &Limits {
            depth: Some(3),
            ..Limits::default()
        },
        16,
        1,
    );
    assert_eq!(r.depth, 3);
}

#[test]
fn fixed_searches_are_deterministic() {
    fn nodes<G: Searchable>(depth: u32) -> Vec<u64> {
        G::BENCH_POSITIONS
            .iter()
            .map(|fen| {
                let pos = G::from_fen(fen).unwrap();
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                search_position(&pos, &limits, 16, 1).nodes
            })
            .collect()
    }
    assert_eq!(nodes::<Schachdame>(8), nodes::<Schachdame>(8));
    assert_eq!(nodes::<Courier>(5), nodes::<Courier>(5));
    assert_eq!(nodes::<DualCheckers>(8), nodes::<DualCheckers>(8));
}

#[test]
fn every_bench_position_is_valid_and_playable() {
    fn check<G: Searchable>() {
        for fen in G::BENCH_POSITIONS {
            let pos = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let mut list = MoveList::new();
            pos.generate(&mut list);
            assert!(!list.is_empty(), "{fen}");
        }
    }
    check::<Schachdame>();
    check::<Courier>();
    check::<DualCheckers>();
}

/// An iteration cut short by the node limit answers with its best move so far when a root move
/// was searched to its end in it: the report says so once more, with that iteration's depth and
/// `lowerbound`, and the move played is that report's first; otherwise the move is the last
/// completed iteration's. Over many limits from the start and a middlegame position, both
/// happen.
#[test]
fn an_interrupted_iteration_answers_with_its_best_move_so_far() {
    let mut searcher = Searcher::new(16, 1);
    let mut interrupted = 0;
    let mut completed = 0;
    for fen in [
        None,
        Some(
            "r1ebm1kwben1/1ppppp1ppppr/2n3f5/p5p4p/P5P4P/3PP1F5/1PP2P1PPPP1/RNEBM1KWBENR w - - 3 4",
        ),
    ] {
        let start = match fen {
            None => Courier::start(),
            Some(f) => Courier::from_fen(f).expect("a valid FEN"),
        };
        let game = GameRecord::new(start);
        for nodes in (2_000..40_000).step_by(1_500) {
            searcher.clear();
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let mut infos = Vec::new();
            let r = searcher.search(&game, &limits, &mut |i| infos.push(i.clone()));
            let last = infos.last().expect("a completed first iteration");
            let best = game.current().format_move(r.best.expect("a legal move"));
            assert_eq!(
                last.pv[0], best,
                "{nodes} nodes: the move played is the last report's"
            );
            match last.bound {
                Some(ScoreBound::Lower) => {
                    interrupted += 1;
                    assert_eq!(last.depth, r.depth + 1, "{nodes} nodes");
                    let before = &infos[infos.len() - 2];
                    assert_eq!((before.depth, before.bound), (r.depth, None));
                }
                None => {
                    completed += 1;
                    assert_eq!(last.depth, r.depth, "{nodes} nodes");
                }
                Some(ScoreBound::Upper) => panic!("{nodes} nodes: an upper bound reported"),
            }
        }
    }
    assert!(
        interrupted > 0 && completed > 0,
        "{interrupted} interrupted, {completed} not"
    );
}
