// The page as players use it: the board and its controls on one screen (phone and wide),
// the tabs, the rules card, the dark theme, French, the settings kept, the chooser's
// numbered lines, a deleted best game brought back, the board refitted to a new size.

import { test } from "node:test";
import assert from "node:assert/strict";
import { openApp, PHONE, playablePoint, playMoves, playOtherMove, pointWithSeveralLines, score, shot, tab, useBrowser, WIDE } from "./support.mjs";

const env = useBrowser();

/** Whether the element is wholly inside the window. */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  return Boolean(box) && box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5;
}

/** The page never scrolls: everything is laid out within the window. */
async function pageScrolls(page) {
  return page.evaluate(() => document.scrollingElement.scrollHeight > innerHeight + 1);
}

/**
 * A mouse wheel over the middle of the side panel, as a hand scrolls it (panel-room.js
 * counts a wheel, not a scroll the page makes); the panel's box before it.
 * @param {import("playwright").Page} page @param {number} dy
 */
async function wheelPanel(page, dy) {
  const box = /** @type {{ x: number, y: number, width: number, height: number }} */ (await page.locator("#tab-panels").boundingBox());
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, dy);
  return box;
}

/**
 * The legal moves' rings under the zoom buttons (the half cell they are drawn in counted).
 * @param {import("playwright").Page} page
 */
async function ringsUnderButtons(page) {
  return page.evaluate(() => {
    const app = window.morpionApp;
    const z = document.getElementById("zoom-controls").getBoundingClientRect();
    const r = document.querySelector("[data-testid=board]").getBoundingClientRect();
    const half = app.view().cell() / 2;
    const span = Array.from({ length: 41 }, (_, i) => i - 15);
    return span.flatMap((y) => span.filter((x) => app.choicesAt(x, y).length > 0).map((x) => app.view().screenOf(x, y)))
      .filter(([sx, sy]) => r.left + sx + half >= z.left && r.top + sy - half <= z.bottom);
  });
}

/** Whether the panel under the board is raised (panel-room.js). @param {import("playwright").Page} page */
async function panelRaised(page) {
  return page.locator("#layout").evaluate((l) => l.classList.contains("panel-raised"));
}

test("on a phone, after a move, the undo button and the whole board are on screen; each panel too", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: PHONE });
  await playMoves(page, 1);
  assert.equal(await score(page), 1);
  assert.ok(await inView(page, page.getByTestId("undo")), "undo is on screen");
  assert.ok(await inView(page, page.getByTestId("board")), "the board is on screen");
  const board = await page.getByTestId("board").boundingBox();
  assert.ok(board.width > 300 && board.height > 250, `the board is large: ${board.width}x${board.height}`);
  assert.equal(await pageScrolls(page), false);
  // a record: its replay buttons and slider are on screen with the board
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  // the menu gives given names as initials, so that the date is not cut off; grown wide, the
  // window shows them whole again
  const shown = () => page.getByTestId("records").evaluate((s) => s.selectedOptions[0].text);
  assert.equal(await shown(), "178 moves · C. D. Rosin, 2011-08");
  await page.setViewportSize({ width: 1100, height: 800 });
  assert.equal(await shown(), "178 moves · Christopher D. Rosin, 2011-08");
  await page.setViewportSize(PHONE);
  assert.equal(await shown(), "178 moves · C. D. Rosin, 2011-08");
  for (const id of ["slider", "undo", "redo", "board"]) assert.ok(await inView(page, page.getByTestId(id)), `${id} on screen`);
  assert.ok(await inView(page, page.locator("#play")), "play on screen");
  // every tab's panel opens under the board without scrolling the page
  for (const name of ["play", "records", "search", "bounds", "share"]) {
    await tab(page, name);
    assert.ok(await inView(page, page.locator(`#panel-${name}`).locator("input, button, select").first()), `${name} panel`);
    assert.equal(await pageScrolls(page), false);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone, a finished game's bar shows the game-over notice whole; the bound, the same number by then, gives way", async () => {
  // a 320-px phone in French first: the notice says "Partie finie", its count for screen readers
  const small = await openApp(env.browser, `${env.url}?lang=fr`, { viewport: { width: 320, height: 640 } });
  await tab(small.page, "records");
  await small.page.getByTestId("records").selectOption("5t-178-rosin");
  const notice = small.page.getByTestId("gameover");
  await notice.waitFor();
  assert.equal(await notice.textContent(), "Partie finie\u00a0: 178 coups", "read out whole");
  assert.deepEqual(await notice.evaluate((e) => {
    const bar = e.parentElement.getBoundingClientRect();
    return { cut: e.getBoundingClientRect().right > bar.right + 0.5 || e.scrollWidth > e.clientWidth + 1, count: e.querySelector(".bar-aside").getBoundingClientRect().width > 1 };
  }), { cut: false, count: false }, "'Partie finie' whole, the count left to the score");
  assert.deepEqual(small.errors, []);
  await small.context.close();
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: PHONE });
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  const over = page.getByTestId("gameover");
  await over.waitFor();
  assert.equal(await over.textContent(), "Game over: 178 moves");
  assert.ok(await inView(page, over), "the notice is on screen");
  const overBox = await over.boundingBox();
  const scoreBox = await page.locator(".score").boundingBox();
  assert.ok(scoreBox.x + scoreBox.width <= overBox.x, "the notice does not cover the score");
  const right = await page.locator(".bar-top").evaluate((e) => e.getBoundingClientRect().right);
  assert.ok(overBox.x + overBox.width <= right + 0.5, "nor is it cut at the bar's edge");
  assert.ok(await page.getByTestId("bound-why").isHidden(), "no 'why?' link under the notice");
  await shot(page, "phone-game-over");
  // one move back: the game goes on, and the bound is back
  await page.getByRole("button", { name: "Undo" }).click();
  assert.ok(await over.isHidden());
  assert.ok(await page.getByTestId("bound-why").isVisible());
  // a two-player game's end: who won, whole; why is in its title (the row has no room for
  // it) and is still read out
  await page.goto(`${env.url}#g=1.4D.26.AQAOCwLgCAwYBggAA.sWPSm&p=2`);
  const winner = page.getByTestId("winner");
  await winner.waitFor();
  const why = winner.locator(".winner-why");
  assert.ok((await why.boundingBox()).width <= 1, "why takes no room on a phone");
  assert.equal(await winner.getAttribute("title"), "Player 2 wins: player 1 has no move left.");
  // what a screen reader gets: the status's text, why included
  assert.match(await winner.ariaSnapshot(), /: "Player 2 wins ?: player 1 has no move left\."$/);
  assert.ok(await winner.evaluate((e) => e.scrollWidth <= e.clientWidth), "not cut short");
  await shot(page, "phone-two-player-winner");
  assert.ok(await page.getByTestId("bound-why").isHidden());
  assert.deepEqual(errors, []);
  await context.close();
});

for (const viewport of [{ width: 320, height: 460 }, { width: 280, height: 500 }]) {
  test(`a short phone window (${viewport.width}x${viewport.height}): the panel under the board leaves the bar's message clear, raised or not; the header's buttons and the zoom buttons fit`, async () => {
    const { page, errors, context } = await openApp(env.browser, env.url, { viewport });
    /** The bottom of the bar's message and the top of the panel under it. */
    const edges = () => page.evaluate(() => ({
      message: document.querySelector(".bar .message").getBoundingClientRect().bottom,
      panel: document.getElementById("tab-panels").parentElement.getBoundingClientRect().top,
    }));
    const clear = async (when) => {
      const { message, panel } = await edges();
      assert.ok(message <= panel + 0.5, `${when}: the message ends at ${message}, the panel starts at ${panel}`);
    };
    await clear("at first");
    assert.ok(await inView(page, page.getByTestId("help")), "the header's ? is whole");
    // the zoom buttons, in a row on a board this short, inside it, and no dot of the fitted
    // game under them
    const zoom = await page.locator("#zoom-controls").boundingBox();
    const board = await page.getByTestId("board").boundingBox();
    assert.ok(zoom && board && zoom.y + zoom.height <= board.y + board.height, `zoom ${JSON.stringify(zoom)} on board ${JSON.stringify(board)}`);
    const under = await page.evaluate((z) => {
      const app = window.morpionApp;
      const r = document.querySelector("[data-testid=board]").getBoundingClientRect();
      const span = Array.from({ length: 41 }, (_, i) => i - 15);
      return span.flatMap((y) => span.filter((x) => app.choicesAt(x, y).length > 0).map((x) => app.view().screenOf(x, y)))
        .filter(([sx, sy]) => r.left + sx + app.view().cell() / 2 >= z.x && r.top + sy - app.view().cell() / 2 <= z.y + z.height);
    }, zoom);
    assert.deepEqual(under, [], "no ring under the zoom buttons");
    // the buttons in a row on a board this short
    assert.ok(board.height < 130, `a short board: ${board.height}`);
    assert.equal(await page.locator("#zoom-controls").evaluate((z) => getComputedStyle(z).flexDirection), "row");
    // the panel scrolled: raised only where the board has room to give (not at 320x460,
    // where the next tap on the board then plays: a raise would have swallowed it for
    // nothing), and the bar whole either way
    await tab(page, "search");
    await wheelPanel(page, 120);
    await page.waitForTimeout(300); // the rows' transition
    const raised = await panelRaised(page);
    if (viewport.height === 460) assert.equal(raised, false, "no room to raise the panel for");
    await clear(`the panel ${raised ? "raised" : "scrolled"}`);
    assert.equal(await pageScrolls(page), false);
    if (raised) {
      const b = await page.getByTestId("board").boundingBox();
      await page.mouse.click(b.x + 4, b.y + b.height - 4); // gives the room back, plays nothing
      await page.waitForTimeout(300);
    }
    await playMoves(page, 1);
    assert.equal(await score(page), 1, "the tap played");
    // a longer bar: a record, and a move of the user's own in its middle (the way back to
    // it), the message unfolded
    await tab(page, "records");
    await page.getByTestId("records").selectOption("5t-178-rosin");
    await page.evaluate(() => window.morpionApp.goTo(10));
    await playOtherMove(page);
    await page.getByRole("button", { name: "Back to the record", exact: true }).waitFor();
    await page.locator(".bar .message").click();
    await clear("a branch off a record, its message unfolded");
    assert.equal(await pageScrolls(page), false);
    await shot(page, `short-phone-${viewport.width}x${viewport.height}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("a short phone: a long note unfolded scrolls in its place and the panel stays in the window; shrunk till the zoom buttons go in a row, the game is refitted out from under them; 280 wide in French, the header and the tabs whole; at 320x460 the game as large in French as in English", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: { width: 320, height: 520 } });
  const underButtons = () => ringsUnderButtons(page);
  const row = () => page.locator("#zoom-controls").evaluate((z) => getComputedStyle(z).flexDirection);
  assert.equal(await row(), "column");
  await page.setViewportSize({ width: 320, height: 500 }); // a few percent shorter: the buttons in a row
  await page.waitForFunction(() => getComputedStyle(document.getElementById("zoom-controls")).flexDirection === "row");
  await page.waitForTimeout(100);
  assert.deepEqual(await underButtons(), [], "refitted out from under the row");
  // two players on a game with moves: a four-line note, unfolded
  await page.setViewportSize({ width: 320, height: 460 });
  await playMoves(page, 3);
  await page.getByTestId("mode").selectOption("two-player");
  const message = page.locator(".bar .message");
  await message.click();
  assert.ok(await message.evaluate((m) => m.classList.contains("open")), "unfolded");
  const panel = await page.locator("#tab-panels").evaluate((p) => p.parentElement.getBoundingClientRect().toJSON());
  const note = await message.boundingBox();
  assert.ok(note.y + note.height <= panel.top + 0.5, `the note ends at ${note.y + note.height}, the panel starts at ${panel.top}`);
  assert.ok(panel.bottom <= 460.5, `the panel ends at ${panel.bottom}`);
  assert.ok(panel.bottom - panel.top >= 100, `the panel keeps ${panel.bottom - panel.top} px`);
  assert.equal(await pageScrolls(page), false);
  for (let i = 0; i < 6; i++) await page.keyboard.press("Tab"); // into the panel: nothing to scroll the page for
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollTop), 0);
  await shot(page, "short-phone-note-unfolded");
  assert.deepEqual(errors, []);
  await context.close();
  // a folded phone in French: "Nouvelle partie" and ?, and "Partager", whole
  const fr = await openApp(env.browser, `${env.url}?lang=fr`, { viewport: { width: 280, height: 500 } });
  assert.ok(await inView(fr.page, fr.page.getByTestId("help")), "? whole");
  assert.equal(await pageScrolls(fr.page), false);
  assert.ok(await fr.page.locator(".tabs").evaluate((t) => t.scrollWidth <= t.clientWidth + 1), "the tabs whole");
  assert.ok(await inView(fr.page, fr.page.getByTestId("tab-share")));
  await shot(fr.page, "folded-phone-fr");
  assert.deepEqual(fr.errors, []);
  await fr.context.close();
  // the game as large in French as in English on a short phone, though "Cadrer" makes the
  // row of buttons wider than half the board (the fit goes beside it, not only below: 4.4
  // px cells against 6.8 in English when it went below)
  const cells = {};
  for (const lang of ["en", "fr"]) {
    const short = await openApp(env.browser, `${env.url}?lang=${lang}`, { viewport: { width: 320, height: 460 } });
    cells[lang] = await short.page.evaluate(() => window.morpionApp.view().cell());
    assert.deepEqual(await ringsUnderButtons(short.page), [], `${lang}: no ring under the buttons`);
    if (lang === "fr") {
      const zoom = await short.page.locator("#zoom-controls").boundingBox();
      const board = await short.page.getByTestId("board").boundingBox();
      const covered = board.x + board.width - zoom.x; // the corner from the buttons' left to the board's right
      assert.ok(covered > board.width / 2, `the French row covers more than half the board: ${covered} of ${board.width}`);
    }
    assert.deepEqual(short.errors, []);
    await short.context.close();
  }
  assert.ok(cells.fr >= 0.9 * cells.en, `cells of ${cells.fr} px in French, ${cells.en} in English`);
});

test("the five tabs are whole at every window size, in English and in French (a narrow side panel: a phone held sideways, a window 561-760 wide), and the page never wider than the window", async () => {
  for (const lang of ["en", "fr"]) {
    const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=${lang}`, { viewport: WIDE });
    const cut = [];
    for (const width of [280, 290, 301, 305, 309, 320, 341, 345, 350, 360, 561, 600, 640, 700, 740, 760, 844, 1000, 1400]) {
      for (const height of [360, 460, 521, 900]) {
        await page.setViewportSize({ width, height });
        const [scroll, client, page_] = await page.locator(".tabs").evaluate((t) => [t.scrollWidth, t.clientWidth, document.scrollingElement.scrollWidth]);
        if (scroll > client + 1) cut.push(`${width}x${height}: ${scroll} px in ${client}`);
        if (page_ > width + 1) cut.push(`${width}x${height}: the page ${page_} px wide`);
      }
    }
    assert.deepEqual(cut, [], `${lang}: the tabs cut`);
    if (lang === "fr") {
      await page.setViewportSize({ width: 600, height: 390 });
      await shot(page, "narrow-side-panel-fr");
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("the header's variant menu shows every variant's name whole on the narrowest phones, in English and in French", async () => {
  for (const lang of ["en", "fr"]) {
    const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=${lang}`, { viewport: PHONE });
    const cut = [];
    for (const width of [280, 290, 300, 310, 320, 340, 360]) {
      await page.setViewportSize({ width, height: 640 });
      cut.push(...await page.getByTestId("variant").evaluate((select, width) => {
        const style = getComputedStyle(select);
        const pen = /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d"));
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // the text's room: the box less its padding and Chromium's arrow (about 20 px)
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return Array.from(select.options).map((o) => [o.text, pen.measureText(o.text).width])
          .filter(([, w]) => w > room).map(([text, w]) => `${width}: "${text}" ${Math.ceil(w)} px in ${Math.floor(room)}`);
      }, width));
    }
    assert.deepEqual(cut, [], `${lang}: names cut`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("the way back to a game and the slider both fit in the bar beside a side panel (a phone held sideways), in English and in French", async () => {
  for (const lang of ["en", "fr"]) {
    for (const viewport of [{ width: 844, height: 390 }, { width: 740, height: 360 }, { width: 600, height: 400 }, { width: 1000, height: 420 }]) {
      const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=${lang}`, { viewport });
      await playMoves(page, 3);
      await page.getByTestId("undo").click();
      await page.getByTestId("undo").click();
      await playOtherMove(page); // a branch: the way back to the game left
      await page.locator(".back-link").waitFor();
      const fit = await page.evaluate(() => {
        const bar = document.querySelector(".bar").getBoundingClientRect();
        const label = document.querySelector(".slider-label").getBoundingClientRect();
        const slider = document.querySelector(".slider-label input").getBoundingClientRect();
        const back = document.querySelector(".back-link").getBoundingClientRect();
        const words = /** @type {HTMLElement} */ (document.querySelector(".back-link")).innerText.trim();
        return { slider: slider.width, inside: label.right <= bar.right + 0.5 && back.right <= bar.right + 0.5, words };
      });
      assert.ok(fit.inside && fit.slider >= 60 && fit.words.length > 0, `${lang} ${viewport.width}x${viewport.height}: ${JSON.stringify(fit)}`);
      for (const id of ["undo", "slider", "board"]) assert.ok(await inView(page, page.getByTestId(id)), `${id} on screen`);
      if (lang === "fr" && viewport.width === 844) await shot(page, "sideways-branch-fr");
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test("a phone held sideways (740x360): the board, undo and the slider stay on screen", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: { width: 740, height: 360 } });
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5d-82-rosin");
  for (const id of ["undo", "slider", "board", "records"]) assert.ok(await inView(page, page.getByTestId(id)), `${id} on screen`);
  assert.equal(await pageScrolls(page), false);
  await shot(page, "phone-sideways");
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a 1400x900 screen a chosen record's replay controls are on screen, and every panel is one click away", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: WIDE });
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  for (const id of ["slider", "undo", "redo", "score"]) assert.ok(await inView(page, page.getByTestId(id)), `${id} on screen`);
  for (const id of ["#play", "#first", "#last"]) assert.ok(await inView(page, page.locator(id)), `${id} on screen`);
  await page.locator("#play").click();
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=score]").textContent) > 0);
  await page.locator("#play").click();
  for (const [name, id] of [["search", "search-start"], ["bounds", "bound-lp"], ["share", "copy-link"], ["play", "language"]]) {
    await tab(page, name);
    assert.ok(await inView(page, page.getByTestId(id)), `${id} in the ${name} tab`);
  }
  assert.equal(await pageScrolls(page), false);
  const board = await page.getByTestId("board").boundingBox();
  assert.ok(board.width > 800 && board.height > 600, `the board keeps its room: ${board.width}x${board.height}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the tabs' arrow keys move between tabs, not through the game", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 2);
  await page.getByTestId("tab-play").focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.getByTestId("tab-search").getAttribute("aria-selected"), "true");
  assert.equal(await page.locator("#panel-search").isVisible(), true);
  await page.keyboard.press("Home");
  assert.equal(await page.getByTestId("tab-play").getAttribute("aria-selected"), "true");
  assert.equal(await score(page), 2, "the game did not move");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a fit leaves no dot under the zoom buttons: the records on a phone's board", async () => {
  for (const viewport of [PHONE, { width: 360, height: 900 }]) {
    const { page, errors, context } = await openApp(env.browser, env.url, { viewport });
    const names = await page.evaluate(() => window.morpionApp.records().map((r) => r.name));
    const hidden = [];
    for (const name of names) {
      await page.evaluate((n) => window.morpionApp.openRecord(n), name);
      await page.click("#zoom-fit");
      // every dot of the game (its moves' in the CSV export, and the start's), within half a
      // cell of its point, against each zoom button
      const under = await page.evaluate(() => {
        const app = window.morpionApp;
        const dots = app.exportText("csv").split("\n").filter((l) => /^-?\d/.test(l)).map((l) => l.split(",").slice(0, 2).map(Number));
        const start = app.startDots();
        for (let i = 0; i < start.length; i += 2) dots.push([start[i], start[i + 1]]);
        const board = document.querySelector("[data-testid=board]").getBoundingClientRect();
        const half = app.view().cell() / 2;
        let n = 0;
        const buttons = document.querySelectorAll("#zoom-controls button");
        if (buttons.length < 3) return -1;
        for (const b of buttons) {
          const r = b.getBoundingClientRect();
          for (const [x, y] of dots) {
            const [sx, sy] = app.view().screenOf(x, y);
            const [px, py] = [board.left + sx, board.top + sy];
            if (px + half > r.left && px - half < r.right && py + half > r.top && py - half < r.bottom) n++;
          }
        }
        return n;
      });
      assert.notEqual(under, -1, "the zoom buttons are found");
      if (under) hidden.push(`${name}: ${under}`);
    }
    assert.ok(names.length >= 20, names.join(" "));
    assert.deepEqual(hidden, [], `${viewport.width}x${viewport.height}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("the board refits the game when the window changes size, unless the user zoomed", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: WIDE });
  const cell = () => page.evaluate(() => window.morpionApp.view().cell());
  const wide = await cell();
  await page.setViewportSize(PHONE);
  await page.waitForFunction((c) => window.morpionApp.view().cell() < c, wide);
  const small = await cell();
  await page.setViewportSize(WIDE);
  await page.waitForFunction((c) => window.morpionApp.view().cell() > c, small);
  assert.equal(await cell(), wide, "back to the same fit");
  await page.getByRole("button", { name: "Zoom in" }).click();
  const zoomed = await cell();
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.waitForTimeout(300);
  assert.equal(await cell(), zoomed, "the user's zoom is kept");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the rules card opens on the first visit only, and the ? button or key brings it back", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { firstVisit: true });
  const rules = page.getByTestId("rules");
  await rules.waitFor({ state: "visible" });
  assert.match(await rules.textContent(), /cross of 36 dots.*5T.*5D.*178.*82/s);
  assert.match(await rules.textContent(), /Ctrl\+Z/);
  await shot(page, "rules-wide");
  await page.getByTestId("rules-close").click();
  await rules.waitFor({ state: "hidden" });
  await page.reload();
  await page.waitForSelector("body.ready");
  assert.equal(await rules.isVisible(), false, "not again on the next visit");
  await page.getByTestId("help").click();
  await rules.waitFor({ state: "visible" });
  await page.keyboard.press("Escape");
  await rules.waitFor({ state: "hidden" });
  await page.getByTestId("board").focus();
  await page.keyboard.press("?");
  await rules.waitFor({ state: "visible" });
  assert.deepEqual(errors, []);
  await context.close();
});

test("dark: the system's scheme and the theme menu change the page's and the board's colours", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const colours = () => page.evaluate(() => [
    getComputedStyle(document.documentElement).backgroundColor,
    getComputedStyle(document.querySelector(".board-wrap")).backgroundColor,
    window.morpionApp.svg().length > 0 && document.documentElement.dataset.theme,
  ]);
  const light = await colours();
  assert.equal(light[2], "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  const dark = await colours();
  assert.notEqual(dark[0], light[0], "the page's background");
  assert.notEqual(dark[1], light[1], "the board's background");
  // the board is drawn dark: its canvas's corner pixel is dark
  const corner = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
    const c = document.querySelector("[data-testid=board]");
    resolve([...c.getContext("2d").getImageData(2, 2, 1, 1).data].slice(0, 3));
  })));
  assert.ok(corner.every((v) => v < 80), `a dark board: ${corner}`);
  await shot(page, "dark-wide");
  // the menu wins over the system, and is remembered
  await page.getByTestId("theme").selectOption("light");
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "light");
  await page.reload();
  await page.waitForSelector("body.ready");
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "light");
  assert.deepEqual(errors, []);
  await context.close();
});

test("?lang=fr speaks French (words, numbers, the engine's answers); the menu switches and is remembered", async () => {
  const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=fr`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), "fr");
  // the links the page shares do not impose French on whoever opens them
  assert.doesNotMatch(await page.evaluate(() => window.morpionApp.link()), /lang=/);
  assert.equal(await page.getByTestId("tab-play").textContent(), "Jouer");
  assert.match(await page.getByTestId("undo").getAttribute("aria-label"), /Annuler/);
  assert.match(await page.getByTestId("variant").locator("option:checked").textContent(), /^5T – lignes de cinq/);
  await page.waitForFunction(() => /^au plus 485 coups \(par une preuve publiée\)/.test(document.querySelector("[data-testid=bound]").textContent));
  // a tap on a dot: why not, in French
  await page.evaluate(() => window.morpionApp.tap(...window.morpionApp.view().screenOf(3, 0)));
  assert.match(await page.locator("#message").textContent(), /déjà un point/);
  // the records: their lines, their notes and the game's title in French, as is a branch's
  await tab(page, "records");
  const option = page.locator("[data-testid=records] option[value='5t-178-rosin']");
  // under their variant's heading, which their lines do not repeat
  assert.equal(await option.textContent(), "178 coups · Christopher D. Rosin, 2011-08");
  assert.equal(await option.evaluate((o) => o.parentElement.getAttribute("label")), "5T – lignes de cinq, contact permis");
  assert.equal(await page.locator("[data-testid=records] option[value='5t-20-worst']").textContent(), "20 coups · auteur inconnu");
  // an unknown author is null, as the engine's type says
  assert.equal(await page.evaluate(() => window.morpionApp.records().find((r) => r.name === "5t-20-worst").author), null);
  assert.equal(await page.locator("[data-testid=records] option[value='5d-80-gillioz-nmcs']").textContent(), "80 coups · Marc Gillioz (programme), 2023-10");
  // each variant's games longest first, no two lines the same, each with a note
  const groups = await page.$$eval("[data-testid=records] optgroup", (gs) => gs.map((g) => [...g.querySelectorAll("option")].map((o) => o.textContent)));
  for (const lines of groups) {
    const scores = lines.map((l) => Number(/^(\d+) coups/.exec(l)[1]));
    assert.deepEqual(scores, [...scores].sort((a, b) => b - a), `longest first: ${lines}`);
  }
  // (the closed menu does not say the variant: no two lines the same, in any variant)
  assert.equal(new Set(groups.flat()).size, groups.flat().length, "no two records' lines are the same");
  const t5 = await page.$$eval("[data-testid=records] optgroup[label^='5T'] option", (os) => os.map((o) => o.textContent));
  assert.ok(t5.includes("177 coups · Christopher D. Rosin, 2011-05 (B)"), t5.join("\n"));
  await page.getByTestId("records").selectOption("5t-178-rosin");
  await page.waitForFunction(() => document.querySelector("[data-testid=score]").textContent === "178");
  assert.match(await page.locator("#record-note").textContent(), /^Le record du monde en 5T/);
  assert.equal(await page.locator("#title").textContent(), "5T · 178 coups · Christopher D. Rosin, 2011-08");
  // a date the collection gives as "<=2014": the title still names the record, in French
  await page.getByTestId("records").selectOption("5t-172-tishchenko");
  await page.waitForFunction(() => document.querySelector("[data-testid=score]").textContent === "172");
  assert.equal(await page.locator("#title").textContent(), "5T · 172 coups · Dimitri Tishchenko, 2014 ou avant");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  await page.waitForFunction(() => document.querySelector("[data-testid=score]").textContent === "178");
  // the export formats: names stay names, words are French
  const formats = await page.locator("#export-format option").allTextContents();
  for (const name of ["Pentasol", "Notation de Flammenkamp", "Lien", "MS1 (MSR compact)", "Image (PNG)"]) assert.ok(formats.includes(name), `${name} in ${formats}`);
  assert.ok(!formats.includes("Link") && !formats.includes("Flammenkamp's notation"), `${formats}`);
  await tab(page, "search");
  assert.match(await page.getByTestId("search-start").textContent(), /Lancer|Démarrer/);
  await shot(page, "french-wide");
  // English from the menu, kept for the next visit without ?lang
  await tab(page, "play");
  await Promise.all([page.waitForNavigation(), page.getByTestId("language").selectOption("en")]);
  await page.waitForSelector("body.ready");
  assert.equal(await page.getByTestId("tab-play").textContent(), "Play");
  await page.goto(env.url);
  await page.waitForSelector("body.ready");
  assert.equal(await page.getByTestId("tab-play").textContent(), "Play");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the browser's language is followed when nothing was chosen", async () => {
  const context = await env.browser.newContext({ viewport: PHONE, locale: "fr-FR" });
  const { page, errors } = await openApp(env.browser, env.url, { context });
  assert.equal(await page.getByTestId("tab-search").textContent(), "Recherche");
  assert.equal(await page.getByTestId("tab-share").textContent(), "Partager");
  await shot(page, "french-phone");
  assert.deepEqual(errors, []);
  await context.close();
});

test("settings are remembered: move numbers, legal moves, replay speed, search method, level and stop", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await page.locator("#numbers").check();
  await page.locator("#hints").uncheck();
  await page.getByTestId("speed").selectOption("8");
  await tab(page, "search");
  await page.getByTestId("search-method").selectOption("nrpa");
  await page.getByTestId("search-level").selectOption("2");
  await page.getByTestId("search-time").selectOption("300");
  await page.reload();
  await page.waitForSelector("body.ready");
  assert.equal(await page.locator("#numbers").isChecked(), true);
  assert.equal(await page.locator("#hints").isChecked(), false);
  assert.equal(await page.getByTestId("speed").inputValue(), "8");
  assert.equal(await page.getByTestId("search-method").inputValue(), "nrpa");
  assert.match(await page.getByTestId("search-method-about").textContent(), /Rosin's NRPA/);
  assert.equal(await page.getByTestId("search-level").inputValue(), "2");
  assert.equal(await page.getByTestId("search-time").inputValue(), "300");
  assert.deepEqual(errors, []);
  await context.close();
});

test("move numbers asked for on a board too zoomed out for them: the bar says to zoom in", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: PHONE });
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  await tab(page, "play");
  await page.locator("#numbers").check();
  assert.match(await page.locator("#message").textContent(), /^Move numbers show once the board is zoomed in/);
  // on the cross's few moves the cells are large: nothing to say
  await page.locator("#numbers").uncheck();
  await page.locator("#new-game").click();
  await page.locator("#numbers").check();
  assert.doesNotMatch(await page.locator("#message").textContent(), /zoomed in/);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, viewport] of [["a wide window", WIDE], ["a phone", PHONE], ["a phone turned sideways", { width: 844, height: 390 }]]) {
  test(`on ${name}, the chooser takes a corner away from the lines it offers`, async () => {
    const { page, errors, context } = await openApp(env.browser, env.url, { viewport });
    const p = await pointWithSeveralLines(page);
    // the view panned so that the point sits in the board's bottom left corner, where the
    // chooser would first go
    const at = await page.evaluate(([x, y]) => {
      const view = window.morpionApp.view();
      const board = document.querySelector("[data-testid=board]");
      const [sx, sy] = view.screenOf(x, y);
      view.pan(view.cell() * 1.5 - sx, board.clientHeight - view.cell() * 1.5 - sy);
      const r = board.getBoundingClientRect();
      const [nx, ny] = view.screenOf(x, y);
      return { pageX: r.left + nx, pageY: r.top + ny };
    }, [p.x, p.y]);
    await page.mouse.click(at.pageX, at.pageY);
    await page.locator("#chooser").waitFor();
    // no end of a line offered, nor the point, lies under the box
    const covered = () => page.evaluate(([x, y]) => {
      const view = window.morpionApp.view();
      const r = document.querySelector("[data-testid=board]").getBoundingClientRect();
      const box = document.getElementById("chooser").getBoundingClientRect();
      const ends = window.morpionApp.choicesAt(x, y).flatMap((c) => [c.from, c.to]).concat([[x, y]]);
      return ends.map(([px, py]) => view.screenOf(px, py)).map(([sx, sy]) => [r.left + sx, r.top + sy])
        .filter(([sx, sy]) => sx >= box.left && sx <= box.right && sy >= box.top && sy <= box.bottom);
    }, [p.x, p.y]);
    assert.deepEqual(await covered(), []);
    // the board panned under the open box, the lines now where it stood: it moves away again
    const before = await page.locator("#chooser").boundingBox();
    await page.evaluate(([x, y, bx, by]) => {
      const view = window.morpionApp.view();
      const board = document.querySelector("[data-testid=board]").getBoundingClientRect();
      const [sx, sy] = view.screenOf(x, y);
      view.pan(bx - board.left - sx, by - board.top - sy);
    }, [p.x, p.y, before.x + before.width / 2, before.y + before.height / 2]);
    await page.waitForFunction((b) => {
      const now = document.getElementById("chooser").getBoundingClientRect();
      return now.x !== b.x || now.y !== b.y;
    }, before);
    assert.deepEqual(await covered(), []);
    // and the box stays on the board, clear of the zoom buttons
    const box = await page.locator("#chooser").boundingBox();
    const board = await page.getByTestId("board").boundingBox();
    const zoom = await page.locator("#zoom-controls").boundingBox();
    assert.ok(box && board && zoom);
    assert.ok(box.x >= board.x && box.y >= board.y && box.x + box.width <= board.x + board.width + 0.5 && box.y + box.height <= board.y + board.height + 0.5);
    const apart = box.x + box.width <= zoom.x || zoom.x + zoom.width <= box.x || box.y + box.height <= zoom.y || zoom.y + zoom.height <= box.y;
    assert.ok(apart, "the box keeps clear of the zoom buttons");
    // on a board too small for the whole box (a phone, or one turned sideways), the numbers alone
    assert.equal(await page.locator("#chooser").evaluate((b) => b.hasAttribute("data-compact")), viewport !== WIDE);
    await shot(page, `chooser-corner-${viewport.width}x${viewport.height}`);
    // a line chosen, the box goes
    await page.locator("#chooser-options button").first().click();
    await page.locator("#chooser").waitFor({ state: "hidden" });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("the chooser numbers the lines on the board and names them by direction, not coordinates", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const p = await pointWithSeveralLines(page);
  await page.mouse.click(p.pageX, p.pageY);
  const options = await page.locator("#chooser-options button").allTextContents();
  assert.equal(options.length, p.n);
  for (const [i, o] of options.entries()) {
    assert.match(o, new RegExp(`^${i + 1}\\. (Horizontal|Vertical|Diagonal [\\\\/]): `), o);
    assert.doesNotMatch(o, /\(-?\d+, -?\d+\)/, "no coordinates");
  }
  assert.match(await page.locator("#message").textContent(), /pick one by its number/);
  await shot(page, "chooser-numbered");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a deleted best game can be brought back", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const link = await page.evaluate(() => window.morpionApp.link());
  await page.evaluate((link) => localStorage.setItem("morpion.best-games.v1", JSON.stringify([
    { id: "a", link, score: 0, variant: "5T", level: 2, date: "2026-11-22T06:00:00.000Z" },
    { id: "b", link, score: 0, variant: "5T", level: 3, date: "2026-11-22T05:00:00.000Z" },
  ])), link);
  await page.reload();
  await page.waitForSelector("body.ready");
  await tab(page, "search");
  const items = page.getByTestId("best-games").locator("li");
  assert.equal(await items.count(), 2);
  await items.first().getByRole("button", { name: /Delete/ }).click();
  await items.first().getByRole("button", { name: /Delete/ }).click();
  assert.equal(await items.count(), 0);
  assert.match(await page.locator("#best-games-undo").textContent(), /Deleted the 0-move 5T game; 1 deleted before it can be brought back too/);
  await page.getByTestId("best-games-restore").click();
  assert.equal(await items.count(), 1);
  assert.match(await page.locator("#best-games-undo").textContent(), /^Deleted the 0-move 5T game\.\s*Undo$/);
  await page.getByTestId("best-games-restore").click();
  assert.equal(await items.count(), 2, "both deleted games are back");
  assert.equal(await page.locator("#best-games-undo").isVisible(), false);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("morpion.best-games.v1")).length), 2, "stored again");
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * The options of a menu that do not fit it once chosen: their text, in the menu's font,
 * wider than the menu's box less its padding and arrow. A select shows no overflow of its
 * own to read. `of` picks the options (a selector within the menu).
 * @param {import("playwright").Page} page @param {string} id @param {string} [of]
 */
async function cutOptions(page, id, of = "option") {
  return page.evaluate(([id, of]) => {
    const menu = /** @type {HTMLSelectElement} */ (document.getElementById(id));
    const style = getComputedStyle(menu);
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = menu.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return [...menu.querySelectorAll(of)].filter((o) => ctx.measureText(o.textContent).width > room).map((o) => o.textContent);
  }, [id, of]);
}

/**
 * The bar's bound once shown: its text, whether its reason is on show, whether the row cut
 * it, and what "why?" shows (its words or a round "?").
 */
async function barBound(page) {
  await page.waitForFunction(() => /\d/.test(document.querySelector("[data-testid=bound]").textContent));
  return page.evaluate(() => {
    const out = document.querySelector("[data-testid=bound]");
    const by = out.querySelector(".bar-aside");
    const shown = (/** @type {Element} */ e) => e.getBoundingClientRect().width > 1;
    const why = document.querySelector("[data-testid=bound-why]");
    const [mark] = [...why.children].filter(shown);
    const row = document.querySelector(".bar-top").getBoundingClientRect();
    const m = mark.getBoundingClientRect();
    // a finger a little off the mark still reaches it (the row clips what overflows it)
    const reaches = [[m.left + m.width / 2, m.bottom + 3], [m.left + m.width / 2, m.top - 3], [m.right + 3, m.top + m.height / 2]]
      .every(([x, y]) => document.elementFromPoint(x, y)?.closest("[data-testid=bound-why]") === why);
    return {
      text: out.textContent, reasonShown: shown(by), cut: out.scrollWidth > out.clientWidth + 1,
      whyShows: mark.textContent.replace(/\s/g, " "), whyInRow: m.right <= row.right + 0.5, reaches,
    };
  });
}

test("the header's menu, the bar's bound and the tabs are whole: short names and the bound's number on a phone, in full on a wide screen; an alert leaves the bar clear", async () => {
  for (const [viewport, lang, first, reasonShown, why] of [
    [PHONE, "en", "5T – touching", false, "?"],
    [PHONE, "fr", "5T – contact", false, "?"],
    [{ width: 320, height: 640 }, "fr", "5T – contact", false, "?"],
    [{ width: 320, height: 640 }, "en", "5T – touching", false, "?"],
    [WIDE, "en", "5T – lines of five, touching allowed", true, "why?"],
    [WIDE, "fr", "5T – lignes de cinq, contact permis", true, "pourquoi ?"],
  ]) {
    const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=${lang}`, { viewport });
    const at = `${viewport.width} wide, ${lang}`;
    assert.equal(await page.getByTestId("variant").locator("option:checked").textContent(), first, at);
    assert.deepEqual(await cutOptions(page, "variant"), [], `${at}: every name fits the menu`);
    // a new game, then a long one: the score's three digits take room from the bound
    for (const moves of [0, 120]) {
      if (moves) {
        await tab(page, "records");
        await page.getByTestId("records").selectOption("5t-178-rosin");
        await page.evaluate((n) => window.morpionApp.goTo(n), moves);
        await page.waitForFunction((n) => document.querySelector("[data-testid=score]").textContent === String(n), moves);
      }
      const bound = await barBound(page);
      const where = `${at}, ${moves} moves`;
      assert.match(bound.text, /\d+ .*\(.*\)$/, `${where}: the reason is still there for screen readers`);
      assert.equal(bound.reasonShown, reasonShown, `${where}: the reason on show`);
      assert.equal(bound.cut, false, `${where}: the bound is not cut off: ${bound.text}`);
      assert.deepEqual([bound.whyShows, bound.whyInRow], [why, true], `${where}: "why?" in the row, as words or a mark`);
      if (why === "?") assert.ok(bound.reaches, `${where}: a tap just off the round "?" is still on it`);
    }
    assert.equal(await page.getByTestId("bound-why").getAttribute("aria-label"), null);
    assert.equal(await page.getByRole("button", { name: lang === "fr" ? /^pourquoi\s\?$/ : /^why\?$/ }).count(), 1, `${at}: "why?" by its words to a screen reader`);
    assert.ok(await inView(page, page.getByTestId("tab-share")), `${at}: the last tab in sight`);
    if (viewport === WIDE) {
      // the records of 5T and 5D whole in their menu, the month included
      await tab(page, "records");
      assert.deepEqual(await cutOptions(page, "records", "optgroup:is([label^='5T'], [label^='5D']) option"), [], `${at}: the records' lines`);
      // an alert over the side panel, not over the board's bar and its slider
      await page.evaluate(() => { location.hash = "#g=1.5T.3.AAAA.zz"; });
      await page.getByTestId("error").waitFor();
      const [alert, bar] = [await page.getByTestId("error").boundingBox(), await page.locator(".bar").boundingBox()];
      assert.ok(alert.x >= bar.x + bar.width || alert.y >= bar.y + bar.height, `${at}: the alert ${JSON.stringify(alert)} clears the bar ${JSON.stringify(bar)}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("on a phone, a note cut at two lines says 'more', and a tap unfolds it whole; a short one says nothing more", async () => {
  const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=fr`, { viewport: PHONE });
  const message = page.locator("#message");
  const state = () => message.evaluate((m) => ({
    long: m.classList.contains("long"), cut: m.scrollHeight > m.clientHeight + 1, more: getComputedStyle(m, "::after").content,
  }));
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  await page.waitForFunction(() => /n'importe quel moment/.test(document.querySelector("#message").textContent));
  assert.deepEqual(await state(), { long: true, cut: true, more: '"suite ▾" / ""' }, "cut, and says so (to the eye: a screen reader reads the note whole)");
  await message.click();
  assert.deepEqual(await state(), { long: false, cut: false, more: "none" }, "unfolded: all of it, no marker");
  await message.click();
  assert.equal((await state()).long, true, "folded again");
  await page.evaluate(() => window.morpionApp.goTo(3));
  await page.getByTestId("tab-play").click();
  await page.getByTestId("variant").selectOption("5D");
  await page.waitForFunction(() => /5D/.test(document.querySelector("#message").textContent));
  assert.deepEqual(await state(), { long: false, cut: false, more: "none" }, `a short note: ${await message.textContent()}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone, the way back to a record fits the buttons' row: the board keeps its height when the user plays their own move", async () => {
  for (const [viewport, lang, name, short] of [
    [PHONE, "en", "Back to the record", "⤺ Record"],
    [{ width: 320, height: 640 }, "fr", "Revenir au record", "⤺ Record"],
  ]) {
    const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=${lang}`, { viewport });
    await tab(page, "records");
    await page.getByTestId("records").selectOption("5t-178-rosin");
    await page.evaluate(() => window.morpionApp.goTo(10));
    const before = (await page.getByTestId("board").boundingBox()).height;
    await playOtherMove(page);
    const back = page.getByRole("button", { name, exact: true });
    await back.waitFor();
    assert.equal(await back.innerText(), short, `${viewport.width} wide: the short words on show`);
    assert.equal((await page.getByTestId("board").boundingBox()).height, before, `${viewport.width} wide: the board kept its height`);
    const [row, box] = [await page.locator(".bar-buttons").boundingBox(), await back.boundingBox()];
    const first = await page.locator("#first").boundingBox();
    assert.ok(Math.abs(box.y - first.y) < 1 && box.x + box.width <= row.x + row.width + 0.5, `${viewport.width} wide: in the buttons' row`);
    await back.click();
    assert.equal(await score(page), 10);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("on a short phone, the start editor's 'Play from this start' and Cancel are at hand as soon as it opens", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: { width: 320, height: 640 } });
  await page.getByTestId("start-edit").click();
  for (const id of ["start-done", "start-cancel"]) {
    const button = page.getByTestId(id);
    // on screen, and not under the panel's edge: a tap at its middle reaches it
    assert.ok(await inView(page, button), `${id} on screen`);
    assert.ok(await button.evaluate((b) => {
      const r = b.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === b;
    }), `${id} can be tapped`);
  }
  await page.getByTestId("start-cancel").click();
  assert.equal(await page.getByTestId("start-edit").isVisible(), true);
  // a scroll the page makes right after a tap on a button of the panel (it brings a card
  // back in sight so) is not the user's: the panel stays as it was (panel-room.js)
  await page.getByTestId("start-edit").click();
  await page.locator("#tab-panels").evaluate((p) => { p.scrollTop = 60; });
  await page.waitForTimeout(300);
  assert.equal(await panelRaised(page), false);
  await page.getByTestId("start-cancel").click();
  assert.deepEqual(errors, []);
  await context.close();
});

test("a damaged link on a first visit says a new game is shown, not 'your last game'", async () => {
  const { page, errors, context } = await openApp(env.browser, `${env.url}#g=1.5T.3.AAAA.zz`);
  assert.match(await page.getByTestId("error").textContent(), /could not be opened: .*A new game is shown instead/);
  assert.doesNotMatch(await page.getByTestId("error").textContent(), /last game/);
  assert.equal(await score(page), 0);
  // the address now shows the new game: the damaged link waits in the Import window
  assert.match(await page.getByTestId("error").textContent(), /The link is kept in Share › Import…, to mend and import\./);
  assert.equal(await page.getByTestId("import-text").inputValue(), `${env.url}#g=1.5T.3.AAAA.zz`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a short phone, the panel under the board takes more of the height while it is scrolled; the first touch on the board gives it back and plays nothing", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: { width: 320, height: 640 } });
  await tab(page, "search");
  const panels = page.locator("#tab-panels");
  const height = async (/** @type {import("playwright").Locator} */ l) => (await l.boundingBox())?.height ?? 0;
  const strip = await height(panels);
  const board = await height(page.getByTestId("board"));
  await wheelPanel(page, 120);
  await page.waitForFunction(() => document.getElementById("tab-panels").getBoundingClientRect().height > 250);
  await page.waitForTimeout(300); // the rows' transition
  assert.ok(await height(panels) > 1.5 * strip, `${await height(panels)} against ${strip}`);
  assert.ok(await inView(page, page.getByTestId("board")), "the board stays in sight");
  assert.ok(await inView(page, page.getByTestId("undo")), "and its buttons");
  // a touch on the board, on a green ring even: the room back, and no move from a board
  // that grew under the finger
  const ring = await playablePoint(page, "one");
  assert.ok(ring);
  await page.mouse.click(ring.pageX, ring.pageY);
  await page.waitForTimeout(300);
  assert.equal(Math.round(await height(panels)), Math.round(strip));
  assert.equal(Math.round(await height(page.getByTestId("board"))), Math.round(board));
  assert.equal(await score(page), 0);
  await playMoves(page, 1);
  assert.equal(await score(page), 1, "the next tap plays");
  // scrolled back to its top by hand: the strip again
  await wheelPanel(page, 120);
  await page.waitForFunction(() => document.getElementById("tab-panels").getBoundingClientRect().height > 250);
  await page.mouse.wheel(0, -1000);
  await page.waitForFunction((h) => document.getElementById("tab-panels").getBoundingClientRect().height < h + 1, strip);
  assert.equal(await pageScrolls(page), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a short phone, lines offered for a dot keep the board's room: the panel scrolls in its strip until they are answered", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: { width: 320, height: 640 } });
  const board = async () => (await page.getByTestId("board").boundingBox())?.height ?? 0;
  const before = await board();
  const p = await pointWithSeveralLines(page);
  await page.mouse.click(p.pageX, p.pageY);
  await page.locator("#chooser").waitFor();
  await wheelPanel(page, 120);
  await page.waitForFunction(() => document.getElementById("tab-panels").scrollTop > 0);
  await page.waitForTimeout(300); // a raise's transition, were there one
  assert.equal(await panelRaised(page), false);
  assert.equal(Math.round(await board()), Math.round(before), "the board keeps its height under the offer");
  assert.ok(await page.locator("#chooser").isVisible());
  // answered (here: cancelled), the panel takes its room again when scrolled
  await page.keyboard.press("Escape");
  await page.locator("#chooser").waitFor({ state: "hidden" });
  await page.mouse.wheel(0, -1000); // back to the panel's top, so that the next wheel scrolls it
  await page.waitForFunction(() => document.getElementById("tab-panels").scrollTop === 0);
  await wheelPanel(page, 120);
  await page.waitForFunction(() => document.getElementById("layout").classList.contains("panel-raised"));
  assert.deepEqual(errors, []);
  await context.close();
});

test("held sideways, where the panel is beside the board, scrolling it changes no layout", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: { width: 740, height: 360 } });
  await tab(page, "search");
  const box = await wheelPanel(page, 120);
  await page.waitForFunction(() => document.getElementById("tab-panels").scrollTop > 0);
  await page.waitForTimeout(300);
  assert.equal(await panelRaised(page), false);
  assert.equal(Math.round((await page.locator("#tab-panels").boundingBox())?.height ?? 0), Math.round(box.height));
  assert.deepEqual(errors, []);
  await context.close();
});

test("each panel opens where the user left it, another from its top: the panels share one scroller", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: PHONE });
  const panels = page.locator("#tab-panels");
  await tab(page, "search");
  await panels.evaluate((p) => { p.scrollTop = 120; });
  const left = await panels.evaluate((p) => p.scrollTop);
  assert.ok(left > 0);
  await tab(page, "play");
  assert.equal(await panels.evaluate((p) => p.scrollTop), 0, "Play from its top");
  assert.ok(await page.getByTestId("mode").isVisible());
  await tab(page, "search");
  assert.equal(await panels.evaluate((p) => p.scrollTop), left);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a short phone, a tap on the board right after a swipe in the panel lowers it for good: the shrinking panel's own scroll does not raise it again", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url, { viewport: { width: 320, height: 640 } });
  await tab(page, "share");
  await wheelPanel(page, 400); // to the panel's foot
  await page.waitForFunction(() => document.getElementById("layout").classList.contains("panel-raised"));
  await page.evaluate(() => {
    window.toggles = 0;
    new MutationObserver(() => { window.toggles++; }).observe(document.getElementById("layout"), { attributes: true });
  });
  await page.getByTestId("board").click({ position: { x: 30, y: 30 } });
  await page.waitForTimeout(500);
  assert.equal(await panelRaised(page), false);
  assert.equal(await page.evaluate(() => window.toggles), 1);
  assert.deepEqual(errors, []);
  await context.close();
});
