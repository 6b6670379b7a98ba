// Starts the page: waits for the wasm module, fills the menus, opens the game of the
// address (or the last one kept), and wires every control to the App.

import { $, App, clearError, errorText, say, showError } from "./app.js";
import { attachBoardInput } from "./board-input.js";
import { addressHasGame, linkBase, recall, showInAddress } from "./saved.js";
import { SearchPanel } from "./search-panel.js";
import { attachShare } from "./share.js";

/** How long the engine may take to start before the page says something is wrong. */
const START_TIMEOUT_MS = 20_000;

/** The wasm bindings, once Trunk's loader has started the module. */
function bindings() {
  if (window.wasmBindings) return Promise.resolve(window.wasmBindings);
  return new Promise((resolve, reject) => {
    addEventListener("TrunkApplicationStarted", () => resolve(window.wasmBindings), { once: true });
    // A failed start (no WebAssembly, a missing file) is noted by index.html's first script.
    const started = Date.now();
    const check = () => {
      const failure = document.documentElement.dataset.startError;
      if (window.wasmBindings) return;
      if (failure) return reject(new Error(failure));
      if (Date.now() - started > START_TIMEOUT_MS) return reject(new Error("it did not start within 20 seconds"));
      setTimeout(check, 100);
    };
    check();
  });
}

function fillVariants(select, names) {
  for (const v of names) select.append(new Option(v, v));
}

function fillRecords(select, records) {
  const groups = new Map();
  for (const r of records) {
    if (!groups.has(r.variant)) {
      const g = document.createElement("optgroup");
      g.label = r.variant;
      groups.set(r.variant, g);
      select.append(g);
    }
    const who = r.author && r.author !== "?" ? r.author : "unknown";
    const when = r.date && r.date !== "?" ? `, ${r.date}` : "";
    groups.get(r.variant).append(new Option(`${r.variant} · ${r.score} moves · ${who}${when}`, r.name));
  }
}

/** The game to start with: the address's, else the last one kept, else a new 5T game. */
function initialGame(app) {
  const { Game } = app.wasm;
  if (addressHasGame()) {
    try {
      return Game.import(location.href, "");
    } catch (e) {
      showError(`This link could not be opened: ${errorText(e)}. Your last game is shown instead.`);
    }
  }
  const kept = recall();
  if (kept) {
    try {
      return Game.import(kept.link, "");
    } catch {
      // A game kept by an older version: start afresh.
    }
  }
  return new Game("5T");
}

/** The user changed the address (pasted a link, pressed Back): open its game. */
function openAddress(app) {
  if (location.href === app.game.link(linkBase())) return;
  if (!addressHasGame()) return;
  try {
    const game = app.wasm.Game.import(location.href, "");
    app.stopReplay();
    app.setGame(game, "view");
    clearError();
  } catch (e) {
    showError(`This link could not be opened: ${errorText(e)}. Your game is unchanged.`);
    showInAddress(app.game.link(linkBase()), false);
  }
}

function wire(app) {
  const canvas = $("board");
  attachBoardInput(canvas, {
    pan: (dx, dy) => { app.board.pan(dx, dy); app.redraw(); },
    zoomAt: (f, x, y) => { app.board.zoom_at(f, x, y); app.redraw(); },
    tap: (x, y) => { canvas.focus({ preventScroll: true }); app.tap(x, y); },
    hover: (x, y) => app.hover(x, y),
  });
  new ResizeObserver(() => {
    const r = canvas.getBoundingClientRect();
    app.board.resize(r.width, r.height, window.devicePixelRatio || 1);
    if (!app.sized || app.fitPending) {
      app.sized = true;
      app.fitPending = false;
      app.board.fit();
    }
    app.board.draw();
  }).observe(canvas);

  $("undo").addEventListener("click", () => app.undo());
  $("redo").addEventListener("click", () => app.redo());
  $("first").addEventListener("click", () => { app.stopReplay(); app.goTo(0); });
  $("prev").addEventListener("click", () => app.undo());
  $("next").addEventListener("click", () => app.redo());
  $("last").addEventListener("click", () => { app.stopReplay(); app.goTo(app.game.length()); });
  $("play").addEventListener("click", () => app.toggleReplay());
  $("speed").addEventListener("change", () => { if (app.timer) { app.stopReplay(); app.toggleReplay(); } });
  $("slider").addEventListener("input", (e) => { app.stopReplay(); app.goTo(Number(e.target.value)); });
  $("zoom-in").addEventListener("click", () => app.zoom(1.25));
  $("zoom-out").addEventListener("click", () => app.zoom(0.8));
  $("zoom-fit").addEventListener("click", () => app.fit());
  $("hints").addEventListener("change", (e) => app.setStyle({ hints: e.target.checked }));
  $("numbers").addEventListener("change", (e) => app.setStyle({ numbers: e.target.checked }));
  $("new-game").addEventListener("click", () => app.newGame($("variant").value));
  $("variant").addEventListener("change", (e) => app.newGame(e.target.value));
  $("chooser-cancel").addEventListener("click", () => app.closeOffer());
  $("error-close").addEventListener("click", clearError);
  $("records").addEventListener("change", (e) => {
    const name = e.target.value;
    if (!name) return;
    app.stopReplay();
    try {
      const game = app.wasm.Game.record(name);
      app.setGame(game, "new", app.records.find((x) => x.name === name));
      say("Step through it with the replay buttons, or play your own move from any point.");
    } catch (err) {
      showError(errorText(err));
    }
  });
  document.addEventListener("keydown", (e) => app.pageKey(e));
  addEventListener("popstate", () => openAddress(app));
  addEventListener("hashchange", () => openAddress(app));
  attachShare(app);
}

async function main() {
  let wasm;
  try {
    wasm = await bindings();
  } catch (e) {
    $("loading").textContent = "The game engine could not start.";
    showError(`The game engine could not start: ${errorText(e)}. Reload the page to try again; the page needs a browser with WebAssembly (every current browser has it).`);
    return;
  }
  const app = new App(wasm);
  app.records = wasm.records();
  fillVariants($("variant"), wasm.variants());
  fillVariants($("import-variant"), wasm.variants());
  fillRecords($("records"), app.records);
  app.board.set_style(app.style);
  wire(app);
  const game = initialGame(app);
  app.setGame(game, "view");
  app.search = new SearchPanel(app);
  if (game.length() === 0) say("Click or tap a green ring to play there.");
  $("loading").hidden = true;
  document.body.classList.add("ready");
  window.morpionApp = app; // for the browser tests and the console
}

main();
