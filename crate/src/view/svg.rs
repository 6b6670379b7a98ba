//! The board as an SVG image (the "export image" button), painted by the same [`paint`] as
//! the canvas.

use super::scene::{paint, Overlay, Painter, Scene, Style};
use super::viewport::{GridBox, Viewport};
use std::fmt::Write;

/// A view of the whole game for an image: `cell` pixels a cell, one cell of margin.
pub fn image_view(bbox: GridBox, cell: f64) -> Viewport {
    let (x0, y0, x1, y1) = bbox;
    let w = ((x1 - x0) as f64 + 2.0) * cell;
    let h = ((y1 - y0) as f64 + 2.0) * cell;
    Viewport { width: w, height: h, cell, ox: (1 - x0) as f64 * cell, oy: (1 - y0) as f64 * cell }
}

/// The scene as a standalone SVG document.
pub fn svg(scene: &Scene, style: &Style, cell: f64) -> String {
    let view = image_view(scene.bbox, cell);
    let mut out = SvgPainter { body: String::new() };
    // The grid is drawn only where the game is, not over the whole visible range.
    paint(scene, &Overlay::default(), style, &view, &mut out);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n{}</svg>\n",
        out.body,
        w = fmt(view.width),
        h = fmt(view.height)
    )
}

fn fmt(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Keeps only the characters a CSS colour can have, so a theme cannot break the document.
fn colour(c: &str) -> String {
    c.chars().filter(|ch| ch.is_ascii_alphanumeric() || "#(),.% ".contains(*ch)).collect()
}

struct SvgPainter {
    body: String,
}

impl Painter for SvgPainter {
    fn clear(&mut self, color: &str, width: f64, height: f64) {
        let _ = writeln!(
            self.body,
            "<rect width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            fmt(width),
            fmt(height),
            colour(color)
        );
    }

    fn segment(&mut self, a: (f64, f64), b: (f64, f64), width: f64, color: &str, dashed: bool) {
        let dash = if dashed {
            format!(" stroke-dasharray=\"{} {}\"", fmt(width * 3.0), fmt(width * 2.0))
        } else {
            String::new()
        };
        let _ = writeln!(
            self.body,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"{dash}/>",
            fmt(a.0),
            fmt(a.1),
            fmt(b.0),
            fmt(b.1),
            colour(color),
            fmt(width)
        );
    }

    fn circle(&mut self, c: (f64, f64), r: f64, fill: Option<&str>, stroke: Option<(&str, f64)>) {
        let fill = fill.map(colour).unwrap_or_else(|| "none".to_string());
        let stroke = match stroke {
            Some((s, w)) => format!(" stroke=\"{}\" stroke-width=\"{}\"", colour(s), fmt(w)),
            None => String::new(),
        };
        let _ = writeln!(
            self.body,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\"{stroke}/>",
            fmt(c.0),
            fmt(c.1),
            fmt(r)
        );
    }

    fn text(&mut self, c: (f64, f64), size: f64, color: &str, text: &str) {
        let text: String = text.chars().filter(|ch| ch.is_ascii_alphanumeric()).collect();
        let _ = writeln!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-family=\"system-ui, sans-serif\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{}\">{text}</text>",
            fmt(c.0),
            fmt(c.1),
            fmt(size),
            colour(color)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library;

    #[test]
    fn the_record_as_svg_has_every_line_and_number() {
        let game = library::find("5d-82").unwrap().game();
        let scene = Scene::of(game.position());
        let style = Style { numbers: true, hints: false, grid: false, ..Style::default() };
        let doc = svg(&scene, &style, 24.0);
        assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(doc.trim_end().ends_with("</svg>"));
        assert_eq!(doc.matches("<line ").count(), 82);
        assert_eq!(doc.matches("<text ").count(), 82);
        assert!(doc.contains(">82</text>"));
        // Every element is inside the image.
        let view = image_view(scene.bbox, 24.0);
        for p in scene.start.iter().chain(&scene.played) {
            let (x, y) = view.point_to_screen(*p);
            assert!(x >= 24.0 && y >= 24.0 && x <= view.width - 24.0 && y <= view.height - 24.0);
        }
    }

    #[test]
    fn colours_cannot_inject_markup() {
        assert_eq!(colour("red\"/><script>"), "redscript");
        assert_eq!(colour("rgb(1, 2, 3)"), "rgb(1, 2, 3)");
    }
}
