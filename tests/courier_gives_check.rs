//! `Courier::gives_check` (docs/rules.md C5) answers what making the move and asking
//! `in_check` answers, for every legal move along random games, and in hand-made positions of
//! direct, discovered and promotion checks.

#[path = "support/random_walk.rs"]
mod random_walk;

use kurier_rules::game::Game;
use kurier_rules::games::courier::Courier;
use random_walk::random_walk;

#[test]
fn gives_check_agrees_with_making_the_move_along_random_games() {
    let (mut moves, mut checks) = (0u64, 0u64);
    random_walk(&Courier::start(), 1883, 150, 300, |p, list, _| {
        for &m in list.iter() {
            let made = p.play(m).in_check();
            assert_eq!(p.gives_check(m), made, "{} {}", p.fen(), p.format_move(m));
            moves += 1;
            checks += u64::from(made);
        }
    });
    assert!(moves > 500_000, "only {moves} moves checked");
    assert!(checks > 5_000, "only {checks} checking moves met");
}

fn gives(fen: &str, mv: &str) -> bool {
    let p = Courier::from_fen(fen).unwrap();
    let m = p.parse_move(mv).unwrap();
    assert_eq!(p.gives_check(m), p.play(m).in_check(), "{fen} {mv}");
    p.gives_check(m)
}

#[test]
fn direct_discovered_and_promotion_checks() {
    // (Black keeps a pawn on a7 in each: a bare king would have lost already, C7.)
    // A rook on e1 behind a knight on e3, the black king on e8: the knight's move uncovers it,
    // a rook move along the first rank does not.
    assert!(gives("4k7/p11/12/12/12/4N7/12/4R6K w - - 0 1", "e3c4"));
    assert!(!gives("4k7/p11/12/12/12/4N7/12/4R6K w - - 0 1", "e1f1"));
    // A courier (the bishop) checks along the diagonal it moves onto, not off it.
    assert!(gives("4k7/p11/12/12/2B9/12/12/11K w - - 0 1", "c4b5"));
    assert!(!gives("4k7/p11/12/12/2B9/12/12/11K w - - 0 1", "c4d5"));
    // A pawn promoting to a fers diagonally next to the king gives check as the fers.
    assert!(gives("12/p1kP8/12/12/12/12/12/11K w - - 0 1", "d7d8f"));
}
