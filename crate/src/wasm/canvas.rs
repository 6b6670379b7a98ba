//! The canvas [`Painter`]: CSS pixels in, device pixels out (crisp on high-density screens).

use crate::view::Painter;
use web_sys::CanvasRenderingContext2d;

pub(super) struct CanvasPainter<'a> {
    pub ctx: &'a CanvasRenderingContext2d,
    /// Device pixels per CSS pixel.
    pub dpr: f64,
}

impl Painter for CanvasPainter<'_> {
    fn clear(&mut self, color: &str, width: f64, height: f64) {
        let c = self.ctx;
        let _ = c.set_transform(self.dpr, 0.0, 0.0, self.dpr, 0.0, 0.0);
        c.set_fill_style_str(color);
        c.fill_rect(0.0, 0.0, width, height);
        c.set_line_cap("round");
    }

    fn segment(&mut self, a: (f64, f64), b: (f64, f64), width: f64, color: &str, dashed: bool) {
        let c = self.ctx;
        c.begin_path();
        c.move_to(a.0, a.1);
        c.line_to(b.0, b.1);
        c.set_stroke_style_str(color);
        c.set_line_width(width);
        if dashed {
            let _ = c.set_line_dash(&js_sys::Array::of2(&(width * 3.0).into(), &(width * 2.0).into()));
        }
        c.stroke();
        if dashed {
            let _ = c.set_line_dash(&js_sys::Array::new());
        }
    }

    fn circle(&mut self, at: (f64, f64), r: f64, fill: Option<&str>, stroke: Option<(&str, f64)>) {
        let c = self.ctx;
        c.begin_path();
        let _ = c.arc(at.0, at.1, r, 0.0, std::f64::consts::TAU);
        if let Some(f) = fill {
            c.set_fill_style_str(f);
            c.fill();
        }
        if let Some((s, w)) = stroke {
            c.set_stroke_style_str(s);
            c.set_line_width(w);
            c.stroke();
        }
    }

    fn text(&mut self, at: (f64, f64), size: f64, color: &str, text: &str) {
        let c = self.ctx;
        c.set_font(&format!("600 {size:.1}px system-ui, sans-serif"));
        c.set_text_align("center");
        c.set_text_baseline("middle");
        c.set_fill_style_str(color);
        let _ = c.fill_text(text, at.0, at.1 + size * 0.05);
    }
}
