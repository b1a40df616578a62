//! Courier's table as the tuner sees it beyond what every table offers
//! ([`WeightTable`]): the lines of weights that must keep rising, the start of the source file,
//! and the tests of the table's listing.

#[cfg(test)]
use super::weights::WeightTable;
use super::weights::Weights;
use kurier_rules::games::courier::Piece;

impl Weights {
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
