//! The transposition table: Zobrist-keyed, shared by all search threads.
//!
//! Layout: buckets of four 16-byte entries, one cache line each (the table starts at the first
//! 64-byte boundary of its allocation, so no bucket straddles two lines). An entry is two `u64`
//! words:
//! `check = key ^ data` and `data`:
//!
//! ```text
//! data:  63            32 31          16 15      8 7   6 5     0
//!       +----------------+--------------+---------+-----+-------+
//!       |    move id     |  score (i16) |  depth  |bound|  age  |
//!       +----------------+--------------+---------+-----+-------+
//! ```
//!
//! Concurrency policy (lock-free, as in Stockfish and Crafty): threads read and write entries
//! with relaxed atomic loads and stores and no lock. A reader that sees one word of one write and
//! the other word of another (a torn read) finds `check ^ data != key` and treats the entry as a
//! miss, so a torn entry is never used. The move is only an ordering hint checked against the
//! legal moves, and scores are only trusted with a matching key, so races cost at most a little
//! search efficiency, never a wrong move.
//!
//! Replacement: an entry with the same key is overwritten unless it holds a deeper result of the
//! current search and the new one is not an exact result of the main search (quiescence stores
//! at depth 0, so its results never displace deeper ones); otherwise the entry of the bucket
//! with the lowest `depth - 8 * age distance` gives way (stale results of earlier searches go
//! first).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Entries per bucket: 4 x 16 bytes = one 64-byte cache line.
const BUCKET: usize = 4;
/// Bytes per bucket.
const BUCKET_BYTES: u64 = (BUCKET * 16) as u64;

/// What a stored score means relative to the window it was searched with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (fail low).
    Upper = 1,
    /// The true score is at least this (fail high).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best or refuting move's id (see `Searchable::move_id`), 0 for none.
    pub move_id: u32,
    /// Score, with mate scores relative to the stored node (see `score_to_tt`).
    pub score: i32,
    /// Remaining depth searched.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

/// The shared table.
pub struct TranspositionTable {
    /// The allocation: the buckets, after `start` words of padding.
    words: Box<[AtomicU64]>,
    /// Words before the first bucket, so that the buckets start on a 64-byte boundary: the
    /// allocator aligns to 16 bytes (glibc's large `calloc` gives an address 16 past a page), and
    /// asking it for 64 would make it allocate and zero every page itself (see `zeroed_words`).
    start: usize,
    buckets: u64,
    age: AtomicU64,
}

fn pack(e: &Entry, age: u64) -> u64 {
    (e.move_id as u64) << 32
        | ((e.score as i16 as u16) as u64) << 16
        | (e.depth.clamp(0, 255) as u64) << 8
        | (e.bound as u64) << 6
        | (age & 63)
}

fn unpack(data: u64) -> Option<(Entry, u64)> {
    let bound = match (data >> 6) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some((
        Entry {
            move_id: (data >> 32) as u32,
            score: ((data >> 16) as u16 as i16) as i32,
            depth: ((data >> 8) & 255) as i32,
            bound,
        },
        data & 63,
    ))
}

/// Why a table of the asked size could not be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HashError {
    /// The allocator refused the memory.
    #[error("could not allocate a hash table of {mb} MB")]
    OutOfMemory {
        /// The size asked for, in megabytes.
        mb: u64,
    },
}

/// The memory this machine can give the table, in megabytes: three quarters of what the kernel
/// reports as available (`MemAvailable` in `/proc/meminfo`), so that a table never pushes the
/// machine into swap or the out-of-memory killer. `None` where the figure cannot be read; the
/// allocation itself is then the only limit.
pub fn machine_limit_mb() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kb / 1024 * 3 / 4).max(1))
}

/// `len` zeroed words, allocated fallibly.
///
/// The memory comes from the allocator's zeroed allocation (calloc, mmap on Linux for large
/// sizes), so the pages are not touched here: a large table becomes resident only as the search
/// fills it, and allocating or clearing it costs no time proportional to its size.
#[allow(unsafe_code)] // The one allocation std offers no safe fallible zeroed form of.
fn zeroed_words(len: usize) -> Option<Box<[AtomicU64]>> {
    let layout = std::alloc::Layout::array::<AtomicU64>(len.max(1)).ok()?;
    // SAFETY: the layout has a non-zero size (len.max(1) words of 8 bytes). The pointer, when not
    // null, points to `len` zeroed, properly aligned `AtomicU64`s (all-zero bytes are a valid
    // AtomicU64), allocated by the global allocator with exactly the layout that `Box<[T]>` of
    // that length frees with, so the box owns it.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut AtomicU64;
        if ptr.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            ptr,
            len.max(1),
        )))
    }
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket), or [`HashError`] when the memory
    /// cannot be had. Sizes up to many gigabytes are computed in `u64` without overflow; nothing
    /// aborts the process.
    pub fn try_new(mb: u64) -> Result<Self, HashError> {
        let buckets = (mb.max(1).saturating_mul(1 << 20) / BUCKET_BYTES).max(1);
        // Seven words more than the buckets hold, for the padding to the first 64-byte boundary.
        let words = usize::try_from(buckets)
            .ok()
            .and_then(|b| b.checked_mul(BUCKET * 2))
            .and_then(|n| n.checked_add(BUCKET * 2 - 1))
            .and_then(zeroed_words)
            .ok_or(HashError::OutOfMemory { mb })?;
        // The allocation is 8-byte aligned, so the distance to the boundary is whole words.
        let start = (BUCKET_BYTES as usize - words.as_ptr() as usize % BUCKET_BYTES as usize)
            % BUCKET_BYTES as usize
            / 8;
        Ok(TranspositionTable {
            words,
            start,
            buckets,
            age: AtomicU64::new(0),
        })
    }

    /// A table of at most `mb` megabytes: the largest of `mb`, `mb / 2`, `mb / 4`, … down to
    /// 1 MB that can be allocated (1 MB always can, or the process could not run at all).
    pub fn new(mb: u64) -> Self {
        let mut mb = mb.max(1);
        loop {
            match Self::try_new(mb) {
                Ok(table) => return table,
                Err(_) if mb > 1 => mb /= 2,
                Err(e) => panic!("{e}"),
            }
        }
    }

    /// Size in megabytes.
    pub fn size_mb(&self) -> u64 {
        (self.buckets * BUCKET_BYTES) >> 20
    }

    /// Empties the table (new game) by writing zeros: for a table that is shared with a running
    /// search. [`crate::search::Searcher::clear`] replaces its table by a fresh one instead.
    pub fn clear(&self) {
        for w in self.words.iter() {
            w.store(0, Relaxed);
        }
        self.age.store(0, Relaxed);
    }

    /// Starts a new search: entries of earlier searches become preferred victims.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Relaxed);
    }

    fn age(&self) -> u64 {
        self.age.load(Relaxed) & 63
    }

    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any bucket count, not only powers of two.
        self.start + (((key as u128) * (self.buckets as u128)) >> 64) as usize * BUCKET * 2
    }

    /// Asks the processor to bring `key`'s bucket (one cache line) into its cache without
    /// waiting for it. The search calls it as soon as a move is made, so that the memory access
    /// runs while the child's first steps (evaluation stack, draw and repetition checks) do, and
    /// the child's [`probe`](Self::probe) finds the line there. A hint only: it reads nothing and
    /// cannot fault; on other architectures it does nothing.
    #[inline(always)]
    #[allow(unsafe_code)] // std has no safe prefetch; the intrinsic is `unsafe` by its signature.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let line = self.words.as_ptr().wrapping_add(self.bucket(key));
            // SAFETY: a prefetch is a hint that neither reads into the program nor faults, for
            // any address; this one is inside the table anyway (`bucket` is below its length).
            // SSE, which the instruction needs, is part of every x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(line.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let base = self.bucket(key);
        for i in 0..BUCKET {
            let check = self.words[base + 2 * i].load(Relaxed);
            let data = self.words[base + 2 * i + 1].load(Relaxed);
            if check ^ data == key && data != 0 {
                return unpack(data).map(|(e, _)| e);
            }
        }
        None
    }

    /// Stores a result for `key`.
    pub fn store(&self, key: u64, entry: Entry) {
        let base = self.bucket(key);
        let age = self.age();
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for i in 0..BUCKET {
            let check = self.words[base + 2 * i].load(Relaxed);
            let data = self.words[base + 2 * i + 1].load(Relaxed);
            let Some((old, old_age)) = unpack(data) else {
                victim = i;
                victim_worth = i32::MIN;
                continue;
            };
            if check ^ data == key {
                // Same position: keep a deeper result of this search unless the new one is an
                // exact result of the main search (quiescence's, at depth 0, never displaces one).
                if old_age == age
                    && old.depth > entry.depth + 2
                    && (entry.bound != Bound::Exact || entry.depth == 0)
                {
                    return;
                }
                let entry = if entry.move_id == 0 {
                    Entry {
                        move_id: old.move_id,
                        ..entry
                    }
                } else {
                    entry
                };
                self.write(base + 2 * i, key, &entry, age);
                return;
            }
            let distance = ((age + 64 - old_age) & 63) as i32;
            let worth = old.depth - 8 * distance;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        self.write(base + 2 * victim, key, &entry, age);
    }

    fn write(&self, at: usize, key: u64, entry: &Entry, age: u64) {
        let data = pack(entry, age);
        self.words[at].store(key ^ data, Relaxed);
        self.words[at + 1].store(data, Relaxed);
    }

    /// Permille of the first thousand entries holding a result of the current search (UCI
    /// `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age();
        let n = (self.buckets as usize * BUCKET).min(1000);
        let used = (0..n)
            .filter(|&i| {
                let data = self.words[self.start + 2 * i + 1].load(Relaxed);
                matches!(unpack(data), Some((_, a)) if a == age)
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let tt = TranspositionTable::new(1);
        let e = Entry {
            move_id: 77,
            score: -31_990,
            depth: 9,
            bound: Bound::Lower,
        };
        tt.store(0xDEAD_BEEF, e);
        assert_eq!(tt.probe(0xDEAD_BEEF), Some(e));
        assert_eq!(tt.probe(0xDEAD_BEEE), None);
        tt.clear();
        assert_eq!(tt.probe(0xDEAD_BEEF), None);
    }

    #[test]
    fn a_quiescence_result_never_displaces_a_deeper_one_of_the_same_position() {
        let tt = TranspositionTable::new(1);
        let deep = Entry {
            move_id: 5,
            score: 40,
            depth: 6,
            bound: Bound::Lower,
        };
        tt.store(0xABCD, deep);
        let quiescence = Entry {
            move_id: 9,
            score: -12,
            depth: 0,
            bound: Bound::Exact,
        };
        tt.store(0xABCD, quiescence);
        assert_eq!(tt.probe(0xABCD), Some(deep));
        // An exact result of the main search still does.
        let exact = Entry {
            depth: 1,
            ..quiescence
        };
        tt.store(0xABCD, exact);
        assert_eq!(tt.probe(0xABCD), Some(exact));
    }

    #[test]
    fn buckets_start_on_cache_lines_and_stay_inside() {
        for mb in [1, 2, 3, 16] {
            let tt = TranspositionTable::new(mb);
            let first = tt.words.as_ptr() as usize + 8 * tt.start;
            assert_eq!(
                first % 64,
                0,
                "{mb} MB: the first bucket is not on a 64-byte boundary"
            );
            // The last bucket, that of the largest key, ends inside the allocation.
            assert!(tt.bucket(u64::MAX) + 2 * BUCKET <= tt.words.len());
            assert_eq!(tt.bucket(0), tt.start);
            let e = Entry {
                move_id: 3,
                score: 7,
                depth: 2,
                bound: Bound::Exact,
            };
            tt.store(u64::MAX, e);
            assert_eq!(tt.probe(u64::MAX), Some(e));
            assert_eq!(tt.hashfull(), 0, "one entry of millions is 0 permille");
        }
    }

    #[test]
    fn sizes_do_not_overflow() {
        // 64 GB in buckets, computed without allocating.
        let buckets = (65_536u64 << 20) / BUCKET_BYTES;
        assert_eq!(buckets, 1 << 30);
        assert_eq!(TranspositionTable::new(1).size_mb(), 1);
        assert_eq!(TranspositionTable::new(0).size_mb(), 1);
    }

    #[test]
    fn an_impossible_size_is_an_error_not_an_abort() {
        assert_eq!(
            TranspositionTable::try_new(u64::MAX).err(),
            Some(HashError::OutOfMemory { mb: u64::MAX })
        );
        // The fallback constructor halves until the allocator agrees.
        assert!(TranspositionTable::new(u64::MAX >> 20).size_mb() >= 1);
    }

    #[test]
    fn full_bucket_replaces_the_shallowest() {
        let tt = TranspositionTable::new(1);
        // Keys that land in bucket 0: the high bits choose the bucket.
        let keys: Vec<u64> = (1..=5).collect();
        for (d, &k) in keys.iter().enumerate() {
            tt.store(
                k,
                Entry {
                    move_id: 1,
                    score: 0,
                    depth: [5, 1, 7, 9, 3][d],
                    bound: Bound::Exact,
                },
            );
        }
        assert_eq!(tt.probe(2), None, "depth 1 entry replaced");
        for k in [1, 3, 4, 5] {
            assert!(tt.probe(k).is_some(), "key {k}");
        }
        assert!(tt.hashfull() > 0);
    }
}
