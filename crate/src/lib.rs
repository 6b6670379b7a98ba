//! Morpion Solitaire (Join Five): the rules of every variant (line length 3-6, touching or
//! disjoint), the file formats people use, the record library, and position counting.
//!
//! The vocabulary is small and `Copy`: [`Point`], [`Dir`], [`Line`], [`Variant`], [`Move`].
//! A [`Position`] plays and takes back moves and always knows its legal moves. A
//! [`Record`] is an unvalidated move list read from a file; [`Record::replay`] turns it into
//! a [`Game`] or says which move is illegal and why.

#![warn(missing_docs, missing_debug_implementations)]

mod board;
pub mod bounds;
pub mod count;
pub mod explain;
pub mod formats;
pub mod geom;
pub mod library;
pub mod nrpa;
mod position;
mod position_key;
pub mod record;
pub mod rng;
mod spare;
pub mod starts;
pub mod two_player;
pub mod variant;
pub mod view;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use board::{BoardLimit, COORD_LIMIT};
pub use formats::{load, Format, LoadError, Loaded, ReadError};
pub use geom::{Dir, Frame, Line, Point, Symmetry};
pub use position::{transform_move, IllegalMove, Position, ReplayError};
pub use record::{Game, Meta, Record, Skipped};
pub use rng::Rng;
pub use starts::{BadStart, Start, MAX_START_SIDE};
pub use variant::{BadVariant, Move, Rule, Variant};
