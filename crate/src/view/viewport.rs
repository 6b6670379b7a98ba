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
pub(super) mod tests {
    use super::*;

    /// Two screen positions the same, to rounding (the corner's tests too).
    pub(in crate::view) fn close(a: (f64, f64), b: (f64, f64)) -> bool {
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
