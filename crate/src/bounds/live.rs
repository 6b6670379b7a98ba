//! Bounds for a game in progress: how many moves the game can still reach in all, whatever
//! is played next. Each is proved in `bounds.md`; in short:
//!
//! * **Game over**: the score.
//! * **5T, the hull bound**: the final position's octagonal hull holds today's and is one
//!   of the final hulls of [`admissible::final_hulls`] (Theorem 1 with the potential 288),
//!   so the final dots number at most its points, less today's empty points inside today's
//!   hull that no line can ever reach. 705 at the start.
//! * **D (L >= 5) and T (L >= 6), the potential bound**: the potential's sum falls by a
//!   fixed amount a move (see [`potential`]) and never goes below what is stuck for good
//!   (free segment ends or direction slots at today's dots that no line can ever use).
//!   144 at the start of 5D.
//! * **A published proof, from the cross**: Michalewski, Nagórko and Pawlewicz proved that
//!   no game from the cross goes beyond 485 moves in 5T (2015) and 84 in 5D (2016), with
//!   integer programs no page could re-solve; Michael Quist's complete search of every 4T
//!   and 4D game from the cross (2008) found none beyond 62 and 35 moves, which Hyyrö and
//!   Poranen's games reach. Cited, not checked here: it counts where it beats this
//!   program's own argument (along Rosin's records, at every move before the last: the
//!   hull says 705 at every move of the 178 before its end, the potential 142 late in the
//!   82; lines of 4 have no argument of their own), and `argued` keeps that argument's
//!   bound.
//! * **5T, the LP bound** (on request, slower): the LP of the board holding every final hull
//!   that can hold today's hull, with today's dots and lines fixed and the points that can
//!   never be filled fixed empty.
//!
//! Each can only fall as moves are played: the hulls that can still hold today's hull, the
//! LP's board and its free variables only shrink; what is stuck stays stuck.

use super::admissible::{self, final_hulls, Shape};
use super::lp::{Lp, LpError, LpProgress, LpSolution};
use super::octagon::Octagon;
use super::potential::{self, total_from, Grid, PotentialMap};
use crate::position::Position;
use crate::variant::Variant;

/// Which argument gave a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundKind {
    /// No legal move is left.
    GameOver,
    /// The largest final hull that can hold today's (5T).
    Hull,
    /// The potential that is left (D, and T with lines of 6).
    Potential,
    /// The best published proof for games from the cross ([`published_bound`]).
    Published,
}

/// The most moves a game from the cross can have in all, by the best published proof
/// (bounds.md): 485 in 5T (Michalewski, Nagórko and Pawlewicz 2015) and 84 in 5D (the
/// same authors, 2016); 62 in 4T and 35 in 4D (Quist's complete search, 2008: the longest
/// games, not only bounds); `None` for the variants without one.
pub fn published_bound(variant: Variant) -> Option<usize> {
    match variant {
        Variant::T5 => Some(485),
        Variant::D5 => Some(84),
        Variant::T4 => Some(62),
        Variant::D4 => Some(35),
        _ => None,
    }
}

/// Who proved [`published_bound`], in a few words (the command line's).
pub fn published_by(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::T5 | Variant::D5 => Some("the published proof of Michalewski, Nagórko and Pawlewicz"),
        Variant::T4 | Variant::D4 => Some("Michael Quist's complete search of every game from the cross"),
        _ => None,
    }
}

impl BoundKind {
    /// `game_over`, `hull`, `potential` or `published`, as the JSON outputs write it.
    pub fn name(self) -> &'static str {
        match self {
            BoundKind::GameOver => "game_over",
            BoundKind::Hull => "hull",
            BoundKind::Potential => "potential",
            BoundKind::Published => "published",
        }
    }
}

/// The live bound of a position and what it was made of.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveBound {
    /// The most moves the game can reach in all (score included); `None` when this program
    /// knows no bound (lines of 3; lines of 4 from another start than the cross).
    pub upper_bound: Option<usize>,
    /// The argument that gave `upper_bound`.
    pub kind: Option<BoundKind>,
    /// This program's own argument (the hull, the potential or the game's end) and its
    /// bound, which a published proof may beat (`kind` is then `Published`); `None` where
    /// it has none (lines of 3 and 4 before the game's end).
    pub argued: Option<(usize, BoundKind)>,
    /// Moves played.
    pub score: usize,
    /// Today's octagonal hull.
    pub hull: Octagon,
    /// The sum of the potential over the dots.
    pub potential: u64,
    /// Each dot's potential, the start cross first.
    pub dots: Vec<(crate::geom::Point, u8)>,
    /// Empty points inside today's hull that no line can ever reach.
    pub never_filled: usize,
    /// Free segment ends (T) or direction slots (D) that no line can ever use.
    pub stuck: u32,
    /// 5T: the largest final hull that can still hold today's (edges and points).
    pub final_hull: Option<Shape>,
}

/// The live bound of `pos` (cheap: well under a millisecond for a record game).
pub fn live_bound(pos: &Position) -> LiveBound {
    let variant = pos.variant();
    let grid = Grid::of(pos);
    let hull = Octagon::hull(pos.dots()).expect("a position has dots");
    let never_filled = hull.lattice_points().filter(|&p| grid.never_filled(p)).count();
    let stuck: u32 = pos.dots().map(|p| grid.stuck_ends(p)).sum();
    let map = PotentialMap::on(pos, &grid);
    let potential = map.total();
    let score = pos.score();
    let mut out = LiveBound {
        upper_bound: None,
        kind: None,
        argued: None,
        score,
        hull,
        potential,
        dots: map.dots,
        never_filled,
        stuck,
        final_hull: None,
    };
    let cross = pos.start().is_cross(variant);
    if variant == Variant::T5 && cross {
        out.final_hull = admissible::largest_holding(&hull);
        if let Some(shape) = out.final_hull {
            let start = variant.start_count();
            out.upper_bound = Some((shape.points as usize).saturating_sub(start + never_filled).max(score));
            out.kind = Some(BoundKind::Hull);
        }
    } else if potential::potential_spent_per_move(variant) > 0 {
        let spent = potential::potential_spent_per_move(variant);
        let start = total_from(variant, pos.start().len(), 0);
        out.upper_bound = Some((((start - i64::from(stuck)) / spent).max(score as i64)) as usize);
        out.kind = Some(BoundKind::Potential);
    }
    if pos.is_finished() {
        out.upper_bound = Some(score);
        out.kind = Some(BoundKind::GameOver);
    }
    out.argued = out.upper_bound.zip(out.kind);
    let published = published_bound(variant).filter(|_| cross);
    if let Some(p) = published.filter(|&p| out.upper_bound.is_none_or(|n| p < n)) {
        out.upper_bound = Some(p.max(score));
        out.kind = Some(BoundKind::Published);
    }
    out
}

/// The LP bound of a 5T position, with the board it was solved on.
#[derive(Clone, Debug, PartialEq)]
pub struct LpBound {
    /// The most moves the game can reach in all, by the LP (the floor of its objective).
    pub lp_bound: usize,
    /// The solved LP.
    pub solution: LpSolution,
    /// The board: an octagon holding every final hull that can still hold today's.
    pub region: Octagon,
}

/// Why a position has no LP bound.
#[derive(Clone, Debug, PartialEq)]
pub enum PositionLpError {
    /// The LP bound is argued for 5T only (the final hull is confined only there).
    Variant(Variant),
    /// No listed final hull can hold the position's hull: not a 5T game from the cross.
    NoFinalHull,
    /// The final hulls are argued from the cross: a game from another start has none.
    NotTheCross,
    /// The LP failed.
    Lp(LpError),
}

impl std::fmt::Display for PositionLpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionLpError::Variant(v) => write!(
                f,
                "the LP bound of a position needs the final hull confined, which is proved for 5T only, not {v}"
            ),
            PositionLpError::NoFinalHull => {
                write!(f, "no final 5T hull can hold this position: is it a 5T game from the start cross?")
            }
            PositionLpError::NotTheCross => write!(
                f,
                "the LP bound of a position needs the final hull confined, which is proved for games from the start cross only"
            ),
            PositionLpError::Lp(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PositionLpError {}

/// The octagon holding every placement of every final hull that can hold `hull`: where the
/// rest of a 5T game can go.
pub fn reachable_region(hull: &Octagon) -> Option<Octagon> {
    let outer = |p: (i32, i32), q: (i32, i32)| (p.0.min(q.0), p.1.max(q.1));
    let mut region: Option<Octagon> = None;
    for s in final_hulls() {
        let o = Octagon::from_edges(s.edges).expect("listed shapes close");
        // (none when `o` cannot hold the hull anywhere)
        for (dx, (lo, hi)) in o.placements(hull) {
            // The translates for dy in lo..=hi lie between the two extreme ones.
            for dy in [lo, hi] {
                let t = o.translated(dx, dy);
                region = Some(match region {
                    None => t,
                    Some(r) => Octagon {
                        x: outer(r.x, t.x),
                        y: outer(r.y, t.y),
                        d: outer(r.d, t.d),
                        e: outer(r.e, t.e),
                    },
                });
            }
        }
    }
    // The outermost supports need not all be reached by a lattice point: tighten.
    region.and_then(|r| Octagon::hull(r.lattice_points()))
}

/// The LP of a 5T position, ready to solve, and its board (see the module's text).
pub fn position_lp(pos: &Position) -> Result<(Lp, Octagon), PositionLpError> {
    let variant = pos.variant();
    if variant != Variant::T5 {
        return Err(PositionLpError::Variant(variant));
    }
    if !pos.start().is_cross(variant) {
        return Err(PositionLpError::NotTheCross);
    }
    let hull = Octagon::hull(pos.dots()).expect("a position has dots");
    let region = reachable_region(&hull).ok_or(PositionLpError::NoFinalHull)?;
    let grid = Grid::of(pos);
    let mut lp = Lp::new(variant, region.lattice_points()).map_err(PositionLpError::Lp)?;
    for p in pos.dots() {
        lp.fix_dot(p, true).map_err(PositionLpError::Lp)?;
    }
    for p in grid.points().filter(|&p| region.contains(p) && grid.never_filled(p)) {
        lp.fix_dot(p, false).map_err(PositionLpError::Lp)?;
    }
    for line in pos.lines() {
        lp.fix_line(line).map_err(PositionLpError::Lp)?;
    }
    Ok((lp, region))
}

/// Solves [`position_lp`]: the LP bound of a 5T position. `progress` as in [`Lp::solve`].
pub fn lp_bound(
    pos: &Position,
    progress: impl FnMut(LpProgress) -> bool + Send + Sync + 'static,
) -> Result<LpBound, PositionLpError> {
    let (lp, region) = position_lp(pos)?;
    let solution = lp.solve(progress).map_err(PositionLpError::Lp)?;
    let lp_bound = whole_moves(solution.objective, pos.score());
    Ok(LpBound { lp_bound, solution, region })
}

/// The most whole moves an LP objective allows a game of `score` moves so far: its floor
/// (the objective is already rounded up), never below the moves played.
pub fn whole_moves(objective: f64, score: usize) -> usize {
    ((objective + 1e-6).floor().max(0.0) as usize).max(score)
}
