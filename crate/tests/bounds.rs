//! The bounds against the papers and against every record: the potential's invariant, the
//! live bound's validity, the LP's published values, and the LP solver against a second,
//! different algorithm.

use morpion::bounds::potential::{per_dot_potential, total_after};
use morpion::bounds::{live_bound, lp_bound, square, BoundKind, Lp, Octagon, PotentialMap};
use morpion::geom::{Dir, Line, Point};
use morpion::{library, transform_move, Position, Rule, Start, Symmetry, Variant};
use std::collections::HashMap;

/// Flammenkamp's invariant after every move of every record: 288 in 5T; each dot between 0
/// and its start value, and never rising.
#[test]
fn the_potential_sum_is_the_invariant_after_every_move_of_every_record() {
    for e in library::entries() {
        let game = e.game();
        let v = game.variant();
        let mut pos = Position::new(v);
        let mut before: HashMap<Point, u8> = HashMap::new();
        for (k, &m) in game.moves().iter().enumerate() {
            pos.play(m);
            let map = PotentialMap::of(&pos);
            assert_eq!(map.total() as i64, total_after(v, k + 1), "{} after move {}", e.name, k + 1);
            if v == Variant::T5 {
                assert_eq!(map.total(), 288);
            }
            for &(p, f) in &map.dots {
                assert!(f <= per_dot_potential(v));
                if let Some(&old) = before.get(&p) {
                    assert!(f <= old, "{}: the potential rose at {p} at move {}", e.name, k + 1);
                }
                before.insert(p, f);
            }
        }
    }
}

/// Every prefix of every embedded record, in all 8 symmetries: the live bound is at least
/// the record's final score, never rises, and is the score once the game is over.
#[test]
fn the_live_bound_holds_on_every_prefix_of_every_record_in_every_symmetry() {
    for e in library::entries() {
        let game = e.game();
        let v = game.variant();
        for sym in Symmetry::all() {
            let moves: Vec<_> = game.moves().iter().map(|&m| transform_move(m, sym, v)).collect();
            let mut pos = Position::new(v);
            let mut last = usize::MAX;
            let mut last_argued = usize::MAX;
            for k in 0..=moves.len() {
                if k > 0 {
                    pos.play(moves[k - 1]);
                }
                let b = live_bound(&pos);
                let Some(n) = b.upper_bound else {
                    assert!(v.line_len() <= 4, "{v} should have a bound");
                    continue;
                };
                assert!(
                    n >= moves.len(),
                    "{} {sym:?} move {k}: bound {n} < final score {}",
                    e.name,
                    moves.len()
                );
                assert!(n <= last, "{} {sym:?} move {k}: the bound rose from {last} to {n}", e.name);
                last = n;
                // this program's own argument, which a published proof may hide, holds too
                // (lines of 4 have none before the game's end: their bound is the complete search's)
                let Some((a, _)) = b.argued else {
                    assert!(
                        v.line_len() == 4 && b.kind == Some(BoundKind::Published),
                        "{} move {k}: no argument",
                        e.name
                    );
                    continue;
                };
                assert!(a >= moves.len() && a >= n, "{} {sym:?} move {k}: argued {a}", e.name);
                assert!(a <= last_argued, "{} {sym:?} move {k}: the argued bound rose", e.name);
                last_argued = a;
            }
            if pos.is_finished() && v.line_len() >= 4 {
                assert_eq!(live_bound(&pos).upper_bound, Some(moves.len()));
                assert_eq!(live_bound(&pos).kind, Some(BoundKind::GameOver));
            }
        }
    }
}

#[test]
fn the_live_bounds_at_the_start() {
    let t = live_bound(&Position::new(Variant::T5));
    assert_eq!((t.upper_bound, t.kind), (Some(485), Some(BoundKind::Published)));
    assert_eq!(t.argued, Some((705, BoundKind::Hull)));
    assert_eq!(t.hull.edges(), [3; 8]);
    assert_eq!(t.potential, 288);
    let d = live_bound(&Position::new(Variant::D5));
    assert_eq!((d.upper_bound, d.kind), (Some(84), Some(BoundKind::Published)));
    assert_eq!(d.argued, Some((144, BoundKind::Potential)));
    // lines of 4: the longest games from the cross, found by a complete search (no own argument)
    for (v, n) in [(Variant::T4, 62), (Variant::D4, 35)] {
        let b = live_bound(&Position::new(v));
        assert_eq!((b.upper_bound, b.kind, b.argued), (Some(n), Some(BoundKind::Published), None), "{v}");
    }
    assert_eq!(live_bound(&Position::new("3T".parse().unwrap())).upper_bound, None);
    // the published proofs are of games from the cross: another start has only its own
    let ten = Start::from_code("FGBCQoYIM").unwrap();
    let t = live_bound(&Position::on(Variant::T5, ten.clone()));
    assert_eq!((t.upper_bound, t.kind, t.argued), (None, None, None));
    let d = live_bound(&Position::on(Variant::D5, ten));
    assert_eq!(d.kind, Some(BoundKind::Potential));
    assert_eq!(d.argued, d.upper_bound.zip(d.kind));
}

fn lp_value(variant: Variant, points: Vec<Point>) -> (f64, f64) {
    let s = Lp::new(variant, points).unwrap().solve(|_| false).unwrap();
    assert!(s.primal <= s.objective + 1e-9, "the proven bound lies above the solver's primal");
    (s.objective, s.primal)
}

/// The paper's Fig. 2 (n points a side), its Theorem 3, and the 5D relaxation's 144.
#[test]
fn the_lp_reproduces_the_paper() {
    for (n, value) in [(10, 64.00), (20, 278.50), (30, 619.53)] {
        let (bound, primal) = lp_value(Variant::T5, square(n));
        assert!((primal - value).abs() < 0.006, "square {n}: {primal}");
        assert!(bound >= primal && bound - primal < 1e-4, "square {n}: {bound}");
    }
    let o = Octagon::from_edges([10, 8, 10, 12, 10, 8, 10, 12]).unwrap();
    assert_eq!(o.points(), 733);
    let lp = Lp::new(Variant::T5, o.lattice_points()).unwrap();
    assert_eq!(lp.lines().len(), 2356);
    let s = lp.solve(|_| false).unwrap();
    assert!(s.objective >= 586.82353 && s.objective < 586.8236, "{}", s.objective);
    let (bound, _) = lp_value(Variant::D5, square(20));
    assert!((144.0..144.0001).contains(&bound), "5D on 20 points a side: {bound}");
}

/// The same LP written out independently here and solved by microlp's simplex.
fn simplex_value(variant: Variant, points: &[Point], fixed: &[Line]) -> f64 {
    use microlp::{ComparisonOp, OptimizationDirection, Problem};
    let len = variant.line_len();
    let set: std::collections::HashSet<Point> = points.iter().copied().collect();
    let mut pb = Problem::new(OptimizationDirection::Maximize);
    let fixed_dots: std::collections::HashSet<Point> =
        variant.start_dots().into_iter().chain(fixed.iter().flat_map(|l| l.points(len))).collect();
    let dot: HashMap<Point, microlp::Variable> = points
        .iter()
        .map(|&p| {
            let lo = if fixed.is_empty() || !fixed_dots.contains(&p) { 0.0 } else { 1.0 };
            (p, pb.add_var(0.0, (lo, 1.0)))
        })
        .collect();
    let mut lines = Vec::new();
    for &p in points {
        for d in Dir::ALL {
            let l = Line::new(p, d);
            if l.points(len).all(|q| set.contains(&q)) {
                let lo = if fixed.contains(&l) { 1.0 } else { 0.0 };
                lines.push((l, pb.add_var(1.0, (lo, 1.0))));
            }
        }
    }
    // (LP3)
    let mut eq: Vec<_> = dot.values().map(|&v| (v, 1.0)).collect();
    eq.extend(lines.iter().map(|&(_, v)| (v, -1.0)));
    pb.add_constraint(&eq, ComparisonOp::Eq, (12 * variant.arm()) as f64);
    // (LP2), or the 5D form: per point (T: per segment start), direction, and end.
    for &p in points {
        for d in Dir::ALL {
            let users: Vec<_> = lines
                .iter()
                .filter(|(l, _)| {
                    l.dir == d
                        && match variant.rule() {
                            Rule::Touching => (0..len as i32 - 1).any(|k| l.point(k) == p),
                            Rule::Disjoint => l.points(len).any(|q| q == p),
                        }
                })
                .map(|&(_, v)| (v, 1.0))
                .collect();
            if users.is_empty() {
                continue;
            }
            let ends = match variant.rule() {
                Rule::Touching => vec![p, p.step(d, 1)],
                Rule::Disjoint => vec![p],
            };
            for end in ends {
                let mut row = users.clone();
                row.push((dot[&end], -1.0));
                pb.add_constraint(&row, ComparisonOp::Le, 0.0);
            }
        }
    }
    match pb.solve().unwrap() {
        microlp::SolveOutcome::Solution(s) => s.objective(),
        other => panic!("the simplex did not finish: {other:?}"),
    }
}

#[test]
fn clarabel_agrees_with_a_simplex_on_small_boards() {
    let mut boards: Vec<Vec<Point>> = (6..=9).map(square).collect();
    for edges in [[3, 2, 3, 2, 3, 2, 3, 2], [4, 1, 2, 3, 3, 2, 1, 3], [2, 3, 4, 0, 4, 2, 4, 1]] {
        boards.push(Octagon::from_edges(edges).unwrap().lattice_points().collect());
    }
    for v in [Variant::T5, Variant::D5] {
        for b in &boards {
            let (bound, primal) = lp_value(v, b.clone());
            let simplex = simplex_value(v, b, &[]);
            assert!(bound >= simplex - 1e-9, "{v} on {} points: {bound} < simplex {simplex}", b.len());
            assert!((primal - simplex).abs() < 1e-5, "{v} on {} points: {primal} vs {simplex}", b.len());
        }
    }
    // A position fixed on a board around the cross: two first moves of 5T.
    let mut pos = Position::new(Variant::T5);
    for m in pos.legal_moves().into_iter().take(1) {
        pos.play(m);
    }
    let m = pos.legal_moves()[3];
    pos.play(m);
    let board: Vec<Point> = (-2..12).flat_map(|y| (-2..12).map(move |x| Point::new(x, y))).collect();
    let fixed: Vec<Line> = pos.lines().collect();
    let mut lp = Lp::new(Variant::T5, board.clone()).unwrap();
    for p in pos.dots() {
        lp.fix_dot(p, true).unwrap();
    }
    for &l in &fixed {
        lp.fix_line(l).unwrap();
    }
    let s = lp.solve(|_| false).unwrap();
    let simplex = simplex_value(Variant::T5, &board, &fixed);
    assert!(
        s.objective >= simplex - 1e-9 && (s.primal - simplex).abs() < 1e-5,
        "{} vs {simplex}",
        s.objective
    );
}

/// The LP bound of a game in progress: Rosin's 178 one move before its end is proved to
/// end by move 178 (a check of the region, the fixing and the rounding together).
#[test]
fn the_lp_bound_of_rosins_178_near_its_end_is_178() {
    let game = library::find("5t-178-rosin").unwrap().game();
    let pos = Position::from_moves(Variant::T5, &game.moves()[..177]).unwrap();
    let b = lp_bound(&pos, |_| false).unwrap();
    assert_eq!(b.lp_bound, 178);
    assert!(b.solution.objective >= 178.0);
}
