// The bounds in the browser (BENCHMARKS.md): the live bound's cost per move along Rosin's
// 178 (the first call, which builds the list of final hulls, apart), and the LP on boards
// of growing size, in the page's own wasm build (QDLDL factorisation, one thread).
//
//   make web && node scripts/bench-bounds-web.mjs [square:10 square:20 ...]
import { launch, openApp, startServer } from "../tests/support.mjs";

const boards = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["square:10", "square:20", "octagon:10,8,10,12,10,8,10,12", "square:30"];

const { server, url } = await startServer();
const browser = await launch();
try {
  const { page } = await openApp(browser, url);
  const live = await page.evaluate(() => {
    const w = /** @type {any} */ (window).wasmBindings;
    const t = w.Timeline.record("5t-178-rosin");
    t.go_to(0);
    let t0 = performance.now();
    w.live_bound(t);
    const first = performance.now() - t0;
    const times = [];
    for (let k = 0; k <= 178; k++) {
      t.go_to(k);
      t0 = performance.now();
      w.live_bound(t);
      times.push(performance.now() - t0);
    }
    t.free();
    times.sort((a, b) => a - b);
    return { first, median: times[89], max: times[178], mean: times.reduce((a, b) => a + b, 0) / times.length };
  });
  console.log(`live bound, Rosin's 178, every move: first call ${live.first.toFixed(0)} ms (builds the final hulls); then median ${(live.median * 1000).toFixed(0)} µs, mean ${(live.mean * 1000).toFixed(0)} µs, max ${(live.max * 1000).toFixed(0)} µs`);
  for (const board of boards) {
    const r = await page.evaluate((b) => {
      const w = /** @type {any} */ (window).wasmBindings;
      const t0 = performance.now();
      const lp = w.lp_board("5T", b, 0);
      return { ms: performance.now() - t0, objective: lp.objective, points: lp.points, iterations: lp.iterations };
    }, board);
    console.log(`LP 5T ${board}: ${r.points} points, objective ${r.objective.toFixed(5)}, ${r.iterations} iterations, ${(r.ms / 1000).toFixed(2)} s (wasm)`);
  }
} finally {
  await browser.close();
  server.close();
}
