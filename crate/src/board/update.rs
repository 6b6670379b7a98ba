//! The legal moves kept move by move: a move (or its undo) changes only the windows near
//! its dot, and the word operations here find which of them became or stopped being
//! playable. `window` and `recompute_candidates` are the slow reference they are tested
//! against.

use super::{Board, BoardLimit, Cand, DOTS, USED};
use crate::geom::{Dir, Point};

impl Board {
    /// Adds the line from cell `start` in direction `d`, whose missing point is the `pos`-th,
    /// to the legal moves (it must not be one already).
    #[inline]
    pub(super) fn insert(&mut self, start: i32, d: usize, pos: i32) {
        let c = Cand::new(start, d, pos);
        self.sparse[c.line_id()] = self.dense.len() as u32;
        self.dense.push(c);
    }

    /// Removes a line known to be a candidate.
    #[inline]
    fn remove_member(&mut self, start: i32, d: usize) {
        let id = ((start as usize) << 2) | d;
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
    pub(crate) fn play(&mut self, c: Cand) -> Result<(), BoardLimit> {
        let (start, d, pos) = self.ensure_room(c)?;
        self.update(start, d, pos, true);
        Ok(())
    }

    /// Takes back the move `c` (the last one played; the caller keeps the history).
    pub(crate) fn undo(&mut self, c: Cand) {
        self.update(c.start(), c.dir(), c.pos(), false);
    }

    #[inline(always)]
    fn update(&mut self, start: i32, d: usize, pos: i32, adding: bool) {
        // a grid line of at most 64 cells is one word (`read_line`'s `ONE`)
        if self.w <= 64 {
            self.update_one::<true>(start, d, pos, adding)
        } else {
            self.update_one::<false>(start, d, pos, adding)
        }
    }

    #[inline(always)]
    fn update_one<const ONE: bool>(&mut self, start: i32, d: usize, pos: i32, adding: bool) {
        // One generic body; L becomes a compile-time constant so the short loops unroll.
        match self.len {
            3 => self.update_l::<3, ONE>(start, d, pos, adding),
            4 => self.update_l::<4, ONE>(start, d, pos, adding),
            5 => self.update_l::<5, ONE>(start, d, pos, adding),
            _ => self.update_l::<6, ONE>(start, d, pos, adding),
        }
    }

    /// Adds (`adding`) or removes the dot and line of a move and updates the legal moves
    /// from the difference of the windows' status before and after.
    #[inline(always)]
    fn update_l<const L: i32, const ONE: bool>(&mut self, start: i32, d: usize, pos: i32, adding: bool) {
        debug_assert_eq!(L, self.len);
        let p = start + pos * self.step[d];
        let (cx, cy) = (p & (self.w - 1), p >> self.shift);
        let smask = (1u64 << self.span) - 1;
        // The grid line of each direction through p, once for the whole move.
        let (dots, along) = self.line_words(cx, cy);
        // every cell a move looks at, 2L - 2 either side of p, is in the line's first word
        debug_assert!(!ONE || along.iter().all(|&a| a >= 2 * L - 2 && a + 2 * L - 2 < 64));
        let used_off = self.off[USED][0];
        debug_assert!((0..4).all(|k| self.off[USED][k] == used_off + self.off[DOTS][k]));

        // The line's own direction: every window within 2L - 2 of p may change (it gains
        // or loses p, or overlaps the line).
        let r = 2 * L - 2;
        let a = along[d];
        let m0 = self.read_line::<ONE>(dots[d], a - r);
        let o0 = self.read_line::<ONE>(dots[d] + used_off, a - r);
        let dot = 1u64 << r;
        let drawn = smask << (r - pos);
        let (m1, o1) = if adding { (m0 | dot, o0 | drawn) } else { (m0 & !dot, o0 & !drawn) };
        let starts = (1u64 << (2 * r - (L - 1) + 1)) - 1;
        let was = self.playable::<L>(m0, o0) & starts;
        let is = self.playable::<L>(m1, o1) & starts;
        self.write_dot::<ONE>(&dots, &along, adding);
        self.write_line::<ONE>(dots[d] + used_off, a - pos, smask, adding);
        self.apply::<L>(p - r * self.step[d], d, was & !is, is & !was, m1);

        // The three other directions: only the L windows through p change, by one dot.
        let r = L - 1;
        let starts = (1u64 << L) - 1;
        for k in 1..4 {
            let dd = (d + k) & 3;
            let m = self.read_line::<ONE>(dots[dd], along[dd] - r);
            let o = self.read_line::<ONE>(dots[dd] + used_off, along[dd] - r);
            // every window here holds p: without p, exactly one dot is missing where every
            // dot is there with p (one pass where two were)
            let (one, full) = self.missing::<L>(m | 1 << r, o);
            let (with_p, without_p) = (one & starts, full & starts);
            let (was, is) = if adding { (without_p, with_p) } else { (with_p, without_p) };
            self.apply::<L>(p - r * self.step[dd], dd, was & !is, is & !was, m);
        }
    }

    /// Removes the windows in `gone` and inserts those in `new` (bit j = the line starting
    /// j steps after cell `base`); `m` holds the dots after the move, for the missing point.
    #[inline(always)]
    fn apply<const L: i32>(&mut self, base: i32, d: usize, mut gone: u64, mut new: u64, m: u64) {
        let st = self.step[d];
        while gone != 0 {
            let j = gone.trailing_zeros() as i32;
            gone &= gone - 1;
            self.remove_member(base + j * st, d);
        }
        let full = (1u64 << L) - 1;
        while new != 0 {
            let j = new.trailing_zeros() as i32;
            new &= new - 1;
            let pos = (!m & (full << j)).trailing_zeros() as i32 - j;
            self.insert(base + j * st, d, pos);
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
