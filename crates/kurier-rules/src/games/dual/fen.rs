//! Dual-checkers positions as text (docs/rules.md D2, docs/design.md).
//!
//! - Board form: rows from rank 8 to rank 1 with `M`/`m` men, `K`/`k` kings and digits for empty
//!   squares, then the side to move (`w`/`b`), the reversible-ply counter and the move number
//!   (both optional): `1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/1M1M1M1M/M1M1M1M1/1M1M1M1M w 0 1`. Chess's
//!   `-` castling and en-passant fields, which XBoard adds when it relays a `setup` FEN
//!   (`w - - 0 1`), are skipped.
//! - Draughts (PDN) form: `W:Wb1,d1,Kc4:Bb6,Kd8` — side to move, then White's and Black's
//!   squares, `K` marking a king; optional `H<n>` (reversible plies) and `F<n>` (move number)
//!   fields may follow, and a final `.` is ignored.
//!
//! A man on its own far rank must have become a king (docs/rules.md D7): `M` on rank 8 and `m` on
//! rank 1 are rejected; write `K`/`k` for a king there.

use super::tables::{RANK_1, RANK_8};
use super::{DualCheckers, Piece};
use crate::game::{
    parse_fen_board, parse_fen_counters, parse_square, square_name, Color, FenError,
};

/// Reads a position in either form.
pub fn parse(text: &str) -> Result<DualCheckers, FenError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut pos = if text.contains(':') {
        parse_draughts(text)?
    } else {
        parse_board_form(text)?
    };
    validate(&pos)?;
    pos.key = pos.compute_key_from_scratch();
    Ok(pos)
}

fn parse_side(s: &str) -> Result<Color, FenError> {
    match s {
        "w" | "W" => Ok(Color::White),
        "b" | "B" => Ok(Color::Black),
        other => Err(FenError::SideToMove(other.to_string())),
    }
}

fn parse_board_form(text: &str) -> Result<DualCheckers, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let mut pos = DualCheckers::empty();
    parse_fen_board(fields[0], 8, 8, |c, file, rank| {
        let (color, piece) = match c {
            'M' => (Color::White, Piece::Man),
            'K' => (Color::White, Piece::King),
            'm' => (Color::Black, Piece::Man),
            'k' => (Color::Black, Piece::King),
            other => return Err(FenError::UnknownPiece(other)),
        };
        if file < 8 {
            pos.put(color, piece, rank * 8 + file);
        }
        Ok(())
    })?;
    pos.side = match fields.get(1) {
        None => return Err(FenError::NoSideToMove),
        Some(s) => parse_side(s)?,
    };
    // XBoard relays an engine's `setup` FEN to the other engine with chess's `-` castling and
    // en-passant fields added (`w - - 0 1`); the shared reader skips them.
    (pos.reversible, pos.fullmove) = parse_fen_counters(
        fields.get(2..).unwrap_or(&[]),
        [
            "reversible-ply counter",
            "reversible-ply counter",
            "reversible-ply counter",
            "move number",
        ],
    )?;
    Ok(pos)
}

fn parse_draughts(text: &str) -> Result<DualCheckers, FenError> {
    let text = text.strip_suffix('.').unwrap_or(text);
    let fields: Vec<&str> = text.split(':').map(str::trim).collect();
    let mut pos = DualCheckers::empty();
    pos.side = parse_side(fields[0])?;
    let mut seen = [false; 2];
    for field in &fields[1..] {
        let mut chars = field.chars();
        let tag = chars.next().unwrap_or(' ');
        let rest = chars.as_str();
        let color = match tag {
            'W' | 'w' => Color::White,
            'B' | 'b' => Color::Black,
            'H' | 'h' | 'F' | 'f' => {
                let n: u16 = rest.parse().map_err(|_| FenError::Field {
                    field: if tag.eq_ignore_ascii_case(&'H') {
                        "reversible-ply counter"
                    } else {
                        "move number"
                    },
                    found: field.to_string(),
                })?;
                if tag.eq_ignore_ascii_case(&'H') {
                    pos.reversible = n;
                } else {
                    pos.fullmove = n.max(1);
                }
                continue;
            }
            _ => {
                return Err(FenError::Field {
                    field: "piece list (W... or B...)",
                    found: field.to_string(),
                })
            }
        };
        if std::mem::replace(&mut seen[color.index()], true) {
            return Err(FenError::Field {
                field: "piece list (given twice)",
                found: field.to_string(),
            });
        }
        for item in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (piece, square) = match item.strip_prefix(['K', 'k']) {
                Some(sq) => (Piece::King, sq),
                None => (Piece::Man, item),
            };
            let letter = piece.letter(color);
            let Some((f, r)) = parse_square(&square.to_ascii_lowercase(), 8, 8) else {
                return Err(FenError::Field {
                    field: "square",
                    found: item.to_string(),
                });
            };
            let sq = r * 8 + f;
            if pos.occupied() & (1u64 << sq) != 0 {
                return Err(FenError::IllegalPlacement {
                    piece: letter,
                    square: square_name(f, r),
                    why: "the square is already taken",
                });
            }
            pos.put(color, piece, sq);
        }
    }
    Ok(pos)
}

fn validate(pos: &DualCheckers) -> Result<(), FenError> {
    // A game always has pieces: a side that lost its last one has lost (D9), and the winner
    // keeps the piece that captured it, so an empty board arises in no game.
    let all = [Color::White, Color::Black]
        .iter()
        .fold(0, |acc, &c| acc | pos.men(c) | pos.kings(c));
    if all == 0 {
        return Err(FenError::NoPieces);
    }
    // docs/rules.md D7: a man on its far rank has become a king.
    for (color, rank) in [(Color::White, RANK_8), (Color::Black, RANK_1)] {
        let bad = pos.men(color) & rank;
        if bad != 0 {
            let sq = bad.trailing_zeros() as usize;
            return Err(FenError::IllegalPlacement {
                piece: Piece::Man.letter(color),
                square: square_name(sq % 8, sq / 8),
                why: "a man on its far rank must have become a king (docs/rules.md D7); write a king",
            });
        }
    }
    Ok(())
}

/// Writes the board form with all four fields.
pub fn write(pos: &DualCheckers) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match pos.piece_on(rank * 8 + file) {
                Some((color, piece)) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(piece.letter(color));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if pos.side == Color::White { 'w' } else { 'b' };
    out.push_str(&format!(" {side} {} {}", pos.reversible, pos.fullmove));
    out
}

/// Writes the draughts form: `W:Wb1,d1,Kc4:Bb6,Kd8`.
pub fn write_draughts(pos: &DualCheckers) -> String {
    let list = |color: Color| {
        crate::bitboard::squares(pos.occupied_by(color))
            .map(|sq| {
                let k = if pos.kings(color) & (1u64 << sq) != 0 {
                    "K"
                } else {
                    ""
                };
                format!("{k}{}", square_name(sq % 8, sq / 8))
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if pos.side == Color::White { 'W' } else { 'B' };
    format!("{side}:W{}:B{}", list(Color::White), list(Color::Black))
}
