// @ts-check
// The box that lists the lines offered at a point, for the user to choose one: numbered as
// on the board, each with its words (hidden on a phone, where the numbers are the buttons).
// Opened from the keyboard, it takes the focus, as a dialog does: the arrows go through its
// lines, a digit or Enter chooses, Escape (the page's key) cancels; closed, it gives the
// focus back to the board.

import { $ } from "./dom.js";
import { describeChoice } from "./words.js";

/** @typedef {import("../../pkg/morpion.js").Choice} Choice */

/** Whether the chooser's last use was a pointer's (a click on a line), not a key's. */
let byPointer = false;

/**
 * Shows the box with `choices` (lines of `length` dots): `pick(i)` when one is chosen (a
 * digit past them too: the picker says how many there are), `point(i)` when one is
 * pointed at or focused. `focus`: the first line takes the keyboard
 * focus (the box was opened with a key).
 * @param {Choice[]} choices @param {number} length
 * @param {{ pick(i: number): void, point(i: number): void }} on @param {boolean} [focus]
 */
export function showChooser(choices, length, { pick, point }, focus = false) {
  const options = $("chooser-options");
  options.replaceChildren(...choices.map((c, i) => {
    const b = document.createElement("button");
    b.type = "button";
    const words = describeChoice(c, length);
    const number = document.createElement("b");
    number.textContent = String(i + 1);
    const rest = document.createElement("span");
    rest.className = "choice-words";
    rest.textContent = `. ${words}`;
    b.append(number, rest);
    b.setAttribute("aria-label", `${i + 1}. ${words}`);
    b.title = words;
    b.addEventListener("click", () => pick(i));
    b.addEventListener("pointerenter", () => point(i));
    b.addEventListener("focus", () => point(i));
    return b;
  }));
  const buttons = () => /** @type {HTMLButtonElement[]} */ ([...options.querySelectorAll("button")]);
  // the whole box, Cancel too: a click on it, and the keys pressed in it
  const box = $("chooser");
  box.onpointerdown = () => { byPointer = true; };
  box.onkeydown = (e) => {
    byPointer = false;
    // no key pressed in the box is the page's (← undoing, P starting the replay while the
    // user chooses), but Escape, which cancels
    if (e.key !== "Escape") e.stopPropagation();
    const all = buttons();
    const at = all.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
    const to = step ? (at + step + all.length) % all.length : e.key === "Home" ? 0 : e.key === "End" ? all.length - 1 : -1;
    if (to >= 0) {
      all[to].focus();
    } else if (/^[1-9]$/.test(e.key)) {
      pick(Number(e.key) - 1);
    } else {
      return; // Enter and Space click the button focused, Tab moves on; Escape is the page's
    }
    e.preventDefault();
  };
  box.hidden = false;
  byPointer = false;
  if (focus) buttons()[0]?.focus();
}

/**
 * Hides the box. The focus, if it was in it, goes back to `board`, marked as a pointer's
 * when a click chose (main.js's `focusedBy`: the arrows then undo and redo, as after a
 * click on the board).
 * @param {HTMLElement} board
 */
export function hideChooser(board) {
  const chooser = $("chooser");
  const hadFocus = chooser.contains(document.activeElement);
  chooser.hidden = true;
  if (!hadFocus) return;
  board.focus({ preventScroll: true });
  if (byPointer) board.dataset.focusedBy = "pointer";
}
