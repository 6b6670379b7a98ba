// @ts-check
// "My best games": the games searches found, kept in local storage so they survive a
// reload. Pure list functions (tested with node) and a thin storage layer.
//
// An entry is only ever replaced by a longer game (a search's entry grows as it improves),
// and every change reads the stored list again and changes only its own entry, so two
// tabs searching at once keep each other's games. The KEEP best are kept.

import { pageStorage } from "./storage.js";
import { has, num, t } from "./i18n.js";

const KEY = "morpion.best-games.v1";
/** How many games are kept (the best ones). */
export const KEEP = 50;

/**
 * @typedef {object} BestGame
 * @property {string} id one per search
 * @property {string} link the game
 * @property {number} score its length
 * @property {string} variant
 * @property {string} [method] the search's method (`stabilized`, `nrpa`; none before methods existed)
 * @property {number} [level] the search's level
 * @property {number} [threads]
 * @property {number} [from] the moves it started from
 * @property {number} [seconds] when it was found, in seconds of search
 * @property {string} [date] when it was found (ISO 8601)
 */

/** A stored entry is usable if it has an id, a link and a score; anything else is skipped. @param {any} e @returns {e is BestGame} */
function valid(e) {
  return Boolean(e) && typeof e.id === "string" && typeof e.link === "string" && Number.isFinite(e.score);
}

/** Best first; equal scores, newest first. @param {BestGame} a @param {BestGame} b */
function order(a, b) {
  return b.score - a.score || (b.date || "").localeCompare(a.date || "");
}

/**
 * The list with `entry` added, or replacing the entry of the same id when it is longer
 * (never by a shorter game: the entry kept is the longer one).
 * @param {BestGame[]} list @param {BestGame} entry
 */
export function withGame(list, entry) {
  const old = list.find((e) => e.id === entry.id);
  if (old && old.score > entry.score) return [...list].sort(order).slice(0, KEEP);
  const rest = list.filter((e) => e.id !== entry.id);
  return [...rest, entry].sort(order).slice(0, KEEP);
}

/** @param {BestGame[]} list @param {string} id */
export function withoutGame(list, id) {
  return list.filter((e) => e.id !== id);
}

/** The kept games (an empty list when storage is empty, disabled or damaged). @param {Storage} [storage] @returns {BestGame[]} */
export function loadGames(storage = pageStorage()) {
  try {
    const v = JSON.parse(storage.getItem(KEY) || "[]");
    return Array.isArray(v) ? v.filter(valid).sort(order) : [];
  } catch {
    return [];
  }
}

/** Saves the list; returns false if storage refused (private browsing, quota). @param {BestGame[]} list @param {Storage} [storage] */
function saveGames(list, storage = pageStorage()) {
  try {
    storage.setItem(KEY, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps `entry` in the stored list as it is now (read again: another tab may have added
 * games since this one read it). Returns the list, and whether the entry is kept: not
 * when the browser refused to store it, nor when KEEP better games fill the list.
 * @param {BestGame} entry @param {Storage} [storage]
 * @returns {{ list: BestGame[], kept: boolean }}
 */
export function keepGame(entry, storage = pageStorage()) {
  const list = withGame(loadGames(storage), entry);
  const stored = saveGames(list, storage);
  return { list, kept: stored && list.some((e) => e.id === entry.id) };
}

/** Deletes the entry `id` from the stored list as it is now. Returns the list kept. @param {string} id @param {Storage} [storage] */
export function forgetGame(id, storage = pageStorage()) {
  const list = withoutGame(loadGames(storage), id);
  saveGames(list, storage);
  return list;
}

/** Whether a storage event is about the kept games (another tab changed them). @param {StorageEvent} e */
export function isAboutGames(e) {
  return e.key === KEY || e.key === null;
}

/** One line about a kept game: "82 moves · 5D · NRPA (Rosin), level 4, 2 threads, found in 1 min". @param {BestGame} e */
export function describeGame(e) {
  const parts = [t("games.moves", { n: e.score }), e.variant];
  const how = [];
  const method = `search.method-${e.method}`;
  if (e.method && has(method)) how.push(t(method));
  if (e.level) how.push(t("games.level", { level: e.level }));
  if (e.threads) how.push(t("games.threads", { n: e.threads }));
  if (e.from) how.push(t("games.from", { move: e.from }));
  // under a second: "found within a second", not "found in 0 s"
  if (e.seconds !== undefined && Number.isFinite(e.seconds)) how.push(e.seconds < 1 ? t("games.found-within-second") : t("games.found-in", { time: formatDuration(e.seconds) }));
  if (how.length) parts.push(how.join(", "));
  return parts.join(" · ");
}

/**
 * A search's time so far: tenths under 10 s ("0.4 s", "5.6 s"; "5,6 s" in French), then as
 * formatDuration. The panel's Time and the chart's end say it alike.
 * @param {number} seconds
 */
export function formatElapsed(seconds) {
  return seconds < 9.95 ? `${num(Math.max(0, seconds), { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s` : formatDuration(seconds);
}

/** 75 -> "1 min 15 s", 9.4 -> "9 s", 3600 -> "1 h" (the units are the same in French). @param {number} seconds */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const out = [];
  if (h) out.push(`${num(h)} h`);
  if (m) out.push(`${m} min`);
  if (r || out.length === 0) out.push(`${r} s`);
  return out.join(" ");
}
