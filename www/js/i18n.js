// @ts-check
// The page's words: every string a person reads comes from a catalogue (www/js/lang/), so
// a language is data. `t(key, values)` looks a string up in the chosen language (English
// when a key is missing), picks the plural form from `values.n`, and fills in `{name}`
// placeholders, numbers formatted for the language. The page's static text carries
// `data-i18n="key"` (its text) and `data-i18n-attr="attr=key;..."` (attributes).
//
// No module state is touched by importing this: the search worker and node's unit tests
// import it too. The language is chosen once at start-up (`setLanguage`); changing it
// reloads the page, so no string has to be re-rendered live.

import en from "./lang/en.js";
import fr from "./lang/fr.js";
import engineEn from "./lang/engine-en.js";
import engineFr from "./lang/engine-fr.js";
import recordsFr from "./lang/records-fr.js";

/** @typedef {string | { one: string, other: string }} Entry */
/** @typedef {Record<string, Entry>} Catalogue */

/** The languages the page speaks, in menu order, each named in itself. */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "fr", name: "Français" },
];

/** @type {Record<string, Catalogue>} */
const CATALOGUES = { en, fr };

/**
 * The engine's errors by code, per language: the engine says them in English itself
 * (crate/src/explain/), so English has only those the page words in its own terms.
 * @type {Record<string, Catalogue>}
 */
const ENGINE = { en: engineEn, fr: engineFr };

/**
 * The record games' words (notes by record name, worded authors as "NAME author"), per
 * language other than English: the engine gives them in English (crate/src/library_data.rs).
 * @type {Record<string, Record<string, string>>}
 */
const RECORD_WORDS = { fr: recordsFr };

let current = "en";
let numbers = new Intl.NumberFormat("en");
let plurals = new Intl.PluralRules("en");

/**
 * The language to use: the address's `?lang=`, else the one the user chose before, else
 * the browser's first language we speak, else English.
 * @param {{ query?: string | null, stored?: string | null, browser?: readonly string[] }} from
 */
export function chooseLanguage({ query, stored, browser = [] }) {
  const known = (/** @type {string | null | undefined} */ code) => {
    const c = (code || "").toLowerCase().split("-")[0];
    return c in CATALOGUES ? c : null;
  };
  return known(query) || known(stored) || browser.map(known).find(Boolean) || "en";
}

/** Speaks `code` from now on (an unknown code is English). @param {string} code */
export function setLanguage(code) {
  current = code in CATALOGUES ? code : "en";
  numbers = new Intl.NumberFormat(current);
  plurals = new Intl.PluralRules(current);
}

/** The language spoken. */
export function language() {
  return current;
}

/** A number written for the language (groups of digits: 126,912 or 126 912). @param {number} n @param {Intl.NumberFormatOptions} [options] */
export function num(n, options) {
  return options ? new Intl.NumberFormat(current, options).format(n) : numbers.format(n);
}

/** A date and time written for the language. @param {Date | number | string} date */
export function dateTime(date) {
  return new Date(date).toLocaleString(current, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * The string `key` in the language, with `{name}` replaced by `values.name` (numbers
 * formatted) and the plural form chosen by `values.n`.
 * @param {string} key @param {Record<string, string | number>} [values]
 */
export function t(key, values = {}) {
  const entry = CATALOGUES[current][key] ?? en[key];
  if (entry === undefined) return key; // a missing key shows itself: the unit test catches it
  return fill(entry, values);
}

/** `entry`'s text for `values.n`, its placeholders filled in. @param {Entry} entry @param {Record<string, string | number>} values */
function fill(entry, values) {
  const text = typeof entry === "string" ? entry : entry[plurals.select(Number(values.n ?? 0)) === "one" ? "one" : "other"];
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const v = values[name];
    if (v === undefined) return whole;
    return typeof v === "number" ? num(v) : v;
  });
}

/**
 * What the engine said (`{code, args}`, crate/src/explain/), in the language: a value that
 * is itself `{code, args}` is said too. Null in English, or when the language lacks a code
 * (the caller then shows the engine's English message).
 * @param {{ code: string, args?: Record<string, unknown> }} said
 * @returns {string | null}
 */
export function explain(said) {
  const words = ENGINE[current];
  if (!words) return null;
  /** @param {unknown} x @returns {string | null} */
  const say = (x) => {
    if (typeof x !== "object" || x === null || typeof (/** @type {any} */ (x).code) !== "string") return null;
    const { code, args = {} } = /** @type {{ code: string, args?: Record<string, unknown> }} */ (x);
    const entry = words[code];
    if (entry === undefined) return null;
    /** @type {Record<string, string | number>} */
    const values = {};
    for (const [name, v] of Object.entries(args)) {
      const value = typeof v === "number" || typeof v === "string" ? v : say(v);
      if (value === null) return null;
      values[name] = value;
    }
    return fill(entry, values);
  };
  return say(said);
}

/** A record game's note in the language (the engine's English when it has none). @param {string} name @param {string} english */
export function recordNote(name, english) {
  return (english && RECORD_WORDS[current]?.[name]) || english;
}

/** A record game's author in the language, where the name carries words ("Marc Gillioz (program)"). @param {string} name @param {string} english */
export function recordAuthor(name, english) {
  return RECORD_WORDS[current]?.[`${name} author`] || english;
}

/** The languages that have the record games' words (every one but English, the engine's). */
export const recordCatalogues = RECORD_WORDS;

/** Whether the catalogue has `key` (for text that may or may not be ours). @param {string} key */
export function has(key) {
  return key in en;
}

/** Puts the language's words into the page's static text under `root`. @param {ParentNode} root */
export function translatePage(root) {
  for (const e of root.querySelectorAll("[data-i18n]")) {
    e.textContent = t(/** @type {string} */ (e.getAttribute("data-i18n")));
  }
  for (const e of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of (e.getAttribute("data-i18n-attr") || "").split(";")) {
      const [attr, key] = pair.split("=");
      if (attr && key) e.setAttribute(attr, t(key));
    }
  }
}

/** The catalogues, for the unit test that checks every language has every key. */
export const catalogues = CATALOGUES;

/** The engine's words per language, for the unit test of their placeholders. */
export const engineCatalogues = ENGINE;
