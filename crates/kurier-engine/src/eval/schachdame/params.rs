//! The tests of Schachdame's weight table as the tuner sees it: its rising lines, its source text
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
