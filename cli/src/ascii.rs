//! ASCII picture of a position: dots on even columns and rows, the unit segments of the
//! lines between them (`-`, `|`, `\`, `/`, and `X` where two diagonals cross).

use morpion::{Dir, Position};

pub fn picture(p: &Position) -> String {
    let (x0, y0, x1, y1) = p.bbox();
    let (w, h) = ((2 * (x1 - x0) + 1) as usize, (2 * (y1 - y0) + 1) as usize);
    let mut grid = vec![vec![' '; w]; h];
    let at = |x: i32, y: i32| ((2 * (y - y0)) as usize, (2 * (x - x0)) as usize);
    let len = p.variant().line_len();
    for line in p.lines() {
        for i in 0..len as i32 - 1 {
            let a = line.point(i);
            let (r, c) = at(a.x, a.y);
            let (r, c, ch) = match line.dir {
                Dir::H => (r, c + 1, '-'),
                Dir::V => (r + 1, c, '|'),
                Dir::DN => (r + 1, c + 1, '\\'),
                Dir::DP => (r - 1, c + 1, '/'),
            };
            let cell = &mut grid[r][c];
            *cell = match (*cell, ch) {
                ('\\', '/') | ('/', '\\') => 'X',
                _ => ch,
            };
        }
    }
    for d in p.dots() {
        let (r, c) = at(d.x, d.y);
        grid[r][c] = if p.start().contains(d) { 'O' } else { 'o' };
    }
    let mut out = format!("x {x0}..{x1}, y {y0}..{y1} (y down); O start dots, o new dots\n");
    for row in grid {
        out.push_str(row.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    out
}
