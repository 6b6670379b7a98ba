// @ts-check
// The bounds worker: the live bound of a position, the region its game can still reach, and
// the LPs, off the main thread. The page keeps two: one answers the live questions (quick,
// after a first call that builds the list of final hulls), the other solves LPs and is
// ended to cancel one (its thread is busy until the solve returns).
//
// Messages in:  {type: "live" | "reach" | "lp", id, link}
//               {type: "lp-board", id, variant, board}
// Messages out: {type: "live", id, bound}   {type: "reach", id, region}
//               {type: "lp", id, lp}        {type: "lp-start", id, points, lines}
//                                           {type: "lp-progress", id, iteration, primal, dual}
//                                           (the last two posted by the wasm module)
//               {type: "error", id, message, code?, args?, start?, why?} (errorInfo or
//                startFailure: the page says it)

import { errorInfo, startFailure } from "./dom.js";

/** @typedef {import("../../pkg/morpion.js")} Wasm */

/** Sends a message to the page. */
const post = (/** @type {object} */ message) => /** @type {any} */ (self).postMessage(message);

/** The page's own build (one thread), beside the page's scripts in dist/. */
const SINGLE = "../morpion.js";

/** @type {Promise<Wasm> | null} */
let engine = null;

function load() {
  if (!engine) {
    /** @type {Promise<Wasm>} */
    const wasm = import(SINGLE);
    engine = wasm.then(async (w) => {
      await w.default();
      return w;
    });
  }
  return engine;
}

/** @param {{ type: string, id: number, link?: string, variant?: string, board?: string }} msg */
async function handle(msg) {
  const { type, id } = msg;
  let wasm;
  try {
    wasm = await load();
  } catch (e) {
    engine = null;
    return post({ type: "error", id, ...startFailure("bounds", e) });
  }
  try {
    if (type === "lp-board") {
      return post({ type: "lp", id, lp: wasm.lp_board(msg.variant ?? "5T", msg.board ?? "", id) });
    }
    const game = wasm.Timeline.import(msg.link ?? "", "");
    try {
      if (type === "live") post({ type, id, bound: wasm.live_bound(game) });
      else if (type === "reach") post({ type, id, region: Array.from(wasm.reach(game)) });
      else if (type === "lp") post({ type, id, lp: wasm.lp_bound(game, id) });
      else post({ type: "error", id, message: `unknown request ${type}` });
    } finally {
      game.free();
    }
  } catch (e) {
    post({ type: "error", id, ...errorInfo(e) });
  }
}

self.onmessage = (/** @type {MessageEvent} */ e) => { handle(e.data); };
