// Screenshots of the main states on a phone and a wide window (tests/screenshots/), for a
// person to look at, with checks that nothing spills out of the window.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openApp, PHONE, pointWithSeveralLines, shot, useBrowser, WIDE, tab, returning } from "./support.mjs";

const env = useBrowser();

for (const [name, viewport] of [["phone", PHONE], ["wide", WIDE]]) {
  test(`screens on a ${name} (${viewport.width}x${viewport.height})`, async () => {
    const { page, errors, context } = await openApp(env.browser, env.url, { viewport });
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    await shot(page, `${name}-start`, { full: name === "phone" });
    assert.equal(await noSideScroll(), true, "nothing is wider than the window");

    await tab(page, "records");
    await page.getByTestId("records").selectOption("5t-178-rosin");
    await tab(page, "play");
    await page.locator("#numbers").check();
    await shot(page, `${name}-record-numbers`);
    await page.locator("#numbers").uncheck();
    await page.getByTestId("slider").fill("60");
    await shot(page, `${name}-replay`, { full: true });

    await page.getByTestId("variant").selectOption("5D");
    const p = await pointWithSeveralLines(page);
    await page.mouse.click(p.pageX, p.pageY);
    await page.locator("#chooser").waitFor();
    await shot(page, `${name}-choose-line`);
    await page.keyboard.press("Escape");

    // a search under way: its panel, its chart, its best game on the board
    await tab(page, "search");
    await page.getByTestId("search-start").click();
    await page.waitForFunction(() => document.querySelector("[data-testid=best-score]").textContent !== "–");
    await page.waitForTimeout(2500);
    await page.getByTestId("search-start").scrollIntoViewIfNeeded();
    await shot(page, `${name}-search`, { full: name === "phone" });
    assert.equal(await noSideScroll(), true);
    await page.getByTestId("search-stop").click();
    await page.waitForFunction(() => !document.querySelector("[data-testid=search-start]").disabled);
    await shot(page, `${name}-search-over`);

    await page.evaluate(() => { location.hash = "g=1.5T.3.xyz.AAAAA"; });
    await page.getByRole("alert").filter({ hasText: "could not be opened" }).waitFor();
    await shot(page, `${name}-damaged-link`);
    assert.equal(await noSideScroll(), true);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("the README's screenshot: the 5T record with move numbers on a laptop screen", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await returning(context);
  const { page, errors } = await openApp(env.browser, env.url, { context });
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  await tab(page, "play");
  await page.locator("#numbers").check();
  await page.getByTestId("slider").fill("150");
  await page.waitForFunction(() => /\d/.test(document.querySelector("[data-testid=bound]").textContent));
  await page.getByTestId("board").focus();
  await shot(page, "readme");
  assert.deepEqual(errors, []);
  await context.close();
});

test("light and dark, English and French, on a phone and a wide window: a record being replayed", async () => {
  for (const [name, viewport] of [["phone", PHONE], ["wide", WIDE]]) {
    for (const scheme of ["light", "dark"]) {
      for (const lang of ["en", "fr"]) {
        const context = await env.browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: scheme });
        const { page, errors } = await openApp(env.browser, `${env.url}?lang=${lang}`, { context });
        await tab(page, "records");
        await page.getByTestId("records").selectOption("5d-82-rosin");
        await page.getByTestId("slider").fill("50");
        await page.waitForFunction(() => /\d/.test(document.querySelector("[data-testid=bound]").textContent));
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), scheme);
        await shot(page, `${name}-${scheme}-${lang}`);
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  }
});
