//! The Dual-checkers evaluation's weights: what each weight means ([`Weights`]); the values are
//! in `table.rs` ([`super::table::W`]), in the form `kurier tune --variant dualcheckers --out`
//! writes. Where the first values came from is in the module's comment (`mod.rs`); "untuned"
//! means a weight has not been fitted to games yet. Untapered: one value per weight.

pub use crate::eval::table::{Field, Leaves, Tuned, WeightTable};
use Tuned::All;

/// The evaluation weights, one place to tune them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// Man bonus by rank from its own side (promotion race). Untuned.
    pub man_rank: [i32; 8],
    /// A man still on its own first rank, guarding against enemy promotion. Untuned.
    pub back_rank: i32,
    /// A man on a square colour where the enemy has no men: no enemy man can jump it. Untuned.
    pub colour_safe: i32,
    /// Side to move bonus (captures are compulsory: having the move matters). Untuned.
    pub tempo: i32,
    /// Per quiet step a man has (docs/rules.md D3). Untuned.
    pub man_mobility: i32,
    /// Per square a king can slide to (D8). Untuned.
    pub king_mobility: i32,
    /// A man on one of the 16 central squares (c3-f6). Untuned.
    pub centre: i32,
    /// The side to move with 0, 1, 2 or more pieces an enemy man can jump (D5): it can save one
    /// by moving it or covering the landing square, rarely two. Untuned.
    pub threatened: [i32; 3],
    /// A man no enemy piece can stop on its way to promotion (D7), by rank from its own side,
    /// while the enemy has no king. Untuned.
    pub runaway: [i32; 8],
    /// The same while the enemy has a king, which can fly across its path (D8): first half of
    /// [`Weights::runaway`]. Untuned.
    pub runaway_king: [i32; 8],
}

/// Where the evaluation reads its weights: the engine's constant table ([`super::Shipped`]) or
/// the tuner's `&Weights`.
pub(super) trait Table: Copy {
    /// The weights.
    fn w(&self) -> &Weights;
}

impl Table for &Weights {
    #[inline(always)]
    fn w(&self) -> &Weights {
        self
    }
}

impl WeightTable for Weights {
    const HEADER: &'static str = HEADER;

    fn piece_name(i: usize) -> String {
        ["Man", "King"][i.min(1)].to_string()
    }

    /// Every field, in the order of the struct; all are fitted.
    fn fields<'a>(&'a mut self, visit: &mut dyn FnMut(Field, &'a mut dyn Leaves)) {
        let f = Field::new;
        visit(f("man", All).section("Material."), &mut self.man);
        visit(f("king", All), &mut self.king);
        visit(f("man_rank", All).section("Men."), &mut self.man_rank);
        visit(f("back_rank", All), &mut self.back_rank);
        visit(f("colour_safe", All), &mut self.colour_safe);
        visit(f("tempo", All), &mut self.tempo);
        visit(
            f("man_mobility", All).section("Mobility and the centre."),
            &mut self.man_mobility,
        );
        visit(f("king_mobility", All), &mut self.king_mobility);
        visit(f("centre", All), &mut self.centre);
        visit(
            f("threatened", All).section("Threats and runaways."),
            &mut self.threatened,
        );
        visit(f("runaway", All), &mut self.runaway);
        visit(f("runaway_king", All), &mut self.runaway_king);
    }

    /// The weights that must not fall along a line, each line as names of
    /// [`WeightTable::param_names`] in order: a man's bonus by rank and a runaway's, from the
    /// 2nd rank to the 7th (docs/rules.md D7: a man on the last rank is a king).
    fn rising_lines(&self) -> Vec<Vec<String>> {
        ["man_rank", "runaway", "runaway_king"]
            .iter()
            .map(|name| (1..7).map(|r| format!("{name}[{r}]")).collect())
            .collect()
    }
}

/// The start of `table.rs`.
const HEADER: &str = "\
//! The Dual-checkers evaluation's weights, the values: what each one means is on the fields of
//! [`Weights`] (`weights.rs`). `kurier tune --variant dualcheckers --out FILE.rs` writes a file
//! of this form; a tuned table replaces this file as it is.

use super::weights::Weights;

/// The weights the engine plays with.
#[rustfmt::skip]
pub const W: Weights = Weights {
";
