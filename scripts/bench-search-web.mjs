#!/usr/bin/env node
// The browser search's figures for BENCHMARKS.md, in headless chromium against dist/, next
// to the native command line measured in the same run (ratios, not absolute speeds, are
// what compare across noisy machines). Prints the figures; asserts nothing.
//
//   make web && cargo build --release -p morpion-cli && node scripts/bench-search-web.mjs [runs] [variant] [method]
//
// 1. Playouts a second, one level-3 run with seed 1 (the same game, hence the same work,
//    everywhere; by default 5D with Rosin's NRPA, the unit of every earlier figure; `5T
//    stabilized` measures the page's default method, where Node gave the lowest ratio):
//    native 1 thread; wasm threaded build with a pool of 1; the one-thread build (a page without
//    isolation); the threaded build with every thread.
// 2. `runs` (default 3) searches from the page as a user starts them: 5D, the default
//    options (level 3, 1 minute, all threads); best score, when 78 was reached, and the
//    main thread meanwhile: the longest gap between animation frames, long tasks.

import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { launch, openApp, ROOT, startServer, WIDE } from "../tests/support.mjs";

const runs = Number(process.argv[2] || 3);
const variant = process.argv[3] || "5D";
const method = process.argv[4] || "nrpa";
if (!/^[4-6][TD]$/.test(variant) || !/^[a-z]+$/.test(method)) {
  console.error("usage: bench-search-web.mjs [runs] [variant: 4T-6D] [method: nrpa, stabilized]");
  process.exit(2);
}
const bin = join(ROOT, "target", "release", "morpion");

function native(threads) {
  const out = execFileSync(bin, ["search", "-v", variant, "-l", "3", "--method", method, "-t", String(threads), "--seed", "1", "--json", "-q"]).toString();
  const j = JSON.parse(out.trim().split("\n").pop());
  return { score: j.score, pps: j.playouts_per_second, seconds: j.seconds };
}

/** One level-3 run of `variant` and `method`, seed 1, through the page's own search client
 * (the worker). */
function inPage(page, threads) {
  return page.evaluate(async ({ threads, variant, method }) => {
    const { SearchClient } = await import("./js/search-client.js");
    const app = window.morpionApp;
    return new Promise((resolve, reject) => {
      const client = new SearchClient({
        started: () => {},
        progress: () => {},
        failed: (text) => reject(new Error(text)),
        done: (m) => {
          client.close();
          resolve({ score: m.best.score, pps: m.report.playoutsPerSecond, seconds: m.elapsed, build: client.build });
        },
      });
      const link = app.newGameLink(variant);
      client.start({ link, method, level: 3, seconds: 0, oneRun: true, threads, seed: 1, base: "" });
    });
  }, { threads, variant, method });
}

const fmt = (r) => `best ${r.score}, ${Math.round(r.pps).toLocaleString("en-US")} playouts/s, ${r.seconds.toFixed(1)} s`;

const iso = await startServer();
const plain = await startServer({ isolation: false });
const browser = await launch();
try {
  const { page } = await openApp(browser, iso.url, { viewport: WIDE });
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  // alternate native and wasm so that drift in the machine's speed hits both alike
  const n1 = native(1);
  const w1 = await inPage(page, 1);
  const n1b = native(1);
  const w1b = await inPage(page, 1);
  const context = await browser.newContext({ viewport: WIDE });
  await context.addInitScript(() => { window.coi = { shouldRegister: () => false }; });
  const { page: lone } = await openApp(browser, plain.url, { context });
  const s1 = await inPage(lone, 1);
  await context.close();
  const wAll = await inPage(page, cores);
  const nAll = native(cores);
  const mean = (a, b) => (a + b) / 2;
  const nat = mean(n1.pps, n1b.pps);
  const thr = mean(w1.pps, w1b.pps);
  console.log(`cores: ${cores}; one level-3 ${variant} run, method ${method}, seed 1`);
  console.log(`native, 1 thread:             ${fmt(n1)} | ${fmt(n1b)}`);
  console.log(`wasm threaded, pool of 1:     ${fmt(w1)} | ${fmt(w1b)}  -> ${(thr / nat).toFixed(2)}x native`);
  console.log(`wasm one-thread build:        ${fmt(s1)}  -> ${(s1.pps / nat).toFixed(2)}x native`);
  console.log(`wasm threaded, ${cores} threads:     ${fmt(wAll)}  -> ${(wAll.pps / thr).toFixed(2)}x wasm 1 thread`);
  console.log(`native, ${cores} threads:            ${fmt(nAll)}  -> ${(nAll.pps / nat).toFixed(2)}x native 1 thread`);

  for (let i = 1; i <= runs; i++) {
    const { page: p, context: c } = await openApp(browser, iso.url, { viewport: WIDE });
    await p.selectOption("[data-testid=variant]", "5D");
    // the main thread's frames and long tasks while the search runs
    await p.evaluate(() => {
      const m = (window.benchFrames = { maxGap: 0, frames: 0, long: 0, longest: 0 });
      let last = performance.now();
      const tick = (t) => {
        m.maxGap = Math.max(m.maxGap, t - last);
        m.frames++;
        last = t;
        if (!m.stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) {
          m.long++;
          m.longest = Math.max(m.longest, e.duration);
        }
      }).observe({ type: "longtask" });
    });
    await p.getByTestId("search-start").click();
    await p.waitForFunction(() => !window.morpionSearch.running() && document.querySelector("[data-testid=best-score]").textContent !== "–", null, { timeout: 120_000 });
    const r = await p.evaluate(() => {
      const s = window.morpionSearch;
      window.benchFrames.stop = true;
      const scores = s.scores();
      const at78 = scores.find((x) => x.score >= 78);
      return { best: scores.at(-1).score, at78: at78 ? at78.t : null, threads: document.querySelector("[data-testid=threads]").textContent, pps: s.report().playoutsPerSecond, frames: window.benchFrames };
    });
    const f = r.frames;
    console.log(`page search ${i}: 5D, level 3, 1 min, ${r.threads} threads: best ${r.best}${r.at78 === null ? ", never 78" : `, 78 reached at ${r.at78.toFixed(1)} s`}, ${Math.round(r.pps).toLocaleString("en-US")} playouts/s; main thread: ${f.frames} frames, longest gap ${f.maxGap.toFixed(0)} ms, ${f.long} long tasks (longest ${f.longest.toFixed(0)} ms)`);
    await c.close();
  }
} finally {
  await browser.close();
  iso.server.close();
  plain.server.close();
}
