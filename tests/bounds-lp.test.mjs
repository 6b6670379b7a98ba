// A real LP of a position, solved in the page (a minute or two here): the bound it proves
// holds on every line of play that goes on from that position, the user's own too; one
// that ends after the board changed says where it holds; a finished game needs none. Its
// own file: it alone takes longer than the other bounds tests together.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openApp, playMoves, shot, useBrowser, tab } from "./support.mjs";

const env = useBrowser();

const number = (text) => Number(/at most ([\d,]+)/.exec(text)[1].replace(/,/g, ""));

test("an LP bound holds on every line that goes on from its position, the user's own too; one that ends elsewhere says so; a finished game needs none", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const status = () => page.getByTestId("bound-lp-status").textContent();
  const at = async (n) => {
    await page.evaluate((n) => window.morpionApp.goTo(n), n);
    await page.waitForFunction((n) => window.morpionBounds.bound()?.score === n, n);
    return number(await page.getByTestId("bound").textContent());
  };
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  await page.waitForFunction(() => window.morpionBounds.bound()?.kind === "game_over");
  await tab(page, "bounds");
  // the game is over: said at once, no LP
  await page.getByTestId("bound-lp").click();
  assert.match(await status(), /The game is over: 178 moves, no bound to prove/);
  assert.equal(await page.evaluate(() => window.morpionBounds.solving()), false);
  // proved from move 176 while the board went back to move 175 (a minute or two here)
  assert.equal(await at(176), 485);
  await page.getByTestId("bound-lp").click();
  await page.waitForFunction(() => /Solving the LP on/.test(document.querySelector("[data-testid=bound-lp-status]").textContent), null, { timeout: 60_000 });
  assert.equal(await at(175), 485);
  assert.match(await status(), /It is for move 176 of the game as it was when you asked, not for the board shown now\.$/, "the progress says which position it is about");
  await page.waitForFunction(() => !window.morpionBounds.solving(), null, { timeout: 240_000 });
  assert.match(await status(), /^The LP, started from move 176 of another game or of this one before the board changed, proved at most 178 moves there/);
  assert.equal(number(await page.getByTestId("bound").textContent()), 485, "not a bound of move 175");
  // its position: the bound and the report are back, and stay later in the record
  assert.equal(await at(176), 178);
  assert.match(await status(), /^From move 176 of this game, the LP proves at most 178 moves/);
  assert.equal(await at(177), 178);
  // the game's end needs no LP; one move back, the report is back too
  await at(178);
  await page.getByTestId("bound-lp").click();
  assert.match(await status(), /The game is over/);
  assert.equal(await at(177), 178);
  assert.match(await status(), /^From move 176 of this game/);
  // the same 176 moves as the user's own game, and a move of the user's: still 178
  assert.equal(await at(176), 178);
  await page.evaluate(() => window.morpionApp.openLink(window.morpionApp.boardPositionLink(), "new"));
  await page.waitForFunction(() => window.morpionApp.length() === 176 && window.morpionBounds.bound()?.score === 176);
  assert.equal(number(await page.getByTestId("bound").textContent()), 178);
  await playMoves(page, 1);
  await page.waitForFunction(() => window.morpionBounds.bound()?.score === 177);
  assert.equal(await page.evaluate(() => window.morpionApp.length()), 177, "a game of the user's own");
  assert.equal(number(await page.getByTestId("bound").textContent()), 178);
  assert.match(await status(), /^From move 176 of this game/);
  await shot(page, "bounds-lp-own-line-wide");
  // before that position, neither
  assert.equal(await at(100), 485);
  assert.equal(await status(), "");
  assert.deepEqual(errors, []);
  await context.close();
});
