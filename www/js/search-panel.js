// @ts-check
// The search panel: its options, the live figures and chart, the best game on the board,
// and "My best games". The search itself runs in the worker (search-client.js); the game
// on the board is the App's, reached through its API only.

import { gameItem } from "./game-list.js";
import { describeGame, forgetGame, formatDuration, formatElapsed, isAboutGames, keepGame, loadGames } from "./best-games.js";
import { paintChart } from "./chart.js";
import { $, button, canvas, el, errorText, input, say, select, showError } from "./dom.js";
import { threadsBlocked } from "./engine-load.js";
import { dateTime, num, t } from "./i18n.js";
import { linkBase } from "./saved.js";
import { maxThreads, SearchClient } from "./search-client.js";

/**
 * A rough time said roughly: seconds, whole minutes or hours, then days and years with two
 * significant figures at most (a level-6 run is years, not "11,111 h").
 * @param {number} seconds
 */
export function roughDuration(seconds) {
  const day = 86_400;
  const year = 365.25 * day;
  const twoFigures = (/** @type {number} */ x) => Number(x.toPrecision(x < 10 ? 1 : 2));
  if (seconds >= year) return t("search.years", { n: twoFigures(seconds / year) });
  if (seconds >= 2 * day) return t("search.days", { n: twoFigures(seconds / day) });
  const unit = seconds >= 3600 ? 3600 : seconds >= 60 ? 60 : 1;
  return formatDuration(Math.max(1, Math.round(seconds / unit)) * unit);
}

/** Playouts a second a thread of a desktop computer's search (BENCHMARKS.md: 85k-125k in
 * Chromium): only for the rough time a run's size is given with. */
const RATE_PER_THREAD = 100_000;

/** @typedef {import("./app.js").App} App */
/** @typedef {import("./best-games.js").BestGame} BestGame */
/** @typedef {import("./search-client.js").Options} Options */
/** @typedef {import("./search-client.js").Message} Message */


/**
 * Asks the browser to check with the user before the page is left while a search runs: its
 * best game so far is kept in "My best games", but the run, its chart and the time it took
 * are not. @param {BeforeUnloadEvent} e
 */
function holdPage(e) {
  e.preventDefault();
  e.returnValue = "search"; // the older browsers' way of asking (any value but "" or undefined)
}

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
  /** That entry's id once the user deleted it: the search's later bests are not kept, until Undo. @type {string | null} */ #dropped = null;
  /** Threads the current search runs on. */ #threads = 0;
  /** The panel shows a search running (from Start until the worker says it ended). */ #running = false;
  /** Seconds searched so far. */ #now = 0;
  /** The kept games deleted in this visit, last deleted last: Undo brings them back one by one. @type {BestGame[]} */ #deleted = [];
  #chartQueued = false;

  /** @param {App} app */
  constructor(app) {
    this.#app = app;
    this.#client = new SearchClient(this);
    this.#games = loadGames();
    this.#fillThreads();
    this.#wire();
    this.#describeFrom();
    this.#describeMethod(); // the remembered method's, restored before this panel was made
    this.#describeRun();
    this.#renderGames();
    this.#paintChart();
  }

  /** Whether a search is running (for the tests and the console). */
  running() {
    return this.#client.running;
  }

  /** The page is about to go at the user's word (a language changed, asked first): the
   * browser need not ask again. */
  letPageGo() {
    window.removeEventListener("beforeunload", holdPage);
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
    for (let k = n; k >= 1; k--) {
      menu.append(new Option(k === n && n > 1 ? t("search.threads-all", { n: k }) : String(k), String(k)));
    }
    menu.disabled = n === 1;
    const blocked = threadsBlocked();
    $("search-mode").textContent =
      blocked === null ? t("search.mode-threads", { n }) : t(blocked === "simd" ? "search.mode-one-simd" : "search.mode-one");
  }

  #wire() {
    select("search-method").addEventListener("change", () => this.#describeMethod());
    for (const id of ["search-method", "search-level", "search-threads-choice"]) {
      select(id).addEventListener("change", () => this.#describeRun());
    }
    button("search-start").addEventListener("click", () => this.#start());
    button("search-stop").addEventListener("click", () => this.#client.stop());
    button("search-pause").addEventListener("click", () => this.#togglePause());
    input("search-show").addEventListener("change", (e) => {
      if (/** @type {HTMLInputElement} */ (e.target).checked) this.#showBest(true);
      else this.#app.endPreview();
    });
    button("search-open").addEventListener("click", () => this.#openGame(this.#bestLink));
    button("best-games-restore").addEventListener("click", () => this.#restore());
    this.#app.on("previewend", () => (input("search-show").checked = false));
    // what "on from this position" means follows the game
    this.#app.on("change", () => this.#describeFrom());
    select("search-from").addEventListener("change", () => this.#offerStart());
    // another tab kept or deleted a game
    addEventListener("storage", (e) => {
      if (!isAboutGames(e)) return;
      this.#games = loadGames();
      this.#renderGames();
    });
    new ResizeObserver(() => this.#paintChart()).observe(canvas("search-chart"));
    document.addEventListener("themechange", () => this.#paintChart());
  }

  /**
   * How big a run of the chosen level and method is, and about how long it takes at a
   * desktop's pace on the chosen threads, so that nobody starts a run of days unawares.
   */
  #describeRun() {
    const level = Number(select("search-level").value);
    const playouts = this.#app.runPlayouts(level, select("search-method").value);
    const threads = Number(select("search-threads-choice").value) || 1;
    const seconds = playouts / (RATE_PER_THREAD * threads);
    $("search-run-size").textContent = t("search.run-size", { level, playouts: num(playouts), time: roughDuration(seconds), n: threads });
  }

  /** The chosen method's one-line explanation (its key, so a language change retranslates it). */
  #describeMethod() {
    const about = $("search-method-about");
    about.setAttribute("data-i18n", `search.about-${select("search-method").value}`);
    about.textContent = t(/** @type {string} */ (about.getAttribute("data-i18n")));
  }

  /**
   * The "Search" menu names the variant and the position a search would start from: the
   * board's, or while a search runs (the menu is locked then) the search's own, so a new
   * game on the board does not relabel the running search's best as another variant's.
   */
  #describeFrom() {
    const running = this.#client.running && this.#search ? this.#search : null;
    const options = select("search-from").options;
    options[0].textContent = t("search.from-new", { variant: running?.variant ?? this.#app.variant() });
    // the board now holds a game of another variant: the running search's is said
    const other = running && running.variant !== this.#app.variant();
    options[1].textContent = other
      ? t("search.from-here-of", { n: running.from, variant: running.variant })
      : t("search.from-here", { n: running ? running.from : this.#app.shown() });
    this.#describeBest();
    this.#offerStart();
  }

  /** The best score, with its variant once the board holds a game of another one (a 5T
   * search's 140 is not read beside a 5D board as a 5D score). */
  #describeBest() {
    const score = this.#samples.at(-1)?.score;
    const variant = this.#search?.variant;
    $("search-best").textContent = score === undefined ? "–"
      : variant && variant !== this.#app.variant() ? t("search.best-of", { score: num(score), variant }) : num(score);
  }

  /**
   * Start is offered only for a search that can run; otherwise the note under the options
   * says why: 3T and 3D games can go on forever (no playout would end), 4T and 4D games
   * only end for sure from the cross (a new game of them can be searched, not this one),
   * and a finished game has nothing left to search on from.
   */
  #offerStart() {
    const running = this.#running;
    const variant = this.#app.variant();
    const here = select("search-from").value === "here";
    const why = running
      ? null
      : variant.startsWith("3")
        ? t("search.endless", { variant })
        : here && !this.#app.gamesEnd()
          ? t("search.endless-start", { variant })
          : here && this.#app.finished()
            ? t("search.nothing-left", { n: this.#app.shown() })
            : null;
    const start = button("search-start");
    // a focused button that becomes disabled drops the focus to the page: it goes to the
    // note beside it, which says why and what makes a search possible again (the menu at
    // the panel's top would scroll a phone's panel away from the buttons and the result)
    const note = $("search-note");
    const focused = document.activeElement;
    start.disabled = running || why !== null;
    note.hidden = why === null;
    note.textContent = why ?? "";
    if (why !== null && focused === start) note.focus(); // once shown: a hidden note takes no focus
    // and back: the note had it (its keys went back a move: Start is offered again)
    else if (why === null && focused === note) (start.disabled ? button("search-stop") : start).focus();
  }

  /** @returns {Options} */
  #options() {
    const here = select("search-from").value === "here";
    const time = select("search-time").value;
    return {
      link: here ? this.#app.link() : this.#app.newGameLink(this.#app.variant()),
      from: here ? this.#app.shown() : 0,
      variant: this.#app.variant(),
      method: select("search-method").value,
      level: Number(select("search-level").value),
      oneRun: time === "run",
      seconds: time === "run" ? 0 : Number(time),
      threads: Number(select("search-threads-choice").value) || 1,
      seed: randomSeed(),
      base: linkBase(),
    };
  }

  #start() {
    if (this.#client.running || button("search-start").disabled) return;
    const o = this.#options();
    this.#search = o;
    this.#samples = [];
    this.#bestLink = null;
    this.#entry = null;
    this.#dropped = null;
    this.#threads = 0; // known once the worker has made its pool
    this.#setRunning(true);
    this.#status(t("search.starting", { level: o.level, variant: o.variant }));
    for (const id of ["search-best", "search-rate", "search-elapsed", "search-progress", "search-threads"]) $(id).textContent = "–";
    input("search-show").checked = true;
    input("search-show").disabled = true; // until there is a best game to show
    button("search-open").disabled = true;
    this.#paintChart();
    this.#client.start(o);
  }

  /** @param {boolean} running */
  #setRunning(running) {
    // a disabled button loses the keyboard's focus to the page: it goes to the other one
    const from = document.activeElement;
    this.#running = running;
    if (running) window.addEventListener("beforeunload", holdPage);
    else window.removeEventListener("beforeunload", holdPage);
    button("search-stop").disabled = !running;
    button("search-pause").disabled = true; // enabled once the worker says it can pause
    this.#pauseLabel(false);
    for (const id of ["search-from", "search-method", "search-level", "search-time", "search-threads-choice"]) {
      select(id).disabled = running || (id === "search-threads-choice" && maxThreads() === 1);
    }
    this.#describeFrom(); // Start, unless the board's game cannot be searched
    if (from === button(running ? "search-start" : "search-stop")) {
      const start = button("search-start");
      (running ? button("search-stop") : start.disabled ? $("search-note") : start).focus();
    }
  }

  #togglePause() {
    if (this.#client.paused) {
      this.#client.resume();
      this.#pauseLabel(false);
      // as when it started: the same words for the same search
      this.#status(this.#threads ? t("search.searching-on", { n: this.#threads }) : t("search.searching"));
    } else {
      this.#client.pause();
      this.#pauseLabel(true);
      this.#status(t("search.paused"));
      $("search-rate").textContent = "–"; // none while parked: the next report after Resume says it
    }
  }

  /** The pause button says Pause, or Resume when `paused`. @param {boolean} paused */
  #pauseLabel(paused) {
    button("search-pause").textContent = t(paused ? "search.resume" : "search.pause");
    button("search-pause").setAttribute("aria-label", t(paused ? "search.resume-label" : "search.pause-label"));
  }

  // ---- the client's listener ----------------------------------------------------

  /** @param {{ build: string, threads: number }} started */
  started({ build, threads }) {
    this.#threads = threads;
    $("search-threads").textContent = num(threads);
    button("search-pause").disabled = build !== "threads";
    button("search-pause").title = build === "threads" ? "" : t("search.pause-needs-threads");
    this.#status(t("search.searching-on", { n: threads }));
  }

  /** @param {Message} msg */
  progress(msg) {
    this.#show(msg);
  }

  /** @param {Message & { reason: string }} msg */
  done(msg) {
    this.#show(msg);
    this.#setRunning(false);
    // the board's best game is no longer "so far"
    if (input("search-show").checked && this.#app.previewing()) this.#showBest(false);
    const why = t(["budget", "time", "stopped"].includes(msg.reason) ? `search.why-${msg.reason}` : "search.why-done");
    if (!msg.best) {
      this.#status(t("search.ended-empty", { why }));
      return;
    }
    const kept = t(this.#dropped === this.#entry?.id ? "search.kept-deleted" : this.#kept ? "search.kept-yes" : "search.kept-no");
    this.#status(t("search.over", { why, n: msg.best.score, kept }));
  }

  /** @param {string} text @param {Message | null} last */
  failed(text, last) {
    if (last) this.#show(last);
    this.#setRunning(false);
    this.#status("");
    showError(t("search.failed", { why: text }));
  }

  /** The figures, the chart and the best game of a progress message. @param {Message} msg */
  #show({ report, elapsed, best }) {
    if (report) {
      // a report that comes in while parked speaks of before the pause
      $("search-rate").textContent = this.#client.paused ? "–" : num(Math.round(report.playoutsPerSecond));
      $("search-progress").textContent = report.run
        ? [
          t("search.run", { run: report.run, iteration: report.iteration, of: report.iterations }),
          report.runsDone ? t("search.runs-done", { n: report.runsDone }) : "",
          t("search.playouts", { n: report.playouts }),
        ].filter(Boolean).join(" · ")
        : "–";
    }
    $("search-elapsed").textContent = formatElapsed(elapsed);
    this.#now = elapsed;
    if (best && best.link !== this.#bestLink) {
      this.#bestLink = best.link;
      this.#samples.push({ t: elapsed, score: best.score });
      this.#describeBest();
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
      method: s.method,
      level: s.level,
      seconds: Math.round(elapsed),
      threads: this.#threads || s.threads,
      from: s.from,
      date: new Date().toISOString(),
    };
    if (this.#dropped === this.#entry.id) return; // deleted by the user: not brought back
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
      this.#app.showPreview(this.#bestLink, t(this.#running ? "search.preview-title" : "search.preview-title-done", { n: score }), fit);
    } catch (e) {
      showError(t("search.show-failed", { why: errorText(e) }));
    }
  }

  /** Makes a kept game the game on the board (a new history entry: Back returns). @param {string | null} link */
  #openGame(link) {
    if (!link) return;
    try {
      this.#app.openLink(link, "new");
      this.#app.keep(); // a game the user's search found is theirs: kept for the next visit
      input("search-show").checked = false;
      say(t("search.opened", { n: this.#app.length() }));
    } catch (e) {
      showError(t("search.open-failed", { why: errorText(e) }));
    }
  }

  #renderGames() {
    el("best-games", HTMLOListElement).replaceChildren(
      ...this.#games.map((e) => gameItem({
        text: describeGame(e),
        title: e.date ? t("search.open-found", { date: dateTime(e.date) }) : t("search.open-it"),
        open: () => this.#openGame(e.link),
        removeLabel: t("search.delete", { n: e.score, variant: e.variant }),
        remove: () => this.#delete(e),
      })),
    );
    $("best-games-empty").hidden = this.#games.length > 0;
  }

  /** Deletes a kept game, and offers to undo that. @param {BestGame} e */
  #delete(e) {
    if (e.id === this.#entry?.id) this.#dropped = e.id;
    this.#games = forgetGame(e.id);
    this.#deleted.push(e);
    this.#showDeleted();
    this.#renderGames();
    button("best-games-restore").focus(); // the deleted button had the focus
  }

  /** The line that offers to bring back the game deleted last. */
  #showDeleted() {
    const e = this.#deleted[this.#deleted.length - 1];
    $("best-games-undo").hidden = !e;
    if (!e) return;
    const more = this.#deleted.length - 1;
    $("best-games-undo-text").textContent = more
      ? t("search.deleted-more", { n: e.score, variant: e.variant, more })
      : t("search.deleted", { n: e.score, variant: e.variant });
  }

  /** Puts the game deleted last back in the list. */
  #restore() {
    let e = this.#deleted.pop();
    if (!e) return;
    this.#showDeleted();
    if (e.id === this.#dropped) {
      // the search's entry comes back with its best by now (perhaps better than the one deleted)
      this.#dropped = null;
      if (this.#entry?.id === e.id) e = this.#entry;
    }
    const { list, kept } = keepGame(e);
    this.#games = list;
    if (e === this.#entry) this.#kept = kept;
    if (!kept) showError(t("search.restore-failed"));
    this.#renderGames();
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
