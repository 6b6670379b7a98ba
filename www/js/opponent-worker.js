// @ts-check
// The opponent worker: the computer's moves in a two-player game (and the page's hints),
// one at a time, off the main thread.
//
// Where the threaded build runs (engine-load.js) it loads it and makes a pool of the
// threads asked for: `Opponent.start` thinks on the pool, and this worker's own thread
// polls for the answer and passes on a cancel. Otherwise `Opponent.run_here` thinks on
// this thread, which then hears nothing until it answers: the page cancels by ending the
// worker.
//
// Messages in:  {type: "think", id, link, strength, seconds, seed, threads}
//               {type: "cancel", id}
// Messages out: {type: "ready", build, threads}
//               {type: "move", id, move}   (an OpponentMove)
//               {type: "error", id, message, code?, args?, start?, why?} (errorInfo or
//                startFailure: the page says it)

import { errorInfo, startFailure } from "./dom.js";
import { loadEngine } from "./engine-load.js";

/** @typedef {import("../../pkg/morpion.js").Opponent} Opponent */
/** @typedef {{ id: number, link: string, strength: string, seconds: number, seed: number, threads: number }} Ask */

/** Sends a message to the page. */
const post = (/** @type {object} */ message) => /** @type {any} */ (self).postMessage(message);

/** How often the threaded build's answer is looked for (ms). */
const POLL_MS = 25;

/** Made by the first question. @type {ReturnType<typeof loadEngine> | null} */
let engine = null;
/** The question being thought about (threaded build). @type {{ id: number, opponent: Opponent } | null} */
let current = null;

/** @param {Ask} ask */
async function think(ask) {
  if (!engine) {
    engine = loadEngine(ask.threads);
    engine.then(({ build }) => post({ type: "ready", build, threads: build === "threads" ? ask.threads : 1 }), () => {});
  }
  let loaded;
  try {
    loaded = await engine;
  } catch (e) {
    engine = null;
    return post({ type: "error", id: ask.id, ...startFailure("opponent", e) });
  }
  const { wasm, build } = loaded;
  let opponent;
  try {
    opponent = new wasm.Opponent(ask.link, ask.strength, ask.seconds, ask.seed);
  } catch (e) {
    return post({ type: "error", id: ask.id, ...errorInfo(e) });
  }
  if (build === "single") {
    try {
      post({ type: "move", id: ask.id, move: opponent.run_here() });
    } catch (e) {
      post({ type: "error", id: ask.id, ...errorInfo(e) });
    } finally {
      opponent.free();
    }
    return;
  }
  // one question at a time: a new one ends the one before (the page no longer wants it)
  current?.opponent.cancel();
  const mine = { id: ask.id, opponent };
  current = mine;
  /** Ends this question: its handle, and its place as the current one. */
  const finish = (/** @type {object} */ message) => {
    post(message);
    if (current === mine) current = null;
    opponent.free();
  };
  try {
    opponent.start();
  } catch (e) {
    return finish({ type: "error", id: ask.id, ...errorInfo(e) });
  }
  const poll = setInterval(() => {
    try {
      const move = opponent.answer();
      if (!move) return;
      clearInterval(poll);
      finish({ type: "move", id: ask.id, move });
    } catch (e) {
      clearInterval(poll);
      finish({ type: "error", id: ask.id, ...errorInfo(e) });
    }
  }, POLL_MS);
}

addEventListener("message", ({ data }) => {
  if (data.type === "think") return think(data);
  if (data.type === "cancel" && current && current.id === data.id) current.opponent.cancel();
});
