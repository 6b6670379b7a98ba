//! The engine's hot path: a byte grid plus the set of legal moves, kept up to date move by
//! move. Everything the search does happens here, so it is written for speed and knows
//! nothing of notation or history (that is `Position`'s job).
//!
//! Representation (see ARCHITECTURE.md for the measurements behind it):
//! - `cells`: one byte per grid point, row-major with stride `w`. Bit 0 = dot. Bit `1 + d` =
//!   "used in direction d". A line of direction d marks `span` consecutive cells from its
//!   start: its `L - 1` unit segments (touching rule, span = L - 1: a segment is stored at
//!   its first point) or its `L` points (disjoint rule, span = L). A new line conflicts iff
//!   one of its own `span` cells is marked. The touch rule is thus one number, not a branch.
//! - Legal moves: a sparse set (dense array + index by line id) of candidate lines, each
//!   with the position of its single missing point. O(1) insert, remove, membership, and
//!   uniform choice; the index array never needs clearing (entries are validated against
//!   the dense array), so copying a position for a playout copies only the grid and the
//!   few dozen candidates.
//! - After a dot p is added, only the 4 x L windows through p and the lines collinear with
//!   the new line can change status: each direction reads the 2L - 1 cells around p once,
//!   as two bit masks, and classifies its L windows with a popcount each.
//! - The grid grows (doubling, by copy) when a dot comes within `2L` cells of its edge, so
//!   positions are not confined to a fixed board; the only limit is `COORD_LIMIT`.

use crate::geom::{Dir, Point};
use crate::variant::Variant;

const DOT: u8 = 1;

/// Largest |x| or |y| a dot may have. Far beyond any 5T/5D game (records stay within
/// -4..18); never-ending 3T games stop here with `BoardLimit` instead of eating memory.
pub const COORD_LIMIT: i32 = 480;

/// Side of the first grid: 64 keeps every 5T/5D game seen so far (and random or NRPA
/// playouts) without growing, while a whole grid is only 4 KiB to copy.
const FIRST_SIDE: i32 = 64;

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

#[derive(Clone, Debug)]
pub(crate) struct Board {
    len: i32,
    span: i32,
    /// Grid side (a power of two: cell to point is a shift and a mask) and its log2, and
    /// the standard coordinates of cell 0.
    w: i32,
    shift: u32,
    ox: i32,
    oy: i32,
    step: [i32; 4],
    cells: Vec<u8>,
    dense: Vec<Cand>,
    sparse: Vec<u32>,
}

impl Board {
    /// The start cross of `variant`, with its legal moves.
    pub(crate) fn new(variant: Variant) -> Board {
        let len = variant.line_len() as i32;
        let size = variant.box_size();
        let mut w = FIRST_SIDE;
        while w < size + 1 + 4 * Board::margin_for(len) {
            w *= 2;
        }
        let o = -(w - size - 1) / 2;
        let mut b = Board::empty(len, variant, w, o, o);
        for p in variant.start_dots() {
            let c = b.cell(p);
            b.cells[c as usize] |= DOT;
        }
        b.recompute_candidates();
        b
    }

    fn empty(len: i32, variant: Variant, w: i32, ox: i32, oy: i32) -> Board {
        let disjoint = matches!(variant.rule(), crate::variant::Rule::Disjoint);
        Board {
            len,
            span: len - 1 + disjoint as i32,
            w,
            shift: w.trailing_zeros(),
            ox,
            oy,
            step: [1, w, w + 1, 1 - w],
            cells: vec![0; (w * w) as usize],
            dense: Vec::with_capacity(128),
            sparse: vec![0; (w * w * 4) as usize],
        }
    }

    /// Dots keep this many cells between them and the grid's edge, so that every window
    /// touched by a move or an undo (at most 2L - 2 cells from its dot) is inside the grid.
    const fn margin_for(len: i32) -> i32 {
        2 * len
    }

    #[inline]
    pub(crate) fn cell(&self, p: Point) -> i32 {
        (p.y - self.oy) * self.w + (p.x - self.ox)
    }

    #[inline]
    pub(crate) fn point(&self, cell: i32) -> Point {
        Point::new((cell & (self.w - 1)) + self.ox, (cell >> self.shift) + self.oy)
    }

    fn inside(&self, p: Point) -> bool {
        let (cx, cy) = (p.x - self.ox, p.y - self.oy);
        cx >= 0 && cy >= 0 && cx < self.w && cy < self.w
    }

    pub(crate) fn has_dot(&self, p: Point) -> bool {
        self.inside(p) && self.cells[self.cell(p) as usize] & DOT != 0
    }

    /// Is the cell of `p` used by a line of direction `d` (a segment starting there for T,
    /// the point itself for D)?
    pub(crate) fn used(&self, p: Point, d: Dir) -> bool {
        self.inside(p) && self.cells[self.cell(p) as usize] & (2 << d.index()) != 0
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

    #[inline]
    fn contains(&self, id: usize) -> bool {
        let i = self.sparse[id] as usize;
        i < self.dense.len() && self.dense[i].line_id() == id
    }

    #[inline]
    fn remove(&mut self, start: i32, d: usize) {
        let id = ((start as usize) << 2) | d;
        debug_assert!(id < self.sparse.len());
        // SAFETY: lines looked up start within 2L - 2 cells of a dot, inside the grid.
        let i = unsafe { *self.sparse.get_unchecked(id) } as usize;
        if i < self.dense.len() && self.dense[i].line_id() == id {
            let last = self.dense.pop().expect("non-empty");
            if i < self.dense.len() {
                self.dense[i] = last;
                self.sparse[last.line_id()] = i as u32;
            }
        }
    }

    /// Dots and used cells of direction `d` in the 2L - 1 cells centred on `p`, as masks
    /// (bit k = cell p + (k - L + 1) * step).
    #[inline]
    fn masks_around(&self, p: i32, d: usize) -> (u32, u32) {
        let st = self.step[d];
        let base = p - (self.len - 1) * st;
        let used = 2u8 << d;
        let (mut m, mut o) = (0u32, 0u32);
        debug_assert!(base >= 0 && base + (2 * self.len - 2) * st < self.w * self.w);
        debug_assert!(base + (2 * self.len - 2) * st >= 0 && base < self.w * self.w);
        for k in 0..(2 * self.len - 1) {
            // SAFETY: every dot keeps `margin_for(len)` > L - 1 cells from the grid's edge
            // (`ensure_room`), so the 2L - 1 cells centred on a dot are inside the grid.
            let c = unsafe { *self.cells.get_unchecked((base + k * st) as usize) };
            m |= ((c & DOT) as u32) << k;
            o |= ((c & used != 0) as u32) << k;
        }
        (m, o)
    }

    /// Plays a legal candidate. Grows the grid first if the new dot comes near its edge.
    pub(crate) fn play(&mut self, c: Cand) -> Result<(), BoardLimit> {
        let (start, d, pos) = self.ensure_room(c)?;
        let st = self.step[d];
        let p = start + pos * st;
        self.cells[p as usize] |= DOT;
        let used = 2u8 << d;
        for i in 0..self.span {
            self.cells[(start + i * st) as usize] |= used;
        }
        // Collinear candidates that now overlap the new line (the line itself included).
        for k in -(self.span - 1)..self.span {
            self.remove(start + k * st, d);
        }
        let full = (1u32 << self.len) - 1;
        let span_mask = (1u32 << self.span) - 1;
        for dd in 0..4 {
            let (m, o) = self.masks_around(p, dd);
            let base = p - (self.len - 1) * self.step[dd];
            for t in 0..self.len {
                let wm = full << t;
                let n = (m & wm).count_ones() as i32;
                let s = base + t * self.step[dd];
                if n == self.len {
                    // p was this candidate's missing point
                    self.remove(s, dd);
                } else if n == self.len - 1 && (o >> t) & span_mask == 0 {
                    // had two missing points before p: it cannot be in the set yet
                    let pos = (!m & wm).trailing_zeros() as i32 - t;
                    self.insert(s, dd, pos);
                }
            }
        }
        Ok(())
    }

    /// Takes back the move `c` (the last one played; the caller keeps the history).
    pub(crate) fn undo(&mut self, c: Cand) {
        let (start, d, pos) = (c.start(), c.dir(), c.pos());
        let st = self.step[d];
        let p = start + pos * st;
        self.cells[p as usize] &= !DOT;
        let used = 2u8 << d;
        for i in 0..self.span {
            self.cells[(start + i * st) as usize] &= !used;
        }
        let full = (1u32 << self.len) - 1;
        let span_mask = (1u32 << self.span) - 1;
        for dd in 0..4 {
            let (m, o) = self.masks_around(p, dd);
            let base = p - (self.len - 1) * self.step[dd];
            for t in 0..self.len {
                let wm = full << t;
                let n = (m & wm).count_ones() as i32;
                let s = base + t * self.step[dd];
                if n == self.len - 2 {
                    self.remove(s, dd);
                } else if n == self.len - 1 && (o >> t) & span_mask == 0 {
                    // was full a moment ago, so not in the set
                    let pos = (!m & wm).trailing_zeros() as i32 - t;
                    self.insert(s, dd, pos);
                }
            }
        }
        // Collinear lines the undone line was blocking.
        for k in -(self.span - 1)..self.span {
            let s = start + k * st;
            if !self.contains(((s as usize) << 2) | d) {
                if let Some(pos) = self.window(s, d) {
                    self.insert(s, d, pos);
                }
            }
        }
    }

    /// If the line from cell `s` in direction `d` is playable, the index of its missing point.
    fn window(&self, s: i32, d: usize) -> Option<i32> {
        let st = self.step[d];
        let used = 2u8 << d;
        let mut missing = None;
        for i in 0..self.len {
            if self.cells[(s + i * st) as usize] & DOT == 0 {
                if missing.is_some() {
                    return None;
                }
                missing = Some(i);
            }
        }
        let free = (0..self.span).all(|i| self.cells[(s + i * st) as usize] & used == 0);
        missing.filter(|_| free)
    }

    /// Rebuilds the candidate set by scanning every window of the grid. Used at creation and
    /// by tests as the reference the incremental updates must agree with.
    pub(crate) fn recompute_candidates(&mut self) {
        self.dense.clear();
        let lo = Board::margin_for(self.len) / 2;
        let hi = self.w - lo;
        for y in lo..hi {
            for x in lo..hi {
                let s = y * self.w + x;
                for d in 0..4 {
                    if let Some(pos) = self.window(s, d) {
                        self.insert(s, d, pos);
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
        let w = self.w * 2;
        let shift = self.w / 2;
        let variant_len = self.len;
        let mut g = Board {
            len: variant_len,
            span: self.span,
            w,
            shift: w.trailing_zeros(),
            ox: self.ox - shift,
            oy: self.oy - shift,
            step: [1, w, w + 1, 1 - w],
            cells: vec![0; (w * w) as usize],
            dense: Vec::with_capacity(self.dense.capacity()),
            sparse: vec![0; (w * w * 4) as usize],
        };
        for y in 0..self.w {
            let from = (y * self.w) as usize;
            let to = ((y + shift) * w + shift) as usize;
            g.cells[to..to + self.w as usize]
                .copy_from_slice(&self.cells[from..from + self.w as usize]);
        }
        for &c in &self.dense {
            let s = g.cell(self.point(c.start()));
            g.insert(s, c.dir(), c.pos());
        }
        *self = g;
    }

    /// Makes `self` equal to `other` cheaply when both grids have the same shape: copies the
    /// cells and the candidates and re-points only the index entries of those candidates.
    pub(crate) fn copy_from(&mut self, other: &Board) {
        if self.w != other.w || self.len != other.len || self.span != other.span {
            *self = other.clone();
            return;
        }
        self.ox = other.ox;
        self.oy = other.oy;
        self.cells.copy_from_slice(&other.cells);
        self.dense.clear();
        self.dense.extend_from_slice(&other.dense);
        for (i, c) in self.dense.iter().enumerate() {
            self.sparse[c.line_id()] = i as u32;
        }
    }

    /// The candidate of a move in this grid (for `undo`, whose line is no longer playable).
    pub(crate) fn cand_for(&self, start: Point, dir: Dir, pos: u8) -> Cand {
        Cand::new(self.cell(start), dir.index(), pos as i32)
    }

    /// Cell index of a candidate's new dot (for policy codes and tests).
    #[inline]
    pub(crate) fn dot_cell(&self, c: Cand) -> i32 {
        c.start() + c.pos() * self.step[c.dir()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn sorted(b: &Board) -> Vec<(Point, Dir, u8)> {
        let mut v: Vec<_> = b.candidates().iter().map(|&c| b.decode(c)).collect();
        v.sort_by_key(|&(p, d, pos)| (p.y, p.x, d, pos));
        v
    }

    fn reference(b: &Board) -> Vec<(Point, Dir, u8)> {
        let mut r = b.clone();
        r.recompute_candidates();
        sorted(&r)
    }

    #[test]
    fn start_has_28_moves_for_5_and_40_for_4() {
        for v in Variant::ALL {
            let b = Board::new(v);
            let expect = match v.line_len() {
                5 => Some(28),
                4 => Some(40),
                _ => None,
            };
            if let Some(n) = expect {
                assert_eq!(b.num_candidates(), n, "{v}");
            }
        }
    }

    /// The incremental update after every move and every undo equals a full rescan.
    #[test]
    fn incremental_updates_match_a_full_rescan() {
        for v in Variant::ALL {
            let mut rng = Rng::new(7);
            for _game in 0..30 {
                let mut b = Board::new(v);
                let mut played = Vec::new();
                for _ in 0..400 {
                    if b.num_candidates() == 0 {
                        break;
                    }
                    let c = b.candidates()[rng.below(b.num_candidates())];
                    let (dot, d, pos) = b.decode(c);
                    if b.play(c).is_err() {
                        break;
                    }
                    played.push((dot, d, pos));
                    assert_eq!(sorted(&b), reference(&b), "{v} after {} moves", played.len());
                    // now and then, undo and redo the last move
                    if rng.below(4) == 0 {
                        let start = dot.step(d, -(pos as i32));
                        let c = b.find(start, d);
                        assert!(c.is_none(), "a played line is not playable again");
                        let cand = Cand::new(b.cell(start), d.index(), pos as i32);
                        b.undo(cand);
                        assert_eq!(sorted(&b), reference(&b), "{v} after undo");
                        let again = b.find(start, d).expect("undone move is legal again");
                        b.play(again).unwrap();
                    }
                }
            }
        }
    }

    #[test]
    fn grid_grows_when_a_game_wanders_off() {
        // 3T games never end: play long enough to force several doublings.
        let v: Variant = "3T".parse().unwrap();
        let mut b = Board::new(v);
        let mut rng = Rng::new(1);
        let w0 = b.w;
        for _ in 0..3000 {
            if b.num_candidates() == 0 {
                break;
            }
            let c = b.candidates()[rng.below(b.num_candidates())];
            if b.play(c).is_err() {
                break;
            }
        }
        assert!(b.w > w0, "the grid grew");
        assert_eq!(sorted(&b), reference(&b));
    }

    #[test]
    fn copy_from_restores_membership() {
        let mut b = Board::new(Variant::D5);
        let root = b.clone();
        let mut rng = Rng::new(3);
        for _ in 0..10 {
            let c = b.candidates()[rng.below(b.num_candidates())];
            b.play(c).unwrap();
        }
        b.copy_from(&root);
        assert_eq!(sorted(&b), sorted(&root));
        for &c in root.candidates() {
            let (dot, d, pos) = root.decode(c);
            assert!(b.find(dot.step(d, -(pos as i32)), d).is_some());
        }
    }
}
