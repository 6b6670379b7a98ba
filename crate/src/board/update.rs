//! The legal moves kept move by move: a move (or its undo) changes only the windows near
//! its dot, and the word operations here find which of them became or stopped being
//! playable. `window` and `recompute_candidates` are the slow reference they are tested
//! against.

use super::{Board, BoardLimit, Cand, DOTS, USED};
use crate::geom::{Dir, Point};
use crate::spare;

impl Board {
    /// Adds the line from cell `start` in direction `d`, whose missing point is the `pos`-th,
    /// to the legal moves (it must not be one already).
    #[inline]
    pub(super) fn insert(&mut self, start: i32, d: usize, pos: i32) {
        self.dense.reserve(1);
        self.insert_spare(Cand::new(start, d, pos));
    }

    /// `insert` within the candidates' capacity, without the call that would grow it: a
    /// move's update holds no call (`crate::spare`). A move's update starts with room for
    /// `SPARE`, more than it inserts.
    #[inline(always)]
    fn insert_spare(&mut self, c: Cand) {
        self.sparse[c.line_id()] = self.dense.len() as u32;
        spare::push(&mut self.dense, c);
    }

    /// Removes the line of id `id` (`Cand::line_id`), known to be a candidate.
    #[inline]
    fn remove_member(&mut self, id: usize) {
        debug_assert!(id < self.sparse.len());
        // SAFETY: lines updated start within 2L - 2 cells of a dot, inside the grid.
        let i = unsafe { *self.sparse.get_unchecked(id) } as usize;
        debug_assert!(i < self.dense.len() && self.dense[i].line_id() == id, "not a candidate");
        // the last candidate takes the removed one's place, without a branch on whether it
        // is that one (then both writes rewrite what is there): the branch went either way
        // at random
        let end = self.dense.len() - 1;
        let last = self.dense[end];
        self.dense[i] = last;
        self.sparse[last.line_id()] = i as u32;
        self.dense.truncate(end);
    }

    /// Bit j set iff the window of L cells starting at bit j of `m` has exactly one missing
    /// dot and none of its `span` cells (from bit j on) is used in `o`.
    #[inline(always)]
    fn playable<const L: i32>(&self, m: u64, o: u64) -> u64 {
        self.missing::<L>(m, o).0
    }

    /// The windows of L cells starting at bit j of `m` whose `span` cells (from bit j on)
    /// are free in `o`: (those with exactly one dot missing, those with none missing).
    ///
    /// Two words count every window's missing dots up to two at once: `all`, every cell so
    /// far is a dot, and `under_two`, fewer than two are not; 4 operations a cell, where an
    /// AND for each cell and each choice of the missing one took L(L - 1). Two words, not
    /// the prefix and suffix ANDs of the cells (as few operations, in two small arrays): V8
    /// kept those arrays in memory and ran the search 14-20 % slower than the code before
    /// (BENCHMARKS.md).
    #[inline(always)]
    fn missing<const L: i32>(&self, m: u64, o: u64) -> (u64, u64) {
        let mut busy = o;
        for k in 1..L - 1 {
            busy |= o >> k;
        }
        busy |= (o >> (L - 1)) & self.disjoint;
        let mut all = !0u64;
        let mut under_two = !0u64;
        for k in 0..L {
            let dot = m >> k;
            under_two &= all | dot; // a second gap where there was one already
            all &= dot;
        }
        (!all & under_two & !busy, all & !busy)
    }

    /// Plays a legal candidate. Grows the grid first if the new dot comes near its edge.
    ///
    /// Inlined into its caller, the playout loop: the call cost the wasm search 3-4 % (in
    /// Node's V8) and native 3-5 % (BENCHMARKS.md, "The rules inlined into the playout";
    /// our reading for wasm: V8 saves no register across a call, so the loop's live values
    /// were stored and reloaded every move). Out of line the other way, each (L, one word)
    /// body a function of its own, wasm was 4 % slower than before.
    #[inline(always)]
    pub(crate) fn play(&mut self, c: Cand) -> Result<(), BoardLimit> {
        let (start, d, pos) = self.ensure_room(c)?;
        self.update(start, d, pos, true);
        Ok(())
    }

    /// `play` for a playout's loop: on a board of line length `L` (a constant, so the loop
    /// holds one body where `play` inlines eight: one per length, times one word a grid
    /// line or more) and of the first grid, where a grid line is a word. `Err(Leave)`, the
    /// board untouched, when the move needs what this leaves out: a larger grid, or room
    /// among the candidates; `play` then plays it. The loop then holds no call, which in
    /// wasm saves V8 from keeping its values in memory around one: 5-6 % fewer
    /// instructions than a loop of `play` with the length alone a constant (BENCHMARKS.md,
    /// "The playout loop without a call").
    ///
    /// Panics if `L` is not this board's line length or the grid is not the first: the
    /// update's unchecked reads stay within the grid's margin only for the board's own
    /// length, and within a word only on the first grid. Comparisons that never fail in a
    /// playout (its form is its root's: `Problem::form`, which the loop keeps).
    #[inline(always)]
    pub(crate) fn play_fast<const L: i32>(&mut self, c: Cand) -> Result<(), Leave> {
        if L != self.len || !self.in_first_grid() {
            other_form(L, self.len, self.w);
        }
        let (start, d, pos) = self.within_margin(c).ok_or(Leave)?;
        if !spare::has_room(&self.dense, SPARE) {
            return Err(Leave);
        }
        self.update_l::<L, true>(start, d, pos, true);
        Ok(())
    }

    /// Takes back the move `c` (the last one played; the caller keeps the history).
    pub(crate) fn undo(&mut self, c: Cand) {
        self.update(c.start(), c.dir(), c.pos(), false);
    }

    #[inline(always)]
    fn update(&mut self, start: i32, d: usize, pos: i32, adding: bool) {
        self.dense.reserve(SPARE);
        // One generic body; L becomes a compile-time constant so the short loops unroll.
        match self.len {
            3 => self.update_len::<3>(start, d, pos, adding),
            4 => self.update_len::<4>(start, d, pos, adding),
            5 => self.update_len::<5>(start, d, pos, adding),
            _ => self.update_len::<6>(start, d, pos, adding),
        }
    }

    #[inline(always)]
    fn update_len<const L: i32>(&mut self, start: i32, d: usize, pos: i32, adding: bool) {
        // a grid line of at most 64 cells is one word (`read_line`'s `ONE`)
        if Board::one_word(self.w) {
            self.update_l::<L, true>(start, d, pos, adding)
        } else {
            self.update_l::<L, false>(start, d, pos, adding)
        }
    }

    /// Adds (`adding`) or removes the dot and line of a move and updates the legal moves
    /// from the difference of the windows' status before and after. The candidates must
    /// have room for `SPARE` more.
    #[inline(always)]
    fn update_l<const L: i32, const ONE: bool>(&mut self, start: i32, d: usize, pos: i32, adding: bool) {
        debug_assert_eq!(L, self.len);
        debug_assert!(spare::has_room(&self.dense, SPARE));
        let p = start + pos * self.step[d];
        let (cx, cy) = (p & (self.w - 1), p >> self.shift);
        let smask = (1u64 << self.span) - 1;
        // The grid line of each direction through p, once for the whole move.
        let (dots, along) = self.line_words(cx, cy);
        // every cell a move looks at, 2L - 2 either side of p, is in the line's first word
        debug_assert!(!ONE || along.iter().all(|&a| a >= 2 * L - 2 && a + 2 * L - 2 < 64));
        let used_off = self.off[USED][0];
        debug_assert!((0..4).all(|k| self.off[USED][k] == used_off + self.off[DOTS][k]));
        // The windows that stop and start being playable, of all four directions in one
        // word each (`Changes`), so that two loops apply them rather than eight.
        let mut ch = Changes::<L>::default();

        // The line's own direction: every window within 2L - 2 of p may change (it gains
        // or loses p, or overlaps the line).
        let r = 2 * L - 2;
        let a = along[d];
        let m0 = self.read_line::<ONE>(dots[d], a - r);
        let o0 = self.read_line::<ONE>(dots[d] + used_off, a - r);
        let dot = 1u64 << r;
        let drawn = smask << (r - pos);
        let (m1, o1) = if adding { (m0 | dot, o0 | drawn) } else { (m0 & !dot, o0 & !drawn) };
        let starts = (1u64 << Changes::<L>::OWN) - 1;
        let was = self.playable::<L>(m0, o0) & starts;
        let is = self.playable::<L>(m1, o1) & starts;
        self.write_dot::<ONE>(&dots, &along, adding);
        self.write_line::<ONE>(dots[d] + used_off, a - pos, smask, adding);
        ch.add(0, p - r * self.step[d], self.step[d], d, was & !is, is & !was, m1);

        // The three other directions: only the L windows through p change, by one dot.
        // A loop that turns from d until it comes back to it, whose trip count LLVM does
        // not work out, so it stays a loop: unrolled (a `for k in 1..4`), the three
        // directions' word operations were interleaved and held more values at once than
        // there are registers (V8 spilt them); the loop runs 3.2-4.2 % fewer instructions
        // in wasm, 2.8 % fewer natively (BENCHMARKS.md, "The other directions in a loop").
        let r = L - 1;
        let starts = (1u64 << L) - 1;
        let (mut k, mut dd) = (1, (d + 1) & 3);
        while dd != d {
            let m = self.read_line::<ONE>(dots[dd], along[dd] - r);
            let o = self.read_line::<ONE>(dots[dd] + used_off, along[dd] - r);
            // every window here holds p: without p, exactly one dot is missing where every
            // dot is there with p (one pass where two were)
            let (one, full) = self.missing::<L>(m | 1 << r, o);
            let (with_p, without_p) = (one & starts, full & starts);
            let (was, is) = if adding { (without_p, with_p) } else { (with_p, without_p) };
            ch.add(k, p - r * self.step[dd], self.step[dd], dd, was & !is, is & !was, m);
            (k, dd) = (k + 1, (dd + 1) & 3);
        }
        self.apply::<L>(&ch);
    }

    /// Removes the windows that stopped being playable and inserts those that started.
    #[inline(always)]
    fn apply<const L: i32>(&mut self, ch: &Changes<L>) {
        let mut gone = ch.gone;
        while gone != 0 {
            let b = gone.trailing_zeros() as i32;
            gone &= gone - 1;
            self.remove_member(ch.line_id(b));
        }
        let full = (1u64 << L) - 1;
        let mut new = ch.new;
        while new != 0 {
            let b = new.trailing_zeros() as i32;
            new &= new - 1;
            let k = Changes::<L>::part(b);
            let pos = (!ch.dots[k] & (full << b)).trailing_zeros() - b as u32;
            self.insert_spare(Cand::of_line(ch.line_id(b), pos));
        }
    }

    /// If the line from `s` in direction `d` is playable, the index of its missing point
    /// (point by point: the slow reference the word operations are tested against).
    fn window(&self, s: Point, d: Dir) -> Option<i32> {
        let mut missing = None;
        for i in 0..self.len {
            if !self.has_dot(s.step(d, i)) {
                if missing.is_some() {
                    return None;
                }
                missing = Some(i);
            }
        }
        let free = (0..self.span).all(|i| !self.used(s.step(d, i), d));
        missing.filter(|_| free)
    }

    /// Rebuilds the candidate set by looking at every line of the grid. Used at creation and
    /// by tests as the reference the incremental updates must agree with.
    pub(crate) fn recompute_candidates(&mut self) {
        self.dense.clear();
        let lo = Board::margin_for(self.len) / 2;
        let hi = self.w - lo;
        for cy in lo..hi {
            for cx in lo..hi {
                let s = Point::new(cx + self.ox, cy + self.oy);
                for d in Dir::ALL {
                    if let Some(pos) = self.window(s, d) {
                        self.insert(self.cell(s), d.index(), pos);
                    }
                }
            }
        }
    }
}

#[cold]
#[inline(never)]
fn other_form(asked: i32, len: i32, side: i32) -> ! {
    panic!("Board::play_fast for lines of {asked} points on the first grid, on a board of lines of {len} and a grid of {side} cells a side")
}

/// Room for the candidates a move may insert, made before its update: at most one per bit
/// of `Changes::new`, a `u64` (3L - 2 windows of its own direction, L of each other: 34
/// for L = 6).
pub(super) const SPARE: usize = 64;
const _: () = assert!(Changes::<6>::OWN + 3 * 6 <= SPARE as i32 && SPARE == u64::BITS as usize);
// `Changes::add` shifts a part's word by its first bit: its windows' bits must stay in it
const _: () = assert!(Changes::<6>::at(3) + 2 * 6 - 1 <= 64);

/// What [`Board::play_fast`] leaves to [`Board::play`]: a move whose dot comes near the
/// grid's edge (the grid grows), or that finds the candidates' array without `SPARE`
/// room (which `play` makes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Leave;

/// What a move changes in the legal moves: the windows of its four directions that stop
/// (`gone`) and start (`new`) being playable, in one word each. Part 0 is the line's own
/// direction, `OWN` windows from bit 0; parts 1 to 3 the other directions, L windows each
/// after it. Bit b of the word, bit j = b - `at(k)` of part k, is the line starting j
/// steps after the part's base cell: its id is `id0[k] + b * id_step[k]`, and its dots
/// after the move are in `dots[k]` from bit b (the part's word shifted by `at(k)`). So a
/// change costs a multiply-add and no j, where the part's base, step and direction, each
/// read, took 1.7-2.0 % more of the wasm search's instructions (BENCHMARKS.md, "A move's
/// changes found by a multiply-add").
///
/// One word rather than a loop per direction and kind: the number of windows a move
/// changes in a direction is (most often) 0, 1 or 2, at random, so each of eight loops
/// mispredicted its exit; two loops over all of them do so twice (BENCHMARKS.md).
#[derive(Default)]
struct Changes<const L: i32> {
    gone: u64,
    new: u64,
    id0: [i32; 4],
    id_step: [i32; 4],
    dots: [u64; 4],
}

impl<const L: i32> Changes<L> {
    /// Windows of the own direction: those starting within 2L - 2 cells before the dot
    /// to those ending as far after it, 3L - 2.
    const OWN: i32 = 3 * L - 2;

    /// The first bit of part `k`.
    const fn at(k: usize) -> i32 {
        if k == 0 {
            0
        } else {
            Self::OWN + (k as i32 - 1) * L
        }
    }

    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn add(&mut self, k: usize, base: i32, step: i32, dir: usize, gone: u64, new: u64, dots: u64) {
        debug_assert!(gone >> (if k == 0 { Self::OWN } else { L }) == 0);
        debug_assert!(new >> (if k == 0 { Self::OWN } else { L }) == 0);
        self.gone |= gone << Self::at(k);
        self.new |= new << Self::at(k);
        // the line of bit b (bit b - at(k) of the part) starts at base + (b - at(k)) step:
        // its id, start << 2 | dir, is id0 + b id_step (id0 may be negative, the id not);
        // the shifted word keeps a window's bits, which end below at(3) + 2L - 1 <= 39
        self.id0[k] = (base - Self::at(k) * step) * 4 + dir as i32;
        self.id_step[k] = step * 4;
        self.dots[k] = dots << Self::at(k);
    }

    /// The id of the line of bit `b`.
    #[inline(always)]
    fn line_id(&self, b: i32) -> usize {
        let k = Self::part(b);
        (self.id0[k] + b * self.id_step[k]) as usize
    }

    /// The part of bit `b`.
    #[inline(always)]
    fn part(b: i32) -> usize {
        (b >= Self::at(1)) as usize + (b >= Self::at(2)) as usize + (b >= Self::at(3)) as usize
    }
}
