//! Variants (line length and touch rule, as data), the start cross, and moves.

use crate::geom::{Dir, Line, Point};
use std::fmt;
use std::str::FromStr;

/// Whether collinear lines of the same direction may share an end point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// T: they may share at most one point (no unit segment drawn twice).
    Touching,
    /// D: they may share no point at all.
    Disjoint,
}

impl Rule {
    /// `T` or `D`, as in variant names.
    pub const fn letter(self) -> char {
        match self {
            Rule::Touching => 'T',
            Rule::Disjoint => 'D',
        }
    }
}

/// A variant of the game: line length 3..=6 and a touch rule. `5T` and `5D` are the classics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    len: u8,
    rule: Rule,
}

/// Why a variant name was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadVariant(pub String);

impl fmt::Display for BadVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}': expected a line length from 3 to 6 and T or D, like 5T or 5D",
            self.0
        )
    }
}

impl std::error::Error for BadVariant {}

impl Variant {
    /// Lines of 5, touching allowed: the classic game.
    pub const T5: Variant = Variant { len: 5, rule: Rule::Touching };
    /// Lines of 5, disjoint.
    pub const D5: Variant = Variant { len: 5, rule: Rule::Disjoint };
    /// Lines of 4, touching allowed.
    pub const T4: Variant = Variant { len: 4, rule: Rule::Touching };
    /// Lines of 4, disjoint.
    pub const D4: Variant = Variant { len: 4, rule: Rule::Disjoint };

    /// Every variant the engine plays, classics first.
    pub const ALL: [Variant; 8] = [
        Variant::T5,
        Variant::D5,
        Variant::T4,
        Variant::D4,
        Variant { len: 3, rule: Rule::Touching },
        Variant { len: 3, rule: Rule::Disjoint },
        Variant { len: 6, rule: Rule::Touching },
        Variant { len: 6, rule: Rule::Disjoint },
    ];

    /// `len` must be 3..=6.
    pub fn new(len: u8, rule: Rule) -> Option<Variant> {
        (3..=6).contains(&len).then_some(Variant { len, rule })
    }

    /// Number of points of a line (L).
    pub const fn line_len(self) -> u8 {
        self.len
    }

    /// Whether parallel lines may touch.
    pub const fn rule(self) -> Rule {
        self.rule
    }

    /// `a = L - 2`: the arm width of the start cross.
    pub const fn arm(self) -> i32 {
        self.len as i32 - 2
    }

    /// How many dots the start cross has: `12a` (36 for lines of 5).
    pub const fn start_count(self) -> usize {
        12 * self.arm() as usize
    }

    /// The start cross lies in the box `0..=box_size()`.
    pub const fn box_size(self) -> i32 {
        3 * self.arm()
    }

    /// The dots of the start cross (12a of them), row by row.
    pub fn start_dots(self) -> Vec<Point> {
        let a = self.arm();
        let s = self.box_size();
        let mut dots = Vec::with_capacity(12 * a as usize);
        for y in 0..=s {
            for x in 0..=s {
                let on = ((y == 0 || y == s) && (a..=2 * a).contains(&x))
                    || ((x == 0 || x == s) && (a..=2 * a).contains(&y))
                    || ((x == a || x == 2 * a) && (y <= a || y >= 2 * a))
                    || ((y == a || y == 2 * a) && (x <= a || x >= 2 * a));
                if on {
                    dots.push(Point::new(x, y));
                }
            }
        }
        dots
    }

    /// Name as written everywhere: `5T`, `4D`, ...
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.len, self.rule.letter())
    }
}

impl FromStr for Variant {
    type Err = BadVariant;

    fn from_str(s: &str) -> Result<Variant, BadVariant> {
        let t = s.trim();
        let mut chars = t.chars();
        let (Some(a), Some(b), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(BadVariant(s.to_string()));
        };
        // digit first as everyone writes it ("5T"); "T5" is accepted too (MSR readers do)
        let (n, r) = if a.is_ascii_digit() { (a, b) } else { (b, a) };
        let rule = match r.to_ascii_uppercase() {
            'T' => Rule::Touching,
            'D' => Rule::Disjoint,
            _ => return Err(BadVariant(s.to_string())),
        };
        n.to_digit(10).and_then(|n| Variant::new(n as u8, rule)).ok_or_else(|| BadVariant(s.to_string()))
    }
}

/// A move: the new dot, the direction of its line, and `pos`, the index of the new dot in
/// the line counted from the line's start (smaller x; smaller y for vertical lines).
///
/// Several moves may add the same dot: they differ by their line and are distinct moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The new dot.
    pub dot: Point,
    /// The direction of its line.
    pub dir: Dir,
    /// The index of the new dot in the line, from the line's start.
    pub pos: u8,
}

impl Move {
    /// The move adding `dot` at index `pos` of a line of direction `dir`.
    pub const fn new(dot: Point, dir: Dir, pos: u8) -> Move {
        Move { dot, dir, pos }
    }

    /// The line this move draws.
    pub const fn line(self) -> Line {
        Line::new(self.dot.step(self.dir, -(self.pos as i32)), self.dir)
    }

    /// The move that draws `line` and adds its `pos`-th point.
    pub const fn from_line(line: Line, pos: u8) -> Move {
        Move::new(line.point(pos as i32), line.dir, pos)
    }

    /// The canonical order of moves (row of the dot, column, direction, pos): the order of
    /// `Position::legal_moves` and the one the link encoding indexes into.
    pub fn sort_key(self) -> (i32, i32, usize, u8) {
        (self.dot.y, self.dot.x, self.dir.index(), self.pos)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.dot, self.dir.name(), self.pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_cross_has_12a_dots_and_all_symmetries() {
        for v in Variant::ALL {
            let dots = v.start_dots();
            assert_eq!(dots.len() as i32, 12 * v.arm(), "{v}");
            let set: std::collections::HashSet<_> = dots.iter().copied().collect();
            for s in crate::geom::Symmetry::all() {
                for &p in &dots {
                    assert!(set.contains(&s.apply(p, v.box_size())), "{v} {s:?} {p}");
                }
            }
        }
        // the 5-point cross, drawn
        let dots = Variant::T5.start_dots();
        let row0: Vec<i32> = dots.iter().filter(|p| p.y == 0).map(|p| p.x).collect();
        assert_eq!(row0, vec![3, 4, 5, 6]);
        let row3: Vec<i32> = dots.iter().filter(|p| p.y == 3).map(|p| p.x).collect();
        assert_eq!(row3, vec![0, 1, 2, 3, 6, 7, 8, 9]);
    }

    #[test]
    fn variant_names_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        assert_eq!("5t".parse::<Variant>(), Ok(Variant::T5));
        assert_eq!("D5".parse::<Variant>(), Ok(Variant::D5));
        assert!("TT".parse::<Variant>().is_err());
        assert!("55".parse::<Variant>().is_err());
        assert!("7T".parse::<Variant>().is_err());
        assert!("5X".parse::<Variant>().is_err());
        assert!("".parse::<Variant>().is_err());
        assert!("5TT".parse::<Variant>().is_err());
    }

    #[test]
    fn move_line_geometry() {
        let m = Move::new(Point::new(3, -1), Dir::V, 0);
        assert_eq!(m.line(), Line::new(Point::new(3, -1), Dir::V));
        let m = Move::new(Point::new(2, 2), Dir::DP, 2);
        assert_eq!(m.line().start, Point::new(0, 4));
        assert_eq!(Move::from_line(m.line(), 2), m);
    }
}
