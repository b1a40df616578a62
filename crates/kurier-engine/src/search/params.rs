//! The search's tunable numbers in one table, each with the range a tuner (SPSA) may move it
//! in — as the evaluations keep their weights in one table per game.
//!
//! The search reads them from [`SearchParams::DEFAULT`], a constant, so each is compiled in as
//! a literal and costs nothing at a node. None is a UCI or XBoard option: a tuner that wants to
//! move them at run time can turn the constant into a field of the worker. The time manager's
//! factors live with it, in [`super::time`].

/// One tunable number: its name (the field's), value and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The field of [`SearchParams`] it is.
    pub name: &'static str,
    /// The value the engine plays with.
    pub value: i32,
    /// Smallest value a tuner may try.
    pub min: i32,
    /// Largest value a tuner may try.
    pub max: i32,
}

/// Declares [`SearchParams`], its [`SearchParams::DEFAULT`] and its [`SearchParams::TABLE`]
/// from one list, so that a name, its value and its range are written once.
macro_rules! params {
    ($( $(#[doc = $doc:expr])* $name:ident = $value:expr, $min:expr, $max:expr; )*) => {
        /// The search's tunable numbers (see the module's comment).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $( $(#[doc = $doc])* pub $name: i32, )*
        }

        impl SearchParams {
            /// The values the engine plays with.
            pub const DEFAULT: SearchParams = SearchParams { $( $name: $value, )* };

            /// Every parameter with its value and range, in the order declared.
            pub const TABLE: &'static [Param] = &[
                $( Param { name: stringify!($name), value: $value, min: $min, max: $max }, )*
            ];
        }
    };
}

params! {
    /// Half-width of the first aspiration window, in centipawns.
    aspiration_delta = 25, 5, 100;
    /// First depth searched with an aspiration window.
    aspiration_min_depth = 5, 2, 10;
    /// Width beyond which a failing aspiration window becomes the full window.
    aspiration_max_delta = 800, 200, 3000;
    /// Deepest remaining depth with reverse futility pruning.
    rfp_max_depth = 3, 1, 10;
    /// Reverse futility's margin per ply of depth, in centipawns.
    rfp_margin = 120, 40, 300;
    /// Shallowest depth with null-move pruning.
    nmp_min_depth = 3, 2, 6;
    /// Null-move reduction at small depth, in plies.
    nmp_base = 3, 1, 5;
    /// The null-move reduction grows by a ply every this many plies of depth.
    nmp_depth_div = 6, 2, 12;
    /// Shallowest depth reduced a ply where the table has no move (internal iterative
    /// reduction).
    iir_min_depth = 4, 2, 10;
    /// Deepest remaining depth with move-count pruning of quiet moves.
    lmp_max_depth = 7, 1, 12;
    /// Deepest depth after the late-move reduction (`lmrDepth`) with futility pruning of
    /// quiet moves.
    futility_max_depth = 6, 1, 10;
    /// Move-count pruning: quiet moves after `lmp_base + lmp_mul * depth²` searched moves.
    lmp_base = 4, 1, 10;
    /// See `lmp_base`.
    lmp_mul = 3, 1, 6;
    /// Futility pruning: a quiet move is skipped when the evaluation plus
    /// `futility_base + futility_mul * depth` is at most alpha.
    futility_base = 90, 0, 300;
    /// See `futility_base`.
    futility_mul = 110, 30, 300;
    /// Deepest remaining depth with SEE pruning of moves that lose material.
    see_max_depth = 8, 1, 12;
    /// SEE pruning: a quiet move is skipped when it loses more than `see_quiet_margin * depth`.
    see_quiet_margin = 64, 10, 200;
    /// SEE pruning: a tactical move is skipped when it loses more than
    /// `see_tactical_margin * depth²`.
    see_tactical_margin = 19, 5, 100;
    /// Shallowest depth with late-move reductions.
    lmr_min_depth = 3, 2, 6;
    /// The reduction table's constant term, in hundredths of a ply.
    lmr_base = 75, 0, 200;
    /// The reduction table is `lmr_base / 100 + ln(depth) * ln(move) * 100 / lmr_divisor`.
    lmr_divisor = 225, 100, 400;
    /// A quiet move's reduction falls by a ply per this much history (the sum of its three
    /// tables; and rises for a bad one).
    lmr_history_div = 16384, 2048, 65536;
    /// Largest history bonus of a cutoff (the bonus is depth², up to this).
    history_bonus_max = 400, 100, 2000;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_inside_its_range_and_every_name_is_unique() {
        let table = SearchParams::TABLE;
        assert!(table.len() >= 10);
        for (i, p) in table.iter().enumerate() {
            assert!(p.min <= p.value && p.value <= p.max, "{p:?}");
            assert!(p.min < p.max, "{p:?}");
            assert!(table[..i].iter().all(|q| q.name != p.name), "{p:?}");
        }
        let d = SearchParams::DEFAULT;
        let by_name = |n: &str| table.iter().find(|p| p.name == n).unwrap().value;
        assert_eq!(by_name("rfp_margin"), d.rfp_margin);
        assert_eq!(by_name("history_bonus_max"), d.history_bonus_max);
    }
}
