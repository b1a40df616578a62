//! The tests of Dual checkers' weight table as the tuner sees it: its rising lines, its source text
//! and its listing of the numbers (`weights.rs`: the `WeightTable` impl).

#[cfg(test)]
mod tests {
    use super::super::table::W;
    use super::super::weights::WeightTable;
    use crate::eval::table::checks;

    #[test]
    fn the_rising_lines_name_weights_and_the_shipped_table_keeps_them() {
        assert!(!W.rising_lines().is_empty());
        checks::keeps_its_rising_lines(&W);
    }

    #[test]
    fn the_written_source_of_the_shipped_table_is_table_rs() {
        assert_eq!(W.to_source(), include_str!("table.rs"));
    }

    #[test]
    fn every_number_of_the_table_is_listed_once() {
        checks::lists_every_number_once(&W);
    }
}
