//! Flammenkamp's potential, per dot, for every variant; and what can never happen again
//! in a position (segments that can never be drawn, empty points that can never be
//! filled), which the live bounds add up.
//!
//! **Touching (T).** A dot has 8 unit-segment ends around it; `f(q)` is how many are still
//! free: `8·[q is a dot] − #(lines through q) − #(lines with q inside)`, Flammenkamp's
//! formula, since a line uses one segment end at its two end points and two at each inner
//! point. A move adds a dot (+8) and a line of L points (−2(L−1)), so the sum over the
//! plane changes by `10 − 2L` a move: it is the invariant 8 × 36 = 288 for L = 5, it falls
//! for L = 6 and grows for L <= 4.
//!
//! **Disjoint (D).** Lines of a direction may not share a point, so each dot has 4 slots,
//! one per direction: `g(q) = 4·[q is a dot] − #(lines through q)`. A move changes the sum
//! by `4 − L`: for 5D it starts at 4 × 36 = 144 and falls by one a move, and no dot goes
//! below 0, hence at most 144 moves.

use crate::geom::{Dir, Line, Point};
use crate::position::Position;
use crate::variant::{Rule, Variant};

/// The potential of each dot of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PotentialMap {
    /// Each dot with its potential (0..=8 in T, 0..=4 in D), the start cross first.
    pub dots: Vec<(Point, u8)>,
}

impl PotentialMap {
    /// The potential of every dot of `pos`.
    pub fn of(pos: &Position) -> PotentialMap {
        PotentialMap::on(pos, &Grid::of(pos))
    }

    /// The same, from the position's grid when the caller has one already.
    pub(crate) fn on(pos: &Position, grid: &Grid) -> PotentialMap {
        let full = per_dot_potential(pos.variant());
        let dots = pos.dots().map(|p| (p, full - grid.used_ends(p))).collect();
        PotentialMap { dots }
    }

    /// The sum over the plane.
    pub fn total(&self) -> u64 {
        self.dots.iter().map(|&(_, f)| u64::from(f)).sum()
    }

    /// Dots with nothing left (saturated in every direction).
    pub fn dead(&self) -> usize {
        self.dots.iter().filter(|&&(_, f)| f == 0).count()
    }
}

/// 8 segment ends a dot in T, 4 direction slots in D.
pub fn per_dot_potential(variant: Variant) -> u8 {
    match variant.rule() {
        Rule::Touching => 8,
        Rule::Disjoint => 4,
    }
}

/// The sum of the potential after `moves` moves from the start cross: the start's, plus
/// what each move changes (see the module's text). It does not depend on the moves.
pub fn total_after(variant: Variant, moves: usize) -> i64 {
    total_from(variant, variant.start_count(), moves)
}

/// [`total_after`] for a start of `start_dots` dots.
pub fn total_from(variant: Variant, start_dots: usize, moves: usize) -> i64 {
    start_dots as i64 * i64::from(per_dot_potential(variant))
        - potential_spent_per_move(variant) * moves as i64
}

/// How much the potential's sum falls with each move: `2L − 10` in T, `L − 4` in D
/// (negative when it grows).
pub fn potential_spent_per_move(variant: Variant) -> i64 {
    let len = i64::from(variant.line_len());
    match variant.rule() {
        Rule::Touching => 2 * len - 10,
        Rule::Disjoint => len - 4,
    }
}

/// A position's dots and drawn lines on a dense local grid (the box of its dots with a
/// margin of one line length), for the many neighbourhood questions the bounds ask.
pub(crate) struct Grid {
    variant: Variant,
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    dot: Vec<bool>,
    /// Per direction: the unit segment from the point to its next point along the
    /// direction is drawn.
    seg: [Vec<bool>; 4],
    /// Per direction: a line of that direction passes through the point.
    on_line: [Vec<bool>; 4],
}

impl Grid {
    pub(crate) fn of(pos: &Position) -> Grid {
        let variant = pos.variant();
        let len = i32::from(variant.line_len());
        let (x0, y0, x1, y1) = pos.bbox();
        let (x0, y0) = (x0 - len, y0 - len);
        let (w, h) = (x1 + len - x0 + 1, y1 + len - y0 + 1);
        let n = (w * h) as usize;
        let mut g = Grid {
            variant,
            x0,
            y0,
            w,
            h,
            dot: vec![false; n],
            seg: std::array::from_fn(|_| vec![false; n]),
            on_line: std::array::from_fn(|_| vec![false; n]),
        };
        for p in pos.dots() {
            let i = g.index(p).expect("dots are inside their own box");
            g.dot[i] = true;
        }
        for line in pos.lines() {
            g.draw(line);
        }
        g
    }

    fn draw(&mut self, line: Line) {
        let len = self.variant.line_len();
        let d = line.dir.index();
        for (k, p) in line.points(len).enumerate() {
            let i = self.index(p).expect("lines join dots");
            self.on_line[d][i] = true;
            if k + 1 < len as usize {
                self.seg[d][i] = true;
            }
        }
    }

    fn index(&self, p: Point) -> Option<usize> {
        let (x, y) = (p.x - self.x0, p.y - self.y0);
        (x >= 0 && y >= 0 && x < self.w && y < self.h).then(|| (y * self.w + x) as usize)
    }

    /// Points of the grid, row by row.
    pub(crate) fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.h).flat_map(move |y| (0..self.w).map(move |x| Point::new(x + self.x0, y + self.y0)))
    }

    pub(crate) fn has_dot(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.dot[i])
    }

    fn seg(&self, p: Point, d: Dir) -> bool {
        self.index(p).is_some_and(|i| self.seg[d.index()][i])
    }

    fn on_line(&self, p: Point, d: Dir) -> bool {
        self.index(p).is_some_and(|i| self.on_line[d.index()][i])
    }

    /// Segment ends (T) or direction slots (D) used at `p`.
    fn used_ends(&self, p: Point) -> u8 {
        let Some(i) = self.index(p) else { return 0 };
        let count = |v: &[Vec<bool>; 4]| v.iter().filter(|v| v[i]).count() as u8;
        match self.variant.rule() {
            // The drawn segments from p and into p: two lines may end at p in one direction.
            Rule::Touching => {
                count(&self.seg) + Dir::ALL.into_iter().filter(|&d| self.seg(p.step(d, -1), d)).count() as u8
            }
            Rule::Disjoint => count(&self.on_line),
        }
    }

    /// Whether a line of direction `d` starting at `start` can never be drawn, whatever
    /// else is played: it would reuse a drawn segment (T) or a point of a drawn line of its
    /// direction (D). Lines are never erased, so once dead, dead for good.
    fn window_dead(&self, start: Point, d: Dir) -> bool {
        let len = i32::from(self.variant.line_len());
        match self.variant.rule() {
            Rule::Touching => (0..len - 1).any(|k| self.seg(start.step(d, k), d)),
            Rule::Disjoint => (0..len).any(|k| self.on_line(start.step(d, k), d)),
        }
    }

    /// Free segment ends (T) or slots (D) at dot `p` that no future line can use: each
    /// stays in the potential to the end of the game.
    pub(crate) fn stuck_ends(&self, p: Point) -> u32 {
        let len = i32::from(self.variant.line_len());
        let mut stuck = 0;
        for d in Dir::ALL {
            match self.variant.rule() {
                Rule::Touching => {
                    // The segment from p forwards, then from p backwards.
                    for from in [p, p.step(d, -1)] {
                        if self.seg(from, d) {
                            continue; // drawn: not free
                        }
                        // Lines holding segment `from`: starts from - (len-2) ..= from.
                        if (0..len - 1).all(|k| self.window_dead(from.step(d, -k), d)) {
                            stuck += 1;
                        }
                    }
                }
                Rule::Disjoint => {
                    if !self.on_line(p, d) && (0..len).all(|k| self.window_dead(p.step(d, -k), d)) {
                        stuck += 1;
                    }
                }
            }
        }
        stuck
    }

    /// Whether the empty point `p` can never hold a dot: every line through it is dead.
    pub(crate) fn never_filled(&self, p: Point) -> bool {
        let len = i32::from(self.variant.line_len());
        !self.has_dot(p) && Dir::ALL.into_iter().all(|d| (0..len).all(|k| self.window_dead(p.step(d, -k), d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_potentials() {
        for v in Variant::ALL {
            let map = PotentialMap::of(&Position::new(v));
            assert_eq!(map.total() as i64, total_after(v, 0), "{v}");
            assert!(map.dots.iter().all(|&(_, f)| f == per_dot_potential(v)));
        }
        assert_eq!(total_after(Variant::T5, 100), 288);
        assert_eq!(total_after(Variant::D5, 100), 44);
    }
}
