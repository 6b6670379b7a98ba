// @ts-check
// Pointer gestures as plain functions (no DOM), unit-tested in tests/gesture.test.mjs.

/** @typedef {{ x: number, y: number }} Xy */

/** A press that moved less than this many CSS pixels is a tap, not a drag. */
export const TAP_SLOP = 8;

/** Distance between two points. @param {Xy} a @param {Xy} b */
export function distance(a, b) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Did a press from `down` to `up` stay put? @param {Xy} down @param {Xy} up */
export function isTap(down, up) {
  return distance(down, up) < TAP_SLOP;
}

/**
 * Two fingers moved from (a0, b0) to (a1, b1): zoom by `factor` about the new midpoint
 * (cx, cy) after panning by (dx, dy), so the grid follows both fingers.
 * @param {Xy} a0 @param {Xy} b0 @param {Xy} a1 @param {Xy} b1
 */
export function pinch(a0, b0, a1, b1) {
  const d0 = distance(a0, b0);
  const d1 = distance(a1, b1);
  const factor = d0 > 0 && d1 > 0 ? d1 / d0 : 1;
  const m0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
  const m1 = { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 };
  return { factor, cx: m1.x, cy: m1.y, dx: m1.x - m0.x, dy: m1.y - m0.y };
}

/** The zoom factor of a wheel event: smooth for touchpads, one step a notch for wheels. @param {number} deltaY @param {number} deltaMode */
export function wheelFactor(deltaY, deltaMode) {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const clamped = Math.max(-200, Math.min(200, pixels));
  return Math.exp(-clamped * 0.002);
}

/** The grid step an arrow key asks for, or null. @param {string} key @returns {[number, number] | null} */
export function arrowStep(key) {
  switch (key) {
    case "ArrowLeft": return [-1, 0];
    case "ArrowRight": return [1, 0];
    case "ArrowUp": return [0, -1];
    case "ArrowDown": return [0, 1];
    default: return null;
  }
}
