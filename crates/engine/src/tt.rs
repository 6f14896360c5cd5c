//! The transposition table: what an earlier search learned about a position (best move, depth,
//! score, bound), found again by Zobrist key when the position recurs by transposition or in the
//! next iteration.
//!
//! Buckets of four 16-byte entries fill one 64-byte cache line. An entry for the same key is
//! overwritten in place; otherwise an empty entry is used; otherwise the entry least worth keeping
//! is replaced: the shallowest, counting entries left over from earlier searches as 8 plies
//! shallower per search of age.

use killerscope_chess::Move;
use killerscope_log::Bound;

const BUCKET_ENTRIES: usize = 4;

/// One stored result. Scores are stored relative to the node (see `score::to_tt`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TtEntry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    bound: u8,
    generation: u8,
}

impl TtEntry {
    /// The best (or refuting) move found, `Move::NULL` when none was (a fail-low node).
    pub fn mv(&self) -> Move {
        Move::from_raw(self.mv)
    }

    /// The score, relative to the node that stored it.
    pub fn score(&self) -> i32 {
        i32::from(self.score)
    }

    /// Remaining depth of the search that produced the entry.
    pub fn depth(&self) -> i8 {
        self.depth
    }

    /// What the score says: exact, lower bound (fail high) or upper bound (fail low).
    pub fn bound(&self) -> Bound {
        match self.bound {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    fn is_empty(&self) -> bool {
        self.key == 0 && self.mv == 0 && self.depth == 0 && self.bound == 0
    }
}

#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([TtEntry; BUCKET_ENTRIES]);

/// A fixed-size hash table of search results, sized in MiB.
pub struct TranspositionTable {
    buckets: Buckets,
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table of at most `mib` MiB (a power-of-two number of buckets; at least one bucket).
    /// When the system refuses that much memory the table halves until it fits, rather than
    /// aborting: `size_bytes` tells what was granted. The memory comes zeroed from the system
    /// (an empty entry is all zeros), so even 4 GiB is ready at once: pages are mapped as the
    /// search first touches them, not written here.
    pub fn new(mib: usize) -> TranspositionTable {
        let bytes = mib.saturating_mul(1 << 20);
        let wanted = (bytes / size_of::<Bucket>()).max(1);
        let mut count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let buckets = loop {
            match Buckets::zeroed(count) {
                Some(buckets) => break buckets,
                None if count > 1 => count /= 2,
                None => std::alloc::handle_alloc_error(std::alloc::Layout::new::<Bucket>()),
            }
        };
        TranspositionTable {
            buckets,
            mask: count - 1,
            generation: 0,
        }
    }

    /// Size in bytes actually allocated.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    /// Empties the table (a new game). The memory is handed back and mapped anew, zeroed:
    /// instant whatever the size, where writing zeros over 4 GiB takes seconds.
    pub fn clear(&mut self) {
        // A table under 1 MiB is the one-bucket table of `new(0)`.
        let mib = self.size_bytes() >> 20;
        *self = TranspositionTable::new(0);
        *self = TranspositionTable::new(mib);
    }

    /// Marks the start of a new search, so entries of older searches are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket_index(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// Asks the CPU to start loading the bucket of `key` into cache, so that the probe the child
    /// node makes a little later finds it there instead of waiting on main memory (that wait is
    /// the single largest cost of a main-search node). Only a hint: it changes no state.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = &self.buckets[self.bucket_index(key)];
            // SAFETY: `_mm_prefetch` is a cache hint that never faults and reads no data into
            // the program; the pointer comes from a live reference. SSE is baseline on x86_64.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let bucket = &self.buckets[self.bucket_index(key)];
        bucket
            .0
            .iter()
            .find(|e| e.key == key && !e.is_empty())
            .copied()
    }

    /// Stores a result for `key`. `score` must already be node-relative (`score::to_tt`). When
    /// the same key is already stored and `mv` is null, the old best move is kept.
    pub fn store(&mut self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let index = self.bucket_index(key);
        let bucket = &mut self.buckets[index].0;
        let slot = match bucket.iter().position(|e| e.key == key && !e.is_empty()) {
            Some(i) => i,
            None => match bucket.iter().position(TtEntry::is_empty) {
                Some(i) => i,
                None => {
                    let worth = |e: &TtEntry| {
                        i32::from(e.depth) - 8 * i32::from(generation.wrapping_sub(e.generation))
                    };
                    let mut victim = 0;
                    for i in 1..BUCKET_ENTRIES {
                        if worth(&bucket[i]) < worth(&bucket[victim]) {
                            victim = i;
                        }
                    }
                    victim
                }
            },
        };
        let old = bucket[slot];
        let keep_move = mv.is_null() && old.key == key;
        bucket[slot] = TtEntry {
            key,
            mv: if keep_move { old.mv } else { mv.raw() },
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(0, i32::from(i8::MAX)) as i8,
            bound: bound as u8,
            generation,
        };
    }

    /// Permille of the first thousand entries used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let used = self
            .buckets
            .iter()
            .flat_map(|b| b.0.iter())
            .take(1000)
            .filter(|e| !e.is_empty() && e.generation == self.generation)
            .count();
        let seen = (self.buckets.len() * BUCKET_ENTRIES).min(1000);
        (used * 1000 / seen) as u32
    }
}

/// The table's memory, mapped fresh from the system rather than taken from the allocator: the
/// system hands it over zeroed without writing it (pages are mapped as the search first touches
/// them), page-aligned, so every bucket sits on its own cache line, and takes it back at once
/// when dropped. The general allocator would write zeros over all of it, since buckets are
/// aligned beyond what its zeroing path serves: seconds for a 4 GiB table.
struct Buckets {
    map: memmap2::MmapMut,
}

/// The size of a transparent huge page on x86_64 and aarch64 Linux. A table this big or
/// bigger asks the system for huge pages: the search touches its buckets at random, so with
/// 4 KiB pages a 16 MiB table is 4,096 page faults (and as many TLB misses) per search; with
/// 2 MiB pages it is 8. The lab runs hundreds of searches, several at once, and with small
/// pages their faults queued on the process's one memory map: system time doubled going from
/// one thread to two.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

impl Buckets {
    /// `count` (≥ 1) empty buckets, or `None` when the system refuses the memory.
    fn zeroed(count: usize) -> Option<Buckets> {
        let bytes = count.max(1).checked_mul(size_of::<Bucket>())?;
        let map = memmap2::MmapMut::map_anon(bytes).ok()?;
        #[cfg(target_os = "linux")]
        if bytes >= HUGE_PAGE {
            // Only a hint, so a refusal (no transparent huge pages here) changes nothing.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        Some(Buckets { map })
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];

    fn deref(&self) -> &[Bucket] {
        let len = self.map.len() / size_of::<Bucket>();
        // SAFETY: the mapping is page-aligned, hence aligned for `Bucket`, and `len` whole
        // buckets fit in it. Its bytes are the zeros the system mapped or buckets written
        // through `deref_mut`; all-zero bytes are a valid `Bucket` (every field is an integer).
        // The slice borrows `self`, so it cannot outlive the mapping.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr().cast::<Bucket>(), len) }
    }
}

impl std::ops::DerefMut for Buckets {
    fn deref_mut(&mut self) -> &mut [Bucket] {
        let len = self.map.len() / size_of::<Bucket>();
        // SAFETY: as in `deref`; the slice borrows `self` mutably, so it is the only one.
        unsafe { std::slice::from_raw_parts_mut(self.map.as_mut_ptr().cast::<Bucket>(), len) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let tt = TranspositionTable::new(16);
        assert_eq!(tt.size_bytes(), 16 << 20);
        assert_eq!(size_of::<TtEntry>(), 16);
        assert_eq!(size_of::<Bucket>(), 64);
        let tt = TranspositionTable::new(3);
        assert_eq!(tt.size_bytes(), 2 << 20);
        assert_eq!(TranspositionTable::new(0).size_bytes(), 64);
    }

    #[test]
    fn a_cleared_table_is_empty_and_keeps_its_size() {
        let mut tt = TranspositionTable::new(2);
        for key in 1..5000u64 {
            tt.store(
                key.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                Move::quiet(12, 28),
                3,
                2,
                Bound::Exact,
            );
        }
        assert!(tt.hashfull() > 0);
        tt.clear();
        assert_eq!(tt.size_bytes(), 2 << 20);
        assert_eq!(tt.hashfull(), 0);
        assert!(tt.probe(0x9e37_79b9_7f4a_7c15).is_none());
    }

    #[test]
    fn stores_and_probes_move_depth_score_bound() {
        let mut tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9abc_def1;
        assert!(tt.probe(key).is_none());
        tt.store(key, Move::quiet(12, 28), -57, 6, Bound::Lower);
        let e = tt.probe(key).unwrap();
        assert_eq!(
            (e.mv(), e.score(), e.depth(), e.bound()),
            (Move::quiet(12, 28), -57, 6, Bound::Lower)
        );
        assert!(
            tt.probe(key ^ (1 << 40)).is_none(),
            "same bucket, other key"
        );
    }

    #[test]
    fn same_key_keeps_old_move_when_new_is_null() {
        let mut tt = TranspositionTable::new(1);
        tt.store(99, Move::quiet(12, 28), 10, 3, Bound::Exact);
        tt.store(99, Move::NULL, -20, 4, Bound::Upper);
        let e = tt.probe(99).unwrap();
        assert_eq!(
            (e.mv(), e.score(), e.depth(), e.bound()),
            (Move::quiet(12, 28), -20, 4, Bound::Upper)
        );
    }

    #[test]
    fn full_bucket_replaces_shallowest_and_stale_entries_first() {
        let mut tt = TranspositionTable::new(0);
        for (i, depth) in [(1u64, 5), (2, 2), (3, 9), (4, 7)] {
            tt.store(i, Move::quiet(1, 18), 0, depth, Bound::Exact);
        }
        tt.store(5, Move::quiet(1, 18), 0, 4, Bound::Exact);
        assert!(tt.probe(2).is_none(), "depth 2 was the shallowest");
        assert!(tt.probe(5).is_some());
        tt.new_search();
        tt.new_search();
        tt.store(6, Move::quiet(1, 18), 0, 1, Bound::Exact);
        assert!(
            tt.probe(5).is_none(),
            "two searches old, depth 4 counts as -12"
        );
        assert!(tt.probe(6).is_some() && tt.probe(1).is_some());
        assert!(tt.probe(3).is_some());
        assert_eq!(tt.hashfull(), 250);
    }
}
