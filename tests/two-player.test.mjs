// The two-player game in the browser: two people on one device (hot seat), a game sent as
// a link, and against the computer (its moves thought of in the opponent worker).
import { test } from "node:test";
import assert from "node:assert/strict";
import { address, openApp, openGrowing4T, playablePoint, score, shot, startServer, PHONE, WIDE, useBrowser } from "./support.mjs";

const env = useBrowser();

/** Plays one move by clicking a visible legal point (the first line if several are offered). */
async function playOne(page) {
  const p = await playablePoint(page, "any");
  if (!p) throw new Error("no visible legal point");
  await page.mouse.click(p.pageX, p.pageY);
  if (p.n > 1) await page.locator("#chooser-options button").first().click();
}

const turn = (page) => page.getByTestId("turn").textContent();

/** A new two-player game of `variant`. */
async function newTwoPlayerGame(page, variant) {
  await page.getByTestId("variant").selectOption(variant);
  await page.getByTestId("mode").selectOption("two-player");
  assert.equal(await score(page), 0);
  assert.match(await address(page), /#g=1\.\w+\.0\.\.\w+&p=2$/, "the link says it is a two-player game");
}

test("two people on one device: turns alternate, undo takes back one move, the end names the winner", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  await newTwoPlayerGame(page, "6T");
  assert.equal(await turn(page), "1");
  assert.match(await page.getByTestId("turn-line").textContent(), /Player 1 to move/);
  await playOne(page);
  assert.equal(await turn(page), "2");
  await playOne(page);
  assert.equal(await turn(page), "1");
  await page.getByTestId("undo").click();
  assert.equal(await score(page), 1, "hot seat: undo takes back one move");
  assert.equal(await turn(page), "2");
  // on to the end: every 6T game lasts 12 moves, so player 2 draws the last line
  for (let i = 0; i < 40 && !(await page.getByTestId("winner").isVisible()); i++) await playOne(page);
  assert.equal(await score(page), 12);
  assert.equal(await page.getByTestId("winner").textContent(), "Player 2 wins: player 1 has no move left.");
  assert.ok(await page.getByTestId("turn-line").isHidden());
  assert.ok(await page.getByTestId("gameover").isHidden(), "the solitaire's game-over notice is not shown");
  await shot(page, "two-player-hot-seat-end");
  // back to solitaire: the same moves, one colour, no turns
  await page.getByTestId("mode").selectOption("solitaire");
  assert.equal(await score(page), 12);
  assert.ok(await page.getByTestId("winner").isHidden());
  assert.doesNotMatch(await address(page), /&p=2/);
  assert.deepEqual(errors, []);
});

test("a record turned into a two-player game says that its moves now count as turns", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await page.getByTestId("tab-records").click();
  await page.getByTestId("records").selectOption("5t-178-rosin");
  await page.getByTestId("tab-play").click();
  await page.getByTestId("mode").selectOption("two-player");
  assert.equal(await score(page), 178);
  assert.equal(await page.locator("#message").textContent(),
    "The 178 moves on the board count as turns: player 1 made the odd ones, player 2 the even ones. New game starts an empty board.");
  assert.match(await page.getByTestId("winner").textContent(), /^Player 2 wins/);
  // back to solitaire: nothing more said of turns
  await page.getByTestId("mode").selectOption("solitaire");
  assert.ok(await page.getByTestId("winner").isHidden());
  // a new game: an empty board, nothing to say
  await page.locator("#new-game").click();
  await page.getByTestId("mode").selectOption("two-player");
  assert.doesNotMatch(await page.locator("#message").textContent(), /count as turns/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a two-player link opens at the right turn; old links stay solitaire; a bad mark is refused", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  await newTwoPlayerGame(page, "5D");
  for (let i = 0; i < 3; i++) await playOne(page);
  const link = await address(page);
  assert.match(link, /&p=2$/);
  // the friend opens it: their page shows the game, in two-player mode, player 2 to move
  const friend = await openApp(env.browser, link, { viewport: PHONE });
  assert.equal(await score(friend.page), 3);
  assert.equal(await friend.page.getByTestId("mode").inputValue(), "two-player");
  assert.equal(await turn(friend.page), "2");
  assert.equal(await friend.page.getByTestId("opponent").inputValue(), "human");
  await playOne(friend.page);
  assert.equal(await turn(friend.page), "1");
  await shot(friend.page, "two-player-link-phone");
  // a solitaire link of the same moves opens as a solitaire game
  const old = link.replace("&p=2", "");
  const solo = await openApp(env.browser, old);
  assert.equal(await solo.page.getByTestId("mode").inputValue(), "solitaire");
  assert.ok(await solo.page.getByTestId("turn-line").isHidden());
  // a damaged mark: the error says what, and (nothing kept in this fresh browser) a new game is shown
  const bad = await openApp(env.browser, `${old}&p=7`);
  assert.match(await bad.page.getByTestId("error").textContent(), /bad number of players "p=7"/);
  assert.equal(await score(bad.page), 0);
  assert.deepEqual([...errors, ...friend.errors, ...solo.errors, ...bad.errors], []);
});

test("against the computer: each move gets an answer, undo takes back both, the game ends with a winner", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  await newTwoPlayerGame(page, "6D");
  await page.getByTestId("opponent").selectOption("fast");
  await page.getByTestId("think-time").selectOption("0.5");
  assert.equal(await turn(page), "1");
  assert.match(await page.getByTestId("turn-line").textContent(), /Your move/);
  await playOne(page);
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=score]").textContent) === 2);
  assert.equal(await turn(page), "1", "the computer answered: the user's turn again");
  // a reload of the tab goes on against the computer (a new tab opens for two people)
  await page.reload();
  await page.waitForSelector("body.ready");
  assert.equal(await page.getByTestId("opponent").inputValue(), "fast");
  assert.match(await page.getByTestId("turn-line").textContent(), /Your move/);
  await page.getByTestId("undo").click();
  assert.equal(await score(page), 0, "undo takes back the user's move and the computer's answer");
  assert.equal(await turn(page), "1");
  // to the end: every answer comes, and 6D's second player (the computer) wins
  for (let moves = 0; moves < 12;) {
    await playOne(page);
    await page.waitForFunction((n) => {
      const s = Number(document.querySelector("[data-testid=score]").textContent);
      return s >= n || !document.querySelector("[data-testid=winner]").hidden;
    }, moves + 2);
    moves = await score(page);
  }
  await page.getByTestId("winner").waitFor();
  assert.equal(await page.getByTestId("winner").textContent(), "The computer wins: you have no move left.");
  await shot(page, "two-player-computer-end");
  // 3T games can go on forever: the computer does not play them, a friend does
  await page.getByTestId("variant").selectOption("3T");
  assert.equal(await page.getByTestId("opponent").inputValue(), "human");
  assert.match(await page.getByTestId("opponent-note").textContent(), /does not play 3T/);
  assert.ok(await page.locator("[data-testid=opponent] option[value=strong]").isDisabled());
  assert.equal(await page.getByTestId("think-time").isVisible(), false, "no thinking to time where the computer does not play");
  await playOne(page);
  assert.equal(await turn(page), "2", "two people take turns");
  // 4T from another start than the cross may never end: nor does the computer play it
  await openGrowing4T(page);
  await page.getByTestId("mode").selectOption("two-player");
  assert.equal(await page.getByTestId("opponent").inputValue(), "human");
  assert.match(await page.getByTestId("opponent-note").textContent(), /plays 4T from the cross only/);
  assert.ok(await page.getByTestId("hint").isDisabled(), "no hint either: it is the computer's thinking");
  assert.ok(await page.locator("[data-testid=opponent] option[value=strong]").isDisabled());
  assert.deepEqual(errors, []);
});

test("the computer can start, solves small positions, and the hint shows a winning move", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  await page.getByTestId("variant").selectOption("4D");
  await page.getByTestId("mode").selectOption("two-player");
  await page.getByTestId("think-time").selectOption("0.5");
  await page.getByTestId("opponent").selectOption("strong");
  await page.getByTestId("you-play").selectOption("2");
  // the computer is player 1: it moves by itself
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=score]").textContent) === 1);
  assert.equal(await turn(page), "2");
  assert.match(await page.getByTestId("turn-line").textContent(), /Your move/);
  assert.ok(await page.getByTestId("undo").isDisabled(), "nothing of the user's to take back");
  // near the end of the 4D record the position solves: the hint knows, and so does the computer
  await page.getByTestId("tab-records").click();
  await page.getByTestId("records").selectOption("4d-35-hyyroporanen");
  await page.getByTestId("slider").fill("24");
  await page.getByTestId("tab-play").click();
  await page.getByTestId("mode").selectOption("two-player");
  // in the middle of the record, on the computer's turn: it does not play over the record's moves
  assert.equal(await turn(page), "1", "24 lines drawn: player 1 (the computer) draws the 25th");
  await page.waitForTimeout(1500);
  assert.equal(await score(page), 24);
  await playOne(page);
  assert.equal(await score(page), 24, "the user cannot play the computer's move");
  assert.match(await page.locator("#message").textContent(), /computer's move comes next/);
  await page.getByTestId("redo").click();
  assert.equal(await turn(page), "2", "25 lines drawn: player 2 (the user) draws the 26th");
  await page.getByTestId("hint").click();
  // this position is solved a win for the side to move (deterministic: the exact solve)
  await page.waitForFunction(() => /The dashed line wins/.test(document.querySelector("#message").textContent));
  await shot(page, "two-player-hint");
  // the hint's words go with its dashed line: a step back and they are gone; asked again, back
  await page.getByTestId("undo").click();
  await page.waitForFunction(() => !/dashed line/.test(document.querySelector("#message").textContent));
  await page.getByTestId("redo").click();
  await page.getByTestId("hint").click();
  await page.waitForFunction(() => /The dashed line wins/.test(document.querySelector("#message").textContent));
  // the user's own move leaves the record's line: the computer (player 1) answers, perfectly
  await playOne(page);
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=score]").textContent) >= 27
    || !document.querySelector("[data-testid=winner]").hidden);
  // (unless the user's move happened to end the game)
  if (await score(page) === 27) assert.match(await page.locator("#message").textContent(), /has solved the position|drew the last line/);
  assert.deepEqual(errors, []);
});

test("a replay started while the computer thinks ends on its turn, and then it moves", async () => {
  const { page, errors } = await openApp(env.browser, env.url);
  await newTwoPlayerGame(page, "5D");
  await page.getByTestId("opponent").selectOption("strong");
  await page.getByTestId("think-time").selectOption("2");
  await playOne(page);
  await page.getByRole("button", { name: "Replay the moves" }).click();
  // the replay shows move 1 again, stops at the end of the line: the computer's turn
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=score]").textContent) === 2, null, { timeout: 20_000 });
  assert.equal(await turn(page), "1");
  assert.deepEqual(errors, []);
});

for (const isolated of [true, false]) {
  test(`undo while the computer thinks cancels it, and it answers the next move (${isolated ? "every thread" : "one thread"})`, async () => {
    // one thread: a page without cross-origin isolation, and no service worker to add it
    const served = isolated ? null : await startServer({ isolation: false });
    const context = await env.browser.newContext({ viewport: WIDE });
    if (!isolated) await context.addInitScript(() => { window.coi = { shouldRegister: () => false }; });
    try {
      const { page, errors } = await openApp(env.browser, served ? served.url : env.url, { context });
      assert.equal(await page.evaluate(() => crossOriginIsolated), isolated);
      await newTwoPlayerGame(page, "5T");
      await page.getByTestId("opponent").selectOption("strong");
      await page.getByTestId("think-time").selectOption("10");
      await playOne(page);
      await page.waitForFunction(() => /thinking/.test(document.querySelector("[data-testid=turn-line]").textContent));
      await page.getByTestId("undo").click();
      assert.equal(await score(page), 0, "the user's move is taken back");
      assert.match(await page.getByTestId("turn-line").textContent(), /Your move/);
      // nothing comes of the cancelled question: no move appears on its own
      await page.waitForTimeout(1500);
      assert.equal(await score(page), 0);
      await page.getByTestId("think-time").selectOption("0.5");
      await playOne(page);
      await page.waitForFunction(() => Number(document.querySelector("[data-testid=score]").textContent) === 2, null, { timeout: 20_000 });
      assert.equal(await turn(page), "1");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      served?.server.close();
    }
  });
}
