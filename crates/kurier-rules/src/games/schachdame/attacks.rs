//! Attack tables for Schachdame's diagonal pieces (docs/rules.md S4), built at compile time.
//!
//! Squares are numbered `rank * 8 + file` from a1 = 0 to h8 = 63. Every piece of the game moves
//! diagonally, so the only slider is the bishop and the only lines that matter are diagonals.
//!
//! Sliding attacks use *hyperbola quintessence*: on one diagonal `o - 2s` sets the bits up to and
//! including the first blocker above the slider, and the same subtraction on the byte-swapped
//! board gives the blocker below it. Byte swapping reverses the ranks, which reverses the bit
//! order along any diagonal because a diagonal has at most one square per rank. That is two
//! subtractions and three byte swaps per diagonal, with 1 KiB of masks: no large magic tables,
//! and measured fast enough to beat Fairy-Stockfish's perft several times over (see README).

/// Bitboard of file a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Bitboard of file h.
pub const FILE_H: u64 = FILE_A << 7;
/// Bitboard of rank 1.
pub const RANK_1: u64 = 0xFF;
/// Bitboard of rank 8.
pub const RANK_8: u64 = 0xFF << 56;
/// The 32 dark squares (a1 dark: file + rank even, docs/rules.md S1 and the square colour convention).
pub const DARK: u64 = 0xAA55_AA55_AA55_AA55;

/// The four diagonal directions as (file step, rank step).
const DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

const fn bit(f: i32, r: i32) -> u64 {
    1u64 << (r * 8 + f)
}

/// Squares reached by walking from `sq` in direction `d` until the edge (empty board).
const fn ray(sq: usize, d: usize) -> u64 {
    let (df, dr) = DIRS[d];
    let mut f = (sq % 8) as i32 + df;
    let mut r = (sq / 8) as i32 + dr;
    let mut bb = 0;
    while on_board(f, r) {
        bb |= bit(f, r);
        f += df;
        r += dr;
    }
    bb
}

const fn build_king() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            let f = (sq % 8) as i32 + DIRS[d].0;
            let r = (sq / 8) as i32 + DIRS[d].1;
            if on_board(f, r) {
                t[sq] |= bit(f, r);
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn build_pawn() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let mut c = 0;
        while c < 2 {
            let dr = if c == 0 { 1 } else { -1 };
            if on_board(f - 1, r + dr) {
                t[c][sq] |= bit(f - 1, r + dr);
            }
            if on_board(f + 1, r + dr) {
                t[c][sq] |= bit(f + 1, r + dr);
            }
            c += 1;
        }
        sq += 1;
    }
    t
}

/// Masks of the a1-h8 direction diagonal (index 0) and the a8-h1 direction (index 1) through
/// each square, the square itself excluded.
const fn build_diagonals() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        t[0][sq] = ray(sq, 0) | ray(sq, 3);
        t[1][sq] = ray(sq, 1) | ray(sq, 2);
        sq += 1;
    }
    t
}

/// `between[a][b]`: squares strictly between `a` and `b` when they share a diagonal, else 0.
/// `line[a][b]`: the whole diagonal through both (both included) when they share one, else 0.
const fn build_between_line() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let mut f = (a % 8) as i32 + df;
            let mut r = (a / 8) as i32 + dr;
            let mut passed = 0u64;
            let full = ray(a, d) | ray(a, 3 - d) | (1u64 << a);
            while on_board(f, r) {
                let b = (r * 8 + f) as usize;
                between[a][b] = passed;
                line[a][b] = full;
                passed |= 1u64 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

/// King steps (one square diagonally, docs/rules.md S4).
pub static KING: [u64; 64] = build_king();
/// Pawn steps and captures, `PAWN[colour][sq]`: one square diagonally forward (docs/rules.md S4).
/// Read backwards, `PAWN[us][sq]` is also where an enemy pawn attacking `sq` stands.
pub static PAWN: [[u64; 64]; 2] = build_pawn();
static DIAGONALS: [[u64; 64]; 2] = build_diagonals();
static BETWEEN_LINE: ([[u64; 64]; 64], [[u64; 64]; 64]) = build_between_line();

/// Squares strictly between two squares on a common diagonal (0 when not on one).
#[inline(always)]
pub fn between(a: usize, b: usize) -> u64 {
    BETWEEN_LINE.0[a][b]
}

/// The diagonal through two squares, both included (0 when they share none).
#[inline(always)]
pub fn line(a: usize, b: usize) -> u64 {
    BETWEEN_LINE.1[a][b]
}

/// Bishop moves from `sq` on an empty board.
#[inline(always)]
pub fn bishop_rays(sq: usize) -> u64 {
    DIAGONALS[0][sq] | DIAGONALS[1][sq]
}

#[inline(always)]
fn hyperbola(occ: u64, sq: usize, mask: u64) -> u64 {
    let s = 1u64 << sq;
    let o = occ & mask;
    let forward = o.wrapping_sub(s.wrapping_mul(2));
    let reverse = o
        .swap_bytes()
        .wrapping_sub(s.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    (forward ^ reverse) & mask
}

/// Squares a bishop on `sq` attacks with `occ` occupied: up to and including the first piece in
/// each diagonal direction.
#[inline(always)]
pub fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    hyperbola(occ, sq, DIAGONALS[0][sq]) | hyperbola(occ, sq, DIAGONALS[1][sq])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks the diagonals square by square: the slow, obvious definition.
    fn slow_bishop(sq: usize, occ: u64) -> u64 {
        let mut out = 0;
        for (df, dr) in DIRS {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
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
    fn bishop_attacks_match_slow_walk() {
        let mut state = 12345u64;
        for _ in 0..20_000 {
            let (s, a) = crate::zobrist::splitmix64(state);
            let (s, b) = crate::zobrist::splitmix64(s);
            state = s;
            let occ = a & b;
            for sq in 0..64 {
                assert_eq!(bishop_attacks(sq, occ), slow_bishop(sq, occ), "sq {sq}");
            }
        }
    }

    #[test]
    fn tables_agree_with_geometry() {
        // a1 is dark; b1 is light.
        assert_ne!(DARK & 1, 0);
        assert_eq!(DARK & 2, 0);
        assert_eq!(KING[0], 1 << 9);
        assert_eq!(PAWN[0][9], (1 << 16) | (1 << 18));
        assert_eq!(PAWN[1][9], 1 | (1 << 2));
        assert_eq!(between(0, 63), slow_bishop(0, 1 << 63) & !(1 << 63));
        assert_eq!(between(0, 1), 0);
        assert_eq!(line(0, 9), line(63, 18));
        assert_eq!(bishop_rays(27), slow_bishop(27, 0));
    }
}
