//! Upper bounds: how long can a game still go?
//!
//! The potential of Flammenkamp ([`potential`]), the octagonal hull and the admissible
//! octagons of the 485 paper by Michalewski, Nagórko and Pawlewicz ([`octagon`],
//! [`admissible`]), its linear program (LP0)–(LP4) on any board ([`lp`]), and the bounds of
//! a game in progress built from them ([`live`]). The arguments that each bound is valid
//! are written out in `docs/bounds.md`.

pub mod admissible;
pub mod live;
pub mod lp;
pub mod octagon;
pub mod picture;
pub mod potential;

pub use admissible::{admissible, final_hulls, Shape};
pub use live::{
    live_bound, lp_bound, published_bound, published_by, BoundKind, LiveBound, LpBound, PositionLpError,
};
pub use lp::{square, Lp, LpError, LpProgress, LpSolution};
pub use octagon::{BadBoard, Edges, Octagon};
pub use potential::PotentialMap;
