//! Zobrist keys, built at compile time.
//!
//! Every table is filled by [`splitmix64`] from a fixed seed, so keys are the same on every build
//! and machine: transposition-table contents, `bench` node counts and logged keys are stable. A
//! game takes its own seed so two games never share keys by accident.

/// One step of the SplitMix64 generator (Steele, Lea, Flood 2014): a well-mixed 64-bit value from
/// a counter. Returns the next state and the output.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `N` pseudo-random keys from `seed`.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, z) = splitmix64(state);
        state = s;
        out[i] = z;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let k: [u64; 512] = keys(7);
        let mut sorted = k.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 512);
        assert!(!k.contains(&0));
    }

    #[test]
    fn seeds_give_different_tables() {
        let a: [u64; 4] = keys(1);
        let b: [u64; 4] = keys(2);
        assert_ne!(a, b);
    }
}
