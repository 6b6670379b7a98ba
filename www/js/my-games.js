// @ts-check
// "My games", in the Records panel: the user's own games (saved.js), the last on the board first,
// each opened with a click and taken off the list with ×, which Undo brings back. It talks
// to the App through its API only, and follows other tabs' changes to the list.

import { $, button, el, errorText, showError } from "./dom.js";
import { gameItem } from "./game-list.js";
import { dateTime, t } from "./i18n.js";
import { forgetMine, isAboutMine, loadMine, remember } from "./saved.js";
import { branchWords, gameTitle } from "./words.js";

/** @typedef {import("./app.js").App} App */
/** @typedef {import("./saved.js").MyGame} MyGame */
/** @typedef {import("../../pkg/morpion.js").RecordInfo} RecordInfo */

/**
 * One line about a game of the user's: "37 moves · 5T · two players · 1 Dec 2026, 23:10",
 * "12 moves · 5T · from 7 dots · …" for a drawn start, "52 moves · 5T · off the 178-move
 * record at move 40 · …" for a line branched off a record.
 * @param {MyGame} e @param {readonly RecordInfo[]} [records]
 */
export function describeMine(e, records = []) {
  if (e.moves === undefined || !e.variant) return t("mine.older");
  const parts = [t("games.moves", { n: e.moves }), e.variant];
  if (typeof e.start === "number") parts.push(t("mine.start", { n: e.start }));
  if (typeof e.from === "string") parts.push(branchWords(e.from, records));
  if (e.twoPlayer) parts.push(t("mine.two-player"));
  if (e.at) parts.push(dateTime(e.at));
  return parts.filter(Boolean).join(" · ");
}

export class MyGames {
  /** @type {App} */ #app;
  /** The games taken off the list, the last one last: Undo brings it back. @type {MyGame[]} */ #removed = [];

  /** @param {App} app */
  constructor(app) {
    this.#app = app;
    app.on("change", () => this.#render());
    app.on("kept", () => this.#render());
    window.addEventListener("storage", (e) => { if (isAboutMine(e)) this.#render(); });
    button("my-games-restore").addEventListener("click", () => this.#restore());
    this.#render();
  }

  #render() {
    const list = loadMine();
    const onBoard = this.#app.ownId();
    const records = this.#app.records();
    // the whole title of the game a line came from, which the line names in short
    const from = (/** @type {MyGame} */ e) => (typeof e.from === "string" ? gameTitle(e.from, records) : "");
    el("my-games", HTMLOListElement).replaceChildren(...list.map((e) => {
      if (e.id === onBoard) {
        // the game on the board: nothing to open, and not taken off while it is played
        const li = document.createElement("li");
        const here = Object.assign(document.createElement("button"), { type: "button", className: "link-button", textContent: describeMine(e, records), disabled: true });
        here.title = from(e);
        here.setAttribute("aria-current", "true");
        li.append(here, Object.assign(document.createElement("span"), { className: "hint-text", textContent: t("mine.on-board") }));
        return li;
      }
      return gameItem({
        text: describeMine(e, records),
        title: [from(e), t("mine.open-title")].filter(Boolean).join("\n"),
        open: () => this.#open(e),
        removeLabel: e.moves === undefined ? t("mine.remove-older") : t("mine.remove", { n: e.moves }),
        remove: () => this.#remove(e),
      });
    }));
    $("my-games-empty").hidden = list.length > 0;
  }

  /** @param {MyGame} e */
  #open(e) {
    try {
      this.#app.openLink(e.link, "new");
    } catch (err) {
      // a game kept by an older version that this one cannot read: the list keeps it
      showError(t("mine.open-failed", { why: errorText(err) }));
    }
  }

  /** @param {MyGame} e */
  #remove(e) {
    forgetMine(e.id);
    this.#removed.push(e);
    this.#showRemoved();
    this.#render();
    button("my-games-restore").focus(); // the removed button had the focus
  }

  #showRemoved() {
    const e = this.#removed.at(-1);
    $("my-games-undo").hidden = !e;
    if (e) $("my-games-undo-text").textContent = e.moves === undefined ? t("mine.removed-older") : t("mine.removed", { n: e.moves });
  }

  /** Puts the game taken off last back in its place (the list is ordered by when they changed). */
  #restore() {
    const e = this.#removed.pop();
    if (!e) return;
    if (!remember(e)) showError(t("mine.restore-failed"));
    this.#showRemoved();
    this.#render();
  }
}
