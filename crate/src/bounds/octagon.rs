//! Lattice octagons: the shape every bound of the 485 paper is stated on.
//!
//! An octagon is the set of lattice points with `x`, `y`, `x + y` and `x - y` each between
//! two bounds (y grows down, as everywhere in the crate). It is kept as those 8 *supports*,
//! always tight (each is reached by a point), so that the 8 edge lengths, the point count
//! and the potential follow by formulas. The paper describes octagons by their edge lengths
//! `a1..a8`, top edge first, then clockwise; [`Octagon::from_edges`] and
//! [`Octagon::edges`] convert.

use crate::geom::Point;
use std::fmt;

/// A lattice octagon, by its tight supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Octagon {
    /// Least and greatest x.
    pub x: (i32, i32),
    /// Least (top) and greatest (bottom) y.
    pub y: (i32, i32),
    /// Least and greatest x + y (top-left and bottom-right edges).
    pub d: (i32, i32),
    /// Least and greatest x - y (bottom-left and top-right edges).
    pub e: (i32, i32),
}

/// Edge lengths `a1..a8` in lattice steps: top, top-right, right, bottom-right, bottom,
/// bottom-left, left, top-left.
pub type Edges = [u32; 8];

impl Octagon {
    /// The octagonal hull of some points: the smallest octagon holding them all. `None` for
    /// no points.
    pub fn hull(points: impl IntoIterator<Item = Point>) -> Option<Octagon> {
        let mut it = points.into_iter();
        let p = it.next()?;
        let mut o =
            Octagon { x: (p.x, p.x), y: (p.y, p.y), d: (p.x + p.y, p.x + p.y), e: (p.x - p.y, p.x - p.y) };
        for p in it {
            o.include(p);
        }
        Some(o)
    }

    fn include(&mut self, p: Point) {
        let widen = |r: &mut (i32, i32), v: i32| *r = (r.0.min(v), r.1.max(v));
        widen(&mut self.x, p.x);
        widen(&mut self.y, p.y);
        widen(&mut self.d, p.x + p.y);
        widen(&mut self.e, p.x - p.y);
    }

    /// The octagon of these edge lengths, its leftmost column at x = 0 and its top row at
    /// y = 0. `None` if the lengths do not close up (the paper's (O2) and (O3)).
    pub fn from_edges(a: Edges) -> Option<Octagon> {
        let a = a.map(|v| v as i64);
        let width = a[7] + a[0] + a[1];
        let height = a[1] + a[2] + a[3];
        if width != a[3] + a[4] + a[5] || height != a[5] + a[6] + a[7] || width > 1 << 20 || height > 1 << 20
        {
            return None;
        }
        let (w, h) = (width as i32, height as i32);
        let [a1, a2, a3, _, _, _, a7, a8] = a.map(|v| v as i32);
        Some(Octagon { x: (0, w), y: (0, h), d: (a8, a8 + a1 + 2 * a2 + a3), e: (-(a8 + a7), a8 + a1) })
    }

    /// The ends of the top, right, bottom and left edges, clockwise from the left end of
    /// the top edge: edge a(k+1) runs from the k-th to the next (the diagonals between).
    fn edge_ends(&self) -> [Point; 8] {
        let (top, bottom) = self.y;
        let (left, right) = self.x;
        let (t_lo, t_hi) = self.row(top);
        let (b_lo, b_hi) = self.row(bottom);
        [
            Point::new(t_lo, top),
            Point::new(t_hi, top),
            Point::new(right, top.max(right - self.e.1)),
            Point::new(right, bottom.min(self.d.1 - right)),
            Point::new(b_hi, bottom),
            Point::new(b_lo, bottom),
            Point::new(left, bottom.min(left - self.e.0)),
            Point::new(left, top.max(self.d.0 - left)),
        ]
    }

    /// The corners, clockwise from the left end of the top edge (repeats left out).
    pub fn vertices(&self) -> Vec<Point> {
        let mut v = self.edge_ends().to_vec();
        v.dedup();
        while v.len() > 1 && v.first() == v.last() {
            v.pop();
        }
        v
    }

    /// Parses a board as the command line and the page write it: `square:N` (N points a
    /// side, 2 to 1000) or `octagon:a1,...,a8` (edge lengths, top first, clockwise). Its
    /// size is for the LP to judge (`Lp::new`): this only reads it.
    pub fn parse_board(s: &str) -> Result<Octagon, BadBoard> {
        if let Some(n) = s.strip_prefix("square:") {
            let side = n.trim().parse().ok().filter(|n: &u32| (2..=1000).contains(n));
            let side = side.ok_or_else(|| BadBoard::Side(n.to_string()))?;
            return Ok(Octagon::from_edges([side - 1, 0, side - 1, 0, side - 1, 0, side - 1, 0])
                .expect("a square closes"));
        }
        if let Some(list) = s.strip_prefix("octagon:") {
            let edges = parse_edges(list)?;
            return Octagon::from_edges(edges).ok_or_else(|| BadBoard::NotClosed(list.to_string()));
        }
        Err(BadBoard::Unknown(s.to_string()))
    }

    /// Points of row `y`: the columns `lo..=hi` (empty when `lo > hi`).
    pub fn row(&self, y: i32) -> (i32, i32) {
        let lo = self.x.0.max(self.d.0 - y).max(self.e.0 + y);
        let hi = self.x.1.min(self.d.1 - y).min(self.e.1 + y);
        (lo, hi)
    }

    /// The 8 edge lengths, top first then clockwise: in lattice steps, so a diagonal edge's
    /// length is its rise.
    pub fn edges(&self) -> Edges {
        // Edge k runs from corner k to corner k + 1 (the corners of `edge_ends`, with an
        // edge of length 0 between two equal ones); supports are tight, so never backwards.
        let p = self.edge_ends();
        let steps = |a: Point, b: Point| (b.x - a.x).abs().max((b.y - a.y).abs()) as u32;
        std::array::from_fn(|k| steps(p[k], p[(k + 1) % 8]))
    }

    /// Number of lattice points inside or on the octagon.
    pub fn points(&self) -> u64 {
        (self.y.0..=self.y.1).map(|y| self.row(y)).map(|(lo, hi)| (hi - lo + 1).max(0) as u64).sum()
    }

    /// Every lattice point, row by row.
    pub fn lattice_points(&self) -> impl Iterator<Item = Point> + '_ {
        (self.y.0..=self.y.1).flat_map(move |y| {
            let (lo, hi) = self.row(y);
            (lo..=hi).map(move |x| Point::new(x, y))
        })
    }

    /// Whether `p` lies in the octagon.
    pub fn contains(&self, p: Point) -> bool {
        let inside = |r: (i32, i32), v: i32| r.0 <= v && v <= r.1;
        inside(self.x, p.x) && inside(self.y, p.y) && inside(self.d, p.x + p.y) && inside(self.e, p.x - p.y)
    }

    /// The potential of the octagon's full lattice graph, 8·#points − 2·#edges, by the
    /// paper's formula (O1) (valid for non-degenerate octagons; a test checks it by
    /// counting).
    pub fn potential(&self) -> u64 {
        let a = self.edges().map(u64::from);
        8 + 3 * (a[0] + a[2] + a[4] + a[6]) + 4 * (a[1] + a[3] + a[5] + a[7])
    }

    /// Diagonal edges of length 0 (the paper's corners), as flags for a2, a4, a6, a8.
    pub fn corners(&self) -> [bool; 4] {
        let a = self.edges();
        [a[1] == 0, a[3] == 0, a[5] == 0, a[7] == 0]
    }

    /// Theorem 1's modifier: 0 without corners, 4 with two opposite corners, else 2.
    pub fn modifier(&self) -> u64 {
        let c = self.corners();
        if (c[0] && c[2]) || (c[1] && c[3]) {
            4
        } else if c.iter().any(|&c| c) {
            2
        } else {
            0
        }
    }

    /// Extents in x, y, x + y and x - y: what any translate must cover to hold another
    /// octagon (a quick necessary test before [`Octagon::placements`]).
    pub fn widths(&self) -> [i32; 4] {
        [self.x.1 - self.x.0, self.y.1 - self.y.0, self.d.1 - self.d.0, self.e.1 - self.e.0]
    }

    /// This octagon moved by (dx, dy).
    pub fn translated(&self, dx: i32, dy: i32) -> Octagon {
        let sh = |r: (i32, i32), v: i32| (r.0 + v, r.1 + v);
        Octagon { x: sh(self.x, dx), y: sh(self.y, dy), d: sh(self.d, dx + dy), e: sh(self.e, dx - dy) }
    }

    /// Whether this octagon holds all of `other`.
    pub fn holds(&self, other: &Octagon) -> bool {
        let within = |a: (i32, i32), b: (i32, i32)| a.0 <= b.0 && b.1 <= a.1;
        within(self.x, other.x)
            && within(self.y, other.y)
            && within(self.d, other.d)
            && within(self.e, other.e)
    }

    /// The translations (dx, dy) that make this octagon hold `inner`, column by column:
    /// for each dx, the range of dy. Empty when it cannot hold it anywhere.
    pub fn placements(&self, inner: &Octagon) -> impl Iterator<Item = (i32, (i32, i32))> {
        // self.lo + t <= inner.lo and self.hi + t >= inner.hi, per direction.
        let range = |o: (i32, i32), h: (i32, i32)| (h.1 - o.1, h.0 - o.0);
        let (tx, ty, td, te) =
            (range(self.x, inner.x), range(self.y, inner.y), range(self.d, inner.d), range(self.e, inner.e));
        (tx.0..=tx.1).filter_map(move |dx| {
            let lo = ty.0.max(td.0 - dx).max(dx - te.1);
            let hi = ty.1.min(td.1 - dx).min(dx - te.0);
            (lo <= hi).then_some((dx, (lo, hi)))
        })
    }

    /// Whether some translate of this octagon holds `inner`.
    pub fn can_hold(&self, inner: &Octagon) -> bool {
        let (a, b) = (self.widths(), inner.widths());
        a.iter().zip(&b).all(|(a, b)| a >= b) && self.placements(inner).next().is_some()
    }
}

impl fmt::Display for Octagon {
    /// The edge lengths, as the paper and the command line write them: `10,8,10,12,...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.edges();
        let text: Vec<String> = a.iter().map(u32::to_string).collect();
        f.write_str(&text.join(","))
    }
}

/// 8 edge lengths separated by commas, each from 0 to 1000.
pub fn parse_edges(list: &str) -> Result<Edges, BadBoard> {
    let parts: Vec<&str> = list.split(',').map(str::trim).collect();
    if parts.len() != 8 {
        return Err(BadBoard::EdgeCount { list: list.to_string(), found: parts.len() });
    }
    let mut edges = [0u32; 8];
    for (i, p) in parts.iter().enumerate() {
        edges[i] = p.parse().ok().filter(|&v: &u32| v <= 1000).ok_or_else(|| BadBoard::Edge {
            list: list.to_string(),
            index: i + 1,
            text: p.to_string(),
        })?;
    }
    Ok(edges)
}

/// Why a board's text (`square:N`, `octagon:a1,...,a8`) is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadBoard {
    /// `square:N` with N not a number from 2 to 1000 (as written).
    Side(String),
    /// Not 8 edge lengths.
    EdgeCount {
        /// The list as written.
        list: String,
        /// Lengths found.
        found: usize,
    },
    /// Edge `a{index}` is not a length from 0 to 1000.
    Edge {
        /// The list as written.
        list: String,
        /// Which edge, from 1.
        index: usize,
        /// Its text.
        text: String,
    },
    /// The lengths do not close into an octagon.
    NotClosed(String),
    /// Neither `square:` nor `octagon:`.
    Unknown(String),
}

impl fmt::Display for BadBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadBoard::Side(n) => write!(f, "square:{n}: expected a number of points a side from 2 to 1000"),
            BadBoard::EdgeCount { list, found } => {
                write!(f, "'{list}': expected 8 edge lengths separated by commas, found {found}")
            }
            BadBoard::Edge { list, index, text } => {
                write!(f, "'{list}': a{index} = '{text}' is not a length from 0 to 1000")
            }
            BadBoard::NotClosed(list) => write!(
                f,
                "octagon:{list}: these lengths do not close (a8+a1+a2 must equal a4+a5+a6, and a2+a3+a4 must equal a6+a7+a8)"
            ),
            BadBoard::Unknown(s) => write!(f, "'{s}': expected square:N or octagon:a1,a2,a3,a4,a5,a6,a7,a8"),
        }
    }
}

impl std::error::Error for BadBoard {}

/// The 8 images of an edge list under the rotations by quarter turns and the mirror in the
/// vertical axis (the symmetries of the lattice), the given one first. Rotating a quarter
/// turn clockwise moves each edge two places on; the mirror reverses the order after a1.
pub fn orientations(a: Edges) -> [Edges; 8] {
    let rotate = |a: Edges, k: usize| std::array::from_fn(|i| a[(i + 8 - 2 * k) % 8]);
    let mirror = |a: Edges| std::array::from_fn(|i| a[(8 - i) % 8]);
    std::array::from_fn(|i| if i < 4 { rotate(a, i) } else { rotate(mirror(a), i - 4) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use std::collections::HashSet;

    /// 8·#V − 2·#E of the full lattice graph, counted edge by edge.
    fn counted_potential(o: &Octagon) -> u64 {
        let pts: HashSet<Point> = o.lattice_points().collect();
        let mut free = 0;
        for p in &pts {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)] {
                if !pts.contains(&Point::new(p.x + dx, p.y + dy)) {
                    free += 1;
                }
            }
        }
        free
    }

    #[test]
    fn edges_round_trip_and_the_formulas_hold() {
        let mut rng = crate::Rng::new(7);
        let mut seen = 0;
        while seen < 300 {
            let a: Edges = std::array::from_fn(|_| rng.below(7) as u32);
            let Some(o) = Octagon::from_edges(a) else { continue };
            seen += 1;
            assert_eq!(o.edges(), a, "{a:?}");
            assert_eq!(Octagon::hull(o.lattice_points()), Some(o));
            // (O1) holds for octagons whose points are not all on one line.
            if o.widths().iter().all(|&w| w > 0) {
                assert_eq!(o.potential(), counted_potential(&o), "{a:?}");
            }
            for b in orientations(a) {
                let image = Octagon::from_edges(b).expect("a symmetry keeps an octagon closed");
                assert_eq!(image.points(), o.points());
            }
        }
    }

    #[test]
    fn the_paper_examples() {
        // Fig. 3/4: (3,3,0,1,6,0,3,1) closes.
        assert!(Octagon::from_edges([3, 3, 0, 1, 6, 0, 3, 1]).is_some());
        // The regular octagon of side 10: 7·100 + 40 + 1 points.
        let o = Octagon::from_edges([10; 8]).unwrap();
        assert_eq!(o.points(), 741);
        assert_eq!(o.potential(), 288);
        assert_eq!(o.modifier(), 0);
        let cross = Octagon::hull(Variant::T5.start_dots()).unwrap();
        assert_eq!(cross.edges(), [3; 8]);
        assert!(o.can_hold(&cross));
        // A corner is a diagonal edge of length 0; opposite corners give 4.
        let sq = Octagon::from_edges([5, 0, 5, 0, 5, 0, 5, 0]).unwrap();
        assert_eq!((sq.points(), sq.modifier()), (36, 4));
        assert_eq!(Octagon::from_edges([4, 0, 5, 1, 3, 1, 4, 1]).unwrap().modifier(), 2);
    }

    #[test]
    fn boards_parse_and_bad_ones_say_why() {
        assert_eq!(Octagon::parse_board("square:10").unwrap().points(), 100);
        assert_eq!(Octagon::parse_board("octagon:10,8,10,12,10,8,10,12").unwrap().points(), 733);
        assert!(matches!(Octagon::parse_board("octagon:1,2,3"), Err(BadBoard::EdgeCount { found: 3, .. })));
        assert!(matches!(Octagon::parse_board("octagon:1,1,1,1,1,1,1,2"), Err(BadBoard::NotClosed(_))));
        assert!(matches!(
            Octagon::parse_board("octagon:1,1,1,x,1,1,1,2"),
            Err(BadBoard::Edge { index: 4, .. })
        ));
        assert_eq!(Octagon::parse_board("square:0"), Err(BadBoard::Side("0".into())));
        assert!(Octagon::parse_board("circle:3").unwrap_err().to_string().contains("expected"));
        let o = Octagon::from_edges([3, 3, 0, 1, 6, 0, 3, 1]).unwrap();
        let v = o.vertices();
        assert_eq!(v.len(), 6, "{v:?}"); // two corners
        assert!(v.iter().all(|&p| o.contains(p)));
    }

    #[test]
    fn placements_are_exactly_the_translates_that_hold() {
        let big = Octagon::from_edges([4, 2, 3, 1, 6, 1, 3, 2]).unwrap();
        let small = Octagon::hull([Point::new(0, 0), Point::new(3, 1), Point::new(1, 4)]).unwrap();
        let mut found = HashSet::new();
        for (dx, (lo, hi)) in big.placements(&small) {
            for dy in lo..=hi {
                found.insert((dx, dy));
            }
        }
        for dx in -15..15 {
            for dy in -15..15 {
                assert_eq!(big.translated(dx, dy).holds(&small), found.contains(&(dx, dy)), "({dx},{dy})");
            }
        }
        assert!(!found.is_empty());
    }
}
