//! The endgame: baring the enemy king wins (docs/rules.md C7).

use super::weights::{S, W};
use kurier_rules::game::Color;
use kurier_rules::games::courier::Courier;

/// `us`'s endgame bonus for the pieces it still has besides the king.
pub(super) fn score(pos: &Courier, us: Color) -> S {
    S(
        0,
        (pos.occupied_by(us).count_ones() as i32 - 1) * W.piece_count,
    )
}
