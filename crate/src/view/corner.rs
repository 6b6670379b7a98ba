//! What covers the board's top right (the zoom buttons, given as the width and height of
//! that corner, in pixels) and the view kept out from under it: a fit that leaves the game
//! beside or below it, the keyboard's cursor and the lines offered to choose from panned
//! out of it. Plain geometry on [`Viewport`], tested natively.

use super::viewport::{GridBox, Viewport};
use crate::geom::Point;

/// A rectangle on the screen: left, top, right, bottom, in pixels.
pub type Rect = (f64, f64, f64, f64);

impl Viewport {
    /// Fits as [`fit`](Self::fit) does, then, if one of `points` (a dot, a ring) would be
    /// drawn under `corner` (the width and height, in pixels, of what covers the area's top
    /// right: the zoom buttons), fits again into the area beside those or below them,
    /// whichever gives the larger cells (on a tie, both at the smallest or the largest
    /// scale, the larger area). So a fit never hides a dot under a button, and costs the
    /// game room only when it would. A game too large for either at the smallest scale
    /// goes where the buttons hide fewest of its dots, the plain fit included. Both ways are tried whatever the corner's shape:
    /// beside a row of buttons wider than half the board (a short board, a language with
    /// long words) a game may still get larger cells than below it. A corner as wide or as
    /// tall as the area is ignored (nothing would be left on that side).
    pub fn fit_clear(&mut self, bbox: GridBox, margin: f64, points: &[Point], corner: (f64, f64)) {
        self.fit(bbox, margin);
        let r = self.cell / 2.0;
        if !points.iter().any(|&p| self.under_corner(p, r, corner).is_some()) {
            return;
        }
        let (cw, ch) = corner;
        let (width, height) = (self.width, self.height);
        let whole = |v: Viewport| Viewport { width, height, ..v };
        let beside = whole(Viewport::fitted(width - cw, height, bbox, margin));
        let mut below = whole(Viewport::fitted(width, height - ch, bbox, margin));
        below.oy += ch;
        // the dots on the area that the buttons hide: none but for a game too large for
        // either side at the smallest scale, where the one that hides fewest wins (below a
        // row of buttons it may hide more than the plain fit, centred on the whole board)
        let hidden = |v: &Viewport| {
            let r = v.cell / 2.0;
            let on = |p: Point| {
                let (x, y) = v.point_to_screen(p);
                x - r < width && y + r > 0.0
            };
            points.iter().filter(|&&p| on(p) && v.under_corner(p, r, corner).is_some()).count()
        };
        let mut best = (*self, hidden(self), 0.0);
        for (v, area) in [(below, width * (height - ch)), (beside, (width - cw) * height)] {
            let h = hidden(&v);
            let better = h < best.1
                || (h == best.1 && (v.cell > best.0.cell || (v.cell == best.0.cell && area > best.2)));
            if better {
                best = (v, h, area);
            }
        }
        *self = best.0;
    }

    /// Pans just enough that grid point `p` is at least `margin` pixels inside the area (at
    /// most half of it), and out from under `corner` (as in [`fit_clear`](Self::fit_clear):
    /// the zoom buttons) by the shorter way, left or down, of those that keep it `margin`
    /// inside (a row of buttons nearly as wide as the board leaves no room across; else
    /// the way that leaves it furthest inside): the keyboard's cursor, which the view
    /// follows as a pointer would. What must come out from under the corner is all that
    /// is drawn for `p`: `reach` pixels around it (the cursor's square, larger than a dot
    /// on a board zoomed far out), and never less than half a cell.
    pub fn bring_into_view(&mut self, p: Point, margin: f64, reach: f64, corner: (f64, f64)) {
        self.bring_inside(p, margin);
        let r = reach.max(self.cell / 2.0);
        if let Some((left, down)) = self.under_corner(p, r, corner) {
            let (x, y) = self.point_to_screen(p);
            // how far inside the area each way out leaves the point (its margin, at most
            // half the side, is what it should keep)
            let room_left = (x - left) - margin.clamp(0.0, self.width / 2.0);
            let room_down = (self.height - (y + down)) - margin.clamp(0.0, self.height / 2.0);
            let across = match (room_left >= 0.0, room_down >= 0.0) {
                (true, true) => left <= down,
                (true, false) => true,
                (false, true) => false,
                (false, false) => room_left >= room_down,
            };
            if across {
                self.ox -= left;
            } else {
                self.oy += down;
            }
        }
    }

    /// Pans just enough that none of `rects` (on the screen) lies under `corner` (as in
    /// [`fit_clear`](Self::fit_clear): the zoom buttons), by the shorter way, left or down,
    /// of those that keep them all in the area, and not at all when neither does: the lines
    /// offered to choose from, which the user panned under the buttons, and whose numbers
    /// the buttons would hide. Whether it moved.
    pub fn clear_rects(&mut self, rects: &[Rect], corner: (f64, f64)) -> bool {
        let (cw, ch) = corner;
        if !self.corner_sized(corner) {
            return false;
        }
        let edge = self.width - cw;
        // under the corner, and on the area (a rectangle wholly off it is not hidden by
        // the buttons, and panning it in is not this function's business)
        let hidden = || rects.iter().filter(|r| r.2 > edge && r.1 < ch && r.0 < self.width && r.3 > 0.0);
        let (Some(left), Some(down)) = (
            hidden().map(|r| r.2 - edge).max_by(f64::total_cmp),
            hidden().map(|r| ch - r.1).max_by(f64::total_cmp),
        ) else {
            return false;
        };
        let leftmost = rects.iter().map(|r| r.0).fold(f64::INFINITY, f64::min);
        let lowest = rects.iter().map(|r| r.3).fold(f64::NEG_INFINITY, f64::max);
        let across = leftmost - left >= 0.0;
        let below = lowest + down <= self.height;
        match (across, below) {
            (true, true) if left <= down => self.ox -= left,
            (true, false) => self.ox -= left,
            (_, true) => self.oy += down,
            (false, false) => return false,
        }
        true
    }

    /// How far what is drawn within `r` pixels of `p` reaches under `corner`
    /// (the width and height of what covers the area's top right), across and down, when
    /// it does; never for a corner as wide or as tall as the whole area (or none, or not a
    /// number), which [`fit_clear`](Self::fit_clear),
    /// [`bring_into_view`](Self::bring_into_view) and [`clear_rects`](Self::clear_rects)
    /// ignore.
    pub(super) fn under_corner(&self, p: Point, r: f64, corner: (f64, f64)) -> Option<(f64, f64)> {
        let (cw, ch) = corner;
        if !self.corner_sized(corner) {
            return None;
        }
        let (x, y) = self.point_to_screen(p);
        let (left, down) = (x + r - (self.width - cw), ch - (y - r));
        (left > 0.0 && down > 0.0).then_some((left, down))
    }

    /// Pans just enough that `p` is `margin` pixels inside the area (at most half of it).
    pub(super) fn bring_inside(&mut self, p: Point, margin: f64) {
        let (x, y) = self.point_to_screen(p);
        let inside = |at: f64, side: f64| {
            let m = margin.clamp(0.0, side / 2.0);
            if at < m {
                m - at
            } else if at > side - m {
                side - m - at
            } else {
                0.0
            }
        };
        self.ox += inside(x, self.width);
        self.oy += inside(y, self.height);
    }

    /// A corner that something can be kept out from under: of some size, and narrower and
    /// shorter than the area (so that something is left beside it and below it).
    fn corner_sized(&self, (cw, ch): (f64, f64)) -> bool {
        let sized = |c: f64, side: f64| c.is_finite() && c > 0.0 && c < side;
        sized(cw, self.width) && sized(ch, self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::viewport::tests::close;
    use crate::view::MIN_CELL;

    /// Where `p` is drawn once `v` has brought it into view.
    fn brought(mut v: Viewport, p: Point, margin: f64, reach: f64, corner: (f64, f64)) -> (f64, f64) {
        v.bring_into_view(p, margin, reach, corner);
        v.point_to_screen(p)
    }

    /// How far `v` pans to clear `rects` from under `corner` (None: not at all, and then
    /// it is left as it was).
    fn cleared(v: Viewport, rects: &[Rect], corner: (f64, f64)) -> Option<(f64, f64)> {
        let mut w = v;
        let moved = w.clear_rects(rects, corner);
        assert_eq!(moved, w != v);
        moved.then_some((w.ox - v.ox, w.oy - v.oy))
    }

    #[test]
    fn a_fit_moves_the_game_from_under_the_buttons_only_when_they_would_hide_a_dot() {
        // a wide game in a wide area: the width decides, the right column reaches the edge
        let bbox = (-10, -3, 10, 3);
        let corner = (40.0, 100.0);
        let inside = |v: &Viewport, p: Point| {
            let (x, y) = v.point_to_screen(p);
            x >= 0.0 && y >= 0.0 && x <= v.width && y <= v.height
        };
        let under = |v: &Viewport, p: Point| {
            let (x, y) = v.point_to_screen(p);
            x + v.cell / 2.0 > v.width - corner.0 && y - v.cell / 2.0 < corner.1
        };
        let plain = Viewport::fitted(330.0, 300.0, bbox, 1.5);
        // a dot at the top right: the fit goes below the buttons, where the width still
        // decides (330 px for 23 cells; beside them, 290 px)
        let top_right = [Point::new(10, -3), Point::new(-10, 3)];
        let mut v = Viewport { width: 330.0, height: 300.0, cell: 1.0, ox: 0.0, oy: 0.0 };
        v.fit_clear(bbox, 1.5, &top_right, corner);
        assert!(under(&plain, top_right[0]), "the plain fit hides it");
        assert!(!top_right.iter().any(|&p| under(&v, p)) && top_right.iter().all(|&p| inside(&v, p)));
        assert!((v.cell - 330.0 / 23.0).abs() < 1e-9, "{}", v.cell);
        assert!(v.point_to_screen(Point::new(0, -3)).1 - 1.5 * v.cell >= corner.1 - 1e-9);
        assert_eq!((v.width, v.height), (330.0, 300.0));
        // the same box with no dot in that corner: the plain fit stands
        let mut w = v;
        let bottom = [Point::new(10, 3), Point::new(-10, -3)];
        w.fit_clear(bbox, 1.5, &bottom, corner);
        assert_eq!(w, plain);
        // a tall game in a tall area: beside the buttons it keeps the larger cells, and
        // nothing is left under them
        let tall = (-3, -10, 3, 10);
        let mut t = Viewport { width: 300.0, height: 700.0, cell: 1.0, ox: 0.0, oy: 0.0 };
        let top = [Point::new(3, -10)];
        let wide = (80.0, 300.0);
        t.fit_clear(tall, 1.5, &top, wide);
        let beside = Viewport::fitted(220.0, 700.0, tall, 1.5);
        assert!(beside.cell > Viewport::fitted(300.0, 400.0, tall, 1.5).cell);
        assert!((t.cell - beside.cell).abs() < 1e-9 && t.ox == beside.ox && t.oy == beside.oy);
        let (x, _) = t.point_to_screen(top[0]);
        assert!(x + t.cell / 2.0 <= 300.0 - wide.0);
        // the buttons in a row, more than half the width but less than half the height:
        // beside them all the same where the cells are larger there (a tall game; the
        // French row of buttons on a short phone)
        let mut t2 = Viewport { width: 300.0, height: 700.0, cell: 1.0, ox: 0.0, oy: 0.0 };
        t2.fit_clear(tall, 1.5, &top, (160.0, 349.0));
        let mut under_row = Viewport::fitted(300.0, 351.0, tall, 1.5);
        under_row.oy += 349.0;
        let beside_row = Viewport::fitted(140.0, 700.0, tall, 1.5);
        assert!(beside_row.cell > under_row.cell, "beside is larger");
        assert!(t2.cell == beside_row.cell && t2.ox == beside_row.ox && t2.oy == beside_row.oy, "{t2:?}");
        assert!(t2.point_to_screen(top[0]).0 + t2.cell / 2.0 <= 140.0 + 1e-9);
        // both at the smallest scale (a game far too large for either): the larger area
        let huge = (-200, -200, 200, 200);
        let mut m = Viewport { width: 300.0, height: 200.0, cell: 1.0, ox: 0.0, oy: 0.0 };
        m.fit_clear(huge, 1.5, &[Point::new(200, -200), Point::new(0, -99)], (200.0, 40.0));
        assert_eq!(m.cell, MIN_CELL);
        let mut low = Viewport::fitted(300.0, 160.0, huge, 1.5);
        low.oy += 40.0;
        assert!(m.ox == low.ox && m.oy == low.oy, "below: 300 x 160 against 100 x 200: {m:?}");
        let row = (200.0, 120.0);
        let mut r = Viewport { width: 330.0, height: 300.0, cell: 1.0, ox: 0.0, oy: 0.0 };
        r.fit_clear(bbox, 1.5, &top_right, row);
        let mut below = Viewport::fitted(330.0, 180.0, bbox, 1.5);
        below.oy += 120.0;
        assert!(r.cell == below.cell && r.ox == below.ox && r.oy == below.oy, "{r:?}");
        assert!(top_right.iter().all(|&p| r.point_to_screen(p).1 - r.cell / 2.0 >= row.1 - 1e-9));
        // a corner of more than half the area both ways: the larger of the two still
        let mut big = Viewport { width: 330.0, height: 300.0, cell: 1.0, ox: 0.0, oy: 0.0 };
        big.fit_clear(bbox, 1.5, &top_right, (200.0, 150.0));
        let mut under_big = Viewport::fitted(330.0, 150.0, bbox, 1.5);
        under_big.oy += 150.0;
        assert!(big.cell == under_big.cell && big.oy == under_big.oy, "{big:?}");
        // both at the smallest scale, beside the larger area: beside
        let mut side = Viewport { width: 300.0, height: 200.0, cell: 1.0, ox: 0.0, oy: 0.0 };
        side.fit_clear(huge, 1.5, &[Point::new(200, -200)], (40.0, 150.0));
        assert!(
            side == Viewport { width: 300.0, height: 200.0, ..Viewport::fitted(260.0, 200.0, huge, 1.5) },
            "{side:?}"
        );
        // a game too tall for a short board at the smallest scale (Rosin's 178 on a phone's
        // 300 x 78 board, the buttons a row of 160 x 30): below the row, where the larger
        // area is, it would still reach under the buttons; beside them nothing is hidden
        let game = (-15, -15, 15, 15);
        let dots: Vec<Point> = (-15..=15).flat_map(|y| (-15..=15).map(move |x| Point::new(x, y))).collect();
        let mut short = Viewport { width: 300.0, height: 78.0, cell: 1.0, ox: 0.0, oy: 0.0 };
        short.fit_clear(game, 1.5, &dots, (160.0, 30.0));
        assert_eq!(short.cell, MIN_CELL);
        assert!(dots.iter().all(|&p| short.point_to_screen(p).0 + 2.0 <= 140.0), "beside the row: {short:?}");
        // no corner, or one as wide or as tall as the area: nothing to clear
        for c in [(0.0, 0.0), (330.0, 10.0), (10.0, 300.0), (f64::NAN, 10.0), (400.0, 10.0)] {
            let mut u = Viewport { width: 330.0, height: 300.0, cell: 1.0, ox: 0.0, oy: 0.0 };
            u.fit_clear(bbox, 1.5, &top_right, c);
            assert_eq!(u, Viewport::fitted(330.0, 300.0, bbox, 1.5), "{c:?}");
        }
    }

    #[test]
    fn a_point_is_brought_into_view_by_the_least_pan() {
        let mut v = Viewport { width: 300.0, height: 200.0, cell: 20.0, ox: 0.0, oy: 0.0 };
        // (20, 3) is at (400, 60): 130 px back across, none down
        v.bring_into_view(Point::new(20, 3), 30.0, 0.0, (0.0, 0.0));
        assert!(close(v.point_to_screen(Point::new(20, 3)), (270.0, 60.0)));
        // a point inside stays where it is
        let before = v;
        v.bring_into_view(Point::new(10, 3), 30.0, 0.0, (0.0, 0.0));
        assert_eq!(v, before);
        // up and left, and a margin larger than half the area is half of it
        v.bring_into_view(Point::new(-20, -20), 500.0, 0.0, (0.0, 0.0));
        assert!(close(v.point_to_screen(Point::new(-20, -20)), (150.0, 100.0)));
        // under the buttons' corner (40 x 90 at the top right): out of it the shorter way
        let at = |ox: f64, oy: f64, height: f64, cell: f64| Viewport { width: 300.0, height, cell, ox, oy };
        let (x, y) = brought(at(0.0, 0.0, 200.0, 20.0), Point::new(13, 1), 30.0, 0.0, (40.0, 90.0));
        assert!(close((x, y), (250.0, 30.0)), "left by 10, not down by 70: {x} {y}");
        let (x, y) = brought(at(0.0, 0.0, 200.0, 20.0), Point::new(14, 4), 30.0, 0.0, (80.0, 90.0));
        assert!(close((x, y), (270.0, 100.0)), "down by 20, not left by 60: {x} {y}");
        // under a row of buttons (200 x 90), left by 20, the shorter way, which leaves it
        // 90 px from the left edge
        let (x, y) = brought(at(10.0, 10.0, 200.0, 20.0), Point::new(5, 1), 30.0, 0.0, (200.0, 90.0));
        assert!(close((x, y), (90.0, 30.0)), "left by 20: {x} {y}");
        // under a row nearly as wide as the board (270 x 150 of 300 x 400), down by 130
        // though left by 90 is shorter: across would leave it 20 px from the edge
        let (x, y) = brought(at(10.0, 10.0, 400.0, 20.0), Point::new(5, 1), 30.0, 0.0, (270.0, 150.0));
        assert!(close((x, y), (110.0, 160.0)), "down by 130: {x} {y}");
        // zoomed far out (6 px cells), the cursor's square reaches 6 px from its point,
        // past the dot's 3: all of it comes out from under the corner, not the dot alone
        let (x, y) = brought(at(0.0, 0.0, 200.0, 6.0), Point::new(44, 5), 24.0, 6.0, (40.0, 90.0));
        assert!(close((x, y), (254.0, 30.0)), "left by 10 for the square, not 7 for the dot: {x} {y}");
        let dot = brought(at(0.0, 0.0, 200.0, 6.0), Point::new(44, 5), 24.0, 0.0, (40.0, 90.0));
        assert!(close(dot, (257.0, 30.0)), "a dot alone: half a cell");
        // neither way keeps the margin (a corner of 275 x 170 on 300 x 200): the way that
        // leaves it further inside, down (10 px short of it) rather than left (15 short)
        let t = brought(at(10.0, 10.0, 200.0, 20.0), Point::new(5, 1), 30.0, 0.0, (275.0, 170.0));
        assert!(close(t, (110.0, 180.0)), "{t:?}");
    }

    #[test]
    fn lines_under_the_buttons_come_out_the_shorter_way_that_keeps_them_in_sight() {
        let v = Viewport { width: 300.0, height: 200.0, cell: 20.0, ox: 0.0, oy: 0.0 };
        // the corner's left edge at 260; two lines' rectangles: one reaches 30 px under it
        // and 20 px above its foot, the other is clear of it
        let corner = (40.0, 90.0);
        let rects = [(200.0, 70.0, 290.0, 110.0), (150.0, 100.0, 250.0, 140.0)];
        assert_eq!(cleared(v, &rects, corner), Some((0.0, 20.0)), "down by 20, not left by 30");
        // a taller one: left by 30 is shorter than down by 60
        assert_eq!(cleared(v, &[(200.0, 30.0, 290.0, 110.0)], corner), Some((-30.0, 0.0)));
        // down would push another line off the foot: left, though longer
        let other = [(200.0, 70.0, 290.0, 110.0), (40.0, 150.0, 80.0, 195.0)];
        assert_eq!(cleared(v, &other, corner), Some((-30.0, 0.0)));
        // neither way keeps them all in the area: no pan
        assert_eq!(cleared(v, &[(10.0, 70.0, 290.0, 110.0), (0.0, 150.0, 40.0, 195.0)], corner), None);
        // left, the shorter way, would push it off the left edge: down, though longer
        assert_eq!(cleared(v, &[(0.0, 30.0, 290.0, 110.0)], corner), Some((0.0, 60.0)));
        // nothing under the corner, no corner, one as wide as the area, or a rectangle
        // wholly off the area: no pan
        let off = [(310.0, -50.0, 350.0, -10.0)];
        for (rects, corner) in
            [(&rects[1..], corner), (&rects[..], (0.0, 0.0)), (&rects[..], (300.0, 10.0)), (&off[..], corner)]
        {
            assert_eq!(cleared(v, rects, corner), None, "{corner:?}");
        }
    }
}
