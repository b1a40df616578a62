//! The Dual-checkers move: the identity of docs/rules.md D12 and nothing else.
//!
//! The type knows no board, so it imports nothing of this game: the capture search
//! ([`super::captures`]) builds moves, and the notation ([`super::notation`]) writes and reads them.

use crate::game::square_name;
use std::fmt;

/// A move: exactly the identity of docs/rules.md D12.
///
/// ```text
///  captured: u64   bitboard of the captured pieces (0 for a quiet move)
///  from: u8        origin square, rank * 8 + file
///  to: u8          destination square (may equal `from` for a king's round trip)
///  promoted: bool  a man ends the move as a king (quiet promotion or D7)
/// ```
///
/// 16 bytes, `Copy`. Two capture paths with equal fields lead to the same position and are one
/// move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move {
    captured: u64,
    from: u8,
    to: u8,
    promoted: bool,
}

impl Move {
    /// A move from `from` to `to` taking the pieces of `captured`; `promoted` when a man ends it
    /// as a king.
    #[inline(always)]
    pub const fn new(from: usize, to: usize, captured: u64, promoted: bool) -> Move {
        Move {
            captured,
            from: from as u8,
            to: to as u8,
            promoted,
        }
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> usize {
        self.from as usize
    }

    /// Destination square.
    #[inline(always)]
    pub const fn to(self) -> usize {
        self.to as usize
    }

    /// The squares of the captured pieces.
    #[inline(always)]
    pub const fn captured(self) -> u64 {
        self.captured
    }

    /// True when a capture.
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.captured != 0
    }

    /// True when a man ends the move as a king (docs/rules.md D7).
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.promoted
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", name(self.from()), name(self.to()))?;
        if self.captured != 0 {
            write!(f, " x")?;
            for sq in crate::bitboard::squares(self.captured) {
                write!(f, " {}", name(sq))?;
            }
        }
        if self.promoted {
            write!(f, " =K")?;
        }
        Ok(())
    }
}

fn name(sq: usize) -> String {
    square_name(sq % 8, sq / 8)
}
