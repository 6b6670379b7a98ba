//! The browser bindings, and the only code that knows about JavaScript.
//!
//! Three opaque handles: [`WebGame`] (a game as a timeline: play, undo/redo, replay steps,
//! import/export), [`BoardView`] (a canvas, its viewport and what is drawn on it) and
//! [`WebSearch`] (an NRPA search, run by the page's search worker). They wrap
//! the native, natively tested `crate::view` and `crate::nrpa`. No state lives outside the handles, and
//! results cross the boundary as small typed values (numbers, strings, plain objects).

mod board;
mod canvas;
mod game;
mod search;

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The style an image export asks for: `undefined` means the default look.
fn image_style(style: JsValue) -> Result<crate::view::Style, JsError> {
    if style.is_undefined() {
        return Ok(crate::view::Style::default());
    }
    Ok(serde_wasm_bindgen::from_value(style)?)
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

#[derive(Serialize)]
struct RecordInfo {
    name: &'static str,
    variant: &'static str,
    score: usize,
    author: &'static str,
    date: &'static str,
    note: &'static str,
}

/// The embedded record library: `[{name, variant, score, author, date, note}]`.
#[wasm_bindgen]
pub fn records() -> Result<JsValue, JsError> {
    let list: Vec<RecordInfo> = crate::library::entries()
        .iter()
        .map(|e| RecordInfo {
            name: e.name,
            variant: e.variant,
            score: e.score,
            author: e.author,
            date: e.date,
            note: e.note,
        })
        .collect();
    Ok(serde_wasm_bindgen::to_value(&list)?)
}
