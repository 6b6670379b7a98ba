// @ts-check
// The bounds on the page: the line "at most N moves" under the score, the hull, region and
// potential drawn on the board, "Prove a tighter bound" (the LP, in a worker, cancellable),
// and the LP playground. It talks to the App through its API and to the workers through
// BoundsClient; the main thread only posts and draws.

import { BoundsClient, Cancelled } from "./bounds-client.js";
import { $, button, canvas, errorText, input, select, withAside } from "./dom.js";
import { num, t } from "./i18n.js";

/** @typedef {import("./app.js").App} App */
/** @typedef {import("../../pkg/morpion.js").BoundInfo} BoundInfo */
/** @typedef {import("../../pkg/morpion.js").LpInfo} LpInfo */

/** Words for the argument behind a bound (`game_over`, `hull`, `potential`, `published`, `lp`). @param {string | null | undefined} kind */
const kindWords = (kind) => (kind ? t(`bounds.kind-${kind}`) : "");

/**
 * The bar's bound, "at most N moves" and its reason " (by the hull)", the reason aside
 * (`withAside`): "why?" (a round "?" in a narrow bar) opens the Bounds panel, which says it
 * in full. @param {number} n @param {string} by the argument's words @returns {[string, string]}
 */
const boundWords = (n, by) => [t("bounds.at-most", { n }), t("bounds.by", { why: by })];

/**
 * What an LP's report adds when its bound does not beat the bar's (early in a game the LP
 * is above the published proof, which the bar keeps): " That is not below …", else "".
 * @param {number | null} proved the LP's bound @param {BoundInfo | null} bar the bar's bound, of the LP's position
 */
export function notLower(proved, bar) {
  if (!bar || bar.upperBound === null || proved === null || proved < bar.upperBound) return "";
  return ` ${t("bounds.lp-not-lower", { n: bar.upperBound, why: kindWords(bar.kind) })}`;
}

/** A number with `digits` decimals, in the language's way. @param {number} x @param {number} digits */
const fixed = (x, digits) => num(x, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** How many LP proofs are kept (each is checked against every board shown). */
const PROOFS = 16;

export class BoundsPanel {
  /** @type {App} */ #app;
  #client = new BoundsClient();
  /** The last live bound, for the board shown. @type {BoundInfo | null} */ #bound = null;
  /** The board that bound is of. @type {string | null} */ #boundLink = null;
  /** The region's corners for the board shown (5T, when asked). @type {number[]} */ #region = [];
  /**
   * The LP bounds proved (the last PROOFS): each with the position it was proved for
   * (`key`: that position's own link, after `shown` moves) and what was said of it. One
   * holds for every position of a line of play that goes on from there, a record's or the
   * user's own, so a proof from an earlier move still counts after a later one is proved.
   * @type {{ key: string, shown: number, bound: number, lines: number[], said: string }[]}
   */
  #proofs = [];
  /** Whether the LP's status line is the proved bound's report: shown on the boards it holds for. */ #reporting = false;
  /** The words under the line: what the bound is made of. */ #why = "";
  /** What is drawn, for the tests: counts of each layer. */ #drawn = { hull: 0, region: 0, values: 0, weighted: 0 };
  /** The playground's last solution, drawn again in a new theme. @type {LpInfo | null} */ #shownLp = null;
  /** The button that started the solve running, when it had the keyboard's focus. @type {HTMLButtonElement | null} */ #focusBack = null;
  /** The board an LP's "cancelled" or "failed" was said of: cleared once the board changes. @type {string | null} */ #notDoneFor = null;
  /** The running solve's progress, worded for the board shown now (null: no solve running). @type {(() => string) | null} */ #progress = null;

  /** @param {App} app */
  constructor(app) {
    this.#app = app;
    app.on("board", () => this.#refresh());
    document.addEventListener("themechange", () => this.#shownLp && drawSolution(canvas("lp-canvas"), this.#shownLp));
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
      const explain = /** @type {HTMLDetailsElement} */ ($("bounds-explain"));
      explain.open = true;
      // in sight, once the tab it is in shows (a phone's panel may be scrolled elsewhere,
      // or too short to show it below the bound's note)
      requestAnimationFrame(() => explain.scrollIntoView({ block: "start" }));
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

  async #refresh() {
    const link = this.#app.boardLink();
    if (this.#notDoneFor !== null && this.#notDoneFor !== link) {
      $("bound-lp-status").textContent = ""; // it was about another position
      this.#notDoneFor = null;
    }
    if (this.#reporting && this.#notDoneFor === null) {
      $("bound-lp-status").textContent = this.#provedHere()?.said ?? "";
    }
    if (this.#progress) $("bound-lp-status").textContent = this.#progress();
    const wantRegion = input("show-hull").checked;
    let bound;
    try {
      bound = await this.#client.live(link);
    } catch (e) {
      // Nothing of another position stays on show.
      this.#bound = null;
      this.#region = [];
      this.#app.view().setAnalysis({});
      $("bound").textContent = t("bounds.none");
      $("bound").closest(".bound-line")?.classList.remove("over");
      $("bound-detail").textContent = t("bounds.failed", { why: errorText(e) });
      return;
    }
    if (!bound || link !== this.#app.boardLink()) return; // a newer position is on the way
    this.#bound = bound;
    this.#boundLink = link;
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

  /** The lowest LP bound proved earlier that holds for the position on the board, if any. */
  #provedHere() {
    let best = null;
    for (const p of this.#proofs) {
      if ((!best || p.bound < best.bound) && this.#app.boardLinkOfFirst(p.shown) === p.key) best = p;
    }
    return best;
  }

  #showLine() {
    const b = this.#bound;
    if (!b) return;
    const proved = this.#provedHere();
    /** @type {[string, string]} what the bar says, and what it says aside (why, or where none is known) */
    let text;
    let why;
    const variant = this.#app.variant();
    const lines = Number(variant[0]);
    if (b.upperBound === null && !b.fromCross && lines >= 4) {
      text = [t("bounds.unknown"), t("bounds.unknown-start")];
      why = t(lines === 4 ? "bounds.unknown-start-why-4" : "bounds.unknown-start-why");
    } else if (b.upperBound === null) {
      text = [t("bounds.unknown"), t("bounds.unknown-for", { variant })];
      why = t("bounds.unknown-why");
    } else if (proved && proved.bound < b.upperBound) {
      text = boundWords(proved.bound, kindWords("lp"));
      why = t(`bounds.lp-why-${b.kind === "game_over" ? "potential" : b.kind}`, { move: proved.shown, n: b.upperBound });
    } else {
      text = boundWords(b.upperBound, kindWords(b.kind));
      why = this.#detail(b);
    }
    withAside($("bound"), ...text);
    // a finished game's bound is its score, which the bar says already: the line gives way
    // (as it does to the notice of the user's own game over; a search's best is shown so)
    $("bound").closest(".bound-line")?.classList.toggle("over", b.kind === "game_over");
    this.#why = why;
    $("bound-detail").textContent = why;
  }

  /** What the bound on the bar rests on. @param {BoundInfo} b @param {BoundInfo["kind"]} kind @returns {string} */
  #detail(b, kind = b.kind) {
    if (kind === "game_over") return t("bounds.detail-over", { n: b.score });
    if (kind === "published") {
      const variant = this.#app.variant();
      // lines of 4: a complete search's longest game; 5T and 5D: the integer programs
      const cited = t(variant[0] === "4" ? "bounds.detail-published-4" : "bounds.detail-published", { variant, n: b.upperBound ?? 0 });
      if (b.arguedBound === null || b.arguedKind === null) return cited;
      const own = t("bounds.detail-own", { n: b.arguedBound, why: kindWords(b.arguedKind) });
      return `${cited} ${own} ${this.#detail(b, b.arguedKind)}`;
    }
    const stuck = b.neverFilled > 0 ? ` ${t("bounds.detail-stuck", { n: b.neverFilled })}` : "";
    if (kind === "hull") {
      const fin = b.finalHull ? t("bounds.detail-final", { edges: b.finalHull.join(","), n: b.finalHullPoints ?? 0 }) : "";
      return t("bounds.detail-hull", { edges: b.hull.join(","), n: b.hullPoints, final: fin }) + stuck;
    }
    return t("bounds.detail-potential", { potential: b.potential, stuck: b.stuck }) + stuck;
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
      const seeRegion = region.length ? ` ${t("bounds.see-region")}` : "";
      $("bound-detail").textContent = this.#why + seeRegion;
    }
    this.#app.view().setAnalysis({ hull, region, values, maxValue: b?.maxPotential ?? 8, weighted });
  }

  // ---- the LP ------------------------------------------------------------------------

  async #prove() {
    const link = this.#app.boardLink();
    if (this.#bound?.kind === "game_over" && this.#boundLink === link) {
      $("bound-lp-status").textContent = t("bounds.lp-over", { n: this.#bound.score });
      this.#notDoneFor = link;
      return;
    }
    if (this.#app.variant() !== "5T") {
      $("bound-lp-status").textContent = t("bounds.lp-5t-only");
      this.#notDoneFor = link;
      return;
    }
    const start = performance.now();
    const key = this.#app.boardPositionLink();
    this.#notDoneFor = null;
    this.#reporting = false; // the status line is the solve's, until it ends
    this.#solving(true);
    const move = this.#app.boardShown();
    // the board may change while the LP runs (another game, another move): the progress
    // then says which position it is about
    /** @param {string} text */
    const about = (text) => this.#app.boardLinkOfFirst(move) === key ? text : `${text} ${t("bounds.lp-not-here", { move })}`;
    let saying = t("bounds.lp-region");
    this.#progress = () => about(saying);
    $("bound-lp-status").textContent = this.#progress();
    let size = "";
    try {
      const lp = await this.#client.solve({ type: "lp", link }, (p) => {
        if (p.kind === "start") {
          size = t("bounds.lp-size", { points: p.points, lines: p.lines });
          saying = t("bounds.lp-start", { size });
        } else {
          const secs = Math.round((performance.now() - start) / 1000);
          saying = t("bounds.lp-iteration", { size, iteration: p.iteration, secs, primal: fixed(p.primal, 2), dual: fixed(p.dual, 2) });
        }
        $("bound-lp-status").textContent = this.#progress?.() ?? "";
      });
      this.#progress = null;
      // The position solved, whatever the board shows by now (the user may have moved on).
      const shown = lp.score ?? 0;
      const own = lp.lines.filter((_, i) => i % 5 === 4 && lp.lines[i] < 0.999).length;
      const lines = [];
      for (let i = 0; i < lp.lines.length; i += 5) if (lp.lines[i + 4] < 0.999) lines.push(...lp.lines.slice(i, i + 5));
      let said = t("bounds.lp-done", {
        move: shown, n: lp.bound, objective: fixed(lp.objective, 5), points: lp.points, iterations: lp.iterations, secs: fixed(lp.seconds, 1), own,
      });
      said += notLower(lp.bound, this.#boundLink === link ? this.#bound : null);
      const proof = { key, shown, bound: lp.bound, lines, said };
      this.#proofs = [...this.#proofs.filter((p) => p.key !== key), proof].slice(-PROOFS);
      this.#reporting = true;
      if (this.#app.boardLinkOfFirst(shown) === key) {
        $("bound-lp-status").textContent = said;
      } else {
        // the board changed while the LP ran: say where the bound holds, until it changes again
        $("bound-lp-status").textContent = t("bounds.lp-done-elsewhere", { move: shown, n: lp.bound });
        this.#notDoneFor = this.#app.boardLink();
      }
      this.#showLine();
      this.#draw();
    } catch (e) {
      this.#progress = null;
      $("bound-lp-status").textContent = e instanceof Cancelled ? t("bounds.cancelled") : t("bounds.lp-failed", { why: errorText(e) });
      this.#notDoneFor = link;
      this.#reporting = this.#proofs.length > 0; // an earlier proof's report, once the board changes
    } finally {
      this.#solving(false);
    }
  }

  /** @param {boolean} on */
  #solving(on) {
    // a disabled or hidden button loses the keyboard's focus to the page: Cancel takes it,
    // and gives it back to the button that started the solve
    const from = document.activeElement;
    button("bound-lp").disabled = on;
    button("lp-solve").disabled = on;
    button("bound-lp-cancel").hidden = !on;
    if (on && (from === button("bound-lp") || from === button("lp-solve"))) {
      this.#focusBack = /** @type {HTMLButtonElement} */ (from);
      button("bound-lp-cancel").focus();
    } else if (!on && this.#focusBack) {
      if (from === button("bound-lp-cancel") || from === document.body) this.#focusBack.focus();
      this.#focusBack = null;
    }
  }

  async #playground() {
    const kind = select("lp-kind").value;
    const [side, edges] = [input("lp-size"), input("lp-edges").value.trim()];
    // the field's own range (the largest square the LP takes), said in the field's words
    const text = side.value.trim();
    const [min, max] = [Number(side.min), Number(side.max)];
    if (kind === "square" && !(/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max)) {
      $("lp-result").textContent = t("bounds.not-solved", { why: t("bounds.side-range", { min, max }) });
      canvas("lp-canvas").hidden = true;
      this.#shownLp = null;
      side.focus();
      return;
    }
    const board = kind === "square" ? `square:${text}` : `octagon:${edges}`;
    const boardWords = kind === "square" ? t("bounds.board-square", { n: Number(text) }) : t("bounds.board-octagon", { edges });
    const variant = select("lp-variant").value;
    this.#solving(true);
    $("lp-result").textContent = t("bounds.solving");
    try {
      const lp = await this.#client.solve({ type: "lp-board", variant, board }, (p) => {
        if (p.kind === "iteration") $("lp-result").textContent = t("bounds.solving-iteration", { iteration: p.iteration, primal: fixed(p.primal, 3) });
      });
      $("lp-result").textContent = t("bounds.playground-done", {
        variant, board: boardWords, n: lp.bound, objective: fixed(lp.objective, 5), points: lp.points, variables: lp.variables, iterations: lp.iterations, secs: fixed(lp.seconds, 2),
      });
      this.#shownLp = lp;
      drawSolution(canvas("lp-canvas"), lp);
    } catch (e) {
      $("lp-result").textContent = e instanceof Cancelled ? t("bounds.cancelled") : t("bounds.not-solved", { why: errorText(e) });
      // the last solution's picture is not this board's
      canvas("lp-canvas").hidden = true;
      this.#shownLp = null;
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
