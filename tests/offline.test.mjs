// The installable, offline app: the service worker's copy of the app (after one visit the
// page works with no network, still cross-origin isolated), the manifest and its icons,
// and the precache list written at build time (scripts/precache.mjs).

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { readPrecache } from "../scripts/precache.mjs";
import { address, DIST, launch, openApp, playMoves, score, startServer, useBrowser } from "./support.mjs";

const env = useBrowser();

/** Waits until the service worker is active and controls the page, and the page is
 * cross-origin isolated and ready (sw-register.js reloads it once on a host without the
 * headers); reloads once more if the worker does not take the page by itself. */
async function waitForWorker(page) {
  const controlled = () => page.waitForFunction(
    () => navigator.serviceWorker.controller !== null && crossOriginIsolated && document.body.classList.contains("ready"),
    null,
    { timeout: 15_000 },
  );
  try {
    await controlled();
  } catch {
    await page.reload();
    await controlled();
  }
}

/** Stops a server for good: no new connections, and the open (keep-alive) ones cut. */
function stop(server) {
  server.close();
  server.closeAllConnections();
}

test("after one visit the app works offline, cross-origin isolated, also from a game link", async () => {
  // a host without the COOP/COEP headers: the isolation offline is the worker's alone
  const { server, url } = await startServer({ isolation: false });
  const browser = await launch();
  try {
    const { page, context, errors } = await openApp(browser, url);
    await waitForWorker(page);

    // no network at all: the browser is offline and the server is gone
    await context.setOffline(true);
    stop(server);
    await page.reload();
    await page.waitForSelector("body.ready", { timeout: 20_000 });
    assert.equal(await page.evaluate(() => crossOriginIsolated), true, "isolated from the cache");
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    await playMoves(page, 1);
    assert.equal(await score(page), 1);
    const link = await address(page);
    assert.match(link, /#g=1\.5T\.1\./);

    // the threaded search module comes from the cache too
    await page.getByTestId("tab-search").click();
    await page.selectOption("[data-testid=search-time]", "0");
    await page.getByTestId("search-start").click();
    await page.waitForFunction(() => Number(document.querySelector("[data-testid=threads]").textContent) > 0, null, { timeout: 20_000 });
    assert.ok(Number(await page.getByTestId("threads").textContent()) >= 2, "the search runs on threads offline");
    await page.getByTestId("search-stop").click();
    await page.waitForFunction(() => !window.morpionSearch.running(), null, { timeout: 30_000 });

    // a game link opened offline in a new tab, with a query as well: the cached page
    for (const address_ of [link, link.replace("#", "?lang=fr#")]) {
      const tab = await context.newPage();
      tab.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
      tab.on("pageerror", (e) => errors.push(e.message));
      await tab.goto(address_);
      await tab.waitForSelector("body.ready", { timeout: 20_000 });
      assert.equal(await score(tab), 1, `the game of ${address_}`);
      assert.equal(await tab.evaluate(() => crossOriginIsolated), true);
      await tab.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    stop(server);
  }
});

test("the manifest is linked and names the app, its start, colours and icons, which exist", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const href = await page.locator("link[rel=manifest]").getAttribute("href");
  assert.ok(href);
  const manifestUrl = new URL(href, env.url);
  const manifest = await page.evaluate((u) => fetch(u).then((r) => r.json()), manifestUrl.href);
  assert.equal(manifest.name, "Morpion Solitaire");
  assert.ok(manifest.short_name && manifest.short_name.length <= 12, manifest.short_name);
  assert.equal(manifest.start_url, "./");
  assert.equal(manifest.display, "standalone");
  assert.equal(manifest.background_color, "#fbfaf6");
  assert.equal(manifest.theme_color, "#3d5a80");
  // what installing needs: a 192 and a 512 PNG, and a maskable one
  const sizes = manifest.icons.map((i) => i.sizes);
  assert.ok(sizes.includes("192x192") && sizes.includes("512x512"), sizes.join(" "));
  assert.ok(manifest.icons.some((i) => i.purpose === "maskable"));
  for (const icon of manifest.icons) {
    const file = join(DIST, new URL(icon.src, manifestUrl).pathname);
    assert.ok(existsSync(file), `${icon.src} is in dist/`);
    if (icon.type === "image/png") {
      const png = readFileSync(file);
      const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      assert.equal(`${w}x${h}`, icon.sizes, icon.src);
    }
  }
  const touchIcon = await page.locator("link[rel=apple-touch-icon]").getAttribute("href");
  assert.ok(existsSync(join(DIST, touchIcon)), touchIcon);
  const themes = await page.locator("meta[name=theme-color]").evaluateAll((ms) => ms.map((m) => m.getAttribute("media")));
  assert.ok(themes.includes("(prefers-color-scheme: dark)"), themes.join(", "));
  assert.deepEqual(errors, []);
  await context.close();
});

/** Every file of dist/, "/"-separated, relative to it, but Trunk's own (.trunk-lock). */
function distFiles(dir = DIST) {
  return readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith(".")).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? distFiles(path) : [relative(DIST, path).split(sep).join("/")];
  });
}

test("the worker's precache list is every file of dist/ the page needs, and nothing else", () => {
  const { version, files } = readPrecache(readFileSync(join(DIST, "sw.js"), "utf8"));
  assert.match(version, /^[0-9a-f]{16}$/, "the build wrote its version into dist/sw.js");
  const listed = new Set(files);
  assert.equal(listed.size, files.length, "no file twice");
  // the built tree: every file but the worker itself, the page as the app's root "./"
  const needed = distFiles().filter((f) => f !== "sw.js").map((f) => (f === "index.html" ? "./" : f));
  const missing = needed.filter((f) => !listed.has(f));
  assert.deepEqual(missing, [], "files of dist/ missing from the precache list");
  const stale = files.filter((f) => !needed.includes(f));
  assert.deepEqual(stale, [], "listed files not in dist/");
  // and the tree itself has what the page loads
  for (const f of ["./", "style.css", "morpion.js", "morpion_bg.wasm", "sw-register.js", "manifest.webmanifest",
    "js/main.js", "js/search-worker.js", "threaded/morpion.js", "threaded/morpion_bg.wasm", "icons/icon.svg"]) {
    assert.ok(listed.has(f), `${f} is precached`);
  }
  assert.ok(files.some((f) => /^threaded\/snippets\/wasm-bindgen-rayon-[0-9a-f]+\/.*\.js$/.test(f)), "the threads' snippet is precached");
  // every local file index.html names (scripts, styles, icons, manifest)
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const named = [...html.matchAll(/\s(?:src|href)="([^"#?:]+)"/g)].map((m) => m[1].replace(/^\.\//, ""));
  assert.ok(named.length > 3, named.join(" "));
  for (const f of named) assert.ok(listed.has(f), `${f}, named by index.html, is precached`);
});
