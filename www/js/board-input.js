// @ts-check
// Mouse, touch and pen on the board canvas, turned into intentions: pan, zoom, tap, hover.
// Knows nothing of the game; the app decides what a tap means.

import { isTap, pinch, wheelFactor } from "./gesture.js";

/**
 * Listens on `canvas` and calls:
 * - `pan(dx, dy)`, `zoomAt(factor, x, y)` while dragging, pinching or wheeling;
 * - `tap(x, y)` for a press that did not move;
 * - `hover(x, y)` as a mouse moves without a button, `hover(null)` when it leaves.
 * Coordinates are CSS pixels relative to the canvas.
 * @param {HTMLCanvasElement} canvas
 * @param {{ pan(dx: number, dy: number): void, zoomAt(f: number, x: number, y: number): void,
 *   tap(x: number, y: number): void, hover(x: number | null, y?: number): void }} intents
 */
export function attachBoardInput(canvas, { pan, zoomAt, tap, hover }) {
  /** Pointers down, by id: where each is and where it started. @type {Map<number, { x: number, y: number, start: { x: number, y: number } }>} */
  const pointers = new Map();
  let dragging = false;

  const local = (/** @type {MouseEvent} */ e) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  canvas.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    canvas.setPointerCapture(e.pointerId);
    const p = local(e);
    pointers.set(e.pointerId, { ...p, start: p });
    dragging = pointers.size > 1;
    e.preventDefault();
  });

  canvas.addEventListener("pointermove", (e) => {
    const p = local(e);
    const known = pointers.get(e.pointerId);
    if (!known) {
      if (e.pointerType === "mouse") hover(p.x, p.y);
      return;
    }
    if (pointers.size === 2) {
      const [[idA, a], [, b]] = [...pointers.entries()];
      const moved = e.pointerId === idA ? [p, b] : [a, p];
      const g = pinch(a, b, moved[0], moved[1]);
      pan(g.dx, g.dy);
      zoomAt(g.factor, g.cx, g.cy);
    } else if (pointers.size === 1) {
      if (!dragging && !isTap(known.start, p)) dragging = true;
      if (dragging) pan(p.x - known.x, p.y - known.y);
    }
    known.x = p.x;
    known.y = p.y;
  });

  /** @param {PointerEvent} e @param {boolean} cancelled */
  const end = (e, cancelled) => {
    const known = pointers.get(e.pointerId);
    if (!known) return;
    pointers.delete(e.pointerId);
    const p = local(e);
    if (!cancelled && !dragging && pointers.size === 0 && isTap(known.start, p)) tap(p.x, p.y);
    if (pointers.size === 0) dragging = false;
  };
  canvas.addEventListener("pointerup", (e) => end(e, false));
  canvas.addEventListener("pointercancel", (e) => end(e, true));
  canvas.addEventListener("pointerleave", (e) => {
    if (e.pointerType === "mouse" && !pointers.has(e.pointerId)) hover(null);
  });

  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    const p = local(e);
    if (e.ctrlKey || Math.abs(e.deltaY) >= Math.abs(e.deltaX)) {
      zoomAt(wheelFactor(e.deltaY, e.deltaMode), p.x, p.y);
    } else {
      pan(-e.deltaX, 0);
    }
  }, { passive: false });

  // A long press must not open the context menu on touch screens.
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
}
