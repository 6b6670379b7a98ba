//! n(r)'s tests: Flammenkamp's table for small r, a brute force over every small start,
//! and the refusals.

use super::*;

#[test]
fn small_sizes_match_flammenkamps_table() {
    let r = best_start(Variant::T5, 9, |_| {}).unwrap();
    assert_eq!(r.by_size, vec![0, 0, 0, 0, 1, 1, 1, 2, 2, 3]);
    for size in 1..=3 {
        let small = best_start(Variant::T5, size, |_| {}).unwrap();
        assert_eq!((small.best, small.example.is_none()), (0, true), "r = {size}");
    }
    assert_eq!(best_start("6T".parse().unwrap(), 4, |_| {}).unwrap().best, 0);
    let game = r.example.unwrap();
    assert_eq!(game.score(), 3);
    assert!(game.start().len() <= 9);
}

/// Brute force: every start of r dots in a small box, every game from it (depth
/// first), for r <= 5 in 5T and 5D.
#[test]
fn the_enumeration_agrees_with_brute_force_on_small_starts() {
    fn longest(p: &mut Position) -> usize {
        let mut best = 0;
        for m in p.legal_moves() {
            p.play(m);
            best = best.max(1 + longest(p));
            p.undo();
        }
        best
    }
    for (v, side) in [(Variant::T5, 5), (Variant::D5, 5)] {
        let cells: Vec<Point> = (0..side * side).map(|i| Point::new(i % side, i / side)).collect();
        let r = best_start(v, 5, |_| {}).unwrap();
        for size in 1..=5usize {
            let mut best = 0;
            // every subset of `size` cells (the box holds the best starts of these sizes)
            let mut idx: Vec<usize> = (0..size).collect();
            loop {
                let start = Start::new(idx.iter().map(|&i| cells[i])).unwrap();
                best = best.max(longest(&mut Position::on(v, start)));
                let mut i = size;
                while i > 0 && idx[i - 1] == cells.len() - size + i - 1 {
                    i -= 1;
                }
                if i == 0 {
                    break;
                }
                idx[i - 1] += 1;
                for j in i..size {
                    idx[j] = idx[j - 1] + 1;
                }
            }
            assert_eq!(r.by_size[size], best, "{v} r = {size}");
        }
    }
}

#[test]
fn endless_variants_and_bad_sizes_are_refused() {
    for v in ["3T", "3D", "4T", "4D"] {
        let v: Variant = v.parse().unwrap();
        assert_eq!(best_start(v, 5, |_| {}).unwrap_err(), BestStartError::Endless(v));
    }
    assert_eq!(best_start(Variant::T5, 0, |_| {}).unwrap_err(), BestStartError::Size(0));
    assert!(best_start(Variant::T5, MAX_SIZE + 1, |_| {}).is_err());
}
