//! The exhaustive search's transposition table: exact keys, bounded memory, and a
//! replacement policy that keeps the expensive entries.
//!
//! Every key has the same number of 64-bit words (one search, one game), so the keys live in
//! one arena of fixed-size slots and the hash table holds only `(slot, value, work, tag)`. A
//! lookup hashes the key once (rustc's Fx hash) and compares the stored key words in place: the
//! table never trusts a hash alone, since a collision would make the checker accept a wrong
//! answer. The `tag` is 32 bits of that hash kept in the entry, from which the table's own hash
//! is rebuilt ([`table_hash`]): growing the table then reads only its entries, not the key
//! arena (the random reads of every stored key made the rehash 9.8 % of a search's time), and a
//! probe reads a stored key only when the whole tag matches.
//!
//! When the table is full, the cheaper half of it is evicted: `work` is the number of search
//! nodes the entry's subtree cost, and entries are dropped from the cheapest upwards until half
//! the table is free (never the whole table, so the valuable entries near the root survive).

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::Hasher;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

/// One table entry: where its key lives, the stored value, what it cost to compute, and 32
/// bits of its key's hash.
#[derive(Clone, Copy, Debug)]
struct Entry {
    slot: u32,
    value: u32,
    work: u32,
    tag: u32,
}

/// The 32 bits of a key's Fx hash `h` that its entry keeps (both halves folded in: the shards
/// of [`SharedMemo`] are chosen by bits of the upper half).
#[inline]
fn tag_of(h: u64) -> u32 {
    (h ^ h >> 32) as u32
}

/// The hash the table indexes an entry by, rebuilt from its tag alone: hashbrown takes the
/// bucket from the low bits and the control byte from the top seven, so the tag fills both.
#[inline]
fn table_hash(tag: u32) -> u64 {
    let t = u64::from(tag);
    t | t << 32
}

/// Control byte per bucket in hashbrown's layout, plus the entry itself.
const BUCKET_BYTES: usize = std::mem::size_of::<Entry>() + 1;

/// A bounded map from fixed-length keys (`words` words) to `u32` values.
pub(crate) struct Memo {
    words: usize,
    keys: Vec<u64>,
    free: Vec<u32>,
    table: HashTable<Entry>,
    cap: usize,
    /// Lookups that found their key.
    pub hits: u64,
    /// Entries written (including those later evicted).
    pub stored: u64,
    /// Entries evicted to make room.
    pub evicted: u64,
    /// Largest memory held by the table and its key arena, in bytes.
    pub peak_bytes: u64,
}

/// The Fx hash of a key (what the table and the busy marks of [`SharedMemo`] index by).
#[inline]
pub(crate) fn hash(key: &[u64]) -> u64 {
    let mut h = FxHasher::default();
    for &w in key {
        h.write_u64(w);
    }
    h.finish()
}

impl Memo {
    /// A table for keys of `words` words that holds at most about `bytes` bytes (arena plus
    /// hash buckets at hashbrown's power-of-two sizes), and at least 16 entries.
    pub fn new(words: usize, bytes: usize) -> Memo {
        // The largest entry count whose arena and bucket array fit in `bytes`: hashbrown keeps
        // the load factor at or below 7/8 with a power-of-two bucket count, and while it grows
        // the old bucket array (half the new one) is alive too, hence the 3/2.
        // Checked arithmetic: under `--memory` near `usize::MAX` the products overflow, and a
        // wrapped one used to "fit", so that `cap` doubled to 0 and the loop never ended.
        let fits = |cap: usize| {
            let need = || {
                let buckets = (cap.checked_mul(8)? / 7 + 1).checked_next_power_of_two()?;
                let arena = cap.checked_mul(words)?.checked_mul(8)?;
                arena.checked_add(buckets.checked_mul(BUCKET_BYTES * 3)? / 2)
            };
            need().is_some_and(|need| need <= bytes)
        };
        let mut cap = 16usize;
        while cap.checked_mul(2).is_some_and(fits) {
            cap *= 2;
        }
        // Between two powers of two, bisect: the bucket array stays the same size, so more
        // entries may fit than the last power of two.
        let (mut lo, mut hi) = (cap, cap * 2);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if fits(mid) { lo = mid } else { hi = mid }
        }
        Memo::with_cap(words, lo.max(16))
    }

    /// A table of at most `cap` entries (tests use tiny caps to exercise eviction).
    pub fn with_cap(words: usize, cap: usize) -> Memo {
        Memo {
            words: words.max(1),
            keys: Vec::new(),
            free: Vec::new(),
            table: HashTable::new(),
            cap: cap.max(2),
            hits: 0,
            stored: 0,
            evicted: 0,
            peak_bytes: 0,
        }
    }

    /// Entries currently stored.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub fn get(&mut self, key: &[u64]) -> Option<u32> {
        self.get_hashed(key, hash(key))
    }

    /// [`Memo::get`] with the key's hash `h` already computed.
    #[inline]
    fn get_hashed(&mut self, key: &[u64], h: u64) -> Option<u32> {
        debug_assert_eq!(key.len(), self.words);
        let (words, keys) = (self.words, &self.keys);
        let tag = tag_of(h);
        let found = self
            .table
            .find(table_hash(tag), |e| {
                let at = e.slot as usize * words;
                e.tag == tag && keys[at..at + words] == *key
            })
            .map(|e| e.value);
        self.hits += u64::from(found.is_some());
        found
    }

    /// Stores `value` for `key` (not yet present), which took `work` nodes to compute;
    /// evicts the cheaper half of the table first when it is full.
    pub fn insert(&mut self, key: &[u64], value: u32, work: u64) {
        self.insert_hashed(key, hash(key), value, work);
    }

    /// [`Memo::insert`] with the key's hash `h` already computed.
    fn insert_hashed(&mut self, key: &[u64], h: u64, value: u32, work: u64) {
        debug_assert_eq!(key.len(), self.words);
        if self.table.len() >= self.cap {
            self.evict_cheap_half();
        }
        let words = self.words;
        let slot = match self.free.pop() {
            Some(s) => {
                let at = s as usize * words;
                self.keys[at..at + words].copy_from_slice(key);
                s
            }
            None => {
                let s = (self.keys.len() / words) as u32;
                if self.keys.len() + words > self.keys.capacity() {
                    // Grow by doubling, but never past the slots the cap allows.
                    let want = (self.keys.capacity() * 2)
                        .max(words * 64)
                        .min(self.cap * words);
                    let more = want.saturating_sub(self.keys.len()).max(words);
                    self.keys.reserve_exact(more);
                }
                self.keys.extend_from_slice(key);
                s
            }
        };
        let entry = Entry {
            slot,
            value,
            work: u32::try_from(work).unwrap_or(u32::MAX),
            tag: tag_of(h),
        };
        self.table
            .insert_unique(table_hash(entry.tag), entry, |e| table_hash(e.tag));
        self.stored += 1;
        self.peak_bytes = self.peak_bytes.max(self.bytes() as u64);
    }

    /// Bytes held by the table and the key arena now.
    pub fn bytes(&self) -> usize {
        self.table.allocation_size() + self.keys.capacity() * 8 + self.free.capacity() * 4
    }

    /// Drops entries from the cheapest (smallest `work`) upwards until half the table is
    /// free. Work is bucketed by its binary logarithm; the threshold bucket is thinned only
    /// as far as needed.
    fn evict_cheap_half(&mut self) {
        let mut hist = [0usize; 33];
        let bucket = |w: u32| (32 - w.leading_zeros()) as usize;
        for e in self.table.iter() {
            hist[bucket(e.work)] += 1;
        }
        let target = self.table.len() / 2;
        let (mut below, mut threshold) = (0usize, 0usize);
        while threshold < 32 && below + hist[threshold] < target {
            below += hist[threshold];
            threshold += 1;
        }
        // Evict every entry below the threshold bucket and `extra` of the threshold bucket.
        // The survivors move into a fresh table of the same size rather than staying behind
        // `retain`: hashbrown leaves tombstones where entries were erased from full groups, and
        // once the tombstones use up its growth allowance the next insert *doubles* the bucket
        // array although the table is only half full (measured: a `--memory 64` search grew
        // from 67 MB to 111 MB resident after its first evictions).
        let mut extra = target - below;
        let mut evicted = 0u64;
        let mut survivors = Vec::with_capacity(self.table.len() - target);
        for e in std::mem::take(&mut self.table) {
            let b = bucket(e.work);
            let drop = b < threshold || (b == threshold && extra > 0);
            if b == threshold && drop {
                extra -= 1;
            }
            if drop {
                self.free.push(e.slot);
                evicted += 1;
            } else {
                survivors.push(e);
            }
        }
        // The old bucket array is freed before the new one is allocated; the survivors' list
        // (16 bytes per entry, half the table) is the only transient, inside the 3/2 allowance
        // of `Memo::new`.
        let rehash = |e: &Entry| table_hash(e.tag);
        self.table = HashTable::with_capacity(self.cap);
        for e in survivors {
            self.table.insert_unique(rehash(&e), e, rehash);
        }
        self.evicted += evicted;
    }
}

/// Shards of a [`SharedMemo`] (a power of two; 64 keeps lock contention negligible for the
/// few threads of one machine).
const SHARDS: usize = 64;
/// Busy marks of a [`SharedMemo`] (a power of two).
const BUSY_SLOTS: usize = 1 << 16;

/// One exact-key table shared by the threads of a parallel search (`parallel.rs`): [`Memo`]s
/// in [`SHARDS`] locked shards, a key's shard chosen by bits of its hash that hashbrown does
/// not use inside the shard. Keys stay exact (compared word by word), and the memory budget
/// is split evenly between the shards.
///
/// It also holds the *busy marks* of ABDADA: a counter per hash slot, raised while some thread
/// expands a position with that hash. A collision only makes a thread postpone a child it
/// could have searched at once (scheduling, never the answer), so a hash alone is enough here.
pub(crate) struct SharedMemo {
    shards: Vec<Mutex<Memo>>,
    busy: Vec<AtomicU32>,
}

impl SharedMemo {
    /// A table for keys of `words` words holding at most about `bytes` bytes in all.
    pub fn new(words: usize, bytes: usize) -> SharedMemo {
        SharedMemo {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(Memo::new(words, bytes / SHARDS)))
                .collect(),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    #[inline]
    fn shard(&self, h: u64) -> std::sync::MutexGuard<'_, Memo> {
        let i = (h >> 32) as usize & (SHARDS - 1);
        self.shards[i].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The value stored for `key` (hash `h`), if any.
    #[inline]
    pub fn get(&self, key: &[u64], h: u64) -> Option<u32> {
        self.shard(h).get_hashed(key, h)
    }

    /// Stores `value` for `key` (hash `h`) unless another thread stored it first (then both
    /// values are equal: a position's value does not depend on who searched it).
    #[inline]
    pub fn insert(&self, key: &[u64], h: u64, value: u32, work: u64) {
        let mut shard = self.shard(h);
        let hits = shard.hits;
        if shard.get_hashed(key, h).is_none() {
            shard.insert_hashed(key, h, value, work);
        }
        shard.hits = hits;
    }

    /// Whether some thread is expanding a position whose key hashes to `h` now.
    #[inline]
    pub fn busy(&self, h: u64) -> bool {
        self.busy[h as usize & (BUSY_SLOTS - 1)].load(Ordering::Relaxed) > 0
    }

    /// Marks (`up`) or unmarks a position whose key hashes to `h` as being expanded.
    #[inline]
    pub fn mark(&self, h: u64, up: bool) {
        let slot = &self.busy[h as usize & (BUSY_SLOTS - 1)];
        if up {
            slot.fetch_add(1, Ordering::Relaxed);
        } else {
            slot.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// `(stored, hits, evicted, peak bytes)` summed over the shards.
    pub fn totals(&self) -> (u64, u64, u64, u64) {
        let mut t = (0, 0, 0, 0);
        for shard in &self.shards {
            let s = shard.lock().unwrap_or_else(|e| e.into_inner());
            t.0 += s.stored;
            t.1 += s.hits;
            t.2 += s.evicted;
            t.3 += s.peak_bytes;
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys whose hashes collide are still told apart (the table compares key words), and
    /// eviction keeps the expensive entries and frees exactly half.
    #[test]
    fn exact_keys_and_eviction_keeps_expensive_entries() {
        let mut memo = Memo::with_cap(2, 64);
        for i in 0..64u64 {
            memo.insert(&[i, 7], i as u32, if i < 8 { 1 << 20 } else { 1 });
        }
        for i in 0..64u64 {
            assert_eq!(memo.get(&[i, 7]), Some(i as u32));
            assert_eq!(memo.get(&[i, 8]), None);
        }
        memo.insert(&[100, 0], 5, 1);
        assert_eq!(memo.len(), 33);
        for i in 0..8u64 {
            assert_eq!(
                memo.get(&[i, 7]),
                Some(i as u32),
                "expensive entry {i} evicted"
            );
        }
        assert_eq!(memo.get(&[100, 0]), Some(5));
        assert_eq!(memo.evicted, 32);
    }

    /// The byte budget bounds the table: the entry count times the key size stays inside it.
    #[test]
    fn byte_budget_bounds_the_capacity() {
        let memo = Memo::new(4, 1 << 20);
        assert!(memo.cap * 32 < 1 << 20 && memo.cap > 10_000, "{}", memo.cap);
    }

    /// A budget near `usize::MAX` (`--memory 17592186044416`, 2^64 bytes) gives a table at
    /// once: the capacity search used to overflow and loop forever.
    #[test]
    fn a_budget_near_usize_max_gives_a_table() {
        for bytes in [usize::MAX, usize::MAX - (1 << 20), usize::MAX / 3] {
            let memo = Memo::new(4, bytes);
            assert!(memo.cap >= 1 << 40, "{bytes}: {}", memo.cap);
        }
    }

    /// The table stays inside its byte budget over many rounds of eviction: erasing entries
    /// in place used to leave tombstones that made hashbrown double its bucket array while
    /// the table was half empty (a `--memory 64` search peaked at 111 MB resident).
    #[test]
    fn repeated_evictions_stay_within_the_byte_budget() {
        let budget = 1 << 20;
        let mut memo = Memo::new(3, budget);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..(memo.cap as u64 * 12) {
            // Structured keys, as the search's bit sets are (under Fx they fill runs of whole
            // groups, where hashbrown erases with tombstones); xorshift work values, so that
            // every round evicts a different mix.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            memo.insert(&[i, i >> 3, 1], 0, state % 1000);
            assert!(
                memo.bytes() <= budget,
                "{} bytes after {i} inserts, budget {budget}",
                memo.bytes()
            );
        }
        assert!(memo.evicted > memo.cap as u64 * 5, "{}", memo.evicted);
        assert!(memo.peak_bytes <= budget as u64);
    }
}
