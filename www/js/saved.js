// @ts-check
// Where the game lives besides memory: the page address (the link of the game, always
// current) and local storage (the user's own games, the last on the board opened by a visit
// without a link). Pure list functions, tested with node, over a thin storage layer.

import { pageStorage } from "./storage.js";

/** Where an older version kept the user's one last game (read once, into the list). */
const STORAGE_KEY = "morpion.last-game.v1";
const MINE_KEY = "morpion.my-games.v1";

/**
 * The address without its fragment, nor the page's own `lang` choice: the base of every
 * link of this page (a shared link must not impose the sender's language).
 */
export function linkBase() {
  const url = new URL(location.href);
  url.hash = "";
  url.searchParams.delete("lang");
  return url.href;
}

/** Does the address carry a game? */
export function addressHasGame() {
  return /(^|[#&?])g=/.test(location.hash);
}

/**
 * Puts `link` in the address bar. `newEntry` makes a new history entry (a new game, an
 * import, a record), so that Back returns to the game before; moves replace the entry.
 * @param {string} link @param {boolean} newEntry
 */
export function showInAddress(link, newEntry) {
  if (link === location.href) return;
  if (newEntry) history.pushState(null, "", link);
  else history.replaceState(null, "", link);
}

/**
 * A game of the user's own, kept in local storage: one they played in, imported, drew the
 * start of or opened from their search. `id` stays the same while they play on in it.
 * @typedef {object} MyGame
 * @property {string} id
 * @property {string} link its link, at the move shown when it was left
 * @property {string} at when it was last on the board (ISO 8601; "" for a game kept by an older version)
 * @property {number} [moves] its length
 * @property {string} [variant]
 * @property {boolean} [twoPlayer]
 * @property {number} [start] how many dots its start has, when it is not the variant's cross
 *   (kept since December 2026: an older entry of a drawn start is not marked)
 * @property {string} [from] the engine's title of a line branched off another game, a record
 *   most often ("Your line from move 40 of …", see words.js `branchOf`): kept with the game
 *   since its link does not carry it
 */

/** How many of the user's games are kept: the last on the board. */
export const KEEP_MINE = 20;

/** The game's line of play, whatever the move shown: what tells one game from another. @param {string} link */
export const lineOf = (link) => link.slice(link.indexOf("#") + 1).replace(/&m=\d+$/, "");

/** @param {any} e @returns {e is MyGame} */
const validMine = (e) => Boolean(e) && typeof e.id === "string" && typeof e.link === "string" && typeof e.at === "string";

/**
 * The list with `entry` in it, in place of the entry of the same id and of any other
 * entry of the same line of play (the same game opened again), the last on the board
 * first, at most KEEP_MINE long.
 * @param {MyGame[]} list @param {MyGame} entry
 */
export function withMine(list, entry) {
  const line = lineOf(entry.link);
  const rest = list.filter((e) => e.id !== entry.id && lineOf(e.link) !== line);
  // by when they were on the board: a game brought back after its removal goes back in its place
  return [entry, ...rest].sort((a, b) => b.at.localeCompare(a.at)).slice(0, KEEP_MINE);
}

/**
 * The user's games, the last on the board first (an empty list when storage is empty, disabled or
 * damaged). The one game an older version kept comes as the first.
 * @param {Storage} [storage] @returns {MyGame[]}
 */
export function loadMine(storage = pageStorage()) {
  try {
    const v = JSON.parse(storage.getItem(MINE_KEY) ?? "null");
    if (Array.isArray(v)) return v.filter(validMine).slice(0, KEEP_MINE);
    const old = JSON.parse(storage.getItem(STORAGE_KEY) || "null");
    return old && typeof old.link === "string" ? [{ id: "kept", link: old.link, at: "" }] : [];
  } catch {
    return [];
  }
}

/** @param {MyGame[]} list @param {Storage} storage */
function saveMine(list, storage) {
  try {
    storage.setItem(MINE_KEY, JSON.stringify(list));
    return true;
  } catch {
    return false; // private browsing or quota: the address still carries the game
  }
}

/**
 * Keeps `entry` for the next visit among the user's games (the list read again: another
 * tab may have changed it). Whether it is kept: not when storage is full or disabled, nor
 * when KEEP_MINE games changed later fill the list.
 * @param {MyGame} entry @param {Storage} [storage]
 */
export function remember(entry, storage = pageStorage()) {
  const list = withMine(loadMine(storage), entry);
  return saveMine(list, storage) && list.some((e) => e.id === entry.id);
}

/** Takes the game `id` off the list. Returns the list kept. @param {string} id @param {Storage} [storage] */
export function forgetMine(id, storage = pageStorage()) {
  const list = loadMine(storage).filter((e) => e.id !== id);
  saveMine(list, storage);
  return list;
}

/** The user's game `id`, if it is kept. @param {string} id @param {Storage} [storage] */
export function mineById(id, storage = pageStorage()) {
  return loadMine(storage).find((e) => e.id === id) ?? null;
}

/** The user's game whose line of play `link` is, if it is one. @param {string} link @param {Storage} [storage] */
export function mineOf(link, storage = pageStorage()) {
  const line = lineOf(link);
  return loadMine(storage).find((e) => lineOf(e.link) === line) ?? null;
}

/** The user's game last on the board: the one a visit without a link opens. @param {Storage} [storage] */
export function recall(storage = pageStorage()) {
  return loadMine(storage)[0] ?? null;
}

/** Whether a storage event is about the user's games (another tab changed them). @param {StorageEvent} e */
export function isAboutMine(e) {
  return e.key === MINE_KEY || e.key === null;
}
