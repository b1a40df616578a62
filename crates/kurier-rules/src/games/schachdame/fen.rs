//! Schachdame FEN (docs/rules.md S9): chess FEN with the letters K, B, P; castling and en-passant
//! fields are `-` when present. Accepted shapes, as GUIs really send them:
//!
//! - `BOARD SIDE - - HALFMOVE FULLMOVE` (standard, six fields);
//! - `BOARD SIDE - -` or `BOARD SIDE` (counters default to 0 and 1);
//! - `BOARD SIDE HALFMOVE FULLMOVE` (XBoard's `setboard` after `-lpf`).

use super::attacks::{DARK, RANK_1, RANK_8};
use super::{Piece, Schachdame};
use crate::game::{parse_fen_board, parse_fen_counters, square_name, Color, FenError, Game};

/// Reads a position, rejecting anything that cannot arise in the game.
pub fn parse(text: &str) -> Result<Schachdame, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let Some(&board) = fields.first() else {
        return Err(FenError::Empty);
    };
    let mut pos = Schachdame::empty();
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

fn parse_board(pos: &mut Schachdame, board: &str) -> Result<(), FenError> {
    parse_fen_board(board, 8, 8, |c, file, rank| {
        let (color, piece) = match c {
            'K' => (Color::White, Piece::King),
            'B' => (Color::White, Piece::Bishop),
            'P' => (Color::White, Piece::Pawn),
            'k' => (Color::Black, Piece::King),
            'b' => (Color::Black, Piece::Bishop),
            'p' => (Color::Black, Piece::Pawn),
            other => return Err(FenError::UnknownPiece(other)),
        };
        if file < 8 {
            let sq = rank * 8 + file;
            // docs/rules.md S1: every piece stands on a dark square.
            if DARK & (1u64 << sq) == 0 {
                return Err(FenError::UnusableSquare {
                    piece: c,
                    square: square_name(file, rank),
                });
            }
            pos.put(color, piece, sq);
        }
        Ok(())
    })
}

fn validate(pos: &Schachdame) -> Result<(), FenError> {
    for color in Color::BOTH {
        let count = pos.pieces(color, Piece::King).count_ones();
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
    }
    // S6: a pawn on its last rank has already become a bishop. White pawns on rank 1 and black
    // pawns on rank 8 are fine: both stand there in the start position (S3).
    for (color, rank) in [(Color::White, RANK_8), (Color::Black, RANK_1)] {
        let bad = pos.pieces(color, Piece::Pawn) & rank;
        if bad != 0 {
            let sq = bad.trailing_zeros() as usize;
            return Err(FenError::IllegalPlacement {
                piece: Piece::Pawn.letter(color),
                square: square_name(sq % 8, sq / 8),
                why: "a pawn on its last rank must have promoted (docs/rules.md S6)",
            });
        }
    }
    let them = !pos.side;
    if pos.attacked(pos.king_square(them), pos.side, pos.occupied()) {
        return Err(FenError::OpponentInCheck);
    }
    Ok(())
}

/// Writes the position in six-field FEN.
pub fn write(pos: &Schachdame) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let sq = rank * 8 + file;
            let piece = Color::BOTH
                .iter()
                .find_map(|&c| pos.piece_on(c, sq).map(|p| p.letter(c)));
            match piece {
                Some(letter) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(letter);
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
    let side = if pos.side_to_move() == Color::White {
        'w'
    } else {
        'b'
    };
    out.push_str(&format!(" {side} - - {} {}", pos.halfmove, pos.fullmove));
    out
}
