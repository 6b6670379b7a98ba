//! n(r): the longest game over all starts of r dots, by complete enumeration.
//!
//! A game is its set of lines. Given the lines, the start is forced: every point of a line
//! (the union U) is a start dot except the k new dots, one per line, so |start| = |U| - k.
//! Which line sets are games? Exactly those where
//! - every two lines obey the touch rule (parallel lines on one grid line share at most an
//!   end point in T, nothing in D), and
//! - the lines can be *peeled*: some line has a point on no other line (the last line
//!   drawn: its new dot was on no earlier line), and the rest can be peeled again.
//!
//! Both properties hold for every subset of a set that has them, and |U| only grows with
//! the set, so the enumeration can stop growing a set as soon as it breaks one of them or
//! its union is too large. Lines that share no point never interact (the rules only relate
//! lines through shared points), so a game is a union of *connected* line sets played side
//! by side, and with m(k) the smallest start of a k-line game,
//! m(k) = min(m_conn(k), m(i) + m(k - i)): only connected sets need enumerating. m never
//! decreases (taking back the last line of a game frees its new dot), so once m(K) > r no
//! longer game exists, and n(r) is the largest k with m(k) <= r.
//!
//! Connected line sets are enumerated with Redelmeier's algorithm (the one that counts
//! polyominoes), each exactly once up to translation: the set's smallest line (by row,
//! column, direction of its first point) is put at the origin and only larger lines are
//! added. The work is split by the first two lines and spread over every core (rayon).
//!
//! This is a different route from Flammenkamp's (he enumerated connected start sets); the
//! two must agree, and the tests hold it to his table for small r and to a brute force
//! over every small start for r <= 5.

use crate::geom::{Dir, Line, Point};
use crate::position::Position;
use crate::starts::Start;
use crate::variant::{Move, Rule, Variant};
use rayon::prelude::*;
use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// The largest start size the enumeration takes (far beyond what it can finish: r = 13
/// is already out of reach of a small machine).
pub const MAX_SIZE: usize = 20;

/// Why the best start of a size cannot be searched for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BestStartError {
    /// Games of this variant are not known to end from every start (lines of 3 and 4):
    /// n(r) might be infinite, and the enumeration would never stop.
    Endless(Variant),
    /// The size is 0 or larger than [`MAX_SIZE`].
    Size(usize),
    /// Games this long do not fit the enumeration's scratch grid.
    TooManyLines(usize),
}

impl fmt::Display for BestStartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestStartError::Endless(v) => write!(
                f,
                "{v} games are not known to end from every start, so a start may have no longest game: n(r) is searched for 5T, 5D, 6T and 6D"
            ),
            BestStartError::Size(r) => write!(f, "start size {r}: expected 1 to {MAX_SIZE} dots"),
            BestStartError::TooManyLines(k) => {
                write!(f, "games of {k} lines do not fit the enumeration's grid (and could not be finished)")
            }
        }
    }
}

impl std::error::Error for BestStartError {}

/// What the enumeration found.
#[derive(Clone, Debug)]
pub struct BestStart {
    /// The variant.
    pub variant: Variant,
    /// r, the number of start dots.
    pub size: usize,
    /// n(r), the longest game from a start of `size` dots.
    pub best: usize,
    /// n(s) for s = 0..=size.
    pub by_size: Vec<usize>,
    /// A game of `best` moves from a start of at most `size` dots (any further dots placed
    /// far away keep it legal); `None` when `best` is 0.
    pub example: Option<Position>,
    /// Connected line sets found to be games in the last (complete) enumeration, of up to
    /// `max_lines` lines: every smaller size was enumerated again on the way.
    pub sets: u64,
    /// The most lines a set was grown to (one more than `best`, or more when a longer
    /// game was possible from fewer dots).
    pub max_lines: usize,
}

/// What the enumeration tells its caller as it goes: while growing sets to `max_lines`
/// lines, `done` of `total` pieces of work are finished.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The set size being tried.
    pub max_lines: usize,
    /// Pieces finished.
    pub done: usize,
    /// Pieces in all.
    pub total: usize,
    /// Games found so far at this set size.
    pub sets: u64,
}

/// n(r) and a start that reaches it (see the module's text). `progress` is called from any
/// thread as pieces of work finish.
pub fn best_start(
    variant: Variant,
    size: usize,
    progress: impl Fn(Progress) + Sync,
) -> Result<BestStart, BestStartError> {
    // Games end from every start when each move spends potential (lines of 6, and 5D),
    // or in 5T by Flammenkamp's argument (the potential is constant, and every point on
    // the hull's border keeps 3 of its 8 segment ends free); lines of 4 in D keep the
    // potential constant with no such border argument, and 3T, 3D, 4T games can grow.
    if variant.line_len() < 5 {
        return Err(BestStartError::Endless(variant));
    }
    if size == 0 || size > MAX_SIZE {
        return Err(BestStartError::Size(size));
    }
    for max_lines in 1.. {
        if max_lines as i32 * variant.line_len() as i32 >= OFF {
            // sets this large would leave the scratch grid (and could never be finished)
            return Err(BestStartError::TooManyLines(max_lines));
        }
        let found = enumerate(variant, max_lines, size + max_lines, &progress);
        let sets = found.sets;
        // m[k]: the smallest start of a k-line game (connected or not), and how it splits
        let mut m = vec![(0usize, 0usize); max_lines + 1];
        for k in 1..=max_lines {
            m[k] = (found.min_start[k], k);
            for i in 1..k {
                let split = m[i].0.saturating_add(m[k - i].0);
                if split < m[k].0 {
                    m[k] = (split, i);
                }
            }
        }
        if m[max_lines].0 <= size {
            continue;
        }
        let by_size: Vec<usize> =
            (0..=size).map(|r| (0..=max_lines).rev().find(|&k| m[k].0 <= r).unwrap_or(0)).collect();
        let best = by_size[size];
        let example = (best > 0).then(|| {
            let mut parts = Vec::new();
            split_into(&m, best, &mut parts);
            let components: Vec<&[Ln]> = parts.iter().map(|&k| found.example[k].as_slice()).collect();
            game_of(variant, &components)
        });
        return Ok(BestStart { variant, size, best, by_size, example, sets, max_lines });
    }
    unreachable!("the loop returns")
}

/// The connected parts (their line counts) of the smallest start of a `k`-line game.
fn split_into(m: &[(usize, usize)], k: usize, out: &mut Vec<usize>) {
    let i = m[k].1;
    if i == k {
        out.push(k);
    } else {
        split_into(m, i, out);
        split_into(m, k - i, out);
    }
}

/// A line in the enumeration: its first point and direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ln {
    x: i16,
    y: i16,
    d: u8,
}

impl Ln {
    fn key(self) -> (i16, i16, u8) {
        (self.y, self.x, self.d)
    }
    fn line(self) -> Line {
        Line::new(Point::new(self.x as i32, self.y as i32), Dir::from_index(self.d as usize))
    }
}

/// The scratch grid: points within ±OFF of the origin, which holds every connected set of
/// fewer than OFF / L lines.
const SIDE: i32 = 512;
const OFF: i32 = 256;

fn cell(x: i32, y: i32) -> usize {
    ((y + OFF) * SIDE + x + OFF) as usize
}

/// The smallest start found for each number of lines, and a set reaching it.
struct Found {
    min_start: Vec<usize>,
    example: Vec<Vec<Ln>>,
    sets: u64,
}

impl Found {
    fn new(max_lines: usize) -> Found {
        Found {
            min_start: vec![usize::MAX; max_lines + 1],
            example: vec![Vec::new(); max_lines + 1],
            sets: 0,
        }
    }

    fn merge(mut self, other: Found) -> Found {
        for k in 0..self.min_start.len() {
            if other.min_start[k] < self.min_start[k] {
                self.min_start[k] = other.min_start[k];
                self.example[k] = other.example[k].clone();
            }
        }
        self.sets += other.sets;
        self
    }
}

/// One piece of the enumeration: a connected set grown line by line.
struct Grower {
    len: i32,
    /// Points two parallel lines may share: 1 in T, 0 in D.
    may_share: usize,
    max_lines: usize,
    max_union: usize,
    /// The origin line: only lines after it (in `Ln::key` order) may join.
    origin: Ln,
    deltas: [(i32, i32); 4],
    lines: Vec<Ln>,
    pts: Vec<[u32; 6]>,
    count: Vec<u8>,
    union: usize,
    seen: Vec<bool>,
    found: Found,
}

impl Grower {
    fn new(variant: Variant, max_lines: usize, max_union: usize, origin: Ln) -> Grower {
        let deltas = std::array::from_fn(|d| Dir::from_index(d).delta());
        Grower {
            len: variant.line_len() as i32,
            may_share: if variant.rule() == Rule::Touching { 1 } else { 0 },
            max_lines,
            max_union,
            origin,
            deltas,
            lines: Vec::with_capacity(max_lines),
            pts: Vec::with_capacity(max_lines),
            count: vec![0; (SIDE * SIDE) as usize],
            union: 0,
            seen: vec![false; (SIDE * SIDE * 4) as usize],
            found: Found::new(max_lines),
        }
    }

    fn points(&self, l: Ln) -> [u32; 6] {
        let (dx, dy) = self.deltas[l.d as usize];
        let mut p = [u32::MAX; 6];
        for (i, q) in p.iter_mut().enumerate().take(self.len as usize) {
            *q = cell(l.x as i32 + i as i32 * dx, l.y as i32 + i as i32 * dy) as u32;
        }
        p
    }

    fn seen_key(l: Ln) -> usize {
        cell(l.x as i32, l.y as i32) * 4 + l.d as usize
    }

    fn shared(&self, a: &[u32; 6], b: &[u32; 6]) -> usize {
        let n = self.len as usize;
        a[..n].iter().filter(|p| b[..n].contains(p)).count()
    }

    /// Adds `l` if the set stays a game within the bounds.
    fn try_add(&mut self, l: Ln) -> bool {
        let p = self.points(l);
        for (o, op) in self.lines.iter().zip(&self.pts) {
            if o.d == l.d && self.shared(&p, op) > self.may_share {
                return false;
            }
        }
        let mut private = false;
        for &q in &p[..self.len as usize] {
            let c = &mut self.count[q as usize];
            *c += 1;
            if *c == 1 {
                self.union += 1;
                private = true;
            }
        }
        self.lines.push(l);
        self.pts.push(p);
        // with a point of its own, `l` peels first and the rest is a game already
        if self.union > self.max_union || (!private && !self.peels()) {
            self.remove_last();
            return false;
        }
        true
    }

    fn remove_last(&mut self) {
        self.lines.pop();
        let p = self.pts.pop().expect("a line to remove");
        for &q in &p[..self.len as usize] {
            let c = &mut self.count[q as usize];
            *c -= 1;
            if *c == 0 {
                self.union -= 1;
            }
        }
    }

    /// Whether the set can be peeled to nothing (see the module's text). The counts are
    /// as they were when it returns.
    fn peels(&mut self) -> bool {
        let k = self.lines.len();
        let n = self.len as usize;
        let mut alive: u64 = if k == 64 { !0 } else { (1 << k) - 1 };
        let mut removed = Vec::with_capacity(k);
        'peel: while alive != 0 {
            for i in 0..k {
                if alive >> i & 1 == 1 && self.pts[i][..n].iter().any(|&q| self.count[q as usize] == 1) {
                    for &q in &self.pts[i][..n] {
                        self.count[q as usize] -= 1;
                    }
                    alive &= !(1 << i);
                    removed.push(i);
                    continue 'peel;
                }
            }
            break;
        }
        for &i in &removed {
            for &q in &self.pts[i][..n] {
                self.count[q as usize] += 1;
            }
        }
        alive == 0
    }

    fn record(&mut self) {
        let k = self.lines.len();
        let start = self.union - k;
        self.found.sets += 1;
        if start < self.found.min_start[k] {
            self.found.min_start[k] = start;
            self.found.example[k] = self.lines.clone();
        }
    }

    /// The lines sharing a point with `l` that may join (after the origin, not seen yet,
    /// not clashing with `l` itself), marked seen.
    fn fresh_neighbours(&mut self, l: Ln) -> Vec<Ln> {
        let mut out = Vec::new();
        let lp = self.points(l);
        let (ldx, ldy) = self.deltas[l.d as usize];
        for i in 0..self.len {
            let (px, py) = (l.x as i32 + i * ldx, l.y as i32 + i * ldy);
            for d in 0..4u8 {
                let (dx, dy) = self.deltas[d as usize];
                for j in 0..self.len {
                    let n = Ln { x: (px - j * dx) as i16, y: (py - j * dy) as i16, d };
                    if n.key() <= self.origin.key() || self.seen[Grower::seen_key(n)] {
                        continue;
                    }
                    if d == l.d && self.shared(&lp, &self.points(n)) > self.may_share {
                        continue;
                    }
                    self.seen[Grower::seen_key(n)] = true;
                    out.push(n);
                }
            }
        }
        out
    }

    /// Redelmeier's step: each line of `untried` in turn joins (if it may), and the set
    /// grows from there with its new neighbours added to what is left to try.
    fn grow(&mut self, mut untried: Vec<Ln>) {
        while let Some(l) = untried.pop() {
            if self.try_add(l) {
                self.join_and_grow(l, &untried);
                self.remove_last();
            }
        }
    }

    /// `l` has just joined: count the set, and grow it with `untried` and `l`'s neighbours.
    fn join_and_grow(&mut self, l: Ln, untried: &[Ln]) {
        self.record();
        if self.lines.len() < self.max_lines {
            let fresh = self.fresh_neighbours(l);
            let mut next = untried.to_vec();
            next.extend_from_slice(&fresh);
            self.grow(next);
            for n in fresh {
                self.seen[Grower::seen_key(n)] = false;
            }
        }
    }
}

/// Every connected game of at most `max_lines` lines whose union has at most `max_union`
/// points: the smallest start for each number of lines.
fn enumerate(
    variant: Variant,
    max_lines: usize,
    max_union: usize,
    progress: &(impl Fn(Progress) + Sync),
) -> Found {
    // the pieces: for each direction of the origin line, one piece for the origin alone
    // and one for each line that may join it second (with the lines before it in the
    // origin's neighbour list left to try, as the sequential algorithm would)
    let mut pieces: Vec<(u8, Option<usize>)> = Vec::new();
    let mut firsts = Vec::new();
    for d in 0..4u8 {
        let origin = Ln { x: 0, y: 0, d };
        let mut g = Grower::new(variant, max_lines, max_union, origin);
        g.seen[Grower::seen_key(origin)] = true;
        let n = g.fresh_neighbours(origin);
        pieces.push((d, None));
        pieces.extend((0..n.len()).map(|i| (d, Some(i))));
        firsts.push(n);
    }
    let total = pieces.len();
    let done = AtomicUsize::new(0);
    let sets = AtomicU64::new(0);
    pieces
        .par_iter()
        .map(|&(d, second)| {
            let origin = Ln { x: 0, y: 0, d };
            let mut g = Grower::new(variant, max_lines, max_union, origin);
            g.seen[Grower::seen_key(origin)] = true;
            let n = &firsts[d as usize];
            for &l in n {
                g.seen[Grower::seen_key(l)] = true;
            }
            // with fewer start dots than a line needs, not even one line is a game
            let fits = g.try_add(origin);
            match second {
                _ if !fits => {}
                None => g.record(),
                Some(i) if max_lines > 1 => {
                    if g.try_add(n[i]) {
                        g.join_and_grow(n[i], &n[..i]);
                    }
                }
                Some(_) => {}
            }
            let s = sets.fetch_add(g.found.sets, Ordering::Relaxed) + g.found.sets;
            let k = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress(Progress { max_lines, done: k, total, sets: s });
            g.found
        })
        .reduce(|| Found::new(max_lines), Found::merge)
}

/// The game the connected line sets `components` make, side by side: the start is every
/// point of the lines but their new dots (found by peeling), the moves the peeled lines in
/// reverse. Replayed by the engine, so a wrong set could not pass for a game.
fn game_of(variant: Variant, components: &[&[Ln]]) -> Position {
    let len = variant.line_len();
    let mut lines: Vec<Line> = Vec::new();
    let mut shift = 0;
    for c in components {
        let cl: Vec<Line> = c.iter().map(|l| l.line()).collect();
        let xs: Vec<i32> = cl.iter().flat_map(|l| l.points(len)).map(|p| p.x).collect();
        let (lo, hi) = (xs.iter().copied().min().unwrap_or(0), xs.iter().copied().max().unwrap_or(0));
        for l in cl {
            lines.push(Line::new(Point::new(l.start.x - lo + shift, l.start.y), l.dir));
        }
        shift += hi - lo + 2;
    }
    let mut alive: Vec<bool> = vec![true; lines.len()];
    let mut order = Vec::new();
    while order.len() < lines.len() {
        let covered = |p: Point, alive: &[bool]| {
            lines.iter().zip(alive).filter(|&(l, &a)| a && l.index_of(p, len).is_some()).count()
        };
        let (i, dot) = (0..lines.len())
            .filter(|&i| alive[i])
            .find_map(|i| lines[i].points(len).find(|&p| covered(p, &alive) == 1).map(|p| (i, p)))
            .expect("the enumeration keeps only sets that peel");
        alive[i] = false;
        order.push(Move::from_line(lines[i], lines[i].index_of(dot, len).expect("on the line")));
    }
    order.reverse();
    let new: std::collections::HashSet<Point> = order.iter().map(|m| m.dot).collect();
    let dots: Vec<Point> = lines.iter().flat_map(|l| l.points(len)).filter(|p| !new.contains(p)).collect();
    // a start sits in its own frame (smallest x and y 0): the moves follow it there
    let (dx, dy) = (dots.iter().map(|p| p.x).min().unwrap_or(0), dots.iter().map(|p| p.y).min().unwrap_or(0));
    let moves: Vec<Move> =
        order.iter().map(|m| Move::new(Point::new(m.dot.x - dx, m.dot.y - dy), m.dir, m.pos)).collect();
    let start = Start::new(dots).expect("a small start");
    match Position::from_moves_on(variant, start, &moves) {
        Ok(p) => p,
        Err(e) => panic!("a peeled line set does not replay: {e}"),
    }
}

#[cfg(test)]
#[path = "best_tests.rs"]
mod tests;
