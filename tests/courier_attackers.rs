//! `Courier::attackers_both` and `Courier::slider_attackers` (the static exchange's questions)
//! answer what `Courier::attackers` answers for each colour, on every square of positions along
//! random games, with the board's occupancy and with pieces lifted off it (as an exchange does).

#[path = "support/random_walk.rs"]
mod random_walk;

use kurier_rules::game::{Color, Game};
use kurier_rules::games::courier::{Courier, Piece};
use random_walk::random_walk;

/// Squares of the 12 × 8 board.
const SQUARES: usize = 96;

#[test]
fn both_colours_at_once_agree_with_each_colour_along_random_games() {
    let mut checked = 0u64;
    random_walk(&Courier::start(), 1544, 40, 200, |p, _, r| {
        // The board's occupancy, and the same with about a quarter of its pieces lifted.
        let lifted = p.occupied() & (u128::from(r) | (u128::from(r.rotate_left(17)) << 64));
        for occ in [p.occupied(), p.occupied() & !(lifted & (lifted >> 1))] {
            for sq in 0..SQUARES {
                let each = p.attackers(sq, Color::White, occ) | p.attackers(sq, Color::Black, occ);
                assert_eq!(p.attackers_both(sq, occ), each, "{} sq {sq}", p.fen());
                let sliders = [Color::White, Color::Black]
                    .into_iter()
                    .map(|c| p.pieces(c, Piece::Rook) | p.pieces(c, Piece::Courier))
                    .fold(0, |a, b| a | b);
                assert_eq!(
                    p.slider_attackers(sq, occ),
                    each & sliders,
                    "{} sq {sq}",
                    p.fen()
                );
                checked += 1;
            }
        }
    });
    assert!(checked > 1_000_000, "only {checked} squares checked");
}
