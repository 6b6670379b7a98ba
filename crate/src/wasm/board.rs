//! `Board` in JavaScript: a canvas, its viewport, the scene and overlay drawn on it. It
//! knows no rules: it is given scenes (from a `Game`) and lines to offer.

use super::canvas::CanvasPainter;
use super::timeline::WebTimeline;
use crate::geom::Point;
use crate::view::{self, Overlay, Scene, Style, Viewport};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

#[wasm_bindgen(js_name = Board)]
#[derive(Debug)]
pub struct BoardView {
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    dpr: f64,
    view: Viewport,
    style: Style,
    scene: Scene,
    overlay: Overlay,
    /// What covers the canvas's top right (the zoom buttons), in CSS pixels: a fit keeps
    /// the dots out from under it.
    corner: (f64, f64),
}

fn context(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d, JsError> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok())
        .ok_or_else(|| JsError::new("this browser gives no 2D canvas"))
}

fn pair(p: Point) -> Vec<i32> {
    vec![p.x, p.y]
}

#[wasm_bindgen(js_class = Board)]
impl BoardView {
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> Result<BoardView, JsError> {
        let ctx = context(&canvas)?;
        let view = Viewport { width: 300.0, height: 300.0, cell: 24.0, ox: 0.0, oy: 0.0 };
        Ok(BoardView {
            canvas,
            ctx,
            dpr: 1.0,
            view,
            style: Style::default(),
            scene: Scene::default(),
            overlay: Overlay::default(),
            corner: (0.0, 0.0),
        })
    }

    /// The canvas is `width` x `height` CSS pixels on a screen of `dpr` device pixels each.
    pub fn resize(&mut self, width: f64, height: f64, dpr: f64) {
        self.dpr = if dpr.is_finite() && dpr > 0.0 { dpr } else { 1.0 };
        self.canvas.set_width((width * self.dpr).round().max(1.0) as u32);
        self.canvas.set_height((height * self.dpr).round().max(1.0) as u32);
        self.view.resize(width.max(1.0), height.max(1.0));
    }

    /// `{numbers, hints, grid, theme: {background, grid, start, dot, line, last, hint,
    /// number, number_bg, choice, cursor}}`; missing fields keep their defaults.
    pub fn set_style(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Style")] style: JsValue,
    ) -> Result<(), JsError> {
        self.style = serde_wasm_bindgen::from_value(style)?;
        Ok(())
    }

    /// Shows the position of `game`; `fit` also zooms to it. The bounds' layers stay until
    /// replaced (the page computes them after each move, a moment later).
    pub fn show(&mut self, game: &WebTimeline, fit: bool) {
        let analysis = std::mem::take(&mut self.scene.analysis);
        self.scene = Scene { analysis, ..Scene::of_timeline(game.timeline()) };
        self.overlay = Overlay { cursor: self.overlay.cursor, covered: self.corner, ..Overlay::default() };
        if fit {
            self.fit();
        }
    }

    /// The `width` x `height` CSS pixels at the canvas's top right that something covers
    /// (the zoom buttons), for the fits to come and the choices' numbers.
    pub fn set_corner(&mut self, width: f64, height: f64) {
        self.corner = (width, height);
        self.overlay.covered = self.corner;
    }

    /// Zooms to the game and the points where a move is possible, none of them under the
    /// corner's buttons.
    pub fn fit(&mut self) {
        let s = &self.scene;
        let points: Vec<Point> = s.start.iter().chain(&s.played).chain(&s.hints).copied().collect();
        self.view.fit_clear(s.extent(), 1.5, &points, self.corner);
    }

    pub fn pan(&mut self, dx: f64, dy: f64) {
        self.view.pan(dx, dy);
        self.keep_in_sight();
    }

    /// Moves the view by (dx, dy) pixels as it is asked, for a shift the page makes to
    /// keep the picture where it was (the start editor's dots moved back to 0), which
    /// keeping the game in sight would undo in part.
    pub fn shift(&mut self, dx: f64, dy: f64) {
        self.view.pan(dx, dy);
    }

    pub fn zoom_at(&mut self, factor: f64, x: f64, y: f64) {
        self.view.zoom_at(factor, x, y);
        self.keep_in_sight();
    }

    pub fn zoom(&mut self, factor: f64) {
        self.view.zoom_centre(factor);
        self.keep_in_sight();
    }

    /// Some of the game stays on the canvas, whatever the drag or the zoom: three cells'
    /// worth, or 48 px on a board zoomed far out.
    fn keep_in_sight(&mut self) {
        let keep = (3.0 * self.view.cell).max(48.0);
        self.view.keep_in_sight(self.scene.extent(), keep);
    }

    /// Pans just enough that grid point (x, y) is a cell and a half inside the canvas (at
    /// least 24 px), and not under the corner's buttons: the keyboard's cursor stays in
    /// sight.
    pub fn bring_into_view(&mut self, x: i32, y: i32) {
        let margin = (1.5 * self.view.cell).max(24.0);
        let reach = crate::view::cursor_half(self.view.cell) + 1.0; // and its stroke
        self.view.bring_into_view(Point::new(x, y), margin, reach, self.corner);
    }

    /// Pixels a cell.
    pub fn cell(&self) -> f64 {
        self.view.cell
    }

    /// Whether the cells are large enough for move numbers, which are left out below
    /// [`crate::view::NUMBERS_MIN_CELL`]: the page says to zoom in when they are asked for.
    pub fn numbers_fit(&self) -> bool {
        self.view.cell >= crate::view::NUMBERS_MIN_CELL
    }

    /// Whether zooming in (`inward`) or out can still change the cell's size, which stays
    /// within [`view::MIN_CELL`, `view::MAX_CELL`]: the page greys the button that cannot.
    pub fn can_zoom(&self, inward: bool) -> bool {
        if inward {
            self.view.cell < view::MAX_CELL
        } else {
            self.view.cell > view::MIN_CELL
        }
    }

    /// The grid point `[x, y]` a click at (x, y) CSS pixels means, if any.
    pub fn hit(&self, x: f64, y: f64) -> Option<Vec<i32>> {
        self.view.hit(x, y).map(pair)
    }

    /// The grid point nearest the centre of the canvas (where the keyboard cursor starts).
    pub fn centre_point(&self) -> Vec<i32> {
        let (gx, gy) = self.view.to_grid(self.view.width / 2.0, self.view.height / 2.0);
        vec![gx.round() as i32, gy.round() as i32]
    }

    /// Where grid point (x, y) is on the canvas, in CSS pixels.
    pub fn screen_of(&self, x: i32, y: i32) -> Vec<f64> {
        let (px, py) = self.view.point_to_screen(Point::new(x, y));
        vec![px, py]
    }

    pub fn set_cursor(&mut self, point: Option<Vec<i32>>) {
        self.overlay.cursor = point.filter(|p| p.len() == 2).map(|p| Point::new(p[0], p[1]));
    }

    /// Offers lines to choose from, as their ends `[ax, ay, bx, by, ...]` (the `from` and
    /// `to` of `Timeline.choices_at`): the board draws them and does not ask why.
    pub fn offer(&mut self, ends: Vec<i32>) {
        self.overlay.choices =
            ends.chunks_exact(4).map(|c| (Point::new(c[0], c[1]), Point::new(c[2], c[3]))).collect();
        self.overlay.chosen = None;
    }

    /// A line being drawn from (ax, ay) to (bx, by), `part` (0 to 1) of it so far: the
    /// computer's move, animated. `part` below 0 removes it.
    pub fn set_growing(&mut self, ax: i32, ay: i32, bx: i32, by: i32, part: f64) {
        self.overlay.growing = (part >= 0.0).then(|| (Point::new(ax, ay), Point::new(bx, by), part));
    }

    pub fn clear_offer(&mut self) {
        self.overlay.choices.clear();
        self.overlay.chosen = None;
    }

    pub fn set_chosen(&mut self, choice: Option<usize>) {
        self.overlay.chosen = choice.filter(|&c| c < self.overlay.choices.len());
    }

    /// When the lines offered to choose from, or their numbers, are drawn under the
    /// corner's buttons (the user panned them there: a fit keeps every dot out, and a
    /// number goes where the buttons leave it room if it can), pans just enough that they
    /// come out, the shorter way that keeps them in sight. Whether it moved.
    pub fn bring_offer_into_view(&mut self) -> bool {
        let v = &self.view;
        let half = v.cell / 2.0; // a dot is drawn within half a cell of its point
        let r = view::badge_radius(v.cell);
        let lines = self.overlay.choices.iter().map(|&(a, b)| {
            let ((ax, ay), (bx, by)) = (v.point_to_screen(a), v.point_to_screen(b));
            (ax.min(bx) - half, ay.min(by) - half, ax.max(bx) + half, ay.max(by) + half)
        });
        let numbers =
            view::choice_badges(&self.overlay, v).into_iter().map(|(x, y)| (x - r, y - r, x + r, y + r));
        let rects: Vec<view::Rect> = lines.chain(numbers).collect();
        self.view.clear_rects(&rects, self.corner)
    }

    /// Where the numbers of the lines offered are drawn: `[x, y, radius, ...]` in CSS
    /// pixels, one disc a line (none for a single line).
    pub fn choice_badges(&self) -> Vec<f64> {
        let r = view::badge_radius(self.view.cell);
        view::choice_badges(&self.overlay, &self.view).into_iter().flat_map(|(x, y)| [x, y, r]).collect()
    }

    /// The offered line a click at (x, y) picks, if one is clearly meant.
    pub fn choice_near(&self, x: f64, y: f64) -> Option<usize> {
        view::pick_segment(&self.view, (x, y), &self.overlay.choices)
    }

    /// The bounds' layers: a solid outline and a dashed one (corners `[x, y, ...]`), a value
    /// per dot `[x, y, value, ...]` out of `max_value`, and weighted lines `[x1, y1, x2, y2,
    /// weight, ...]`. Empty arrays draw nothing.
    pub fn set_analysis(
        &mut self,
        hull: Vec<i32>,
        region: Vec<i32>,
        values: Vec<i32>,
        max_value: u8,
        weighted: Vec<f64>,
    ) {
        let points = |v: &[i32]| v.chunks_exact(2).map(|c| Point::new(c[0], c[1])).collect();
        self.scene.analysis = view::Analysis {
            hull: points(&hull),
            region: points(&region),
            values: values
                .chunks_exact(3)
                .map(|c| (Point::new(c[0], c[1]), c[2].clamp(0, 255) as u8))
                .collect(),
            max_value,
            weighted: weighted
                .chunks_exact(5)
                .map(|c| (Point::new(c[0] as i32, c[1] as i32), Point::new(c[2] as i32, c[3] as i32), c[4]))
                .collect(),
        };
    }

    /// Paints the board (call at most once an animation frame).
    pub fn draw(&self) {
        view::paint(
            &self.scene,
            &self.overlay,
            &self.style,
            &self.view,
            &mut CanvasPainter { ctx: &self.ctx, dpr: self.dpr },
        );
    }
}

/// Paints the position of `game`, whole, on `canvas` for an image: `cell` CSS pixels a
/// cell, `scale` device pixels a CSS pixel. Resizes the canvas to fit.
#[wasm_bindgen]
pub fn draw_image(
    canvas: HtmlCanvasElement,
    game: &WebTimeline,
    #[wasm_bindgen(unchecked_param_type = "Style | undefined")] style: JsValue,
    cell: f64,
    scale: f64,
) -> Result<(), JsError> {
    let style = super::image_style(style)?;
    let scene = Scene::of_timeline(game.timeline());
    let view = view::image_view(scene.bbox, cell);
    canvas.set_width((view.width * scale).round() as u32);
    canvas.set_height((view.height * scale).round() as u32);
    let ctx = context(&canvas)?;
    view::paint(&scene, &Overlay::default(), &style, &view, &mut CanvasPainter { ctx: &ctx, dpr: scale });
    Ok(())
}
