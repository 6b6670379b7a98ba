// @ts-check
// The start editor: which dots the game starts from. "Draw a start" turns taps on the
// board into dots put on or taken off (with their mirror images when a symmetry is
// chosen); the game on the board is a new game from the drawn start all along, so its
// link in the address already carries the start. "Play from this start" ends the drawing;
// "Cancel" brings back the game from before. It talks to the App through its API only.

import { $, button, errorText, say, select } from "./dom.js";
import { t } from "./i18n.js";
import { startName } from "./words.js";

/** @typedef {import("./app.js").App} App */
/** @typedef {[number, number]} GridPoint */

/**
 * The images of `p` under `symmetry` about the centre (cx2 / 2, cy2 / 2) (doubled, so
 * that it may be a half point), integer points only, `p` first.
 * @param {GridPoint} p @param {string} symmetry @param {number} cx2 @param {number} cy2
 * @returns {GridPoint[]}
 */
export function symmetricImages(p, symmetry, cx2, cy2) {
  const X = 2 * p[0] - cx2;
  const Y = 2 * p[1] - cy2;
  /** @type {Array<[number, number]>} */
  const images = [[X, Y]];
  if (symmetry === "mirror") images.push([-X, Y]);
  if (symmetry === "both") images.push([-X, Y], [X, -Y], [-X, -Y]);
  if (symmetry === "rotate" || symmetry === "all") images.push([-Y, X], [-X, -Y], [Y, -X]);
  if (symmetry === "all") images.push([-X, Y], [Y, X], [X, -Y], [-Y, -X]);
  /** @type {GridPoint[]} */
  const out = [];
  for (const [a, b] of images) {
    if ((a + cx2) % 2 !== 0 || (b + cy2) % 2 !== 0) continue; // a half point: no image
    const q = /** @type {GridPoint} */ ([(a + cx2) / 2, (b + cy2) / 2]);
    if (!out.some((o) => o[0] === q[0] && o[1] === q[1])) out.push(q);
  }
  return out;
}

export class StartEditor {
  /** @type {App} */ #app;
  /** The dots being drawn, as "x,y" (the smallest x and y are 0, as in a start). @type {Set<string>} */
  #dots = new Set();
  /** The centre the symmetries act about, doubled. */ #cx2 = 0;
  #cy2 = 0;
  /** The link of the game before the drawing began (Cancel goes back to it); null when not drawing. @type {string | null} */
  #before = null;
  /** The link the editor last put on the board: any other change ends the drawing. */ #expected = "";
  /** Another variant was just chosen in the menu while drawing. */ #variantChosen = false;
  /** The mode (solitaire, two players) was just chosen while drawing. */ #modeChosen = false;

  /** @param {App} app */
  constructor(app) {
    this.#app = app;
    button("start-edit").addEventListener("click", () => this.#begin());
    button("start-done").addEventListener("click", () => this.#finish());
    button("start-cancel").addEventListener("click", () => this.#cancel());
    button("start-cross").addEventListener("click", () => this.#preset("cross"));
    button("start-one").addEventListener("click", () => this.#preset("one"));
    // "input" comes before "change", whose handler opens the new game: the drawing knows
    // then that the game it sees is the variant chosen, not a link or a game of the list
    select("variant").addEventListener("input", () => { this.#variantChosen = this.#before !== null; });
    // the mode too: the drawing goes on, for a game of that mode
    select("mode").addEventListener("input", () => { this.#modeChosen = this.#before !== null; });
    app.on("change", () => {
      if (this.#modeChosen) {
        this.#modeChosen = false;
        this.#expected = app.link();
      }
      if (this.#before !== null && app.link() !== this.#expected && !this.#switched()) this.#end(); // a new game, a link, an import
      this.#showName();
    });
    this.#showName();
  }

  /** Whether a start is being drawn. */
  drawing() { return this.#before !== null; }

  /**
   * Another variant was chosen in the menu while drawing (a new game of it is on the
   * board): the drawn dots are put back, in that variant, and the drawing goes on. False
   * when it was something else, or when the dots are no start there (the message says why).
   */
  #switched() {
    const app = this.#app;
    const chosen = this.#variantChosen;
    this.#variantChosen = false;
    if (!chosen) return false;
    if (!this.#put("view", true)) return false;
    say(t("start.variant", { variant: app.variant() }));
    return true;
  }

  #showName() {
    const { name, title } = startName(this.#app.startSpec(), this.#app.startDots());
    const out = $("start-name");
    out.textContent = name;
    out.title = title;
  }

  #begin() {
    if (this.#before !== null) return;
    const app = this.#app;
    this.#before = app.link();
    // the user's own game being left, with moves: it is kept (a record or a friend's link
    // only looked at is not), and said so
    const kept = app.ownId() !== null && app.length() > 0;
    // a game's view (a record's 178 moves) leaves its start small: the start is fitted,
    // as a new game's is; a board that shows only the start keeps the user's view
    const fit = app.length() > 0;
    this.#load(app.startDots());
    const xs = [...this.#dots].map((d) => Number(d.split(",")[0]));
    const ys = [...this.#dots].map((d) => Number(d.split(",")[1]));
    this.#cx2 = Math.min(...xs) + Math.max(...xs);
    this.#cy2 = Math.min(...ys) + Math.max(...ys);
    app.setPointHandler((p) => this.#toggle(p));
    $("start-editor").hidden = false;
    button("start-edit").hidden = true;
    this.#put("new", !fit);
    say(kept ? `${t("start.drawing")} ${t("start.kept")}` : t("start.drawing"));
  }

  /** @param {number[]} flat */
  #load(flat) {
    this.#dots = new Set();
    for (let i = 0; i + 1 < flat.length; i += 2) this.#dots.add(`${flat[i]},${flat[i + 1]}`);
  }

  /** Puts the dot at `p` and its images on, or takes them off. @param {GridPoint} p */
  #toggle(p) {
    const images = symmetricImages(p, select("start-symmetry").value, this.#cx2, this.#cy2);
    const on = this.#dots.has(`${p[0]},${p[1]}`);
    const next = new Set(this.#dots);
    for (const q of images) {
      if (on) next.delete(`${q[0]},${q[1]}`);
      else next.add(`${q[0]},${q[1]}`);
    }
    if (next.size === 0) return say(t("start.one-at-least"));
    if (!this.#put("view", true, next)) return;
    // the editor out of sight (another tab): the tap put a dot, not a move, and says so
    // (offsetParent: null inside a hidden tab; checkVisibility is not in Safari before 17.4)
    if ($("start-editor").offsetParent === null) say(t("start.elsewhere"));
  }

  /** @param {"cross" | "one"} which */
  #preset(which) {
    const app = this.#app;
    if (which === "cross") {
      this.#expected = app.newGameLink(app.variant(), app.twoPlayer());
      app.openLink(this.#expected, "view", true);
      this.#load(app.startDots());
      this.#cx2 = this.#cy2 = Math.max(...app.startDots());
    } else {
      // the middle of the view, as near as can be: the dot stays where the user looks
      const [x, y] = app.view().centrePoint();
      this.#dots = new Set([`${x},${y}`]);
      this.#cx2 = 2 * x;
      this.#cy2 = 2 * y;
    }
    this.#put("view", true);
  }

  /**
   * A new game from the dots `dots` (the drawn ones unless given) on the board: they
   * become the drawn ones unless they are no start (too wide: the message says so, and
   * nothing changes). They are moved so that their smallest x and y are 0 (as every start
   * is), and the view with them, so that nothing jumps. Returns whether they were put.
   * @param {"new" | "view"} how @param {boolean} keepView @param {Set<string>} [dots]
   */
  #put(how, keepView, dots = this.#dots) {
    const app = this.#app;
    const pts = [...dots].map((d) => d.split(",").map(Number));
    const mx = Math.min(...pts.map((q) => q[0]));
    const my = Math.min(...pts.map((q) => q[1]));
    let link;
    try {
      link = app.startLink(app.variant(), pts.flatMap((q) => [q[0] - mx, q[1] - my]));
    } catch (e) {
      say(errorText(e));
      return false;
    }
    this.#dots = new Set(pts.map((q) => `${q[0] - mx},${q[1] - my}`));
    this.#cx2 -= 2 * mx;
    this.#cy2 -= 2 * my;
    // known before the game changes: the App's "change" must not take it for another game
    this.#expected = link;
    app.openLink(link, how, keepView);
    if (keepView && (mx !== 0 || my !== 0)) app.view().panCells(mx, my);
    $("start-count").textContent = t("start.count", { n: this.#dots.size, moves: app.legalCount() });
    this.#showName();
    return true;
  }

  #finish() {
    if (this.#before === null) return;
    this.#end();
    this.#reveal();
    this.#app.keep(); // the start the user drew is theirs: kept for the next visit
    say(this.#app.startSpec() === "cross" ? t("start.done-cross") : t("start.done", { n: this.#dots.size }));
  }

  #cancel() {
    const before = this.#before;
    if (before === null) return;
    this.#end();
    this.#reveal();
    this.#app.openLink(before, "view");
    say(t("start.cancelled"));
  }

  /** Stops drawing: taps play again. */
  #end() {
    this.#before = null;
    this.#app.setPointHandler(null);
    $("start-editor").hidden = true;
    button("start-edit").hidden = false;
  }

  /** The start's box back in sight, after the user ended the drawing (on a phone the panel had scrolled down with the editor). */
  #reveal() {
    button("start-edit").closest(".card")?.scrollIntoView({ block: "nearest" });
  }
}
