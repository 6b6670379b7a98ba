//! Points, directions, lines and the 8 symmetries of the start cross.
//!
//! Everything here lives in the *standard frame* of the rules: the start cross fills the box
//! `0..=3a` (a = L - 2), x grows to the right and y grows **down**, as on screen and in every
//! file format. Coordinates are plain `i32`: positions are not confined to a fixed board.

use std::fmt;

/// A grid point in the standard frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Point {
    /// Column, growing to the right.
    pub x: i32,
    /// Row, growing down.
    pub y: i32,
}

impl Point {
    /// The point (x, y).
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }

    /// This point moved `k` steps along `dir`.
    pub const fn step(self, dir: Dir, k: i32) -> Point {
        let (dx, dy) = dir.delta();
        Point::new(self.x + k * dx, self.y + k * dy)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// How a text's coordinates relate to the standard frame: the point (x, y) is written
/// (x + dx, y + dy). Pentasol's reference line sets it, as do the start dots of gillioz
/// files; messages about a move show its points as the text writes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Frame {
    /// Added to x.
    pub dx: i64,
    /// Added to y.
    pub dy: i64,
}

impl Frame {
    /// The standard frame itself (MSR, CSV, Flammenkamp, links).
    pub const STANDARD: Frame = Frame { dx: 0, dy: 0 };

    /// `p` as this frame writes it: `(col,row)`. In i64: a frame may be far from the cross.
    pub fn show(self, p: Point) -> String {
        format!("({},{})", p.x as i128 + self.dx as i128, p.y as i128 + self.dy as i128)
    }
}

/// The four line directions. `DN` goes down-right, `DP` up-right (y grows down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Horizontal, (1, 0), glyph `-`.
    H = 0,
    /// Vertical, (0, 1), glyph `|`.
    V = 1,
    /// Diagonal (1, 1), glyph `\`.
    DN = 2,
    /// Diagonal (1, -1), glyph `/`.
    DP = 3,
}

impl Dir {
    /// The four directions, in index order.
    pub const ALL: [Dir; 4] = [Dir::H, Dir::V, Dir::DN, Dir::DP];

    /// The unit step (dx, dy) from a line's start towards its end.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::H => (1, 0),
            Dir::V => (0, 1),
            Dir::DN => (1, 1),
            Dir::DP => (1, -1),
        }
    }

    /// 0..4, the order of [`Dir::ALL`] (and of the canonical move order).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction of index `i` (taken modulo 4).
    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i & 3]
    }

    /// The direction whose unit step is `(dx, dy)` or its opposite, if any.
    pub fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        let (dx, dy) = if dx < 0 || (dx == 0 && dy < 0) { (-dx, -dy) } else { (dx, dy) };
        match (dx, dy) {
            (1, 0) => Some(Dir::H),
            (0, 1) => Some(Dir::V),
            (1, 1) => Some(Dir::DN),
            (1, -1) => Some(Dir::DP),
            _ => None,
        }
    }

    /// The Pentasol / Flammenkamp glyph.
    pub const fn glyph(self) -> char {
        match self {
            Dir::H => '-',
            Dir::V => '|',
            Dir::DN => '\\',
            Dir::DP => '/',
        }
    }

    /// The direction of a Pentasol / Flammenkamp glyph (`-`, `|`, `\`, `/`).
    pub fn from_glyph(c: char) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.glyph() == c)
    }

    /// The MSR name: `H`, `V`, `DN`, `DP`.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::H => "H",
            Dir::V => "V",
            Dir::DN => "DN",
            Dir::DP => "DP",
        }
    }

    /// The direction in words with its glyph, `vertical (|)`, for messages read by people
    /// of every format (MSR's `V` means nothing to a Pentasol file's reader, and a glyph
    /// alone is hard to read in a sentence).
    pub const fn words(self) -> &'static str {
        match self {
            Dir::H => "horizontal (-)",
            Dir::V => "vertical (|)",
            Dir::DN => "diagonal (\\)",
            Dir::DP => "diagonal (/)",
        }
    }

    /// The direction of an MSR name, in any case.
    pub fn from_name(s: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A drawn (or drawable) line: `len` points from `start` along `dir`. `start` is the end with
/// the smaller x (the smaller y for vertical lines), as in every format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Line {
    /// The end with the smaller x (smaller y for vertical lines).
    pub start: Point,
    /// From `start` towards the other end.
    pub dir: Dir,
}

impl Line {
    /// The line from `start` along `dir`.
    pub const fn new(start: Point, dir: Dir) -> Line {
        Line { start, dir }
    }

    /// The `i`-th point of the line.
    pub const fn point(self, i: i32) -> Point {
        self.start.step(self.dir, i)
    }

    /// The `len` points of the line, from its start.
    pub fn points(self, len: u8) -> impl Iterator<Item = Point> {
        (0..len as i32).map(move |i| self.point(i))
    }

    /// The other end of a line of `len` points.
    pub const fn end(self, len: u8) -> Point {
        self.point(len as i32 - 1)
    }

    /// The line through the two given end points, if they are aligned at distance `len - 1`.
    pub fn from_ends(a: Point, b: Point, len: u8) -> Option<Line> {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let n = len as i32 - 1;
        if n <= 0 || dx % n != 0 || dy % n != 0 {
            return None;
        }
        let dir = Dir::from_delta(dx / n, dy / n)?;
        let start = if a.step(dir, n) == b { a } else { b };
        Some(Line::new(start, dir))
    }

    /// Index of `p` on this line of `len` points, if it lies on it.
    pub fn index_of(self, p: Point, len: u8) -> Option<u8> {
        (0..len).find(|&i| self.point(i as i32) == p)
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.start, self.dir.glyph())
    }
}

/// One of the 8 symmetries of the start cross (the dihedral group of its square box).
///
/// Encoded as three flags applied in order: transpose (swap x and y), then mirror x, then
/// mirror y, all about the box `0..=size` where `size = 3a` depends on the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry(u8);

impl Symmetry {
    /// Leaves every point where it is.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// The 8 symmetries, the identity first.
    pub fn all() -> impl Iterator<Item = Symmetry> {
        (0..8).map(Symmetry)
    }

    /// 0..8: bit 0 transposes, bit 1 mirrors x, bit 2 mirrors y.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The symmetry of index `i` (see [`Symmetry::index`]), if `i < 8`.
    pub fn from_index(i: usize) -> Option<Symmetry> {
        (i < 8).then_some(Symmetry(i as u8))
    }

    /// Image of `p` for a cross whose box is `0..=size`.
    pub const fn apply(self, p: Point, size: i32) -> Point {
        let (mut x, mut y) = (p.x, p.y);
        if self.0 & 1 != 0 {
            let t = x;
            x = y;
            y = t;
        }
        if self.0 & 2 != 0 {
            x = size - x;
        }
        if self.0 & 4 != 0 {
            y = size - y;
        }
        Point::new(x, y)
    }

    /// Image of `p` for a start whose box is `0..=w` by `0..=h`: the image lies in the
    /// image box (`0..=h` by `0..=w` when the symmetry transposes). With `w == h == size`
    /// this is [`Symmetry::apply`].
    pub const fn apply_in(self, p: Point, w: i32, h: i32) -> Point {
        let (mut x, mut y, mut w, mut h) = (p.x, p.y, w, h);
        if self.0 & 1 != 0 {
            (x, y, w, h) = (y, x, h, w);
        }
        if self.0 & 2 != 0 {
            x = w - x;
        }
        if self.0 & 4 != 0 {
            y = h - y;
        }
        Point::new(x, y)
    }

    /// Whether the symmetry swaps x and y.
    pub const fn transposes(self) -> bool {
        self.0 & 1 != 0
    }

    /// Image of a line of `len` points; also returns where the line's old index `i` lands.
    pub fn apply_line(self, line: Line, len: u8, size: i32) -> (Line, impl Fn(u8) -> u8) {
        self.apply_line_in(line, len, size, size)
    }

    /// [`Symmetry::apply_line`] for the box `0..=w` by `0..=h` (see [`Symmetry::apply_in`]).
    pub fn apply_line_in(self, line: Line, len: u8, w: i32, h: i32) -> (Line, impl Fn(u8) -> u8) {
        let a = self.apply_in(line.start, w, h);
        let b = self.apply_in(line.end(len), w, h);
        let image = Line::from_ends(a, b, len).expect("a symmetry maps lines to lines");
        let reversed = image.start != a;
        let last = len - 1;
        (image, move |i: u8| if reversed { last - i } else { i })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_round_trip() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_glyph(d.glyph()), Some(d));
            assert_eq!(Dir::from_name(d.name()), Some(d));
            assert_eq!(Dir::from_index(d.index()), d);
            let (dx, dy) = d.delta();
            assert_eq!(Dir::from_delta(dx, dy), Some(d));
            assert_eq!(Dir::from_delta(-dx, -dy), Some(d));
        }
        assert_eq!(Dir::from_delta(2, 1), None);
        assert_eq!(Dir::from_glyph('x'), None);
    }

    #[test]
    fn line_from_ends_orients_like_the_formats() {
        let a = Point::new(4, 0);
        let b = Point::new(0, 4);
        let l = Line::from_ends(a, b, 5).unwrap();
        assert_eq!(l, Line::new(Point::new(0, 4), Dir::DP));
        assert_eq!(l.end(5), a);
        assert_eq!(Line::from_ends(Point::new(3, 3), Point::new(3, -1), 5).unwrap().start, Point::new(3, -1));
        assert_eq!(Line::from_ends(a, Point::new(1, 0), 5), None);
        assert_eq!(l.index_of(Point::new(2, 2), 5), Some(2));
    }

    #[test]
    fn symmetries_form_the_dihedral_group() {
        let size = 9;
        let p = Point::new(1, 3);
        let images: std::collections::HashSet<Point> = Symmetry::all().map(|s| s.apply(p, size)).collect();
        assert_eq!(images.len(), 8);
        for s in Symmetry::all() {
            // every symmetry is a bijection of the box that keeps distances between neighbours
            let q = s.apply(Point::new(3, 3), size);
            let r = s.apply(Point::new(4, 3), size);
            assert_eq!((q.x - r.x).abs() + (q.y - r.y).abs(), 1);
        }
    }

    #[test]
    fn symmetric_line_keeps_its_points() {
        let line = Line::new(Point::new(0, 4), Dir::DP);
        for s in Symmetry::all() {
            let (img, map) = s.apply_line(line, 5, 9);
            for i in 0..5u8 {
                assert_eq!(img.point(map(i) as i32), s.apply(line.point(i as i32), 9));
            }
        }
    }
}
