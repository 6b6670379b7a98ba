//! Counting: the "perft" of Morpion Solitaire, the strongest test of the rules.
//!
//! - [`count_positions`]: distinct positions (sets of drawn lines) reachable in exactly n
//!   moves, optionally up to the symmetries of the start (8 for the cross). Level by level: each position
//!   of level n is stored as (parent, move) and rebuilt by replaying its moves; its
//!   children are deduplicated by their 128-bit keys (`position_key`: up to symmetry,
//!   the smallest over the 8 images). Duplicates are found in a sharded set; levels run on
//!   every core (rayon). Memory is about 40 bytes a position at the deepest level.
//! - [`count_sequences`]: ordered move sequences (depth-first, parallel over first moves,
//!   one walk a length so that each count comes as soon as it is known).

use crate::geom::{Dir, Point, Symmetry};
use crate::position::Position;
use crate::position_key::{canonical, position_keys, toggle_line};
use crate::variant::Move;
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// A move packed in 32 bits (coordinates are within ±1023 in any counted position).
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    mv: u32,
}

fn pack(m: Move) -> u32 {
    ((m.dot.x + 1024) as u32) << 16
        | ((m.dot.y + 1024) as u32) << 5
        | (m.dir.index() as u32) << 3
        | m.pos as u32
}

fn unpack(v: u32) -> Move {
    Move::new(
        Point::new((v >> 16) as i32 - 1024, ((v >> 5) & 0x7ff) as i32 - 1024),
        Dir::from_index(((v >> 3) & 3) as usize),
        (v & 7) as u8,
    )
}

/// The keys are already uniform: hash by taking their low bits.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u128 keys are hashed")
    }
    fn write_u128(&mut self, k: u128) {
        self.0 = k as u64;
    }
}

type KeySet = HashSet<u128, BuildHasherDefault<KeyHasher>>;

const SHARDS: usize = 256;

/// Bytes a position of the level being counted takes: its key in a shard's set (16 bytes,
/// at a load of 7/8 down to 7/16 after a set grows) and its node (8).
pub const BYTES_PER_NEW_POSITION: u64 = 48;

/// Bytes a position of a level already counted takes: its node.
const BYTES_PER_KEPT_POSITION: u64 = std::mem::size_of::<Node>() as u64;

/// A count of positions stopped because a level would not fit its memory limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    /// The depth whose level did not fit.
    pub depth: usize,
    /// Its positions found when it stopped.
    pub found: u64,
    /// The limit, in bytes.
    pub limit: u64,
    /// The counts of the levels before it.
    pub counts: Vec<u64>,
}

impl std::fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.found == 0 {
            write!(
                f,
                "depth {} cannot be counted within the memory limit: depth {} took it",
                self.depth,
                self.depth - 1
            )
        } else {
            write!(
                f,
                "depth {} holds more positions than the memory limit allows ({} found when it stopped)",
                self.depth, self.found
            )
        }
    }
}

impl std::error::Error for OutOfMemory {}

/// Distinct positions exactly 1..=depth moves after `root` (up to the symmetries of its
/// start when `symmetric`), or up to the first depth with none (no game goes further: the
/// counts end with that 0). `report(n, count)` is called as each level completes (for
/// progress output), and returns whether to go on: false stops the count there (its
/// reader has gone: a deep level takes hours).
pub fn count_positions(
    root: &Position,
    depth: usize,
    symmetric: bool,
    report: impl FnMut(usize, u64) -> bool,
) -> Vec<u64> {
    count_positions_within(root, depth, symmetric, u64::MAX, report).expect("no limit")
}

/// [`count_positions`] within `limit` bytes, about (every level counted is kept, and
/// the level being counted is the most of it: [`BYTES_PER_NEW_POSITION`] a position): a
/// level that would take more stops the count cleanly, where an allocation that failed
/// would abort the process (and a system that overcommits would kill it, or worse).
pub fn count_positions_within(
    root: &Position,
    depth: usize,
    symmetric: bool,
    limit: u64,
    mut report: impl FnMut(usize, u64) -> bool,
) -> Result<Vec<u64>, OutOfMemory> {
    let (variant, start) = (root.variant(), root.start());
    let syms: Vec<Symmetry> = if symmetric { start.symmetries().collect() } else { vec![Symmetry::IDENTITY] };
    // the root's keys once: a node adds only the lines of its moves (a root continued
    // from a long game has many lines)
    let root_keys = position_keys(root.lines(), &syms, start, variant);
    let mut levels: Vec<Vec<Node>> = vec![vec![Node { parent: 0, mv: 0 }]];
    let mut counts = Vec::new();
    let mut kept: u64 = BYTES_PER_KEPT_POSITION;
    for n in 1..=depth {
        let shards: Vec<Mutex<(KeySet, Vec<Node>)>> = (0..SHARDS).map(|_| Mutex::default()).collect();
        let prev = &levels[n - 1];
        // positions of this level so far, against what the limit leaves it
        let room = limit.saturating_sub(kept) / BYTES_PER_NEW_POSITION;
        let stored = AtomicU64::new(0);
        // a part of the level left out once it was over: the level's count is then short
        let skipped = AtomicBool::new(false);
        prev.par_chunks(1024).enumerate().for_each_init(
            || (root.clone(), Vec::new(), Vec::new()),
            |(pos, moves, found), (chunk_no, chunk)| {
                if stored.load(Ordering::Relaxed) > room {
                    skipped.store(true, Ordering::Relaxed);
                    return;
                }
                found.clear();
                for (i, node) in chunk.iter().enumerate() {
                    // rebuild the position: walk up the parents, replay from the root
                    moves.clear();
                    let mut at = *node;
                    for lvl in (1..n).rev() {
                        moves.push(unpack(at.mv));
                        at = levels[lvl - 1][at.parent as usize];
                    }
                    pos.copy_from(root);
                    let mut h = root_keys;
                    for &m in moves.iter().rev() {
                        pos.play(m);
                        toggle_line(&mut h, m.line(), &syms, start, variant);
                    }
                    let parent = (chunk_no * 1024 + i) as u32;
                    for m in pos.legal_moves_unordered() {
                        let mut child = h;
                        toggle_line(&mut child, m.line(), &syms, start, variant);
                        let key = canonical(&child, syms.len());
                        found.push((key, Node { parent, mv: pack(m) }));
                    }
                }
                found.sort_unstable_by_key(|(k, _)| (k >> 120) as usize % SHARDS);
                for group in found.chunk_by(|a, b| (a.0 >> 120) == (b.0 >> 120)) {
                    let mut shard = shards[(group[0].0 >> 120) as usize % SHARDS].lock().expect("no panics");
                    let before = shard.1.len();
                    for &(key, node) in group {
                        if shard.0.insert(key) {
                            shard.1.push(node);
                        }
                    }
                    stored.fetch_add((shard.1.len() - before) as u64, Ordering::Relaxed);
                }
            },
        );
        let found = stored.into_inner();
        if skipped.into_inner() {
            return Err(OutOfMemory { depth: n, found, limit, counts });
        }
        let mut level = Vec::new();
        for s in shards {
            let (set, nodes) = s.into_inner().expect("no panics");
            drop(set);
            level.extend(nodes);
        }
        assert!(level.len() < u32::MAX as usize, "too many positions to index");
        counts.push(level.len() as u64);
        if !report(n, level.len() as u64) || level.is_empty() {
            break;
        }
        kept += level.len() as u64 * BYTES_PER_KEPT_POSITION;
        levels.push(level);
        // counted whole, but past the room: the next level cannot be (its first positions
        // alone would be more)
        if found > room && n < depth {
            return Err(OutOfMemory { depth: n + 1, found: 0, limit, counts });
        }
    }
    Ok(counts)
}

/// Ordered move sequences of length exactly 1..=depth after `root` (the usual perft), or
/// up to the first length with none (the counts end with that 0, as
/// [`count_positions`]'s do). `report(n, count)` is called as each length is counted, and
/// returns whether to go on.
///
/// One depth-first walk a length (iterative deepening), so that each count comes as soon
/// as it is known rather than all at the end of the deepest walk. The walks before the
/// last visit the shallower levels again, which hold some 20 times fewer positions than
/// the next: for 5T to depth 5, 4.3 % more positions played than in one walk.
pub fn count_sequences(
    root: &Position,
    depth: usize,
    mut report: impl FnMut(usize, u64) -> bool,
) -> Vec<u64> {
    /// The sequences of `left` more moves after `p`: at the last, its moves are counted
    /// without being played.
    fn walk(p: &mut Position, left: usize) -> u64 {
        let moves = p.legal_moves_unordered();
        if left == 1 {
            return moves.len() as u64;
        }
        let mut n = 0;
        for m in moves {
            p.play(m);
            n += walk(p, left - 1);
            p.undo();
        }
        n
    }
    let first = root.legal_moves();
    let mut counts = Vec::new();
    for n in 1..=depth {
        let c = if n == 1 {
            first.len() as u64
        } else {
            first
                .par_iter()
                .map(|&m| {
                    let mut p = root.clone();
                    p.play(m);
                    walk(&mut p, n - 1)
                })
                .sum()
        };
        counts.push(c);
        if !report(n, c) || c == 0 {
            break;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn pack_round_trips() {
        for m in [Move::new(Point::new(-5, 17), Dir::DP, 4), Move::new(Point::new(1000, -1000), Dir::H, 0)] {
            assert_eq!(unpack(pack(m)), m);
        }
    }

    #[test]
    fn small_counts() {
        let (t5, d5) = (Position::new(Variant::T5), Position::new(Variant::D5));
        assert_eq!(count_positions(&t5, 2, false, |_, _| true), vec![28, 382]);
        assert_eq!(count_positions(&d5, 2, true, |_, _| true), vec![4, 55]);
        assert_eq!(count_sequences(&t5, 2, |_, _| true), vec![28, 748]);
    }

    #[test]
    fn a_level_beyond_the_memory_limit_stops_the_count_cleanly() {
        let t5 = Position::new(Variant::T5);
        // 28 + 382 + 3368 positions: depth 4's 21,497 do not fit in 400 kB
        let mut said = Vec::new();
        let e = count_positions_within(&t5, 6, false, 400_000, |n, c| {
            said.push((n, c));
            true
        })
        .unwrap_err();
        assert_eq!((e.depth, e.counts.clone()), (4, vec![28, 382, 3368]));
        let room = (400_000 - (1 + 28 + 382 + 3368) * BYTES_PER_KEPT_POSITION) / BYTES_PER_NEW_POSITION;
        assert!(e.found > room && e.found < 21497, "{} {room}", e.found);
        assert_eq!(said, vec![(1, 28), (2, 382), (3, 3368)]);
        assert!(e.to_string().starts_with("depth 4 holds more positions than the memory limit allows ("));
        // a level whose every part had begun before the room ran out is counted whole and
        // said; the next one is not begun (one thread: one part at a time)
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let just = (1 + 28 + 382) * BYTES_PER_KEPT_POSITION + 3000 * BYTES_PER_NEW_POSITION;
        let e = pool.install(|| count_positions_within(&t5, 6, false, just, |_, _| true)).unwrap_err();
        assert_eq!((e.depth, e.found, e.counts.clone()), (4, 0, vec![28, 382, 3368]));
        assert_eq!(e.to_string(), "depth 4 cannot be counted within the memory limit: depth 3 took it");
        // room enough: the same counts as without a limit
        assert_eq!(
            count_positions_within(&t5, 4, false, 4 << 20, |_, _| true),
            Ok(vec![28, 382, 3368, 21497])
        );
    }
}
