// The computer's strong player in the browser: how many random games its tree search plays
// in the thinking time, on every thread (a cross-origin isolated page: the threaded build)
// and on one (without isolation: the page's own build), alternated in one run so the two
// are compared on the same machine at the same time. Needs `make web` first.
//
//   node scripts/bench-opponent-web.mjs [rounds] [seconds]
//
// Each sample is the computer's first move of a 5T two-player game (too large to solve:
// the exact solve gives up after its 100,000 positions, then the tree search thinks until
// the time is up) as the page reports it ("The computer played N random games").
import { launch, openApp, startServer, WIDE } from "../tests/support.mjs";

const rounds = Number(process.argv[2] || 5);
const seconds = process.argv[3] || "1";

async function sample(browser, url, isolated) {
  const context = await browser.newContext({ viewport: WIDE });
  // one thread: no service worker either, or it would add the headers (search.test.mjs)
  if (!isolated) await context.addInitScript(() => { window.coi = { shouldRegister: () => false }; });
  const { page, errors } = await openApp(browser, url, { context });
  await page.getByTestId("variant").selectOption("5T");
  await page.getByTestId("mode").selectOption("two-player");
  await page.getByTestId("think-time").selectOption(seconds);
  await page.getByTestId("opponent").selectOption("strong");
  const t0 = Date.now();
  await page.getByTestId("you-play").selectOption("2");
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=score]").textContent) === 1, null, { timeout: 60_000 });
  const wall = (Date.now() - t0) / 1000;
  const text = await page.locator("#message").textContent();
  // as many as the worker's pool (engine-load.js: threads need isolation and wasm SIMD)
  const threads = await page.evaluate(async () => {
    const { threadsBlocked } = await import("./js/engine-load.js");
    return threadsBlocked() === null ? navigator.hardwareConcurrency : 1;
  });
  await context.close();
  if (errors.length) throw new Error(errors.join("\n"));
  const games = Number((/played ([\d,]+) random/.exec(text) || [])[1]?.replaceAll(",", ""));
  return { threads, games, wall };
}

const browser = await launch();
const isolated = await startServer();
const plain = await startServer({ isolation: false });
const rows = { threads: [], single: [] };
try {
  for (let r = 0; r < rounds; r++) {
    for (const [name, server] of [["threads", isolated], ["single", plain]]) {
      const s = await sample(browser, server.url, name === "threads");
      rows[name].push(s);
      console.log(`round ${r + 1} ${name}: ${s.threads} thread(s), ${s.games} games, answer after ${s.wall.toFixed(2)} s`);
    }
  }
} finally {
  await browser.close();
  isolated.server.close();
  plain.server.close();
}
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
const g = { threads: mean(rows.threads.map((s) => s.games)), single: mean(rows.single.map((s) => s.games)) };
console.log(`mean games in ${seconds} s: every thread ${Math.round(g.threads)}, one thread ${Math.round(g.single)}, ratio ${(g.threads / g.single).toFixed(2)}`);
