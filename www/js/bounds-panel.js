// @ts-check
// The bounds on the page: the line "at most N moves" under the score, the hull, region and
// potential drawn on the board, "Prove a tighter bound" (the LP, in a worker, cancellable),
// and the LP playground. It talks to the App through its API and to the workers through
// BoundsClient; the main thread only posts and draws.

import { BoundsClient, Cancelled } from "./bounds-client.js";
import { $, button, canvas, errorText, input, select } from "./dom.js";

/** @typedef {import("./app.js").App} App */
/** @typedef {import("../../pkg/morpion.js").BoundInfo} BoundInfo */
/** @typedef {import("../../pkg/morpion.js").LpInfo} LpInfo */

/** Words for the argument behind a bound. @type {Record<string, string>} */
const KIND = { game_over: "the game is over", hull: "by the hull", potential: "by the potential", lp: "proved by the LP" };

/** A number as the page writes it (thin groups). @param {number} n */
const num = (n) => n.toLocaleString("en");

export class BoundsPanel {
  /** @type {App} */ #app;
  #client = new BoundsClient();
  /** The last live bound, for the board shown. @type {BoundInfo | null} */ #bound = null;
  /** The region's corners for the board shown (5T, when asked). @type {number[]} */ #region = [];
  /** An LP bound and the game line it holds for: every later position of that line. @type {{ line: string, shown: number, bound: number, lines: number[] } | null} */ #proved = null;
  /** The words under the line: what the bound is made of. */ #why = "";
  /** What is drawn, for the tests: counts of each layer. */ #drawn = { hull: 0, region: 0, values: 0, weighted: 0 };

  /** @param {App} app */
  constructor(app) {
    this.#app = app;
    app.on("board", () => this.#refresh());
    input("show-hull").addEventListener("change", () => this.#refresh());
    input("show-potential").addEventListener("change", () => this.#draw());
    button("bound-lp").addEventListener("click", () => this.#prove());
    button("bound-lp-cancel").addEventListener("click", () => this.#client.cancel());
    button("lp-solve").addEventListener("click", () => this.#playground());
    select("lp-kind").addEventListener("change", () => {
      const square = select("lp-kind").value === "square";
      $("lp-size-field").hidden = !square;
      $("lp-edges-field").hidden = square;
    });
    $("bound-why").addEventListener("click", () => {
      /** @type {HTMLDetailsElement} */ ($("bounds-explain")).open = true;
    });
    this.#refresh();
  }

  // ---- for the tests and the console -----------------------------------------------

  /** The live bound of the position on the board, once known. */
  bound() { return this.#bound; }
  /** How many corners, values and lines each layer draws. */
  drawn() { return { ...this.#drawn }; }
  /** Whether an LP is being solved. */
  solving() { return this.#client.solving; }

  // ---- the live bound --------------------------------------------------------------

  /** The game line of a link (its moves, whatever move is shown) and the move shown. @param {string} link */
  static #lineOf(link) {
    const m = /[&?]m=(\d+)/.exec(link);
    return { line: link.replace(/[&?]m=\d+/, ""), shown: m ? Number(m[1]) : Infinity };
  }

  async #refresh() {
    const link = this.#app.boardLink();
    const wantRegion = input("show-hull").checked;
    let bound;
    try {
      bound = await this.#client.live(link);
    } catch (e) {
      // Nothing of another position stays on show.
      this.#bound = null;
      this.#region = [];
      this.#app.setAnalysis({});
      $("bound").textContent = "no bound";
      $("bound-detail").textContent = `The bound could not be computed: ${errorText(e)}.`;
      return;
    }
    if (!bound || link !== this.#app.boardLink()) return; // a newer position is on the way
    this.#bound = bound;
    this.#region = [];
    this.#showLine();
    this.#draw();
    if (wantRegion && bound.kind !== "game_over") {
      const region = await this.#client.reach(link).catch(() => null);
      if (region && link === this.#app.boardLink()) {
        this.#region = region;
        this.#draw();
      }
    }
  }

  /** The LP bound proved earlier, if it holds for the position on the board. */
  #provedHere() {
    const p = this.#proved;
    if (!p) return null;
    const here = BoundsPanel.#lineOf(this.#app.boardLink());
    return here.line === p.line && here.shown >= p.shown ? p : null;
  }

  #showLine() {
    const b = this.#bound;
    if (!b) return;
    const proved = this.#provedHere();
    let text;
    let why;
    if (b.upperBound === null) {
      text = `no upper bound known for ${this.#app.variant()}`;
      why = "Lines of 3 or 4 bring more potential than they use up; this program proves no bound for them.";
    } else if (proved && proved.bound < b.upperBound) {
      text = `at most ${num(proved.bound)} moves (${KIND.lp})`;
      why = `The LP proved it at move ${proved.shown}; the ${b.kind === "hull" ? "hull" : "potential"} alone says ${num(b.upperBound)}.`;
    } else {
      text = `at most ${num(b.upperBound)} moves (${KIND[b.kind ?? ""] ?? ""})`;
      why = this.#detail(b);
    }
    $("bound").textContent = text;
    this.#why = why;
    $("bound-detail").textContent = why;
  }

  /** @param {BoundInfo} b */
  #detail(b) {
    if (b.kind === "game_over") return `No legal move is left: the game ends with ${num(b.score)} moves.`;
    const stuck = b.neverFilled > 0 ? ` ${num(b.neverFilled)} empty point${b.neverFilled === 1 ? "" : "s"} inside can never be filled.` : "";
    if (b.kind === "hull") {
      const fin = b.finalHull ? `the largest octagon it can still grow into (${b.finalHull.join(",")}) has ${num(b.finalHullPoints ?? 0)} points, 36 of them the cross's` : "";
      return `The hull (${b.hull.join(",")}) has ${num(b.hullPoints)} points; ${fin}.${stuck}`;
    }
    return `The dots hold ${num(b.potential)} of potential; ${num(b.stuck)} of it can never be used.${stuck}`;
  }

  // ---- the board's layers ------------------------------------------------------------

  #draw() {
    const b = this.#bound;
    const hull = input("show-hull").checked && b ? b.hullVertices : [];
    const region = input("show-hull").checked ? this.#region : [];
    const values = input("show-potential").checked && b ? b.dots : [];
    const proved = this.#provedHere();
    // The LP's own lines, faded by value; the game's lines (value 1) are drawn already.
    const weighted = proved ? proved.lines : [];
    this.#drawn = { hull: hull.length / 2, region: region.length / 2, values: values.length / 3, weighted: weighted.length / 5 };
    if (b) {
      const seeRegion = region.length ? " Solid outline: the hull today. Dashed: where the game can still go (large: zoom out to see it)." : "";
      $("bound-detail").textContent = this.#why + seeRegion;
    }
    this.#app.setAnalysis({ hull, region, values, maxValue: b?.maxPotential ?? 8, weighted });
  }

  // ---- the LP ------------------------------------------------------------------------

  async #prove() {
    const link = this.#app.boardLink();
    if (this.#app.variant() !== "5T") {
      $("bound-lp-status").textContent = "The LP bound of a position is proved for 5T only: only there is the finished game confined to a region.";
      return;
    }
    const start = performance.now();
    this.#solving(true);
    $("bound-lp-status").textContent = "Finding where the game can still go…";
    let size = "";
    try {
      const lp = await this.#client.solve({ type: "lp", link }, (p) => {
        if (p.kind === "start") {
          size = `${num(p.points)} points, ${num(p.lines)} lines`;
          $("bound-lp-status").textContent = `Solving the LP on ${size}. In a browser this takes minutes (the command line, \`morpion bound position FILE --lp\`, about a minute at most).`;
          return;
        }
        const secs = ((performance.now() - start) / 1000).toFixed(0);
        $("bound-lp-status").textContent = `Solving the LP on ${size}: iteration ${p.iteration}, ${secs} s (primal ${p.primal.toFixed(2)}, dual ${p.dual.toFixed(2)})…`;
      });
      const { line } = BoundsPanel.#lineOf(link);
      // The position solved, whatever the board shows by now (the user may have moved on).
      const shown = lp.score ?? 0;
      const own = lp.lines.filter((_, i) => i % 5 === 4 && lp.lines[i] < 0.999).length;
      const lines = [];
      for (let i = 0; i < lp.lines.length; i += 5) if (lp.lines[i + 4] < 0.999) lines.push(...lp.lines.slice(i, i + 5));
      this.#proved = { line, shown, bound: lp.bound ?? Infinity, lines };
      $("bound-lp-status").textContent = `From move ${num(shown)} of this game, the LP proves at most ${num(lp.bound ?? 0)} moves (objective ${lp.objective.toFixed(5)}, ${num(lp.points)} points, ${lp.iterations} iterations, ${lp.seconds.toFixed(1)} s). Its ${num(own)} fractional lines are drawn faded.`;
      this.#showLine();
      this.#draw();
    } catch (e) {
      $("bound-lp-status").textContent = e instanceof Cancelled ? "Cancelled." : `The LP could not be solved: ${errorText(e)}.`;
    } finally {
      this.#solving(false);
    }
  }

  /** @param {boolean} on */
  #solving(on) {
    button("bound-lp").disabled = on;
    button("lp-solve").disabled = on;
    button("bound-lp-cancel").hidden = !on;
  }

  async #playground() {
    const kind = select("lp-kind").value;
    const board = kind === "square" ? `square:${input("lp-size").value.trim()}` : `octagon:${input("lp-edges").value.trim()}`;
    const variant = select("lp-variant").value;
    this.#solving(true);
    $("lp-result").textContent = "Solving…";
    try {
      const lp = await this.#client.solve({ type: "lp-board", variant, board }, (p) => {
        if (p.kind === "iteration") $("lp-result").textContent = `Solving: iteration ${p.iteration} (primal ${p.primal.toFixed(3)})…`;
      });
      $("lp-result").textContent = `${variant} on ${board}: at most ${lp.objective.toFixed(5)} moves (${num(lp.points)} points, ${num(lp.variables)} variables, ${lp.iterations} iterations, ${lp.seconds.toFixed(2)} s).`;
      drawSolution(canvas("lp-canvas"), lp);
    } catch (e) {
      $("lp-result").textContent = e instanceof Cancelled ? "Cancelled." : `Not solved: ${errorText(e)}.`;
    } finally {
      this.#solving(false);
    }
  }
}

/**
 * An LP solution as in the paper's Fig. 5: the board's outline, each line as dark as its value.
 * @param {HTMLCanvasElement} c @param {LpInfo} lp
 */
function drawSolution(c, lp) {
  const xs = lp.region.filter((_, i) => i % 2 === 0);
  const ys = lp.region.filter((_, i) => i % 2 === 1);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = c.parentElement?.clientWidth || 300;
  const cell = Math.max(2, Math.min(14, (width - 8) / (x1 - x0 + 2)));
  const dpr = window.devicePixelRatio || 1;
  c.hidden = false;
  c.style.width = `${(x1 - x0 + 2) * cell}px`;
  c.style.height = `${(y1 - y0 + 2) * cell}px`;
  c.width = Math.round((x1 - x0 + 2) * cell * dpr);
  c.height = Math.round((y1 - y0 + 2) * cell * dpr);
  const ctx = c.getContext("2d");
  if (!ctx) return;
  ctx.scale(dpr, dpr);
  const at = (/** @type {number} */ x, /** @type {number} */ y) => [(x - x0 + 1) * cell, (y - y0 + 1) * cell];
  const style = getComputedStyle(document.documentElement);
  ctx.fillStyle = style.getPropertyValue("--board-background") || "#fff";
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.strokeStyle = style.getPropertyValue("--board-region") || "#999";
  ctx.beginPath();
  for (let i = 0; i < lp.region.length; i += 2) {
    const [x, y] = at(lp.region[i], lp.region[i + 1]);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  ctx.stroke();
  ctx.strokeStyle = style.getPropertyValue("--board-lp") || "#000";
  ctx.lineWidth = Math.max(1, cell * 0.15);
  for (let i = 0; i < lp.lines.length; i += 5) {
    ctx.globalAlpha = lp.lines[i + 4];
    const [ax, ay] = at(lp.lines[i], lp.lines[i + 1]);
    const [bx, by] = at(lp.lines[i + 2], lp.lines[i + 3]);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}
