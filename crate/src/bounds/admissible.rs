//! The admissible octagons of the 485 paper (Theorem 2), and the list of shapes a final
//! 5T position's hull can take that the live bound searches.
//!
//! Lemma 4's closure conditions (O2), (O3) leave six free edge lengths; the potential
//! condition (O1) = 288 + modifier fixes one more, since (O1) rewritten with (O2), (O3) is
//! `8 + 2a2 + 4a3 + 8a4 + 6a5 + 6a6 + 2a7`. So five loops enumerate everything, pruned by
//! the potential already spent. The cross must fit: that is tested on the geometry (some
//! translate of the octagon holds the cross's hull), not with the printed thresholds of
//! (O4)–(O6), whose unit does not match the count.

use super::octagon::{orientations, Edges, Octagon};
use crate::variant::Variant;
use std::sync::OnceLock;

/// The potential of every 5T position (8 × 36, Lemma 5).
pub const POTENTIAL_5T: u64 = 288;

/// An octagon of the list, with its point count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Edge lengths a1..a8.
    pub edges: Edges,
    /// Lattice points inside.
    pub points: u32,
}

/// Every octagon of Theorem 2 as the paper counts it: closed (O2, O3), potential exactly
/// 288 + modifier, in the orientation (O7) a1 >= a3, a5, a7 and (O8) a8 >= a2, and (O4)–(O6)
/// read with the thresholds in points, as lengths in steps: a1 + a2 + a3, a8 + a1 + a2 and
/// a2 + a3 + a4 at least 9. That gives the paper's 126,912.
pub fn admissible() -> Vec<Shape> {
    enumerate(|a, _| a[0] + a[1] + a[2] >= 9 && a[7] + a[0] + a[1] >= 9 && a[1] + a[2] + a[3] >= 9)
}

/// The same octagons with the exact condition instead of (O4)–(O6): some translate holds
/// the cross. 126,727 of them; 15 are missing from the paper's list (all under 470 points,
/// long along a diagonal: their LP is at most points − 36 < 485, so neither theorem moves).
pub fn holding_cross() -> Vec<Shape> {
    let cross = Octagon::hull(Variant::T5.start_dots()).expect("the cross has dots");
    enumerate(|_, o| o.can_hold(&cross))
}

/// Closed octagons of potential 288 + modifier in the orientation (O7), (O8) that `keep`
/// accepts.
fn enumerate(keep: impl Fn(&Edges, &Octagon) -> bool) -> Vec<Shape> {
    let mut out = Vec::new();
    for modifier in [0u64, 2, 4] {
        let budget = (POTENTIAL_5T + modifier - 8) as i64; // = 2a2 + 4a3 + 8a4 + 6a5 + 6a6 + 2a7
        for a2 in 0..=budget / 2 {
            let r2 = budget - 2 * a2;
            for a3 in 0..=r2 / 4 {
                let r3 = r2 - 4 * a3;
                for a4 in 0..=r3 / 8 {
                    let r4 = r3 - 8 * a4;
                    for a5 in 0..=r4 / 6 {
                        let r5 = r4 - 6 * a5;
                        for a6 in 0..=r5 / 6 {
                            let a7 = (r5 - 6 * a6) / 2; // budget is even, so exact
                            let a8 = a2 + a3 + a4 - a6 - a7;
                            let a1 = a5 + 2 * a6 + a7 - 2 * a2 - a3;
                            if a8 < 0 || a1 < a3 || a1 < a5 || a1 < a7 || a8 < a2 {
                                continue;
                            }
                            let edges = [a1, a2, a3, a4, a5, a6, a7, a8].map(|v| v as u32);
                            let o = Octagon::from_edges(edges).expect("closed by construction");
                            if o.modifier() == modifier && keep(&edges, &o) {
                                out.push(Shape { edges, points: o.points() as u32 });
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// The rectangles (all four corners) of potential 290 that hold the cross: width + height
/// = 47. Their potential is below 288 + 4, yet every octagon strictly holding one has
/// potential at least 292 with a modifier of at most 2, or at least 296: no octagon of
/// Theorem 2 holds them. A final hull may be one of these, and the live bound must look at
/// them too (see `docs/bounds.md`).
pub fn tight_rectangles() -> Vec<Shape> {
    (9..=38u32)
        .map(|w| [w, 0, 47 - w, 0, w, 0, 47 - w, 0])
        .map(|edges| Shape { edges, points: Octagon::from_edges(edges).unwrap().points() as u32 })
        .collect()
}

/// What a 5T final hull can be, up to translation: every orientation of the octagons of
/// [`holding_cross`] and of the tight rectangles, largest first. Built once (about 10^6
/// shapes, a few tenths of a second).
pub fn final_hulls() -> &'static [Shape] {
    static LIST: OnceLock<Vec<Shape>> = OnceLock::new();
    LIST.get_or_init(|| {
        let mut all: Vec<Shape> = holding_cross()
            .into_iter()
            .chain(tight_rectangles())
            .flat_map(|s| orientations(s.edges).map(|edges| Shape { edges, points: s.points }))
            .collect();
        all.sort_unstable_by(|a, b| b.points.cmp(&a.points).then(a.edges.cmp(&b.edges)));
        all.dedup();
        all
    })
}

/// The largest final hull that can hold `hull` (the hull of a 5T position), if any: the
/// final position lies in it, so `points - 36` bounds the final score.
pub fn largest_holding(hull: &Octagon) -> Option<Shape> {
    final_hulls()
        .iter()
        .copied()
        .find(|s| Octagon::from_edges(s.edges).expect("listed shapes close").can_hold(hull))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theorem_2_counts_126912_and_the_largest_has_741_points() {
        let list = admissible();
        assert_eq!(list.len(), 126_912);
        let best = list.iter().max_by_key(|s| s.points).unwrap();
        assert_eq!((best.edges, best.points), ([10; 8], 741));
        assert_eq!(list.iter().filter(|s| s.points == 741).count(), 1);
        let exact = holding_cross();
        assert_eq!(exact.len(), 126_727);
        let paper: std::collections::HashSet<Edges> = list.iter().map(|s| s.edges).collect();
        let missing: Vec<_> = exact.iter().filter(|s| !paper.contains(&s.edges)).collect();
        assert_eq!(missing.len(), 15);
        // Their LP is at most points - 36 < 485: neither theorem moves.
        assert!(missing.iter().all(|s| s.points < 485 + 36), "{missing:?}");
    }

    #[test]
    fn tight_rectangles_have_potential_290_and_are_held_by_no_admissible_octagon() {
        for r in tight_rectangles() {
            let o = Octagon::from_edges(r.edges).unwrap();
            assert_eq!((o.potential(), o.modifier()), (290, 4));
        }
    }

    /// Random octagons of potential <= 288 + modifier holding the cross each fit in some
    /// listed final hull (the argument of `tight_rectangles`, checked by sampling).
    #[test]
    fn every_possible_hull_fits_in_a_listed_one() {
        let cross = Octagon::hull(Variant::T5.start_dots()).unwrap();
        let mut rng = crate::Rng::new(11);
        let mut checked = 0;
        while checked < 60 {
            let a: Edges = std::array::from_fn(|_| rng.below(15) as u32);
            let Some(o) = Octagon::from_edges(a) else { continue };
            if o.potential() > POTENTIAL_5T + o.modifier() || !o.can_hold(&cross) {
                continue;
            }
            checked += 1;
            let fit = largest_holding(&o).unwrap_or_else(|| panic!("{o} fits in no listed hull"));
            assert!(fit.points as u64 >= o.points());
        }
        // The cross itself: the regular octagon of side 10 comes first.
        assert_eq!(largest_holding(&cross).unwrap().points, 741);
    }
}
