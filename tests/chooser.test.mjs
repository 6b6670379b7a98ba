// Unit tests of where the box that offers several lines goes (www/js/chooser.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { chooserCorner } from "../www/js/chooser.js";

const wide = { width: 1000, height: 700 };
/** The box, 440 x 180 pixels in every corner. */
const box = () => ({ width: 440, height: 180 });
/** A line offered, as a square around (x, y). */
const around = (x, y, r = 40) => ({ left: x - r, top: y - r, right: x + r, bottom: y + r });

test("the box keeps the bottom left corner while the lines are elsewhere", () => {
  assert.deepEqual(chooserCorner([around(500, 350)], wide, box, 8, 56), { top: false, right: false });
  assert.deepEqual(chooserCorner([around(900, 100), around(900, 650)], wide, box, 8, 56), { top: false, right: false });
});

test("lines in the bottom left send the box to the bottom right, lines in both bottom corners to the top", () => {
  assert.deepEqual(chooserCorner([around(100, 650)], wide, box, 8, 56), { top: false, right: true });
  assert.deepEqual(chooserCorner([around(100, 650), around(900, 650)], wide, box, 8, 56), { top: true, right: false });
});

test("lines in three corners send the box to the fourth", () => {
  const three = [around(100, 650), around(900, 650), around(100, 50)];
  assert.deepEqual(chooserCorner(three, wide, box, 8, 56), { top: true, right: true });
});

test("a corner that hides less is taken when none is clear", () => {
  const most = [{ left: 0, top: 0, right: 700, bottom: 700 }];
  assert.deepEqual(chooserCorner(most, wide, box, 8, 56), { top: false, right: true });
  const everywhere = [{ left: 0, top: 0, right: 1000, bottom: 700 }];
  assert.deepEqual(chooserCorner(everywhere, wide, box, 8, 56), { top: false, right: false }, "a tie keeps the first");
});

test("at the top right, the box stops short of the zoom buttons", () => {
  // lines in three corners, and a line under the zoom buttons (from 940 pixels on): the top
  // right box (from 496 to 936 pixels, 56 short of the edge) leaves it clear
  const three = [around(100, 650), around(900, 650), around(100, 50)];
  const beside = { left: 940, top: 0, right: 990, bottom: 200 };
  assert.deepEqual(chooserCorner([...three, beside], wide, box, 8, 56), { top: true, right: true });
  // without the buttons' room the box would cover it, and another corner hides less
  assert.notDeepEqual(chooserCorner([...three, beside], wide, box, 8, 0), { top: true, right: true });
});

test("each corner is scored with the box's own size there", () => {
  // a box that wraps to two rows at the top (narrower there) reaches lines a one-row box
  // would miss
  const phone = { width: 360, height: 300 };
  const lines = [around(180, 270, 20), { left: 0, top: 80, right: 360, bottom: 110 }];
  const oneRow = () => ({ width: 352, height: 60 });
  assert.deepEqual(chooserCorner(lines, phone, oneRow, 4, 44), { top: true, right: false });
  const wraps = (/** @type {boolean} */ top) => (top ? { width: 308, height: 120 } : { width: 352, height: 60 });
  assert.deepEqual(chooserCorner(lines, phone, wraps, 4, 44), { top: false, right: false });
});

test("on a phone the box spans the board, so only the bottom or the top is asked", () => {
  const phone = { width: 360, height: 300 };
  const full = (/** @type {boolean} */ top) => ({ width: top ? 308 : 352, height: 60 });
  assert.deepEqual(chooserCorner([around(180, 270, 20)], phone, full, 4, 44), { top: true, right: false });
  assert.deepEqual(chooserCorner([around(180, 30, 20)], phone, full, 4, 44), { top: false, right: false });
});

test("a corner where the box would be taller than the board comes last", () => {
  // a short board (300 x 120) with the zoom buttons in a row: at the top, beside them, the
  // box wraps to 130 px; at the bottom it is one row of 44 px, even over the lines
  const board = { width: 300, height: 120 };
  const size = (top) => (top ? { width: 140, height: 130 } : { width: 292, height: 44 });
  const lines = [{ left: 0, top: 70, right: 300, bottom: 120 }];
  assert.deepEqual(chooserCorner(lines, board, size, 4, 160), { top: false, right: false });
  // where the top fits, it is taken, clear of the lines
  const fits = (top) => (top ? { width: 140, height: 60 } : { width: 292, height: 44 });
  assert.deepEqual(chooserCorner(lines, board, fits, 4, 160), { top: true, right: false });
});
