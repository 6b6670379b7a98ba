// The search worker: runs the page's NRPA searches, one at a time, off the main thread.
//
// When the page is cross-origin isolated it loads the threaded build (threaded/morpion.js,
// with atomics) and makes a rayon pool of the threads asked for: `Search.start` runs the
// search on that pool and this worker's own thread stays free to poll the progress and to
// pass on pause, resume and stop. Otherwise it loads the page's own build (one thread, no
// shared memory) and `Search.run_here` searches on this thread, calling back with the
// progress; this worker then cannot read messages until the search returns, so the page
// stops such a search by ending the worker (it already has the best game).
//
// Messages in:  {type: "start", link, level, seconds, oneRun, threads, seed, base}
//               {type: "pause"} {type: "resume"} {type: "stop"}
// Messages out: {type: "started", build, threads}
//               {type: "progress", report, elapsed, best?: {score, link}}
//               {type: "done", report, elapsed, best?, reason}
//               {type: "error", message}

/** How often progress is reported (ms): several times a second. */
const PERIOD_MS = 200;

let engine = null; // Promise of {wasm, build, threads}, made by the first search
let current = null; // the running search

function loadEngine(threads) {
  if (self.crossOriginIsolated) {
    return import("../threaded/morpion.js").then(async (wasm) => {
      await wasm.default();
      await wasm.initThreadPool(threads);
      return { wasm, build: "threads", threads: wasm.Search.threads() };
    });
  }
  return import("../morpion.js").then(async (wasm) => {
    await wasm.default();
    return { wasm, build: "single", threads: 1 };
  });
}

/** The search's clock: seconds searched, pauses left out. */
class Clock {
  constructor() {
    this.start = performance.now();
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

function message(e) {
  return (e && e.message) || String(e);
}

async function start(msg) {
  if (current) return postMessage({ type: "error", message: "a search is already running" });
  if (!engine) engine = loadEngine(msg.threads);
  let loaded;
  try {
    loaded = await engine;
  } catch (e) {
    engine = null;
    return postMessage({ type: "error", message: `the search engine could not start: ${message(e)}` });
  }
  const { wasm, build, threads } = loaded;
  let search;
  try {
    search = new wasm.Search(msg.link, msg.level, msg.seed);
  } catch (e) {
    return postMessage({ type: "error", message: message(e) });
  }
  const run = { search, clock: new Clock(), lastBest: null, reason: "budget", timer: null };
  current = run;
  postMessage({ type: "started", build, threads });

  /** The progress, with the best game when it has improved since the last report. */
  const report = (r) => {
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
    postMessage({ type: "done", ...out, reason: run.reason });
    search.free();
    current = null;
  };

  if (build === "threads") {
    search.start(msg.oneRun);
    run.timer = setInterval(() => {
      const r = search.progress(run.clock.seconds());
      if (r.done) return finish();
      postMessage({ type: "progress", ...report(r) });
    }, PERIOD_MS);
  } else {
    try {
      search.run_here(msg.oneRun, (r) => postMessage({ type: "progress", ...report(r) }), PERIOD_MS);
    } catch (e) {
      postMessage({ type: "error", message: message(e) });
    }
    finish();
  }
}

onmessage = ({ data }) => {
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
};
