// @ts-check
// The page's side of the opponent worker (opponent-worker.js): asks for the computer's move
// in a position and gets it as a promise; a newer question or a cancel makes the answer
// to an older one `null` (the page has moved on). The worker is made at the first question.

import { errorFrom } from "./dom.js";
import { t } from "./i18n.js";
import { maxThreads } from "./search-client.js";

/** @typedef {import("../../pkg/morpion.js").OpponentMove} OpponentMove */
/** @typedef {{ link: string, strength: string, seconds: number }} Question */

/** How long past its thinking time an answer may take (the engine's start, the exact
 * solve) before the question is given up as failed. */
const GRACE_MS = 30_000;

export class OpponentClient {
  /** @type {Worker | null} */ #worker = null;
  /** The build the worker loaded, once it says. @type {string | null} */ #build = null;
  #nextId = 1;
  /** The question awaiting its answer. @type {{ id: number, resolve: (m: OpponentMove | null) => void, reject: (e: Error) => void, timer: ReturnType<typeof setTimeout> } | null} */
  #pending = null;

  /**
   * The computer's move in the game of `link` (at its shown move); `null` if cancelled or
   * overtaken by another question. Rejects with the engine's message when it cannot play
   * (a 3T game, a damaged link).
   * @param {Question} q @returns {Promise<OpponentMove | null>}
   */
  ask(q) {
    this.cancel();
    if (!this.#worker) this.#makeWorker();
    const id = this.#nextId++;
    const seed = Math.floor(Math.random() * 2 ** 31);
    return new Promise((resolve, reject) => {
      // a worker that never answers (a trap on a pool thread) must not leave the page waiting
      const timer = setTimeout(() => {
        if (this.#pending?.id !== id) return;
        this.close();
        this.#settle(null, new Error(`no answer after ${Math.round(q.seconds + GRACE_MS / 1000)} s`));
      }, q.seconds * 1000 + GRACE_MS);
      this.#pending = { id, resolve, reject, timer };
      this.#worker?.postMessage({ type: "think", id, ...q, seed, threads: maxThreads() });
    });
  }

  /** Gives up the question under way (its answer will be `null`). */
  cancel() {
    const p = this.#pending;
    if (!p) return;
    this.#pending = null;
    clearTimeout(p.timer);
    p.resolve(null);
    // one thread: the worker is busy until it answers, so it is ended instead (while the
    // build is not known yet, the pool may be starting: it is told, not ended)
    if (this.#build === "single") this.close();
    else this.#worker?.postMessage({ type: "cancel", id: p.id });
  }

  /** Ends the worker; the next question makes another. */
  close() {
    this.#worker?.terminate();
    this.#worker = null;
    this.#build = null;
  }

  #makeWorker() {
    const worker = new Worker(new URL("./opponent-worker.js", import.meta.url), { type: "module" });
    this.#worker = worker;
    worker.onmessage = ({ data }) => this.#receive(data);
    worker.onerror = (e) => {
      e.preventDefault();
      this.close();
      this.#settle(null, new Error(t("error.worker-opponent", { why: e.message || t("error.no-load") })));
    };
  }

  /** @param {any} data a message of opponent-worker.js */
  #receive(data) {
    if (data.type === "ready") {
      this.#build = data.build;
      return;
    }
    if (!this.#pending || data.id !== this.#pending.id) return; // an answer no longer wanted
    if (data.type === "move") this.#settle(data.move, null);
    else if (data.type === "error") this.#settle(null, errorFrom(data, "the computer player failed"));
  }

  /** @param {OpponentMove | null} move @param {Error | null} error */
  #settle(move, error) {
    const p = this.#pending;
    if (!p) return;
    this.#pending = null;
    clearTimeout(p.timer);
    if (error) p.reject(error);
    else p.resolve(move);
  }
}
