//! Where the numbers of the lines offered at a point go: each beside its line's middle, on
//! the side away from the line. Lines through one point can lie on one track a cell apart
//! (in 5T, the new dot at either of two places on the same row), and on a small board, a
//! phone's, their middles are closer than two badges are wide: a badge that would cover an
//! earlier one moves further out from its line until it is clear of all of them.

/// Screen coordinates.
type Xy = (f64, f64);

/// A badge's radius on a board of `cell` pixels between points: a third of a cell, kept
/// readable on a small board and modest on a large one.
pub fn badge_radius(cell: f64) -> f64 {
    (cell * 0.3).clamp(7.0, 14.0)
}

/// The centre of each line's badge, the lines given by their ends on the screen, in order:
/// half a cell off the line's middle (where no dot can be), perpendicular to it and always
/// toward the upper side, then further out by a badge's width at a time, at most as many
/// times as there are lines, while it would touch a badge placed before it.
pub fn badge_places(lines: &[(Xy, Xy)], cell: f64) -> Vec<Xy> {
    let r = badge_radius(cell);
    let clear = 2.0 * r + 1.0;
    let mut placed: Vec<Xy> = Vec::with_capacity(lines.len());
    for &((ax, ay), (bx, by)) in lines {
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let (dx, dy) = (bx - ax, by - ay);
        let n = (dx * dx + dy * dy).sqrt().max(1e-9);
        // perpendicular, toward the upper side (so that two parallel lines' badges part)
        let (mut px, mut py) = (-dy / n, dx / n);
        if py > 0.0 || (py == 0.0 && px < 0.0) {
            (px, py) = (-px, -py);
        }
        let at = |k: usize| {
            let off = cell * 0.5 + k as f64 * clear;
            (mx + px * off, my + py * off)
        };
        let free = |c: Xy| placed.iter().all(|q| (c.0 - q.0).hypot(c.1 - q.1) >= clear);
        let spot = (0..=lines.len()).map(at).find(|&c| free(c)).unwrap_or_else(|| at(0));
        placed.push(spot);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apart(places: &[Xy], cell: f64) -> bool {
        let clear = 2.0 * badge_radius(cell);
        places
            .iter()
            .enumerate()
            .all(|(i, a)| places[i + 1..].iter().all(|b| (a.0 - b.0).hypot(a.1 - b.1) >= clear))
    }

    #[test]
    fn a_badge_sits_half_a_cell_above_its_line_s_middle() {
        let places = badge_places(&[((0.0, 100.0), (160.0, 100.0))], 40.0);
        assert_eq!(places, vec![(80.0, 80.0)]);
        // a vertical line's goes to its right, a diagonal's above it
        let places = badge_places(&[((100.0, 0.0), (100.0, 160.0))], 40.0);
        assert_eq!(places, vec![(120.0, 80.0)]);
        let [(x, y)] = badge_places(&[((0.0, 0.0), (160.0, 160.0))], 40.0)[..] else { panic!() };
        assert!(y < x, "above the diagonal: ({x}, {y})");
    }

    #[test]
    fn lines_on_one_track_a_cell_apart_get_badges_that_do_not_meet_on_a_small_board() {
        for cell in [6.0, 10.0, 14.0, 20.0, 40.0] {
            // two rows of 5 points through one point, shifted by one: middles a cell apart;
            // and a column and a diagonal through the same point
            let lines = [
                ((0.0, 0.0), (4.0 * cell, 0.0)),
                ((cell, 0.0), (5.0 * cell, 0.0)),
                ((2.0 * cell, -2.0 * cell), (2.0 * cell, 2.0 * cell)),
                ((0.0, -2.0 * cell), (4.0 * cell, 2.0 * cell)),
            ];
            let places = badge_places(&lines, cell);
            assert!(apart(&places, cell), "cell {cell}: {places:?}");
        }
        // where they do not meet, none moves
        let cell = 40.0;
        let lines = [((0.0, 0.0), (4.0 * cell, 0.0)), ((cell, 0.0), (5.0 * cell, 0.0))];
        assert_eq!(badge_places(&lines, cell), vec![(2.0 * cell, -cell / 2.0), (3.0 * cell, -cell / 2.0)]);
    }
}
