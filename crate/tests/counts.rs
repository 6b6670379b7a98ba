//! The count tables of shared/spec/rules.md: the perft of the game, from the cross as the
//! cross and as a start given by its dots; and counts from other starts.

use morpion::count::{count_positions, count_sequences};
use morpion::{Line, Point, Position, Start, Symmetry, Variant};
use std::collections::HashSet;

/// The cross of `v` given as a custom start: its dots, moved far away and listed in
/// reverse. It must be recognised and behave exactly as the cross.
fn cross_as_dots(v: Variant) -> Position {
    let dots = v.start_dots().into_iter().rev().map(|p| Point::new(p.x + 301, p.y - 77));
    let start = Start::new(dots).unwrap();
    assert!(start.is_cross(v));
    Position::on(v, start)
}

#[test]
fn start_positions_have_the_right_number_of_moves() {
    assert_eq!(Position::new(Variant::T5).num_legal_moves(), 28);
    assert_eq!(Position::new(Variant::D5).num_legal_moves(), 28);
    assert_eq!(Position::new(Variant::T4).num_legal_moves(), 40);
    assert_eq!(Position::new(Variant::D4).num_legal_moves(), 40);
    for v in Variant::ALL {
        assert_eq!(cross_as_dots(v).legal_moves(), Position::new(v).legal_moves(), "{v}");
    }
}

#[test]
fn distinct_positions_5t() {
    for root in [Position::new(Variant::T5), cross_as_dots(Variant::T5)] {
        assert_eq!(count_positions(&root, 4, false, |_, _| true), vec![28, 382, 3368, 21497]);
        assert_eq!(count_positions(&root, 4, true, |_, _| true), vec![4, 56, 428, 2741]);
    }
}

#[test]
fn distinct_positions_5d() {
    for root in [Position::new(Variant::D5), cross_as_dots(Variant::D5)] {
        assert_eq!(count_positions(&root, 4, false, |_, _| true), vec![28, 374, 3176, 19281]);
        assert_eq!(count_positions(&root, 4, true, |_, _| true), vec![4, 55, 404, 2462]);
    }
}

#[test]
fn move_sequences() {
    assert_eq!(count_sequences(&Position::new(Variant::T5), 4, |_, _| true), vec![28, 748, 18992, 456520]);
    assert_eq!(count_sequences(&cross_as_dots(Variant::D5), 4, |_, _| true), vec![28, 740, 18416, 430488]);
}

/// Counting up to symmetry uses the start's own symmetries: none for an asymmetric start,
/// so the counts are the plain ones; and every image of a start counts the same.
#[test]
fn counts_from_other_starts_follow_their_symmetries() {
    let v = Variant::T5;
    // the cross without the left dot of its top row: no symmetry is left
    let dots: Vec<Point> = v.start_dots().into_iter().filter(|&p| p != Point::new(3, 0)).collect();
    let notched = Start::new(dots).unwrap();
    assert_eq!(notched.symmetries().count(), 1);
    let plain = count_positions(&Position::on(v, notched.clone()), 3, false, |_, _| true);
    let sym = count_positions(&Position::on(v, notched.clone()), 3, true, |_, _| true);
    assert_eq!(plain, sym);
    for g in morpion::Symmetry::all() {
        let image = Position::on(v, notched.image(g));
        assert_eq!(count_positions(&image, 3, false, |_, _| true), plain, "{g:?}");
    }
    // a row of 8 dots and a centred row of 4 below it: the left-right mirror only
    let bar = Start::parse("0,0 1,0 2,0 3,0 4,0 5,0 6,0 7,0 2,2 3,2 4,2 5,2", v).unwrap();
    assert_eq!(bar.symmetries().count(), 2);
    let root = Position::on(v, bar);
    let plain = count_positions(&root, 3, false, |_, _| true);
    let sym = count_positions(&root, 3, true, |_, _| true);
    assert!(sym.iter().zip(&plain).all(|(s, p)| 2 * s >= *p && s < p), "{sym:?} {plain:?}");
}

/// From a root that already has moves, the counts match a count written straight from
/// the definition: every position 1..=3 moves on, as its set of lines, up to the
/// symmetries of the start (each image's sorted lines, the least). The root's own lines
/// count in a position's images: two continuations that are images of each other are one
/// position only if the whole positions are.
#[test]
fn counts_from_a_root_with_moves_match_the_definition() {
    let mut root = Position::new(Variant::T5);
    for k in [3, 5] {
        let m = root.legal_moves()[k];
        root.play(m);
    }
    fn walk(p: &Position, depth: usize, symmetric: bool, seen: &mut [HashSet<Vec<Line>>]) {
        if depth == seen.len() {
            return;
        }
        for m in p.legal_moves() {
            let mut q = p.clone();
            q.play(m);
            let syms: Vec<Symmetry> =
                if symmetric { q.start().symmetries().collect() } else { vec![Symmetry::IDENTITY] };
            let key = syms
                .iter()
                .map(|&g| {
                    let len = q.variant().line_len();
                    let mut lines: Vec<Line> =
                        q.moves().iter().map(|&m| q.start().map_move(g, m, len).line()).collect();
                    lines.sort();
                    lines
                })
                .min()
                .unwrap();
            seen[depth].insert(key);
            walk(&q, depth + 1, symmetric, seen);
        }
    }
    for symmetric in [false, true] {
        let mut seen = vec![HashSet::new(); 3];
        walk(&root, 0, symmetric, &mut seen);
        let want: Vec<u64> = seen.iter().map(|s| s.len() as u64).collect();
        assert_eq!(count_positions(&root, 3, symmetric, |_, _| true), want, "symmetric: {symmetric}");
    }
}

/// Counts stop at the first depth with nothing to count, whatever depth was asked: a row
/// of five dots has two moves, each of which ends the game (the other would overlap its
/// line), and a lone dot has none.
#[test]
fn counts_end_where_the_games_do() {
    for v in [Variant::T5, Variant::D5] {
        let row = Position::on(v, Start::parse("0,0 1,0 2,0 3,0 4,0", v).unwrap());
        let mut reported = Vec::new();
        let mut report = |n, c| {
            reported.push((n, c));
            true
        };
        assert_eq!(count_positions(&row, 1_000_000, false, &mut report), vec![2, 0], "{v}");
        assert_eq!(count_sequences(&row, usize::MAX, &mut report), vec![2, 0], "{v}");
        assert_eq!(reported, [(1, 2), (2, 0), (1, 2), (2, 0)]);
        assert_eq!(count_sequences(&row, 1, |_, _| true), vec![2], "{v}");
    }
    let lone = Position::on(Variant::T5, Start::parse("0,0", Variant::T5).unwrap());
    assert_eq!(count_sequences(&lone, 3, |_, _| true), vec![0]);
    assert_eq!(count_positions(&lone, 3, false, |_, _| true), vec![0]);
}

/// Each depth is reported as soon as it is counted, in order, and a report that says stop
/// (the output was closed) ends the count there, before any deeper level is walked.
#[test]
fn a_count_reports_each_depth_in_order_and_stops_when_told() {
    let root = Position::new(Variant::T5);
    let mut seen = Vec::new();
    let counts = count_sequences(&root, 5, |n, c| {
        seen.push((n, c));
        n < 2
    });
    assert_eq!(counts, vec![28, 748]);
    assert_eq!(seen, [(1, 28), (2, 748)]);
    seen.clear();
    let counts = count_positions(&root, 5, false, |n, c| {
        seen.push((n, c));
        n < 3
    });
    assert_eq!(counts, vec![28, 382, 3368]);
    assert_eq!(seen, [(1, 28), (2, 382), (3, 3368)]);
}
