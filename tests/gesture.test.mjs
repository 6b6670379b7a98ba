// Unit tests of the board's pointer geometry (www/js/gesture.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { arrowStep, isTap, pinch, wheelFactor, TAP_SLOP } from "../www/js/gesture.js";

test("a press that stays put is a tap; one that moves is a drag", () => {
  assert.equal(isTap({ x: 10, y: 10 }, { x: 13, y: 14 }), true);
  assert.equal(isTap({ x: 10, y: 10 }, { x: 10 + TAP_SLOP, y: 10 }), false);
});

test("spreading two fingers zooms in about their midpoint", () => {
  const g = pinch({ x: 100, y: 100 }, { x: 200, y: 100 }, { x: 50, y: 100 }, { x: 250, y: 100 });
  assert.equal(g.factor, 2);
  assert.deepEqual([g.cx, g.cy, g.dx, g.dy], [150, 100, 0, 0]);
});

test("moving two fingers together pans without zooming", () => {
  const g = pinch({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 7 }, { x: 15, y: 7 });
  assert.equal(g.factor, 1);
  assert.deepEqual([g.dx, g.dy], [5, 7]);
});

test("two fingers on one spot do not zoom to nothing", () => {
  assert.equal(pinch({ x: 1, y: 1 }, { x: 1, y: 1 }, { x: 2, y: 2 }, { x: 9, y: 9 }).factor, 1);
});

test("wheel: down zooms out, up zooms in, by the same step; lines count as 16 px", () => {
  const out = wheelFactor(100, 0);
  const into = wheelFactor(-100, 0);
  assert.ok(out < 1 && into > 1);
  assert.ok(Math.abs(out * into - 1) < 1e-12);
  assert.equal(wheelFactor(3, 1), wheelFactor(48, 0));
  assert.equal(wheelFactor(1e9, 0), wheelFactor(200, 0), "a huge delta is clamped");
});

test("arrow keys step the cursor one point", () => {
  assert.deepEqual(arrowStep("ArrowUp"), [0, -1]);
  assert.deepEqual(arrowStep("ArrowRight"), [1, 0]);
  assert.equal(arrowStep("a"), null);
});
