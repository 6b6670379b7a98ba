//! Bounds that cannot be proved: an LP too large or too small, a board that is not one, a
//! position the LP's argument does not cover.

use super::{Explain, Explained};
use crate::bounds::{BadBoard, LpError, PositionLpError};

impl Explain for LpError {
    fn explain(&self) -> Explained {
        match self {
            LpError::TooBig => {
                Explained::new("lp.too-big").num("max", crate::bounds::lp::MAX_BOARD_POINTS as f64)
            }
            LpError::TooSmall { points, start } => {
                Explained::new("lp.too-small").num("n", *points as f64).num("start", *start as f64)
            }
            LpError::Outside(p) => Explained::new("lp.outside").text("point", p),
            // the solver's own words
            LpError::Solver(why) => Explained::new("lp.solver").text("text", why),
        }
    }
}

impl Explain for PositionLpError {
    fn explain(&self) -> Explained {
        match self {
            PositionLpError::Variant(v) => Explained::new("lp.variant").text("variant", v),
            PositionLpError::NoFinalHull => Explained::new("lp.no-final-hull"),
            PositionLpError::NotTheCross => Explained::new("lp.not-the-cross"),
            PositionLpError::Lp(e) => e.explain(),
        }
    }
}

impl Explain for BadBoard {
    fn explain(&self) -> Explained {
        match self {
            BadBoard::Side(n) => Explained::new("board.side").text("text", n),
            BadBoard::EdgeCount { list, found } => {
                Explained::new("board.edge-count").text("list", list).num("n", *found as f64)
            }
            BadBoard::Edge { list, index, text } => {
                Explained::new("board.edge").text("list", list).num("index", *index as f64).text("text", text)
            }
            BadBoard::NotClosed(list) => Explained::new("board.not-closed").text("list", list),
            BadBoard::Unknown(s) => Explained::new("board.unknown").text("text", s),
        }
    }
}
