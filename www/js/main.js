// @ts-check
// Starts the page: waits for the wasm module, fills the menus from what it says (variants,
// records, export formats, the board's palette), opens the game of the address (or the
// last one kept), and wires every control to the App's API.

import { App } from "./app.js";
import { attachBoardInput } from "./board-input.js";
import { BoundsPanel } from "./bounds-panel.js";
import { $, attachMessage, button, canvas, clearError, errorText, input, NARROW, say, select, showError } from "./dom.js";
import { chooseLanguage, language, LANGUAGES, setLanguage, t, translatePage } from "./i18n.js";
import { pageKey } from "./keys.js";
import { attachRules } from "./rules-card.js";
import { addressHasGame, recall, showInAddress } from "./saved.js";
import { SearchPanel } from "./search-panel.js";
import { StartEditor } from "./start-editor.js";
import { MyGames } from "./my-games.js";
import { attachPanelRoom } from "./panel-room.js";
import { loadSettings, rememberControls, saveSetting } from "./settings.js";
import { attachShare } from "./share.js";
/** @typedef {ReturnType<typeof attachShare>} Share */
import { attachTabs } from "./tabs.js";
import { attachTheme, preTheme } from "./theme.js";
import { TwoPlayerPanel } from "./two-player-panel.js";
import { recordOption, variantName, variantShort } from "./words.js";

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
      if (Date.now() - started > START_TIMEOUT_MS) return reject(new Error(t("error.engine-timeout")));
      setTimeout(check, 100);
    };
    check();
  });
}

/** @param {HTMLSelectElement} menu @param {string[]} names */
function fillVariants(menu, names) {
  for (const v of names) menu.append(new Option(variantName(v), v));
}

/**
 * Calls `fit(narrow)` now and whenever the window enters or leaves style.css's phone
 * layout (as it turns or is resized), where menus are too narrow for their whole words.
 * @param {(narrow: boolean) => void} fit
 */
function onNarrow(fit) {
  if (typeof matchMedia !== "function") return;
  const narrow = matchMedia(NARROW);
  fit(narrow.matches);
  narrow.addEventListener("change", () => fit(narrow.matches));
}

/**
 * Where the header's menu is narrow, its variants say only what T or D stands for ("5T –
 * touching", "5D – disjoint"): the full name was cut off mid-word there. The name in full
 * stays under the board.
 * @param {HTMLSelectElement} menu
 */
function fitVariantNames(menu) {
  // (an option of no variant, the import's "As the game says", keeps its words)
  onNarrow((narrow) => { for (const o of menu.options) if (o.value) o.text = narrow ? variantShort(o.value) : variantName(o.value); });
}

/** The records, grouped by variant, each labelled in the language. @param {import("./app.js").RecordInfo[]} records */
function fillRecords(records) {
  const menu = select("records");
  /** @type {Map<string, import("./app.js").RecordInfo[]>} the variants in the library's order */
  const groups = new Map();
  for (const r of records) {
    const games = groups.get(r.variant);
    if (games) games.push(r);
    else groups.set(r.variant, [r]);
  }
  for (const [variant, games] of groups) {
    const group = document.createElement("optgroup");
    group.label = variantName(variant);
    // longest first (the library's order within a variant is its sources')
    for (const r of games.sort((a, b) => b.score - a.score)) group.append(new Option(recordOption(r), r.name));
    menu.append(group);
  }
  fitRecordNames(menu, new Map(records.map((r) => [r.name, r])));
}

/**
 * Each record's line in the menu is whole where the menu is wide enough for it, and short
 * otherwise ("C. D. Rosin (A), 2011-05": a cut took the letter and the date), measured in
 * the menu's own font as the menu's width changes (a phone, a narrow side panel, a window
 * resized). @param {HTMLSelectElement} menu @param {Map<string, import("./app.js").RecordInfo>} byName
 */
function fitRecordNames(menu, byName) {
  const context = document.createElement("canvas").getContext("2d");
  if (!context || typeof ResizeObserver !== "function") return;
  const fit = () => {
    if (menu.clientWidth === 0) return; // hidden (another tab): measured once shown
    const style = getComputedStyle(menu);
    context.font = style.font;
    const room = menu.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - MENU_ARROW;
    for (const o of menu.options) {
      const r = byName.get(o.value);
      if (!r) continue;
      const whole = recordOption(r);
      o.text = context.measureText(whole).width <= room ? whole : recordOption(r, true);
    }
  };
  new ResizeObserver(fit).observe(menu);
}

/** CSS pixels a menu's arrow takes beside its text (Chromium's, and a little room). */
const MENU_ARROW = 24;

/**
 * What a link that could not be opened adds: it is kept in the Import window, to mend
 * (the address shows the game opened instead, so it was lost), or "" when that window
 * holds text of the user's already.
 * @param {Share} share @param {string} link
 */
function keptToMend(share, link) {
  return share.keepInImport(link) ? ` ${t("error.link-to-mend")}` : "";
}

/**
 * The game to start with: the address's, else the last one kept, else a new 5T game.
 * @param {App} app @param {Share} share
 */
function openInitialGame(app, share) {
  let failure = "";
  const failed = location.href;
  if (addressHasGame()) {
    try {
      return app.openLink(failed, "view");
    } catch (e) {
      failure = errorText(e);
    }
  }
  const kept = recall();
  let opened = false;
  if (kept) {
    try {
      app.openLink(kept.link, "view");
      opened = true;
    } catch {
      // A game kept by an older version: start afresh.
    }
  }
  if (!opened) app.openLink(newGameAfter(app, failure ? failed : ""), "view");
  // say what is shown instead: the user's last game when it is not a new game's (it has
  // moves, or a start the user drew)
  if (failure) {
    const dots = app.startSpec() === "cross" ? 0 : app.startDots().length / 2;
    const said = !opened ? t("error.link-new", { why: failure })
      : app.length() > 0 ? t("error.link-kept", { why: failure, n: app.length() })
      : dots > 0 ? t("error.link-kept-start", { why: failure, n: dots })
      : t("error.link-new", { why: failure });
    showError(said + keptToMend(share, failed), "link");
  }
}

/**
 * The link of the new game shown when there is nothing else to show: of the variant a
 * link that could not be opened names (`g=1.5D.…`), when it names one the engine plays,
 * else 5T.
 * @param {App} app @param {string} failed
 */
function newGameAfter(app, failed) {
  const named = /[#&]g=\d+\.([3-6][TD])\./.exec(failed);
  if (named) {
    try {
      return app.newGameLink(named[1]);
    } catch {
      // not a variant after all: the default
    }
  }
  return app.newGameLink("5T");
}

/** The user changed the address (pasted a link, pressed Back): open its game. @param {App} app @param {Share} share */
function openAddress(app, share) {
  if (location.href === app.link() || !addressHasGame()) return;
  const link = location.href;
  try {
    app.openLink(link, "view");
    clearError();
  } catch (e) {
    showError(t("error.link-unchanged", { why: errorText(e) }) + keptToMend(share, link), "link");
    showInAddress(app.link(), false);
  }
}

/** @param {App} app */
function wire(app) {
  const board = canvas("board");
  attachBoardInput(board, {
    pan: (dx, dy) => app.view().pan(dx, dy),
    zoomAt: (f, x, y) => app.view().zoomAt(f, x, y),
    tap: (x, y) => { board.focus({ preventScroll: true }); app.tap(x, y); },
    hover: (x, y) => app.hover(x, y),
  });
  // a board a pointer focused (a click, a tap) leaves the arrows to undo and redo, as the
  // help says; one reached with Tab gives them to its keyboard cursor (keys.js)
  board.addEventListener("pointerdown", () => { board.dataset.focusedBy = "pointer"; });
  // (not when the window loses the focus: back in it, the board is as the user left it)
  board.addEventListener("blur", () => { if (document.hasFocus()) delete board.dataset.focusedBy; });
  const zoomControls = $("zoom-controls");
  new ResizeObserver(() => {
    const r = board.getBoundingClientRect();
    // the zoom buttons' corner of the canvas (only Fit on a touch screen), which a fit keeps clear
    const z = zoomControls.getBoundingClientRect();
    const corner = /** @type {[number, number]} */ ([Math.max(0, r.right - z.left), Math.max(0, z.bottom - r.top)]);
    app.view().resize(r.width, r.height, window.devicePixelRatio || 1, corner);
  }).observe(board);

  app.view().onZoomable((zoomIn, zoomOut) => {
    const [inward, outward] = [button("zoom-in"), button("zoom-out")];
    // a button greyed while it has the focus hands it to the other, not to the page
    if (!zoomIn && document.activeElement === inward) outward.focus();
    if (!zoomOut && document.activeElement === outward) inward.focus();
    inward.disabled = !zoomIn;
    outward.disabled = !zoomOut;
  });
  /** @type {Record<string, () => void>} */
  const clicks = {
    undo: () => app.undo(),
    redo: () => app.redo(),
    first: () => app.first(),
    last: () => app.last(),
    "back-to-game": () => app.backToLeft(),
    play: () => app.toggleReplay(),
    "zoom-in": () => app.view().zoom(1.25),
    "zoom-out": () => app.view().zoom(0.8),
    "zoom-fit": () => app.view().fit(),
    "new-game": () => app.newGame(select("variant").value),
    "chooser-cancel": () => app.closeOffer(),
    "error-close": () => clearError(),
  };
  for (const [id, action] of Object.entries(clicks)) button(id).addEventListener("click", action);
  select("speed").addEventListener("change", () => app.speedChanged());
  input("slider").addEventListener("input", (e) => app.goTo(Number(/** @type {HTMLInputElement} */ (e.target).value)));
  input("hints").addEventListener("change", (e) => app.view().setStyle({ hints: /** @type {HTMLInputElement} */ (e.target).checked }));
  input("numbers").addEventListener("change", (e) => {
    const on = /** @type {HTMLInputElement} */ (e.target).checked;
    app.view().setStyle({ numbers: on });
    // too small to read at this zoom: drawn once the board is zoomed in, which is said
    if (on && !app.view().numbersFit()) say(t("msg.numbers-zoom"));
  });
  select("variant").addEventListener("change", (e) => app.newGame(/** @type {HTMLSelectElement} */ (e.target).value));
  select("records").addEventListener("change", (e) => {
    const name = /** @type {HTMLSelectElement} */ (e.target).value;
    if (!name) return;
    try {
      app.openRecord(name);
      say(t("msg.record-opened"));
    } catch (err) {
      showError(errorText(err));
    }
  });
  for (const id of ["variant", "records"]) releaseAfterPointerChoice(select(id));
  document.addEventListener("keydown", (e) => pageKey(app, e));
}

/**
 * A menu that opens a game (the variant, the records) lets go of the focus once a pointer
 * chose in it: the arrows then step through the game, as the message says, where the
 * focused menu took them and opened the next record instead. A choice made with the keys
 * leaves the focus in the menu, whose arrows go on through its options.
 * @param {HTMLSelectElement} menu
 */
function releaseAfterPointerChoice(menu) {
  let byPointer = false;
  menu.addEventListener("pointerdown", () => { byPointer = true; });
  menu.addEventListener("keydown", () => { byPointer = false; });
  menu.addEventListener("change", () => { if (byPointer) menu.blur(); });
}

/**
 * The page's words and remembered settings, before the engine has loaded: the language
 * (the address's ?lang=, else the one chosen before, else the browser's) and the theme.
 */
function prepare() {
  const menu = select("language");
  for (const l of LANGUAGES) menu.append(new Option(l.name, l.code));
  const stored = loadSettings();
  const query = new URLSearchParams(location.search).get("lang");
  setLanguage(chooseLanguage({ query, stored: typeof stored.language === "string" ? stored.language : null, browser: navigator.languages || [] }));
  // a language asked for in the address is a choice: it stays when the address loses it
  if (query && query.toLowerCase().startsWith(language())) saveSetting("language", language());
  document.documentElement.lang = language();
  translatePage(document);
  rememberControls(document);
  menu.value = language();
  // another language: the page starts again in it (the game is in the address; a running
  // search would be lost, so the user is asked first)
  menu.addEventListener("change", () => {
    const search = /** @type {any} */ (window).morpionSearch;
    if (search?.running()) {
      if (!confirm(t("language.confirm"))) {
        menu.value = language();
        return;
      }
      search.letPageGo(); // asked: not again by the browser
    }
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    // storage refused the choice: the address carries it
    if (loadSettings().language !== menu.value) url.searchParams.set("lang", menu.value);
    // a reload, not a navigation: an address that differs only in its fragment would not load again
    history.replaceState(null, "", url.href);
    location.reload();
  });
  preTheme(select("theme").value);
}

async function main() {
  prepare();
  let wasm;
  try {
    wasm = await bindings();
  } catch (e) {
    $("loading").textContent = t("error.engine-short");
    showError(t("error.engine", { why: errorText(e) }));
    return;
  }
  const app = new App(wasm, canvas("board"));
  attachTheme(wasm, app, select("theme"));
  const showTab = attachTabs($("tablist"));
  attachPanelRoom($("layout"), $("tab-panels"), $("board-wrap"), () => app.offering());
  fillVariants(select("variant"), wasm.variants());
  fitVariantNames(select("variant"));
  fillVariants(select("import-variant"), wasm.variants());
  fitVariantNames(select("import-variant")); // whole on a 320 px phone
  fillRecords(app.records());
  wire(app);
  const share = attachShare(app, wasm);
  attachMessage();
  app.view().setStyle({ hints: input("hints").checked, numbers: input("numbers").checked });
  openInitialGame(app, share);
  addEventListener("popstate", () => openAddress(app, share));
  addEventListener("hashchange", () => openAddress(app, share));
  // how to begin, unless the game opened with something to say (a link's note); a start may
  // have no move at all
  if (app.length() === 0 && app.legalCount() > 0 && !$("message").textContent) say(t("msg.start"));
  const twoPlayer = new TwoPlayerPanel(app);
  const search = new SearchPanel(app);
  const bounds = new BoundsPanel(app);
  const startEditor = new StartEditor(app);
  new MyGames(app);
  $("bound-why").addEventListener("click", () => showTab("bounds"));
  attachRules(wasm);
  $("loading").hidden = true;
  document.body.classList.add("ready");
  // for the browser tests and the console: the same APIs the page's modules use
  Object.assign(window, { morpionApp: app, morpionSearch: search, morpionBounds: bounds, morpionTwoPlayer: twoPlayer, morpionStart: startEditor, morpionTabs: { show: showTab } });
}

main();
