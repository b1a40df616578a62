//! The games Kurier plays, and the one place where a game is chosen at run time.
//!
//! Everything else is generic over [`crate::game::Game`]; the [`with_game!`](crate::with_game)
//! macro turns a [`Variant`] value into a call of generic code with the matching type.

pub mod courier;
pub mod dual;
pub mod schachdame;

use crate::game::Game;
use std::fmt;
use std::str::FromStr;

/// A game Kurier plays, by its protocol name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Courier chess (docs/rules.md C), `courier`.
    Courier,
    /// Schachdame (docs/rules.md S), `schachdame`.
    Schachdame,
    /// Dual checkers (docs/rules.md D), `dualcheckers`.
    DualCheckers,
}

impl Variant {
    /// Every game this build plays, in the order of the protocol contract
    /// (`courier,schachdame,dualcheckers`).
    pub const ALL: [Variant; 3] = [Variant::Courier, Variant::Schachdame, Variant::DualCheckers];

    /// The protocol name (`courier`, `schachdame`, `dualcheckers`).
    pub const fn name(self) -> &'static str {
        // Each game spells its name once, as its `Game::NAME`.
        match self {
            Variant::Courier => <courier::Courier as Game>::NAME,
            Variant::Schachdame => <schachdame::Schachdame as Game>::NAME,
            Variant::DualCheckers => <dual::DualCheckers as Game>::NAME,
        }
    }

    /// The protocol names of all games, comma-separated (for XBoard's `variants` feature).
    pub fn names() -> String {
        Self::ALL.map(Variant::name).join(",")
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that Kurier does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (this build plays: {})",
            self.0,
            Variant::names()
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == wanted)
            .ok_or_else(|| UnknownVariant(s.trim().to_string()))
    }
}

/// Runs generic code with the game type of a [`Variant`]:
/// `with_game!(variant, G => perft::<G>(...))`.
#[macro_export]
macro_rules! with_game {
    ($variant:expr, $g:ident => $body:expr) => {
        match $variant {
            $crate::games::Variant::Courier => {
                type $g = $crate::games::courier::Courier;
                $body
            }
            $crate::games::Variant::Schachdame => {
                type $g = $crate::games::schachdame::Schachdame;
                $body
            }
            $crate::games::Variant::DualCheckers => {
                type $g = $crate::games::dual::DualCheckers;
                $body
            }
        }
    };
}
