// @ts-check
// The phone's raised panel (www/js/panel-room.js): its media query is style.css's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { STACKED } from "../www/js/panel-room.js";

test("panel-room.js raises the panel under the same media query as style.css's raised rows", () => {
  const css = readFileSync(new URL("../www/style.css", import.meta.url), "utf8");
  const block = css.indexOf(`@media ${STACKED} {`);
  assert.ok(block >= 0, `style.css has no @media ${STACKED}`);
  assert.match(css.slice(block, css.indexOf("}\n}", block)), /\.layout\.panel-raised \{ grid-template-rows/);
});
