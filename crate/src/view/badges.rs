//! Where the numbers of the lines offered at a point go: each beside its line's middle, on
//! the side away from the line. Lines through one point can lie on one track a cell apart
//! (in 5T, the new dot at either of two places on the same row), and on a small board, a
//! phone's, their middles are closer than two badges are wide: a badge that would cover an
//! earlier one moves further out from its line until it is clear of all of them. A badge
//! the area's edge would cut, or the zoom buttons cover (a line near the top of a short
//! board, a phone turned sideways), goes to the line's other side.

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
/// times as there are lines, while it would touch a badge placed before it. In an area of
/// `size` (width, height) whose top right `covered` (width, height) hides, a place the edge
/// would cut or the corner hide is tried on the lower side after the upper; where every
/// place is hidden, one under the corner rather than off the edge (the corner's buttons
/// leave gaps), and one off the edge both ways (the line itself near it) on the upper side.
pub fn badge_places(lines: &[(Xy, Xy)], cell: f64, size: Xy, covered: Xy) -> Vec<Xy> {
    let r = badge_radius(cell);
    let under = |c: Xy| c.0 + r > size.0 - covered.0 && c.1 - r < covered.1;
    let within = |c: Xy| c.0 >= r && c.1 >= r && c.0 <= size.0 - r && c.1 <= size.1 - r;
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
        let at = |side: f64, k: usize| {
            let off = side * (cell * 0.5 + k as f64 * clear);
            (mx + px * off, my + py * off)
        };
        let free = |c: Xy| placed.iter().all(|q| (c.0 - q.0).hypot(c.1 - q.1) >= clear);
        let tries = |side: f64| (0..=lines.len()).map(move |k| at(side, k));
        let both = || tries(1.0).chain(tries(-1.0));
        let spot = both()
            .find(|&c| free(c) && within(c) && !under(c))
            .or_else(|| both().find(|&c| free(c) && within(c)))
            .or_else(|| tries(1.0).find(|&c| free(c)))
            .unwrap_or_else(|| at(1.0, 0));
        placed.push(spot);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    const AREA: Xy = (400.0, 400.0);
    const NONE: Xy = (0.0, 0.0);

    fn apart(places: &[Xy], cell: f64) -> bool {
        let clear = 2.0 * badge_radius(cell);
        places
            .iter()
            .enumerate()
            .all(|(i, a)| places[i + 1..].iter().all(|b| (a.0 - b.0).hypot(a.1 - b.1) >= clear))
    }

    #[test]
    fn a_badge_sits_half_a_cell_above_its_line_s_middle() {
        let places = badge_places(&[((0.0, 100.0), (160.0, 100.0))], 40.0, AREA, NONE);
        assert_eq!(places, vec![(80.0, 80.0)]);
        // a vertical line's goes to its right, a diagonal's above it
        let places = badge_places(&[((100.0, 0.0), (100.0, 160.0))], 40.0, AREA, NONE);
        assert_eq!(places, vec![(120.0, 80.0)]);
        let [(x, y)] = badge_places(&[((20.0, 20.0), (180.0, 180.0))], 40.0, AREA, NONE)[..] else {
            panic!()
        };
        assert!(y < x, "above the diagonal: ({x}, {y})");
    }

    #[test]
    fn a_badge_the_edge_would_cut_goes_to_the_line_s_other_side() {
        // a row 6 pixels below the top: above it the badge would be cut, so it goes below
        let cell = 40.0;
        let places = badge_places(&[((0.0, 6.0), (160.0, 6.0))], cell, AREA, NONE);
        assert_eq!(places, vec![(80.0, 26.0)]);
        // a column at the right edge: its badge goes to the left
        let places = badge_places(&[((398.0, 100.0), (398.0, 260.0))], cell, AREA, NONE);
        assert_eq!(places, vec![(378.0, 180.0)]);
        // two lines on one track at the top edge: both below, still apart
        let lines = [((0.0, 4.0), (4.0 * cell, 4.0)), ((cell, 4.0), (5.0 * cell, 4.0))];
        let places = badge_places(&lines, cell, AREA, NONE);
        assert!(apart(&places, cell), "{places:?}");
        let r = badge_radius(cell);
        assert!(places.iter().all(|&(_, y)| y >= r), "inside: {places:?}");
        // a line cut on both sides (a board thinner than a badge) keeps the upper side
        let places = badge_places(&[((0.0, 10.0), (160.0, 10.0))], cell, (400.0, 20.0), NONE);
        assert_eq!(places, vec![(80.0, -10.0)]);
    }

    #[test]
    fn a_badge_under_the_zoom_buttons_goes_to_the_line_s_other_side() {
        // a row 60 pixels down at the right, under buttons 150 x 50 in a row: below its line
        let cell = 40.0;
        let line = [((240.0, 60.0), (400.0, 60.0))];
        assert_eq!(badge_places(&line, cell, AREA, NONE), vec![(320.0, 40.0)]);
        assert_eq!(badge_places(&line, cell, AREA, (150.0, 50.0)), vec![(320.0, 80.0)]);
        // clear of the buttons' left edge, it stays above
        let line = [((0.0, 60.0), (160.0, 60.0))];
        assert_eq!(badge_places(&line, cell, AREA, (150.0, 50.0)), vec![(80.0, 40.0)]);
        // a row at the top edge under the buttons: off the edge above, under the buttons
        // below, and below it is, in sight between them
        let line = [((240.0, 4.0), (400.0, 4.0))];
        assert_eq!(badge_places(&line, cell, AREA, (150.0, 50.0)), vec![(320.0, 24.0)]);
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
            // drawn in the middle of the area, away from its edges
            let shift = |(x, y): Xy| (x + 200.0, y + 200.0);
            let lines = lines.map(|(a, b)| (shift(a), shift(b)));
            let places = badge_places(&lines, cell, AREA, NONE);
            assert!(apart(&places, cell), "cell {cell}: {places:?}");
        }
        // where they do not meet, none moves
        let cell = 40.0;
        let lines = [((0.0, 100.0), (4.0 * cell, 100.0)), ((cell, 100.0), (5.0 * cell, 100.0))];
        assert_eq!(
            badge_places(&lines, cell, AREA, NONE),
            vec![(2.0 * cell, 100.0 - cell / 2.0), (3.0 * cell, 100.0 - cell / 2.0)]
        );
    }
}
