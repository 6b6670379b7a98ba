//! The linear program (LP0)–(LP4) of the 485 paper on any board, in its 5T form and in a
//! 5D form, optionally with a position's dots and lines fixed; solved by Clarabel.
//!
//! **Variables**: `dot_v` per board point, `mv_m` per line of L points lying in the board,
//! all in [0, 1] (LP4). **Constraints**: in T, for each unit segment of the board and each
//! of its two ends v, the lines using the segment sum to at most `dot_v` (LP2); in D, for
//! each point v and direction, the lines of that direction through v sum to at most
//! `dot_v` (lines of a direction may share no point). The dots number the start's plus
//! the lines (LP3). **Objective**: the number of lines (LP0). Every game whose dots stay in
//! the board is a 0/1 solution, so the optimum bounds its score.
//!
//! **A bound that never lies.** An interior-point optimum is approximate, on either side.
//! What is reported is computed from the solver's dual values by weak duality, exactly for
//! whatever duals come back: for multipliers `y` (>= 0 on the inequalities, any sign on the
//! equation) and variables in boxes `[l, u]`, `c·x = y·b + (c − Aᵀy)·x − y·(b − Ax)
//! <= y·b + Σ max(r_j·l_j, r_j·u_j)`. So a sloppy solve gives a looser bound, never a
//! false one; it is rounded up at the 5th decimal.

use crate::geom::{Dir, Line, Point};
use crate::variant::{Rule, Variant};
use clarabel::algebra::CscMatrix;
use clarabel::solver::{
    DefaultInfo, DefaultSettingsBuilder, DefaultSolver, IPSolver, NonnegativeConeT, SolverStatus,
    SupportedConeT, ZeroConeT,
};
use std::collections::HashMap;
use std::fmt;

/// Clarabel's sparse LDL factorisation: faer's (supernodal, on every core) natively, 2.5
/// to 8 times faster than QDLDL from 1,400 points up (BENCHMARKS.md); QDLDL in the
/// browser (faer 0.21 does not build for 32-bit targets).
#[cfg(not(target_arch = "wasm32"))]
const KKT_SOLVER: &str = "faer";
#[cfg(target_arch = "wasm32")]
const KKT_SOLVER: &str = "qdldl";

/// Boards larger than this are refused: the solve would take minutes and gigabytes.
pub const MAX_BOARD_POINTS: usize = 12_000;

/// The LP of a board, before solving.
#[derive(Clone, Debug)]
pub struct Lp {
    variant: Variant,
    points: Vec<Point>,
    lines: Vec<Line>,
    /// Fixed values: a dot that is there (1) or can never be (0); a line drawn (1).
    fixed_dots: HashMap<Point, f64>,
    fixed_lines: Vec<Line>,
}

/// Why an LP could not be built or solved.
#[derive(Clone, Debug, PartialEq)]
pub enum LpError {
    /// More points than [`MAX_BOARD_POINTS`].
    TooBig,
    /// Fewer points than the start has dots: no game fits.
    TooSmall {
        /// Points of the board.
        points: usize,
        /// Dots of the start.
        start: usize,
    },
    /// A fixed dot or line lies outside the board.
    Outside(Point),
    /// The solver gave up (the message says how); no bound.
    Solver(String),
}

impl fmt::Display for LpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LpError::TooBig => {
                write!(f, "the board has more than {MAX_BOARD_POINTS} points, too many to solve here")
            }
            LpError::TooSmall { points, start } => {
                let s = if *points == 1 { "" } else { "s" };
                write!(f, "the board has {points} point{s}, fewer than the {start} dots the game starts with")
            }
            LpError::Outside(p) => write!(f, "the position's point {p} is outside the board"),
            LpError::Solver(why) => write!(f, "the LP solver stopped: {why}"),
        }
    }
}

impl std::error::Error for LpError {}

/// How a solve goes, once per interior-point iteration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LpProgress {
    /// Iterations so far.
    pub iteration: u32,
    /// The current primal objective (moves).
    pub primal: f64,
    /// The current dual objective.
    pub dual: f64,
}

/// A solved LP.
#[derive(Clone, Debug, PartialEq)]
pub struct LpSolution {
    /// The proven upper bound: weak duality on the returned duals, rounded up at 1e-5.
    pub objective: f64,
    /// The solver's primal objective (for comparison: at most `objective`).
    pub primal: f64,
    /// Every line with a positive value, with its value (Fig. 5's shading).
    pub lines: Vec<(Line, f64)>,
    /// Every point with its dot value.
    pub dots: Vec<(Point, f64)>,
    /// Interior-point iterations.
    pub iterations: u32,
    /// Variables and constraints of the program as solved.
    pub size: (usize, usize),
}

impl Lp {
    /// The LP of `variant` (its line length and touch rule) on the board `points`.
    pub fn new(variant: Variant, points: impl IntoIterator<Item = Point>) -> Result<Lp, LpError> {
        // Read no further than the limit allows: a huge board is refused without being built.
        let read = 4 * MAX_BOARD_POINTS + 1;
        let mut points: Vec<Point> = points.into_iter().take(read).collect();
        let cut = points.len() == read;
        points.sort_unstable_by_key(|p| (p.y, p.x));
        points.dedup();
        if cut || points.len() > MAX_BOARD_POINTS {
            return Err(LpError::TooBig);
        }
        let start = variant.start_count();
        if points.len() < start {
            return Err(LpError::TooSmall { points: points.len(), start });
        }
        let set: std::collections::HashSet<Point> = points.iter().copied().collect();
        let len = variant.line_len();
        let mut lines = Vec::new();
        for &p in &points {
            for dir in Dir::ALL {
                let line = Line::new(p, dir);
                if line.points(len).all(|q| set.contains(&q)) {
                    lines.push(line);
                }
            }
        }
        Ok(Lp { variant, points, lines, fixed_dots: HashMap::new(), fixed_lines: Vec::new() })
    }

    /// Points of the board.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// Lines of L points inside the board (the `mv` variables).
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Fixes `dot_p` to 1 (`present`) or 0.
    pub fn fix_dot(&mut self, p: Point, present: bool) -> Result<(), LpError> {
        if self.points.binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x)).is_err() {
            return Err(LpError::Outside(p));
        }
        self.fixed_dots.insert(p, if present { 1.0 } else { 0.0 });
        Ok(())
    }

    /// Fixes a drawn line to 1 (its dots should be fixed as present too).
    pub fn fix_line(&mut self, line: Line) -> Result<(), LpError> {
        if !self.lines.contains(&line) {
            return Err(LpError::Outside(line.start));
        }
        self.fixed_lines.push(line);
        Ok(())
    }

    /// Solves; `progress` hears each iteration and may stop the solve by returning true
    /// (the bound is then whatever the duals so far prove).
    pub fn solve(
        &self,
        progress: impl FnMut(LpProgress) -> bool + Send + Sync + 'static,
    ) -> Result<LpSolution, LpError> {
        let built = Built::new(self);
        built.solve(self, progress)
    }
}

/// The program in matrix form: free variables only, fixed ones moved to the right side.
struct Built {
    /// Variable index of each point's dot, or its fixed value.
    dot_var: Vec<Result<usize, f64>>,
    /// Variable index of each line, or its fixed value.
    line_var: Vec<Result<usize, f64>>,
    vars: usize,
    /// Whether variable j is a line (objective 1) or a dot.
    is_line: Vec<bool>,
    /// Structural rows: sparse (var, coef), right side. Row 0 is the equation (LP3).
    rows: Vec<(Vec<(usize, f64)>, f64)>,
    fixed_lines: f64,
}

impl Built {
    fn new(lp: &Lp) -> Built {
        let index: HashMap<Point, usize> = lp.points.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let mut vars = 0;
        let mut is_line = Vec::new();
        let mut var = |fixed: Option<f64>, line: bool| match fixed {
            Some(v) => Err(v),
            None => {
                vars += 1;
                is_line.push(line);
                Ok(vars - 1)
            }
        };
        let dot_var: Vec<_> = lp.points.iter().map(|p| var(lp.fixed_dots.get(p).copied(), false)).collect();
        let fixed: std::collections::HashSet<Line> = lp.fixed_lines.iter().copied().collect();
        let len = lp.variant.line_len();
        // A line that would reuse what a fixed line holds (a segment in T, a point in D) or
        // pass through a point fixed empty is 0: taken out before the solver sees it.
        let span = match lp.variant.rule() {
            Rule::Touching => len - 1,
            Rule::Disjoint => len,
        };
        let mut taken: std::collections::HashSet<(Point, Dir)> = std::collections::HashSet::new();
        for l in &lp.fixed_lines {
            taken.extend(l.points(len).take(span as usize).map(|p| (p, l.dir)));
        }
        let blocked = |l: &Line| {
            l.points(len).take(span as usize).any(|p| taken.contains(&(p, l.dir)))
                || l.points(len).any(|p| lp.fixed_dots.get(&p) == Some(&0.0))
        };
        let line_var: Vec<_> = lp
            .lines
            .iter()
            .map(|l| {
                let value = if fixed.contains(l) {
                    Some(1.0)
                } else if blocked(l) {
                    Some(0.0)
                } else {
                    None
                };
                var(value, true)
            })
            .collect();
        let fixed_lines = lp.fixed_lines.len() as f64;

        let start_dots = lp.variant.start_count() as f64;
        let mut rows = Vec::new();
        // (LP3): Σ dot − Σ mv = start dots.
        let mut eq = Vec::new();
        let mut rhs = start_dots;
        for v in &dot_var {
            match *v {
                Ok(j) => eq.push((j, 1.0)),
                Err(c) => rhs -= c,
            }
        }
        for v in &line_var {
            match *v {
                Ok(j) => eq.push((j, -1.0)),
                Err(c) => rhs += c,
            }
        }
        rows.push((eq, rhs));
        // Which lines use each unit segment (T) or pass through each point (D), per
        // direction, keyed by (point index, direction).
        let mut users: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
        for (m, line) in lp.lines.iter().enumerate() {
            let d = line.dir.index();
            let count = match lp.variant.rule() {
                Rule::Touching => len - 1, // segments start at the first L-1 points
                Rule::Disjoint => len,
            };
            for q in line.points(len).take(count as usize) {
                users.entry((index[&q], d)).or_default().push(m);
            }
        }
        let mut keys: Vec<_> = users.keys().copied().collect();
        keys.sort_unstable();
        for key in keys {
            let (i, d) = key;
            let ends: Vec<usize> = match lp.variant.rule() {
                // Both ends of the segment from point i along d.
                Rule::Touching => vec![i, index[&lp.points[i].step(Dir::from_index(d), 1)]],
                Rule::Disjoint => vec![i],
            };
            for end in ends {
                let mut row = Vec::new();
                let mut rhs = 0.0;
                for &m in &users[&key] {
                    match line_var[m] {
                        Ok(j) => row.push((j, 1.0)),
                        Err(c) => rhs -= c,
                    }
                }
                match dot_var[end] {
                    Ok(j) => row.push((j, -1.0)),
                    Err(c) => rhs += c,
                }
                if !row.is_empty() {
                    rows.push((row, rhs));
                }
            }
        }
        Built { dot_var, line_var, vars, is_line, rows, fixed_lines }
    }

    fn solve(
        &self,
        lp: &Lp,
        mut progress: impl FnMut(LpProgress) -> bool + Send + Sync + 'static,
    ) -> Result<LpSolution, LpError> {
        let n = self.vars;
        if n == 0 {
            return Err(LpError::Solver("nothing is left to choose: every dot and line is fixed".into()));
        }
        // Rows: the equation, the structural inequalities, then dot <= 1 and −x <= 0. A
        // line's x <= 1 is left out: its segments' rows already hold it under a dot <= 1.
        let dots: Vec<usize> = (0..n).filter(|&j| !self.is_line[j]).collect();
        let m = self.rows.len() + dots.len() + n;
        let mut triplets: Vec<(usize, usize, f64)> = Vec::new();
        let mut b = Vec::with_capacity(m);
        for (r, (row, rhs)) in self.rows.iter().enumerate() {
            triplets.extend(row.iter().map(|&(j, c)| (r, j, c)));
            b.push(*rhs);
        }
        let base = self.rows.len();
        for (k, &j) in dots.iter().enumerate() {
            triplets.push((base + k, j, 1.0));
        }
        for j in 0..n {
            triplets.push((base + dots.len() + j, j, -1.0));
        }
        b.extend(vec![1.0; dots.len()]);
        b.extend(vec![0.0; n]);
        let (ri, (ci, vals)): (Vec<usize>, (Vec<usize>, Vec<f64>)) =
            triplets.into_iter().map(|(r, c, v)| (r, (c, v))).unzip();
        let a = CscMatrix::new_from_triplets(m, n, ri, ci, vals);
        let p = CscMatrix::<f64>::zeros((n, n));
        let q: Vec<f64> = self.is_line.iter().map(|&l| if l { -1.0 } else { 0.0 }).collect();
        let cones: [SupportedConeT<f64>; 2] = [ZeroConeT(1), NonnegativeConeT(m - 1)];
        let settings = DefaultSettingsBuilder::default()
            .verbose(false)
            .max_iter(400)
            .direct_solve_method(KKT_SOLVER.to_string())
            .tol_gap_abs(1e-10)
            .tol_gap_rel(1e-10)
            .tol_feas(1e-10)
            .build()
            .map_err(|e| LpError::Solver(e.to_string()))?;
        let mut solver = DefaultSolver::new(&p, &q, &a, &b, &cones, settings)
            .map_err(|e| LpError::Solver(format!("{e:?}")))?;
        let fixed = self.fixed_lines;
        solver.set_termination_callback(move |info: &DefaultInfo<f64>| {
            progress(LpProgress {
                iteration: info.iterations,
                primal: fixed - info.cost_primal,
                dual: fixed - info.cost_dual,
            })
        });
        solver.solve();
        let sol = &solver.solution;
        match sol.status {
            SolverStatus::Solved
            | SolverStatus::AlmostSolved
            | SolverStatus::MaxIterations
            | SolverStatus::MaxTime
            | SolverStatus::InsufficientProgress
            | SolverStatus::CallbackTerminated => {}
            other => return Err(LpError::Solver(format!("{other:?}"))),
        }
        let objective = self.certified_bound(&sol.z);
        if !objective.is_finite() {
            return Err(LpError::Solver(format!("no usable dual values ({:?})", sol.status)));
        }
        let value = |v: &Result<usize, f64>| match *v {
            Ok(j) => sol.x[j].clamp(0.0, 1.0),
            Err(c) => c,
        };
        let lines = lp
            .lines
            .iter()
            .zip(&self.line_var)
            .map(|(&l, v)| (l, value(v)))
            .filter(|&(_, x)| x > 1e-6)
            .collect();
        let dots = lp.points.iter().zip(&self.dot_var).map(|(&p, v)| (p, value(v))).collect();
        Ok(LpSolution {
            objective,
            primal: fixed - sol.obj_val,
            lines,
            dots,
            iterations: sol.iterations,
            size: (n, m),
        })
    }

    /// Weak duality on the structural rows' multipliers `z` (see the module's text),
    /// rounded up at 1e-5 after a margin for the sum's own rounding: each product and sum
    /// is off by at most a few ulps of the largest magnitude it passes, so 1e-12 of the sum
    /// of the terms' magnitudes covers any realistic count of terms.
    fn certified_bound(&self, z: &[f64]) -> f64 {
        let mut reduced: Vec<f64> = self.is_line.iter().map(|&l| if l { 1.0 } else { 0.0 }).collect();
        let mut bound = self.fixed_lines;
        let mut magnitude = self.fixed_lines.abs() + 1.0;
        for (r, (row, rhs)) in self.rows.iter().enumerate() {
            let y = if r == 0 { z[0] } else { z[r].max(0.0) };
            if !y.is_finite() {
                return f64::NAN;
            }
            bound += y * rhs;
            magnitude += (y * rhs).abs();
            for &(j, c) in row {
                reduced[j] -= y * c;
                magnitude += (y * c).abs();
            }
        }
        bound += reduced.iter().map(|&r| r.max(0.0)).sum::<f64>();
        ((bound + 1e-12 * magnitude + 1e-9) * 1e5).ceil() / 1e5
    }
}

/// The square board of `n` points a side (the paper's Fig. 2).
pub fn square(n: u32) -> Vec<Point> {
    let n = n as i32;
    (0..n).flat_map(|y| (0..n).map(move |x| Point::new(x, y))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(variant: Variant, points: Vec<Point>) -> LpSolution {
        Lp::new(variant, points).unwrap().solve(|_| false).unwrap()
    }

    #[test]
    fn figure_2_small_squares() {
        let s = solve(Variant::T5, square(10));
        assert!(s.objective >= 64.0 && s.objective < 64.0 + 1e-4, "{}", s.objective);
        assert!(s.primal <= s.objective);
    }

    #[test]
    fn bad_boards_and_outside_points_are_errors() {
        let mut lp = Lp::new(Variant::T5, square(6)).unwrap();
        assert_eq!(lp.fix_dot(Point::new(9, 9), true), Err(LpError::Outside(Point::new(9, 9))));
        assert!(matches!(Lp::new(Variant::T5, square(120)), Err(LpError::TooBig)));
        let huge =
            crate::bounds::Octagon::parse_board("octagon:1000,1000,1000,1000,1000,1000,1000,1000").unwrap();
        assert!(matches!(Lp::new(Variant::T5, huge.lattice_points()), Err(LpError::TooBig)));
        assert!(matches!(Lp::new(Variant::T5, square(5)), Err(LpError::TooSmall { points: 25, start: 36 })));
        let one = LpError::TooSmall { points: 1, start: 36 }.to_string();
        assert_eq!(one, "the board has 1 point, fewer than the 36 dots the game starts with");
    }
}
