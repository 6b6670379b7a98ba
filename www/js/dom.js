// @ts-check
// The page's DOM helpers: elements by id (typed, and checked to exist), the alert, the
// status line, and the words of an error. Nothing here touches the document when it is
// imported, so the search worker can use `errorText` too.

import { explain, t } from "./i18n.js";

/**
 * The element `id`, which must exist and be a `type` (an HTMLElement unless said).
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T }} type
 * @returns {T}
 */
export function el(id, type) {
  const e = document.getElementById(id);
  if (!(e instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return e;
}

/** @param {string} id */
export const $ = (id) => el(id, HTMLElement);

/** style.css's phone layout (its `@media (max-width: 760px)`): menus and the chooser are narrow there. */
export const NARROW = "(max-width: 760px)";
/** @param {string} id */
export const button = (id) => el(id, HTMLButtonElement);
/** @param {string} id */
export const select = (id) => el(id, HTMLSelectElement);
/** @param {string} id */
export const input = (id) => el(id, HTMLInputElement);
/** @param {string} id */
export const canvas = (id) => el(id, HTMLCanvasElement);

/**
 * Puts `main` in `out`, then `aside` in a part of its own (`.bar-aside`), which a narrow bar
 * under the board leaves to screen readers (style.css): "at most 485 moves" + " (by a
 * published proof)", "Game over" + ": 178 moves". On a phone the whole was cut mid-word.
 * @param {HTMLElement} out @param {string} main @param {string} aside
 */
export function withAside(out, main, aside) {
  const part = document.createElement("span");
  part.className = "bar-aside";
  part.textContent = aside;
  out.replaceChildren(main, part);
}

/**
 * What an alert is about, so that an action ends only the alerts it answers: playing on
 * ends one about a link, an import or an export; a search's or the computer's failure stays
 * until closed (or a new game).
 * @typedef {"link" | "import" | "export" | "other"} AlertKind
 */

/**
 * Shows a message that needs attention (role="alert"); the app stays usable.
 * @param {string} text @param {AlertKind} [kind]
 */
export function showError(text, kind = "other") {
  $("error-text").textContent = text;
  $("error").dataset.kind = kind;
  $("error").hidden = false;
}

/** Hides the alert: any, or only one of these kinds. @param {...AlertKind} kinds */
export function clearError(...kinds) {
  const alert = $("error");
  if (kinds.length === 0 || kinds.includes(/** @type {AlertKind} */ (alert.dataset.kind))) alert.hidden = true;
}

/** A short note under the score (role="status"). @param {string} text */
export function say(text) {
  const line = $("message");
  delete line.dataset.position;
  line.textContent = text;
  line.title = text; // the bar shows two lines of it at most (a click shows the rest)
  line.classList.remove("open");
  markLong(line);
}

/**
 * A note about one position of the game (why a point cannot be played there, how the
 * computer chose the move that led to it), which `forgetNotesBut` takes back once the
 * board shows another: "the game is over" must not stay beside the moves an undo brought
 * back. `position`: the position's link.
 * @param {string} text @param {string} position
 */
export function sayOf(text, position) {
  say(text);
  $("message").dataset.position = position;
}

/** Takes back a note `sayOf` said of another position than `position`. @param {string} position */
export function forgetNotesBut(position) {
  const line = $("message");
  if (line.dataset.position !== undefined && line.dataset.position !== position) say("");
}

/**
 * Marks a note cut at two lines (`long`): it then shows "more ▾" where it is cut, which a
 * phone needs (it shows no title, and the cut part was often what to do).
 * @param {HTMLElement} line
 */
function markLong(line) {
  line.classList.toggle("long", !line.classList.contains("open") && line.scrollHeight > line.clientHeight + 1);
}

/**
 * The note under the score shows two lines, so that the board does not jump with each
 * message; a click (a tap on a phone, which shows no title) unfolds a longer one, and
 * another folds it back. The next message comes folded.
 */
export function attachMessage() {
  const line = $("message");
  line.dataset.more = t("msg.more");
  line.addEventListener("click", () => {
    line.classList.toggle("open");
    markLong(line);
  });
  // a window turned or resized may cut a note, or leave it whole
  if (typeof ResizeObserver === "function") new ResizeObserver(() => markLong(line)).observe(line);
}

/**
 * The words of anything thrown (by the wasm module, a worker, the browser), in the page's
 * language: the engine's errors carry a code and values beside their English message
 * (crate/src/explain/), and so does an error a worker passed on as `errorInfo`; an engine
 * that could not start (`startFailure`) is said with its reason, itself said this way.
 * @param {unknown} e @returns {string}
 */
export function errorText(e) {
  const { message, code, args, start, why } = errorInfo(e);
  if (start !== undefined) return t(START_KEYS[start], { why: errorText(errorFrom(why ?? {}, message)) });
  return (code === undefined ? null : explain({ code, args })) ?? message;
}

/** Whether an engine's note on a game read says it assumed 5T (the format records no variant). @param {unknown} note */
export function assumed5T(note) {
  return errorInfo(note).code === "note.assumed-5t";
}

/**
 * The engine's notes on a game it read (which variant, a move to show that is not the
 * game's), in the page's language, as one sentence; "" for none.
 * @param {unknown[]} notes @returns {string}
 */
export function notesSentence(notes) {
  return sentence(notes.map(errorText).join("; "));
}

/** Words said as a clause ("not a PNG image (…)") as a sentence: a capital, a full stop; "" for none. @param {string} text */
export function sentence(text) {
  return text ? `${text[0].toUpperCase()}${text.slice(1)}.` : "";
}

/** The sentence of each engine a worker loads, when it could not start. */
const START_KEYS = { search: "error.start-search", bounds: "error.start-bounds", opponent: "error.start-opponent" };

/** @typedef {keyof typeof START_KEYS} EnginePart */

/**
 * What a worker posts when its engine could not start: the sentence in English (a worker
 * speaks no other) and the part and the reason, so that the page says it in its language.
 * @param {EnginePart} part @param {unknown} e
 */
export function startFailure(part, e) {
  const why = errorInfo(e);
  return { message: t(START_KEYS[part], { why: why.message }), start: part, why };
}

/**
 * @typedef {{ message: string, code?: string, args?: Record<string, unknown>, start?: EnginePart, why?: ErrorInfo }} ErrorInfo
 * An error as a worker posts it: its English message, the engine's code and values when it
 * has them, or (`startFailure`) which engine could not start and why.
 */

/**
 * What a worker posts of an error so the page can say it in its language: its English
 * message, and the engine's code and values when it has them (an Error itself does not
 * survive postMessage with them).
 * @param {unknown} e @returns {ErrorInfo}
 */
export function errorInfo(e) {
  const info = /** @type {any} */ (e);
  const message = e instanceof Error ? e.message : info && typeof info.message === "string" ? info.message : String(e);
  if (info && typeof info === "object" && typeof info.start === "string" && info.start in START_KEYS) {
    return { message, start: info.start, why: info.why ? errorInfo(info.why) : { message } };
  }
  if (info && typeof info === "object" && typeof info.code === "string") return { message, code: info.code, args: info.args ?? {} };
  return { message };
}

/**
 * The Error a worker's `errorInfo` stands for, its code and values (or the engine that
 * could not start) kept, so `errorText` says it in the page's language.
 * @param {{ message?: string, code?: string, args?: Record<string, unknown>, start?: string, why?: unknown }} info @param {string} fallback
 */
export function errorFrom(info, fallback) {
  const error = new Error(info.message ?? fallback);
  if (typeof info.start === "string") return Object.assign(error, { start: info.start, why: info.why });
  return info.code ? Object.assign(error, { code: info.code, args: info.args ?? {} }) : error;
}
