// What every browser test needs: the built app served from dist/ by a plain static server,
// Debian's chromium driven by playwright-core, and a page that records console errors.

import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { existsSync, mkdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../scripts/serve-static.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const DIST = join(ROOT, "dist");
export const SHOTS = join(ROOT, "tests", "screenshots");
/** The record collection kept in the repository (a copy of shared/records). */
export const RECORDS = join(ROOT, "crate", "tests", "data", "records");

export const PHONE = { width: 360, height: 740 };
export const WIDE = { width: 1400, height: 900 };

function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const p of ["/usr/bin/chromium", "/usr/bin/chromium-browser"]) if (existsSync(p)) return p;
  try {
    return execFileSync("sh", ["-c", "command -v chromium"]).toString().trim();
  } catch {
    throw new Error("chromium is not installed (make test installs Debian's package)");
  }
}

/** Serves dist/ on a free port; `isolation: false` leaves out the COOP/COEP headers. */
export async function startServer({ isolation = true } = {}) {
  if (!existsSync(join(DIST, "index.html"))) throw new Error("dist/ is not built: run `make web` first");
  const server = await serve(DIST, { port: 0, isolation });
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

/**
 * Headless chromium. `jsFlags`: V8's flags for every page and worker, such as
 * `--no-enable-sse4-1`, with which V8 has no wasm SIMD (a browser without it).
 * @param {{ jsFlags?: string }} [options]
 */
export function launch({ jsFlags } = {}) {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      ...(jsFlags ? [`--js-flags=${jsFlags}`] : []),
    ],
  });
}

/**
 * For a test file: serves dist/ and launches chromium before its tests, closes both after.
 * The returned object gets `browser` and `url` (the app's address) once started.
 */
export function useBrowser() {
  const env = { browser: null, url: null, server: null };
  before(async () => {
    Object.assign(env, await startServer());
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.close();
  });
  return env;
}

/**
 * Opens the app at `url` in a fresh context (empty storage unless `context` is given) and
 * waits until it is ready. `errors` collects console errors and uncaught exceptions.
 */
export async function openApp(browser, url, { viewport = WIDE, context, firstVisit = false } = {}) {
  const ctx = context || (await browser.newContext({ viewport, deviceScaleFactor: 2, acceptDownloads: true }));
  // the rules card opens by itself on a first visit: most tests are returning players
  if (!firstVisit) await returning(ctx);
  const page = await ctx.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector("body.ready", { timeout: 20_000 });
  return { page, context: ctx, errors };
}

/**
 * A grid point where a move can be played with `count` lines to choose from ("one",
 * "several" or "any"), and where it is on the page: a point the user can see and click (not under
 * a button or off the canvas). Asks the page's own game, so it never guesses. `last`: the
 * last such point of the scan, not the first (another move than playMoves').
 */
export async function playablePoint(page, count = "one", last = false) {
  return page.evaluate(([count, last]) => {
    const app = window.morpionApp;
    const canvas = document.querySelector("[data-testid=board]");
    canvas.scrollIntoView({ block: "nearest" });
    const r = canvas.getBoundingClientRect();
    const span = Array.from({ length: 51 }, (_, i) => i - 20);
    if (last) span.reverse();
    for (const y of span) {
      for (const x of span) {
        const n = app.choicesAt(x, y).length;
        if ((count === "one" && n === 1) || (count === "several" && n > 1) || (count === "any" && n > 0)) {
          const [sx, sy] = app.view().screenOf(x, y);
          const pageX = r.left + sx;
          const pageY = r.top + sy;
          if (document.elementFromPoint(pageX, pageY) === canvas) return { x, y, n, pageX, pageY };
        }
      }
    }
    return null;
  }, [count, last]);
}

/**
 * Plays a single-line move that is not the one playMoves would play: after an undo, a
 * move of the user's own in the middle of the line, not its next one.
 */
export async function playOtherMove(page) {
  const p = await playablePoint(page, "one", true);
  if (!p) throw new Error("no visible single-line move");
  await page.mouse.click(p.pageX, p.pageY);
}

/** Plays `n` moves, each at a visible point that has only one line, by clicking it. */
export async function playMoves(page, n) {
  for (let i = 0; i < n; i++) {
    const p = await playablePoint(page, "one");
    if (!p) throw new Error(`no visible single-line move after ${i} of ${n}`);
    await page.mouse.click(p.pageX, p.pageY);
  }
}

/** Plays single-line moves until a point with several lines appears; returns it. */
export async function pointWithSeveralLines(page) {
  for (let i = 0; i < 60; i++) {
    const p = await playablePoint(page, "several");
    if (p) return p;
    await playMoves(page, 1);
  }
  throw new Error("no point with several lines came up");
}

/** A context's pages will be those of a returning player: no rules card by itself. */
export function returning(context) {
  // merged into the stored settings: a reload must not wipe the others
  return context.addInitScript(() => {
    const settings = JSON.parse(localStorage.getItem("morpion.settings.v1") || "{}");
    localStorage.setItem("morpion.settings.v1", JSON.stringify({ ...settings, rulesSeen: true }));
  });
}

/** Shows one of the side panel's tabs: play, records, search, bounds or share. */
export async function tab(page, name) {
  await page.getByTestId(`tab-${name}`).click();
}

export async function score(page) {
  return Number(await page.getByTestId("score").textContent());
}

/** Saves a screenshot; `full` takes the whole page, not only the window. */
export function shot(page, name, { full = false } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: full });
}

/** The command line (built by `make test` before the browser tests). */
export function morpion(...args) {
  const bin = join(ROOT, "target", "debug", "morpion");
  if (!existsSync(bin)) throw new Error("target/debug/morpion is not built: run `cargo build -p morpion-cli`");
  return execFileSync(bin, args, { cwd: ROOT }).toString();
}

/** The page's address as the page sees it (history.replaceState is not a navigation, so
 * `page.url()` can lag behind it). */
export function address(page) {
  return page.evaluate(() => location.href);
}

/** A start of 21 dots from which a 4T game grows without end (4T ends for sure only from
 * the cross). */
export const GROWING_4T = [0, 0, 0, 2, 0, 5, 0, 6, 1, 0, 1, 1, 1, 7, 2, 5, 3, 0, 3, 1, 4, 0, 4, 2, 4, 5, 4, 6, 4, 7, 5, 1, 5, 3, 5, 5, 5, 6, 6, 7, 7, 5];

/** Opens a new 4T game from `GROWING_4T` through the address, as a shared link would. */
export async function openGrowing4T(page) {
  await page.evaluate((dots) => {
    location.hash = new URL(window.morpionApp.startLink("4T", dots)).hash;
  }, GROWING_4T);
  await page.waitForFunction(() => window.morpionApp.variant() === "4T" && window.morpionApp.startSpec() !== "cross");
}
