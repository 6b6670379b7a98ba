//! The solver's table of solved positions: key up to symmetry -> does the side to move win.
//!
//! Every solved position is kept (a proof needs them all, and `positions` counts them), so
//! memory is what limits a solve: a slot is one `u128`, 16 bytes, holding the key and the
//! result (a table of `HashMap<u128, bool>` takes 32 bytes a slot, for u128's alignment).
//! Open addressing with linear probing in shards, each behind its own lock, grown by
//! doubling at 3/4 full; a shard that would grow past the memory limit is refused, and the
//! solve stops cleanly with what it has.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Shards (a power of two): with a lock each, threads seldom wait for one another.
const SHARDS: usize = 1024;
/// Slots per shard at the start (a power of two): 256 KiB in all.
const FIRST_SLOTS: usize = 16;
const SLOT_BYTES: u64 = std::mem::size_of::<u128>() as u64;
/// The memory the table takes before anything is stored.
pub(crate) const MIN_BYTES: u64 = (SHARDS * FIRST_SLOTS) as u64 * SLOT_BYTES;

/// The table cannot grow within its memory limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Full;

/// A slot: 0 when empty, else the key's bits but the lowest two, bit 1 set (so it is never
/// 0) and bit 0 the result. Keys are 128 random-looking bits; 126 of them tell positions
/// apart (see `position_key` for the odds of two positions sharing them).
fn slot(key: u128, wins: bool) -> u128 {
    (key & !3) | 2 | wins as u128
}

fn same_key(s: u128, key: u128) -> bool {
    s & !3 == key & !3
}

struct Shard {
    slots: Vec<u128>,
    len: usize,
}

impl Shard {
    /// Where `key` is, or the empty slot where it would go.
    fn find(&self, key: u128) -> usize {
        let mask = self.slots.len() - 1;
        // the shard was chosen by bits 64.. of the key; the slot comes from the low bits
        let mut i = (key as u64 >> 2) as usize & mask;
        loop {
            let s = self.slots[i];
            if s == 0 || same_key(s, key) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let twice = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, twice);
        for s in old.into_iter().filter(|&s| s != 0) {
            let i = self.find(s);
            self.slots[i] = s;
        }
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} positions, {} bytes)", self.len(), self.bytes())
    }
}

/// Solved positions, shared by every thread of a solve.
pub(crate) struct Table {
    shards: Box<[Mutex<Shard>]>,
    len: AtomicU64,
    bytes: AtomicU64,
    limit: u64,
}

impl Table {
    /// An empty table that never takes more than `limit` bytes (at least [`MIN_BYTES`]:
    /// `Solver::new` checks).
    pub(crate) fn new(limit: u64) -> Table {
        let shards = (0..SHARDS).map(|_| Mutex::new(Shard { slots: vec![0; FIRST_SLOTS], len: 0 })).collect();
        Table { shards, len: AtomicU64::new(0), bytes: AtomicU64::new(MIN_BYTES), limit }
    }

    fn shard(&self, key: u128) -> std::sync::MutexGuard<'_, Shard> {
        // a thread that panicked holding a lock left a consistent shard: slots are written whole
        let i = (key >> 64) as usize & (SHARDS - 1);
        self.shards[i].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the side to move wins, if the position of `key` is solved.
    pub(crate) fn get(&self, key: u128) -> Option<bool> {
        let shard = self.shard(key);
        let s = shard.slots[shard.find(key)];
        (s != 0).then_some(s & 1 == 1)
    }

    /// Records a solved position; `Full` if that needs more memory than the limit allows
    /// (the position is then not recorded, and nothing else changes).
    pub(crate) fn insert(&self, key: u128, wins: bool) -> Result<(), Full> {
        let mut shard = self.shard(key);
        let i = shard.find(key);
        if shard.slots[i] != 0 {
            shard.slots[i] = slot(key, wins);
            return Ok(());
        }
        if (shard.len + 1) * 4 > shard.slots.len() * 3 {
            let more = shard.slots.len() as u64 * SLOT_BYTES;
            self.bytes
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
                    (b + more <= self.limit).then_some(b + more)
                })
                .map_err(|_| Full)?;
            shard.grow();
        }
        let i = shard.find(key);
        shard.slots[i] = slot(key, wins);
        shard.len += 1;
        self.len.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Positions recorded.
    pub(crate) fn len(&self) -> u64 {
        self.len.load(Ordering::Relaxed)
    }

    /// Memory taken by the slots.
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::mix64;

    fn key(i: u64) -> u128 {
        (mix64(i) as u128) << 64 | mix64(i ^ 0xdead_beef) as u128
    }

    /// Everything inserted is found with its result through many doublings; keys that were
    /// not inserted are not found; a result can be rewritten without counting twice.
    #[test]
    fn keeps_what_it_is_given() {
        let t = Table::new(u64::MAX);
        for i in 0..100_000 {
            t.insert(key(i), i % 3 == 0).unwrap();
        }
        assert_eq!(t.len(), 100_000);
        for i in 0..100_000 {
            assert_eq!(t.get(key(i)), Some(i % 3 == 0), "{i}");
        }
        for i in 100_000..110_000 {
            assert_eq!(t.get(key(i)), None);
        }
        t.insert(key(7), true).unwrap();
        assert_eq!((t.get(key(7)), t.len()), (Some(true), 100_000));
        // 100k keys at 3/4 load at most: at least 133k slots, at most twice that plus the start
        assert!(t.bytes() >= 133_334 * 16 && t.bytes() <= 2 * 133_334 * 16 + MIN_BYTES, "{}", t.bytes());
    }

    /// At its limit the table refuses new positions, keeps those it has and stays within it.
    #[test]
    fn refuses_to_grow_past_its_limit() {
        let limit = MIN_BYTES * 3;
        let t = Table::new(limit);
        let mut refused = None;
        for i in 0..1_000_000 {
            if t.insert(key(i), true) == Err(Full) {
                refused = Some(i);
                break;
            }
        }
        let n = refused.expect("a table of 768 KiB cannot hold a million positions");
        assert!(t.bytes() <= limit && t.len() == n, "{} {}", t.bytes(), t.len());
        assert_eq!(t.get(key(n)), None);
        assert!((0..n).all(|i| t.get(key(i)) == Some(true)));
    }
}
