//! Schachdame moves and their text (docs/rules.md S9): `c1e3`, promotion `b7a8b`.

use super::Schachdame;
use crate::game::{find_move, parse_square, square_name, MoveError};
use std::fmt;

/// A move, packed in 16 bits:
///
/// ```text
///  15    13  12  11       6 5        0
/// +--------+---+----------+----------+
/// | unused | P |    to    |   from   |
/// +--------+---+----------+----------+
/// ```
///
/// `P` is set when a pawn promotes to a bishop (docs/rules.md S6). Squares are `rank * 8 + file`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    const PROMOTION: u16 = 1 << 12;

    /// A move from `from` to `to`, promoting when `promotion`.
    #[inline(always)]
    pub const fn new(from: usize, to: usize, promotion: bool) -> Move {
        Move(from as u16 | (to as u16) << 6 | if promotion { Self::PROMOTION } else { 0 })
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> usize {
        (self.0 & 63) as usize
    }

    /// Destination square.
    #[inline(always)]
    pub const fn to(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }

    /// True when a pawn promotes to a bishop.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & Self::PROMOTION != 0
    }

    /// The packed 16 bits (for transposition-table entries).
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.from(), self.to());
        write!(
            f,
            "{}{}",
            square_name(a % 8, a / 8),
            square_name(b % 8, b / 8)
        )?;
        if self.is_promotion() {
            write!(f, "b")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Reads a move: `c1e3`, also `c1-e3`, `c1xe3`, `C1E3`; a promotion as `b7a8b`, `b7a8=b` or just
/// `b7a8` (a pawn can only become a bishop, so the suffix is optional on input).
pub fn parse(pos: &Schachdame, text: &str) -> Result<Move, MoveError> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':' | '='))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let syntax = || MoveError::Syntax(text.trim().to_string());
    if !cleaned.is_ascii() || cleaned.len() < 4 {
        return Err(syntax());
    }
    let (squares, suffix) = if cleaned.len() >= 5 && cleaned.as_bytes()[2].is_ascii_alphabetic() {
        // Two squares of one digit each on an 8x8 board: `c1e3` + suffix.
        cleaned.split_at(4)
    } else {
        (cleaned.as_str(), "")
    };
    let from = parse_square(&squares[..2], 8, 8).ok_or_else(syntax)?;
    let to = parse_square(&squares[2..], 8, 8).ok_or_else(syntax)?;
    let promotion = match suffix {
        "" => None,
        "b" => Some(true),
        _ => return Err(syntax()),
    };
    let from = from.1 * 8 + from.0;
    let to = to.1 * 8 + to.0;
    // A promotion is named with or without its suffix; a suffix on a non-promotion is illegal.
    let wanted_promotion = promotion.unwrap_or_else(|| {
        pos.piece_on(pos.side, from) == Some(super::Piece::Pawn) && (to / 8 == 0 || to / 8 == 7)
    });
    find_move(pos, &Move::new(from, to, wanted_promotion).to_string())
}
