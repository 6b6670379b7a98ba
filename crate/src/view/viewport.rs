//! Where the grid is on the screen: a scale and an offset, and the plain functions that
//! map between grid points and pixels (hit-testing, pan, zoom, fit). No rules, no canvas:
//! the same numbers drive the canvas, the SVG export and pointer input, and are tested
//! natively.

use crate::geom::Point;

/// The smallest size of one grid cell, in CSS pixels.
pub const MIN_CELL: f64 = 4.0;
/// The largest size of one grid cell, in CSS pixels.
pub const MAX_CELL: f64 = 120.0;

/// A click counts for a grid point when it lands within this fraction of a cell of it:
/// clicks in the middle of a square are ignored rather than guessed.
pub const HIT_RADIUS: f64 = 0.42;

/// The view of the grid in a `width` x `height` CSS-pixel area: grid point (x, y) is drawn
/// at (`ox + x * cell`, `oy + y * cell`) (y grows downwards, as in the standard frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// The area's width, CSS pixels.
    pub width: f64,
    /// The area's height, CSS pixels.
    pub height: f64,
    /// One grid step, CSS pixels.
    pub cell: f64,
    /// Where grid x = 0 is drawn.
    pub ox: f64,
    /// Where grid y = 0 is drawn.
    pub oy: f64,
}

/// A rectangle of grid points, inclusive: (min x, min y, max x, max y).
pub type GridBox = (i32, i32, i32, i32);

impl Viewport {
    /// A view of `bbox` fitted into a `width` x `height` area.
    pub fn fitted(width: f64, height: f64, bbox: GridBox, margin: f64) -> Viewport {
        let mut v = Viewport { width, height, cell: 20.0, ox: 0.0, oy: 0.0 };
        v.fit(bbox, margin);
        v
    }

    /// The screen position of a grid position.
    pub fn to_screen(&self, x: f64, y: f64) -> (f64, f64) {
        (self.ox + x * self.cell, self.oy + y * self.cell)
    }

    /// The screen position of a grid point.
    pub fn point_to_screen(&self, p: Point) -> (f64, f64) {
        self.to_screen(p.x as f64, p.y as f64)
    }

    /// The grid position (fractional) under a screen position.
    pub fn to_grid(&self, px: f64, py: f64) -> (f64, f64) {
        ((px - self.ox) / self.cell, (py - self.oy) / self.cell)
    }

    /// The grid point a click at (px, py) means, if it is near enough to one.
    pub fn hit(&self, px: f64, py: f64) -> Option<Point> {
        let (gx, gy) = self.to_grid(px, py);
        let (rx, ry) = (gx.round(), gy.round());
        let d = ((gx - rx).powi(2) + (gy - ry).powi(2)).sqrt();
        let limit = crate::COORD_LIMIT as f64;
        (d <= HIT_RADIUS && rx.abs() <= limit && ry.abs() <= limit).then(|| Point::new(rx as i32, ry as i32))
    }

    /// Moves the grid by (dx, dy) pixels.
    pub fn pan(&mut self, dx: f64, dy: f64) {
        self.ox += dx;
        self.oy += dy;
    }

    /// Pans back just enough that `keep` pixels of `bbox` (all of it, when it is smaller,
    /// and at least a cell) stay on the canvas across and down: a drag or a zoom never
    /// loses the game off the board, where an empty grid gives no clue which way it went.
    pub fn keep_in_sight(&mut self, bbox: GridBox, keep: f64) {
        let (x0, y0, x1, y1) = bbox;
        let (sx0, sy0) = self.to_screen(x0 as f64, y0 as f64);
        let (sx1, sy1) = self.to_screen(x1 as f64, y1 as f64);
        self.ox += back_in(sx0, sx1, self.width, keep, self.cell);
        self.oy += back_in(sy0, sy1, self.height, keep, self.cell);
    }

    /// Zooms by `factor` keeping the grid position under (px, py) where it is. The cell
    /// size stays within [`MIN_CELL`, `MAX_CELL`].
    pub fn zoom_at(&mut self, factor: f64, px: f64, py: f64) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let (gx, gy) = self.to_grid(px, py);
        self.cell = (self.cell * factor).clamp(MIN_CELL, MAX_CELL);
        self.ox = px - gx * self.cell;
        self.oy = py - gy * self.cell;
    }

    /// Zooms about the centre of the area (the zoom buttons).
    pub fn zoom_centre(&mut self, factor: f64) {
        self.zoom_at(factor, self.width / 2.0, self.height / 2.0);
    }

    /// Scales and centres so that `bbox` plus `margin` cells on each side fills the area.
    pub fn fit(&mut self, bbox: GridBox, margin: f64) {
        let (x0, y0, x1, y1) = bbox;
        let w = (x1 - x0) as f64 + 2.0 * margin;
        let h = (y1 - y0) as f64 + 2.0 * margin;
        self.cell = (self.width / w.max(1.0)).min(self.height / h.max(1.0)).clamp(MIN_CELL, MAX_CELL);
        let (cx, cy) = ((x0 + x1) as f64 / 2.0, (y0 + y1) as f64 / 2.0);
        self.ox = self.width / 2.0 - cx * self.cell;
        self.oy = self.height / 2.0 - cy * self.cell;
    }

    /// Fits as [`fit`](Self::fit) does, then, if one of `points` (a dot, a ring) would be
    /// drawn under `corner` (the width and height, in pixels, of what covers the area's top
    /// right: the zoom buttons), fits again into the area beside those or below them,
    /// whichever gives the larger cells (on a tie, the larger area: both at the smallest
    /// scale). So a fit never hides a dot under a button, and costs the game room only when
    /// it would. Both ways are tried whatever the corner's shape: beside a row of buttons
    /// wider than half the board (a short board, a language with long words) a game may
    /// still get larger cells than below it. A corner of half the area both ways is
    /// ignored (nothing would be left).
    pub fn fit_clear(&mut self, bbox: GridBox, margin: f64, points: &[Point], corner: (f64, f64)) {
        self.fit(bbox, margin);
        let r = self.cell / 2.0;
        if !points.iter().any(|&p| self.under_corner(p, r, corner).is_some()) {
            return;
        }
        let (cw, ch) = corner;
        let (width, height) = (self.width, self.height);
        let beside = Viewport::fitted(width - cw, height, bbox, margin);
        let mut below = Viewport::fitted(width, height - ch, bbox, margin);
        below.oy += ch;
        let below_wins = below.cell > beside.cell || (below.cell == beside.cell && ch * width < cw * height);
        *self = if below_wins { below } else { beside };
        (self.width, self.height) = (width, height);
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

    /// How far what is drawn within `r` pixels of `p` reaches under `corner`
    /// (the width and height of what covers the area's top right), across and down, when
    /// it does; never for a corner of half the area or more both ways, nor one as wide or
    /// as tall as the whole area (or none, or not a number), which
    /// [`fit_clear`](Self::fit_clear) and [`bring_into_view`](Self::bring_into_view)
    /// ignore (nothing would be left beside it or below it).
    fn under_corner(&self, p: Point, r: f64, corner: (f64, f64)) -> Option<(f64, f64)> {
        let (cw, ch) = corner;
        let sized = |c: f64, side: f64| c.is_finite() && c > 0.0 && c < side;
        if !sized(cw, self.width)
            || !sized(ch, self.height)
            || (cw >= self.width / 2.0 && ch >= self.height / 2.0)
        {
            return None;
        }
        let (x, y) = self.point_to_screen(p);
        let (left, down) = (x + r - (self.width - cw), ch - (y - r));
        (left > 0.0 && down > 0.0).then_some((left, down))
    }

    /// Pans just enough that `p` is `margin` pixels inside the area (at most half of it).
    fn bring_inside(&mut self, p: Point, margin: f64) {
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

    /// A new area size (a resized window): the grid position at the centre stays there.
    pub fn resize(&mut self, width: f64, height: f64) {
        let (gx, gy) = self.to_grid(self.width / 2.0, self.height / 2.0);
        self.width = width;
        self.height = height;
        self.ox = width / 2.0 - gx * self.cell;
        self.oy = height / 2.0 - gy * self.cell;
    }

    /// The grid points that can be seen, with one cell to spare on each side.
    pub fn visible(&self) -> GridBox {
        let (x0, y0) = self.to_grid(0.0, 0.0);
        let (x1, y1) = self.to_grid(self.width, self.height);
        (x0.floor() as i32 - 1, y0.floor() as i32 - 1, x1.ceil() as i32 + 1, y1.ceil() as i32 + 1)
    }
}

/// Distance in pixels from (px, py) to the segment a-b.
pub fn distance_to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (cx, cy) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - cx).powi(2) + (p.1 - cy).powi(2)).sqrt()
}

/// Which of the grid segments `lines` a click at `at` picks: the nearest, if it is within
/// half a cell and clearly nearer than the next (a click on a point they share picks none).
pub fn pick_segment(view: &Viewport, at: (f64, f64), lines: &[(Point, Point)]) -> Option<usize> {
    let mut d: Vec<(f64, usize)> = lines
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| (distance_to_segment(at, view.point_to_screen(a), view.point_to_screen(b)), i))
        .collect();
    d.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (best, i) = *d.first()?;
    let clear = d.get(1).is_none_or(|&(next, _)| next - best > view.cell * 0.15);
    (best <= view.cell * 0.5 && clear).then_some(i)
}

/// How far to move a span [a, b] of a side `size` long so that `keep` of it (all of it
/// when shorter, at least `cell`) is on the side.
fn back_in(a: f64, b: f64, size: f64, keep: f64, cell: f64) -> f64 {
    let need = keep.min((b - a).max(cell)).min(size);
    if b < need {
        need - b
    } else if a > size - need {
        size - need - a
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9
    }

    #[test]
    fn screen_and_grid_are_inverse() {
        let v = Viewport { width: 300.0, height: 200.0, cell: 17.0, ox: 13.0, oy: -40.0 };
        for (x, y) in [(0.0, 0.0), (3.5, -2.0), (-7.0, 11.25)] {
            let (px, py) = v.to_screen(x, y);
            assert!(close(v.to_grid(px, py), (x, y)));
        }
    }

    #[test]
    fn hit_finds_the_nearest_point_and_ignores_the_middle_of_squares() {
        let v = Viewport { width: 300.0, height: 300.0, cell: 20.0, ox: 100.0, oy: 100.0 };
        assert_eq!(v.hit(100.0, 100.0), Some(Point::new(0, 0)));
        assert_eq!(v.hit(147.0, 62.0), Some(Point::new(2, -2)));
        assert_eq!(v.hit(110.0, 110.0), None, "the centre of a square is no point");
        assert_eq!(v.hit(108.0, 100.0), Some(Point::new(0, 0)));
        assert_eq!(v.hit(109.0, 100.0), None, "0.45 cell away is too far");
    }

    #[test]
    fn hit_refuses_points_beyond_the_engine_limit() {
        let v = Viewport { width: 300.0, height: 300.0, cell: 20.0, ox: 0.0, oy: 0.0 };
        let far = (crate::COORD_LIMIT + 1) as f64 * 20.0;
        assert_eq!(v.hit(far, 0.0), None);
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let mut v = Viewport { width: 400.0, height: 300.0, cell: 20.0, ox: 50.0, oy: 70.0 };
        let before = v.to_grid(123.0, 45.0);
        v.zoom_at(1.7, 123.0, 45.0);
        assert!((v.cell - 34.0).abs() < 1e-9);
        assert!(close(v.to_grid(123.0, 45.0), before));
        v.zoom_at(1000.0, 10.0, 10.0);
        assert_eq!(v.cell, MAX_CELL);
        v.zoom_at(0.0, 10.0, 10.0);
        assert_eq!(v.cell, MAX_CELL, "a zero factor is ignored");
        v.zoom_at(1e-9, 10.0, 10.0);
        assert_eq!(v.cell, MIN_CELL);
    }

    #[test]
    fn fit_shows_the_whole_box_centred() {
        let v = Viewport::fitted(400.0, 200.0, (-5, -5, 14, 14), 1.0);
        // 19 cells plus a margin of 1 on each side must fit in 200 px: the height decides.
        assert!((v.cell - 200.0 / 21.0).abs() < 1e-9);
        assert!(close(v.to_screen(4.5, 4.5), (200.0, 100.0)));
        let (x0, y0) = v.to_screen(-6.0, -6.0);
        let (x1, y1) = v.to_screen(15.0, 15.0);
        assert!(x0 >= 0.0 && y0 >= -1e-9 && x1 <= 400.0 && y1 <= 200.0 + 1e-9);
        assert!(y0.abs() < 1e-9, "the height is used to the edge");
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
        // no corner, or one of half the area both ways: nothing to clear
        for c in [(0.0, 0.0), (200.0, 150.0), (f64::NAN, 10.0), (400.0, 10.0)] {
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
        let mut w = Viewport { width: 300.0, height: 200.0, cell: 20.0, ox: 0.0, oy: 0.0 };
        w.bring_into_view(Point::new(13, 1), 30.0, 0.0, (40.0, 90.0));
        let (x, y) = w.point_to_screen(Point::new(13, 1));
        assert!(close((x, y), (250.0, 30.0)), "left by 10, not down by 70: {x} {y}");
        let mut d = Viewport { width: 300.0, height: 200.0, cell: 20.0, ox: 0.0, oy: 0.0 };
        d.bring_into_view(Point::new(14, 4), 30.0, 0.0, (80.0, 90.0));
        let (x, y) = d.point_to_screen(Point::new(14, 4));
        assert!(close((x, y), (270.0, 100.0)), "down by 20, not left by 60: {x} {y}");
        // under a row of buttons (200 x 90), left by 20, the shorter way, which leaves it
        // 90 px from the left edge
        let mut r = Viewport { width: 300.0, height: 200.0, cell: 20.0, ox: 10.0, oy: 10.0 };
        r.bring_into_view(Point::new(5, 1), 30.0, 0.0, (200.0, 90.0));
        let (x, y) = r.point_to_screen(Point::new(5, 1));
        assert!(close((x, y), (90.0, 30.0)), "left by 20: {x} {y}");
        // under a row nearly as wide as the board (270 x 150 of 300 x 400), down by 130
        // though left by 90 is shorter: across would leave it 20 px from the edge
        let mut n = Viewport { width: 300.0, height: 400.0, cell: 20.0, ox: 10.0, oy: 10.0 };
        n.bring_into_view(Point::new(5, 1), 30.0, 0.0, (270.0, 150.0));
        let (x, y) = n.point_to_screen(Point::new(5, 1));
        assert!(close((x, y), (110.0, 160.0)), "down by 130: {x} {y}");
        // zoomed far out (6 px cells), the cursor's square reaches 6 px from its point,
        // past the dot's 3: all of it comes out from under the corner, not the dot alone
        let mut s = Viewport { width: 300.0, height: 200.0, cell: 6.0, ox: 0.0, oy: 0.0 };
        s.bring_into_view(Point::new(44, 5), 24.0, 6.0, (40.0, 90.0));
        let (x, y) = s.point_to_screen(Point::new(44, 5));
        assert!(close((x, y), (254.0, 30.0)), "left by 10 for the square, not 7 for the dot: {x} {y}");
        let mut dot = Viewport { width: 300.0, height: 200.0, cell: 6.0, ox: 0.0, oy: 0.0 };
        dot.bring_into_view(Point::new(44, 5), 24.0, 0.0, (40.0, 90.0));
        assert!(close(dot.point_to_screen(Point::new(44, 5)), (257.0, 30.0)), "a dot alone: half a cell");
    }

    #[test]
    fn resize_keeps_the_centre() {
        let mut v = Viewport { width: 400.0, height: 300.0, cell: 20.0, ox: 50.0, oy: 70.0 };
        let c = v.to_grid(200.0, 150.0);
        v.resize(360.0, 640.0);
        assert!(close(v.to_grid(180.0, 320.0), c));
    }

    #[test]
    fn pan_moves_the_grid() {
        let mut v = Viewport { width: 400.0, height: 300.0, cell: 20.0, ox: 0.0, oy: 0.0 };
        v.pan(15.0, -5.0);
        assert!(close(v.to_screen(0.0, 0.0), (15.0, -5.0)));
    }

    #[test]
    fn a_pan_keeps_part_of_the_game_in_sight() {
        let bbox = (-5, -5, 5, 5); // 200 px a side at 20 px a cell, centred on (200, 150)
        let mut v = Viewport { width: 400.0, height: 300.0, cell: 20.0, ox: 200.0, oy: 150.0 };
        // dragged far off to the left and down: 48 px of it are left at the left edge, at
        // the foot
        v.pan(-1000.0, 1000.0);
        v.keep_in_sight(bbox, 48.0);
        let (right, top) = v.to_screen(5.0, -5.0);
        assert!((right - 48.0).abs() < 1e-9 && (top - (300.0 - 48.0)).abs() < 1e-9, "{right} {top}");
        // a pan that keeps enough in sight is left as it is
        let mut w = Viewport { width: 400.0, height: 300.0, cell: 20.0, ox: 200.0, oy: 150.0 };
        w.pan(-250.0, 0.0);
        let before = w.to_screen(0.0, 0.0);
        w.keep_in_sight(bbox, 48.0);
        assert!(close(w.to_screen(0.0, 0.0), before));
        // a game smaller than `keep` (one dot) stays a cell inside the edges
        let mut p = Viewport { width: 400.0, height: 300.0, cell: 20.0, ox: 0.0, oy: 0.0 };
        p.pan(5000.0, 0.0);
        p.keep_in_sight((0, 0, 0, 0), 48.0);
        assert!(close(p.to_screen(0.0, 0.0), (380.0, 20.0)), "{:?}", p.to_screen(0.0, 0.0));
    }

    #[test]
    fn visible_covers_the_area() {
        let v = Viewport { width: 100.0, height: 50.0, cell: 10.0, ox: 5.0, oy: 5.0 };
        let (x0, y0, x1, y1) = v.visible();
        assert!(x0 <= -1 && y0 <= -1 && x1 >= 10 && y1 >= 5);
    }

    #[test]
    fn a_click_picks_the_line_it_is_on_but_not_the_shared_dot() {
        let v = Viewport { width: 300.0, height: 300.0, cell: 20.0, ox: 0.0, oy: 0.0 };
        // Two lines through (4, 4): horizontal and vertical.
        let lines = [(Point::new(0, 4), Point::new(4, 4)), (Point::new(4, 0), Point::new(4, 4))];
        assert_eq!(pick_segment(&v, (40.0, 82.0), &lines), Some(0));
        assert_eq!(pick_segment(&v, (78.0, 30.0), &lines), Some(1));
        assert_eq!(pick_segment(&v, (80.0, 80.0), &lines), None, "the dot both lines add");
        assert_eq!(pick_segment(&v, (40.0, 40.0), &lines), None, "too far from both");
        assert_eq!(pick_segment(&v, (40.0, 80.0), &[]), None);
    }

    #[test]
    fn segment_distance() {
        let (a, b) = ((0.0, 0.0), (10.0, 0.0));
        assert_eq!(distance_to_segment((5.0, 3.0), a, b), 3.0);
        assert_eq!(distance_to_segment((-3.0, 4.0), a, b), 5.0);
        assert_eq!(distance_to_segment((13.0, 4.0), a, b), 5.0);
        assert_eq!(distance_to_segment((1.0, 1.0), a, a), 2f64.sqrt());
    }
}
