//! The browser bindings, and the only code that knows about JavaScript.
//!
//! The bounds (`live_bound`, `reach`, `lp_bound`, `lp_board`, for the bounds worker) are
//! plain functions of a `Timeline`. Four opaque handles: `Timeline` (a game as a line of
//! play: play, undo/redo, replay steps, import/export, whose turn in a two-player game),
//! `Board` (a canvas, its viewport and what is drawn on it), `Search` (an NRPA search, run
//! by the page's search worker) and `Opponent` (the computer's move in a two-player game,
//! run by the page's opponent worker). They wrap the native,
//! natively tested `crate::view` and `crate::nrpa`. No state lives outside the handles;
//! results cross the boundary as small typed values (numbers, strings, plain objects whose
//! TypeScript types are declared here, so the page's type check knows them), and the data
//! the page shows (variants, records, export formats, the palette, the input limit) comes
//! from here, written once.

mod board;
mod bounds;
mod canvas;
mod error;
mod opponent;
mod search;
mod timeline;

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The style an image export asks for: `undefined` means the default look.
fn image_style(style: JsValue) -> Result<crate::view::Style, JsError> {
    if style.is_undefined() {
        return Ok(crate::view::Style::default());
    }
    Ok(serde_wasm_bindgen::from_value(style)?)
}

/// A plain value as JSON would have it: a missing (`None`) field is `null`, as the types
/// declared here say (`number | null`), not serde_wasm_bindgen's default `undefined`.
/// Every typed result crosses the boundary through this one door.
fn to_js(value: &impl Serialize) -> Result<JsValue, JsError> {
    Ok(value.serialize(&serde_wasm_bindgen::Serializer::json_compatible())?)
}

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The names of every variant, 5T and 5D first.
#[wasm_bindgen]
pub fn variants() -> Vec<String> {
    let mut all: Vec<crate::Variant> = crate::Variant::ALL.to_vec();
    all.sort_by_key(|v| (v.line_len() != 5, v.line_len(), v.rule() as u8));
    all.iter().map(|v| v.to_string()).collect()
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** A game of the record library. */
export interface RecordInfo { name: string; variant: string; score: number; author: string | null; date: string | null; letter: string | null; label: string; note: string }
/** A format the page can export, as the core names and describes it. */
export interface FormatInfo { name: string; label: string; extension: string; mediaType: string }
/** The board's colours (CSS colour strings). */
export interface Theme { background: string; grid: string; start: string; dot: string; line: string; last: string; hint: string; number: string; number_bg: string; choice: string; cursor: string; hull: string; region: string; lp: string; potential: string; second: string }
/** How the board is drawn; missing fields keep their defaults. */
export interface Style { numbers?: boolean; hints?: boolean; grid?: boolean; theme?: Partial<Theme> }
/** The computer's move in a two-player game, and why it chose it. */
export interface OpponentMove { index: number; dot: [number, number]; from: [number, number]; to: [number, number]; reason: "last-line" | "solved-win" | "solved-loss" | "searched" | "random"; games: number }
/** One of the lines that would add a given dot. */
export interface Choice { dir: "h" | "v" | "dn" | "dp"; at: number; from: [number, number]; to: [number, number] }
/** Why no move adds a dot at a point. */
export interface WhyNot { reason: "game_over" | "has_dot" | "overlap" | "no_line"; score: number | null; by_move: number | null; rule: "T" | "D" | null; len: number | null; text: string }
/** Something the engine says, in English (`message`) and as a code of the page's catalogues with its values (crate::explain). */
export interface Explained { message: string; code: string; args: Record<string, unknown> }
/** A running search, as the page shows it. */
export interface SearchReport { best: number | null; playouts: number; playoutsPerSecond: number; run: number; runsDone: number; iteration: number; iterations: number; paused: boolean; done: boolean }
"#;

#[derive(Serialize)]
struct RecordInfo {
    name: &'static str,
    variant: &'static str,
    score: usize,
    /// Who and when, when known: the page words the menu's line from them in its language.
    author: Option<&'static str>,
    date: Option<&'static str>,
    /// The game's letter where its author has another of that length and date (`Entry::letter`).
    letter: Option<char>,
    /// The command line's line for menus (`Entry::label`), in English: what a record game's
    /// title says, by which the page knows a title is a record's.
    label: String,
    /// One line about the game, in English (the page has it in other languages by `name`).
    note: &'static str,
}

/// The embedded record library.
#[wasm_bindgen(unchecked_return_type = "RecordInfo[]")]
pub fn records() -> Result<JsValue, JsError> {
    let list: Vec<RecordInfo> = crate::library::entries()
        .iter()
        .map(|e| RecordInfo {
            name: e.name,
            variant: e.variant,
            score: e.score,
            author: e.known_author(),
            date: e.known_date(),
            letter: e.letter(),
            label: e.label(),
            note: e.note,
        })
        .collect();
    to_js(&list)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FormatInfo {
    name: &'static str,
    label: &'static str,
    extension: &'static str,
    media_type: &'static str,
}

/// The formats a game can be exported in (the command line's `--to` list), in menu order.
#[wasm_bindgen(unchecked_return_type = "FormatInfo[]")]
pub fn formats() -> Result<JsValue, JsError> {
    let list: Vec<FormatInfo> = crate::formats::Format::WRITABLE
        .iter()
        .map(|f| FormatInfo {
            name: f.name(),
            label: f.label(),
            extension: f.extension(),
            media_type: f.media_type(),
        })
        .collect();
    to_js(&list)
}

/// The board's palette, `light` (the default) or `dark`: the page's stylesheet and chart
/// take their board colours from it, and the board is drawn with it.
#[wasm_bindgen(unchecked_return_type = "Theme")]
pub fn theme(name: &str) -> Result<JsValue, JsError> {
    let theme = match name {
        "" | "light" => crate::view::Theme::default(),
        "dark" => crate::view::Theme::dark(),
        other => return Err(JsError::new(&format!("unknown theme {other:?} (light or dark)"))),
    };
    to_js(&theme)
}

/// The largest text the readers take: the page refuses larger files before reading them.
#[wasm_bindgen]
pub fn max_input_bytes() -> usize {
    crate::formats::MAX_INPUT_BYTES
}
