//! The engine's hot path: the dots, the used cells and the set of legal moves, kept up to
//! date move by move. Everything the search does happens here, so it is written for speed
//! and knows nothing of notation or history (that is `Position`'s job).
//!
//! Representation (ARCHITECTURE.md has the measurements behind it):
//! - Bit rows per direction ("rotated bitboards"): for each direction d the grid is cut
//!   into its grid lines of direction d (rows for H, columns for V, diagonals for DN and
//!   DP) and each grid line is a row of bits, so the cells around a point along d are
//!   consecutive bits and any window is one shifted word. Two such sets: dots (the same
//!   dots seen along the 4 directions) and used cells (per direction).
//! - Used cells encode the touch rule as data: a line of direction d marks `span`
//!   consecutive cells from its start, its L - 1 unit segments (T: span = L - 1, a segment
//!   stored at its first point) or its L points (D: span = L). A new line conflicts iff one
//!   of its own `span` cells is marked.
//! - Legal moves: a sparse set (dense array + index by line id) of candidate lines, each
//!   with the position of its single missing point. O(1) insert, remove and uniform
//!   choice; the index array never needs clearing (entries are validated against the dense
//!   array), so copying a position for a playout copies ~12 KiB of bits and the candidates.
//! - A move changes only windows near its dot. For each direction the status of every such
//!   window (exactly one missing dot, no used cell) before and after the move is computed
//!   for all windows at once with word operations; the difference is what to remove and
//!   insert. No membership test, no rescan.
//! - The grid is square with a power-of-two side and grows (doubling, by copy) when a dot
//!   comes within `2L` cells of its edge, so positions are not confined to a fixed board;
//!   the only limit is `COORD_LIMIT`.

use crate::geom::{Dir, Point};
use crate::starts::Start;
use crate::variant::{Rule, Variant};

/// Largest |x| or |y| a dot may have. Far beyond any 5T/5D game (records stay within
/// -4..18); never-ending 3T games stop here with `BoardLimit` instead of eating memory.
pub const COORD_LIMIT: i32 = 480;

/// Side of the first grid: 64 holds every 5T/5D game seen so far (records, random and
/// NRPA playouts) without growing, and one word covers a whole row.
const FIRST_SIDE: i32 = 64;

/// Line codes: lines starting in the first grid have their own code; the others share
/// `FAR_CODES` codes. `LINE_CODES` bounds every code.
pub(crate) const NEAR_CODES: u32 = (FIRST_SIDE * FIRST_SIDE * 4) as u32;
pub(crate) const FAR_CODES: u32 = 4096;
pub(crate) const LINE_CODES: u32 = NEAR_CODES + FAR_CODES;

/// A legal move in grid terms, packed: `start cell << 5 | dir << 3 | pos`.
/// `self.0 >> 3` is the id of its line (`start << 2 | dir`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Cand(u32);

impl Cand {
    #[inline]
    pub(crate) fn new(start: i32, dir: usize, pos: i32) -> Cand {
        Cand(((start as u32) << 5) | ((dir as u32) << 3) | pos as u32)
    }
    #[inline]
    pub(crate) fn start(self) -> i32 {
        (self.0 >> 5) as i32
    }
    #[inline]
    pub(crate) fn dir(self) -> usize {
        ((self.0 >> 3) & 3) as usize
    }
    #[inline]
    pub(crate) fn pos(self) -> i32 {
        (self.0 & 7) as i32
    }
    #[inline]
    pub(crate) fn line_id(self) -> usize {
        (self.0 >> 3) as usize
    }
}

/// The grid would have to hold a dot beyond `COORD_LIMIT`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLimit(pub Point);

/// Which bit set: the dots, or the used cells.
const DOTS: usize = 0;
const USED: usize = 1;

#[derive(Clone, Debug)]
pub(crate) struct Board {
    variant: Variant,
    /// Cached from `variant` for the hot path: L, the cells a line marks (L - 1 for T,
    /// L for D).
    len: i32,
    span: i32,
    /// All ones for D (the L-th cell of a line is marked too), zero for T.
    disjoint: u64,
    /// Grid side (a power of two), its log2, and the standard coordinates of cell (0, 0).
    w: i32,
    shift: u32,
    ox: i32,
    oy: i32,
    /// Cell-index step of each direction.
    step: [i32; 4],
    /// Words per grid line (one spare, so a 64-bit window read never leaves the line's
    /// storage), and where each (set, direction) starts in `bits`.
    wpl: usize,
    off: [[usize; 4]; 2],
    bits: Vec<u64>,
    dense: Vec<Cand>,
    sparse: Vec<u32>,
    /// Standard coordinates of cell (0, 0) of the first grid, kept when the grid grows:
    /// policy codes are line ids in that grid, whatever the grid is now.
    code_ox: i32,
    code_oy: i32,
}

impl Board {
    /// The dots of `start`, with their legal moves under `variant`.
    pub(crate) fn new(variant: Variant, start: &Start) -> Board {
        let len = variant.line_len() as i32;
        let (sw, sh) = start.extent();
        let size = sw.max(sh);
        let mut w = FIRST_SIDE;
        while w < size + 1 + 4 * Board::margin_for(len) {
            w *= 2;
        }
        let o = -(w - size - 1) / 2;
        let mut b = Board::empty(variant, w, o, o);
        for &p in start.dots() {
            let (cx, cy) = (p.x - b.ox, p.y - b.oy);
            b.set_dot(cx, cy, true);
        }
        b.recompute_candidates();
        b
    }

    fn empty(variant: Variant, w: i32, ox: i32, oy: i32) -> Board {
        let len = variant.line_len() as i32;
        let disjoint = variant.rule() == Rule::Disjoint;
        let wpl = w as usize / 64 + 1;
        // grid lines per direction: w rows, w columns, 2w - 1 diagonals each way
        let lines = [w as usize, w as usize, 2 * w as usize - 1, 2 * w as usize - 1];
        let mut off = [[0; 4]; 2];
        let mut at = 0;
        for set in [DOTS, USED] {
            for d in 0..4 {
                off[set][d] = at;
                at += lines[d] * wpl;
            }
        }
        Board {
            variant,
            len,
            span: len - 1 + disjoint as i32,
            disjoint: if disjoint { !0 } else { 0 },
            w,
            shift: w.trailing_zeros(),
            ox,
            oy,
            step: [1, w, w + 1, 1 - w],
            wpl,
            off,
            bits: vec![0; at + 1],
            dense: Vec::with_capacity(128),
            sparse: vec![0; (w * w * 4) as usize],
            code_ox: ox,
            code_oy: oy,
        }
    }

    /// Dots keep this many cells between them and the grid's edge, so that every window a
    /// move or an undo looks at (at most 2L - 2 cells from its dot) is inside the grid.
    const fn margin_for(len: i32) -> i32 {
        2 * len
    }

    #[inline]
    pub(crate) fn cell(&self, p: Point) -> i32 {
        ((p.y - self.oy) << self.shift) + (p.x - self.ox)
    }

    #[inline]
    pub(crate) fn point(&self, cell: i32) -> Point {
        Point::new((cell & (self.w - 1)) + self.ox, (cell >> self.shift) + self.oy)
    }

    fn inside(&self, p: Point) -> bool {
        let (cx, cy) = (p.x - self.ox, p.y - self.oy);
        cx >= 0 && cy >= 0 && cx < self.w && cy < self.w
    }

    /// Grid line of direction `d` through cell (cx, cy), and the cell's index along it.
    /// Moving one step along `d` adds one to the index, in every direction.
    #[inline(always)]
    fn coords(&self, d: usize, cx: i32, cy: i32) -> (usize, i32) {
        // branch-free: a `match` here compiles to a jump table whose indirect branch
        // mispredicts on every call (directions vary move to move)
        let (lines, along) = self.lines_through(cx, cy);
        (lines[d & 3] as usize, along[d & 3])
    }

    /// The grid line of each direction through cell (cx, cy), and the cell's index along
    /// each.
    #[inline(always)]
    fn lines_through(&self, cx: i32, cy: i32) -> ([i32; 4], [i32; 4]) {
        ([cy, cx, cx - cy + self.w - 1, cx + cy], [cx, cy, cx, cx])
    }

    /// 64 bits of set `set`, direction `d`, grid line `line`, from index `a` (>= 0) on.
    #[inline(always)]
    fn read(&self, set: usize, d: usize, line: usize, a: i32) -> u64 {
        self.read_line::<false>(self.off[set][d] + line * self.wpl, a)
    }

    /// 64 bits of the grid line whose words start at `word` in `bits`, from index `a` (>= 0)
    /// on.
    ///
    /// `ONE`: the grid is 64 cells a side and the read is a move's (`update_l`), so every
    /// bit it uses is in the line's first word: a move looks at most 2L - 2 cells past its
    /// dot, which keeps 2L cells from the edge. One load and a shift rather than two loads and
    /// a 128-bit shift: the search ran 7-9 % faster natively, 7 % in wasm (BENCHMARKS.md).
    #[inline(always)]
    fn read_line<const ONE: bool>(&self, word: usize, a: i32) -> u64 {
        if ONE {
            debug_assert!((0..64).contains(&a) && word < self.bits.len());
            // SAFETY: `word` is the start of the storage of the grid line through a cell
            // inside the grid (`line_words`)
            return unsafe { *self.bits.get_unchecked(word) } >> a;
        }
        let i = word + (a >> 6) as usize;
        debug_assert!(a >= 0 && i + 1 < self.bits.len());
        // SAFETY: `a` and the line come from cells inside the grid, and every line has a
        // spare word after its last one (plus one at the very end), so i + 1 is in `bits`.
        let (lo, hi) = unsafe { (*self.bits.get_unchecked(i), *self.bits.get_unchecked(i + 1)) };
        ((((hi as u128) << 64) | lo as u128) >> (a & 63)) as u64
    }

    /// Sets (`on`) or clears the cells of `mask` from index `a` (>= 0) on, in the grid line
    /// whose words start at `word`: the dot of a move in one direction, or the cells its
    /// line marks, in one or two words rather than a cell at a time.
    ///
    /// `ONE`: as for `read_line`, the cells are in the line's first word.
    #[inline(always)]
    fn write_line<const ONE: bool>(&mut self, word: usize, a: i32, mask: u64, on: bool) {
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
    fn flip(&mut self, set: usize, d: usize, line: usize, a: i32, on: bool) {
        self.write_line::<false>(self.off[set][d] + line * self.wpl, a, 1, on);
    }

    /// Where the dots of each direction's grid line through cell (cx, cy) start in `bits`
    /// (its used cells start `off[USED][0]` words further), and the cell's index along each.
    #[inline(always)]
    fn line_words(&self, cx: i32, cy: i32) -> ([usize; 4], [i32; 4]) {
        let (lines, along) = self.lines_through(cx, cy);
        let mut words = [0; 4];
        for k in 0..4 {
            words[k] = self.off[DOTS][k] + lines[k] as usize * self.wpl;
        }
        (words, along)
    }

    /// Sets (`on`) or clears the dot at `along` on each direction's line at `words`.
    #[inline(always)]
    fn write_dot<const ONE: bool>(&mut self, words: &[usize; 4], along: &[i32; 4], on: bool) {
        for k in 0..4 {
            self.write_line::<ONE>(words[k], along[k], 1, on);
        }
    }

    #[inline(always)]
    fn set_dot(&mut self, cx: i32, cy: i32, on: bool) {
        let (words, along) = self.line_words(cx, cy);
        self.write_dot::<false>(&words, &along, on);
    }

    #[inline(always)]
    fn bit(&self, set: usize, d: usize, p: Point) -> bool {
        if !self.inside(p) {
            return false;
        }
        let (line, a) = self.coords(d, p.x - self.ox, p.y - self.oy);
        self.read(set, d, line, a) & 1 != 0
    }

    pub(crate) fn has_dot(&self, p: Point) -> bool {
        self.bit(DOTS, 0, p)
    }

    /// Is the cell of `p` used by a line of direction `d` (a segment starting there for T,
    /// the point itself for D)?
    pub(crate) fn used(&self, p: Point, d: Dir) -> bool {
        self.bit(USED, d.index(), p)
    }

    pub(crate) fn variant(&self) -> Variant {
        self.variant
    }

    /// Number of cells a line marks: L - 1 segments (T) or L points (D).
    pub(crate) fn span(&self) -> i32 {
        self.span
    }

    #[inline]
    pub(crate) fn candidates(&self) -> &[Cand] {
        &self.dense
    }

    #[inline]
    pub(crate) fn num_candidates(&self) -> usize {
        self.dense.len()
    }

    /// The candidate drawing the line (start, dir), if that line is playable.
    pub(crate) fn find(&self, start: Point, dir: Dir) -> Option<Cand> {
        if !self.inside(start) {
            return None;
        }
        let id = ((self.cell(start) as usize) << 2) | dir.index();
        let i = self.sparse[id] as usize;
        (i < self.dense.len() && self.dense[i].line_id() == id).then(|| self.dense[i])
    }

    /// Dot, direction and pos of a candidate, in the standard frame.
    pub(crate) fn decode(&self, c: Cand) -> (Point, Dir, u8) {
        let d = c.dir();
        let dot = self.point(c.start() + c.pos() * self.step[d]);
        (dot, Dir::from_index(d), c.pos() as u8)
    }

    #[inline]
    fn insert(&mut self, start: i32, d: usize, pos: i32) {
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
        let last = self.dense.pop().expect("non-empty");
        if i < self.dense.len() {
            self.dense[i] = last;
            self.sparse[last.line_id()] = i as u32;
        }
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

    /// Makes sure the dot of `c` will keep its margin, growing the grid if needed. Returns
    /// the candidate's (start, dir, pos) in the possibly new grid.
    #[inline]
    fn ensure_room(&mut self, c: Cand) -> Result<(i32, usize, i32), BoardLimit> {
        let (start, d, pos) = (c.start(), c.dir(), c.pos());
        let p = start + pos * self.step[d];
        let (cx, cy) = (p & (self.w - 1), p >> self.shift);
        let m = Board::margin_for(self.len);
        if cx >= m && cy >= m && cx < self.w - m && cy < self.w - m {
            return Ok((start, d, pos));
        }
        let dot = self.point(p);
        let line_start = self.point(start);
        if dot.x.abs() > COORD_LIMIT || dot.y.abs() > COORD_LIMIT {
            return Err(BoardLimit(dot));
        }
        while {
            let (cx, cy) = (dot.x - self.ox, dot.y - self.oy);
            cx < m || cy < m || cx >= self.w - m || cy >= self.w - m
        } {
            self.grow();
        }
        Ok((self.cell(line_start), d, pos))
    }

    /// Doubles the grid around its centre.
    fn grow(&mut self) {
        let shift = self.w / 2;
        let mut g = Board::empty(self.variant, self.w * 2, self.ox - shift, self.oy - shift);
        for cy in 0..self.w {
            for cx in 0..self.w {
                let p = Point::new(cx + self.ox, cy + self.oy);
                let (nx, ny) = (cx + shift, cy + shift);
                if self.has_dot(p) {
                    g.set_dot(nx, ny, true);
                }
                for d in 0..4 {
                    if self.bit(USED, d, p) {
                        let (line, a) = g.coords(d, nx, ny);
                        g.flip(USED, d, line, a, true);
                    }
                }
            }
        }
        for &c in &self.dense {
            let s = g.cell(self.point(c.start()));
            g.insert(s, c.dir(), c.pos());
        }
        (g.code_ox, g.code_oy) = (self.code_ox, self.code_oy);
        *self = g;
    }

    /// Makes `self` equal to `other` cheaply when both grids have the same shape: copies the
    /// bits and the candidates and re-points only the index entries of those candidates.
    pub(crate) fn copy_from(&mut self, other: &Board) {
        if self.w != other.w || self.variant != other.variant {
            *self = other.clone();
            return;
        }
        self.ox = other.ox;
        self.oy = other.oy;
        (self.code_ox, self.code_oy) = (other.code_ox, other.code_oy);
        self.bits.copy_from_slice(&other.bits);
        self.dense.clear();
        self.dense.extend_from_slice(&other.dense);
        for (i, c) in self.dense.iter().enumerate() {
            self.sparse[c.line_id()] = i as u32;
        }
    }

    /// The policy code of a candidate's line: its id in the first grid (start cell << 2 |
    /// direction), so a line keeps its code when the grid grows. Lines starting outside the
    /// first grid (only in long 3x/4x games) share `FAR_CODES` codes by hash.
    #[inline(always)]
    pub(crate) fn line_code(&self, c: Cand) -> u32 {
        if self.in_first_grid() {
            return c.line_id() as u32;
        }
        self.far_line_code(c)
    }

    /// The grid has not grown: every candidate's line code is its line id.
    #[inline(always)]
    pub(crate) fn in_first_grid(&self) -> bool {
        self.w == FIRST_SIDE
    }

    #[cold]
    fn far_line_code(&self, c: Cand) -> u32 {
        let p = self.point(c.start());
        let (fx, fy) = (p.x - self.code_ox, p.y - self.code_oy);
        if (0..FIRST_SIDE).contains(&fx) && (0..FIRST_SIDE).contains(&fy) {
            return (((fy * FIRST_SIDE + fx) as u32) << 2) | c.dir() as u32;
        }
        let key = ((p.x as u32 as u64) << 34) ^ ((p.y as u32 as u64) << 2) ^ c.dir() as u64;
        NEAR_CODES + (crate::rng::mix64(key) % FAR_CODES as u64) as u32
    }

    /// The midpoint, in standard coordinates, of the line a near code (below
    /// `NEAR_CODES`) names; `None` for a far code.
    pub(crate) fn code_mid(&self, code: u32) -> Option<(f64, f64)> {
        if code >= NEAR_CODES {
            return None;
        }
        let (cell, d) = ((code >> 2) as i32, (code & 3) as usize);
        let x = self.code_ox + (cell & (FIRST_SIDE - 1));
        let y = self.code_oy + (cell >> FIRST_SIDE.trailing_zeros());
        let (dx, dy) = Dir::from_index(d).delta();
        let h = (self.len - 1) as f64 / 2.0;
        Some((x as f64 + h * dx as f64, y as f64 + h * dy as f64))
    }

    /// The candidate of a move in this grid (for `undo`, whose line is no longer playable).
    pub(crate) fn cand_for(&self, start: Point, dir: Dir, pos: u8) -> Cand {
        Cand::new(self.cell(start), dir.index(), pos as i32)
    }
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
