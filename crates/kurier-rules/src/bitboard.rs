//! Bitboard helpers shared by the games: iteration over the set squares of a `u64` (8x8 games)
//! or `u128` (Courier's 12x8 board).

/// Iterates over the indices of the set bits of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<T>(pub T);

/// Both board widths iterate the same way: take the lowest set bit, then clear it.
macro_rules! squares_iterator {
    ($t:ty) => {
        impl Iterator for Squares<$t> {
            type Item = usize;
            #[inline(always)]
            fn next(&mut self) -> Option<usize> {
                if self.0 == 0 {
                    None
                } else {
                    let sq = self.0.trailing_zeros() as usize;
                    self.0 &= self.0 - 1;
                    Some(sq)
                }
            }
        }
    };
}

squares_iterator!(u64);
squares_iterator!(u128);

/// The squares of a `u64` bitboard.
#[inline(always)]
pub fn squares(bb: u64) -> Squares<u64> {
    Squares(bb)
}

/// The squares of a `u128` bitboard.
#[inline(always)]
pub fn squares128(bb: u128) -> Squares<u128> {
    Squares(bb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_low_to_high() {
        assert_eq!(squares(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(squares(0).count(), 0);
        assert_eq!(squares128(1u128 << 95 | 2).collect::<Vec<_>>(), vec![1, 95]);
    }
}
