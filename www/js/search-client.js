// @ts-check
// The page's side of the search worker (search-worker.js): starts, pauses and stops
// searches and turns the worker's messages into calls on a listener. The main thread does
// nothing here but post and receive small messages.

import { errorText } from "./dom.js";
import { t } from "./i18n.js";
import { threadsBlocked } from "./engine-load.js";

/** @typedef {import("../../pkg/morpion.js").SearchReport} SearchReport */
/**
 * What a search is asked to do (the worker's "start" message).
 * @typedef {object} Options
 * @property {string} link the game to continue (a link; `&m=N`: from move N)
 * @property {number} from moves it starts from
 * @property {string} variant
 * @property {string} method a search method's name (`stabilized`, `nrpa`)
 * @property {number} level
 * @property {boolean} oneRun one top-level run, not a time
 * @property {number} seconds the time budget (0: until stopped)
 * @property {number} threads
 * @property {number} seed
 * @property {string} base the address links start with
 */
/**
 * What the listener is told of a running search.
 * @typedef {object} Message
 * @property {SearchReport | null} report the last figures (none before the first)
 * @property {number} elapsed seconds searched
 * @property {{ score: number, link: string } | null | undefined} best the best game so far
 */
/**
 * Who hears about the search.
 * @typedef {object} Listener
 * @property {(started: { build: string, threads: number }) => void} started
 * @property {(msg: Message) => void} progress
 * @property {(msg: Message & { reason: string }) => void} done
 * @property {(text: string, last: Message | null) => void} failed
 */

/** The threads to offer: every logical core when the threaded build runs here, else 1. */
export function maxThreads() {
  return threadsBlocked() === null ? Math.max(1, navigator.hardwareConcurrency || 1) : 1;
}

/**
 * One search at a time. `listener` gets `started({build, threads})`, `progress(msg)`,
 * `done(msg)` and `failed(text)`; `msg` is `{report, elapsed, best?}` as the worker sends.
 */
export class SearchClient {
  /** @type {Listener} */ #listener;
  /** @type {Worker | null} */ #worker = null;
  /** The worker's thread pool is made once: its size. */ #poolThreads = 0;
  #running = false;
  #paused = false;
  /** Which build the worker loaded ("threads" or "single"), once it says. @type {string | null} */ #build = null;
  /** The last progress message, with the best game seen so far. @type {Message | null} */ #last = null;

  /** @param {Listener} listener */
  constructor(listener) {
    this.#listener = listener;
  }

  /** A search is running. */
  get running() { return this.#running; }
  /** It is paused. */
  get paused() { return this.#paused; }
  /** The build the worker loaded ("threads" or "single"), once it has said. */
  get build() { return this.#build; }
  /** The last progress message of the running (or last) search. */
  get last() { return this.#last; }

  /** @param {Options} options */
  start(options) {
    if (this.#running) return;
    // A rayon pool cannot be resized: another thread count needs another worker.
    if (this.#worker && this.#poolThreads !== options.threads) this.close();
    if (!this.#worker) this.#makeWorker(options.threads);
    this.#running = true;
    this.#paused = false;
    this.#build = null; // known once the worker says which build it loaded
    this.#last = null;
    this.#post({ type: "start", ...options });
  }

  /** @param {object} message */
  #post(message) {
    if (this.#worker) this.#worker.postMessage(message);
  }

  /** @param {number} threads */
  #makeWorker(threads) {
    const worker = new Worker(new URL("./search-worker.js", import.meta.url), { type: "module" });
    this.#worker = worker;
    this.#poolThreads = threads;
    worker.onmessage = ({ data }) => this.#receive(data);
    worker.onerror = (e) => {
      e.preventDefault();
      this.#fail(t("error.worker-search", { why: e.message || t("error.no-load") }));
    };
  }

  /** Ends the worker (and a search it runs, unreported); the next search makes another. */
  close() {
    if (this.#worker) this.#worker.terminate();
    this.#worker = null;
    this.#poolThreads = 0;
  }

  /** @param {any} data a message of search-worker.js */
  #receive(data) {
    switch (data.type) {
      case "started":
        this.#build = data.build;
        return this.#listener.started(data);
      case "progress":
        return this.#listener.progress(this.#keep(data));
      case "done":
        this.#running = false;
        return this.#listener.done({ ...this.#keep(data), reason: data.reason });
      case "error":
        return this.#fail(errorText(data)); // in the page's language (the worker has none)
    }
  }

  /** Remembers the message, carrying the best game forward (sent only when it changes). @param {any} data @returns {Message} */
  #keep(data) {
    const best = data.best || (this.#last && this.#last.best);
    this.#last = { report: data.report, elapsed: data.elapsed, best };
    return this.#last;
  }

  /** @param {string} text */
  #fail(text) {
    const wasRunning = this.#running;
    this.#running = false;
    // the worker may be stuck mid-start: the next search gets a new one
    this.close();
    this.#listener.failed(text, wasRunning ? this.#last : null);
  }

  /** Pause needs the threaded build: a one-thread search cannot hear messages while it runs. */
  get canPause() {
    return this.#running && this.#build === "threads";
  }

  pause() {
    if (!this.canPause || this.#paused) return;
    this.#paused = true;
    this.#post({ type: "pause" });
  }

  resume() {
    if (!this.#running || !this.#paused) return;
    this.#paused = false;
    this.#post({ type: "resume" });
  }

  stop() {
    if (!this.#running) return;
    if (this.#build === "threads") return this.#post({ type: "stop" });
    // One thread: the worker is busy searching; end it. Its best game is already here.
    this.close();
    this.#running = false;
    const last = this.#last || { report: null, elapsed: 0, best: null };
    this.#listener.done({ ...last, reason: "stopped" });
  }
}
