//! What the board shows, as plain data, and the one function that paints it.
//!
//! A [`Scene`] is taken from a position (dots, lines, move numbers, hints); an [`Overlay`]
//! holds the passing interaction state (the keyboard cursor, lines offered to choose
//! from); a [`Style`] is the configuration (colours, toggles). [`paint`] turns them
//! into calls on a [`Painter`]: the canvas and the SVG export are two painters, so they
//! always agree, and neither knows the rules.

use super::analysis::{self, Analysis};
use super::viewport::{GridBox, Viewport};
use crate::geom::Point;
use crate::position::Position;
use serde::{Deserialize, Serialize};

/// A position, ready to draw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// The dots of the start cross.
    pub start: Vec<Point>,
    /// The dot of each move, in order (move `i + 1` added `played[i]`).
    pub played: Vec<Point>,
    /// The line of each move, as its two ends.
    pub lines: Vec<(Point, Point)>,
    /// Points where a legal move would add a dot.
    pub hints: Vec<Point>,
    /// The smallest box holding every dot.
    pub bbox: GridBox,
    /// The bounds' layers (none unless set).
    pub analysis: Analysis,
    /// Who drew each move (1 or 2) in a two-player game, in order; empty for a solitaire
    /// game. The next line (one being drawn) is the other player's.
    pub owners: Vec<u8>,
}

impl Scene {
    /// What `position` shows: its dots, lines and legal points.
    pub fn of(position: &Position) -> Scene {
        let len = position.variant().line_len();
        let start = position.start().dots().to_vec();
        let played: Vec<Point> = position.moves().iter().map(|m| m.dot).collect();
        let lines = position.moves().iter().map(|m| (m.line().start, m.line().end(len))).collect();
        let mut hints: Vec<Point> = position.legal_moves().iter().map(|m| m.dot).collect();
        hints.dedup();
        Scene {
            start,
            played,
            lines,
            hints,
            bbox: position.bbox(),
            analysis: Analysis::default(),
            owners: Vec::new(),
        }
    }

    /// What the position shown by `timeline` shows; a two-player game's moves have their
    /// players.
    pub fn of_timeline(timeline: &super::Timeline) -> Scene {
        let mut scene = Scene::of(timeline.position());
        if timeline.is_two_player() {
            scene.owners = (1..=scene.played.len()).map(crate::two_player::player_of_move).collect();
        }
        scene
    }

    /// The bounding box of the dots and of the points a move could add.
    pub fn extent(&self) -> GridBox {
        self.hints.iter().fold(self.bbox, |(a, b, c, d), p| (a.min(p.x), b.min(p.y), c.max(p.x), d.max(p.y)))
    }
}

/// The passing interaction state drawn over the scene.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    /// The keyboard cursor.
    pub cursor: Option<Point>,
    /// Lines offered for the user to choose from (several moves add the same dot).
    pub choices: Vec<(Point, Point)>,
    /// The choice under the pointer or selected with the keyboard.
    pub chosen: Option<usize>,
    /// A line being drawn (the computer's move, animated): its two ends and how much of
    /// it is drawn, from 0 to 1.
    pub growing: Option<(Point, Point, f64)>,
    /// The width and height, in pixels, of what covers the area's top right (the page's
    /// zoom buttons): the choices' numbers keep clear of it.
    pub covered: (f64, f64),
}

/// Colours, as CSS colour strings. The defaults are the app's palette: the page takes them
/// from here (its stylesheet and chart use them), so they are written once.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(default)]
pub struct Theme {
    /// Behind everything.
    pub background: String,
    /// The grid lines.
    pub grid: String,
    /// The dots of the start cross.
    pub start: String,
    /// The dots the moves added.
    pub dot: String,
    /// The drawn lines.
    pub line: String,
    /// The last move's dot and line.
    pub last: String,
    /// The rings where a move can be played.
    pub hint: String,
    /// Move numbers.
    pub number: String,
    /// Behind move numbers.
    pub number_bg: String,
    /// Lines offered to choose from.
    pub choice: String,
    /// The keyboard cursor.
    pub cursor: String,
    /// The octagonal hull's outline.
    pub hull: String,
    /// The outline of the region the game can still reach.
    pub region: String,
    /// An LP solution's lines (drawn faded by their value).
    pub lp: String,
    /// The dots' potential.
    pub potential: String,
    /// The second player's lines and dots (the first player's are `line` and `dot`).
    pub second: String,
}

impl Default for Theme {
    fn default() -> Theme {
        let s = |x: &str| x.to_string();
        Theme {
            background: s("#fbfaf6"),
            grid: s("#e3e0d6"),
            start: s("#2b2b2b"),
            dot: s("#3d5a80"),
            line: s("#3d5a80"),
            last: s("#e07a1f"),
            hint: s("#2a9d8f"),
            number: s("#1d2b3a"),
            number_bg: s("#ffffff"),
            choice: s("#c2185b"),
            cursor: s("#7b1fa2"),
            hull: s("#8e5bb8"),
            region: s("#b8a9c9"),
            lp: s("#1d3557"),
            potential: s("#b5541a"),
            second: s("#c0392b"),
        }
    }
}

impl Theme {
    /// The palette for a dark page: the same roles, light ink on a dark ground, the
    /// accents brighter so they keep their contrast.
    pub fn dark() -> Theme {
        let s = |x: &str| x.to_string();
        Theme {
            background: s("#161a1f"),
            grid: s("#2a3139"),
            start: s("#e9e6dd"),
            dot: s("#86aede"),
            line: s("#86aede"),
            last: s("#ff9d45"),
            hint: s("#3fcfbd"),
            number: s("#e9eef4"),
            number_bg: s("#20262d"),
            choice: s("#ff5fa2"),
            cursor: s("#cf8cf0"),
            hull: s("#b994ec"),
            region: s("#6d5f85"),
            lp: s("#a9c9f2"),
            potential: s("#f2a062"),
            second: s("#ff8577"),
        }
    }
}

/// How the board is drawn: the user's toggles and the colours.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default)]
pub struct Style {
    /// Write each move's number on its dot.
    pub numbers: bool,
    /// Ring the points where a move can be played.
    pub hints: bool,
    /// Draw the grid.
    pub grid: bool,
    /// The colours.
    pub theme: Theme,
}

impl Default for Style {
    fn default() -> Style {
        Style { numbers: false, hints: true, grid: true, theme: Theme::default() }
    }
}

/// A drawing surface in CSS pixels.
pub trait Painter {
    /// Fills the whole `width` x `height` surface with `color`.
    fn clear(&mut self, color: &str, width: f64, height: f64);
    /// A straight stroke from `a` to `b`.
    fn segment(&mut self, a: (f64, f64), b: (f64, f64), width: f64, color: &str, dashed: bool);
    /// A circle of radius `r` about `c`, filled, stroked (colour and width), or both.
    fn circle(&mut self, c: (f64, f64), r: f64, fill: Option<&str>, stroke: Option<(&str, f64)>);
    /// Text centred on `c`.
    fn text(&mut self, c: (f64, f64), size: f64, color: &str, text: &str);
}

/// Move numbers are drawn only when a cell is at least this many pixels.
pub const NUMBERS_MIN_CELL: f64 = 14.0;

/// Half the side of the keyboard cursor's square (drawn with a 2 px stroke, so it reaches
/// a pixel further): at least 5 px, so that it stays visible on a board zoomed far out,
/// where it is larger than the dot it frames. The view keeps all of it clear of the zoom
/// buttons, not only the dot (`Viewport::bring_into_view`).
pub fn cursor_half(cell: f64) -> f64 {
    (cell * 0.4).max(5.0)
}

/// Where the numbers of the lines offered (`overlay.choices`, when there are several) are
/// drawn on the screen: their centres, each a disc of `badge_radius(view.cell)`. The page
/// keeps its chooser box off them as off the lines.
pub fn choice_badges(overlay: &Overlay, view: &Viewport) -> Vec<(f64, f64)> {
    if overlay.choices.len() < 2 {
        return Vec::new();
    }
    let ends: Vec<_> =
        overlay.choices.iter().map(|&(a, b)| (view.point_to_screen(a), view.point_to_screen(b))).collect();
    super::badges::badge_places(&ends, view.cell, (view.width, view.height), overlay.covered)
}

/// Paints the scene and the overlay as seen through `view`.
pub fn paint(scene: &Scene, overlay: &Overlay, style: &Style, view: &Viewport, out: &mut impl Painter) {
    let t = &style.theme;
    let cell = view.cell;
    out.clear(&t.background, view.width, view.height);
    let (x0, y0, x1, y1) = view.visible();
    if style.grid && cell >= 8.0 {
        for x in x0..=x1 {
            out.segment(
                view.to_screen(x as f64, y0 as f64),
                view.to_screen(x as f64, y1 as f64),
                1.0,
                &t.grid,
                false,
            );
        }
        for y in y0..=y1 {
            out.segment(
                view.to_screen(x0 as f64, y as f64),
                view.to_screen(x1 as f64, y as f64),
                1.0,
                &t.grid,
                false,
            );
        }
    }
    analysis::paint_under(&scene.analysis, t, view, out);
    let dot_r = (cell * 0.16).clamp(1.5, 7.0);
    if style.hints {
        for &p in &scene.hints {
            out.circle(
                view.point_to_screen(p),
                (cell * 0.22).clamp(2.5, 9.0),
                None,
                Some((&t.hint, (cell * 0.06).clamp(1.0, 2.5))),
            );
        }
    }
    let line_w = (cell * 0.09).clamp(1.0, 4.0);
    let last = scene.lines.len().checked_sub(1);
    // move i + 1's colours: in a two-player game its player's (the second player's are
    // `second`), the last move keeping them (thicker, and ringed); else one colour, the
    // last move's its own
    let players = !scene.owners.is_empty();
    let second = |i: usize| match scene.owners.get(i) {
        Some(&o) => o == 2,
        // the line being drawn: the other player's than the last one's
        None => players && scene.owners.last() == Some(&1),
    };
    let player_line = |i: usize| if second(i) { &t.second } else { &t.line };
    let player_dot = |i: usize| if second(i) { &t.second } else { &t.dot };
    let last_colour = |i: usize| if players { player_line(i) } else { &t.last };
    for (i, &(a, b)) in scene.lines.iter().enumerate() {
        let (color, w) =
            if Some(i) == last { (last_colour(i), line_w * 1.5) } else { (player_line(i), line_w) };
        out.segment(view.point_to_screen(a), view.point_to_screen(b), w, color, false);
    }
    if let Some((a, b, part)) = overlay.growing {
        let part = part.clamp(0.0, 1.0);
        let (ax, ay) = view.point_to_screen(a);
        let (bx, by) = view.point_to_screen(b);
        let end = (ax + (bx - ax) * part, ay + (by - ay) * part);
        out.segment((ax, ay), end, line_w * 1.5, last_colour(scene.lines.len()), false);
    }
    for (i, &(a, b)) in overlay.choices.iter().enumerate() {
        let w = if overlay.chosen == Some(i) { line_w * 2.2 } else { line_w * 1.2 };
        out.segment(
            view.point_to_screen(a),
            view.point_to_screen(b),
            w,
            &t.choice,
            overlay.chosen != Some(i),
        );
    }
    for &p in &scene.start {
        out.circle(view.point_to_screen(p), dot_r, Some(&t.start), None);
    }
    let numbers = style.numbers && cell >= NUMBERS_MIN_CELL;
    for (i, &p) in scene.played.iter().enumerate() {
        let c = view.point_to_screen(p);
        let color = if Some(i) == last { last_colour(i) } else { player_dot(i) };
        if numbers {
            let label = (i + 1).to_string();
            let r = cell * 0.34;
            out.circle(c, r, Some(&t.number_bg), Some((color, (cell * 0.05).max(1.0))));
            let size = cell * if label.len() >= 3 { 0.3 } else { 0.38 };
            out.text(c, size, &t.number, &label);
        } else {
            out.circle(c, dot_r * 1.05, Some(color), None);
        }
    }
    if let Some(i) = last.filter(|_| !numbers) {
        out.circle(
            view.point_to_screen(scene.played[i]),
            dot_r * 2.0,
            None,
            Some((&t.last, (cell * 0.06).max(1.0))),
        );
    }
    analysis::paint_over(&scene.analysis, t, view, out);
    if overlay.choices.len() > 1 {
        // Each line offered gets its number, as the chooser lists them, beside its middle.
        let r = super::badges::badge_radius(cell);
        for (i, c) in choice_badges(overlay, view).into_iter().enumerate() {
            let fill = if overlay.chosen == Some(i) { &t.cursor } else { &t.choice };
            out.circle(c, r, Some(fill), Some((&t.number_bg, 1.5)));
            out.text(c, r * 1.2, &t.number_bg, &(i + 1).to_string());
        }
    }
    if let Some(p) = overlay.cursor {
        let (cx, cy) = view.point_to_screen(p);
        let h = cursor_half(cell);
        let corners = [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)];
        for k in 0..4 {
            out.segment(corners[k], corners[(k + 1) % 4], 2.0, &t.cursor, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// Records what was painted.
    #[derive(Default)]
    struct Log {
        segments: Vec<(String, bool)>,
        circles: Vec<Option<String>>,
        texts: Vec<String>,
    }

    impl Painter for Log {
        fn clear(&mut self, _: &str, _: f64, _: f64) {}
        fn segment(&mut self, _: (f64, f64), _: (f64, f64), _: f64, color: &str, dashed: bool) {
            self.segments.push((color.to_string(), dashed));
        }
        fn circle(&mut self, _: (f64, f64), _: f64, fill: Option<&str>, _: Option<(&str, f64)>) {
            self.circles.push(fill.map(str::to_string));
        }
        fn text(&mut self, _: (f64, f64), _: f64, _: &str, text: &str) {
            self.texts.push(text.to_string());
        }
    }

    fn game(n: usize) -> Position {
        let mut p = Position::new(Variant::T5);
        for _ in 0..n {
            let m = p.legal_moves()[0];
            p.play(m);
        }
        p
    }

    #[test]
    fn a_scene_has_every_dot_line_and_hint() {
        let p = game(3);
        let s = Scene::of(&p);
        assert_eq!(s.start.len(), 36);
        assert_eq!(s.played, p.moves().iter().map(|m| m.dot).collect::<Vec<_>>());
        assert_eq!(s.lines.len(), 3);
        for (m, &(a, b)) in p.moves().iter().zip(&s.lines) {
            assert!(m.line().points(5).any(|q| q == a) && m.line().points(5).any(|q| q == b));
            assert_eq!(((a.x - b.x).abs().max((a.y - b.y).abs())), 4);
        }
        let mut want: Vec<Point> = p.legal_moves().iter().map(|m| m.dot).collect();
        want.sort_by_key(|q| (q.y, q.x));
        want.dedup();
        assert_eq!(s.hints, want);
        let (x0, y0, x1, y1) = s.extent();
        assert!(s.hints.iter().all(|q| (x0..=x1).contains(&q.x) && (y0..=y1).contains(&q.y)));
    }

    #[test]
    fn numbers_hints_and_choices_follow_the_style_and_overlay() {
        let p = game(12);
        let s = Scene::of(&p);
        let view = Viewport::fitted(400.0, 400.0, s.bbox, 1.0);
        let mut style = Style { grid: false, hints: false, ..Style::default() };
        let mut log = Log::default();
        paint(&s, &Overlay::default(), &style, &view, &mut log);
        assert!(log.texts.is_empty());
        assert_eq!(log.segments.len(), 12);
        assert_eq!(
            log.segments.iter().filter(|(c, _)| *c == style.theme.last).count(),
            1,
            "the last line stands out"
        );

        style.numbers = true;
        style.hints = true;
        let overlay = Overlay {
            choices: vec![(Point::new(0, 0), Point::new(4, 0)); 2],
            chosen: Some(1),
            ..Overlay::default()
        };
        let mut log = Log::default();
        paint(&s, &overlay, &style, &view, &mut log);
        // the move numbers, then the numbers of the two lines offered
        assert_eq!(log.texts, (1..=12).chain(1..=2).map(|i| i.to_string()).collect::<Vec<_>>());
        assert_eq!(log.circles.iter().filter(|f| f.is_none()).count(), s.hints.len());
        let choices: Vec<_> = log.segments.iter().filter(|(c, _)| *c == style.theme.choice).collect();
        assert_eq!(choices.len(), 2);
        assert_eq!(choices.iter().filter(|(_, dashed)| !dashed).count(), 1, "the chosen line is solid");
    }

    #[test]
    fn two_players_alternate_colours_and_a_growing_line_is_drawn() {
        let p = game(5);
        let s = Scene::of(&p);
        let view = Viewport::fitted(400.0, 400.0, s.bbox, 1.0);
        let style = Style { grid: false, hints: false, ..Style::default() };
        let mut log = Log::default();
        paint(&s, &Overlay::default(), &style, &view, &mut log);
        assert!(log.segments.iter().all(|(c, _)| *c != style.theme.second), "a solitaire game: one colour");
        let mut timeline =
            crate::view::Timeline::from_game(&crate::Game::new(p.clone(), Default::default()), None);
        timeline.set_two_player(true);
        let s = Scene::of_timeline(&timeline);
        assert_eq!(s.owners, [1, 2, 1, 2, 1]);
        let mut log = Log::default();
        paint(&s, &Overlay::default(), &style, &view, &mut log);
        let colours: Vec<&str> = log.segments.iter().map(|(c, _)| c.as_str()).collect();
        let (one, two) = (style.theme.line.as_str(), style.theme.second.as_str());
        assert_eq!(colours, [one, two, one, two, one], "move 5 is player 1's, drawn in their colour");
        let moved: Vec<Option<&str>> = log.circles.iter().skip(s.start.len()).map(|c| c.as_deref()).collect();
        let (d1, d2) = (Some(style.theme.dot.as_str()), Some(two));
        assert_eq!(&moved[..5], [d1, d2, d1, d2, Some(one)]);

        let overlay =
            Overlay { growing: Some((Point::new(0, 0), Point::new(4, 0), 0.5)), ..Overlay::default() };
        let mut log = Log::default();
        paint(&s, &overlay, &style, &view, &mut log);
        assert_eq!(log.segments.len(), 6);
        assert_eq!(log.segments[5].0, two, "the line being drawn is move 6's, player 2's");
    }

    #[test]
    fn the_dark_palette_fills_every_role_and_differs_from_the_light() {
        let (light, dark) = (Theme::default(), Theme::dark());
        let roles = |t: &Theme| serde_json::to_value(t).unwrap().as_object().unwrap().clone();
        let (l, d) = (roles(&light), roles(&dark));
        assert_eq!(l.len(), d.len());
        for (k, v) in &d {
            let c = v.as_str().unwrap();
            assert!(
                c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|h| h.is_ascii_hexdigit()),
                "{k}: {c}"
            );
        }
        assert_ne!(light.background, dark.background);
        assert_ne!(light.start, dark.start);
    }

    #[test]
    fn numbers_are_left_out_when_cells_are_too_small() {
        let s = Scene::of(&game(5));
        let view = Viewport { width: 100.0, height: 100.0, cell: NUMBERS_MIN_CELL - 1.0, ox: 0.0, oy: 0.0 };
        let mut log = Log::default();
        paint(&s, &Overlay::default(), &Style { numbers: true, ..Style::default() }, &view, &mut log);
        assert!(log.texts.is_empty());
    }
}
