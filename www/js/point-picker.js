// @ts-check
// What a tap, a hover, the arrows and Enter on the board mean: a grid point picked, and
// the lines that would add a dot there offered (under the mouse to preview, or in the
// chooser when there are several). It holds the offer and the keyboard cursor; the game
// (the App) says which lines there are, whether a move may be played, and plays it. Of
// the wasm board it owns the marks of the lines offered and the cursor (offer,
// clear_offer, set_chosen, set_cursor) and asks it where a point lies (hit, choice_near).

import { say, sayOf } from "./dom.js";
import { arrowStep } from "./gesture.js";
import { t } from "./i18n.js";
import { hideChooser, placeChooser, showChooser } from "./chooser.js";

/** @typedef {import("../../pkg/morpion.js").Board} Board */
/** @typedef {import("../../pkg/morpion.js").Choice} Choice */
/** @typedef {import("./board-view.js").BoardView} BoardView */
/** @typedef {[number, number]} GridPoint */
/**
 * What the picker asks of the game.
 * @typedef {{
 *   previewing(): boolean,
 *   pointHandler(): ((p: GridPoint) => void) | null,
 *   refused(): string | null | undefined,
 *   choicesAt(p: GridPoint): Choice[],
 *   whyNot(p: GridPoint): string,
 *   link(): string,
 *   lineLength(): number,
 *   play(p: GridPoint, choice: number): void,
 *   stopReplay(): void,
 * }} Game
 */

/** @param {GridPoint | null} a @param {GridPoint | null} b */
const samePoint = (a, b) => a !== null && b !== null && a[0] === b[0] && a[1] === b[1];

export class PointPicker {
  /** @type {Board} */ #board;
  /** The board's canvas (its cursor shows what a click would do). @type {HTMLCanvasElement} */ #canvas;
  /** @type {BoardView} */ #view;
  /** @type {Game} */ #game;
  /** The point whose lines are offered. @type {GridPoint | null} */ #offerAt = null;
  /** The offer is a choice the user must make. */ #choosing = false;
  /** The lines offered to choose from (the chooser moves away from them). @type {Choice[]} */ #choices = [];
  /** How many lines are offered. */ #offered = 0;
  /** The keyboard cursor. @type {GridPoint | null} */ #cursor = null;
  /**
   * Where the tap that opened the choice was (CSS pixels), when opening it moved the board
   * (the lines out from under the zoom buttons): the next tap there, a double tap's, still
   * chooses, though another point, or a line, is under it now. @type {[number, number] | null}
   */
  #openedAt = null;

  /** @param {Board} board @param {HTMLCanvasElement} canvas @param {BoardView} view @param {Game} game */
  constructor(board, canvas, view, game) {
    this.#board = board;
    this.#canvas = canvas;
    this.#view = view;
    this.#game = game;
    // a pan, a zoom or a new size moves the lines offered: the chooser keeps away from them
    view.onDrawn(() => { if (this.#choosing) placeChooser(this.#extents(this.#choices)); });
  }

  /** Whether lines are offered on the board (under the pointer, the cursor, or to choose from). */
  offering() { return this.#offerAt !== null; }

  /** A tap or click at (x, y) CSS pixels on the board. @param {number} x @param {number} y */
  tap(x, y) {
    const game = this.#game;
    if (game.previewing()) return say(t("msg.previewing"));
    game.stopReplay();
    const handler = game.pointHandler();
    const choosingAt = !handler && this.#choosing ? this.#offerAt : null;
    if (choosingAt) {
      // first, as a line may lie there now: the spot of the tap that opened the choice,
      // once (a double tap's second tap)
      const at = this.#openedAt;
      this.#openedAt = null;
      if (at && Math.hypot(x - at[0], y - at[1]) <= this.#view.cell() / 2) return; // still choosing
      const i = this.#board.choice_near(x, y);
      if (i !== undefined) return game.play(choosingAt, i);
    }
    const p = this.#board.hit(x, y);
    if (handler) return p ? handler([p[0], p[1]]) : say(t("msg.tap-point"));
    if (choosingAt) {
      if (p && samePoint([p[0], p[1]], choosingAt)) return; // still choosing
      this.close();
      if (!p) return; // a tap beside the grid points only cancels the choice
    }
    if (!p) return say(t("msg.tap-point"));
    this.#pick([p[0], p[1]], false, [x, y]);
  }

  /**
   * The lines to offer at p under the mouse or the cursor: none where a pick would not
   * play one (the start editor's dots, the computer's turn). @param {GridPoint} p
   */
  #offerable(p) {
    const game = this.#game;
    return game.pointHandler() || game.refused() ? [] : game.choicesAt(p);
  }

  /**
   * The user picked point p (tap, click or Enter): play there, or offer the lines (the
   * chooser takes the focus when a key picked; `at`: where a tap was, CSS pixels).
   * @param {GridPoint} p @param {boolean} byKey @param {[number, number] | null} [at]
   */
  #pick(p, byKey, at = null) {
    const game = this.#game;
    const handler = game.pointHandler();
    if (handler) return handler(p);
    const refused = game.refused();
    if (refused) {
      this.close();
      return say(refused);
    }
    const choices = game.choicesAt(p);
    if (choices.length === 0) {
      this.close();
      return sayOf(game.whyNot(p), game.link());
    }
    if (choices.length === 1) return game.play(p, 0);
    this.#offer(p, true, choices, byKey, at);
  }

  /**
   * Shows the lines that add a dot at p; `choosing` asks the user to pick one (`focus`: in
   * the chooser, which takes the keyboard's focus; `at`: where the tap that asked was).
   * @param {GridPoint} p @param {boolean} choosing @param {Choice[]} choices @param {boolean} [focus]
   * @param {[number, number] | null} [at]
   */
  #offer(p, choosing, choices, focus = false, at = null) {
    this.#offerAt = p;
    this.#choosing = choosing;
    this.#offered = choices.length;
    this.#choices = choosing ? choices : [];
    this.#board.offer(Int32Array.from(choices.flatMap((c) => [...c.from, ...c.to])));
    if (choosing) {
      // no line nor number hidden under a zoom button
      this.#openedAt = this.#view.bringOfferIntoView() ? at : null;
      const canvas = this.#canvas.getBoundingClientRect();
      showChooser(choices, this.#game.lineLength(), {
        pick: (i) => this.#choose(i),
        point: (i) => { this.#board.set_chosen(i); this.#view.redraw(); },
      }, this.#extents(choices), focus, at && [canvas.left + at[0], canvas.top + at[1]]);
      say(t("msg.choose", { n: choices.length }));
    } else {
      hideChooser(this.#canvas);
    }
    this.#view.redraw();
  }

  /**
   * Where each of `choices` lies on the canvas, in CSS pixels, with a cell around it (the
   * dot to add is drawn there), and each line's number beside it (the engine places those:
   * further out where they would meet). @param {Choice[]} choices
   */
  #extents(choices) {
    const pad = this.#view.cell();
    const lines = choices.map((c) => {
      const [x0, y0] = this.#view.screenOf(c.from[0], c.from[1]);
      const [x1, y1] = this.#view.screenOf(c.to[0], c.to[1]);
      return { left: Math.min(x0, x1) - pad, top: Math.min(y0, y1) - pad, right: Math.max(x0, x1) + pad, bottom: Math.max(y0, y1) + pad };
    });
    const badges = this.#view.choiceBadges();
    for (let i = 0; i + 2 < badges.length; i += 3) {
      const [x, y, r] = [badges[i], badges[i + 1], badges[i + 2] + 2];
      lines.push({ left: x - r, top: y - r, right: x + r, bottom: y + r });
    }
    return lines;
  }

  /**
   * Plays line i of those offered to choose from (a click, or its number from the board or
   * the chooser); a number past them chooses none: the offer stays, and says its count.
   * @param {number} i
   */
  #choose(i) {
    if (!this.#offerAt) return;
    if (i >= this.#offered) say(t("msg.choose", { n: this.#offered }));
    else this.#game.play(this.#offerAt, i);
  }

  /** Takes the lines offered off the board (and a hint's line). */
  close() {
    if (this.#choosing) say("");
    this.#offerAt = null;
    this.#choosing = false;
    this.#openedAt = null;
    this.#board.clear_offer();
    hideChooser(this.#canvas);
    this.#view.redraw();
  }

  /** Shows the line from `a` to `b` (a hint), until the next move or pointer. @param {GridPoint} a @param {GridPoint} b */
  showLine(a, b) {
    this.#board.offer(Int32Array.from([...a, ...b]));
    this.#view.redraw();
  }

  /** The mouse is at (x, y), or left the board (null): preview what a click would do. @param {number | null} x @param {number} [y] */
  hover(x, y = 0) {
    const game = this.#game;
    if (game.previewing() || game.pointHandler()) return;
    if (this.#choosing) {
      if (x !== null) {
        this.#board.set_chosen(this.#board.choice_near(x, y));
        this.#view.redraw();
      }
      return;
    }
    const hit = x === null ? undefined : this.#board.hit(x, y);
    /** @type {GridPoint | null} */
    const p = hit ? [hit[0], hit[1]] : null;
    if (samePoint(p, this.#offerAt)) return;
    const choices = p ? this.#offerable(p) : [];
    if (p && choices.length > 0) {
      this.#offer(p, false, choices);
      this.#canvas.style.cursor = "pointer";
    } else {
      if (this.#offerAt) this.close();
      this.#canvas.style.cursor = "";
    }
  }

  /**
   * A key pressed on the board: the arrows move the keyboard cursor and offer its lines,
   * Enter or Space picks its point (a digit, wherever it is pressed, is `digit`'s). Whether
   * it was one.
   * @param {KeyboardEvent} e
   */
  key(e) {
    if (this.#game.previewing()) return false;
    const step = arrowStep(e.key);
    if (step) {
      e.preventDefault();
      const c = this.#cursor || this.#view.centrePoint();
      /** @type {GridPoint} */
      const cursor = [c[0] + step[0], c[1] + step[1]];
      this.#cursor = cursor;
      this.#board.set_cursor(Int32Array.from(cursor));
      this.#view.bringIntoView(cursor[0], cursor[1]); // the view follows it, as it would a pointer
      if (!this.#choosing) {
        const choices = this.#offerable(cursor);
        if (choices.length > 0) this.#offer(cursor, false, choices);
        else if (this.#offerAt) this.close();
      }
      this.#view.redraw();
      return true;
    }
    if ((e.key === "Enter" || e.key === " ") && this.#cursor) {
      e.preventDefault();
      this.#game.stopReplay();
      this.#pick(this.#cursor, true);
      return true;
    }
    return false;
  }

  /**
   * A digit, from anywhere on the page but a field, while lines are offered to choose
   * from: it chooses one, as the message says (the focus may have gone to a zoom button
   * meanwhile). Whether it was one. @param {KeyboardEvent} e
   */
  digit(e) {
    if (!this.#choosing || !this.#offerAt || !/^[1-9]$/.test(e.key)) return false;
    e.preventDefault();
    this.#choose(Number(e.key) - 1);
    return true;
  }
}
