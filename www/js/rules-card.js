// @ts-check
// The rules card: what the game is, one move animated, T and D, the records, and the
// keyboard shortcuts. Shown by itself on the first visit; the "?" button (or key) brings it
// back. The animation is the engine's own board on a small canvas.

import { button, canvas, el } from "./dom.js";
import { loadSettings, saveSetting } from "./settings.js";

/** @typedef {import("./app.js").Wasm} Wasm */

/** The setting that says the card was closed once (storage off: it shows each visit, harmlessly). */
const SEEN = "rulesSeen";

/**
 * A 5T start with one move, played and taken back in turn on the card's canvas. Returns
 * the function that stops it.
 * @param {Wasm} wasm @param {HTMLCanvasElement} surface
 */
function animateOneMove(wasm, surface) {
  const board = new wasm.Board(surface);
  const game = new wasm.Timeline("5T");
  // the first move on the cross's top arm that extends a row of four
  outer: for (let y = -1; y <= 10; y++) {
    for (let x = -1; x <= 10; x++) {
      if (game.choices_at(x, y).length === 1) {
        game.play_at(x, y, 0);
        break outer;
      }
    }
  }
  const size = surface.getBoundingClientRect();
  board.resize(size.width || 240, size.height || 240, window.devicePixelRatio || 1);
  board.set_style({ hints: false, grid: true, numbers: false, theme: wasm.theme(document.documentElement.dataset.theme === "dark" ? "dark" : "light") });
  let shown = 0;
  const step = () => {
    shown = 1 - shown;
    game.go_to(shown);
    board.show(game, false);
    board.draw();
  };
  game.go_to(0);
  board.show(game, true);
  board.fit();
  board.draw();
  const timer = setInterval(step, 1100);
  return () => {
    clearInterval(timer);
    board.free();
    game.free();
  };
}

/** Wires the card: its buttons, the "?" key, and the first visit. @param {Wasm} wasm */
export function attachRules(wasm) {
  const dialog = el("rules", HTMLDialogElement);
  /** @type {(() => void) | null} */
  let stop = null;
  const open = () => {
    if (dialog.open) return;
    dialog.showModal();
    try {
      stop = animateOneMove(wasm, canvas("rules-canvas"));
    } catch {
      stop = null; // the card reads well without its animation
    }
    // the goal and the animation first, not the end of the card where the button is
    el("rules-h", HTMLElement).focus();
    dialog.scrollTop = 0;
  };
  dialog.addEventListener("close", () => {
    saveSetting(SEEN, true);
    stop?.();
    stop = null;
  });
  for (const id of ["help-open", "help-open-2"]) button(id).addEventListener("click", open);
  document.addEventListener("keydown", (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (e.key === "?" && !e.ctrlKey && !e.metaKey && !target?.closest("input, textarea, select, dialog")) {
      e.preventDefault();
      open();
    }
  });
  if (loadSettings()[SEEN] !== true) open();
}
