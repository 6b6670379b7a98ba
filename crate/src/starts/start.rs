//! Start sets: the dots on the board before the first move. The cross of each variant is
//! the default; any other finite set of dots is a start too ("generalized morpion
//! solitaire", the form the theory studies and Flammenkamp's n(r) ranges over).
//!
//! A start is kept translated so that its smallest x and smallest y are 0: the moves of a
//! game are written in that frame, which for the cross is the standard frame of the rules.
//! It is *not* rotated: a start drawn by hand keeps the orientation it was drawn in, and
//! the moves played on it keep theirs. [`Start::canonical`] is the representative up to
//! the 8 symmetries, used to tell starts apart ([`Start::id`]).
//!
//! The code of a start ([`Start::code`]) is what links and files carry: two base64url
//! characters for the box (width - 1, height - 1, so a start fits in 64 x 64 cells) and
//! the box's cells row by row, one bit each, six to a character. The cross of 5T is
//! `JJ` followed by 17 characters.

use crate::formats::base64;
use crate::geom::{Point, Symmetry};
use crate::variant::{Move, Variant};
use std::fmt;
use std::sync::Arc;

/// A start fits in a box of this many cells a side (the code's two header characters).
pub const MAX_START_SIDE: i32 = 64;

/// Why a set of dots or a text is not a start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadStart {
    /// No dot at all.
    Empty,
    /// The dots do not fit in a box of [`MAX_START_SIDE`] cells a side.
    TooLarge {
        /// Cells across.
        width: i64,
        /// Cells down.
        height: i64,
    },
    /// A start code that does not decode: the character at `at` (from 0) and why.
    Code {
        /// Index of the first character in question.
        at: usize,
        /// What is wrong there.
        why: CodeDamage,
    },
    /// A point of a point list (`x,y x,y ...`) that is not two integers.
    Point {
        /// Which point, from 0.
        index: usize,
        /// Its text.
        text: String,
    },
    /// A point of a point list that an earlier point already gave: a typing slip, which
    /// would otherwise make a start of one dot fewer than typed.
    Twice {
        /// Which point, from 0.
        index: usize,
        /// Its text.
        text: String,
    },
}

/// What is wrong with a start code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeDamage {
    /// A character outside base64url.
    Character,
    /// Fewer than three characters.
    TooShort,
    /// More or fewer characters than the box needs.
    Length,
    /// A dot's bit beyond the box.
    DotBeyondBox,
    /// No dot at all.
    NoDot,
    /// An empty first or last row or column.
    BoxTooLarge,
}

impl fmt::Display for CodeDamage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CodeDamage::Character => "not a base64url character",
            CodeDamage::TooShort => "too short: two characters for the box, then the dots",
            CodeDamage::Length => "wrong length for the box its first two characters give",
            CodeDamage::DotBeyondBox => "a dot beyond the box",
            CodeDamage::NoDot => "no dot",
            CodeDamage::BoxTooLarge => {
                "the box is larger than its dots (an empty first or last row or column)"
            }
        })
    }
}

impl fmt::Display for BadStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadStart::Empty => write!(f, "a start needs at least one dot"),
            BadStart::TooLarge { width, height } => write!(
                f,
                "the start spans {width} x {height} cells; a start must fit in {MAX_START_SIDE} x {MAX_START_SIDE}"
            ),
            BadStart::Code { at, why } => write!(f, "bad start code at character {}: {why}", at + 1),
            BadStart::Point { index, text } => write!(
                f,
                "point {} of the start, \"{}\", is not x,y (two whole numbers from -2147483648 to 2147483647)",
                index + 1,
                crate::formats::shown(text)
            ),
            BadStart::Twice { index, text } => write!(
                f,
                "point {} of the start, \"{}\", is there twice (a start's dots are distinct)",
                index + 1,
                crate::formats::shown(text)
            ),
        }
    }
}

impl std::error::Error for BadStart {}

/// A start set of dots (see the module documentation). Cheap to clone.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Start {
    /// Sorted by row, then column; the smallest x and y are 0.
    dots: Arc<[Point]>,
    /// Largest x and largest y: the box is `0..=w` by `0..=h`.
    w: i32,
    h: i32,
    /// Bit i set: `Symmetry::from_index(i)` maps the start onto itself.
    syms: u8,
}

impl fmt::Debug for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Start({})", self.code())
    }
}

impl Start {
    /// The start cross of `variant` (12a dots in the box `0..=3a`).
    pub fn cross(variant: Variant) -> Start {
        Start::new(variant.start_dots()).expect("the cross is a start")
    }

    /// The start made of `dots` (duplicates ignored), translated so that its smallest x and
    /// y are 0.
    pub fn new(dots: impl IntoIterator<Item = Point>) -> Result<Start, BadStart> {
        let mut v: Vec<Point> = dots.into_iter().collect();
        if v.is_empty() {
            return Err(BadStart::Empty);
        }
        let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        for p in &v {
            (x0, y0) = (x0.min(p.x as i64), y0.min(p.y as i64));
            (x1, y1) = (x1.max(p.x as i64), y1.max(p.y as i64));
        }
        let (width, height) = (x1 - x0 + 1, y1 - y0 + 1);
        if width > MAX_START_SIDE as i64 || height > MAX_START_SIDE as i64 {
            return Err(BadStart::TooLarge { width, height });
        }
        for p in &mut v {
            *p = Point::new((p.x as i64 - x0) as i32, (p.y as i64 - y0) as i32);
        }
        v.sort_unstable_by_key(|p| (p.y, p.x));
        v.dedup();
        Ok(Start { dots: v.into(), w: (x1 - x0) as i32, h: (y1 - y0) as i32, syms: 0 }.with_symmetries())
    }

    /// `self` with `syms` filled in.
    fn with_symmetries(mut self) -> Start {
        self.syms =
            Symmetry::all().filter(|&g| self.same_dots(&self.moved(g))).fold(0, |m, g| m | 1 << g.index());
        self
    }

    fn same_dots(&self, other: &Start) -> bool {
        (self.w, self.h) == (other.w, other.h) && self.dots == other.dots
    }

    /// The image under `g`, symmetries not yet known.
    fn moved(&self, g: Symmetry) -> Start {
        let (w, h) = if g.transposes() { (self.h, self.w) } else { (self.w, self.h) };
        let mut v: Vec<Point> = self.dots.iter().map(|&p| self.map_point(g, p)).collect();
        v.sort_unstable_by_key(|p| (p.y, p.x));
        Start { dots: v.into(), w, h, syms: 0 }
    }

    /// The dots, row by row.
    pub fn dots(&self) -> &[Point] {
        &self.dots
    }

    /// How many dots.
    pub fn len(&self) -> usize {
        self.dots.len()
    }

    /// Never true (a start has a dot at least); here for `len`'s sake.
    pub fn is_empty(&self) -> bool {
        self.dots.is_empty()
    }

    /// The box: largest x and largest y (the smallest are 0).
    pub fn extent(&self) -> (i32, i32) {
        (self.w, self.h)
    }

    /// Whether `p` is a dot of the start.
    pub fn contains(&self, p: Point) -> bool {
        self.dots.binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x)).is_ok()
    }

    /// Whether this is the start cross of `variant`.
    pub fn is_cross(&self, variant: Variant) -> bool {
        let s = variant.box_size();
        // both row by row: the same dots in the same order (no start built for the test)
        self.w == s
            && self.h == s
            && self.len() == variant.start_count()
            && *self.dots == variant.start_dots()[..]
    }

    /// Whether every game of `variant` from this start is known to end. Lines of 5 and 6:
    /// from any start (Demaine et al.'s potential argument bounds a game by the start's
    /// size). Lines of 4: from the cross only (both games solved); from other starts a
    /// game can grow without end (a 4T game from a 21-dot start was seen to fill memory),
    /// so a search or a solve would never finish. Lines of 3: never.
    pub fn games_end(&self, variant: Variant) -> bool {
        match variant.line_len() {
            ..=3 => false,
            4 => self.is_cross(variant),
            _ => true,
        }
    }

    /// The symmetries that map the start onto itself (the identity first): all 8 for the
    /// cross, fewer for most other starts. Positions are told apart up to these.
    pub fn symmetries(&self) -> impl Iterator<Item = Symmetry> + '_ {
        Symmetry::all().filter(move |g| self.syms >> g.index() & 1 != 0)
    }

    /// The image of `p` under `g`, about this start's box (see [`Symmetry::apply_in`]).
    pub fn map_point(&self, g: Symmetry, p: Point) -> Point {
        g.apply_in(p, self.w, self.h)
    }

    /// The image of a move of a game on this start under `g`: a move of the image game,
    /// played on `self.image(g)`.
    pub fn map_move(&self, g: Symmetry, m: Move, len: u8) -> Move {
        let (line, at) = g.apply_line_in(m.line(), len, self.w, self.h);
        Move::from_line(line, at(m.pos))
    }

    /// The image of the start under `g` (the same start when `g` is one of its symmetries).
    pub fn image(&self, g: Symmetry) -> Start {
        self.moved(g).with_symmetries()
    }

    /// The representative of the start up to the 8 symmetries and translation: the image
    /// with the smallest code. Two starts are the same up to symmetry iff their canonical
    /// forms are equal.
    pub fn canonical(&self) -> Start {
        Symmetry::all().map(|g| self.moved(g)).min_by_key(|s| s.code()).expect("8 images").with_symmetries()
    }

    /// The code of the start as it stands (not rotated): see the module documentation.
    pub fn code(&self) -> String {
        let (cw, ch) = (self.w + 1, self.h + 1);
        let cells = (cw * ch) as usize;
        let mut bits = vec![0u8; cells.div_ceil(6)];
        for p in self.dots.iter() {
            let i = (p.y * cw + p.x) as usize;
            bits[i / 6] |= 1 << (5 - i % 6);
        }
        let mut s = String::with_capacity(2 + bits.len());
        s.push(base64::char_of(self.w as u8));
        s.push(base64::char_of(self.h as u8));
        s.extend(bits.into_iter().map(base64::char_of));
        s
    }

    /// The start a code describes. Refuses any code [`Start::code`] would not write: a
    /// wrong length, a stray bit after the box, or an empty first or last row or column.
    pub fn from_code(code: &str) -> Result<Start, BadStart> {
        let bad = |at, why| Err(BadStart::Code { at, why });
        let b = code.as_bytes();
        let mut vals = Vec::with_capacity(b.len());
        for (i, &c) in b.iter().enumerate() {
            match base64::value(c) {
                Some(v) => vals.push(v),
                None => return bad(i, CodeDamage::Character),
            }
        }
        if vals.len() < 3 {
            return bad(vals.len(), CodeDamage::TooShort);
        }
        let (w, h) = (vals[0] as i32, vals[1] as i32);
        let (cw, ch) = (w + 1, h + 1);
        let cells = (cw * ch) as usize;
        if vals.len() - 2 != cells.div_ceil(6) {
            let at = (2 + cells.div_ceil(6)).min(vals.len());
            return bad(at, CodeDamage::Length);
        }
        let mut dots = Vec::new();
        for (k, &v) in vals[2..].iter().enumerate() {
            for j in 0..6 {
                if v >> (5 - j) & 1 == 0 {
                    continue;
                }
                let i = 6 * k + j;
                if i >= cells {
                    return bad(2 + k, CodeDamage::DotBeyondBox);
                }
                dots.push(Point::new((i % cw as usize) as i32, (i / cw as usize) as i32));
            }
        }
        let s = Start::new(dots).map_err(|_| BadStart::Code { at: 2, why: CodeDamage::NoDot })?;
        if s.extent() != (w, h) {
            return bad(0, CodeDamage::BoxTooLarge);
        }
        Ok(s)
    }

    /// How the start is named: `cross` for the cross of `variant`, otherwise the code of
    /// its canonical form (the same for every rotation, reflection and translation).
    pub fn id(&self, variant: Variant) -> String {
        if self.is_cross(variant) {
            "cross".to_string()
        } else {
            self.canonical().code()
        }
    }

    /// What gives this very start back to [`Start::parse`]: `cross` for the cross of
    /// `variant`, otherwise its code as drawn (not rotated: moves played on it keep their
    /// meaning).
    pub fn spec(&self, variant: Variant) -> String {
        if self.is_cross(variant) {
            "cross".to_string()
        } else {
            self.code()
        }
    }

    /// A start as people type it: `cross`, a start code, or a list of points `x,y x,y ...`
    /// (separated by spaces or semicolons).
    pub fn parse(text: &str, variant: Variant) -> Result<Start, BadStart> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("cross") {
            return Ok(Start::cross(variant));
        }
        if t.contains(',') {
            let mut dots = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for (index, item) in
                t.split(|c: char| c == ';' || c.is_whitespace()).filter(|s| !s.is_empty()).enumerate()
            {
                let p = item.trim_matches(|c| c == '(' || c == ')');
                let xy = p
                    .split_once(',')
                    .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)));
                match xy {
                    Some((x, y)) if !seen.insert((x, y)) => {
                        return Err(BadStart::Twice { index, text: item.to_string() })
                    }
                    Some((x, y)) => dots.push(Point::new(x, y)),
                    None => return Err(BadStart::Point { index, text: item.to_string() }),
                }
            }
            return Start::new(dots);
        }
        Start::from_code(t)
    }

    /// The start drawn in text, one row a line: `o` a dot, `.` an empty cell.
    pub fn picture(&self) -> String {
        let mut s = String::new();
        for y in 0..=self.h {
            for x in 0..=self.w {
                s.push(if self.contains(Point::new(x, y)) { 'o' } else { '.' });
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn random_start(rng: &mut Rng, n: usize, side: i32) -> Start {
        Start::new(
            (0..n).map(|_| {
                Point::new(rng.below(side as usize) as i32 - 7, rng.below(side as usize) as i32 + 3)
            }),
        )
        .unwrap()
    }

    #[test]
    fn the_cross_is_the_cross_with_its_8_symmetries() {
        for v in Variant::ALL {
            let c = Start::cross(v);
            assert!(c.is_cross(v));
            assert_eq!(c.dots(), v.start_dots().as_slice(), "{v}: already in the standard frame");
            assert_eq!(c.symmetries().count(), 8, "{v}");
            assert_eq!(c.id(v), "cross");
            assert_eq!(Start::from_code(&c.code()), Ok(c.clone()));
            // a translated copy is the cross too
            let moved = Start::new(c.dots().iter().map(|p| Point::new(p.x - 40, p.y + 7))).unwrap();
            assert!(moved.is_cross(v));
        }
        assert!(!Start::cross(Variant::T4).is_cross(Variant::T5));
        assert_eq!(Start::cross(Variant::T5).code().len(), 19);
    }

    #[test]
    fn games_end_from_any_start_with_lines_of_5_and_6_and_from_the_cross_with_lines_of_4() {
        let other = random_start(&mut Rng::new(5), 20, 8);
        for v in Variant::ALL {
            let cross = Start::cross(v);
            let (from_cross, from_other) = match v.line_len() {
                3 => (false, false),
                4 => (true, false),
                _ => (true, true),
            };
            assert_eq!(cross.games_end(v), from_cross, "{v} from the cross");
            assert_eq!(other.games_end(v), from_other, "{v} from another start");
        }
        // the cross of another line length is another start
        assert!(!Start::cross(Variant::T5).games_end(Variant::D4));
    }

    #[test]
    fn codes_round_trip_and_canonical_forms_agree_under_symmetry_and_translation() {
        let mut rng = Rng::new(3);
        for n in 1..30 {
            let s = random_start(&mut rng, n, 1 + n as i32 % 12);
            assert_eq!(Start::from_code(&s.code()).as_ref(), Ok(&s));
            let c = s.canonical();
            for g in Symmetry::all() {
                let img = s.image(g);
                assert_eq!(img.len(), s.len());
                assert_eq!(img.canonical(), c, "{n} {g:?}");
                let moved = Start::new(img.dots().iter().map(|p| Point::new(p.x + 5, p.y - 9))).unwrap();
                assert_eq!(moved.canonical(), c);
                assert_eq!(moved.id(Variant::T5), s.id(Variant::T5));
            }
            for g in s.symmetries() {
                assert_eq!(s.image(g), s);
            }
        }
    }

    #[test]
    fn an_asymmetric_start_has_only_the_identity() {
        let l = Start::parse("0,0 1,0 2,0 0,1", Variant::T5).unwrap();
        assert_eq!(l.symmetries().collect::<Vec<_>>(), vec![Symmetry::IDENTITY]);
        let bar = Start::parse("0,0;1,0;2,0;3,0", Variant::T5).unwrap();
        assert_eq!(bar.symmetries().count(), 4, "a bar keeps its two mirrors and the half turn");
        assert_eq!(bar.picture(), "oooo\n");
    }

    #[test]
    fn bad_starts_say_what_is_wrong() {
        assert_eq!(Start::new([]), Err(BadStart::Empty));
        assert_eq!(
            Start::new([Point::new(0, 0), Point::new(64, 0)]),
            Err(BadStart::TooLarge { width: 65, height: 1 })
        );
        assert!(Start::new([Point::new(i32::MIN, 0), Point::new(i32::MAX, 0)]).is_err());
        assert!(matches!(Start::parse("1,2 3;4", Variant::T5), Err(BadStart::Point { index: 1, .. })));
        // a point typed twice is a slip, said, not a start of one dot fewer
        let e = Start::parse("0,0 1,1 (0,0)", Variant::T5).unwrap_err();
        assert_eq!(e, BadStart::Twice { index: 2, text: "(0,0)".into() });
        assert_eq!(
            e.to_string(),
            "point 3 of the start, \"(0,0)\", is there twice (a start's dots are distinct)"
        );
        let far = Start::parse("99999999999,0 1,1", Variant::T5).unwrap_err();
        assert!(far.to_string().contains("from -2147483648 to 2147483647"), "{far}");
        let code = Start::cross(Variant::T5).code();
        // every single-character change and every cut is refused or gives another start
        for i in 0..code.len() {
            let cut = &code[..i];
            assert!(Start::from_code(cut).is_err(), "cut at {i}");
        }
        assert!(matches!(Start::from_code("JJ*"), Err(BadStart::Code { at: 2, .. })));
        // a box with an empty last column
        assert!(matches!(Start::from_code("BAg"), Err(BadStart::Code { at: 0, .. })));
        // a bit after the box: 2 x 1 cells, bits 0 and 2 set
        assert!(matches!(Start::from_code("BAo"), Err(BadStart::Code { at: 2, .. })));
        assert_eq!(Start::from_code("BAw").unwrap().len(), 2);
        for e in [BadStart::Empty, BadStart::Code { at: 3, why: CodeDamage::Character }] {
            assert!(!e.to_string().is_empty());
        }
    }
}
