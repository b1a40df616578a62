//! Which numbers of a weight table the tuner fits ([`Tuned`]) and how a field is written
//! ([`Field`]).

/// Which numbers of a field the tuner fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tuned {
    /// All of them: weights.
    All,
    /// None of them: structure (a table of counts, a threshold, a number of plies).
    Fixed,
    /// Those marked true, by index (a tuple of a weight and a threshold).
    Only(&'static [bool]),
}

impl Tuned {
    /// Whether the `i`-th number of the field is fitted.
    pub fn has(self, i: usize) -> bool {
        match self {
            Tuned::All => true,
            Tuned::Fixed => false,
            Tuned::Only(mask) => mask[i],
        }
    }
}

/// A field of a weight table, as [`super::WeightTable::fields`] lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// Its name in the source.
    pub name: &'static str,
    /// Which of its numbers are fitted.
    pub tuned: Tuned,
    /// Its outermost index is the piece (named by [`super::WeightTable::piece_name`]).
    pub by_piece: bool,
    /// The heading of the group of terms it opens, if it is the first of one.
    pub section: Option<&'static str>,
}

impl Field {
    /// A field named `name` of which `tuned` are fitted.
    pub const fn new(name: &'static str, tuned: Tuned) -> Field {
        Field {
            name,
            tuned,
            by_piece: false,
            section: None,
        }
    }

    /// The same field, its outer index the piece.
    pub const fn by_piece(self) -> Field {
        Field {
            by_piece: true,
            ..self
        }
    }

    /// The same field, opening the group of terms `heading`.
    pub const fn section(self, heading: &'static str) -> Field {
        Field {
            section: Some(heading),
            ..self
        }
    }
}
