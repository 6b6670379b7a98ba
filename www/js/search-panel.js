// The search panel: its options, the live figures and chart, the best game on the board,
// and "My best games". The search itself runs in the worker (search-client.js).

import { $, errorText, showError } from "./app.js";
import { describeGame, formatDuration, loadGames, saveGames, withGame, withoutGame } from "./best-games.js";
import { paintChart } from "./chart.js";
import { linkBase } from "./saved.js";
import { maxThreads, SearchClient, threadsAvailable } from "./search-client.js";

const NUMBER = new Intl.NumberFormat("en-US");

/** A random seed: searches differ from one another unless the user repeats a link. */
function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

export class SearchPanel {
  constructor(app) {
    this.app = app;
    this.client = new SearchClient(this);
    this.games = loadGames();
    this.samples = []; // [{t, score}] of the current search, for the chart
    this.bestLink = null; // the current search's best game
    this.entry = null; // its entry in "My best games"
    this.threads = 0; // threads the current search runs on
    this.chartQueued = false;
    this.fillThreads();
    this.wire();
    this.describeFrom();
    this.renderGames();
    this.paintChart();
  }

  fillThreads() {
    const select = $("search-threads-choice");
    const n = maxThreads();
    for (let t = n; t >= 1; t--) {
      select.append(new Option(t === n && n > 1 ? `${t} (all)` : String(t), String(t)));
    }
    select.disabled = n === 1;
    $("search-mode").textContent = threadsAvailable()
      ? `Runs on up to ${n} thread${n === 1 ? "" : "s"} (this device's cores), in the background: the page stays usable.`
      : "One thread only: this page is not cross-origin isolated, so the browser allows no shared memory between threads. Reloading once usually fixes that; if not, the search still runs, on one core.";
  }

  wire() {
    $("search-start").addEventListener("click", () => this.start());
    $("search-stop").addEventListener("click", () => this.client.stop());
    $("search-pause").addEventListener("click", () => this.togglePause());
    $("search-show").addEventListener("change", (e) => (e.target.checked ? this.showBest(true) : this.app.endPreview(false)));
    $("search-open").addEventListener("click", () => this.openGame(this.bestLink));
    this.app.onPreviewEnd = () => ($("search-show").checked = false);
    // what "on from this position" means follows the game
    this.app.onUpdate = () => this.describeFrom();
    new ResizeObserver(() => this.paintChart()).observe($("search-chart"));
  }

  /** The "Search" menu names the variant and the position a search would start from. */
  describeFrom() {
    const g = this.app.game;
    const options = $("search-from").options;
    options[0].textContent = `a new ${g.variant()} game`;
    options[1].textContent = `on from this position (${g.shown()} move${g.shown() === 1 ? "" : "s"})`;
  }

  options() {
    const g = this.app.game;
    const here = $("search-from").value === "here";
    const time = $("search-time").value;
    let link = g.link(linkBase());
    if (!here) {
      const fresh = new this.app.wasm.Game(g.variant());
      link = fresh.link(linkBase());
      fresh.free();
    }
    return {
      link,
      from: here ? g.shown() : 0,
      variant: g.variant(),
      level: Number($("search-level").value),
      oneRun: time === "run",
      seconds: time === "run" ? 0 : Number(time),
      threads: Number($("search-threads-choice").value) || 1,
      seed: randomSeed(),
      base: linkBase(),
    };
  }

  start() {
    if (this.client.running) return;
    const o = this.options();
    this.search = o;
    this.samples = [];
    this.bestLink = null;
    this.entry = null;
    this.threads = 0; // known once the worker has made its pool
    this.setRunning(true);
    this.status(`Starting a level ${o.level} search of ${o.variant}…`);
    for (const id of ["search-best", "search-rate", "search-elapsed", "search-progress", "search-threads"]) $(id).textContent = "–";
    $("search-show").checked = true;
    $("search-show").disabled = true; // until there is a best game to show
    $("search-open").disabled = true;
    this.paintChart();
    this.client.start(o);
  }

  setRunning(running) {
    $("search-start").disabled = running;
    $("search-stop").disabled = !running;
    $("search-pause").disabled = true; // enabled once the worker says it can pause
    this.pauseLabel("Pause");
    for (const id of ["search-from", "search-level", "search-time", "search-threads-choice"]) {
      $(id).disabled = running || (id === "search-threads-choice" && maxThreads() === 1);
    }
  }

  togglePause() {
    if (this.client.paused) {
      this.client.resume();
      this.pauseLabel("Pause");
      this.status("Searching…");
    } else {
      this.client.pause();
      this.pauseLabel("Resume");
      this.status("Paused: the threads are idle. Resume goes on where it was.");
    }
  }

  pauseLabel(word) {
    $("search-pause").textContent = word;
    $("search-pause").setAttribute("aria-label", `${word} the search`);
  }

  // ---- the client's listener ----------------------------------------------------

  started({ build, threads }) {
    this.threads = threads;
    $("search-threads").textContent = String(threads);
    $("search-pause").disabled = build !== "threads";
    $("search-pause").title = build === "threads" ? "" : "Pausing needs threads (a cross-origin isolated page)";
    this.status(`Searching on ${threads} thread${threads === 1 ? "" : "s"}…`);
  }

  progress(msg) {
    this.show(msg);
  }

  done(msg) {
    this.show(msg);
    this.setRunning(false);
    const why = { budget: "its budget is spent", time: "its time is up", stopped: "stopped" }[msg.reason] || "done";
    if (!msg.best) {
      this.status(`The search ended (${why}) before a single game was played.`);
      return;
    }
    this.status(`Search over (${why}): best ${msg.best.score} moves, kept in My best games. "Open the best game" lets you replay, share or export it.`);
  }

  failed(text, last) {
    if (last) this.show(last);
    this.setRunning(false);
    this.status("");
    showError(`The search could not go on: ${text}`);
  }

  /** The figures, the chart and the best game of a progress message. */
  show({ report, elapsed, best }) {
    if (report) {
      $("search-rate").textContent = NUMBER.format(Math.round(report.playoutsPerSecond));
      $("search-progress").textContent = report.run
        ? `run ${report.run}, iteration ${report.iteration} of ${report.iterations}${report.runsDone ? ` (${report.runsDone} run${report.runsDone === 1 ? "" : "s"} done)` : ""} · ${NUMBER.format(report.playouts)} playouts`
        : "–";
    }
    $("search-elapsed").textContent = formatDuration(elapsed);
    this.now = elapsed;
    if (best && best.link !== this.bestLink) {
      this.bestLink = best.link;
      $("search-best").textContent = String(best.score);
      this.samples.push({ t: elapsed, score: best.score });
      this.keep(best, elapsed);
      $("search-show").disabled = false;
      $("search-open").disabled = false;
      // fitted each time: a better game is usually a bigger one
      if ($("search-show").checked) this.showBest(true);
    }
    this.paintChart();
  }

  /** The current search's best game, in "My best games" (updated as it improves). */
  keep(best, elapsed) {
    const s = this.search;
    this.entry = {
      id: this.entry ? this.entry.id : `${Date.now()}-${s.seed}`,
      link: best.link,
      score: best.score,
      variant: s.variant,
      level: s.level,
      seconds: Math.round(elapsed),
      threads: this.threads || s.threads,
      from: s.from,
      date: new Date().toISOString(),
    };
    this.games = withGame(this.games, this.entry);
    saveGames(this.games);
    this.renderGames();
  }

  showBest(fit) {
    if (!this.bestLink) return;
    try {
      const game = this.app.wasm.Game.import(this.bestLink, "");
      this.app.showPreview(game, `The search's best game so far: ${game.length()} moves`, fit);
    } catch (e) {
      showError(`The best game could not be shown: ${errorText(e)}`);
    }
  }

  /** Makes a kept game the game on the board (a new history entry: Back returns). */
  openGame(link) {
    if (!link) return;
    try {
      const game = this.app.wasm.Game.import(link, "");
      this.app.stopReplay();
      this.app.setGame(game, "new");
      $("search-show").checked = false;
    } catch (e) {
      showError(`This game could not be opened: ${errorText(e)}`);
    }
  }

  renderGames() {
    const list = $("best-games");
    list.replaceChildren(
      ...this.games.map((e) => {
        const li = document.createElement("li");
        const open = document.createElement("button");
        open.type = "button";
        open.className = "link-button";
        open.textContent = describeGame(e);
        open.title = `Open it (found ${new Date(e.date).toLocaleString()})`;
        open.addEventListener("click", () => this.openGame(e.link));
        const del = document.createElement("button");
        del.type = "button";
        del.className = "icon-button";
        del.setAttribute("aria-label", `Delete the ${e.score}-move ${e.variant} game`);
        del.textContent = "×";
        del.addEventListener("click", () => {
          this.games = withoutGame(this.games, e.id);
          saveGames(this.games);
          this.renderGames();
        });
        li.append(open, del);
        return li;
      }),
    );
    $("best-games-empty").hidden = this.games.length > 0;
  }

  status(text) {
    $("search-status").textContent = text;
  }

  /** At most once an animation frame. */
  paintChart() {
    if (this.chartQueued) return;
    this.chartQueued = true;
    requestAnimationFrame(() => {
      this.chartQueued = false;
      paintChart($("search-chart"), this.samples, this.now || 0, window.devicePixelRatio || 1);
    });
  }
}
