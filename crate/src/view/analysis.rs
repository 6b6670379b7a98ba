//! What the bounds add to the board, as plain data the painter draws without knowing what
//! it means: two outlines (the octagonal hull, the region the game can still reach), a
//! number per dot (its potential), and lines with a weight (an LP's fractional solution).

use super::scene::{Painter, Theme};
use super::viewport::Viewport;
use crate::geom::Point;

/// The bounds' layers of the board. Empty by default: nothing is drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// Corners of a polygon drawn solid (the hull), in order.
    pub hull: Vec<Point>,
    /// Corners of a polygon drawn dashed (the reachable region), in order.
    pub region: Vec<Point>,
    /// A value per dot, out of a maximum: drawn as a small number, and 0 dims the dot.
    pub values: Vec<(Point, u8)>,
    /// The largest value (8 in T, 4 in D).
    pub max_value: u8,
    /// Lines with a weight in [0, 1], drawn as faint as their weight.
    pub weighted: Vec<(Point, Point, f64)>,
}

fn outline(points: &[Point], color: &str, width: f64, dashed: bool, view: &Viewport, out: &mut impl Painter) {
    if points.len() < 2 {
        return;
    }
    for (i, &a) in points.iter().enumerate() {
        let b = points[(i + 1) % points.len()];
        out.segment(view.point_to_screen(a), view.point_to_screen(b), width, color, dashed);
    }
}

/// An `rgba()` form of a `#rrggbb` colour at `alpha`; other colours are kept as they are.
fn faded(color: &str, alpha: f64) -> String {
    let hex = color.strip_prefix('#').filter(|h| h.len() == 6 && h.chars().all(|c| c.is_ascii_hexdigit()));
    match hex {
        Some(h) => {
            let c = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).unwrap_or(0);
            format!("rgba({},{},{},{:.3})", c(0), c(2), c(4), alpha.clamp(0.0, 1.0))
        }
        None => color.to_string(),
    }
}

/// The layers drawn under the game: outlines and weighted lines.
pub(super) fn paint_under(a: &Analysis, t: &Theme, view: &Viewport, out: &mut impl Painter) {
    let w = (view.cell * 0.06).clamp(1.0, 3.0);
    outline(&a.region, &t.region, w, true, view, out);
    outline(&a.hull, &t.hull, w * 1.5, false, view, out);
    let lw = (view.cell * 0.14).clamp(1.5, 6.0);
    for &(p, q, v) in &a.weighted {
        if v > 0.004 {
            out.segment(view.point_to_screen(p), view.point_to_screen(q), lw, &faded(&t.lp, v), false);
        }
    }
}

/// The layers drawn over the dots: each value beside its dot, dead dots dimmed.
pub(super) fn paint_over(a: &Analysis, t: &Theme, view: &Viewport, out: &mut impl Painter) {
    let cell = view.cell;
    for &(p, v) in &a.values {
        let (x, y) = view.point_to_screen(p);
        if v == 0 {
            out.circle((x, y), (cell * 0.2).clamp(2.0, 8.0), Some(&faded(&t.background, 0.7)), None);
            continue;
        }
        if cell >= 16.0 {
            let c = (x + cell * 0.3, y - cell * 0.3);
            out.circle(c, cell * 0.17, Some(&t.number_bg), Some((&t.potential, 1.0)));
            out.text(c, cell * 0.24, &t.potential, &v.to_string());
        } else {
            let share = f64::from(v) / f64::from(a.max_value.max(1));
            out.circle((x, y), (cell * 0.35 * share).max(1.5), None, Some((&t.potential, 1.0)));
        }
    }
}
