//! Attack tables for Courier chess's pieces on the 12x8 board (docs/rules.md C1, C2), built at compile
//! time by `const fn` into `static` arrays.
//!
//! Squares are numbered `rank * 12 + file` from a1 = 0 to l8 = 95, and a bitboard is a `u128`
//! whose bits 96..127 are always zero. One rank up is `<< 12`, one file right is `<< 1`.
//!
//! # Sliding attacks: obstruction difference
//!
//! Rook and courier attacks are computed one *line* at a time (rank, file, diagonal,
//! anti-diagonal) with the *obstruction difference* of Michael Hoffmann (Chess Programming Wiki,
//! "Obstruction Difference"). For a slider on `sq` and one line through it, the line splits into
//! the squares below `sq` (`lower`, lower bit numbers) and above it (`upper`). With
//! `m` = the highest blocker below (or bit 0 when there is none) and `u` = the lowest blocker
//! above:
//!
//! ```text
//! (!0 << m)         sets bits m ..= 127
//! + (1 << (u + 1))  the carry clears bits u+1 ..= 127, leaving m ..= u  (0 when no blocker above)
//! & line            keeps the line's squares: both rays, each up to and including its blocker
//! ```
//!
//! Why this method on a 12-file board:
//!
//! - It needs no bit reversal. Hyperbola quintessence reverses the board for the lower ray, and
//!   `swap_bytes` reverses ranks only when a rank is a whole byte, which a 12-square rank is not;
//!   a true `reverse_bits` of a `u128` is some 30 instructions on x86-64.
//! - It needs no large tables: magic or per-line occupancy lookups would need 128-bit multiplies
//!   or gathering the 8 bits of a file spread 12 apart. Here each square holds three masks per
//!   line (48 bytes; 18 KiB for the whole board), and a rook's or courier's masks sit together
//!   in one 96-byte record.
//! - It is branch-free: one `leading_zeros`, one variable shift, one negation, one add and a few
//!   ANDs per line, each a pair of 64-bit instructions on a `u128`, and no load depends on the
//!   result of a bit scan (the classical ray method looks up a second ray at the blocker found).

use super::Piece;
use crate::game::Color;

/// Number of squares on the board.
pub const SQUARES: usize = 96;
/// Files on the board (a..l).
pub const FILES: usize = 12;
/// Ranks on the board (1..8).
pub const RANKS: usize = 8;

/// All 96 squares of the board.
pub const BOARD: u128 = (1u128 << SQUARES) - 1;
/// Rank 1.
pub const RANK_1: u128 = 0xFFF;
/// Rank 8.
pub const RANK_8: u128 = 0xFFF << (12 * 7);
/// File a.
pub const FILE_A: u128 = file_mask(0);
/// File l.
pub const FILE_L: u128 = file_mask(11);

const fn file_mask(file: usize) -> u128 {
    let mut bb = 0u128;
    let mut r = 0;
    while r < RANKS {
        bb |= 1u128 << (r * FILES + file);
        r += 1;
    }
    bb
}

/// The eight directions as (file step, rank step). The first four increase the square number
/// (east, north, north-east, north-west); direction `d ^ 4` is the opposite of `d`.
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

/// "No common line" in [`DIRECTION`]; `RAYS[NO_DIR]` is empty.
const NO_DIR: usize = 8;

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < FILES as i32 && r >= 0 && r < RANKS as i32
}

const fn bit(f: i32, r: i32) -> u128 {
    1u128 << (r as usize * FILES + f as usize)
}

/// Squares reached by walking from `sq` in direction `d` to the edge of the empty board.
const fn ray(sq: usize, d: usize) -> u128 {
    if d >= NO_DIR {
        return 0;
    }
    let (df, dr) = DIRS[d];
    let mut f = (sq % FILES) as i32 + df;
    let mut r = (sq / FILES) as i32 + dr;
    let mut bb = 0;
    while on_board(f, r) {
        bb |= bit(f, r);
        f += df;
        r += dr;
    }
    bb
}

/// A leaper table: for each square, the squares `offsets` away that are on the board.
const fn leaper<const N: usize>(offsets: [(i32, i32); N]) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < N {
            let f = (sq % FILES) as i32 + offsets[i].0;
            let r = (sq / FILES) as i32 + offsets[i].1;
            if on_board(f, r) {
                t[sq] |= bit(f, r);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const fn build_rays() -> [[u128; SQUARES]; 9] {
    let mut t = [[0u128; SQUARES]; 9];
    let mut d = 0;
    while d < NO_DIR {
        let mut sq = 0;
        while sq < SQUARES {
            t[d][sq] = ray(sq, d);
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `[sq][line]` = `[lower, upper, both]` for the lines east-west (0), north-south (1),
/// north-east (2) and north-west (3): see the module documentation.
const fn build_lines() -> [[[u128; 3]; 4]; SQUARES] {
    let mut t = [[[0u128; 3]; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut l = 0;
        while l < 4 {
            let upper = ray(sq, l);
            let lower = ray(sq, l + 4);
            t[sq][l] = [lower, upper, lower | upper];
            l += 1;
        }
        sq += 1;
    }
    t
}

/// `DIRECTION[a][b]`: the direction from `a` to `b` when they share a rank, file or diagonal,
/// else [`NO_DIR`].
const fn build_direction() -> [[u8; SQUARES]; SQUARES] {
    let mut t = [[NO_DIR as u8; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut d = 0;
        while d < NO_DIR {
            let (df, dr) = DIRS[d];
            let mut f = (a % FILES) as i32 + df;
            let mut r = (a / FILES) as i32 + dr;
            while on_board(f, r) {
                t[a][r as usize * FILES + f as usize] = d as u8;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

const fn build_pawn() -> [[u128; SQUARES]; 2] {
    [leaper([(-1, 1), (1, 1)]), leaper([(-1, -1), (1, -1)])]
}

const KING_STEPS: [(i32, i32); 8] = DIRS;

/// King steps: one square in any direction (docs/rules.md C2 \[K\]). The mann moves the same way.
pub static KING: [u128; SQUARES] = leaper(KING_STEPS);
/// Knight jumps (docs/rules.md C2 \[N\]).
pub static KNIGHT: [u128; SQUARES] = leaper([
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// Alfil jumps: exactly two squares diagonally, over anything (docs/rules.md C2 \[A\]).
pub static ALFIL: [u128; SQUARES] = leaper([(2, 2), (-2, 2), (2, -2), (-2, -2)]);
/// Fers steps: one square diagonally (docs/rules.md C2 \[F\]).
pub static FERS: [u128; SQUARES] = leaper([(1, 1), (-1, 1), (1, -1), (-1, -1)]);
/// Schleich (wazir) steps: one square orthogonally (docs/rules.md C2 \[W\]).
pub static WAZIR: [u128; SQUARES] = leaper([(1, 0), (0, 1), (-1, 0), (0, -1)]);
/// Pawn captures, `PAWN[colour][sq]`: one square diagonally forward (docs/rules.md C2 \[fcF\]).
/// Read backwards, `PAWN[us][sq]` is where an enemy pawn attacking `sq` stands.
pub static PAWN: [[u128; SQUARES]; 2] = build_pawn();

static RAYS: [[u128; SQUARES]; 9] = build_rays();
static LINES: [[[u128; 3]; 4]; SQUARES] = build_lines();
static DIRECTION: [[u8; SQUARES]; SQUARES] = build_direction();

/// The obstruction difference on one line (module documentation).
#[inline(always)]
fn line_attacks(occ: u128, masks: &[u128; 3]) -> u128 {
    let lower = occ & masks[0];
    let upper = occ & masks[1];
    let below = !0u128 << (127 - (lower | 1).leading_zeros());
    let first_above = upper & upper.wrapping_neg();
    (first_above << 1).wrapping_add(below) & masks[2]
}

/// Squares a rook on `sq` attacks with `occ` occupied: along rank and file up to and including
/// the first piece each way.
#[inline(always)]
pub fn rook_attacks(sq: usize, occ: u128) -> u128 {
    let l = &LINES[sq];
    line_attacks(occ, &l[0]) | line_attacks(occ, &l[1])
}

/// Squares a courier (the modern bishop) on `sq` attacks with `occ` occupied.
#[inline(always)]
pub fn courier_attacks(sq: usize, occ: u128) -> u128 {
    let l = &LINES[sq];
    line_attacks(occ, &l[2]) | line_attacks(occ, &l[3])
}

/// Rook moves from `sq` on an empty board.
#[inline(always)]
pub fn rook_rays(sq: usize) -> u128 {
    LINES[sq][0][2] | LINES[sq][1][2]
}

/// Courier moves from `sq` on an empty board.
#[inline(always)]
pub fn courier_rays(sq: usize) -> u128 {
    LINES[sq][2][2] | LINES[sq][3][2]
}

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal, else 0.
#[inline(always)]
pub fn between(a: usize, b: usize) -> u128 {
    let d = DIRECTION[a][b] as usize;
    // RAYS[NO_DIR] is empty, and NO_DIR ^ 4 = 12 is cut back to NO_DIR by `min`.
    RAYS[d][a] & RAYS[(d ^ 4).min(NO_DIR)][b]
}

/// The whole line through `a` and `b`, both included, when they share one; else just `a`.
#[inline(always)]
pub fn line(a: usize, b: usize) -> u128 {
    let d = DIRECTION[a][b] as usize;
    RAYS[d][a] | RAYS[(d ^ 4).min(NO_DIR)][a] | (1u128 << a)
}

/// The squares a `color` piece of kind `piece` on `sq` attacks with `occ` occupied (a pawn:
/// its two diagonal captures, docs/rules.md C2).
#[inline(always)]
pub fn piece_attacks(piece: Piece, color: Color, sq: usize, occ: u128) -> u128 {
    match piece {
        Piece::Pawn => PAWN[color.index()][sq],
        Piece::Knight => KNIGHT[sq],
        Piece::Courier => courier_attacks(sq, occ),
        Piece::Rook => rook_attacks(sq, occ),
        Piece::Alfil => ALFIL[sq],
        Piece::Fers => FERS[sq],
        Piece::Mann | Piece::King => KING[sq],
        Piece::Wazir => WAZIR[sq],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks the rays square by square: the slow, obvious definition.
    fn slow_slider(sq: usize, occ: u128, dirs: &[usize]) -> u128 {
        let mut out = 0;
        for &d in dirs {
            let (df, dr) = DIRS[d];
            let (mut f, mut r) = ((sq % FILES) as i32 + df, (sq / FILES) as i32 + dr);
            while on_board(f, r) {
                out |= bit(f, r);
                if occ & bit(f, r) != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    #[test]
    fn sliders_match_slow_walk() {
        let mut state = 4242u64;
        for _ in 0..5_000 {
            let mut occ = 0u128;
            for _ in 0..3 {
                let (s, a) = crate::zobrist::splitmix64(state);
                let (s, b) = crate::zobrist::splitmix64(s);
                state = s;
                occ |= (a as u128) << 64 | b as u128;
            }
            // Sparse boards too: AND of random words.
            let (s, c) = crate::zobrist::splitmix64(state);
            state = s;
            let occ = if c & 1 == 0 { occ } else { occ & (occ >> 7) } & BOARD;
            for sq in 0..SQUARES {
                assert_eq!(
                    rook_attacks(sq, occ),
                    slow_slider(sq, occ, &[0, 1, 4, 5]),
                    "rook {sq}"
                );
                assert_eq!(
                    courier_attacks(sq, occ),
                    slow_slider(sq, occ, &[2, 3, 6, 7]),
                    "courier {sq}"
                );
            }
        }
    }

    #[test]
    fn tables_agree_with_geometry() {
        let sq = |f: usize, r: usize| r * FILES + f;
        // a1 corner.
        assert_eq!(KING[0], 1 << 1 | 1 << 12 | 1 << 13);
        assert_eq!(KNIGHT[0], 1 << sq(1, 2) | 1 << sq(2, 1));
        assert_eq!(ALFIL[0], 1 << sq(2, 2));
        assert_eq!(FERS[0], 1 << 13);
        assert_eq!(WAZIR[0], 1 << 1 | 1 << 12);
        // l8 corner: nothing wraps around the 12-file edge.
        assert_eq!(KING[95], 1 << 94 | 1 << 83 | 1 << 82);
        assert_eq!(PAWN[0][sq(11, 1)], 1 << sq(10, 2));
        assert_eq!(PAWN[1][sq(0, 6)], 1 << sq(1, 5));
        for t in [&KING, &KNIGHT, &ALFIL, &FERS, &WAZIR] {
            assert!(t.iter().all(|&b| b & !BOARD == 0));
        }
        assert_eq!(FILE_A.count_ones(), 8);
        assert_eq!(FILE_L, FILE_A << 11);
        assert_eq!(RANK_8 >> 84, 0xFFF);
        // Between and line.
        assert_eq!(between(0, 95), 0, "a1 and l8 share no line");
        assert_eq!(
            between(0, sq(7, 7)),
            slow_slider(0, 1 << sq(7, 7), &[2]) ^ 1 << sq(7, 7)
        );
        assert_eq!(between(sq(11, 0), 0), 0x7FE);
        assert_eq!(between(0, 1), 0);
        assert_eq!(line(0, 1), RANK_1);
        assert_eq!(line(sq(3, 0), sq(3, 5)), FILE_A << 3);
        assert_eq!(line(0, 95), 1, "no common line: just the first square");
        assert_eq!(rook_rays(0), (RANK_1 | FILE_A) ^ 1);
        assert_eq!(courier_rays(13), slow_slider(13, 0, &[2, 3, 6, 7]));
    }
}
