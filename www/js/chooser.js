// @ts-check
// The box that lists the lines offered at a point, for the user to choose one: numbered as
// on the board, each with its words (hidden on a phone, where the numbers are the buttons).

import { $ } from "./dom.js";
import { describeChoice } from "./words.js";

/** @typedef {import("../../pkg/morpion.js").Choice} Choice */

/**
 * Shows the box with `choices` (lines of `length` dots): `pick(i)` when one is chosen,
 * `point(i)` when one is pointed at or focused.
 * @param {Choice[]} choices @param {number} length @param {{ pick(i: number): void, point(i: number): void }} on
 */
export function showChooser(choices, length, { pick, point }) {
  $("chooser-options").replaceChildren(...choices.map((c, i) => {
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
  $("chooser").hidden = false;
}

export function hideChooser() {
  $("chooser").hidden = true;
}
