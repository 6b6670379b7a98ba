// Games from other starts than the cross, in the browser: a link carries the start.
import { test } from "node:test";
import assert from "node:assert/strict";
import { address, morpion, openApp, PHONE, playMoves, score, shot, tab, useBrowser } from "./support.mjs";

const env = useBrowser();

/** The best 10-dot start's 4-move game, as `morpion starts best` links it. */
function bestTenLink() {
  const json = JSON.parse(morpion("starts", "best", "--size", "10", "--quiet", "--json").trim().split("\n").at(-1));
  assert.equal(json.best, 4, "n(10) = 4");
  return { json, link: json.link.replace(/^[^#]*/, env.url) };
}

test("a link from another start opens on that start, plays on and keeps its start in the link", async () => {
  const { json, link } = bestTenLink();
  const { page, errors, context } = await openApp(env.browser, link);
  assert.equal(await score(page), 4);
  assert.match(await address(page), new RegExp(`#g=2\\.5T\\.${json.start}\\.4\\.`));
  await shot(page, "start-10-dots");
  // back to the start: only the start's dots are on the board, and a move can be played
  await page.getByRole("button", { name: "Back to the start" }).click();
  assert.equal(await score(page), 0);
  assert.match(await page.locator("#bound").textContent(), /no bound known from this start/,
    "the hull bound is argued from the cross only");
  await playMoves(page, 1);
  assert.equal(await score(page), 1);
  assert.match(await address(page), new RegExp(`#g=2\\.5T\\.${json.start}\\.`), "the game keeps its start");
  // the link opens the same game in a fresh window
  const again = await openApp(env.browser, await address(page));
  assert.equal(await score(again.page), 1);
  assert.equal(await address(again.page), await address(page));
  await again.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test("a damaged start in a link is refused and the game the user had stays", async () => {
  const { json, link } = bestTenLink();
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 2);
  const at = link.indexOf(json.start) + json.start.length - 1;
  const damaged = link.slice(0, at) + (link[at] === "A" ? "B" : "A") + link.slice(at + 1);
  await page.goto(damaged);
  await page.waitForSelector("body.ready");
  const alert = page.getByRole("alert").filter({ hasText: "could not be opened" });
  await alert.waitFor();
  assert.match(await alert.textContent(), /damaged link/);
  assert.equal(await score(page), 2, "the last game is back");
  assert.match(await address(page), /#g=1\.5T\.2\./);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Moves the keyboard's cursor from the board's centre to grid point (x, y) with the arrows. @param {import("playwright").Page} page */
async function arrowsTo(page, x, y) {
  // reached with the keyboard, as Tab does (a board a click focused leaves the arrows to undo)
  await page.getByTestId("board").evaluate((b) => b.blur());
  await page.getByTestId("board").focus();
  const [cx, cy] = await page.evaluate(() => window.morpionApp.view().centrePoint());
  for (let i = 0; i < Math.abs(x - cx); i++) await page.keyboard.press(x > cx ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(y - cy); i++) await page.keyboard.press(y > cy ? "ArrowDown" : "ArrowUp");
}

/** Clicks grid point (x, y) of the board. @param {import("playwright").Page} page */
async function clickPoint(page, x, y) {
  const at = await page.evaluate(([x, y]) => {
    const r = document.querySelector("[data-testid=board]").getBoundingClientRect();
    const [sx, sy] = window.morpionApp.view().screenOf(x, y);
    return { x: r.left + sx, y: r.top + sy };
  }, [x, y]);
  await page.mouse.click(at.x, at.y);
}

test("a start drawn in the editor is played on, and its copied link opens it elsewhere", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.url });
  assert.deepEqual(await page.getByTestId("start-name").evaluate((e) => [e.textContent, e.title]), ["the cross", ""]);
  await page.getByTestId("start-edit").click();
  await page.getByTestId("start-one").click();
  assert.match(await page.getByTestId("start-count").textContent(), /^1 dot, 0 moves/);
  // a row of four: two moves, one at each end
  for (const x of [1, 2, 3]) await clickPoint(page, x, 0);
  assert.match(await page.getByTestId("start-count").textContent(), /^4 dots, 2 moves/);
  // the keyboard's cursor on a point where the row's line could be drawn: no line is
  // offered there while drawing (Enter would put a dot), as none is under the mouse
  assert.ok((await page.evaluate(() => window.morpionApp.choicesAt(4, 0).length)) > 0);
  await arrowsTo(page, 4, 0);
  assert.equal(await page.evaluate(() => window.morpionApp.offering()), false, "no line offered under the cursor");
  // a dot left of the others moves the start's frame, not the dots on the screen
  const before = await page.evaluate(() => window.morpionApp.view().screenOf(0, 0));
  await clickPoint(page, -1, 0);
  const after = await page.evaluate(() => window.morpionApp.view().screenOf(1, 0));
  assert.ok(Math.abs(before[0] - after[0]) < 0.5 && Math.abs(before[1] - after[1]) < 0.5, `${before} ${after}`);
  assert.match(await page.getByTestId("start-count").textContent(), /^5 dots, 2 moves/);
  // drawn symmetrically: one tap, its mirror image too
  await page.getByTestId("start-symmetry").selectOption("mirror");
  await clickPoint(page, 0, 2);
  assert.match(await page.getByTestId("start-count").textContent(), /^7 dots/);
  // taking a dot off takes its image off too
  await clickPoint(page, 0, 2);
  assert.match(await page.getByTestId("start-count").textContent(), /^5 dots/);
  await shot(page, "start-editor");
  await page.getByTestId("start-done").click();
  assert.ok(await page.getByTestId("start-edit").isVisible(), "the drawing is over");
  // named by its size; its code, which links carry, in the title
  assert.equal(await page.getByTestId("start-name").textContent(), "5 dots, 5\u00a0×\u00a01");
  const code = /#g=2\.5T\.([\w-]+)\./.exec(await address(page))[1];
  assert.equal(await page.getByTestId("start-name").getAttribute("title"), `A start drawn by hand: 5 dots in a box of 5\u00a0×\u00a01 grid points. Links carry its code, ${code}.`);
  await playMoves(page, 1);
  assert.equal(await score(page), 1);
  // My games says it is from a start of the user's
  await tab(page, "records");
  assert.match(await page.locator("#my-games li").first().textContent(), /^1 move · 5T · from 5 dots · /);
  await tab(page, "share");
  await page.getByTestId("copy-link").click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#g=2\.5T\.[A-Za-z0-9_-]+\.1\./);
  const elsewhere = await openApp(env.browser, link);
  assert.equal(await score(elsewhere.page), 1);
  assert.equal(await elsewhere.page.getByTestId("start-name").textContent(), "5 dots, 5\u00a0×\u00a01");
  assert.equal(await elsewhere.page.evaluate(() => window.morpionApp.legalCount()), await page.evaluate(() => window.morpionApp.legalCount()));
  await elsewhere.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test("a damaged link says what is shown instead: the start the user drew, or a new game of the link's variant", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  // a record's view first: the editor fits the start, as a new game's, not the record
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  await tab(page, "play");
  const cell = async () => page.evaluate(() => window.morpionApp.view().screenOf(1, 0)[0] - window.morpionApp.view().screenOf(0, 0)[0]);
  const recordCell = await cell();
  await page.getByTestId("start-edit").click();
  assert.ok(await cell() > 1.5 * recordCell, `the start fitted: a cell ${await cell()} px against the record's ${recordCell}`);
  await page.getByTestId("start-one").click();
  for (const x of [1, 2, 3]) await clickPoint(page, x, 0);
  await page.getByTestId("start-done").click();
  assert.equal(await score(page), 0);
  // the same browser, a damaged link: the start of 4 dots is the user's last game
  const again = await openApp(env.browser, `${env.url}#g=1.5T.3.AAAA.zz`, { context });
  assert.match(await again.page.getByTestId("error").textContent(), /could not be opened: .*Your last game \(from a start of 4 dots, no move yet\) is shown instead/);
  assert.equal(await again.page.evaluate(() => window.morpionApp.startDots().length), 8);
  // a first visit, a damaged 5D link: a new 5D game
  const fresh = await openApp(env.browser, `${env.url}#g=1.5D.3.AAAA.zz`);
  assert.match(await fresh.page.getByTestId("error").textContent(), /could not be opened: .*A new game is shown instead/);
  assert.equal(await fresh.page.getByTestId("variant").inputValue(), "5D");
  assert.deepEqual([...errors, ...again.errors, ...fresh.errors], []);
  await fresh.context.close();
  await context.close();
});

test("a start drawn for a two-player game stays a two-player game; a large start's name fits a phone, its long code in the title, and the bound gives way to the turn", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: PHONE });
  await page.getByTestId("mode").selectOption("two-player");
  await page.getByTestId("start-edit").click();
  assert.match(await address(page), /&p=2$/, "drawing keeps the two-player mode");
  await page.getByTestId("start-symmetry").selectOption("all");
  await page.getByTestId("board").scrollIntoViewIfNeeded(); // on a phone the panel is below it
  await page.getByRole("button", { name: "Zoom out" }).click();
  await clickPoint(page, 4, 12); // and its 7 images: a code of 45 characters
  await page.getByTestId("start-done").click();
  assert.equal(await page.getByTestId("mode").inputValue(), "two-player");
  assert.match(await address(page), /#g=2\.5T\.[\w-]+\.0\.\.[\w-]+&p=2$/);
  assert.match(await page.getByTestId("turn-line").textContent(), /Player 1 to move/);
  assert.equal(await page.getByTestId("bound").isVisible(), false, "on a phone the bound gives way to the turn, not cut to 'at mos…'");
  assert.equal(await page.getByTestId("start-name").textContent(), "44 dots, 16\u00a0×\u00a016");
  assert.match(await page.getByTestId("start-name").getAttribute("title"), /its code, [\w-]{40,}\.$/, "the long code in the title");
  // no panel wider than the phone
  const card = await page.locator(".start-card").evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
  assert.ok(card.scroll <= card.client, `the card scrolls sideways: ${card.scroll} > ${card.client}`);
  await playMoves(page, 1);
  assert.equal(await page.evaluate(() => window.morpionApp.twoPlayer()), true);
  // drawing the cross back says so
  await page.getByTestId("start-edit").click();
  await page.getByTestId("start-cross").click();
  await page.getByTestId("start-done").click();
  assert.equal(await page.locator("#message").textContent(), "Playing from the cross.");
  assert.match(await address(page), /#g=1\.5T\.0\.\.[\w-]+&p=2$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("while a start is drawn, one without moves is no game over, and another variant keeps the dots", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const over = page.getByTestId("gameover");
  await page.getByTestId("start-edit").click();
  await page.getByTestId("start-one").click();
  assert.match(await page.getByTestId("start-count").textContent(), /^1 dot, 0 moves/);
  assert.equal(await over.isVisible(), false, "a start being drawn is not a game played");
  for (const x of [1, 2, 3]) await clickPoint(page, x, 0);
  await page.getByTestId("variant").selectOption("5D");
  assert.ok(await page.getByTestId("start-done").isVisible(), "still drawing");
  assert.equal(await page.locator("#message").textContent(), "Still drawing: the same dots, now in 5D.");
  assert.match(await page.getByTestId("start-count").textContent(), /^4 dots, 2 moves/);
  assert.match(await address(page), /#g=2\.5D\.[\w-]+\.0\./);
  // the mode too: the drawing goes on, for two players
  await page.getByTestId("mode").selectOption("two-player");
  assert.ok(await page.getByTestId("start-done").isVisible(), "still drawing in the other mode");
  assert.match(await address(page), /#g=2\.5D\.[\w-]+\.0\.[^&]*&p=2/);
  await page.getByTestId("mode").selectOption("solitaire");
  // a tap while the editor is out of sight (another tab) says it puts a dot
  await tab(page, "records");
  await clickPoint(page, 4, 0);
  assert.match(await page.locator("#message").textContent(), /^A start is being drawn: taps put dots on or take them off/);
  await tab(page, "play");
  assert.match(await page.getByTestId("start-count").textContent(), /^5 dots/);
  // the one dot again, played from: now the game is over
  await page.getByTestId("start-one").click();
  await page.getByTestId("start-done").click();
  assert.equal(await over.textContent(), "Game over: 0 moves");
  assert.ok(await over.isVisible());
  // a new game ends a drawing, as before
  await page.getByTestId("start-edit").click();
  await page.locator("#new-game").click();
  assert.ok(await page.getByTestId("start-edit").isVisible(), "the drawing is over");
  assert.deepEqual(await page.getByTestId("start-name").evaluate((e) => [e.textContent, e.title]), ["the cross", ""]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("cancelling the drawing brings back the game from before, which the page says is kept; no ring offers a move while drawing", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 3);
  const link = await address(page);
  const rings = () => page.evaluate(() => window.morpionApp.view().hintsShown());
  assert.equal(await rings(), true);
  await page.getByTestId("start-edit").click();
  assert.equal(await score(page), 0);
  assert.match(await page.locator("#message").textContent(), /Your game is kept: Cancel brings it back/);
  assert.equal(await rings(), false, "a tap puts a dot: no ring says it plays");
  await tab(page, "play");
  await page.locator("#hints").uncheck();
  await page.locator("#hints").check();
  assert.equal(await rings(), false, "not even when the box is ticked again while drawing");
  await clickPoint(page, 4, 4);
  assert.match(await page.getByTestId("start-name").textContent(), /^37 dots/);
  // a tap draws, it does not play
  assert.equal(await score(page), 0);
  await page.getByTestId("start-cancel").click();
  assert.equal(await score(page), 3);
  assert.equal(await rings(), true, "the rings are back");
  assert.equal(await address(page), link);
  assert.deepEqual(await page.getByTestId("start-name").evaluate((e) => [e.textContent, e.title]), ["the cross", ""]);
  // taps play again
  await playMoves(page, 1);
  assert.equal(await score(page), 4);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the page's search runs from another start and never beats what n(r) allows", async () => {
  const { json, link } = bestTenLink();
  const { page, errors, context } = await openApp(env.browser, `${link}&m=0`);
  assert.equal(await score(page), 0);
  await tab(page, "search");
  await page.selectOption("[data-testid=search-from]", "here");
  await page.selectOption("[data-testid=search-level]", "2");
  await page.selectOption("[data-testid=search-time]", "run");
  await page.getByTestId("search-start").click();
  await page.waitForFunction(() => window.morpionSearch.running() || Number(document.querySelector("[data-testid=best-score]").textContent) > 0);
  await page.waitForFunction(() => !window.morpionSearch.running(), null, { timeout: 60_000 });
  await page.waitForFunction(() => !document.querySelector("[data-testid=search-start]").disabled);
  const best = Number(await page.getByTestId("best-score").textContent());
  assert.ok(best >= 3 && best <= 4, `from 10 dots the longest game is n(10) = 4 moves: ${best}`);
  await page.getByTestId("search-open").click();
  assert.equal(await score(page), best);
  assert.match(await address(page), new RegExp(`#g=2\\.5T\\.${json.start}\\.${best}\\.`), "the best game keeps the start");
  assert.deepEqual(errors, []);
  await context.close();
});

test("back onto a record after drawing a start, or its link opened afresh, shows it as the record: its name in the list and its note", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5d-82-rosin");
  const note = await page.locator("#record-note").textContent();
  assert.ok(note.length > 0);
  const link = await address(page);
  await tab(page, "play");
  await page.getByTestId("start-edit").click();
  await page.getByTestId("start-one").click();
  assert.equal(await page.getByTestId("records").inputValue(), "");
  await page.goBack();
  await page.waitForFunction(() => document.querySelector("[data-testid=score]").textContent === "82");
  assert.equal(await page.getByTestId("records").inputValue(), "5d-82-rosin");
  assert.equal(await page.locator("#record-note").textContent(), note);
  const again = await openApp(env.browser, link);
  assert.equal(await again.page.getByTestId("records").inputValue(), "5d-82-rosin", "a record's link names the record");
  await again.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});
