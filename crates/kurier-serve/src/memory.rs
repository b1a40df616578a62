//! The server's memory as games come and go. Each game's search has a hash table of
//! [`crate::engine::GAME_HASH_MB`] MB, allocated zeroed: glibc serves an allocation that large
//! with its own `mmap`, whose pages cost nothing until the search writes them and go back to the
//! system when the table is freed. But glibc's threshold for that moves: once such a block is
//! freed, the threshold rises to its size (up to 32 MB), and from then on every new table comes
//! from the heap instead, where `calloc` must write the zeros itself (making all 16 MB resident
//! at once) and a freed table stays with the process. Replacing games then grew the server to
//! over 2 GB. [`keep_large_blocks_mapped`] fixes the threshold at [`MMAP_THRESHOLD`], so every
//! table has its own mapping for good (docs/serve-api.md, "Under load", has the figures).

/// Blocks of this many bytes and more are always their own mapping.
pub const MMAP_THRESHOLD: usize = 1 << 20;

/// Fixes glibc's `mmap` threshold at [`MMAP_THRESHOLD`] (which also stops it from moving), for
/// the whole process; false when it could not be set. Elsewhere than glibc it does nothing: the
/// other allocators (musl, macOS) map large blocks by themselves.
pub fn keep_large_blocks_mapped() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        #[allow(unsafe_code)]
        // SAFETY: mallopt only changes a setting of glibc's allocator; M_MMAP_THRESHOLD with a
        // value below its 32 MB maximum is valid, and the call may come at any time.
        let done = unsafe { libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD as libc::c_int) };
        done == 1
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        true
    }
}
