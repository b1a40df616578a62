//! Dual checkers' table as the tuner sees it beyond what every table offers
//! ([`WeightTable`]): the lines of weights that must keep rising, the start of the source file,
//! and the tests of the table's listing.

#[cfg(test)]
use super::weights::WeightTable;
use super::weights::Weights;

impl Weights {
    /// The weights that must not fall along a line, each line as names of
    /// [`WeightTable::param_names`] in order: a man's bonus by rank and a runaway's, from the
    /// 2nd rank to the 7th (docs/rules.md D7: a man on the last rank is a king).
    pub fn rising_lines(&self) -> Vec<Vec<String>> {
        ["man_rank", "runaway", "runaway_king"]
            .iter()
            .map(|name| (1..7).map(|r| format!("{name}[{r}]")).collect())
            .collect()
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
                assert!(values[pair[0]] <= values[pair[1]], "{}", names[pair[1]]);
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
}
