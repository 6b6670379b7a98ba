//! The grid itself: growing it when a dot nears its edge, copying a board into another of
//! the same shape (before every playout), and the policy codes of lines: a line's id in
//! the first grid, kept when the grid grows (lines that start beyond it share hashed
//! codes).

use super::{Board, BoardLimit, Cand, COORD_LIMIT, FAR_CODES, FIRST_SIDE, NEAR_CODES, USED};
use crate::geom::{Dir, Point};

impl Board {
    /// Makes sure the dot of `c` will keep its margin, growing the grid if needed. Returns
    /// the candidate's (start, dir, pos) in the possibly new grid. The test inline, the
    /// growth out of line (`make_room`): a playout's every move makes the test, and few
    /// moves ever grow the grid.
    #[inline(always)]
    pub(super) fn ensure_room(&mut self, c: Cand) -> Result<(i32, usize, i32), BoardLimit> {
        match self.within_margin(c) {
            Some(at) => Ok(at),
            None => self.make_room(c.start(), c.dir(), c.pos()),
        }
    }

    /// The candidate's start, direction and pos, if its dot keeps the margin from the
    /// grid's edge (the grid need not grow).
    #[inline(always)]
    pub(super) fn within_margin(&self, c: Cand) -> Option<(i32, usize, i32)> {
        let (start, d, pos) = (c.start(), c.dir(), c.pos());
        let p = start + pos * self.step[d];
        let (cx, cy) = (p & (self.w - 1), p >> self.shift);
        let m = Board::margin_for(self.len);
        (cx >= m && cy >= m && cx < self.w - m && cy < self.w - m).then_some((start, d, pos))
    }

    /// `ensure_room` when the dot comes within the margin: grows the grid until it does not.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, start: i32, d: usize, pos: i32) -> Result<(i32, usize, i32), BoardLimit> {
        let p = start + pos * self.step[d];
        let m = Board::margin_for(self.len);
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
    pub(super) fn grow(&mut self) {
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
}
