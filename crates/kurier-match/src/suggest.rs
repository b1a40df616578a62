//! "Did you mean ...?": the known word nearest to a mistyped one, for the errors of the
//! cutechess-style command line and of `conf=` names.

/// The candidate closest to `word` (Jaro-Winkler similarity, as clap uses for its suggestions),
/// if one is close enough to be a likely typo.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(word, c), c))
        .filter(|(score, _)| *score > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_find_their_word() {
        let known = ["-variant", "-games", "-concurrency", "-rounds"];
        assert_eq!(nearest("-varient", known).as_deref(), Some("-variant"));
        assert_eq!(
            nearest("-concurency", known).as_deref(),
            Some("-concurrency")
        );
        assert_eq!(nearest("-gmaes", known).as_deref(), Some("-games"));
        assert_eq!(nearest("-zzzzzzzz", known), None);
    }
}
