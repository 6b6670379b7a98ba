// @ts-check
// The search worker: runs the page's NRPA searches, one at a time, off the main thread.
//
// Where the threaded build runs (a cross-origin isolated page, wasm SIMD: engine-load.js)
// it loads it (threaded/morpion.js, with atomics) and makes a rayon pool of the threads asked for: `Search.start` runs the
// search on that pool and this worker's own thread stays free to poll the progress and to
// pass on pause, resume and stop. Otherwise it loads the page's own build (one thread, no
// shared memory) and `Search.run_here` searches on this thread, calling back with the
// progress; this worker then cannot read messages until the search returns, so the page
// stops such a search by ending the worker (it already has the best game).
//
// Messages in:  {type: "start", link, method, level, seconds, oneRun, threads, seed, base}
//               {type: "pause"} {type: "resume"} {type: "stop"}
// Messages out: {type: "started", build, threads}
//               {type: "progress", report, elapsed, best?: {score, link}}
//               {type: "done", report, elapsed, best?, reason}
//               {type: "error", message, code?, args?, start?, why?} (errorInfo or
//                startFailure: the page says it)

import { errorInfo, startFailure } from "./dom.js";
import { loadEngine } from "./engine-load.js";

/** @typedef {import("../../pkg/morpion.js")} Wasm */
/** @typedef {import("../../pkg/morpion.js").SearchReport} SearchReport */
/** @typedef {import("./search-client.js").Options} Options */
/** @typedef {{ wasm: Wasm, build: "threads" | "single", threads: number }} Engine */
/**
 * The running search.
 * @typedef {object} Run
 * @property {import("../../pkg/morpion.js").Search} search
 * @property {Clock} clock
 * @property {number | null} lastBest the best score last reported
 * @property {"budget" | "time" | "stopped"} reason why it ends
 * @property {ReturnType<typeof setInterval> | undefined} timer the progress poll (threads)
 */

/** Sends a message to the page (the worker's global postMessage, typed for the page's lib). */
const post = (/** @type {object} */ message) => /** @type {any} */ (self).postMessage(message);

/** How often progress is reported (ms): several times a second. */
const PERIOD_MS = 200;

/** Made by the first search. @type {Promise<Engine> | null} */
let engine = null;
/** @type {Run | null} */
let current = null;

/** The engine, and its pool's size as the engine counts it. @param {number} threads @returns {Promise<Engine>} */
async function loadSearchEngine(threads) {
  const { wasm, build } = await loadEngine(threads);
  return { wasm, build, threads: build === "threads" ? wasm.Search.threads() : 1 };
}

/** The search's clock: seconds searched, pauses left out. */
class Clock {
  constructor() {
    this.start = performance.now();
    /** @type {number | null} */
    this.pausedAt = null;
    this.pausedFor = 0;
  }
  pause() {
    if (this.pausedAt === null) this.pausedAt = performance.now();
  }
  resume() {
    if (this.pausedAt === null) return;
    this.pausedFor += performance.now() - this.pausedAt;
    this.pausedAt = null;
  }
  seconds() {
    const now = this.pausedAt ?? performance.now();
    return (now - this.start - this.pausedFor) / 1000;
  }
}

/** @param {Options} msg */
async function start(msg) {
  if (current) return post({ type: "error", message: "a search is already running" });
  if (!engine) engine = loadSearchEngine(msg.threads);
  let loaded;
  try {
    loaded = await engine;
  } catch (e) {
    engine = null;
    return post({ type: "error", ...startFailure("search", e) });
  }
  const { wasm, build, threads } = loaded;
  let search;
  try {
    search = new wasm.Search(msg.link, msg.level, msg.seed, msg.method ?? "stabilized");
  } catch (e) {
    return post({ type: "error", ...errorInfo(e) });
  }
  /** @type {Run} */
  const run = { search, clock: new Clock(), lastBest: null, reason: "budget", timer: undefined };
  current = run;
  post({ type: "started", build, threads });

  /** The progress, with the best game when it has improved since the last report. @param {SearchReport} r */
  const report = (r) => {
    /** @type {{ report: SearchReport, elapsed: number, best?: { score: number, link: string | undefined } }} */
    const out = { report: r, elapsed: run.clock.seconds() };
    if (r.best !== null && r.best !== run.lastBest) {
      run.lastBest = r.best;
      out.best = { score: r.best, link: search.best_link(msg.base) };
    }
    if (msg.seconds > 0 && out.elapsed >= msg.seconds && !r.done && run.reason === "budget") {
      run.reason = "time";
      search.stop();
    }
    return out;
  };
  const finish = () => {
    clearInterval(run.timer);
    const out = report(search.progress(run.clock.seconds()));
    post({ type: "done", ...out, reason: run.reason });
    search.free();
    current = null;
  };

  if (build === "threads") {
    search.start(msg.oneRun); // the threaded build: the pool searches, this thread watches
    run.timer = setInterval(() => {
      const r = search.progress(run.clock.seconds());
      if (r.done) return finish();
      post({ type: "progress", ...report(r) });
    }, PERIOD_MS);
  } else {
    try {
      search.run_here(msg.oneRun, (r) => post({ type: "progress", ...report(r) }), PERIOD_MS);
    } catch (e) {
      post({ type: "error", ...errorInfo(e) });
    }
    finish();
  }
}

addEventListener("message", ({ data }) => {
  const run = current;
  switch (data.type) {
    case "start":
      return start(data);
    case "pause":
      if (!run) return;
      run.search.pause();
      return run.clock.pause();
    case "resume":
      if (!run) return;
      run.clock.resume();
      return run.search.resume();
    case "stop":
      if (!run) return;
      run.reason = "stopped";
      run.clock.resume();
      return run.search.stop();
  }
});
