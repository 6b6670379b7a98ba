// The bounds on the page: the live line under the score, the hull, region and potential
// drawn on the board, "Prove a tighter bound" in a worker (progress, cancel, the page never
// blocked), and the LP playground.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openApp, PHONE, playMoves, shot, useBrowser, tab } from "./support.mjs";

const env = useBrowser();

/** The bound line's text, once it says "at most" or "no bound". */
async function boundText(page, pattern = /at most|no bound/) {
  const el = page.getByTestId("bound");
  await page.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(document.querySelector("[data-testid=bound]").textContent),
    [pattern.source, pattern.flags],
    { timeout: 30_000 },
  );
  return el.textContent();
}

const number = (text) => Number(/at most ([\d,]+)/.exec(text)[1].replace(/,/g, ""));

test("the live bound: the published 485 at the start of 5T (the hull's 705 said under it), never rising along Rosin's 178, its score at the end; 84 in 5D", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  assert.match(await boundText(page), /at most 485 moves \(by a published proof\)/);
  const detail = await page.getByTestId("bound-detail").textContent();
  assert.match(detail, /^Michalewski, Nagórko and Pawlewicz proved that no 5T game from the cross goes beyond 485 moves/);
  assert.match(detail, /This page's own argument gives 705 here \(by the hull\)\. The hull \(3,3,3,3,3,3,3,3\) has/);
  await page.evaluate(() => window.morpionApp.openRecord("5t-178-rosin"));
  let last = Infinity;
  for (const k of [0, 30, 60, 90, 120, 150, 170, 177, 178]) {
    await page.evaluate((n) => window.morpionApp.goTo(n), k);
    await page.waitForFunction((n) => window.morpionBounds.bound()?.score === n, k);
    const n = number(await boundText(page));
    assert.ok(n >= 178, `move ${k}: at most ${n} is below the game's 178`);
    assert.ok(n <= last, `move ${k}: the bound rose from ${last} to ${n}`);
    last = n;
  }
  assert.match(await boundText(page), /at most 178 moves \(the game is over\)/);
  // The bound for the user's game and for other variants.
  await page.getByTestId("variant").selectOption("5D");
  assert.match(await boundText(page, /at most 84/), /at most 84 moves \(by a published proof\)/);
  assert.match(await page.getByTestId("bound-detail").textContent(), /own argument gives 144 here \(by the potential\)\. The dots hold 144 of potential/, "two sentences, not a colon before a capital");
  // lines of 4: the longest game from the cross, by a complete search
  await page.getByTestId("variant").selectOption("4T");
  assert.match(await boundText(page, /at most 62/), /^at most 62 moves \(by a published proof\)$/);
  assert.match(await page.getByTestId("bound-detail").textContent(), /^Michael Quist's complete search of every 4T game from the cross \(2008\) found none longer than 62 moves/);
  await page.getByTestId("variant").selectOption("4D");
  assert.match(await boundText(page, /at most 35/), /^at most 35 moves/);
  await page.getByTestId("variant").selectOption("3T");
  assert.match(await boundText(page, /no bound/), /^no bound known for 3T$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone, 'no bound known' is whole: where (the variant, or another start) is for screen readers and the Bounds panel", async () => {
  const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=fr`, { viewport: { width: 320, height: 640 } });
  await page.getByTestId("variant").selectOption("3T");
  assert.match(await boundText(page, /aucune borne/), /^aucune borne connue pour 3T$/);
  const shown = await page.getByTestId("bound").evaluate((o) => ({
    cut: o.scrollWidth > o.clientWidth + 1, where: o.querySelector(".bar-aside").getBoundingClientRect().width > 1,
  }));
  assert.deepEqual(shown, { cut: false, where: false });
  await tab(page, "bounds");
  assert.match(await page.getByTestId("bound-detail").textContent(), /^Les lignes de 3 apportent plus de potentiel/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("show-hull and show-potential draw the hull, the region and each dot's potential", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await page.evaluate(() => { window.morpionApp.openRecord("5t-178-rosin"); window.morpionApp.goTo(120); });
  await page.waitForFunction(() => window.morpionBounds.bound()?.score === 120);
  assert.deepEqual(await page.evaluate(() => window.morpionBounds.drawn()), { hull: 0, region: 0, values: 0, weighted: 0 });
  await tab(page, "bounds");
  await page.getByTestId("show-hull").check();
  await page.waitForFunction(() => window.morpionBounds.drawn().region > 0, null, { timeout: 30_000 });
  await page.getByTestId("show-potential").check();
  const drawn = await page.evaluate(() => window.morpionBounds.drawn());
  assert.ok(drawn.hull >= 4 && drawn.hull <= 8, `the hull has ${drawn.hull} corners`);
  assert.ok(drawn.region >= 4, "the region is drawn");
  assert.equal(drawn.values, 36 + 120, "a value on every dot");
  const b = await page.evaluate(() => window.morpionBounds.bound());
  const sum = b.dots.filter((_, i) => i % 3 === 2).reduce((a, v) => a + v, 0);
  assert.equal(sum, 288, "the potential of a 5T position is 288");
  assert.match(await page.getByTestId("bound-detail").textContent(), /hull/);
  await shot(page, "bounds-rosin-120-wide");
  // Another move keeps the layers, for the new position.
  await page.evaluate(() => window.morpionApp.goTo(121));
  await page.waitForFunction(() => window.morpionBounds.drawn().values === 36 + 121);
  await page.getByTestId("show-hull").uncheck();
  await page.getByTestId("show-potential").uncheck();
  await page.waitForFunction(() => window.morpionBounds.drawn().hull === 0 && window.morpionBounds.drawn().values === 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the LP playground solves the paper's 10-point square (64) and says what is wrong with a bad board", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await tab(page, "bounds");
  await page.locator("#lp-playground summary").click();
  await page.getByTestId("lp-size").fill("10");
  await page.getByTestId("lp-solve").click();
  await page.waitForFunction(() => /at most/.test(document.querySelector("[data-testid=lp-result]").textContent), null, { timeout: 60_000 });
  const text = await page.getByTestId("lp-result").textContent();
  assert.match(text, /^5T on the square of 10 points a side: at most /, "the board in words, not the command line's square:10");
  // a whole number of moves, with the LP's value beside it
  assert.match(text, /: at most 64 moves \(the LP's value /, text);
  const value = Number(/the LP's value ([\d.]+)/.exec(text)[1]);
  assert.ok(value >= 64 && value < 64.0001, text);
  // as tall as the menus and the button beside it: a finger's target on a phone
  const heights = await page.evaluate(() => ["lp-size", "lp-kind", "lp-solve"].map((id) => document.getElementById(id).getBoundingClientRect().height));
  assert.ok(Math.abs(heights[0] - heights[1]) < 2 && Math.abs(heights[0] - heights[2]) < 2 && heights[0] >= 40, `${heights}`);
  assert.equal(await page.getByTestId("lp-canvas").isVisible(), true, "the solution is drawn");
  await page.getByTestId("lp-kind").selectOption("octagon");
  await page.getByTestId("lp-edges").fill("1,2,3");
  await page.getByTestId("lp-solve").click();
  await page.waitForFunction(() => /Not solved/.test(document.querySelector("[data-testid=lp-result]").textContent));
  assert.match(await page.getByTestId("lp-result").textContent(), /expected 8 edge lengths/);
  assert.equal(await page.getByTestId("lp-canvas").isVisible(), false, "the last solution is not this board's");
  // lengths that do not close: said without the command line's "octagon:"
  await page.getByTestId("lp-edges").fill("10,8,10,12,10,8,10,13");
  await page.getByTestId("lp-solve").click();
  await page.waitForFunction(() => /do not close/.test(document.querySelector("[data-testid=lp-result]").textContent));
  assert.equal(await page.getByTestId("lp-result").textContent(), "Not solved: '10,8,10,12,10,8,10,13': these lengths do not close the octagon (a8+a1+a2 must equal a4+a5+a6, and a2+a3+a4 must equal a6+a7+a8).");
  await page.getByTestId("lp-kind").selectOption("square");
  await page.getByTestId("lp-size").fill("5");
  await page.getByTestId("lp-solve").click();
  await page.waitForFunction(() => /fewer than the 36 dots/.test(document.querySelector("[data-testid=lp-result]").textContent));
  // a side past the field's own maximum is said in the field's terms (not "2 to 1000")
  for (const side of ["200", "1001", "2.5", "1", ""]) {
    await page.getByTestId("lp-size").fill(side);
    await page.getByTestId("lp-solve").click();
    assert.equal(await page.getByTestId("lp-result").textContent(), "Not solved: points a side: give a whole number from 2 to 109.", side);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("in French, the LP playground's refusals are French: the engine's words cross the bounds worker with their code", async () => {
  const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=fr`);
  await tab(page, "bounds");
  await page.locator("#lp-playground summary").click();
  const result = page.getByTestId("lp-result");
  const words = async () => (await result.textContent()).replace(/\u00a0/g, " ");
  await page.getByTestId("lp-kind").selectOption("octagon");
  await page.getByTestId("lp-edges").fill("1,2,3");
  await page.getByTestId("lp-solve").click();
  await page.waitForFunction(() => /Non résolu/.test(document.querySelector("[data-testid=lp-result]").textContent));
  assert.equal(await words(), "Non résolu : « 1,2,3 » : il faut 8 longueurs d'arête séparées par des virgules, il y en a 3.");
  await page.getByTestId("lp-kind").selectOption("square");
  await page.getByTestId("lp-size").fill("5");
  await page.getByTestId("lp-solve").click();
  await page.waitForFunction(() => /36 points du départ/.test(document.querySelector("[data-testid=lp-result]").textContent));
  assert.equal(await words(), "Non résolu : le plateau a 25 points, moins que les 36 points du départ.");
  assert.deepEqual(errors, []);
  await context.close();
});

test("prove a tighter bound: progress in a worker, the page answers meanwhile, cancel stops it", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: PHONE });
  await playMoves(page, 3);
  await boundText(page);
  await tab(page, "bounds");
  // from the keyboard: the focus goes to Cancel, not to the page
  await page.getByTestId("bound-lp").focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /Solving the LP on [\d,]+ points/.test(document.querySelector("[data-testid=bound-lp-status]").textContent), null, { timeout: 60_000 });
  assert.equal(await page.evaluate(() => window.morpionBounds.solving()), true);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "bound-lp-cancel");
  // The main thread is free: a move and an undo go through while the LP runs.
  const t = Date.now();
  await page.getByTestId("undo").click();
  await page.waitForFunction(() => window.morpionApp.shown() === 2);
  assert.ok(Date.now() - t < 5000, "the page answered while the LP was solved");
  await page.getByTestId("bound-lp-cancel").focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector("[data-testid=bound-lp-status]").textContent));
  assert.equal(await page.evaluate(() => window.morpionBounds.solving()), false);
  assert.equal(await page.getByTestId("bound-lp").isEnabled(), true);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "bound-lp", "the focus is back where it was");
  // the word was about the position it was solving (move 3): another position clears it
  await page.getByTestId("undo").click();
  await page.waitForFunction(() => document.querySelector("[data-testid=bound-lp-status]").textContent === "");
  // 5D has no LP bound of a position: said, not attempted.
  await page.getByTestId("variant").selectOption("5D");
  await page.getByTestId("bound-lp").click();
  assert.match(await page.getByTestId("bound-lp-status").textContent(), /5T only/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone, the bar's \"?\" by the bound opens its explanation in sight, below the fold of the panel as it opens", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: PHONE });
  // from the Play tab: the Bounds panel opens at its top, the explanation far below
  await page.getByTestId("bound-why").click();
  await page.waitForFunction(() => {
    const explain = /** @type {HTMLDetailsElement} */ (document.getElementById("bounds-explain"));
    const panel = document.getElementById("tab-panels").getBoundingClientRect();
    const heading = explain.querySelector("summary").getBoundingClientRect();
    return explain.open && heading.top >= panel.top - 1 && heading.bottom + 40 <= panel.bottom;
  }, null, { timeout: 5_000 });
  assert.deepEqual(errors, []);
  await context.close();
});
