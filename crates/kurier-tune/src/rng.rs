//! The crate's seeded random numbers: SplitMix64. `kurier datagen`'s random opening plies take
//! one stream per game, seeded from `--seed` and the game's index, so that a game is the same
//! whichever thread plays it and whenever (a resumed run plays the missing games exactly as one
//! run would have); `kurier tune`'s shuffles take one stream from `--seed`.

/// SplitMix64: a 64-bit state stepped by a constant and hashed out. Small, fast, and good
/// enough to pick moves; not for anything that needs secrecy.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

/// The step of the state (2^64 divided by the golden ratio).
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijective hash of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The generator of game `game` under `seed`. Both are hashed before they are combined, so
    /// that the streams of neighbouring games (or seeds) are not shifted copies of each other.
    pub fn for_game(seed: u64, game: u64) -> Self {
        SplitMix64(mix(mix(seed) ^ mix(game.wrapping_add(GOLDEN))))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }

    /// A number in `0..n` (`n` > 0), by multiplying out rather than by a remainder, so that no
    /// value is favoured by more than one part in 2^64 / n.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// `items` in a random order (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_the_reference_splitmix64() {
        // The first outputs of SplitMix64 seeded with 0, as every implementation prints them.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn games_have_their_own_reproducible_streams() {
        let first = |seed, game| SplitMix64::for_game(seed, game).next_u64();
        assert_eq!(first(7, 3), first(7, 3));
        assert_ne!(first(7, 3), first(7, 4));
        assert_ne!(first(7, 3), first(8, 3));
        // Game 1's stream is not game 0's shifted by one step.
        let mut zero = SplitMix64::for_game(7, 0);
        zero.next_u64();
        assert_ne!(zero.next_u64(), SplitMix64::for_game(7, 1).next_u64());
    }

    #[test]
    fn a_seed_gives_one_order_and_every_item_once() {
        let order = |seed| {
            let mut v: Vec<usize> = (0..50).collect();
            SplitMix64::new(seed).shuffle(&mut v);
            v
        };
        assert_eq!(order(7), order(7));
        assert_ne!(order(7), order(8));
        let mut sorted = order(7);
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut r = SplitMix64::new(42);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = r.below(7);
            assert!(x < 7);
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.below(1), 0);
    }
}
