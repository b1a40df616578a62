//! Courier moves and their text (docs/rules.md C9): `i2i3`, promotion `c7c8f`.

use super::attacks::{FILES, RANKS};
use super::{Courier, Piece};
use crate::game::{find_move, parse_square, square_name, MoveError};
use std::fmt;

/// A move, packed in 32 bits:
///
/// ```text
///  31      19  18  17   14 13       7 6        0
/// +----------+---+-------+----------+----------+
/// |  unused  | P | piece |    to    |   from   |
/// +----------+---+-------+----------+----------+
/// ```
///
/// `piece` is the [`Piece`] that moves (so making the move needs no board lookup for it), `P` is
/// set when a pawn promotes to a fers (docs/rules.md C4). Squares are `rank * 12 + file`, 0..96.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    const PROMOTION: u32 = 1 << 18;

    /// `piece` moves from `from` to `to`, promoting when `promotion`.
    #[inline(always)]
    pub const fn new(from: usize, to: usize, piece: Piece, promotion: bool) -> Move {
        Move(
            from as u32
                | (to as u32) << 7
                | (piece as u32) << 14
                | if promotion { Self::PROMOTION } else { 0 },
        )
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> usize {
        (self.0 & 127) as usize
    }

    /// Destination square.
    #[inline(always)]
    pub const fn to(self) -> usize {
        ((self.0 >> 7) & 127) as usize
    }

    /// The piece that moves.
    #[inline(always)]
    pub const fn piece(self) -> Piece {
        Piece::ALL[((self.0 >> 14) & 15) as usize % Piece::COUNT]
    }

    /// True when a pawn promotes to a fers.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & Self::PROMOTION != 0
    }

    /// The packed 32 bits (for transposition-table entries).
    pub const fn bits(self) -> u32 {
        self.0
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.from(), self.to());
        write!(
            f,
            "{}{}",
            square_name(a % FILES, a / FILES),
            square_name(b % FILES, b / FILES)
        )?;
        if self.is_promotion() {
            write!(f, "f")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Splits `text` into a square name (a letter and its digits) and the rest.
fn split_square(text: &str) -> Option<(&str, &str)> {
    let first = text.chars().next()?;
    if !first.is_ascii_lowercase() {
        return None;
    }
    let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0).then(|| text.split_at(1 + digits))
}

/// Reads a move: `i2i3`, also `i2-i3`, `i2xi3`, `I2I3`; a promotion as `c7c8f`, `c7c8=f` or just
/// `c7c8` (a pawn can only become a fers, so the suffix is optional on input).
pub fn parse(pos: &Courier, text: &str) -> Result<Move, MoveError> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':' | '='))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let syntax = || MoveError::Syntax(text.trim().to_string());
    if !cleaned.is_ascii() {
        return Err(syntax());
    }
    let (from, rest) = split_square(&cleaned).ok_or_else(syntax)?;
    let (to, suffix) = split_square(rest).ok_or_else(syntax)?;
    let from = parse_square(from, FILES, RANKS).ok_or_else(syntax)?;
    let to = parse_square(to, FILES, RANKS).ok_or_else(syntax)?;
    let promotion = match suffix {
        "" => None,
        "f" => Some(true),
        _ => return Err(syntax()),
    };
    let (from, to) = (from.1 * FILES + from.0, to.1 * FILES + to.0);
    // A promotion is named with or without its suffix; a suffix on another move is illegal.
    let promotion = promotion.unwrap_or_else(|| {
        pos.piece_on(from).map(|(_, p)| p) == Some(Piece::Pawn)
            && (to / FILES == 0 || to / FILES == RANKS - 1)
    });
    find_move(
        pos,
        &Move::new(from, to, Piece::Pawn, promotion).to_string(),
    )
}
