//! A solved LP as a picture, as in the paper's Fig. 5: each board point a faint dot, each
//! line drawn with its LP value as its darkness. SVG, and PNG from a small rasteriser (no
//! image library: a PNG is a zlib stream of rows, which miniz_oxide already writes).

use super::lp::LpSolution;
use crate::geom::Point;
use crate::variant::Variant;
use std::fmt::Write;

const CELL: i32 = 12;

fn frame(sol: &LpSolution) -> (i32, i32, i32, i32) {
    sol.dots.iter().fold((i32::MAX, i32::MAX, i32::MIN, i32::MIN), |(a, b, c, d), &(p, _)| {
        (a.min(p.x), b.min(p.y), c.max(p.x), d.max(p.y))
    })
}

fn to_px(p: Point, x0: i32, y0: i32) -> (i32, i32) {
    ((p.x - x0 + 1) * CELL, (p.y - y0 + 1) * CELL)
}

/// The comment on the second line of every [`svg`]: how the command line tells a picture
/// of its own, which a new one may replace, from a drawing made elsewhere.
pub const SVG_MARK: &str = "<!-- drawn by morpion bound lp -->";

/// The solution as an SVG document.
pub fn svg(sol: &LpSolution, variant: Variant) -> String {
    let (x0, y0, x1, y1) = frame(sol);
    let (w, h) = ((x1 - x0 + 2) * CELL, (y1 - y0 + 2) * CELL);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         {SVG_MARK}\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n"
    );
    for &(p, v) in &sol.dots {
        let (x, y) = to_px(p, x0, y0);
        let _ = writeln!(
            s,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"1.5\" fill=\"#000000\" fill-opacity=\"{:.3}\"/>",
            0.15 + 0.6 * v
        );
    }
    let len = variant.line_len();
    for &(line, v) in &sol.lines {
        let (a, b) = (to_px(line.start, x0, y0), to_px(line.end(len), x0, y0));
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#000000\" stroke-opacity=\"{v:.3}\" stroke-width=\"2\"/>",
            a.0, a.1, b.0, b.1
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The solution as a grey PNG image.
pub fn png(sol: &LpSolution, variant: Variant) -> Vec<u8> {
    let (x0, y0, x1, y1) = frame(sol);
    let (w, h) = ((x1 - x0 + 2) * CELL, (y1 - y0 + 2) * CELL);
    // Ink per pixel, 0 (white) to 1 (black); overlapping strokes take the darker.
    let mut ink = vec![0f64; (w * h) as usize];
    let mut dab = |x: i32, y: i32, v: f64| {
        if x >= 0 && y >= 0 && x < w && y < h {
            let i = (y * w + x) as usize;
            ink[i] = ink[i].max(v);
        }
    };
    for &(p, v) in &sol.dots {
        let (x, y) = to_px(p, x0, y0);
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1)] {
            dab(x + dx, y + dy, 0.15 + 0.6 * v);
        }
    }
    let len = variant.line_len();
    for &(line, v) in &sol.lines {
        let (a, b) = (to_px(line.start, x0, y0), to_px(line.end(len), x0, y0));
        let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs());
        let (sx, sy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
        for k in 0..=steps {
            let (x, y) = (a.0 + sx * k, a.1 + sy * k);
            dab(x, y, v);
            // Two pixels wide, across the stroke.
            if sx == 0 {
                dab(x + 1, y, v)
            } else {
                dab(x, y + 1, v)
            }
        }
    }
    let mut raw = Vec::with_capacity(((w + 1) * h) as usize);
    for row in ink.chunks(w as usize) {
        raw.push(0); // filter: none
        raw.extend(row.iter().map(|&v| (255.0 * (1.0 - v)).round() as u8));
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend_from_slice(&(w as u32).to_be_bytes());
    header.extend_from_slice(&(h as u32).to_be_bytes());
    header.extend_from_slice(&[8, 0, 0, 0, 0]); // 8-bit greyscale
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"IDAT", &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 6));
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(kind.iter().chain(data));
    out.extend_from_slice(&crc.to_be_bytes());
}

/// The CRC-32 of PNG chunks (polynomial 0xEDB88320), bit by bit: images are small.
fn crc32<'a>(bytes: impl Iterator<Item = &'a u8>) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
        }
    }
    !c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_of_iend_is_the_known_one() {
        assert_eq!(crc32(b"IEND".iter()), 0xAE42_6082);
    }
}
