//! Start sets: the dots a game begins from ([`Start`]: the cross of each variant by
//! default, or any finite set), and the search for the best start of a given size
//! ([`best`]: Flammenkamp's n(r)).

pub mod best;
mod start;

pub use start::{BadStart, CodeDamage, Start, MAX_START_SIDE};
