// @ts-check
// Starts the page: waits for the wasm module, fills the menus from what it says (variants,
// records, export formats, the board's palette), opens the game of the address (or the
// last one kept), and wires every control to the App's API.

import { App } from "./app.js";
import { attachBoardInput } from "./board-input.js";
import { BoundsPanel } from "./bounds-panel.js";
import { $, button, canvas, clearError, errorText, input, say, select, showError } from "./dom.js";
import { addressHasGame, recall, showInAddress } from "./saved.js";
import { SearchPanel } from "./search-panel.js";
import { attachShare } from "./share.js";

/** @typedef {import("./app.js").Wasm} Wasm */

/** How long the engine may take to start before the page says something is wrong. */
const START_TIMEOUT_MS = 20_000;

/**
 * The wasm bindings, once Trunk's loader has started the module.
 * @returns {Promise<Wasm>}
 */
function bindings() {
  const loaded = () => /** @type {Wasm | undefined} */ (/** @type {any} */ (window).wasmBindings);
  const now = loaded();
  if (now) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    addEventListener("TrunkApplicationStarted", () => {
      const wasm = loaded();
      if (wasm) resolve(wasm);
    }, { once: true });
    // A failed start (no WebAssembly, a missing file) is noted by index.html's first script.
    const started = Date.now();
    const check = () => {
      const failure = document.documentElement.dataset.startError;
      const wasm = loaded();
      if (wasm) return resolve(wasm);
      if (failure) return reject(new Error(failure));
      if (Date.now() - started > START_TIMEOUT_MS) return reject(new Error("it did not start within 20 seconds"));
      setTimeout(check, 100);
    };
    check();
  });
}

/** @param {HTMLSelectElement} menu @param {string[]} names */
function fillVariants(menu, names) {
  for (const v of names) menu.append(new Option(v, v));
}

/** The records, grouped by variant, labelled as the engine labels them. @param {import("./app.js").RecordInfo[]} records */
function fillRecords(records) {
  const menu = select("records");
  /** @type {Map<string, HTMLOptGroupElement>} */
  const groups = new Map();
  for (const r of records) {
    let group = groups.get(r.variant);
    if (!group) {
      group = document.createElement("optgroup");
      group.label = r.variant;
      groups.set(r.variant, group);
      menu.append(group);
    }
    group.append(new Option(r.label, r.name));
  }
}

/**
 * The board's colours as CSS custom properties (`--board-line`, ...): the stylesheet and
 * the search chart draw board things in the palette the engine paints with.
 * @param {import("../../pkg/morpion.js").Theme} theme
 */
function applyTheme(theme) {
  for (const [name, colour] of Object.entries(theme)) {
    document.documentElement.style.setProperty(`--board-${name.replace("_", "-")}`, colour);
  }
}

/** The game to start with: the address's, else the last one kept, else a new 5T game. @param {App} app */
function openInitialGame(app) {
  if (addressHasGame()) {
    try {
      return app.openLink(location.href, "view");
    } catch (e) {
      const kept = recall() ? " Your last game is shown instead." : "";
      showError(`This link could not be opened: ${errorText(e)}.${kept}`);
    }
  }
  const kept = recall();
  if (kept) {
    try {
      return app.openLink(kept.link, "view");
    } catch {
      // A game kept by an older version: start afresh.
    }
  }
  app.openLink(app.newGameLink("5T"), "view");
}

/** The user changed the address (pasted a link, pressed Back): open its game. @param {App} app */
function openAddress(app) {
  if (location.href === app.link() || !addressHasGame()) return;
  try {
    app.openLink(location.href, "view");
    clearError();
  } catch (e) {
    showError(`This link could not be opened: ${errorText(e)}. Your game is unchanged.`);
    showInAddress(app.link(), false);
  }
}

/** @param {App} app */
function wire(app) {
  const board = canvas("board");
  attachBoardInput(board, {
    pan: (dx, dy) => app.pan(dx, dy),
    zoomAt: (f, x, y) => app.zoomAt(f, x, y),
    tap: (x, y) => { board.focus({ preventScroll: true }); app.tap(x, y); },
    hover: (x, y) => app.hover(x, y),
  });
  new ResizeObserver(() => {
    const r = board.getBoundingClientRect();
    app.resize(r.width, r.height, window.devicePixelRatio || 1);
  }).observe(board);

  /** @type {Record<string, () => void>} */
  const clicks = {
    undo: () => app.undo(),
    redo: () => app.redo(),
    first: () => app.first(),
    prev: () => app.undo(),
    next: () => app.redo(),
    last: () => app.last(),
    play: () => app.toggleReplay(),
    "zoom-in": () => app.zoom(1.25),
    "zoom-out": () => app.zoom(0.8),
    "zoom-fit": () => app.fit(),
    "new-game": () => app.newGame(select("variant").value),
    "chooser-cancel": () => app.closeOffer(),
    "error-close": clearError,
  };
  for (const [id, action] of Object.entries(clicks)) button(id).addEventListener("click", action);
  select("speed").addEventListener("change", () => app.speedChanged());
  input("slider").addEventListener("input", (e) => app.goTo(Number(/** @type {HTMLInputElement} */ (e.target).value)));
  input("hints").addEventListener("change", (e) => app.setStyle({ hints: /** @type {HTMLInputElement} */ (e.target).checked }));
  input("numbers").addEventListener("change", (e) => app.setStyle({ numbers: /** @type {HTMLInputElement} */ (e.target).checked }));
  select("variant").addEventListener("change", (e) => app.newGame(/** @type {HTMLSelectElement} */ (e.target).value));
  select("records").addEventListener("change", (e) => {
    const name = /** @type {HTMLSelectElement} */ (e.target).value;
    if (!name) return;
    try {
      app.openRecord(name);
      say("Step through it with the replay buttons, or play your own move from any point.");
    } catch (err) {
      showError(errorText(err));
    }
  });
  document.addEventListener("keydown", (e) => app.pageKey(e));
  addEventListener("popstate", () => openAddress(app));
  addEventListener("hashchange", () => openAddress(app));
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
  applyTheme(wasm.theme());
  const app = new App(wasm, canvas("board"));
  fillVariants(select("variant"), wasm.variants());
  fillVariants(select("import-variant"), wasm.variants());
  fillRecords(app.records());
  wire(app);
  attachShare(app, wasm);
  openInitialGame(app);
  if (app.length() === 0) say("Click or tap a green ring to play there.");
  const search = new SearchPanel(app);
  const bounds = new BoundsPanel(app);
  $("loading").hidden = true;
  document.body.classList.add("ready");
  // for the browser tests and the console: the same APIs the page's modules use
  Object.assign(window, { morpionApp: app, morpionSearch: search, morpionBounds: bounds });
}

main();
