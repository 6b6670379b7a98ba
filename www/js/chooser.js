// @ts-check
// The box that lists the lines offered at a point, for the user to choose one: numbered as
// on the board, each with its words (hidden on a phone, where the numbers are the buttons).
// Opened from the keyboard, it takes the focus, as a dialog does: the arrows go through its
// lines, Tab goes round them and Cancel, a digit or Enter chooses, Escape (the page's key)
// cancels; closed, it gives the focus back to the board.

import { $, NARROW } from "./dom.js";
import { describeChoice } from "./words.js";

/** @typedef {import("../../pkg/morpion.js").Choice} Choice */

/** Whether the chooser's last use was a pointer's (a click on a line), not a key's. */
let byPointer = false;

/** @typedef {{ left: number, top: number, right: number, bottom: number }} Rect */

/**
 * The box's size in each corner, and whether it is compact, as last measured: measuring
 * lays the page out once per corner, so it is done when the box opens and when the board's
 * size changes, not at every drawing of a pan. `key`: the board's size, the zoom
 * buttons' room, and whether a phone's and a touch screen's rules apply, as measured; `margin`: the box's from the board's edges.
 * @type {{ key: string, compact: boolean, margin: number, sizes: Map<string, { width: number, height: number }> }}
 */
let measured = { key: "", compact: false, margin: 0, sizes: new Map() };

/**
 * A click on a line in the box this soon (milliseconds) after the tap that opened it, and
 * this near it (CSS pixels), is that tap's second, a double tap's, landed on the box,
 * which opens under the finger on a small board. It chooses nothing: no one reads the box
 * and aims at a line that fast.
 */
const DOUBLE_TAP = { ms: 400, px: 24 };
/** The tap that last opened the box: where (client pixels) and when (`performance.now()`). */
let opening = { x: NaN, y: NaN, time: -Infinity };

/** The whole box (each line's words) only while it takes at most this part of the board's height. */
const COMPACT_ABOVE = 0.4;

/**
 * The corner of the board the box takes: of the four, the one where it covers least of
 * `lines` (each line offered, in CSS pixels, a margin around it, and its number), so that
 * it never hides what it asks about when the board has room elsewhere; a corner where the
 * box is taller than the board only when every corner is. On a tie the first of bottom left,
 * bottom right, top left and top right: the box is where it always is unless it would hide
 * the lines. The board is `width` x `height`; the box is `size(top, right)` in each corner
 * (narrower at the top, where it may wrap to more rows), `margin` from the edges; at the top
 * right it also keeps `reserved` pixels free for the zoom buttons.
 * @param {Rect[]} lines @param {{ width: number, height: number }} board
 * @param {(top: boolean, right: boolean) => { width: number, height: number }} size
 * @param {number} margin @param {number} reserved
 * @returns {{ top: boolean, right: boolean }}
 */
export function chooserCorner(lines, board, size, margin, reserved) {
  /** @param {boolean} top @param {boolean} right @returns {Rect} */
  const at = (top, right) => {
    const { width, height } = size(top, right);
    const r = right ? board.width - margin - (top ? reserved : 0) : margin + width;
    const b = top ? margin + height : board.height - margin;
    return { left: r - width, top: b - height, right: r, bottom: b };
  };
  /** @param {Rect} a @param {Rect} b */
  const overlap = (a, b) =>
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const corners = [[false, false], [false, true], [true, false], [true, true]];
  let best = corners[0];
  let least = Infinity;
  for (const [top, right] of corners) {
    const rect = at(top, right);
    // a corner too narrow for the box to fit the board's height (beside a row of zoom
    // buttons) comes after every other
    const spills = rect.bottom - rect.top > board.height - 2 * margin ? 1e12 : 0;
    const covered = spills + lines.reduce((sum, line) => sum + overlap(rect, line), 0);
    if (covered < least) [best, least] = [[top, right], covered];
  }
  return { top: best[0], right: best[1] };
}

/**
 * Shows the box with `choices` (lines of `length` dots): `pick(i)` when one is chosen (a
 * digit past them too: the picker says how many there are), `point(i)` when one is
 * pointed at or focused. `lines`: where each line is on the board (the box takes a corner
 * away from them). `focus`: the first line takes the keyboard focus (the box was opened
 * with a key). `tappedAt`: where the tap that opened it was, in client pixels.
 * @param {Choice[]} choices @param {number} length
 * @param {{ pick(i: number): void, point(i: number): void }} on @param {Rect[]} lines
 * @param {boolean} [focus] @param {[number, number] | null} [tappedAt]
 */
export function showChooser(choices, length, { pick, point }, lines, focus = false, tappedAt = null) {
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
    // (a click from a key, Enter or Space, has no count: `detail` 0, and always chooses)
    b.addEventListener("click", (e) => {
      const again = e.detail > 0 && performance.now() - opening.time < DOUBLE_TAP.ms
        && Math.hypot(e.clientX - opening.x, e.clientY - opening.y) <= DOUBLE_TAP.px;
      if (!again) pick(i);
    });
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
    // Tab and Shift+Tab go round the box (its lines, then Cancel) as in a dialog, instead
    // of leaving it open behind the focus
    const ring = [...all, $("chooser-cancel")];
    const wrapTo = e.key !== "Tab" ? null
      : e.shiftKey && document.activeElement === ring[0] ? ring[ring.length - 1]
      : !e.shiftKey && document.activeElement === ring[ring.length - 1] ? ring[0] : null;
    if (wrapTo) {
      wrapTo.focus();
    } else if (to >= 0) {
      all[to].focus();
    } else if (/^[1-9]$/.test(e.key)) {
      pick(Number(e.key) - 1);
    } else {
      return; // Enter and Space click the button focused, Tab moves on in the box; Escape is the page's
    }
    e.preventDefault();
  };
  box.hidden = false;
  measured.key = ""; // new lines: measured anew
  placeChooser(lines);
  byPointer = false;
  opening = tappedAt ? { x: tappedAt[0], y: tappedAt[1], time: performance.now() } : { x: NaN, y: NaN, time: -Infinity };
  if (focus) buttons()[0]?.focus();
}

/**
 * Puts the box, if shown, in the corner `chooserCorner` picks for `lines`: when it opens,
 * and again when the board is drawn anew under it (a pan, a zoom, a new window size or a
 * phone turned), which moves the lines. @param {Rect[]} lines
 */
export function placeChooser(lines) {
  const box = $("chooser");
  if (box.hidden) return;
  const wrap = /** @type {HTMLElement} */ (box.parentElement);
  const board = { width: wrap.clientWidth, height: wrap.clientHeight };
  const zoom = $("zoom-controls");
  const reserved = board.width - zoom.offsetLeft; // the buttons and their own margin
  box.style.setProperty("--zoom-room", `${reserved}px`);
  /** @param {boolean} top @param {boolean} right */
  const set = (top, right) => {
    box.toggleAttribute("data-top", top);
    box.toggleAttribute("data-right", right);
  };
  const narrow = typeof matchMedia === "function" && matchMedia(NARROW).matches;
  // a touch screen hides the keys' hints, Cancel's "(Esc)" among them
  const touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  const key = `${board.width}x${board.height}:${reserved}:${narrow}:${touch}`;
  if (measured.key !== key) {
    set(false, false);
    // the numbers alone, in a row: on a phone, and on a board too short or too narrow for
    // the whole box (a phone turned sideways is wider than a phone)
    box.toggleAttribute("data-compact", narrow);
    const margin = box.offsetLeft;
    if (box.offsetHeight > COMPACT_ABOVE * board.height || box.offsetWidth > board.width - 2 * margin - reserved) {
      box.toggleAttribute("data-compact", true);
    }
    measured = { key, compact: box.hasAttribute("data-compact"), margin, sizes: new Map() };
  }
  box.toggleAttribute("data-compact", measured.compact);
  const margin = measured.margin;
  // the box measured in each corner once: style.css makes it narrower at the top
  /** @param {boolean} top @param {boolean} right */
  const size = (top, right) => {
    const at = `${top}${right}`;
    let s = measured.sizes.get(at);
    if (!s) {
      set(top, right);
      s = { width: box.offsetWidth, height: box.offsetHeight };
      measured.sizes.set(at, s);
    }
    return s;
  };
  // the zoom buttons are kept clear as the lines are (a short board's bottom corner reaches them)
  const buttons = { left: zoom.offsetLeft, top: zoom.offsetTop, right: zoom.offsetLeft + zoom.offsetWidth, bottom: zoom.offsetTop + zoom.offsetHeight };
  const corner = chooserCorner([...lines, buttons], board, size, margin, reserved);
  set(corner.top, corner.right);
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
