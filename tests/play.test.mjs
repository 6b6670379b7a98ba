// Playing in the browser: loading, moves by click and keyboard, choosing a line, undo/redo,
// a reload keeping the game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serve } from "../scripts/serve-static.mjs";
import {
  address, openApp, PHONE, playablePoint, playMoves, pointWithSeveralLines, ROOT, score, shot, useBrowser, WIDE, returning } from "./support.mjs";

const env = useBrowser();

test("the page loads without console errors, cross-origin isolated, with a 5T game", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  assert.equal(await score(page), 0);
  assert.equal(await page.getByTestId("variant").inputValue(), "5T");
  assert.equal(Number(await page.getByTestId("legal").textContent()), 28, "5T starts with 28 legal moves");
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  const box = await page.getByTestId("board").boundingBox();
  assert.ok(box.width > 300 && box.height > 300, `the board is large: ${box.width}x${box.height}`);
  // The canvas has real pixels at the screen's density (crisp on high-density screens).
  const px = await page.evaluate(() => document.querySelector("canvas").width);
  assert.equal(px, Math.round(box.width * 2));
  assert.match(await address(page), /#g=1\.5T\.0\./, "the address carries the game");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a click near a playable point plays it; a click on a dot says why not", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const p = await playablePoint(page, "one");
  assert.ok(p, "the start has a point with one line");
  await page.mouse.click(p.pageX + 3, p.pageY - 2); // near, not exactly on, the point
  assert.equal(await score(page), 1);
  assert.match(await address(page), /#g=1\.5T\.1\./);
  const dot = await page.evaluate(() => window.morpionApp.view().screenOf(3, 0)); // on the cross
  const box = await page.getByTestId("board").boundingBox();
  await page.mouse.click(box.x + dot[0], box.y + dot[1]);
  assert.equal(await score(page), 1, "nothing is played on a dot");
  assert.match(await page.locator("#message").textContent(), /already has a dot/);
  // what the engine says is typed `number | null`, and is null, not missing
  const said = await page.evaluate(() => {
    const wasm = /** @type {any} */ (window).wasmBindings;
    const game = new wasm.Timeline("5T");
    const onDot = game.why_not(3, 0);
    const far = game.why_not(40, 40);
    const search = new wasm.Search(game.link("https://x/"), 1, 1, "nrpa");
    const report = search.progress(0);
    search.free();
    game.free();
    return { onDot, far, best: report.best, hasBest: "best" in report };
  });
  assert.deepEqual(said.onDot, {
    reason: "has_dot", score: null, by_move: null, rule: null, len: null, text: said.onDot.text });
  assert.deepEqual({ ...said.far, text: "" }, { reason: "no_line", score: null, by_move: null, rule: null, len: 5, text: "" });
  assert.equal(said.best, null, "no best before the first playout");
  assert.equal(said.hasBest, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone, a message longer than its two lines unfolds with a tap, and the next comes folded", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: PHONE });
  const line = page.locator("#message");
  const long = "A message long enough to need more than the two lines the bar shows on a phone, so that its end would be lost without a way to read it all: this is that way.";
  await page.evaluate((text) => { document.getElementById("message").textContent = text; }, long);
  const folded = (await line.boundingBox()).height;
  await line.click();
  const open = (await line.boundingBox()).height;
  assert.ok(open > folded * 1.4, `unfolded: ${folded} -> ${open}`);
  await line.click();
  assert.equal((await line.boundingBox()).height, folded, "folded again");
  await line.click();
  const p = await playablePoint(page, "one");
  await page.mouse.click(p.pageX, p.pageY);
  await page.evaluate(() => window.morpionApp.tap(...window.morpionApp.view().screenOf(3, 0)));
  assert.match(await line.textContent(), /already has a dot/);
  assert.ok((await line.boundingBox()).height <= folded, "the next message comes folded");
  assert.deepEqual(errors, []);
  await context.close();
});

test("when several lines add the same dot, the player chooses one", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const p = await pointWithSeveralLines(page);
  const before = await score(page);
  await page.mouse.click(p.pageX, p.pageY);
  const chooser = page.getByRole("dialog", { name: "Choose the line" });
  await chooser.waitFor();
  assert.equal(await chooser.getByRole("button").filter({ hasText: /^\d\./ }).count(), p.n);
  assert.equal(await score(page), before, "nothing is played before the choice");
  // a tap between grid points, far from the lines, only cancels the choice
  const between = await page.evaluate(() => {
    const view = window.morpionApp.view();
    const r = document.querySelector("[data-testid=board]").getBoundingClientRect();
    const [cx, cy] = view.centrePoint();
    const k = Math.floor(Math.min(r.width, r.height) / 2 / view.cell()) - 1;
    const [sx, sy] = view.screenOf(cx - k, cy - k);
    return { x: r.left + sx + view.cell() / 2, y: r.top + sy + view.cell() / 2 };
  });
  await page.mouse.click(between.x, between.y);
  assert.equal(await chooser.isHidden(), true, "the choice is cancelled");
  assert.equal(await page.locator("#message").textContent(), "", "without a word");
  assert.equal(await score(page), before);
  await page.mouse.click(p.pageX, p.pageY);
  await chooser.waitFor();
  // a number past the lines offered chooses none, and says how many there are
  await page.keyboard.press("9");
  assert.equal(await score(page), before);
  assert.equal(await chooser.isVisible(), true);
  assert.equal(await page.locator("#message").textContent(), `${p.n} lines can add this dot: pick one by its number (on the board and in the list).`);
  await chooser.getByRole("button").filter({ hasText: /^2\./ }).click();
  assert.equal(await score(page), before + 1);
  assert.equal(await chooser.isHidden(), true);
  // the focus is back on the board, as a click leaves it: ← undoes, as the help says
  assert.equal(await page.evaluate(() => document.activeElement?.id), "board");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await score(page), before, "← undid the move chosen");
  // offered again, then a zoom button clicked (it has the focus now): a digit still chooses
  await page.mouse.click(p.pageX, p.pageY);
  await chooser.waitFor();
  await page.locator("#zoom-out").click();
  assert.equal(await page.evaluate(() => document.activeElement?.id), "zoom-out");
  await page.keyboard.press("1");
  assert.equal(await score(page), before + 1, "the digit chose a line");
  assert.equal(await chooser.isHidden(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("lines to choose from that the user panned under the zoom buttons come out from under them, numbers and all; a double tap still chooses", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: { width: 560, height: 521 } });
  const p = await pointWithSeveralLines(page);
  // the point just left of the buttons, at their height: the lines going right from it
  // reach under them
  const right = await page.evaluate(([x, y]) => {
    const view = window.morpionApp.view();
    const r = document.querySelector("[data-testid=board]").getBoundingClientRect();
    const z = document.getElementById("zoom-controls").getBoundingClientRect();
    const right = Math.max(...window.morpionApp.choicesAt(x, y).flatMap((c) => [c.from[0], c.to[0]])) - x;
    const [sx, sy] = view.screenOf(x, y);
    // the point a cell left of the buttons' left edge: the pan out is long, and a line may
    // then lie where the first tap was
    view.pan(z.left - r.left - view.cell() - sx, z.top - r.top + z.height / 2 - sy);
    return right;
  }, [p.x, p.y]);
  assert.ok(right >= 2, `the lines reach ${right} cells right of the point: it stays clear of the buttons`);
  await page.waitForTimeout(100);
  /** The lines (their dots' half cell around them) and numbers under the zoom buttons, and where the point is. */
  const hidden = () => page.evaluate(([x, y]) => {
    const view = window.morpionApp.view();
    const canvas = document.querySelector("[data-testid=board]");
    const r = canvas.getBoundingClientRect();
    const z = document.getElementById("zoom-controls").getBoundingClientRect();
    const half = view.cell() / 2;
    const under = (left, top, right, bottom) => r.left + right > z.left && r.top + top < z.bottom && r.left + left < z.right && r.top + bottom > z.top;
    const lines = window.morpionApp.choicesAt(x, y).map((c) => [view.screenOf(c.from[0], c.from[1]), view.screenOf(c.to[0], c.to[1])])
      .filter(([[ax, ay], [bx, by]]) => under(Math.min(ax, bx) - half, Math.min(ay, by) - half, Math.max(ax, bx) + half, Math.max(ay, by) + half)).length;
    const badges = view.choiceBadges();
    const numbers = [];
    for (let i = 0; i + 2 < badges.length; i += 3) {
      const [bx, by, br] = badges.slice(i, i + 3);
      if (under(bx - br, by - br, bx + br, by + br)) numbers.push(i / 3 + 1);
    }
    const [px, py] = view.screenOf(x, y);
    const at = [r.left + px, r.top + py];
    return { lines, numbers, at, onCanvas: document.elementFromPoint(at[0], at[1]) === canvas };
  }, [p.x, p.y]);
  const before = await hidden();
  assert.ok(before.lines > 0, `a line under the buttons before the choice: ${JSON.stringify(before)}`);
  assert.ok(before.onCanvas, "the point itself is on the board, not under a button");
  const n = await score(page);
  await page.mouse.click(before.at[0], before.at[1]);
  const chooser = page.getByRole("dialog", { name: "Choose the line" });
  await chooser.waitFor();
  const after = await hidden();
  assert.deepEqual([after.lines, after.numbers], [0, []], `lines and numbers clear of the buttons: ${JSON.stringify(after)}`);
  assert.notDeepEqual(after.at, before.at, "the board moved");
  // a second tap where the first was (a double tap): another point is there now, but
  // it still chooses
  await page.mouse.click(before.at[0], before.at[1]);
  assert.ok(await chooser.isVisible(), "still choosing");
  assert.equal(await score(page), n, "nothing played");
  await shot(page, "chooser-out-from-under-the-buttons");
  await page.keyboard.press("1");
  assert.equal(await score(page), n + 1, "a number still chooses");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a double tap whose second tap lands on the chooser's box, opened under the finger, chooses nothing", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: { width: 320, height: 460 } });
  const p = await pointWithSeveralLines(page);
  const n = await score(page);
  // the tap that opens the box, then a click on its first line at the tap's own place (as
  // if the box had opened there), at once: a double tap's second
  const played = await page.evaluate(([px, py]) => {
    const canvas = document.querySelector("[data-testid=board]").getBoundingClientRect();
    window.morpionApp.tap(px - canvas.left, py - canvas.top);
    const line = /** @type {HTMLElement} */ (document.querySelector("#chooser-options button"));
    line.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 2, clientX: px, clientY: py }));
    return document.getElementById("chooser").hidden;
  }, [p.pageX, p.pageY]);
  assert.equal(played, false, "the box is still open");
  assert.equal(await score(page), n, "nothing played");
  // from a key (no click count), or later, the same click chooses
  await page.waitForTimeout(450);
  await page.evaluate(([px, py]) => {
    const line = /** @type {HTMLElement} */ (document.querySelector("#chooser-options button"));
    line.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1, clientX: px, clientY: py }));
  }, [p.pageX, p.pageY]);
  assert.equal(await score(page), n + 1, "a click a moment later chooses");
  assert.deepEqual(errors, []);
  await context.close();
});

test("undo and redo by button and by keyboard; a new move drops the redo", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 3);
  assert.equal(await score(page), 3);
  await page.getByTestId("undo").click();
  await page.getByTestId("undo").click();
  assert.equal(await score(page), 1);
  await page.getByTestId("redo").click();
  assert.equal(await score(page), 2);
  await page.keyboard.press("Control+z");
  assert.equal(await score(page), 1);
  await page.keyboard.press("Control+y");
  await page.keyboard.press("Control+y");
  assert.equal(await score(page), 3);
  assert.equal(await page.getByTestId("redo").isDisabled(), true);
  await page.keyboard.press("Control+z");
  await playMoves(page, 1);
  assert.equal(await score(page), 3);
  assert.equal(await page.getByTestId("redo").isDisabled(), true, "a new line of play has no redo");
  // a ticked checkbox keeps the focus, and the page's keys still work
  await page.locator("#numbers").check();
  assert.ok(await page.evaluate(() => document.activeElement?.id === "numbers"));
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Home");
  assert.equal(await score(page), 0, "the arrows and Home undo from a checkbox");
  assert.deepEqual(errors, []);
  await context.close();
});

test("lines offered from the keyboard take its focus: the arrows go through them, Escape gives the focus back to the board, a digit chooses", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const p = await pointWithSeveralLines(page);
  const before = await score(page);
  // the board as Tab reaches it (a click's focus gives the arrows to undo and redo)
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  await page.getByTestId("board").focus();
  const start = await page.evaluate(() => window.morpionApp.view().centrePoint());
  const walk = async () => {
    const [dx, dy] = [p.x - start[0], p.y - start[1]];
    for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? "ArrowRight" : "ArrowLeft");
    for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? "ArrowDown" : "ArrowUp");
    await page.keyboard.press("Enter");
  };
  await walk();
  const chooser = page.getByRole("dialog", { name: "Choose the line" });
  await chooser.waitFor();
  const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute("aria-label"));
  assert.match(await focused(), /^1\. /, "the first line has the focus");
  await page.keyboard.press("ArrowDown");
  assert.match(await focused(), /^2\. /);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  assert.match(await focused(), new RegExp(`^${p.n}\\. `), "the arrows go round");
  // no key pressed in the chooser is the page's: not ← (undo), Home, nor P (the replay),
  // on a line or on Cancel
  await page.keyboard.press("Home");
  await page.keyboard.press("p");
  await page.keyboard.press("Control+z");
  await page.locator("#chooser-cancel").focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("p");
  assert.equal(await score(page), before, "nothing was undone");
  // Tab goes round the box, as in a dialog: from Cancel to the first line, and back
  await page.locator("#chooser-cancel").focus();
  await page.keyboard.press("Tab");
  assert.match(await focused(), /^1\. /, "Tab from Cancel comes back to the first line");
  await page.keyboard.press("Shift+Tab");
  assert.equal(await focused(), "chooser-cancel", "Shift+Tab from the first line goes to Cancel");
  for (let i = 0; i < p.n + 1; i++) await page.keyboard.press("Tab");
  assert.equal(await focused(), "chooser-cancel", "Tab through every line reaches Cancel, in the box");
  assert.equal(await page.evaluate(() => window.morpionApp.replaying()), false, "no replay started");
  await page.keyboard.press("Escape");
  assert.equal(await chooser.isHidden(), true);
  assert.equal(await focused(), "board", "the focus is back on the board");
  // the cursor is where it was: Space offers the lines again (its key's release chooses
  // nothing), and a digit chooses
  await page.keyboard.press("Space");
  await chooser.waitFor();
  assert.match(await focused(), /^1\. /);
  assert.equal(await score(page), before);
  await page.keyboard.press("2");
  assert.equal(await score(page), before + 1);
  assert.equal(await chooser.isHidden(), true);
  assert.equal(await focused(), "board");
  assert.deepEqual(errors, []);
  await context.close();
});

test("after a click on the board the arrows undo and redo, as the help says; a Tab there gives them to the cursor", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 3);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "board", "the click focused the board");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await score(page), 1);
  await page.keyboard.press("ArrowRight");
  assert.equal(await score(page), 2);
  // a stale note goes with its position: why a dot cannot be played, then an undo
  await page.evaluate(() => window.morpionApp.tap(...window.morpionApp.view().screenOf(3, 0)));
  const said = await page.locator("#message").textContent();
  assert.ok(said.length > 0, "a tap on a start dot says why not");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await page.locator("#message").textContent(), "", "the note went with its position");
  // Tab away and back: the arrows move the cursor
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "board");
  const [cx, cy] = await page.evaluate(() => window.morpionApp.view().centrePoint());
  await page.keyboard.press("ArrowLeft");
  assert.equal(await score(page), 1, "the cursor moved, nothing was undone");
  // the view follows the cursor far off: it stays on the canvas, away from its edges
  for (let i = 0; i < 40; i++) await page.keyboard.press("ArrowRight");
  const [sx, sy] = await page.evaluate(([x, y]) => Array.from(window.morpionApp.view().screenOf(x, y)), [cx + 39, cy]);
  const box = await page.getByTestId("board").boundingBox();
  assert.ok(sx > 0 && sx < box.width && sy > 0 && sy < box.height, `cursor at ${sx},${sy} on ${box.width}x${box.height}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the records menu leaves ← and → to the game, chosen with the mouse or not; ↓ goes through its options", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await page.getByTestId("tab-records").click();
  const menu = page.getByTestId("records");
  // as a click does: the menu has the focus, a pointer pressed it
  await menu.focus();
  await menu.dispatchEvent("pointerdown");
  await menu.selectOption("5t-178-rosin");
  assert.equal(await score(page), 178);
  await page.keyboard.press("ArrowLeft");
  assert.equal(await score(page), 177, "the arrow stepped back through the record");
  assert.equal(await menu.inputValue(), "5t-178-rosin", "and did not open another");
  // the menu focused again and closed with no choice: ← and → are still the game's
  await menu.focus();
  await menu.dispatchEvent("pointerdown");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await score(page), 176);
  await page.keyboard.press("ArrowRight");
  assert.equal(await score(page), 177);
  assert.equal(await menu.inputValue(), "5t-178-rosin");
  // with the keys alone, the menu keeps the focus, and ↓ goes through its options
  await page.keyboard.press("ArrowDown");
  assert.notEqual(await menu.inputValue(), "5t-178-rosin");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "records");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the keyboard alone can play: arrows move the cursor, Enter plays", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const target = await playablePoint(page, "one");
  await page.getByTestId("board").focus();
  const start = await page.evaluate(() => window.morpionApp.view().centrePoint());
  const keys = [];
  const dx = target.x - start[0];
  const dy = target.y - start[1];
  for (let i = 0; i < Math.abs(dx); i++) keys.push(dx > 0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(dy); i++) keys.push(dy > 0 ? "ArrowDown" : "ArrowUp");
  for (const k of keys) await page.keyboard.press(k);
  await page.keyboard.press("Enter");
  assert.equal(await score(page), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("every variant can be chosen and played; game over is announced", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const names = await page.getByTestId("variant").locator("option").allTextContents();
  assert.deepEqual(names.slice(0, 2), ["5T – lines of five, touching allowed", "5D – lines of five, no touching"]);
  assert.equal(names.length, 8);
  await page.getByTestId("variant").selectOption("3D");
  assert.match(await page.locator("#variant-name").textContent(), /^3D – lines of three, no touching$/);
  await page.getByTestId("variant").selectOption("4D");
  let guard = 0;
  while (!(await page.locator("#gameover").isVisible()) && guard++ < 200) {
    let p = (await playablePoint(page, "one")) || (await playablePoint(page, "several"));
    if (!p) {
      // The game grew out of view: fit it, as a player would.
      await page.getByRole("button", { name: "Fit the game to the board" }).click();
      p = (await playablePoint(page, "one")) || (await playablePoint(page, "several"));
    }
    await page.mouse.click(p.pageX, p.pageY);
    if (await page.locator("#chooser").isVisible()) await page.keyboard.press("1");
  }
  assert.match(await page.locator("#gameover").textContent(), /Game over: \d+ moves/);
  assert.equal(Number(await page.getByTestId("legal").textContent()), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a reload keeps the game, and so does opening the bare address", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 2);
  const link = await address(page);
  await page.reload();
  await page.waitForSelector("body.ready");
  assert.equal(await score(page), 2);
  assert.equal(await address(page), link);
  await page.goto(env.url); // no game in the address: the last game comes from local storage
  await page.waitForSelector("body.ready");
  assert.equal(await score(page), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test("zoom buttons and wheel change the scale; drag pans without playing", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const cell = () => page.evaluate(() => window.morpionApp.view().cell());
  const c0 = await cell();
  await page.getByRole("button", { name: "Zoom in" }).click();
  assert.ok((await cell()) > c0);
  await page.getByRole("button", { name: "Fit the game to the board" }).click();
  assert.ok(Math.abs((await cell()) - c0) < 1e-9);
  const box = await page.getByTestId("board").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 300);
  assert.ok((await cell()) < c0, "wheel down zooms out");
  const before = await page.evaluate(() => window.morpionApp.view().screenOf(0, 0));
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 130, { steps: 5 });
  await page.mouse.up();
  const moved = await page.evaluate(() => window.morpionApp.view().screenOf(0, 0));
  assert.ok(Math.abs(moved[0] - before[0] - 60) < 1e-6 && Math.abs(moved[1] - before[1] - 30) < 1e-6);
  assert.equal(await score(page), 0, "a drag plays nothing");
  // at the scale's limits the button that can do nothing more greys out
  const zoomIn = page.getByRole("button", { name: "Zoom in" });
  const zoomOut = page.getByRole("button", { name: "Zoom out" });
  assert.equal(await zoomIn.isEnabled(), true);
  // the buttons change at the next frame's drawing
  const click = async (b) => { await b.click(); await page.evaluate(() => new Promise(requestAnimationFrame)); };
  for (let i = 0; i < 30 && (await zoomIn.isEnabled()); i++) await click(zoomIn);
  assert.equal(await zoomIn.isDisabled(), true, "at most 120 pixels a cell");
  assert.equal(await cell(), 120);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "zoom-out", "the focus goes to the other button");
  await click(zoomOut);
  assert.equal(await zoomIn.isEnabled(), true);
  for (let i = 0; i < 40 && (await zoomOut.isEnabled()); i++) await click(zoomOut);
  assert.equal(await zoomOut.isDisabled(), true, "at least 4 pixels a cell");
  assert.equal(await cell(), 4);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a touch phone a tap plays a move", async () => {
  const context = await env.browser.newContext({ viewport: PHONE, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  await returning(context);
  const { page, errors } = await openApp(env.browser, env.url, { context });
  const p = await playablePoint(page, "one");
  await page.touchscreen.tap(p.pageX, p.pageY);
  assert.equal(await score(page), 1);
  const box = await page.getByTestId("board").boundingBox();
  assert.ok(box.width <= PHONE.width, "the board fits the phone's width");
  assert.deepEqual(errors, []);
  await context.close();
});

test("with site data blocked (even reading localStorage throws), the page starts, plays and keeps nothing", async () => {
  const context = await env.browser.newContext({ viewport: WIDE });
  await context.addInitScript(() => {
    Object.defineProperty(window, "localStorage", { get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });
  });
  const { page, errors } = await openApp(env.browser, env.url, { context, firstVisit: true });
  await page.keyboard.press("Escape"); // the rules card of a first visit, every visit here
  await playMoves(page, 2);
  assert.equal(await score(page), 2);
  await page.getByTestId("tab-records").click();
  assert.ok(await page.locator("#my-games-empty").isVisible(), "no list to keep the game in");
  assert.deepEqual(errors, []);
  await context.close();
});

test("when the engine cannot load, the page says so instead of hanging", async () => {
  const context = await env.browser.newContext({ viewport: WIDE });
  await returning(context);
  const page = await context.newPage();
  await page.route(/morpion_bg\.wasm$/, (route) => route.fulfill({ status: 404, body: "not found" }));
  await page.goto(env.url);
  const alert = page.getByRole("alert").filter({ hasText: "could not start" });
  await alert.waitFor({ timeout: 25_000 });
  assert.equal(await alert.isVisible(), true);
  await shot(page, "wide-engine-failed");
  await context.close();
});

test("dist/ works from a subfolder of a plain static server", async () => {
  const parent = await serve(ROOT, { port: 0 });
  try {
    const { page, errors, context } = await openApp(env.browser, `http://127.0.0.1:${parent.address().port}/dist/`);
    await playMoves(page, 1);
    assert.equal(await score(page), 1);
    assert.match(await address(page), /\/dist\/#g=1\.5T\.1\./);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    parent.close();
  }
});
