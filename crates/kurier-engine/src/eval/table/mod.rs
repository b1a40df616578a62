//! Weight tables: what every evaluation's table of weights offers the tuner and the source
//! writer. A game's table is a struct of named fields ([`S`] pairs, numbers, arrays of them);
//! it lists them once, in [`WeightTable::fields`], and everything else — the fitted weights as
//! a flat list with names, setting them, the source text `kurier tune --out` writes — follows
//! from that list here, the same for every game.

mod field;
mod leaves;
mod source;
mod tapered;

pub use field::{Field, Tuned};
pub use leaves::{Leaves, Shape};
use std::fmt::Write as _;
pub use tapered::S;

/// A table of evaluation weights that the tuner can read, change and write out as source.
pub trait WeightTable: Clone {
    /// The start of the table's source file, up to and with the line that opens the constant.
    const HEADER: &'static str;

    /// The name of the piece with index `i`, for the comments of fields indexed by piece.
    fn piece_name(i: usize) -> String;

    /// Every field, in the order of the struct, each once: `visit(field, its numbers)`. The one
    /// list of the table's parameters: flattening, names and the source text follow it. A field
    /// missing here would be missing from the source `kurier tune` writes, which would then not
    /// compile.
    fn fields<'a>(&'a mut self, visit: &mut dyn FnMut(Field, &'a mut dyn Leaves));

    /// The weights that must not fall along a line, each line as names of
    /// [`WeightTable::param_names`] in order (a weight never below the one before it): shapes
    /// the evaluation needs whatever the data say, which a fit keeps (`kurier tune` steps along
    /// them). None unless the table says so.
    fn rising_lines(&self) -> Vec<Vec<String>> {
        Vec::new()
    }

    /// Calls `f` with the name (`pst[1][3][2].mg`) and the value of every weight the tuner fits,
    /// in the order of the fields (the order of [`WeightTable::params`] and
    /// [`Weights::param_mut`]'s indices).
    fn visit_mut(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
        self.fields(&mut |field: Field, value: &mut dyn Leaves| {
            let shape = value.shape();
            for i in 0..value.count() {
                if field.tuned.has(i) {
                    let name = format!("{}{}", field.name, shape.leaf_name(i));
                    f(&name, value.leaf_mut(i));
                }
            }
        });
    }

    /// The names of the fitted weights, in order.
    fn param_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        self.clone()
            .visit_mut(&mut |name, _| names.push(name.to_string()));
        names
    }

    /// The fitted weights, in order.
    fn params(&self) -> Vec<i32> {
        let mut values = Vec::new();
        self.clone().visit_mut(&mut |_, v| values.push(*v));
        values
    }

    /// Sets the fitted weights from `values`, in order (the others stay). Extra values are
    /// ignored; missing ones leave their weights as they are.
    fn set_params(&mut self, values: &[i32]) {
        let mut it = values.iter();
        self.visit_mut(&mut |_, v| {
            if let Some(&x) = it.next() {
                *v = x;
            }
        });
    }

    /// The `i`-th fitted weight (the order of [`WeightTable::params`]), without walking the other
    /// numbers: the tuner changes one weight at a time.
    ///
    /// # Panics
    ///
    /// If there are not that many fitted weights.
    fn param_mut(&mut self, mut i: usize) -> &mut i32 {
        let mut found = None;
        self.fields(&mut |field, value| {
            if found.is_some() {
                return;
            }
            let n = value.count();
            match field.tuned {
                Tuned::All if i < n => found = Some(value.leaf_mut(i)),
                Tuned::All => i -= n,
                Tuned::Fixed => {}
                Tuned::Only(mask) => {
                    let fitted = (0..n).filter(|&k| mask[k]);
                    match fitted.clone().nth(i) {
                        Some(k) => found = Some(value.leaf_mut(k)),
                        None => i -= fitted.count(),
                    }
                }
            }
        });
        found.expect("no such weight")
    }

    /// Adds `deltas[k]` to the fitted weight `start + k`, for each `k`: the tuner's probes
    /// move a run of weights at once. Walks only the fields of the run.
    ///
    /// # Panics
    ///
    /// If the run goes past the last fitted weight.
    fn add_params(&mut self, start: usize, deltas: &[i32]) {
        let end = start + deltas.len();
        let mut first = 0; // the index of the field's first fitted weight
        self.fields(&mut |field, value| {
            if first >= end {
                return;
            }
            let n = value.count();
            let fitted = match field.tuned {
                Tuned::All => n,
                Tuned::Fixed => 0,
                Tuned::Only(mask) => mask.iter().filter(|&&b| b).count(),
            };
            if first + fitted > start {
                let mut k = first; // the fitted index of leaf `leaf`
                for leaf in 0..n {
                    if field.tuned.has(leaf) {
                        if (start..end).contains(&k) {
                            *value.leaf_mut(leaf) += deltas[k - start];
                        }
                        k += 1;
                    }
                }
            }
            first += fitted;
        });
        assert!(first >= end, "no weight {}", end - 1);
    }

    /// The source of `table.rs` holding this table: what `kurier tune --out` writes. The
    /// shipped table's is the file itself (a test checks it).
    fn to_source(&self) -> String {
        let mut out = String::from(Self::HEADER);
        let mut first = true;
        self.clone().fields(&mut |field, value| {
            if let Some(heading) = field.section {
                if !first {
                    out.push('\n');
                }
                let _ = writeln!(out, "    // -- {heading}");
            }
            first = false;
            let leaves: Vec<i32> = (0..value.count()).map(|i| *value.leaf_mut(i)).collect();
            let lead = 4 + field.name.len() + 2;
            let text = source::write_value(
                &value.shape(),
                &leaves,
                4,
                lead,
                field.by_piece,
                &Self::piece_name,
            );
            let _ = writeln!(out, "    {}: {text},", field.name);
        });
        out.push_str("};\n");
        out
    }
}

/// Checks every game's table passes, called from each game's `params.rs` tests.
#[cfg(test)]
pub(crate) mod checks {
    use super::WeightTable;

    /// Every name of `w`'s rising lines is a fitted weight, and `w` keeps each line rising.
    pub(crate) fn keeps_its_rising_lines<T: WeightTable>(w: &T) {
        let names = w.param_names();
        let values = w.params();
        for line in &w.rising_lines() {
            let at: Vec<usize> = line
                .iter()
                .map(|n| {
                    names
                        .iter()
                        .position(|m| m == n)
                        .unwrap_or_else(|| panic!("{n}"))
                })
                .collect();
            for pair in at.windows(2) {
                assert!(
                    values[pair[0]] <= values[pair[1]],
                    "{} > {}",
                    names[pair[0]],
                    names[pair[1]]
                );
            }
        }
    }

    /// [`WeightTable::fields`] lists every number of `w` once: their count, four bytes each,
    /// is the struct's size (a table holds `i32`s only).
    pub(crate) fn lists_every_number_once<T: WeightTable>(w: &T) {
        let mut w = w.clone();
        let mut numbers = 0;
        w.fields(&mut |_, v| numbers += v.count());
        assert_eq!(numbers * 4, std::mem::size_of::<T>());
    }
}
