//! Courier FEN (docs/rules.md C9): chess FEN on 12 files, digit runs up to 12 (`12`, `6f5`), the
//! letters of C2 (K R N B E F M W P). Castling and en-passant fields are `-` when present.
//! Accepted shapes, as GUIs really send them:
//!
//! - `BOARD SIDE - - HALFMOVE FULLMOVE` (standard, six fields);
//! - `BOARD SIDE - -` or `BOARD SIDE` (counters default to 0 and 1);
//! - `BOARD SIDE HALFMOVE FULLMOVE` (XBoard's `setboard` after `-lpf`).
//!
//! Everything that cannot arise in a game is an error, never a panic: wrong row or file counts
//! (digit runs add up with saturating arithmetic, so `99999999999999999999` is just "too long"),
//! unknown letters, a side without exactly one king, a pawn on the first or last rank, the side
//! not to move in check.

use super::attacks::{FILES, RANKS, RANK_1, RANK_8};
use super::{Courier, Piece};
use crate::game::{parse_fen_board, parse_fen_counters, square_name, Color, FenError};

/// Reads a position, rejecting anything that cannot arise in the game.
pub fn parse(text: &str) -> Result<Courier, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let Some(&board) = fields.first() else {
        return Err(FenError::Empty);
    };
    let mut pos = Courier::empty();
    parse_board(&mut pos, board)?;

    pos.side = match fields.get(1).copied() {
        None => return Err(FenError::NoSideToMove),
        Some("w") | Some("W") => Color::White,
        Some("b") | Some("B") => Color::Black,
        Some(other) => return Err(FenError::SideToMove(other.to_string())),
    };
    (pos.halfmove, pos.fullmove) = parse_fen_counters(
        fields.get(2..).unwrap_or(&[]),
        ["castling", "en passant", "halfmove", "fullmove"],
    )?;
    if pos.side == Color::Black {
        pos.key ^= super::side_key();
    }
    validate(&pos)?;
    Ok(pos)
}

fn parse_board(pos: &mut Courier, board: &str) -> Result<(), FenError> {
    parse_fen_board(board, FILES, RANKS, |c, file, rank| {
        let (color, piece) = Piece::from_letter(c).ok_or(FenError::UnknownPiece(c))?;
        if file < FILES {
            pos.put(color, piece, rank * FILES + file);
        }
        Ok(())
    })
}

fn validate(pos: &Courier) -> Result<(), FenError> {
    for color in Color::BOTH {
        let count = pos.pieces(color, Piece::King).count_ones();
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
    }
    // C2, C4: pawns move forward only and never double step, so no pawn stands on its own first
    // rank; one on its last rank has already become a fers.
    let pawns = pos.by_type[Piece::Pawn as usize];
    let bad = pawns & (RANK_1 | RANK_8);
    if bad != 0 {
        let sq = bad.trailing_zeros() as usize;
        let color = if pos.occupied_by(Color::White) & bad & bad.wrapping_neg() != 0 {
            Color::White
        } else {
            Color::Black
        };
        let last = (color == Color::White) == (sq / FILES == RANKS - 1);
        return Err(FenError::IllegalPlacement {
            piece: Piece::Pawn.letter(color),
            square: square_name(sq % FILES, sq / FILES),
            why: if last {
                "a pawn on its last rank must have promoted (docs/rules.md C4)"
            } else {
                "a pawn cannot stand on its own first rank (docs/rules.md C2, C4)"
            },
        });
    }
    let them = !pos.side;
    if pos.attacked(pos.king_square(them), pos.side, pos.occupied()) {
        return Err(FenError::OpponentInCheck);
    }
    Ok(())
}

/// Writes the position in six-field FEN.
pub fn write(pos: &Courier) -> String {
    let mut out = String::with_capacity(96);
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            match pos.piece_on(rank * FILES + file) {
                Some((color, piece)) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(piece.letter(color));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if pos.side == Color::White { 'w' } else { 'b' };
    out.push_str(&format!(" {side} - - {} {}", pos.halfmove, pos.fullmove));
    out
}
