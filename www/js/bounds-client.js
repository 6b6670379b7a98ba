// @ts-check
// The page's side of the bounds workers (bounds-worker.js): one worker answers the live
// questions (bound, region), another solves LPs and is ended to cancel a solve. Requests
// are promises; a newer live question makes an older unanswered one resolve to null, so the
// page only ever draws the answer for the position it shows.

import { errorFrom } from "./dom.js";

/** @typedef {import("../../pkg/morpion.js").BoundInfo} BoundInfo */
/** @typedef {import("../../pkg/morpion.js").LpInfo} LpInfo */
/** @typedef {{ kind: "start", points: number, lines: number } | { kind: "iteration", iteration: number, primal: number, dual: number }} LpProgress */
/**
 * A request waiting for its answer.
 * @typedef {object} Pending
 * @property {(value: any) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {((p: LpProgress) => void) | undefined} progress
 * @property {Worker} worker the worker asked
 */

/** Thrown (as the rejection) when an LP solve is cancelled. */
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

export class BoundsClient {
  /** @type {Worker | null} */ #live = null;
  /** @type {Worker | null} */ #lp = null;
  #nextId = 1;
  /** @type {Map<number, Pending>} */ #pending = new Map();
  /** The live request still wanted, per kind ("live", "reach"). @type {Map<string, number>} */ #latest = new Map();
  /** The LP being solved. @type {number | null} */ #lpId = null;

  #worker() {
    const w = new Worker(new URL("./bounds-worker.js", import.meta.url), { type: "module" });
    w.onmessage = ({ data }) => this.#receive(data);
    w.onerror = (e) => {
      e.preventDefault();
      // This worker is lost: its questions fail, the next question makes a new one.
      w.terminate();
      if (this.#live === w) this.#live = null;
      if (this.#lp === w) {
        this.#lp = null;
        this.#lpId = null;
      }
      for (const [id, p] of this.#pending) {
        if (p.worker !== w) continue;
        this.#pending.delete(id);
        p.reject(new Error(e.message || "the bounds worker failed"));
      }
    };
    return w;
  }

  /** @param {{ type: string, id: number, message?: string } & Record<string, any>} msg */
  #receive(msg) {
    const p = this.#pending.get(msg.id);
    if (!p) return;
    if (msg.type === "lp-progress") {
      p.progress?.({ kind: "iteration", iteration: msg.iteration, primal: msg.primal, dual: msg.dual });
      return;
    }
    if (msg.type === "lp-start") {
      p.progress?.({ kind: "start", points: msg.points, lines: msg.lines });
      return;
    }
    this.#pending.delete(msg.id);
    if (msg.id === this.#lpId) this.#lpId = null;
    // the engine's code and values go with it, so the page says it in its language
    if (msg.type === "error") p.reject(errorFrom(msg, "the bounds worker failed"));
    else p.resolve(msg.type === "live" ? msg.bound : msg.type === "reach" ? msg.region : msg.lp);
  }

  /**
   * Asks the live worker; an older question of the same kind still unanswered resolves to null.
   * @param {"live" | "reach"} type @param {string} link
   */
  #ask(type, link) {
    const worker = (this.#live ??= this.#worker());
    const id = this.#nextId++;
    const older = this.#latest.get(type);
    if (older !== undefined && this.#pending.has(older)) {
      this.#pending.get(older)?.resolve(null);
      this.#pending.delete(older);
    }
    this.#latest.set(type, id);
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, progress: undefined, worker });
      worker.postMessage({ type, id, link });
    });
  }

  /** The live bound of the position of `link` (null if a newer question came first). @param {string} link @returns {Promise<BoundInfo | null>} */
  live(link) { return this.#ask("live", link); }

  /** Corners of the region a 5T game can still reach `[x, y, ...]` (empty otherwise). @param {string} link @returns {Promise<number[] | null>} */
  reach(link) { return this.#ask("reach", link); }

  /** Whether an LP is being solved. */
  get solving() { return this.#lpId !== null; }

  /**
   * Solves an LP: `{type: "lp", link}` (the LP bound of a position) or `{type: "lp-board",
   * variant, board}`. One at a time: a new one cancels the old.
   * @param {{ type: "lp", link: string } | { type: "lp-board", variant: string, board: string }} request
   * @param {(p: LpProgress) => void} progress
   * @returns {Promise<LpInfo>}
   */
  solve(request, progress) {
    this.cancel();
    const worker = (this.#lp ??= this.#worker());
    const id = this.#nextId++;
    this.#lpId = id;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, progress, worker });
      worker.postMessage({ ...request, id });
    });
  }

  /** Stops the LP being solved (its promise rejects with `Cancelled`). */
  cancel() {
    if (this.#lpId === null) return;
    this.#lp?.terminate();
    this.#lp = null;
    const p = this.#pending.get(this.#lpId);
    this.#pending.delete(this.#lpId);
    this.#lpId = null;
    p?.reject(new Cancelled());
  }
}
