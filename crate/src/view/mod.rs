//! What a front end needs besides the rules, kept free of any browser API so that it is
//! tested natively: the game as a timeline (undo, redo, replay steps, what a click means),
//! the board as a scene painted through a small [`Painter`] trait, the viewport's geometry
//! (hit-testing, pan, zoom, fit) and the SVG export. The browser bindings (`crate::wasm`)
//! are thin wrappers around these.

mod analysis;
mod badges;
mod corner;
mod scene;
mod svg;
mod timeline;
mod viewport;

pub use analysis::Analysis;
pub use badges::badge_radius;
pub use corner::Rect;
pub use scene::{choice_badges, cursor_half, paint, Overlay, Painter, Scene, Style, Theme, NUMBERS_MIN_CELL};
pub use svg::{image_view, svg};
pub use timeline::{Imported, Timeline, WhyNot};
pub use viewport::{distance_to_segment, pick_segment, GridBox, Viewport, HIT_RADIUS, MAX_CELL, MIN_CELL};
