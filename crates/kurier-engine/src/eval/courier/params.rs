//! The table as the tuner sees it: a list of named numbers, the weights it fits, and the
//! source text of a whole table. All of it walks [`Weights::fields`], the one list of the
//! table's fields.

use super::weights::{Field, Leaves, Shape, Tuned, Weights};
use kurier_rules::games::courier::Piece;
use std::fmt::Write as _;

/// Columns the source writer keeps a line within (past this, an array goes one part a line).
const WIDTH: usize = 100;

impl Weights {
    /// Calls `f` with the name (`pst[1][3][2].mg`) and the value of every weight the tuner fits,
    /// in the order of the fields (the order of [`Weights::params`] and
    /// [`Weights::param_mut`]'s indices).
    pub fn visit_mut(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
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
    pub fn param_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        self.clone()
            .visit_mut(&mut |name, _| names.push(name.to_string()));
        names
    }

    /// The fitted weights, in order.
    pub fn params(&self) -> Vec<i32> {
        let mut values = Vec::new();
        self.clone().visit_mut(&mut |_, v| values.push(*v));
        values
    }

    /// Sets the fitted weights from `values`, in order (the others stay). Extra values are
    /// ignored; missing ones leave their weights as they are.
    pub fn set_params(&mut self, values: &[i32]) {
        let mut it = values.iter();
        self.visit_mut(&mut |_, v| {
            if let Some(&x) = it.next() {
                *v = x;
            }
        });
    }

    /// The `i`-th fitted weight (the order of [`Weights::params`]), without walking the other
    /// numbers: the tuner changes one weight at a time.
    ///
    /// # Panics
    ///
    /// If there are not that many fitted weights.
    pub fn param_mut(&mut self, mut i: usize) -> &mut i32 {
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
    pub fn add_params(&mut self, start: usize, deltas: &[i32]) {
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

    /// The weights that must not fall along a line, each line as names of
    /// [`Weights::param_names`] in order (a weight never below the one before it): the shapes
    /// the evaluation's tests check, which a fit must keep (`kurier tune` projects onto them).
    /// Mobility rises with the squares (`mobility.rs`), a passed pawn's shares rise with its
    /// rank (`pawns.rs`: the ranks a pawn can stand on, 2nd to 7th), a pawn's endgame square
    /// value rises with its rank on every file (`pst.rs`).
    pub fn rising_lines(&self) -> Vec<Vec<String>> {
        let mut lines = Vec::new();
        let phases = [".mg", ".eg"];
        let mobility = [
            ("mobility_knight", self.mobility_knight.len()),
            ("mobility_courier", self.mobility_courier.len()),
            ("mobility_rook", self.mobility_rook.len()),
            ("mobility_alfil", self.mobility_alfil.len()),
            ("mobility_fers", self.mobility_fers.len()),
            ("mobility_mann", self.mobility_mann.len()),
            ("mobility_wazir", self.mobility_wazir.len()),
        ];
        for (name, n) in mobility {
            for ph in phases {
                lines.push((0..n).map(|i| format!("{name}[{i}]{ph}")).collect());
            }
        }
        for name in ["passed_rank", "passed_free"] {
            for ph in phases {
                lines.push((1..7).map(|r| format!("{name}[{r}]{ph}")).collect());
            }
        }
        for name in ["passed_king_them", "passed_king_us"] {
            lines.push((1..7).map(|r| format!("{name}[{r}]")).collect());
        }
        let pawn = Piece::Pawn as usize;
        for f in 0..self.pst[pawn][0].len() {
            lines.push(
                (1..7)
                    .map(|r| format!("pst[{pawn}][{r}][{f}].eg"))
                    .collect(),
            );
        }
        lines
    }

    /// The source of `table.rs` holding this table: what `kurier tune --out` writes. The
    /// shipped table's is the file itself (a test checks it).
    pub fn to_source(&self) -> String {
        let mut out = String::from(HEADER);
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
            let text = write_value(&value.shape(), &leaves, 4, lead, field.by_piece);
            let _ = writeln!(out, "    {}: {text},", field.name);
        });
        out.push_str("};\n");
        out
    }
}

/// The start of `table.rs`.
const HEADER: &str = "\
//! The Courier evaluation's weights, the values: what each one means and where its first value
//! came from is on the fields of [`Weights`] (`weights.rs`). `kurier tune --variant courier
//! --out FILE.rs` writes a file of this form; a tuned table replaces this file as it is.

use super::weights::{Weights, S};

/// The weights the engine plays with.
#[rustfmt::skip]
pub const W: Weights = Weights {
";

/// The text of a value of shape `shape` holding `leaves`, starting at column `lead` of a line
/// indented by `indent`; `by_piece`: each part of the outer array on its own line, named.
fn write_value(
    shape: &Shape,
    leaves: &[i32],
    indent: usize,
    lead: usize,
    by_piece: bool,
) -> String {
    match shape {
        Shape::Int => leaves[0].to_string(),
        Shape::S => format!("S({}, {})", leaves[0], leaves[1]),
        Shape::Tuple(_) => {
            let parts: Vec<String> = leaves.iter().map(i32::to_string).collect();
            format!("({})", parts.join(", "))
        }
        Shape::Array(n, inner) => {
            let k = inner.len();
            let parts: Vec<String> = (0..*n)
                .map(|i| {
                    let part = &leaves[i * k..(i + 1) * k];
                    write_value(inner, part, indent + 4, indent + 4, false)
                })
                .collect();
            let scalar = !matches!(**inner, Shape::Array(..));
            let line = format!("[{}]", parts.join(", "));
            if scalar && !by_piece && lead + line.len() < WIDTH {
                return line;
            }
            let pad = " ".repeat(indent + 4);
            let mut text = String::from("[\n");
            if scalar && !by_piece {
                // As many parts a line as fit.
                let mut line = pad.clone();
                for part in &parts {
                    if line.len() > pad.len() && line.len() + part.len() + 2 > WIDTH {
                        text.push_str(line.trim_end());
                        text.push('\n');
                        line = pad.clone();
                    }
                    let _ = write!(line, "{part}, ");
                }
                text.push_str(line.trim_end());
                text.push('\n');
                text.push_str(&" ".repeat(indent));
                text.push(']');
                return text;
            }
            for (i, part) in parts.iter().enumerate() {
                let piece = format!("{:?}", Piece::ALL[i.min(Piece::COUNT - 1)]);
                if by_piece && !scalar {
                    let _ = writeln!(text, "{pad}// {piece}.");
                }
                let _ = write!(text, "{pad}{part},");
                if by_piece && scalar {
                    let _ = write!(text, " // {}", piece.to_lowercase());
                }
                text.push('\n');
            }
            text.push_str(&" ".repeat(indent));
            text.push(']');
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::table::W;
    use super::*;

    #[test]
    fn the_rising_lines_name_weights_and_the_shipped_table_keeps_them() {
        let names = W.param_names();
        let values = W.params();
        let lines = W.rising_lines();
        assert!(lines.len() > 20);
        for line in &lines {
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

    #[test]
    fn the_written_source_of_the_shipped_table_is_table_rs() {
        assert_eq!(W.to_source(), include_str!("table.rs"));
    }

    #[test]
    fn every_number_of_the_table_is_listed_once() {
        let mut w = W.clone();
        let mut numbers = 0;
        w.fields(&mut |_, v| numbers += v.count());
        assert_eq!(numbers * 4, std::mem::size_of::<Weights>());
    }

    #[test]
    fn params_round_trip_and_index_alike() {
        let mut w = W.clone();
        let values = w.params();
        let names = w.param_names();
        assert_eq!(values.len(), names.len());
        assert_eq!(names[0], "material[0].mg");
        assert!(names.contains(&"king_danger.0".to_string()));
        assert!(!names.contains(&"king_danger.1".to_string()));
        assert!(!names.iter().any(|n| n.starts_with("phase")));
        for (i, v) in values.iter().enumerate() {
            assert_eq!(*w.param_mut(i), *v, "{}", names[i]);
        }
        let shifted: Vec<i32> = values.iter().map(|v| v + 1).collect();
        w.set_params(&shifted);
        assert_eq!(w.params(), shifted);
        assert_eq!(w.phase, W.phase);
        *w.param_mut(values.len() - 1) = 99;
        assert_eq!(w.tempo, 99);
        // A run of weights across fields moves as one weight at a time would.
        let (mut a, mut b) = (W.clone(), W.clone());
        let deltas: Vec<i32> = (0..values.len() as i32 - 20).map(|k| k % 7 - 3).collect();
        a.add_params(10, &deltas);
        for (k, d) in deltas.iter().enumerate() {
            *b.param_mut(10 + k) += d;
        }
        assert_eq!(a, b);
        assert_ne!(a, W);
    }
}
