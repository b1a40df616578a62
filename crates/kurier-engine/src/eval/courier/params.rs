//! The tests of Courier's weight table as the tuner sees it: its rising lines, its source text
//! and its listing of the numbers (`weights.rs`: the `WeightTable` impl).

#[cfg(test)]
mod tests {
    use super::super::table::W;
    use super::super::weights::WeightTable;
    use crate::eval::table::checks;

    #[test]
    fn the_rising_lines_name_weights_and_the_shipped_table_keeps_them() {
        assert!(W.rising_lines().len() > 20);
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
