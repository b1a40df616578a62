//! Evaluation and the search hooks per game: engine policy, reading the position through the
//! rules crate's accessors. Each file implements [`crate::search::Searchable`] for one game.

pub mod courier;
pub mod dual;
pub mod schachdame;
pub mod table;

/// `fen` with the colours swapped, for the evaluations' symmetry tests (any of the three
/// games' FEN: the board first, the side to move second): the board turned upside down, upper
/// and lower case exchanged, the other side to move.
#[cfg(test)]
pub(crate) fn mirror(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let ranks: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    fields[0] = ranks.join("/");
    fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string();
    fields.join(" ")
}
