// @ts-check
// The search panel: its options, the live figures and chart, the best game on the board,
// and "My best games". The search itself runs in the worker (search-client.js); the game
// on the board is the App's, reached through its API only.

import { describeGame, forgetGame, formatDuration, isAboutGames, keepGame, loadGames } from "./best-games.js";
import { paintChart } from "./chart.js";
import { $, button, canvas, el, errorText, input, select, showError } from "./dom.js";
import { linkBase } from "./saved.js";
import { maxThreads, SearchClient, threadsAvailable } from "./search-client.js";

/** @typedef {import("./app.js").App} App */
/** @typedef {import("./best-games.js").BestGame} BestGame */
/** @typedef {import("./search-client.js").Options} Options */
/** @typedef {import("./search-client.js").Message} Message */

const NUMBER = new Intl.NumberFormat("en-US");

/** A random seed: searches differ from one another unless the user repeats a link. */
function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

export class SearchPanel {
  /** @type {App} */ #app;
  /** @type {SearchClient} */ #client;
  /** @type {BestGame[]} */ #games;
  /** The current search's options. @type {Options | null} */ #search = null;
  /** The best score over time, for the chart. @type {Array<{ t: number, score: number }>} */ #samples = [];
  /** The current search's best game. @type {string | null} */ #bestLink = null;
  /** Its entry in "My best games". @type {BestGame | null} */ #entry = null;
  /** Whether that entry is stored (storage may refuse, or hold KEEP better games). */ #kept = false;
  /** Threads the current search runs on. */ #threads = 0;
  /** Seconds searched so far. */ #now = 0;
  #chartQueued = false;

  /** @param {App} app */
  constructor(app) {
    this.#app = app;
    this.#client = new SearchClient(this);
    this.#games = loadGames();
    this.#fillThreads();
    this.#wire();
    this.#describeFrom();
    this.#renderGames();
    this.#paintChart();
  }

  /** Whether a search is running (for the tests and the console). */
  running() {
    return this.#client.running;
  }

  /** The last figures of the running (or last) search. */
  report() {
    return this.#client.last?.report ?? null;
  }

  /** Playouts the running (or last) search has done. */
  playouts() {
    return this.report()?.playouts ?? 0;
  }

  /** The best score over time of the running (or last) search. */
  scores() {
    return [...this.#samples];
  }

  #fillThreads() {
    const menu = select("search-threads-choice");
    const n = maxThreads();
    for (let t = n; t >= 1; t--) {
      menu.append(new Option(t === n && n > 1 ? `${t} (all)` : String(t), String(t)));
    }
    menu.disabled = n === 1;
    $("search-mode").textContent = threadsAvailable()
      ? `Runs on up to ${n} thread${n === 1 ? "" : "s"} (this device's cores), in the background: the page stays usable.`
      : "One thread only: this page is not cross-origin isolated, so the browser allows no shared memory between threads. Reloading once usually fixes that; if not, the search still runs, on one core.";
  }

  #wire() {
    button("search-start").addEventListener("click", () => this.#start());
    button("search-stop").addEventListener("click", () => this.#client.stop());
    button("search-pause").addEventListener("click", () => this.#togglePause());
    input("search-show").addEventListener("change", (e) => {
      if (/** @type {HTMLInputElement} */ (e.target).checked) this.#showBest(true);
      else this.#app.endPreview();
    });
    button("search-open").addEventListener("click", () => this.#openGame(this.#bestLink));
    this.#app.on("previewend", () => (input("search-show").checked = false));
    // what "on from this position" means follows the game
    this.#app.on("change", () => this.#describeFrom());
    // another tab kept or deleted a game
    addEventListener("storage", (e) => {
      if (!isAboutGames(e)) return;
      this.#games = loadGames();
      this.#renderGames();
    });
    new ResizeObserver(() => this.#paintChart()).observe(canvas("search-chart"));
  }

  /** The "Search" menu names the variant and the position a search would start from. */
  #describeFrom() {
    const shown = this.#app.shown();
    const options = select("search-from").options;
    options[0].textContent = `a new ${this.#app.variant()} game`;
    options[1].textContent = `on from this position (${shown} move${shown === 1 ? "" : "s"})`;
  }

  /** @returns {Options} */
  #options() {
    const here = select("search-from").value === "here";
    const time = select("search-time").value;
    return {
      link: here ? this.#app.link() : this.#app.newGameLink(this.#app.variant()),
      from: here ? this.#app.shown() : 0,
      variant: this.#app.variant(),
      level: Number(select("search-level").value),
      oneRun: time === "run",
      seconds: time === "run" ? 0 : Number(time),
      threads: Number(select("search-threads-choice").value) || 1,
      seed: randomSeed(),
      base: linkBase(),
    };
  }

  #start() {
    if (this.#client.running) return;
    const o = this.#options();
    this.#search = o;
    this.#samples = [];
    this.#bestLink = null;
    this.#entry = null;
    this.#threads = 0; // known once the worker has made its pool
    this.#setRunning(true);
    this.#status(`Starting a level ${o.level} search of ${o.variant}…`);
    for (const id of ["search-best", "search-rate", "search-elapsed", "search-progress", "search-threads"]) $(id).textContent = "–";
    input("search-show").checked = true;
    input("search-show").disabled = true; // until there is a best game to show
    button("search-open").disabled = true;
    this.#paintChart();
    this.#client.start(o);
  }

  /** @param {boolean} running */
  #setRunning(running) {
    button("search-start").disabled = running;
    button("search-stop").disabled = !running;
    button("search-pause").disabled = true; // enabled once the worker says it can pause
    this.#pauseLabel("Pause");
    for (const id of ["search-from", "search-level", "search-time", "search-threads-choice"]) {
      select(id).disabled = running || (id === "search-threads-choice" && maxThreads() === 1);
    }
  }

  #togglePause() {
    if (this.#client.paused) {
      this.#client.resume();
      this.#pauseLabel("Pause");
      this.#status("Searching…");
    } else {
      this.#client.pause();
      this.#pauseLabel("Resume");
      this.#status("Paused: the threads are idle. Resume goes on where it was.");
    }
  }

  /** @param {string} word */
  #pauseLabel(word) {
    button("search-pause").textContent = word;
    button("search-pause").setAttribute("aria-label", `${word} the search`);
  }

  // ---- the client's listener ----------------------------------------------------

  /** @param {{ build: string, threads: number }} started */
  started({ build, threads }) {
    this.#threads = threads;
    $("search-threads").textContent = String(threads);
    button("search-pause").disabled = build !== "threads";
    button("search-pause").title = build === "threads" ? "" : "Pausing needs threads (a cross-origin isolated page)";
    this.#status(`Searching on ${threads} thread${threads === 1 ? "" : "s"}…`);
  }

  /** @param {Message} msg */
  progress(msg) {
    this.#show(msg);
  }

  /** @param {Message & { reason: string }} msg */
  done(msg) {
    this.#show(msg);
    this.#setRunning(false);
    /** @type {Record<string, string>} */
    const reasons = { budget: "its budget is spent", time: "its time is up", stopped: "stopped" };
    const why = reasons[msg.reason] || "done";
    if (!msg.best) {
      this.#status(`The search ended (${why}) before a single game was played.`);
      return;
    }
    const kept = this.#kept
      ? "kept in My best games"
      : "not kept in My best games (the browser's storage refused it, or holds 50 better games)";
    this.#status(`Search over (${why}): best ${msg.best.score} moves, ${kept}. "Open the best game" lets you replay, share or export it.`);
  }

  /** @param {string} text @param {Message | null} last */
  failed(text, last) {
    if (last) this.#show(last);
    this.#setRunning(false);
    this.#status("");
    showError(`The search could not go on: ${text}`);
  }

  /** The figures, the chart and the best game of a progress message. @param {Message} msg */
  #show({ report, elapsed, best }) {
    if (report) {
      $("search-rate").textContent = NUMBER.format(Math.round(report.playoutsPerSecond));
      $("search-progress").textContent = report.run
        ? `run ${report.run}, iteration ${report.iteration} of ${report.iterations}${report.runsDone ? ` (${report.runsDone} run${report.runsDone === 1 ? "" : "s"} done)` : ""} · ${NUMBER.format(report.playouts)} playouts`
        : "–";
    }
    $("search-elapsed").textContent = formatDuration(elapsed);
    this.#now = elapsed;
    if (best && best.link !== this.#bestLink) {
      this.#bestLink = best.link;
      $("search-best").textContent = String(best.score);
      this.#samples.push({ t: elapsed, score: best.score });
      this.#keep(best, elapsed);
      input("search-show").disabled = false;
      button("search-open").disabled = false;
      // fitted each time: a better game is usually a bigger one
      if (input("search-show").checked) this.#showBest(true);
    }
    this.#paintChart();
  }

  /** The current search's best game, in "My best games" (its entry grows as it improves). @param {{ score: number, link: string }} best @param {number} elapsed */
  #keep(best, elapsed) {
    const s = this.#search;
    if (!s) return;
    this.#entry = {
      id: this.#entry ? this.#entry.id : `${Date.now()}-${s.seed}`,
      link: best.link,
      score: best.score,
      variant: s.variant,
      level: s.level,
      seconds: Math.round(elapsed),
      threads: this.#threads || s.threads,
      from: s.from,
      date: new Date().toISOString(),
    };
    const { list, kept } = keepGame(this.#entry);
    this.#games = list;
    this.#kept = kept;
    this.#renderGames();
  }

  /** @param {boolean} fit */
  #showBest(fit) {
    if (!this.#bestLink) return;
    try {
      const score = this.#samples.length ? this.#samples[this.#samples.length - 1].score : 0;
      this.#app.showPreview(this.#bestLink, `The search's best game so far: ${score} moves`, fit);
    } catch (e) {
      showError(`The best game could not be shown: ${errorText(e)}`);
    }
  }

  /** Makes a kept game the game on the board (a new history entry: Back returns). @param {string | null} link */
  #openGame(link) {
    if (!link) return;
    try {
      this.#app.openLink(link, "new");
      input("search-show").checked = false;
    } catch (e) {
      showError(`This game could not be opened: ${errorText(e)}`);
    }
  }

  #renderGames() {
    el("best-games", HTMLOListElement).replaceChildren(
      ...this.#games.map((e) => {
        const li = document.createElement("li");
        const open = document.createElement("button");
        open.type = "button";
        open.className = "link-button";
        open.textContent = describeGame(e);
        open.title = `Open it (found ${e.date ? new Date(e.date).toLocaleString() : "earlier"})`;
        open.addEventListener("click", () => this.#openGame(e.link));
        const del = document.createElement("button");
        del.type = "button";
        del.className = "icon-button";
        del.setAttribute("aria-label", `Delete the ${e.score}-move ${e.variant} game`);
        del.textContent = "×";
        del.addEventListener("click", () => {
          this.#games = forgetGame(e.id);
          this.#renderGames();
        });
        li.append(open, del);
        return li;
      }),
    );
    $("best-games-empty").hidden = this.#games.length > 0;
  }

  /** @param {string} text */
  #status(text) {
    $("search-status").textContent = text;
  }

  /** At most once an animation frame. */
  #paintChart() {
    if (this.#chartQueued) return;
    this.#chartQueued = true;
    requestAnimationFrame(() => {
      this.#chartQueued = false;
      paintChart(canvas("search-chart"), this.#samples, this.#now, window.devicePixelRatio || 1);
    });
  }
}
