//! `Timeline` in JavaScript: a [`view::Timeline`] (the moves of a line of play and how many
//! are shown) behind an opaque handle. The page holds one for the user's game and one for
//! a search's best game shown on the board.

use super::error::{plain, thrown};
use crate::formats::{self, Format};
use crate::geom::{Dir, Point};
use crate::view::{self, Scene, Timeline, WhyNot};
use crate::{Start, Variant};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_name = Timeline)]
#[derive(Debug)]
pub struct WebTimeline {
    timeline: Timeline,
    /// What the user should know about how the game was read (set by `import`).
    notes: Vec<formats::Note>,
    format: Option<Format>,
}

/// One of the lines that would add a given dot. The page words it (in its language) from
/// the direction and where the dot sits on the line: the board shows no coordinates.
#[derive(Serialize)]
struct Choice {
    /// `h`, `v`, `dn` (down to the right, `\\`) or `dp` (up to the right, `/`).
    dir: &'static str,
    /// How many of the line's points come before the new dot, from `from` (0: it is the
    /// `from` end).
    at: u8,
    /// The line's two ends; `from` is its left end (its top end when vertical).
    from: [i32; 2],
    to: [i32; 2],
}

fn dir_code(d: Dir) -> &'static str {
    match d {
        Dir::H => "h",
        Dir::V => "v",
        Dir::DN => "dn",
        Dir::DP => "dp",
    }
}

/// Why nothing can be played at a point, for the page to word (`view::WhyNot` as data).
#[derive(Serialize)]
struct WhyNotInfo {
    /// `game_over`, `has_dot`, `overlap` or `no_line`.
    reason: &'static str,
    /// The score of a finished game.
    score: Option<usize>,
    /// The move whose line is in the way (1-based).
    by_move: Option<usize>,
    /// `T` or `D`, for an overlap.
    rule: Option<char>,
    /// The line length, for `no_line`.
    len: Option<usize>,
    /// The English, for the console and for languages without these words.
    text: String,
}

fn variant(name: &str) -> Result<Variant, JsValue> {
    name.parse().map_err(|e: crate::BadVariant| thrown(&e))
}

impl WebTimeline {
    fn wrap(timeline: Timeline) -> WebTimeline {
        WebTimeline { timeline, notes: Vec::new(), format: None }
    }

    pub(super) fn timeline(&self) -> &Timeline {
        &self.timeline
    }
}

#[wasm_bindgen(js_class = Timeline)]
impl WebTimeline {
    /// A new game of `variant` (`5T`, `5D`, `4T`, ...).
    #[wasm_bindgen(constructor)]
    pub fn new(variant_name: &str) -> Result<WebTimeline, JsValue> {
        Ok(WebTimeline::wrap(Timeline::new(variant(variant_name)?)))
    }

    /// Reads a game in any known format (Pentasol, Flammenkamp, MSR, MS1, links, ...).
    /// `variant_name` (empty for none) wins over what the text says.
    pub fn import(text: &str, variant_name: &str) -> Result<WebTimeline, JsValue> {
        let given = if variant_name.trim().is_empty() { None } else { Some(variant(variant_name)?) };
        let imported = Timeline::import(text, given).map_err(|e| thrown(&e))?;
        Ok(WebTimeline { timeline: imported.timeline, notes: imported.notes, format: Some(imported.format) })
    }

    /// A game of the record library, by name.
    pub fn record(name: &str) -> Result<WebTimeline, JsError> {
        let entry =
            crate::library::find(name).ok_or_else(|| JsError::new(&format!("no record called {name}")))?;
        Ok(WebTimeline::wrap(Timeline::from_game(&entry.game(), None)))
    }

    /// A new game of `variant` from the start of `dots` (`[x, y, x, y, ...]`; duplicates
    /// are one dot). The start is moved so that its smallest x and y are 0 (see
    /// `start_dots`). Refused when there is no dot or they do not fit in 64 x 64 cells.
    pub fn on_start(variant_name: &str, dots: Vec<i32>) -> Result<WebTimeline, JsValue> {
        let variant = variant(variant_name)?;
        let points = dots.chunks_exact(2).map(|c| Point::new(c[0], c[1]));
        let start = Start::new(points).map_err(|e| thrown(&e))?;
        Ok(WebTimeline::wrap(Timeline::on(variant, start)))
    }

    /// The start's dots, `[x, y, x, y, ...]` (row by row; the smallest x and y are 0).
    pub fn start_dots(&self) -> Vec<i32> {
        self.timeline.position().start().dots().iter().flat_map(|p| [p.x, p.y]).collect()
    }

    /// `cross` for the variant's cross, otherwise the start's code (what links carry).
    pub fn start_spec(&self) -> String {
        self.timeline.position().start().spec(self.timeline.variant())
    }

    /// Whether every game from this start is known to end (`Start::games_end`): not for 3T
    /// and 3D, nor for 4T and 4D from a start other than the cross. The page offers no
    /// search and no computer player where they do not.
    pub fn games_end(&self) -> bool {
        self.timeline.position().start().games_end(self.timeline.variant())
    }

    /// Notes from the import (an assumed variant, ...).
    #[wasm_bindgen(unchecked_return_type = "Explained[]")]
    pub fn notes(&self) -> Result<JsValue, JsError> {
        let notes = js_sys::Array::new();
        for note in &self.notes {
            notes.push(&plain(note)?);
        }
        Ok(notes.into())
    }

    /// The format the game was imported from, if it was.
    pub fn format(&self) -> Option<String> {
        self.format.map(|f| f.name().to_string())
    }

    pub fn variant(&self) -> String {
        self.timeline.variant().to_string()
    }

    /// Moves shown (the score of the position on the board).
    pub fn shown(&self) -> usize {
        self.timeline.shown()
    }

    /// Moves in the line of play, shown or not.
    pub fn length(&self) -> usize {
        self.timeline.len()
    }

    /// A two-player game (its link says so).
    pub fn two_player(&self) -> bool {
        self.timeline.is_two_player()
    }

    /// Makes the game a two-player one, or a solitaire one; the moves stay.
    pub fn set_two_player(&mut self, on: bool) {
        self.timeline.set_two_player(on)
    }

    /// In a two-player game, who draws the next line: 1 (who drew the first) or 2.
    pub fn player_to_move(&self) -> u8 {
        crate::two_player::player_to_move(self.timeline.position())
    }

    /// In a finished game, the player who drew the last line (who wins a two-player game);
    /// `undefined` while a move is left.
    pub fn winner(&self) -> Option<u8> {
        let pos = self.timeline.position();
        (pos.is_finished() && pos.score() > 0).then(|| 3 - crate::two_player::player_to_move(pos))
    }

    /// Plays the `index`-th legal move (canonical order, as `Opponent` answers).
    pub fn play_index(&mut self, index: usize) -> Result<(), JsError> {
        let legal = self.timeline.position().legal_moves();
        let m = *legal
            .get(index)
            .ok_or_else(|| JsError::new(&format!("no legal move {index}: there are {}", legal.len())))?;
        self.timeline.play(m).map_err(|e| JsError::new(&e.to_string()))
    }

    pub fn legal_count(&self) -> usize {
        self.timeline.position().num_legal_moves()
    }

    pub fn finished(&self) -> bool {
        self.timeline.position().is_finished()
    }

    pub fn can_undo(&self) -> bool {
        self.timeline.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.timeline.can_redo()
    }

    pub fn undo(&mut self) -> bool {
        self.timeline.undo()
    }

    pub fn redo(&mut self) -> bool {
        self.timeline.redo()
    }

    pub fn go_to(&mut self, n: usize) {
        self.timeline.go_to(n)
    }

    /// The lines that would add a dot at (x, y).
    #[wasm_bindgen(unchecked_return_type = "Choice[]")]
    pub fn choices_at(&self, x: i32, y: i32) -> Result<JsValue, JsError> {
        let len = self.timeline.variant().line_len();
        let list: Vec<Choice> = self
            .timeline
            .moves_at(Point::new(x, y))
            .into_iter()
            .map(|m| {
                let (a, b) = (m.line().start, m.line().end(len));
                let (dx, dy) = m.dir.delta();
                let at = (0..len)
                    .find(|&i| Point::new(a.x + dx * i32::from(i), a.y + dy * i32::from(i)) == m.dot)
                    .unwrap_or(0);
                Choice { dir: dir_code(m.dir), at, from: [a.x, a.y], to: [b.x, b.y] }
            })
            .collect();
        super::to_js(&list)
    }

    /// Plays the `choice`-th line that adds a dot at (x, y).
    pub fn play_at(&mut self, x: i32, y: i32, choice: usize) -> Result<(), JsError> {
        let p = Point::new(x, y);
        let m = *self
            .timeline
            .moves_at(p)
            .get(choice)
            .ok_or_else(|| JsError::new(&self.timeline.why_not(p).to_string()))?;
        self.timeline.play(m).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Why nothing can be played at (x, y).
    #[wasm_bindgen(unchecked_return_type = "WhyNot")]
    pub fn why_not(&self, x: i32, y: i32) -> Result<JsValue, JsError> {
        let why = self.timeline.why_not(Point::new(x, y));
        let mut info = WhyNotInfo {
            reason: "",
            score: None,
            by_move: None,
            rule: None,
            len: None,
            text: why.to_string(),
        };
        match why {
            WhyNot::GameOver { score } => (info.reason, info.score) = ("game_over", Some(score)),
            WhyNot::HasDot => info.reason = "has_dot",
            WhyNot::Overlap { by_move, rule } => {
                (info.reason, info.by_move, info.rule) = ("overlap", by_move, Some(rule.letter()))
            }
            WhyNot::NoLine { len } => (info.reason, info.len) = ("no_line", Some(len)),
        }
        super::to_js(&info)
    }

    /// The link of the game (with the shown move unless all are shown).
    pub fn link(&self, base: &str) -> String {
        self.timeline.link(base)
    }

    /// The link of the position after the line's first `n` moves (undefined when fewer are
    /// shown): the same for every line that goes on from that position.
    pub fn link_of_first(&self, n: usize, base: &str) -> Option<String> {
        self.timeline.link_of_first(n, base)
    }

    /// The whole line of play in `format` (`pentasol`, `flammenkamp`, `msr`, `msr-json`,
    /// `link`, `csv`).
    pub fn export(&self, format: &str, base: &str) -> Result<String, JsValue> {
        let f = Format::from_name(format).ok_or_else(|| JsError::new(&format!("unknown format {format}")))?;
        if f == Format::Link {
            return Ok(self.timeline.link(base));
        }
        // a 4T game in Pentasol, a game from another start in MS1: the page says why
        formats::write(&self.timeline.game(), f, base).map_err(|e| thrown(&e))
    }

    /// Why `format` cannot hold the game, as `export` would throw it but as a plain note
    /// (`{message, code, args}`), without writing the game; null when it can.
    pub fn export_refusal(&self, format: &str) -> Result<JsValue, JsError> {
        let f = Format::from_name(format).ok_or_else(|| JsError::new(&format!("unknown format {format}")))?;
        formats::can_write(&self.timeline.game(), f).map_or_else(|e| plain(&e), |()| Ok(JsValue::NULL))
    }

    /// What an export in `format` leaves unread elsewhere (MSR of a game
    /// morpion-solitaire.io does not play), as a note the page says; null for nothing.
    pub fn export_note(&self, format: &str) -> Result<JsValue, JsError> {
        let note = Format::from_name(format).and_then(|f| formats::write_note(&self.timeline.game(), f));
        note.map_or(Ok(JsValue::NULL), |n| plain(&n))
    }

    /// The position shown, as an SVG image. `style` as for `Board.set_style`.
    pub fn svg(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Style | undefined")] style: JsValue,
        cell: f64,
    ) -> Result<String, JsError> {
        let style = super::image_style(style)?;
        Ok(view::svg(&Scene::of_timeline(&self.timeline), &style, cell))
    }

    /// Who played the game and when, as one line (empty when nothing is known): `Meta::title`.
    pub fn title(&self) -> String {
        self.timeline.meta().title()
    }

    /// The name of the library's record whose line of play this is (`Timeline::record`): a
    /// record reached again by a link or by Back is shown as the record, as one chosen from
    /// the list is.
    pub fn record_name(&self) -> Option<String> {
        self.timeline.record().map(|e| e.name.to_string())
    }

    /// Gives back a title the game's link does not carry, to a game that says nothing of
    /// itself (`Timeline::name_if_unknown`).
    pub fn name_if_unknown(&mut self, title: &str) {
        self.timeline.name_if_unknown(title);
    }
}
