//! What NRPA searches, as a trait, and Morpion Solitaire as one such problem.
//!
//! NRPA only needs, in every state, the legal moves and a code for each (the policy's
//! index), a way to play one, and a score at the end. Keeping that behind a small trait lets
//! the tests run the very same search on a toy problem whose optimum is known, and keeps the
//! Morpion hot path free of indirection (the search is generic, so it is compiled for each
//! problem).

use crate::board::{Board, Cand, Leave, LINE_CODES};
use crate::position::Position;
use crate::variant::Move;

/// A state of a problem NRPA can search. Scores are maximised.
pub trait Problem: Clone + Send + Sync {
    /// A legal move as this state knows it (cheap, valid in this state only).
    type Step: Copy;
    /// A move as recorded in a result: meaningful from the search's root on.
    type Move: Copy + Send + Sync + std::fmt::Debug;

    /// Every code is below this: the size of the policy's dense array.
    fn code_space(&self) -> usize;
    /// The legal moves; empty when the game is over.
    fn legal(&self) -> &[Self::Step];
    /// The policy code of a legal move. Codes of one state's legal moves should differ.
    fn code(&self, step: Self::Step) -> u32;
    /// Appends `code(step)` for every step of `legal()`, in order: what a playout does at
    /// every ply of a problem without a form, and of the rest of a playout its form left to
    /// `play` (in a form, `code_in` gives the codes). A problem may override it to compute
    /// the codes in one tight pass (a loop that writes a buffer compiles to fewer memory
    /// operations than a push per move, which matters most in wasm, where the engine does
    /// not keep the buffer's ends in registers).
    fn push_codes(&self, out: &mut PlyCodes<'_>) {
        out.extend(self.legal().iter().map(|&s| self.code(s)));
    }
    /// Plays a legal move, returning it as recorded; `None` if the state cannot take it
    /// (the playout then ends there).
    fn play(&mut self, step: Self::Step) -> Option<Self::Move>;
    /// Which compiled form of the rules a playout from this state plays in: 1 to [`FORMS`]
    /// for [`Problem::code_in`] and [`Problem::play_in`]`::<F>`, anything else (0, the
    /// default) for `code` and `play` alone. A playout reads it once, from its root, and
    /// runs a loop compiled for that form, so a problem whose rules take a parameter
    /// (Morpion's line length) can make it a constant of the loop rather than branch on it
    /// at every move, and can leave out of the loop what its states of that form do not
    /// need (Morpion: a grid that grows).
    fn form(&self) -> usize {
        0
    }
    /// `code` in form `F` (1 to [`FORMS`]): for a state of form F, exactly `code(step)`;
    /// only faster. `code` itself by default.
    #[inline(always)]
    fn code_in<const F: usize>(&self, step: Self::Step) -> u32 {
        self.code(step)
    }
    /// `play` in form `F` (1 to [`FORMS`]), for a state of form F: exactly what `play`
    /// does (the same move returned, the same state after it, again of form F); only
    /// faster. Or, for a move it leaves to `play` (Morpion: one that grows the grid),
    /// `Err(LeaveForm)` with the state untouched: the playout then plays that move and the
    /// rest of its game with `play`. `Ok(play(step))` by default.
    #[inline(always)]
    fn play_in<const F: usize>(&mut self, step: Self::Step) -> Result<Option<Self::Move>, LeaveForm> {
        Ok(self.play(step))
    }
    /// The score of this state (read when no move is left).
    fn score(&self) -> i64;
    /// Makes `self` equal to `other`, reusing memory (done before every playout).
    fn copy_from(&mut self, other: &Self);
    /// The prior weight of `code` (GNRPA's bias, at strength 1): how much a move with this
    /// code is favoured before anything is learnt. Read once per search, from the root.
    /// 0 (no preference) by default.
    fn prior(&self, _code: u32) -> f64 {
        0.0
    }
    /// Which of two finished states of equal score a search with [`Config::tie_break`]
    /// keeps: the one this ranks higher (the newer of two alike). Read when a playout ends
    /// at least as well as level 1's best, and when the coordinator of a distributed search
    /// replays a result. 0 (all alike) by default.
    ///
    /// [`Config::tie_break`]: super::Config::tie_break
    fn tie_break(&self) -> i64 {
        0
    }
}

/// How many forms [`Problem::form`] may name besides 0: a playout loop is compiled for
/// each (Morpion's four line lengths, 3 to 6). It may grow in a later version.
pub const FORMS: usize = 4;

/// [`Problem::play_in`] leaves this move to [`Problem::play`], and the rest of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaveForm;

/// Where [`Problem::push_codes`] appends a ply's codes: the end of the playout's record of
/// every ply's codes, which a problem can only add to (the plies before are the search's).
#[derive(Debug)]
pub struct PlyCodes<'a>(&'a mut Vec<u32>);

impl<'a> PlyCodes<'a> {
    pub(crate) fn new(record: &'a mut Vec<u32>) -> PlyCodes<'a> {
        PlyCodes(record)
    }

    /// Appends codes, in the order of the legal moves they code.
    #[inline(always)]
    pub fn extend<I: IntoIterator<Item = u32>>(&mut self, codes: I) {
        self.0.extend(codes);
    }
}

/// A problem whose codes are below `code_space()` by construction, so the search may read
/// its policy without checking them (crate-private: only problems of this crate, whose
/// code functions are tested, are trusted).
///
/// # Safety
/// For every state and every step of `legal()`, `code(step) < code_space()` of the root,
/// `push_codes` pushes those codes, and on a state of form F `code_in::<F>(step)` is
/// `code(step)`; a state of form F stays in form F through `play_in::<F>` (an `Err`
/// leaves it untouched) and `copy_from`: the playout reads codes with `code_in` on the
/// states its root's form reaches so.
pub(crate) unsafe trait TrustedCodes: Problem {}

/// How a Morpion move is coded for the policy (BENCHMARKS.md compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CodeKind {
    /// The line only (its start and direction), as in Rosin's and the public codes: the
    /// same line drawn by adding either of two missing dots shares its weight.
    #[default]
    Line,
    /// The line and which of its points is the new dot.
    LineDot,
}

impl CodeKind {
    /// The name the command line uses: `line`, `line-dot`.
    pub fn name(self) -> &'static str {
        match self {
            CodeKind::Line => "line",
            CodeKind::LineDot => "line-dot",
        }
    }
}

impl std::str::FromStr for CodeKind {
    type Err = String;
    fn from_str(s: &str) -> Result<CodeKind, String> {
        match s {
            "line" => Ok(CodeKind::Line),
            "line-dot" => Ok(CodeKind::LineDot),
            _ => Err(format!("unknown move code '{s}' (expected line or line-dot)")),
        }
    }
}

/// A Morpion position as an NRPA problem. `DOT` selects [`CodeKind::LineDot`]; as a
/// constant, so the playout loop has no branch for it.
#[derive(Clone, Debug)]
pub(crate) struct Morpion<const DOT: bool> {
    board: Board,
    score: i64,
    /// The centroid of the start's dots, for the prior.
    center: (f64, f64),
}

/// The prior's distance for a line outside the first grid: more than the first grid's
/// diagonal (64 cells a side), so more than any line in it.
const FAR_PRIOR: f64 = 91.0;

impl<const DOT: bool> Morpion<DOT> {
    /// The code of a candidate whose line's code is `line`: the line's, with the new dot's
    /// index for [`CodeKind::LineDot`].
    #[inline(always)]
    fn line_dot(line: u32, c: Cand) -> u32 {
        if DOT {
            line << 3 | c.pos() as u32
        } else {
            line
        }
    }

    pub(crate) fn new(root: &Position) -> Self {
        let dots = root.start().dots();
        let n = dots.len() as f64;
        let center = (
            dots.iter().map(|p| p.x as f64).sum::<f64>() / n,
            dots.iter().map(|p| p.y as f64).sum::<f64>() / n,
        );
        Morpion { board: root.board().clone(), score: root.score() as i64, center }
    }
}

// SAFETY: `Board::line_code` is below LINE_CODES (a line id of the first 64 x 64 grid,
// below NEAR_CODES, or NEAR_CODES + a hash mod FAR_CODES; board/tests.rs checks it on
// grown grids), and the dot's index adds 3 bits below LINE_CODES * 8 for LineDot: the
// code spaces `code_space` gives. `push_codes` pushes `code` of each candidate (in the
// first grid `line_code` is the line id, which it pushes directly), and `code_in` gives
// the line id, a state of any form being on the first grid (`form`), which `play_fast`
// never leaves (it leaves a move that would grow the grid to `play`, and panics off the
// first grid) and `copy_from` keeps (the other board's grid).
unsafe impl<const DOT: bool> TrustedCodes for Morpion<DOT> {}

impl<const DOT: bool> Problem for Morpion<DOT> {
    type Step = Cand;
    type Move = Move;

    fn code_space(&self) -> usize {
        LINE_CODES as usize * if DOT { 8 } else { 1 }
    }

    #[inline(always)]
    fn legal(&self) -> &[Cand] {
        self.board.candidates()
    }

    #[inline(always)]
    fn code(&self, c: Cand) -> u32 {
        Self::line_dot(self.board.line_code(c), c)
    }

    /// With the line code, the grid check once a ply rather than once a move: until the
    /// grid grows (in every 5T and 5D game seen so far) a line code is the candidate's line
    /// id.
    #[inline(always)]
    fn push_codes(&self, out: &mut PlyCodes<'_>) {
        let cands = self.board.candidates();
        if !DOT && self.board.in_first_grid() {
            out.extend(cands.iter().map(|c| c.line_id() as u32));
        } else {
            out.extend(cands.iter().map(|&c| self.code(c)));
        }
    }

    /// The board's `play`, which chooses the line length's body and grows the grid.
    #[inline(always)]
    fn play(&mut self, c: Cand) -> Option<Move> {
        let (dot, dir, pos) = self.board.decode(c);
        self.board.play(c).ok()?;
        self.score += 1;
        Some(Move::new(dot, dir, pos))
    }

    /// One form per line length, on the first grid (where a line's code is its id): form
    /// k plays lines of k + 2 points; a board whose grid has grown has none (0).
    #[inline(always)]
    fn form(&self) -> usize {
        if !self.board.in_first_grid() {
            return 0;
        }
        match self.board.line_len() {
            3 => 1,
            4 => 2,
            5 => 3,
            _ => 4,
        }
    }

    /// On the first grid, which every state of a form is on, a line's code is its id.
    #[inline(always)]
    fn code_in<const F: usize>(&self, c: Cand) -> u32 {
        debug_assert!(self.board.in_first_grid());
        Self::line_dot(c.line_id() as u32, c)
    }

    /// The rules with the line length a constant, on the first grid (`Board::play_fast`),
    /// which leaves a move that would grow it to `play`. Form 0 (`play`): the length and
    /// the grid chosen at the move.
    #[inline(always)]
    fn play_in<const F: usize>(&mut self, c: Cand) -> Result<Option<Move>, LeaveForm> {
        let (dot, dir, pos) = self.board.decode(c);
        let played = match F {
            1 => self.board.play_fast::<3>(c),
            2 => self.board.play_fast::<4>(c),
            3 => self.board.play_fast::<5>(c),
            4 => self.board.play_fast::<6>(c),
            _ => return Ok(self.play(c)),
        };
        played.map_err(|Leave| LeaveForm)?;
        self.score += 1;
        Ok(Some(Move::new(dot, dir, pos)))
    }

    #[inline(always)]
    fn score(&self) -> i64 {
        self.score
    }

    /// The more compact game: minus the dots' spread ([`Board::spread`]), since long
    /// games are compact. No significant change in 5T (+0.6 ± 0.3 moves), a loss in 5D, so
    /// only `--ties compact` asks for it (BENCHMARKS.md, "Ties to the more compact game").
    fn tie_break(&self) -> i64 {
        -self.board.spread()
    }

    #[inline(always)]
    fn copy_from(&mut self, other: &Self) {
        self.board.copy_from(&other.board);
        self.score = other.score;
    }

    /// Minus the distance from the line's midpoint to the centre of the start: long games
    /// are compact, so lines near the centre are tried first. A line outside the first grid
    /// (only in very long 4x games) shares its code with others, so it gets a distance
    /// beyond every line of the first grid.
    fn prior(&self, code: u32) -> f64 {
        let line = if DOT { code >> 3 } else { code };
        match self.board.code_mid(line) {
            Some((x, y)) => {
                // sqrt, not hypot: correctly rounded, so the same bits natively and in wasm
                let (dx, dy) = (x - self.center.0, y - self.center.1);
                -(dx * dx + dy * dy).sqrt()
            }
            None => -FAR_PRIOR,
        }
    }
}

/// A problem whose recorded moves can be found again among a state's legal steps: what a
/// search needs to rebuild a sequence from its moves (a checkpoint) rather than its steps.
pub(crate) trait FindStep: Problem {
    /// The index in `legal()` of the step that plays `m`, if it is legal here.
    fn find_step(&self, m: Self::Move) -> Option<usize>;
}

impl<const DOT: bool> FindStep for Morpion<DOT> {
    fn find_step(&self, m: Move) -> Option<usize> {
        let line = m.line();
        let c = self.board.find(line.start, line.dir)?;
        if c.pos() as u8 != m.pos {
            return None;
        }
        self.board.candidates().iter().position(|&x| x == c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// `push_codes`, which skips `code` while the grid has not grown, pushes exactly the
    /// codes `code` gives, for both codes, before and after the grid grows (a long random
    /// 3T game leaves the first grid).
    #[test]
    fn push_codes_pushes_each_legal_moves_code() {
        fn same<const DOT: bool>(m: &Morpion<DOT>) {
            let mut out = vec![7];
            m.push_codes(&mut PlyCodes::new(&mut out));
            let want: Vec<u32> = std::iter::once(7).chain(m.legal().iter().map(|&c| m.code(c))).collect();
            assert_eq!(out, want);
        }
        let v: Variant = "3T".parse().unwrap();
        let (mut line, mut dot) =
            (Morpion::<false>::new(&Position::new(v)), Morpion::<true>::new(&Position::new(v)));
        let mut rng = crate::rng::Rng::new(5);
        let mut grew = false;
        for _ in 0..3000 {
            same(&line);
            same(&dot);
            grew |= !line.board.in_first_grid();
            if line.legal().is_empty() {
                break;
            }
            let c = line.legal()[rng.below(line.legal().len())];
            if line.play(c).is_none() {
                break;
            }
            dot.board.copy_from(&line.board);
        }
        assert!(grew, "the game left the first grid");
    }

    /// A game played as a playout plays it (`play_in` in the state's form, `play` for the
    /// moves it leaves and once the grid has grown) keeps the same legal moves, in the same
    /// order, and the same codes (`code_in`), as one played by `play`, for every line
    /// length, on a grid that grows (3T: the move that grows it is left to `play`, and the
    /// grown board has no form) and on one that does not. (A new state's candidates have no
    /// spare room, a clone's, so its first move is left to `play` too.)
    #[test]
    fn play_in_the_states_form_plays_as_play_does() {
        /// `None` if `play_in` left the move to `play`.
        fn play_in<const DOT: bool>(m: &mut Morpion<DOT>, c: Cand) -> Option<Option<Move>> {
            let played = match m.form() {
                1 => m.play_in::<1>(c),
                2 => m.play_in::<2>(c),
                3 => m.play_in::<3>(c),
                4 => m.play_in::<4>(c),
                _ => return None,
            };
            played.ok()
        }
        fn codes_in<const DOT: bool>(m: &Morpion<DOT>) -> Vec<u32> {
            m.legal()
                .iter()
                .map(|&c| match m.form() {
                    1 => m.code_in::<1>(c),
                    2 => m.code_in::<2>(c),
                    3 => m.code_in::<3>(c),
                    4 => m.code_in::<4>(c),
                    _ => m.code(c),
                })
                .collect()
        }
        fn game<const DOT: bool>(v: Variant, form: usize, rng: &mut crate::rng::Rng) -> usize {
            let (mut a, mut b) =
                (Morpion::<DOT>::new(&Position::new(v)), Morpion::<DOT>::new(&Position::new(v)));
            assert_eq!(a.form(), form, "{v}");
            let mut grew = 0;
            for _ in 0..2000 {
                let codes: Vec<u32> = a.legal().iter().map(|&c| a.code(c)).collect();
                assert_eq!(codes, codes_in(&b), "{v}");
                if a.legal().is_empty() {
                    break;
                }
                let c = a.legal()[rng.below(a.legal().len())];
                let before = b.board.clone();
                let mb = play_in(&mut b, c).unwrap_or_else(|| {
                    // left to `play`, untouched
                    assert_eq!(b.board.candidates(), before.candidates(), "{v}");
                    assert!(!b.board.has_dot(b.board.decode(c).0), "{v}");
                    let played = b.play(c);
                    grew += (before.in_first_grid() && !b.board.in_first_grid()) as usize;
                    played
                });
                let ma = a.play(c);
                assert_eq!(ma, mb, "{v}");
                assert_eq!(a.legal(), b.legal(), "{v}");
                assert_eq!(b.form() == 0, !b.board.in_first_grid(), "{v}");
                if ma.is_none() {
                    break;
                }
            }
            assert_eq!(a.score(), b.score(), "{v}");
            grew
        }
        for (v, form) in [("3T", 1), ("4D", 2), ("5T", 3), ("5D", 3), ("6T", 4)] {
            let v: Variant = v.parse().unwrap();
            let mut rng = crate::rng::Rng::new(11);
            let mut grew = 0;
            for _ in 0..10 {
                grew += game::<false>(v, form, &mut rng) + game::<true>(v, form, &mut rng);
            }
            assert!(grew > 0 || v.line_len() > 3, "no 3T game grew its grid (by a move left to play)");
        }
    }

    /// The prior of each first move is minus the distance from its line's midpoint (the
    /// middle of its two ends) to the centre of the cross, and a line's prior does not
    /// depend on which of its dots is new (the code is the line's).
    #[test]
    fn the_prior_is_minus_the_lines_distance_from_the_centre() {
        for v in [Variant::T5, Variant::D5, Variant::T4, Variant::D4] {
            let p = Position::new(v);
            let m = Morpion::<false>::new(&p);
            let md = Morpion::<true>::new(&p);
            let dots = v.start_dots();
            let n = dots.len() as f64;
            let cx = dots.iter().map(|d| d.x as f64).sum::<f64>() / n;
            let cy = dots.iter().map(|d| d.y as f64).sum::<f64>() / n;
            let mut priors = Vec::new();
            for &c in m.legal() {
                let (dot, dir, pos) = m.board.decode(c);
                let line = Move::new(dot, dir, pos).line();
                let (a, b) = (line.start, line.end(v.line_len()));
                let want = -((a.x + b.x) as f64 / 2.0 - cx).hypot((a.y + b.y) as f64 / 2.0 - cy);
                let got = m.prior(m.code(c));
                assert!((got - want).abs() < 1e-9, "{v} {dot:?} {dir:?}: {got} against {want}");
                // the line-dot code has its line's prior
                assert_eq!(md.prior(md.code(c)), got);
                priors.push(got);
            }
            // the cross is symmetric about its centre: a first move's mirror image is as far
            priors.sort_by(f64::total_cmp);
            assert!(priors.chunks(2).all(|w| (w[0] - w[1]).abs() < 1e-9), "{v}: {priors:?}");
            assert!(priors[0] < priors[priors.len() - 1], "{v}: the lines are not all equally far");
        }
    }
}
