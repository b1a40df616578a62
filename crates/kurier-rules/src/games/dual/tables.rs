//! Geometry tables for Dual checkers (docs/rules.md D1: all 64 squares), built at compile time.
//!
//! Squares are numbered `rank * 8 + file` from a1 = 0 to h8 = 63. Eight directions: the four
//! diagonals (men's steps and jumps, kings' flying moves and diagonal captures, docs/rules.md D3, D5,
//! D8) and the four orthogonals (direct captures, D5 and D8). A direction is *positive* when it
//! increases the square number, so the nearest piece along a ray is the lowest set bit of
//! `ray & occupied` for a positive direction and the highest for a negative one.

/// Bitboard of file a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Bitboard of file h.
pub const FILE_H: u64 = FILE_A << 7;
/// Bitboard of rank 1.
pub const RANK_1: u64 = 0xFF;
/// Bitboard of rank 8.
pub const RANK_8: u64 = 0xFF << 56;
/// The 32 dark squares: a1 is dark, a square is dark when file + rank is even (docs/rules.md,
/// square colours). White's men start on light squares, Black's on dark ones (D2).
pub const DARK: u64 = 0xAA55_AA55_AA55_AA55;

/// Directions as (file step, rank step): 0..4 diagonal, 4..8 orthogonal.
pub const DIRS: [(i32, i32); 8] = [
    (1, 1),   // 0 north-east, +9
    (-1, 1),  // 1 north-west, +7
    (1, -1),  // 2 south-east, -7
    (-1, -1), // 3 south-west, -9
    (0, 1),   // 4 north, +8
    (0, -1),  // 5 south, -8
    (1, 0),   // 6 east, +1
    (-1, 0),  // 7 west, -1
];

/// The diagonal directions (indices into [`DIRS`]).
pub const DIAGONAL: [usize; 4] = [0, 1, 2, 3];
/// The orthogonal directions (indices into [`DIRS`]).
pub const ORTHOGONAL: [usize; 4] = [4, 5, 6, 7];

/// True when direction `d` increases the square number.
pub const POSITIVE: [bool; 8] = [true, true, false, false, true, false, true, false];

/// Marks "no square" in [`STEP`].
pub const NONE: u8 = 64;

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

const fn build_rays() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (df, dr) = DIRS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            while on_board(f, r) {
                t[d][sq] |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

const fn build_step() -> [[u8; 64]; 8] {
    let mut t = [[NONE; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let f = (sq % 8) as i32 + DIRS[d].0;
            let r = (sq / 8) as i32 + DIRS[d].1;
            if on_board(f, r) {
                t[d][sq] = (r * 8 + f) as u8;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `RAY[d][sq]`: the squares from `sq` (excluded) to the edge in direction `d`.
pub static RAY: [[u64; 64]; 8] = build_rays();
/// `STEP[d][sq]`: the neighbour of `sq` in direction `d`, or [`NONE`] off the board.
pub static STEP: [[u8; 64]; 8] = build_step();

const fn build_neighbours(first: usize, beyond: bool) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = first;
        while d < first + 4 {
            let (df, dr) = DIRS[d];
            let (f, r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            if on_board(f, r) && (!beyond || on_board(f + df, r + dr)) {
                t[sq] |= 1u64 << (r * 8 + f);
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `ORTH_NEIGHBOURS[sq]`: the orthogonal neighbours of `sq`, the squares a man captures directly
/// from `sq` (docs/rules.md D5).
pub static ORTH_NEIGHBOURS: [u64; 64] = build_neighbours(4, false);
/// `JUMP_VICTIMS[sq]`: the diagonal neighbours of `sq` with a square beyond them, the squares a
/// man can jump over from `sq` (docs/rules.md D5); the landing square of victim `n` is `2 * n - sq`.
pub static JUMP_VICTIMS: [u64; 64] = build_neighbours(0, true);

const fn build_man_targets() -> [u64; 64] {
    let (orth, jumps) = (build_neighbours(4, false), build_neighbours(0, true));
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = orth[sq] | jumps[sq];
        sq += 1;
    }
    t
}

/// `MAN_TARGETS[sq]`: [`ORTH_NEIGHBOURS`] and [`JUMP_VICTIMS`] together, the squares where an
/// enemy piece may be capturable by a man on `sq`. None of them holding one, the man has no
/// capture.
pub static MAN_TARGETS: [u64; 64] = build_man_targets();

/// The nearest square of `occ` from `sq` in direction `d`, if any.
#[inline(always)]
pub fn nearest(d: usize, sq: usize, occ: u64) -> Option<usize> {
    let b = RAY[d][sq] & occ;
    if b == 0 {
        None
    } else if POSITIVE[d] {
        Some(b.trailing_zeros() as usize)
    } else {
        Some(63 - b.leading_zeros() as usize)
    }
}

/// The squares reached from `sq` in direction `d` before the first square of `occ` (excluded).
#[inline(always)]
pub fn free_ray(d: usize, sq: usize, occ: u64) -> u64 {
    match nearest(d, sq, occ) {
        None => RAY[d][sq],
        Some(b) => RAY[d][sq] ^ RAY[d][b] ^ (1u64 << b),
    }
}

/// True when the two squares have different colours (docs/rules.md D8: a king captures directly only
/// onto the opposite colour, i.e. at an odd distance along a rank or file).
#[inline(always)]
pub fn opposite_colours(a: usize, b: usize) -> bool {
    ((DARK >> a) ^ (DARK >> b)) & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry() {
        assert_eq!(RAY[0][0], 0x8040_2010_0804_0200);
        assert_eq!(RAY[4][0], FILE_A & !1);
        assert_eq!(RAY[6][0], RANK_1 & !1);
        assert_eq!(STEP[3][0], NONE);
        assert_eq!(STEP[0][0], 9);
        assert_eq!(STEP[7][8], NONE);
        assert_eq!(nearest(0, 0, 1 << 27 | 1 << 63), Some(27));
        assert_eq!(nearest(3, 63, 1 << 27 | 1), Some(27));
        assert_eq!(free_ray(0, 0, 1 << 27), 1 << 9 | 1 << 18);
        assert!(opposite_colours(0, 1) && !opposite_colours(0, 2) && !opposite_colours(0, 9));
        // a1 dark, b1 light (White's men start on light squares, docs/rules.md D2).
        assert_ne!(DARK & 1, 0);
        assert_eq!(DARK & 2, 0);
        for sq in 0..64 {
            let orth: u64 = ORTHOGONAL
                .iter()
                .filter(|&&d| STEP[d][sq] != NONE)
                .map(|&d| 1u64 << STEP[d][sq])
                .sum();
            assert_eq!(ORTH_NEIGHBOURS[sq], orth);
            assert_eq!(MAN_TARGETS[sq], orth | JUMP_VICTIMS[sq]);
            for d in DIAGONAL {
                let n = STEP[d][sq];
                let jumpable = n != NONE && STEP[d][n as usize] != NONE;
                assert_eq!(jumpable, n != NONE && JUMP_VICTIMS[sq] & (1u64 << n) != 0);
                if jumpable {
                    assert_eq!(STEP[d][n as usize] as usize, 2 * n as usize - sq);
                }
            }
        }
        for (d, rays) in RAY.iter().enumerate() {
            for (sq, &ray) in rays.iter().enumerate() {
                if ray != 0 {
                    assert_eq!(POSITIVE[d], ray.trailing_zeros() as usize > sq);
                }
            }
        }
    }
}
