// Games from other starts than the cross, in the browser: a link carries the start.
import { test } from "node:test";
import assert from "node:assert/strict";
import { address, morpion, openApp, playMoves, score, shot, useBrowser } from "./support.mjs";

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
  assert.match(await page.locator("#bound").textContent(), /no upper bound known from this start/,
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
