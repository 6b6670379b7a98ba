// @ts-check
// Settings the page remembers between visits (local storage): the toggles, the replay
// speed, the search's level and stop, the side and thinking time against the computer, the
// theme and the language (not the opponent: a friend's two-player link opens for two
// people, whoever the computer played last time). Each is the value of one control,
// restored at start-up before the page reads it and saved when it changes; other modules
// keep a flag of their own here too (the rules card: `rulesSeen`).

import { pageStorage } from "./storage.js";

const KEY = "morpion.settings.v1";

/** The controls whose values are remembered, by id. */
export const REMEMBERED = ["hints", "numbers", "speed", "search-method", "search-level", "search-time", "you-play", "think-time", "theme", "language"];

/** The stored settings ({} when none, or storage is off or damaged). @param {Storage} [storage] @returns {Record<string, string | boolean>} */
export function loadSettings(storage = pageStorage()) {
  try {
    const v = JSON.parse(storage.getItem(KEY) || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** Stores one setting (quietly not, when storage refuses). @param {string} name @param {string | boolean} value @param {Storage} [storage] */
export function saveSetting(name, value, storage = pageStorage()) {
  try {
    storage.setItem(KEY, JSON.stringify({ ...loadSettings(storage), [name]: value }));
  } catch {
    // private browsing or a full quota: the setting lasts for this visit only
  }
}

/**
 * Gives each remembered control under `root` its stored value (a value its menu no longer
 * offers is ignored), and stores it whenever the user changes it. Call before the page
 * reads the controls.
 * @param {ParentNode} root
 */
export function rememberControls(root) {
  const stored = loadSettings();
  for (const id of REMEMBERED) {
    const control = root.querySelector(`#${id}`);
    if (control instanceof HTMLInputElement && control.type === "checkbox") {
      if (typeof stored[id] === "boolean") control.checked = stored[id];
      control.addEventListener("change", () => saveSetting(id, control.checked));
    } else if (control instanceof HTMLSelectElement) {
      const v = stored[id];
      if (typeof v === "string" && [...control.options].some((o) => o.value === v)) control.value = v;
      control.addEventListener("change", () => saveSetting(id, control.value));
    }
  }
}
