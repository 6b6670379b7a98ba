//! The bit rows: reading and writing a window of cells along a grid line, in one or two
//! words (the representation is described in `board/mod.rs`).

use super::{Board, DOTS};
use crate::geom::Point;

impl Board {
    /// 64 bits of the grid line whose words start at `word` in `bits`, from index `a` (>= 0)
    /// on.
    ///
    /// `ONE`: the grid is 64 cells a side and the read is a move's (`update_l`), so every
    /// bit it uses is in the line's first word: a move looks at most 2L - 2 cells past its
    /// dot, which keeps 2L cells from the edge. One load and a shift rather than two loads and
    /// a 128-bit shift: the search ran 7-9 % faster natively, 7 % in wasm (BENCHMARKS.md).
    #[inline(always)]
    pub(super) fn read_line<const ONE: bool>(&self, word: usize, a: i32) -> u64 {
        if ONE {
            debug_assert!((0..64).contains(&a) && word < self.bits.len());
            // SAFETY: `word` is the start of the storage of the grid line through a cell
            // inside the grid (`line_words`)
            return unsafe { *self.bits.get_unchecked(word) } >> a;
        }
        let i = word + (a >> 6) as usize;
        debug_assert!(a >= 0 && i + 1 < self.bits.len());
        // SAFETY: `a` and the line come from cells inside the grid, and after a line's last
        // word comes its spare word, or (first grid) the next line's, or the one spare at
        // the very end of `bits`: i + 1 is in `bits`.
        let (lo, hi) = unsafe { (*self.bits.get_unchecked(i), *self.bits.get_unchecked(i + 1)) };
        ((((hi as u128) << 64) | lo as u128) >> (a & 63)) as u64
    }

    /// Sets (`on`) or clears the cells of `mask` from index `a` (>= 0) on, in the grid line
    /// whose words start at `word`: the dot of a move in one direction, or the cells its
    /// line marks, in one or two words rather than a cell at a time.
    ///
    /// `ONE`: as for `read_line`, the cells are in the line's first word.
    #[inline(always)]
    pub(super) fn write_line<const ONE: bool>(&mut self, word: usize, a: i32, mask: u64, on: bool) {
        if ONE {
            debug_assert!((0..64).contains(&a) && (mask << a) >> a == mask);
            let w = &mut self.bits[word];
            if on {
                *w |= mask << a;
            } else {
                *w &= !(mask << a);
            }
            return;
        }
        let i = word + (a >> 6) as usize;
        let s = (a & 63) as u32;
        // the bits past the word's end: `mask >> (64 - s)`, which would overflow at s = 0,
        // where two shifts give 0
        let (lo, hi) = (mask << s, (mask >> 1) >> (63 - s));
        // every cell written is on the line (the first grid's lines have no spare word)
        debug_assert!(a + (64 - mask.leading_zeros() as i32) <= self.w, "a write past the line's end");
        let w = &mut self.bits[i..i + 2];
        if on {
            w[0] |= lo;
            w[1] |= hi;
        } else {
            w[0] &= !lo;
            w[1] &= !hi;
        }
    }

    #[inline(always)]
    pub(super) fn flip(&mut self, set: usize, d: usize, line: usize, a: i32, on: bool) {
        self.write_line::<false>(self.line_word(set, d, line), a, 1, on);
    }

    /// Where the dots of each direction's grid line through cell (cx, cy) start in `bits`
    /// (its used cells start `off[USED][0]` words further), and the cell's index along each.
    #[inline(always)]
    pub(super) fn line_words(&self, cx: i32, cy: i32) -> ([usize; 4], [i32; 4]) {
        let (lines, along) = self.lines_through(cx, cy);
        let mut words = [0; 4];
        for k in 0..4 {
            words[k] = self.line_word(DOTS, k, lines[k] as usize);
        }
        (words, along)
    }

    /// Sets (`on`) or clears the dot at `along` on each direction's line at `words`.
    #[inline(always)]
    pub(super) fn write_dot<const ONE: bool>(&mut self, words: &[usize; 4], along: &[i32; 4], on: bool) {
        for k in 0..4 {
            self.write_line::<ONE>(words[k], along[k], 1, on);
        }
    }

    #[inline(always)]
    pub(super) fn set_dot(&mut self, cx: i32, cy: i32, on: bool) {
        let (words, along) = self.line_words(cx, cy);
        self.write_dot::<false>(&words, &along, on);
    }

    #[inline(always)]
    pub(super) fn bit(&self, set: usize, d: usize, p: Point) -> bool {
        if !self.inside(p) {
            return false;
        }
        let (line, a) = self.coords(d, p.x - self.ox, p.y - self.oy);
        // one cell: the one word that holds it (not a 64-bit window, which on the first
        // grid would run into the next line's word)
        let word = self.bits[self.line_word(set, d, line) + (a >> 6) as usize];
        (word >> (a & 63)) & 1 != 0
    }
}
