// The search panel in headless chromium: NRPA on every thread when the page is
// cross-origin isolated, on one thread when it is not, and what the user gets from it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { address, launch, morpion, openApp, openGrowing4T, PHONE, playMoves, shot, startServer, useBrowser, WIDE, tab, returning } from "./support.mjs";

const env = useBrowser();

const text = (page, id) => page.getByTestId(id).textContent();
const number = async (page, id) => Number(await text(page, id));

/** Waits until the shown best score is a number above `than`; returns it. */
async function bestAbove(page, than, timeout = 30_000) {
  await page.waitForFunction(
    (than) => Number(document.querySelector("[data-testid=best-score]").textContent) > than,
    than,
    { timeout },
  );
  return number(page, "best-score");
}

/** Playouts so far, as the worker last reported them. */
const playouts = (page) => page.evaluate(() => window.morpionSearch.playouts());

/** Opens the search panel on a new game of `variant`, set to search until stopped (not started). */
async function searchUntilStopped(page, variant) {
  await page.selectOption("[data-testid=variant]", variant);
  await tab(page, "search");
  await page.selectOption("[data-testid=search-time]", "0");
}

async function waitUntilOver(page) {
  await page.waitForFunction(() => !window.morpionSearch.running(), null, { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector("[data-testid=search-start]").disabled);
}

/** What the command line (the native core) says of a game link. */
function replay(link) {
  const lines = morpion("replay", "--json", link).trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

test("a 5D search runs on every thread, its best rises, stops on request and replays legally", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  // the threads' start-up says nothing either (wasm-bindgen-rayon's own start-up line is
  // patched by scripts/build-threaded.sh)
  const warnings = [];
  page.on("console", (m) => { if (m.type() === "warning" && /deprecated/.test(m.text())) warnings.push(m.text()); });
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  await searchUntilStopped(page, "5D");
  await page.getByTestId("search-start").click();
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=threads]").textContent) > 0);
  const threads = await number(page, "threads");
  assert.ok(threads >= 2, `${threads} thread(s) in use`);
  const first = await bestAbove(page, 0, 15_000);
  const later = await bestAbove(page, first);
  assert.ok(later > first);
  // a new 5T game on the board meanwhile: the running search's best and start say 5D
  await page.getByTestId("search-show").uncheck();
  await page.getByTestId("variant").selectOption("5T");
  assert.match(await text(page, "best-score"), /^\d+ \(5D\)$/);
  assert.equal(await page.locator("[data-testid=search-from] option[value=start]").textContent(), "a new 5D game");
  // the 5D best shown again: the menu still names my game's variant
  await page.getByTestId("search-show").check();
  assert.equal(await page.getByTestId("variant").inputValue(), "5T");
  await page.getByTestId("search-show").uncheck();
  await page.getByTestId("variant").selectOption("5D");
  assert.match(await text(page, "best-score"), /^\d+$/);
  await page.getByTestId("search-show").check();
  // the best game is drawn on the board as it improves
  assert.match(await page.locator("#title").textContent(), /^The search's best game so far: \d+ moves$/);
  assert.equal(await page.locator("#gameover").isVisible(), false, "a search's best so far is not announced as the user's game over");
  await shot(page, "search-running");

  await page.getByTestId("search-stop").click();
  await waitUntilOver(page);
  assert.match(await text(page, "search-status"), /stopped/);
  // over: no longer "so far"
  assert.match(await page.locator("#title").textContent(), /^The search's best game: \d+ moves$/);
  const stoppedAt = await playouts(page);
  await page.waitForTimeout(600);
  assert.equal(await playouts(page), stoppedAt, "no progress after the stop");

  // the best game, opened, is the game on the board: its link replays in the native core
  const best = await number(page, "best-score");
  await page.getByTestId("search-open").click();
  const game = replay(await address(page));
  assert.equal(game.variant, "5D");
  assert.equal(game.moves, best);
  assert.equal(game.finished, true);
  assert.equal(await page.getByTestId("score").textContent(), String(best));
  assert.match(await page.locator("#message").textContent(), new RegExp(`The best game \\(${best} moves\\) is now your game`));
  // and it is kept, also after a reload
  const kept = page.getByTestId("best-games").locator("li");
  assert.match(await kept.first().textContent(), new RegExp(`^${best} moves · 5D`));
  await page.reload();
  await page.waitForSelector("body.ready");
  assert.match(await page.getByTestId("best-games").locator("li").first().textContent(), new RegExp(`^${best} moves`));
  assert.deepEqual(errors, []);
  assert.deepEqual(warnings, []);
  await page.context().close();
});

test("leaving the page while a search runs asks first, and not once the search is over", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await searchUntilStopped(page, "5D");
  await page.getByTestId("search-start").click();
  await bestAbove(page, 0, 15_000);
  const asked = new Promise((resolve) => page.once("dialog", async (d) => { const type = d.type(); await d.dismiss(); resolve(type); }));
  await page.close({ runBeforeUnload: true });
  let timer;
  const noDialog = new Promise((resolve) => { timer = setTimeout(() => resolve("no dialog in 10 s"), 10_000); });
  assert.equal(await Promise.race([asked, noDialog]), "beforeunload");
  clearTimeout(timer);
  // staying keeps the page and its search
  assert.equal(page.isClosed(), false);
  assert.equal(await page.evaluate(() => window.morpionSearch.running()), true);
  await page.getByTestId("search-stop").click();
  await waitUntilOver(page);
  let dialogs = 0;
  page.on("dialog", (d) => { dialogs += 1; d.dismiss(); });
  const closed = page.waitForEvent("close");
  await page.close({ runBeforeUnload: true });
  await closed;
  assert.equal(dialogs, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("changing the language while a search runs asks once, the page's own question, then reloads", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await searchUntilStopped(page, "5D");
  await page.getByTestId("search-start").click();
  await bestAbove(page, 0, 15_000);
  const dialogs = [];
  page.on("dialog", async (d) => { dialogs.push(`${d.type()}: ${d.message()}`); await d.accept(); });
  const reloaded = page.waitForEvent("load");
  await tab(page, "play"); // the settings' menu
  await page.getByTestId("language").selectOption("fr");
  await reloaded;
  await page.waitForSelector("body.ready");
  assert.equal(dialogs.length, 1, dialogs.join("\n"));
  assert.match(dialogs[0], /^confirm: Changing the language reloads the page/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), "fr");
  assert.deepEqual(errors, []);
  await context.close();
});

test("pause parks the search and resume goes on", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  await searchUntilStopped(page, "5D");
  // from the keyboard: Start gives its focus to Stop, and Stop back to Start
  await page.getByTestId("search-start").focus();
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "search-stop");
  await bestAbove(page, 0, 15_000);
  const running = await text(page, "search-status");
  await page.getByTestId("search-pause").click();
  assert.equal(await page.getByTestId("search-pause").textContent(), "Resume");
  await page.waitForTimeout(500);
  assert.equal(await text(page, "playouts-rate"), "–", "no rate while parked");
  const parked = await playouts(page);
  await page.waitForTimeout(800);
  assert.equal(await playouts(page), parked, "playouts went on while paused");
  await page.getByTestId("search-pause").click();
  assert.equal(await text(page, "search-status"), running, "resumed, it says what it said before the pause");
  assert.match(running, /^Searching on \d+ threads?…$/);
  await page.waitForFunction((n) => window.morpionSearch.playouts() > n + 10_000, parked);
  await page.getByTestId("search-stop").focus();
  await page.keyboard.press("Enter");
  await waitUntilOver(page);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "search-start");
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("on a phone, Stop on a search on from a game that has ended since keeps the buttons and the result in sight", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: PHONE });
  await playMoves(page, 2);
  await tab(page, "search");
  await page.selectOption("[data-testid=search-from]", "here");
  await page.getByTestId("search-start").click();
  await page.waitForFunction(() => window.morpionSearch.running());
  // a finished game on the board: Start will not be offered again
  await page.evaluate(() => window.morpionApp.openRecord("5t-178-rosin"));
  await page.getByTestId("search-stop").click();
  await page.waitForFunction(() => !window.morpionSearch.running(), null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "search-note", "the focus on the note that says why");
  const seen = await page.evaluate(() => {
    const panel = document.getElementById("tab-panels").getBoundingClientRect();
    const stop = document.querySelector("[data-testid=search-stop]").getBoundingClientRect();
    return stop.top >= panel.top - 1 && stop.bottom <= panel.bottom + 1;
  });
  assert.ok(seen, "Stop still in the panel's sight");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the running search's entry, once deleted, stays deleted as its best improves; Undo brings back its best by then", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  await searchUntilStopped(page, "5T");
  await page.getByTestId("search-start").click();
  const first = await bestAbove(page, 0, 15_000);
  const entries = page.getByTestId("best-games").locator("li");
  await entries.first().getByRole("button", { name: /^Delete/ }).click();
  assert.equal(await entries.count(), 0);
  // later bests do not bring it back
  const later = await bestAbove(page, first);
  await page.waitForTimeout(300);
  assert.equal(await entries.count(), 0, `the ${later}-move best came back after its deletion`);
  // Undo: the entry is back, with the best found since (read in one go: the search runs on)
  await page.getByTestId("best-games-restore").click();
  const [best, entry] = await page.evaluate(() => [
    Number(document.querySelector("[data-testid=best-score]").textContent),
    document.querySelector("[data-testid=best-games] li")?.textContent,
  ]);
  assert.ok(best >= later);
  assert.match(entry, new RegExp(`^${best} moves · 5T`));
  // and it grows again as the search goes on
  const more = await bestAbove(page, best);
  await page.waitForFunction(
    (n) => Number.parseInt(document.querySelector("[data-testid=best-games] li")?.textContent ?? "", 10) >= n,
    more,
  );
  await page.getByTestId("search-stop").click();
  await waitUntilOver(page);
  assert.match(await text(page, "search-status"), /moves, kept in My best games\./);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("the page answers while a search runs, and a search can continue the game on the board", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  await playMoves(page, 6);
  await tab(page, "search");
  await page.selectOption("[data-testid=search-from]", "here");
  // the methods by name, each explained in a line; Rosin's NRPA makes a short level-3 run
  assert.equal(await page.getByTestId("search-method").inputValue(), "stabilized");
  assert.match(await text(page, "search-method-about"), /once every 4 playouts/);
  await page.selectOption("[data-testid=search-method]", "nrpa");
  assert.match(await text(page, "search-method-about"), /Rosin's NRPA as published/);
  // one thread: the run lasts long enough, on any machine, for the checks made during it
  if (!(await page.getByTestId("search-threads").isDisabled())) await page.selectOption("[data-testid=search-threads]", "1");
  // the size of a run, from the engine, before it starts: a level-5 run takes days
  await page.selectOption("[data-testid=search-level]", "5");
  assert.match(await text(page, "search-run-size"), /^A level-5 run is 10,000,000,000 playouts: about /);
  await page.selectOption("[data-testid=search-method]", "stabilized");
  assert.match(await text(page, "search-run-size"), /^A level-5 run is 40,000,000,000 playouts: about 5 days on 1 thread of /);
  await page.selectOption("[data-testid=search-level]", "3");
  assert.match(await text(page, "search-run-size"), /^A level-3 run is 4,000,000 playouts/);
  await page.selectOption("[data-testid=search-method]", "nrpa");
  assert.match(await text(page, "search-run-size"), /^A level-3 run is 1,000,000 playouts: about /);
  await page.selectOption("[data-testid=search-time]", "run");
  await page.getByTestId("search-start").click();
  await bestAbove(page, 6, 15_000);
  // the best game on the board: the bar's buttons are greyed out, and their keys do nothing
  // but say how to go back (Home ended the preview unasked, and a click then began a new line)
  assert.equal(await page.getByTestId("search-show").isChecked(), true);
  assert.ok(await page.locator("#first").isDisabled());
  // a finished best game's bound is its score: the bar does not say it twice
  await page.waitForFunction(() => window.morpionBounds.bound()?.kind === "game_over");
  assert.equal(await page.getByTestId("bound").isVisible(), false);
  const said = await page.locator("#message").textContent();
  await page.getByTestId("tab-search").press("ArrowRight"); // the tabs' own key: to the next tab
  assert.equal(await page.locator("#message").textContent(), said, "a key the tabs took is not the page's");
  await tab(page, "search");
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).blur()); // a key for the page, not the tab
  await page.locator("body").press("Home");
  await page.locator("body").press("Control+z");
  assert.equal(await page.getByTestId("search-show").isChecked(), true, "still the best game");
  assert.match(await page.locator("#message").textContent(), /untick "Show the best game"/);
  // Share copies and exports the user's game, and says so while the board shows another
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.url });
  await tab(page, "share");
  assert.match(await text(page, "share-preview"), /^The board shows the search's best game: this tab copies and exports your game \(6 moves\)/);
  const own = await address(page);
  await page.getByTestId("copy-link").click();
  await page.waitForFunction(() => /^Link copied: your game \(6 moves\), not the search's best/.test(document.getElementById("message").textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), own);
  await tab(page, "search");
  // back to my own game during the search: it still takes moves
  await page.getByTestId("search-show").uncheck();
  assert.equal(await page.getByTestId("score").textContent(), "6", "my game as I left it");
  assert.equal(await page.getByTestId("share-preview").isVisible(), false);
  await playMoves(page, 2);
  assert.equal(await page.getByTestId("score").textContent(), "8");
  // the locked menu names what the search runs from, not the board's new position
  const fromHere = page.locator("[data-testid=search-from] option[value=here]");
  assert.equal(await fromHere.textContent(), "on from this position (6 moves)");
  await waitUntilOver(page);
  assert.equal(await fromHere.textContent(), "on from this position (8 moves)");
  assert.match(await text(page, "search-status"), /budget is spent/);
  assert.equal(await playouts(page), 1_000_000, "one level-3 run of NRPA is a million playouts");
  // the best game starts with the 6 moves the search was given
  const mine = morpion("convert", "--to", "csv", await address(page)).trim().split("\n");
  await page.getByTestId("search-open").click();
  const found = morpion("convert", "--to", "csv", await address(page)).trim().split("\n");
  assert.ok(found.length > mine.length);
  assert.deepEqual(found.slice(2, 2 + 6), mine.slice(2, 2 + 6));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("Start is offered only for a search that can run: not on from a finished game, not in 3T or 3D, not on in 4T from another start", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  const name = await page.evaluate(() => window.morpionApp.records().find((r) => r.variant === "5D").name);
  await tab(page, "records");
  await page.selectOption("[data-testid=records]", name);
  const before = await address(page);
  await tab(page, "search");
  const start = page.getByTestId("search-start");
  const note = page.getByTestId("search-note");
  assert.equal(await start.isDisabled(), false, "a new game of 5D can be searched");
  assert.equal(await note.isHidden(), true);
  await page.selectOption("[data-testid=search-from]", "here");
  assert.equal(await start.isDisabled(), true);
  assert.match(await note.textContent(), /^The game is over at move \d+: nothing is left to search on from here/);
  // back one move: there is something to search again
  await page.evaluate(() => window.morpionApp.undo());
  assert.equal(await start.isDisabled(), false);
  assert.equal(await note.isHidden(), true);
  // the game ends while Start has the keyboard's focus: the focus goes to the note beside
  // it, not to the page: a screen reader hears why, and what makes a search possible again
  await start.focus();
  await page.evaluate(() => window.morpionApp.redo());
  assert.equal(await start.isDisabled(), true);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "search-note");
  // the note's keys are the page's: ← goes back a move, and Start, offered again, takes
  // the focus back rather than leave it on a hidden note
  await page.keyboard.press("ArrowLeft");
  assert.equal(await start.isDisabled(), false);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "search-start");
  await page.evaluate(() => window.morpionApp.redo());
  assert.equal(await start.getAttribute("aria-describedby"), "search-note");
  await page.selectOption("[data-testid=search-from]", "start");
  assert.equal(await start.isDisabled(), false);
  assert.equal(await address(page), before, "the game is kept");
  // 3T: games that can go on forever, from any position
  await tab(page, "play");
  await page.getByTestId("variant").selectOption("3T");
  await tab(page, "search");
  assert.equal(await start.isDisabled(), true);
  assert.match(await note.textContent(), /^3T games can go on forever, so no playout would end/);
  await tab(page, "play");
  await page.getByTestId("variant").selectOption("5T");
  await tab(page, "search");
  assert.equal(await start.isDisabled(), false);
  assert.equal(await note.isHidden(), true);
  // 4T from another start than the cross may never end (from this one a game grows
  // without end): not on from it; a new game, from the cross, can be searched
  await openGrowing4T(page);
  await page.selectOption("[data-testid=search-from]", "here");
  assert.equal(await start.isDisabled(), true);
  assert.match(await note.textContent(), /^4T games are known to end from the cross only, and this game starts elsewhere/);
  await page.selectOption("[data-testid=search-from]", "start");
  assert.equal(await start.isDisabled(), false);
  assert.equal(await note.isHidden(), true);
  assert.deepEqual(errors, []);
  await page.context().close();
});

/**
 * A 5D search on a page whose worker loads the one-thread build: it finds games, on one
 * thread, without pause (which needs the threaded build), stops on request, and its best
 * opens as a legal finished game. @param {import("playwright-core").Page} page @param {string[]} errors
 */
async function searchOnOneThread(page, errors) {
  await searchUntilStopped(page, "5D");
  await page.getByTestId("search-start").click();
  const best = await bestAbove(page, 40, 15_000);
  assert.equal(await number(page, "threads"), 1);
  assert.equal(await page.getByTestId("search-pause").isDisabled(), true);
  await page.getByTestId("search-stop").click();
  await waitUntilOver(page);
  assert.match(await text(page, "search-status"), /stopped/);
  await page.getByTestId("search-open").click();
  const game = replay(await address(page));
  assert.ok(game.moves >= best && game.finished);
  assert.deepEqual(errors, []);
}

test("without cross-origin isolation the search runs on one thread and still finds games", async () => {
  const { server, url } = await startServer({ isolation: false });
  const browser = await launch();
  try {
    // and no service worker to add them (a browser that refuses it): coi-serviceworker's
    // documented switch, set before the page's scripts run
    const context = await browser.newContext({ viewport: WIDE });
    await context.addInitScript(() => { window.coi = { shouldRegister: () => false }; });
    const { page, errors } = await openApp(browser, url, { context });
    assert.equal(await page.evaluate(() => crossOriginIsolated), false);
    assert.match(await text(page, "search-mode"), /One thread only: this page is not cross-origin isolated/);
    assert.equal(await page.getByTestId("search-threads").isDisabled(), true);
    await searchOnOneThread(page, errors);
  } finally {
    await browser.close();
    server.close();
  }
});

test("a search engine that cannot load says so in the page's language, and the page goes on", async () => {
  const context = await env.browser.newContext({ viewport: WIDE });
  await returning(context);
  // the search worker's build (the threaded one: the test server isolates the page) is gone
  await context.route(/threaded\/[^/]*\.wasm$/, (route) => route.fulfill({ status: 404, body: "not found" }));
  const { page, errors } = await openApp(env.browser, `${env.url}?lang=fr`, { context });
  await searchUntilStopped(page, "5D");
  await page.getByTestId("search-start").click();
  const alert = page.getByRole("alert");
  await page.waitForFunction(() => !document.querySelector("#error").hidden, null, { timeout: 25_000 });
  assert.match(await alert.textContent(), /La recherche n'a pas pu continuer\u00a0: le moteur de recherche n'a pas pu démarrer\u00a0: /);
  assert.doesNotMatch(await alert.textContent(), /could not start/);
  // the game still plays
  await playMoves(page, 1);
  assert.deepEqual(errors.filter((e) => !/wasm|WebAssembly|404|Failed to fetch|Failed to load/i.test(e)), []);
  await context.close();
});

// V8's switch that takes wasm SIMD away exists on x86-64 only
const SIMD_SWITCH = process.arch === "x64" ? false : "V8 can turn wasm SIMD off on x86-64 only";

test("a browser without wasm SIMD gets the one-thread build on an isolated page, and says why", { skip: SIMD_SWITCH }, async () => {
  // the threaded build is compiled with SIMD (scripts/build-threaded.sh); V8 without SSE4.1
  // has no wasm SIMD, in the page and in its workers alike
  const { server, url } = await startServer();
  const browser = await launch({ jsFlags: "--no-enable-sse4-1" });
  try {
    const { page, errors } = await openApp(browser, url);
    assert.equal(await page.evaluate(() => crossOriginIsolated), true);
    assert.match(await text(page, "search-mode"), /One thread only: this browser's WebAssembly has no SIMD/);
    assert.equal(await page.getByTestId("search-threads").isDisabled(), true);
    await searchOnOneThread(page, errors);
  } finally {
    await browser.close();
    server.close();
  }
});

test("on a host without the headers, the service worker makes the page isolated after one reload", async () => {
  const { server, url } = await startServer({ isolation: false });
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: WIDE });
    await returning(context);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => crossOriginIsolated && document.body.classList.contains("ready"), null, { timeout: 20_000 });
    assert.match(await text(page, "search-mode"), /Runs on up to \d+ thread/);
  } finally {
    await browser.close();
    server.close();
  }
});
