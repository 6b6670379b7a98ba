#!/usr/bin/env node
// Browser figures for BENCHMARKS.md: time until the page is ready, and the cost of one
// full redraw of the board (the 178-move record, with and without move numbers), in
// headless chromium against dist/. Prints a table; asserts nothing.
//
//   make web && node scripts/bench-web.mjs

import { launch, openApp, startServer, WIDE } from "../tests/support.mjs";

const { server, url } = await startServer();
const browser = await launch();
try {
  const loads = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: WIDE, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForSelector("body.ready");
    loads.push(Date.now() - t0);
    await context.close();
  }
  const { page, context } = await openApp(browser, url);
  await page.getByTestId("records").selectOption("5t-178-rosin");
  const draw = (numbers) => page.evaluate((numbers) => {
    const app = window.morpionApp;
    app.view().setStyle({ numbers });
    const n = 300;
    for (let i = 0; i < 20; i++) app.view().drawNow(); // warm up
    const t0 = performance.now();
    for (let i = 0; i < n; i++) app.view().drawNow();
    return (performance.now() - t0) / n;
  }, numbers);
  const plain = await draw(false);
  const numbered = await draw(true);
  const play = await page.evaluate(() => {
    const app = window.morpionApp;
    const n = 200;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      app.goTo(i % 2 ? 178 : 0);
    }
    return (performance.now() - t0) / n;
  });
  await context.close();
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  console.log(`page ready (load, wasm start, first game), median of 5: ${median(loads)} ms  (all: ${loads.join(", ")})`);
  console.log(`one full redraw, 5T record (178 moves), 1400x900 CSS px at 2x: ${plain.toFixed(2)} ms; with move numbers: ${numbered.toFixed(2)} ms`);
  console.log(`jump 0 <-> 178 moves and refresh status, link, storage (drawing is left to the next frame): ${play.toFixed(2)} ms`);
} finally {
  await browser.close();
  server.close();
}
