// @ts-check
// The page's keyboard: undo and redo (Ctrl+Z, Ctrl+Y, the arrows), the ends of the game,
// the view's zoom, the replay, Escape for the lines offered; a key on the board goes first
// to the board's PointPicker (its cursor and the lines it offers), through
// `app.boardKey`. Keys typed into a field are the field's.

import { say } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./app.js").App} App */

/**
 * Whether the key moves through the game, as the bar's buttons do (undo, redo, the ends,
 * the replay): while the board shows a search's best game those buttons are greyed out,
 * and their keys do nothing either (they ended the preview unasked, and a click on the
 * board then began a new line of the user's game from there).
 * @param {KeyboardEvent} e @param {boolean} ctrl
 */
function movesThroughGame(e, ctrl) {
  // as the handlers below read them: Ctrl+Z and Ctrl+Y in either case, P as typed
  return ctrl ? ["z", "y"].includes(e.key.toLowerCase()) : ["ArrowLeft", "ArrowRight", "Home", "End", "p"].includes(e.key);
}

/**
 * A key pressed anywhere on the page.
 * @param {App} app @param {KeyboardEvent} e
 */
export function pageKey(app, e) {
  const target = e.target instanceof Element ? e.target : null;
  // a checkbox takes only Space: the page's keys stay the page's there (a field, a menu, a
  // slider or a radio group uses the arrows, Home and End itself)
  // the menus that open a game (`data-game-keys`: the variant, the records) leave ← and →
  // to the game, which a focused menu would otherwise take to open the next record (↑ and ↓
  // still go through their options)
  const gameMenu = target instanceof HTMLSelectElement && target.dataset.gameKeys !== undefined
    && (e.key === "ArrowLeft" || e.key === "ArrowRight");
  const typing = !gameMenu && target?.closest("input:not([type=checkbox]), textarea, select, dialog");
  const ctrl = e.ctrlKey || e.metaKey;
  // (a key another control has handled, the tabs' arrows, is not the page's)
  if (!typing && !e.altKey && !e.defaultPrevented && app.previewing() && movesThroughGame(e, ctrl)) {
    e.preventDefault();
    return say(t("msg.previewing"));
  }
  if (ctrl && !typing && e.key.toLowerCase() === "z") {
    e.preventDefault();
    return e.shiftKey ? app.redo() : app.undo();
  }
  if (ctrl && !typing && e.key.toLowerCase() === "y") {
    e.preventDefault();
    return app.redo();
  }
  if (e.key === "Escape" && app.offering()) return app.closeOffer();
  // a key another control has handled (the tabs' arrows) is not the page's
  if (typing || ctrl || e.altKey || e.defaultPrevented) return;
  if (app.choiceKey(e)) return; // a digit, while lines are offered to choose from
  // the arrows on a board a click focused are the page's (undo, redo), not the cursor's
  const pointerFocus = target instanceof HTMLElement && target.dataset.focusedBy === "pointer";
  if (target && target.id === "board" && !(pointerFocus && e.key.startsWith("Arrow")) && app.boardKey(e)) return;
  const view = app.view();
  /** @type {Record<string, () => void>} */
  const keys = {
    ArrowLeft: () => app.undo(),
    ArrowRight: () => app.redo(),
    Home: () => app.first(),
    End: () => app.last(),
    "+": () => view.zoom(1.25),
    "=": () => view.zoom(1.25),
    "-": () => view.zoom(0.8),
    "0": () => view.fit(),
    p: () => app.toggleReplay(),
  };
  if (keys[e.key]) {
    e.preventDefault();
    keys[e.key]();
  }
}
