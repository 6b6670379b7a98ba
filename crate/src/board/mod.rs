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
//!   array), so copying a position for a playout copies 6 KiB of bits (on the first grid)
//!   and the candidates.
//! - A move changes only windows near its dot. For each direction the status of every such
//!   window (exactly one missing dot, no used cell) before and after the move is computed
//!   for all windows at once with word operations; the difference is what to remove and
//!   insert. No membership test, no rescan.
//! - The grid is square with a power-of-two side and grows (doubling, by copy) when a dot
//!   comes within `2L` cells of its edge, so positions are not confined to a fixed board;
//!   the only limit is `COORD_LIMIT`.
//!
//! Files: this one has the types, construction, coordinates and queries; `bits.rs` reads
//! and writes windows of the bit rows; `update.rs` keeps the legal moves up to date move
//! by move; `grid.rs` grows and copies the grid and gives lines their policy codes;
//! `tests.rs` tests them against full rescans.

mod bits;
mod grid;
mod update;

#[cfg(test)]
mod tests;

pub(crate) use update::Leave;

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
    /// The move of line `line_id` (`start << 2 | dir`) whose missing point is the `pos`-th.
    #[inline]
    pub(crate) fn of_line(line_id: usize, pos: u32) -> Cand {
        Cand(((line_id as u32) << 3) | pos)
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
    /// Words per grid line, and where each (set, direction) starts in `bits`. A grid of
    /// more than 64 cells a side gives each line a spare word, so that a 64-bit window
    /// read never leaves the line's storage. The first grid (64 a side) has none: its
    /// windows are read and written within a line's one word (`read_line`'s `ONE`), and
    /// what else reads or writes the bits (`bit`, `flip`, `set_dot`) touches a single cell;
    /// the board a playout copies is then half as large (BENCHMARKS.md).
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
        let wpl = if Board::one_word(w) { 1 } else { w as usize / 64 + 1 };
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

    /// A grid line of a grid `w` cells a side fits in one word: the first grid's. Its lines
    /// then have no spare word (`wpl`) and moves read and write them a word at a time
    /// (`read_line`'s `ONE`); one test for both, since each relies on the other.
    #[inline(always)]
    const fn one_word(w: i32) -> bool {
        w <= 64
    }

    /// Where the words of grid line `line` of set `set`, direction `d`, start in `bits`.
    #[inline(always)]
    fn line_word(&self, set: usize, d: usize, line: usize) -> usize {
        self.off[set][d] + line * self.wpl
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

    /// L, the points of a line (the variant's, cached).
    #[inline(always)]
    pub(crate) fn line_len(&self) -> i32 {
        self.len
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

    /// How far apart the dots are: the sum over the two axes of n times the squared
    /// distances of the dots' coordinates from their mean (n^2 times the variance, in
    /// integers), n the number of dots. The search's tie-break between games of equal
    /// length (`Problem::tie_break`): long games are compact. From the bit rows (a row's
    /// dots on one axis, a column's on the other), without a list of the dots.
    pub(crate) fn spread(&self) -> i64 {
        let mut total = 0i128;
        // the grid lines of H are the rows (index y), those of V the columns (index x)
        for d in 0..2 {
            let (mut n, mut s1, mut s2) = (0i128, 0i128, 0i128);
            for line in 0..self.w as usize {
                let at = self.line_word(DOTS, d, line);
                let c: i128 = self.bits[at..at + self.wpl].iter().map(|w| w.count_ones() as i128).sum();
                let k = line as i128;
                n += c;
                s1 += c * k;
                s2 += c * k * k;
            }
            total += n * s2 - s1 * s1;
        }
        // at most 4 * (w^2)^2 * w^2 / 4: beyond i64 only on grids far past any game's
        total.min(i64::MAX as i128) as i64
    }

    /// Dot, direction and pos of a candidate, in the standard frame.
    pub(crate) fn decode(&self, c: Cand) -> (Point, Dir, u8) {
        let d = c.dir();
        let dot = self.point(c.start() + c.pos() * self.step[d]);
        (dot, Dir::from_index(d), c.pos() as u8)
    }

    /// The candidate of a move in this grid (for `undo`, whose line is no longer playable).
    pub(crate) fn cand_for(&self, start: Point, dir: Dir, pos: u8) -> Cand {
        Cand::new(self.cell(start), dir.index(), pos as i32)
    }
}
