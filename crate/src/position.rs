//! A position: the start cross, the moves played so far, and the legal moves, with
//! `play`/`try_play`/`undo` in the standard frame.

use crate::board::{Board, BoardLimit, Cand};
use crate::geom::{Frame, Line, Point, Symmetry};
use crate::rng::Rng;
use crate::starts::Start;
use crate::variant::{Move, Rule, Variant};
use std::fmt;

/// Why a move cannot be played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// `pos` must be an index into the line (0..L).
    BadPos {
        /// The index given.
        pos: u8,
        /// L, the number of points of a line.
        len: u8,
    },
    /// The new dot is already on the board.
    DotExists(Point),
    /// One of the line's other points has no dot.
    MissingDot(Point),
    /// The line overlaps a line drawn earlier in the same direction.
    Overlap {
        /// The line already drawn.
        with: Line,
        /// The touch rule it breaks.
        rule: Rule,
    },
    /// The dot lies beyond the engine's coordinate limit.
    TooFar(Point),
}

impl IllegalMove {
    /// The reason with its points as `frame` writes them (a Pentasol file's own
    /// coordinates, say): `Display` is this in the standard frame.
    pub fn in_frame(&self, frame: Frame) -> impl fmt::Display + '_ {
        InFrame(self, frame)
    }
}

struct InFrame<'a>(&'a IllegalMove, Frame);

impl fmt::Display for InFrame<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |p: Point| self.1.show(p);
        match *self.0 {
            IllegalMove::BadPos { pos, len } => {
                write!(f, "position {pos} in the line is out of range (lines have {len} points: 0-{})", len - 1)
            }
            IllegalMove::DotExists(p) => write!(f, "the new dot {} is already on the board", at(p)),
            IllegalMove::MissingDot(p) => {
                write!(f, "missing dot at {}: the line needs all its other points", at(p))
            }
            IllegalMove::Overlap { with, rule } => match rule {
                Rule::Touching => write!(
                    f,
                    "the line overlaps the {} line already drawn from {} (in T, parallel lines may share only an end point)",
                    with.dir.words(),
                    at(with.start)
                ),
                Rule::Disjoint => write!(
                    f,
                    "the line touches the {} line already drawn from {} (in D, parallel lines may not share any point)",
                    with.dir.words(),
                    at(with.start)
                ),
            },
            IllegalMove::TooFar(p) => write!(
                f,
                "the dot {} is beyond the board limit (the engine's coordinates stop at ±{})",
                at(p),
                crate::COORD_LIMIT
            ),
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.in_frame(Frame::STANDARD).fmt(f)
    }
}

impl std::error::Error for IllegalMove {}

impl From<BoardLimit> for IllegalMove {
    fn from(e: BoardLimit) -> IllegalMove {
        IllegalMove::TooFar(e.0)
    }
}

/// A move list that does not replay (from a record, a link, a search): which move (0-based `index`; messages say `index + 1`),
/// why, and the game up to the move before it.
#[derive(Clone, Debug)]
pub struct ReplayError {
    /// Which move, from 0.
    pub index: usize,
    /// The move.
    pub mv: Move,
    /// Why it cannot be played.
    pub reason: IllegalMove,
    /// The position after the `index` legal moves before the bad one.
    pub position: Box<Position>,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({} {} {}) is illegal in {}: {}",
            self.index + 1,
            self.mv.dot,
            self.mv.dir.name(),
            self.mv.pos,
            self.position.variant(),
            self.reason
        )
    }
}

impl std::error::Error for ReplayError {}

/// A position of a game: variant, start, moves played (in order), legal moves.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    history: Vec<Move>,
    start: Start,
}

impl Position {
    /// The start cross of `variant`.
    pub fn new(variant: Variant) -> Position {
        Position::on(variant, Start::cross(variant))
    }

    /// The dots of `start`, no move played yet.
    pub fn on(variant: Variant, start: Start) -> Position {
        Position { board: Board::new(variant, &start), history: Vec::new(), start }
    }

    /// The same variant and start, no move played yet: where to replay this game's moves
    /// (or others) from.
    pub fn fresh(&self) -> Position {
        Position::on(self.variant(), self.start.clone())
    }

    /// Plays `moves` from the start cross; at the first illegal one, says which, why, and
    /// keeps the game before it.
    pub fn from_moves(variant: Variant, moves: &[Move]) -> Result<Position, ReplayError> {
        Position::new(variant).replayed(moves)
    }

    /// Plays `moves` from `start` (see [`Position::from_moves`]).
    pub fn from_moves_on(variant: Variant, start: Start, moves: &[Move]) -> Result<Position, ReplayError> {
        Position::on(variant, start).replayed(moves)
    }

    /// `self` (no move played yet) with `moves` played, or the first illegal one.
    fn replayed(mut self, moves: &[Move]) -> Result<Position, ReplayError> {
        for (index, &mv) in moves.iter().enumerate() {
            if let Err(reason) = self.try_play(mv) {
                return Err(ReplayError { index, mv, reason, position: Box::new(self) });
            }
        }
        Ok(self)
    }

    /// The position after the first `k` moves of this one (all of them when `k` is larger),
    /// on the same start.
    pub fn prefix(&self, k: usize) -> Position {
        let mut p = self.fresh();
        for &m in &self.history[..k.min(self.history.len())] {
            p.play(m);
        }
        p
    }

    /// The start the game was played from.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.board.variant()
    }

    /// The engine's board, for the search's hot path.
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.history
    }

    /// Number of moves played: the score.
    pub fn score(&self) -> usize {
        self.history.len()
    }

    /// No legal move is left: the game is over.
    pub fn is_finished(&self) -> bool {
        self.board.num_candidates() == 0
    }

    /// How many moves can be played now.
    pub fn num_legal_moves(&self) -> usize {
        self.board.num_candidates()
    }

    /// The legal moves in canonical order (row, column, direction, pos of the new dot).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v: Vec<Move> = self.board.candidates().iter().map(|&c| self.to_move(c)).collect();
        v.sort_unstable_by_key(|m| m.sort_key());
        v
    }

    /// The legal moves in no particular order (cheaper: no sort).
    pub fn legal_moves_unordered(&self) -> Vec<Move> {
        self.board.candidates().iter().map(|&c| self.to_move(c)).collect()
    }

    fn to_move(&self, c: Cand) -> Move {
        let (dot, dir, pos) = self.board.decode(c);
        Move::new(dot, dir, pos)
    }

    /// Whether `p` holds a dot (of the start or of a move).
    pub fn has_dot(&self, p: Point) -> bool {
        self.board.has_dot(p)
    }

    /// Every dot: the start's first, then the new dots in move order.
    pub fn dots(&self) -> impl Iterator<Item = Point> + '_ {
        self.start.dots().iter().copied().chain(self.history.iter().map(|m| m.dot))
    }

    /// Every drawn line, in move order.
    pub fn lines(&self) -> impl Iterator<Item = Line> + '_ {
        self.history.iter().map(|m| m.line())
    }

    /// Smallest box (min x, min y, max x, max y) holding every dot.
    pub fn bbox(&self) -> (i32, i32, i32, i32) {
        self.dots().fold((i32::MAX, i32::MAX, i32::MIN, i32::MIN), |(a, b, c, d), p| {
            (a.min(p.x), b.min(p.y), c.max(p.x), d.max(p.y))
        })
    }

    /// Whether `m` can be played now.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Why `m` cannot be played here (`None` when it can), without playing it.
    pub fn why_illegal(&self, m: Move) -> Option<IllegalMove> {
        self.check(m).err()
    }

    /// Why `m` is illegal here, or the candidate that plays it.
    fn check(&self, m: Move) -> Result<Cand, IllegalMove> {
        let len = self.variant().line_len();
        if m.pos >= len {
            return Err(IllegalMove::BadPos { pos: m.pos, len });
        }
        if m.dot.x.abs() > crate::COORD_LIMIT || m.dot.y.abs() > crate::COORD_LIMIT {
            return Err(IllegalMove::TooFar(m.dot));
        }
        let line = m.line();
        if let Some(c) = self.board.find(line.start, line.dir) {
            if c.pos() == m.pos as i32 {
                return Ok(c);
            }
        }
        // Not playable: find the most useful reason.
        if self.board.has_dot(m.dot) {
            return Err(IllegalMove::DotExists(m.dot));
        }
        if let Some(p) = line.points(len).find(|&p| p != m.dot && !self.board.has_dot(p)) {
            return Err(IllegalMove::MissingDot(p));
        }
        let with = self
            .lines()
            .find(|&l| self.overlaps(l, line))
            .expect("a line with all its dots is illegal only by overlapping another");
        Err(IllegalMove::Overlap { with, rule: self.variant().rule() })
    }

    /// Do two lines conflict under this variant's rule?
    fn overlaps(&self, a: Line, b: Line) -> bool {
        if a.dir != b.dir {
            return false;
        }
        let span = self.board.span();
        // same grid line, and the `span` cells each marks intersect
        (0..span).any(|i| (0..span).any(|j| a.point(i) == b.point(j)))
    }

    /// Plays `m` if it is legal; otherwise says why and changes nothing.
    pub fn try_play(&mut self, m: Move) -> Result<(), IllegalMove> {
        let c = self.check(m)?;
        self.board.play(c)?;
        self.history.push(m);
        Ok(())
    }

    /// Plays a legal move. Panics on an illegal one: use `try_play` for untrusted input.
    pub fn play(&mut self, m: Move) {
        if let Err(e) = self.try_play(m) {
            panic!("illegal move {m}: {e}");
        }
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.history.pop()?;
        let line = m.line();
        let cand = self.board.cand_for(line.start, line.dir, m.pos);
        self.board.undo(cand);
        Some(m)
    }

    /// Plays uniformly random legal moves until the game ends (or the board limit is hit);
    /// returns the number of moves played.
    pub fn random_playout(&mut self, rng: &mut Rng) -> usize {
        let before = self.history.len();
        while self.board.num_candidates() > 0 {
            let c = self.board.candidates()[rng.below(self.board.num_candidates())];
            let m = self.to_move(c);
            if self.board.play(c).is_err() {
                break;
            }
            self.history.push(m);
        }
        self.history.len() - before
    }

    /// Makes `self` equal to `other` reusing `self`'s memory (cheap between playouts).
    pub fn copy_from(&mut self, other: &Position) {
        self.board.copy_from(&other.board);
        if self.start != other.start {
            self.start = other.start.clone();
        }
        self.history.clear();
        self.history.extend_from_slice(&other.history);
    }

    /// The image of this game under a symmetry, played on the image of its start (the
    /// same start for the cross). Always legal too.
    pub fn transformed(&self, sym: Symmetry) -> Result<Position, ReplayError> {
        let len = self.variant().line_len();
        let moves: Vec<Move> = self.history.iter().map(|&m| self.start.map_move(sym, m, len)).collect();
        Position::from_moves_on(self.variant(), self.start.image(sym), &moves)
    }
}

/// The image of a move under a symmetry of the start cross of `variant`.
pub fn transform_move(m: Move, sym: Symmetry, variant: Variant) -> Move {
    let (line, map) = sym.apply_line(m.line(), variant.line_len(), variant.box_size());
    Move::from_line(line, map(m.pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Dir;

    #[test]
    fn first_moves_and_reasons() {
        let mut p = Position::new(Variant::T5);
        assert_eq!(p.num_legal_moves(), 28);
        let m = Move::new(Point::new(3, -1), Dir::V, 0);
        assert!(p.is_legal(m));
        p.play(m);
        assert_eq!(p.score(), 1);
        assert_eq!(p.try_play(m), Err(IllegalMove::DotExists(Point::new(3, -1))));
        // (3,4) is inside the cross: no dot there, the vertical line 3,0..3,4 misses it
        assert_eq!(
            p.try_play(Move::new(Point::new(5, 5), Dir::H, 0)),
            Err(IllegalMove::MissingDot(Point::new(6, 5)))
        );
        assert_eq!(
            p.try_play(Move::new(Point::new(3, 5), Dir::V, 9)),
            Err(IllegalMove::BadPos { pos: 9, len: 5 })
        );
        assert_eq!(p.undo(), Some(m));
        assert_eq!(p.undo(), None);
        assert_eq!(p.num_legal_moves(), 28);
    }

    #[test]
    fn touching_rejects_a_shared_segment() {
        let mut p = Position::new(Variant::T5);
        p.play(Move::new(Point::new(3, -1), Dir::V, 0)); // (3,-1)..(3,3)
        let m = Move::new(Point::new(3, -2), Dir::V, 0); // (3,-2)..(3,2): all dots there
        assert_eq!(
            p.try_play(m),
            Err(IllegalMove::Overlap { with: Line::new(Point::new(3, -1), Dir::V), rule: Rule::Touching })
        );
        assert_eq!(p.score(), 1, "a refused move changes nothing");
    }

    /// Random games in lockstep: whenever a T-legal move shares only an end point with a
    /// parallel collinear line, D must refuse it as an overlap with that line.
    #[test]
    fn touching_allows_a_shared_end_point_disjoint_does_not() {
        let mut rng = Rng::new(5);
        let mut seen = 0;
        for _ in 0..100 {
            let mut t = Position::new(Variant::T5);
            let mut d = Position::new(Variant::D5);
            loop {
                let moves = t.legal_moves();
                let both: Vec<Move> = moves.iter().copied().filter(|&m| d.is_legal(m)).collect();
                for &m in &moves {
                    let l = m.line();
                    if let Some(with) =
                        t.lines().find(|&o| o.dir == l.dir && (o.end(5) == l.start || l.end(5) == o.start))
                    {
                        seen += 1;
                        assert_eq!(d.try_play(m), Err(IllegalMove::Overlap { with, rule: Rule::Disjoint }));
                    }
                }
                if both.is_empty() {
                    break;
                }
                let m = both[rng.below(both.len())];
                t.play(m);
                d.play(m);
            }
        }
        assert!(seen > 10, "the situation occurred ({seen} times)");
    }

    /// 3T games never end: one that always plays its rightmost move grows the board until
    /// the coordinate limit, where the move is refused cleanly and nothing is lost.
    #[test]
    fn the_coordinate_limit_is_reached_cleanly() {
        let mut p = Position::new("3T".parse().unwrap());
        let limit = loop {
            let m = *p.legal_moves().iter().max_by_key(|m| (m.dot.x, m.dot.y)).expect("3T goes on");
            let before = p.score();
            match p.try_play(m) {
                Ok(()) => assert!(p.score() == before + 1 && p.score() < 5000),
                Err(e) => {
                    assert_eq!(p.score(), before, "a refused move changes nothing");
                    break (m, e);
                }
            }
        };
        assert_eq!(limit.1, IllegalMove::TooFar(limit.0.dot));
        assert!(limit.0.dot.x > crate::COORD_LIMIT);
        assert!(limit.1.to_string().contains("beyond the board limit"));
        // the grid grew from 64 to 1024 cells a side on the way: the position is intact
        let mut again = Position::from_moves(p.variant(), p.moves()).unwrap();
        assert_eq!(again.num_legal_moves(), p.num_legal_moves());
        assert_eq!(again.undo(), p.undo());
        assert_eq!(again.legal_moves(), p.legal_moves());
    }

    #[test]
    fn symmetric_images_of_random_games_replay() {
        let mut rng = Rng::new(11);
        for v in [Variant::T5, Variant::D5, Variant::T4, Variant::D4] {
            let mut p = Position::new(v);
            p.random_playout(&mut rng);
            for s in Symmetry::all() {
                let img = p.transformed(s).expect("image replays");
                assert_eq!(img.score(), p.score());
                assert!(img.is_finished());
            }
        }
    }
}
