//! Schachdame's table as the tuner sees it beyond what every table offers ([`WeightTable`]):
//! the lines of weights that must keep rising, the start of the source file, and the tests of
//! the table's listing.

#[cfg(test)]
use super::weights::WeightTable;
use super::weights::Weights;
use kurier_rules::games::schachdame::Piece;

impl Weights {
    /// The weights that must not fall along a line, each line as names of
    /// [`WeightTable::param_names`] in order: bishop mobility rises with the squares, a passed
    /// pawn's bonus with its rank (the ranks a pawn can stand on, 1st to 7th: docs/rules.md S2,
    /// two pawns start on the first rank), and so does a pawn's endgame square value on every
    /// file.
    pub fn rising_lines(&self) -> Vec<Vec<String>> {
        let mut lines = Vec::new();
        for ph in [".mg", ".eg"] {
            lines.push(
                (0..self.mobility_bishop.len())
                    .map(|i| format!("mobility_bishop[{i}]{ph}"))
                    .collect(),
            );
            lines.push((0..7).map(|r| format!("passed[{r}]{ph}")).collect());
        }
        let pawn = Piece::Pawn as usize;
        for k in 0..4 {
            lines.push(
                (0..7)
                    .map(|r| format!("pst[{pawn}][{r}][{k}].eg"))
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
        for line in &W.rising_lines() {
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
    fn params_round_trip() {
        let mut w = W.clone();
        let values = w.params();
        let names = w.param_names();
        assert_eq!(values.len(), names.len());
        assert_eq!(names[0], "material[0].mg");
        assert!(!names.iter().any(|n| n.starts_with("phase")));
        let shifted: Vec<i32> = values.iter().map(|v| v + 1).collect();
        w.set_params(&shifted);
        assert_eq!(w.params(), shifted);
        assert_eq!(w.phase, W.phase);
        assert_eq!(w.tempo, W.tempo + 1);
    }
}
