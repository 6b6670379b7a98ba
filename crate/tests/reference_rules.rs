//! The engine against a naive implementation written straight from shared/spec/rules.md
//! (sets of dots and lines, no bit tricks), after random games in every variant.

use morpion::{Dir, Line, Move, Point, Position, Rng, Rule, Variant};
use std::collections::HashSet;

/// All legal moves, by brute force over every line near the dots.
fn naive_legal_moves(v: Variant, dots: &HashSet<Point>, lines: &[Line]) -> HashSet<Move> {
    let len = v.line_len() as i32;
    let conflicts = |a: Line, b: Line| -> bool {
        if a.dir != b.dir {
            return false;
        }
        let pa: Vec<Point> = (0..len).map(|i| a.point(i)).collect();
        let pb: Vec<Point> = (0..len).map(|i| b.point(i)).collect();
        let shared = pa.iter().filter(|p| pb.contains(p)).count();
        match v.rule() {
            // at most one shared point (an end point): no unit segment drawn twice
            Rule::Touching => shared >= 2,
            Rule::Disjoint => shared >= 1,
        }
    };
    let mut out = HashSet::new();
    let (x0, x1) =
        (dots.iter().map(|p| p.x).min().unwrap() - len, dots.iter().map(|p| p.x).max().unwrap() + 1);
    let (y0, y1) =
        (dots.iter().map(|p| p.y).min().unwrap() - len, dots.iter().map(|p| p.y).max().unwrap() + len);
    for y in y0..=y1 {
        for x in x0..=x1 {
            for dir in Dir::ALL {
                let line = Line::new(Point::new(x, y), dir);
                let missing: Vec<i32> = (0..len).filter(|&i| !dots.contains(&line.point(i))).collect();
                if missing.len() == 1 && !lines.iter().any(|&l| conflicts(l, line)) {
                    out.insert(Move::from_line(line, missing[0] as u8));
                }
            }
        }
    }
    out
}

#[test]
fn the_engine_agrees_with_the_rules_as_written() {
    let mut rng = Rng::new(31337);
    for v in Variant::ALL {
        for _game in 0..6 {
            let mut p = Position::new(v);
            let mut dots: HashSet<Point> = v.start_dots().into_iter().collect();
            let mut lines = Vec::new();
            for _ in 0..120 {
                let engine: HashSet<Move> = p.legal_moves().into_iter().collect();
                assert_eq!(engine, naive_legal_moves(v, &dots, &lines), "{v} after {} moves", p.score());
                if engine.is_empty() {
                    break;
                }
                let moves = p.legal_moves();
                let m = moves[rng.below(moves.len())];
                p.play(m);
                dots.insert(m.dot);
                lines.push(m.line());
            }
        }
    }
}
