//! The bounds for the page's bounds worker (www/js/bounds-worker.js): the live bound of the
//! position a `Timeline` shows, the region its game can still reach, and the LPs. They run
//! in a worker because the first live bound builds the list of final hulls (a few tenths of
//! a second) and an LP takes seconds to minutes.
//!
//! An LP's size and progress are posted to the worker's page side as `{type: "lp-start",
//! id, points, lines}` and `{type: "lp-progress", id, iteration, primal, dual}` from inside
//! the solve (the worker's thread is busy until it
//! returns; the page cancels a solve by ending the worker).

use super::error::thrown;
use super::timeline::WebTimeline;
use crate::bounds::{self, live, Lp, LpProgress, LpSolution, Octagon};
use crate::geom::Point;
use crate::variant::Variant;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** Which argument gave a bound: the game's end, the hull, the potential, or the best published proof (from the cross). */
export type BoundKind = "game_over" | "hull" | "potential" | "published";
/** The live bound of a position and what it is made of (see `morpion bound position`). */
export interface BoundInfo { score: number; upperBound: number | null; kind: BoundKind | null; arguedBound: number | null; arguedKind: BoundKind | null; hull: number[]; hullPoints: number; hullVertices: number[]; potential: number; maxPotential: number; dots: number[]; stuck: number; neverFilled: number; finalHull: number[] | null; finalHullPoints: number | null; fromCross: boolean }
/** A solved LP: the proven objective, the board, and each line's value `[x1, y1, x2, y2, value, ...]`. */
export interface LpInfo { objective: number; bound: number; score: number | null; primal: number; points: number; variables: number; constraints: number; iterations: number; seconds: number; board: string; region: number[]; lines: number[] }
"#;

fn flat(points: &[Point]) -> Vec<i32> {
    points.iter().flat_map(|p| [p.x, p.y]).collect()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BoundInfo {
    score: usize,
    upper_bound: Option<usize>,
    kind: Option<&'static str>,
    /// This program's own bound and argument, which a published proof may beat; none for
    /// lines of 3 and 4 before the game's end.
    argued_bound: Option<usize>,
    argued_kind: Option<&'static str>,
    hull: [u32; 8],
    hull_points: u64,
    hull_vertices: Vec<i32>,
    potential: u64,
    max_potential: u8,
    /// `[x, y, f, ...]` per dot.
    dots: Vec<i32>,
    stuck: u32,
    never_filled: usize,
    final_hull: Option<[u32; 8]>,
    final_hull_points: Option<u32>,
    /// The game starts from the cross (the hull bound and the LP are argued from it).
    from_cross: bool,
}

/// The live bound of the position `game` shows.
#[wasm_bindgen(unchecked_return_type = "BoundInfo")]
pub fn live_bound(game: &WebTimeline) -> Result<JsValue, JsError> {
    let pos = game.timeline().position();
    let b = live::live_bound(pos);
    let info = BoundInfo {
        score: b.score,
        upper_bound: b.upper_bound,
        kind: b.kind.map(|k| k.name()),
        argued_bound: b.argued.map(|(a, _)| a),
        argued_kind: b.argued.map(|(_, k)| k.name()),
        hull: b.hull.edges(),
        hull_points: b.hull.points(),
        hull_vertices: flat(&b.hull.vertices()),
        potential: b.potential,
        max_potential: bounds::potential::per_dot_potential(pos.variant()),
        dots: b.dots.iter().flat_map(|&(p, f)| [p.x, p.y, i32::from(f)]).collect(),
        stuck: b.stuck,
        never_filled: b.never_filled,
        final_hull: b.final_hull.map(|s| s.edges),
        final_hull_points: b.final_hull.map(|s| s.points),
        from_cross: pos.start().is_cross(pos.variant()),
    };
    super::to_js(&info)
}

/// The corners `[x, y, ...]` of the region a 5T game can still reach (empty for other
/// variants: no final hull confines them).
#[wasm_bindgen]
pub fn reach(game: &WebTimeline) -> Vec<i32> {
    let pos = game.timeline().position();
    if pos.variant() != Variant::T5 {
        return Vec::new();
    }
    let hull = Octagon::hull(pos.dots()).expect("a position has dots");
    live::reachable_region(&hull).map(|r| flat(&r.vertices())).unwrap_or_default()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LpInfo {
    objective: f64,
    /// The whole moves the objective allows (at least the position's, for a position).
    bound: usize,
    /// The moves of the position solved (a position's LP only).
    score: Option<usize>,
    primal: f64,
    points: usize,
    variables: usize,
    constraints: usize,
    iterations: u32,
    seconds: f64,
    board: String,
    region: Vec<i32>,
    lines: Vec<f64>,
}

/// Posts a message of these fields to whoever listens to this worker. The worker's global
/// is looked up at each call: nothing of JavaScript is kept across a solve.
fn post(fields: &[(&str, JsValue)]) {
    let global = js_sys::global();
    let Ok(post) = js_sys::Reflect::get(&global, &"postMessage".into()) else { return };
    let Ok(post) = post.dyn_into::<js_sys::Function>() else { return };
    let msg = js_sys::Object::new();
    for (k, v) in fields {
        let _ = js_sys::Reflect::set(&msg, &(*k).into(), v);
    }
    let _ = post.call1(&global, &msg);
}

/// Posts `{type: "lp-progress", id, iteration, primal, dual}` at each iteration.
fn progress_poster(id: u32) -> impl FnMut(LpProgress) -> bool + Send + Sync + 'static {
    move |p: LpProgress| {
        post(&[
            ("type", "lp-progress".into()),
            ("id", id.into()),
            ("iteration", p.iteration.into()),
            ("primal", p.primal.into()),
            ("dual", p.dual.into()),
        ]);
        false
    }
}

fn lp_info(
    sol: &LpSolution,
    variant: Variant,
    score: Option<usize>,
    board: &Octagon,
    seconds: f64,
) -> LpInfo {
    let len = variant.line_len();
    LpInfo {
        objective: sol.objective,
        bound: live::whole_moves(sol.objective, score.unwrap_or(0)),
        score,
        primal: sol.primal,
        points: sol.dots.len(),
        variables: sol.size.0,
        constraints: sol.size.1,
        iterations: sol.iterations,
        seconds,
        board: board.to_string(),
        region: flat(&board.vertices()),
        lines: sol
            .lines
            .iter()
            .flat_map(|&(l, v)| {
                let (a, b) = (l.start, l.end(len));
                [a.x as f64, a.y as f64, b.x as f64, b.y as f64, v]
            })
            .collect(),
    }
}

/// The LP bound of the position `game` shows (5T), posting progress as `id`; before the
/// solve, `{type: "lp-start", id, points, lines}` says how large it is.
#[wasm_bindgen(unchecked_return_type = "LpInfo")]
pub fn lp_bound(game: &WebTimeline, id: u32) -> Result<JsValue, JsValue> {
    let pos = game.timeline().position();
    let t = js_sys::Date::now();
    let (lp, region) = live::position_lp(pos).map_err(|e| thrown(&e))?;
    post(&[
        ("type", "lp-start".into()),
        ("id", id.into()),
        ("points", lp.points().len().into()),
        ("lines", lp.lines().len().into()),
    ]);
    let sol = lp.solve(progress_poster(id)).map_err(|e| thrown(&e))?;
    let seconds = (js_sys::Date::now() - t) / 1000.0;
    Ok(super::to_js(&lp_info(&sol, pos.variant(), Some(pos.score()), &region, seconds))?)
}

/// The LP of a board (`square:N` or `octagon:a1,...,a8`) for `variant` (5T or 5D), posting
/// progress as `id`: the page's LP playground.
#[wasm_bindgen(unchecked_return_type = "LpInfo")]
pub fn lp_board(variant: &str, board: &str, id: u32) -> Result<JsValue, JsValue> {
    let variant: Variant = variant.parse().map_err(|e: crate::BadVariant| thrown(&e))?;
    if variant.line_len() != 5 {
        return Err(JsError::new(&format!("the LP is written for 5T and 5D, not {variant}")).into());
    }
    let octagon = Octagon::parse_board(board).map_err(|e| thrown(&e))?;
    let t = js_sys::Date::now();
    let lp = Lp::new(variant, octagon.lattice_points()).map_err(|e| thrown(&e))?;
    let sol = lp.solve(progress_poster(id)).map_err(|e| thrown(&e))?;
    let seconds = (js_sys::Date::now() - t) / 1000.0;
    Ok(super::to_js(&lp_info(&sol, variant, None, &octagon, seconds))?)
}
