// @ts-check
// Light or dark: the user's choice (the Theme menu), or the system's when "as the system".
// One palette drives both the page (CSS custom properties, `data-theme` on <html>) and
// the board (the engine's `theme(name)`, which the board is drawn with).

/** @typedef {import("./app.js").App} App */
/** @typedef {import("./app.js").Wasm} Wasm */

const DARK = "(prefers-color-scheme: dark)";

/** The theme in force for the choice `auto` | `light` | `dark`. @param {string} choice */
export function themeFor(choice) {
  if (choice === "light" || choice === "dark") return choice;
  return typeof matchMedia === "function" && matchMedia(DARK).matches ? "dark" : "light";
}

/** Paints the page and the board in `name`'s palette. @param {Wasm} wasm @param {App | null} app @param {"light" | "dark"} name */
function paint(wasm, app, name) {
  const root = document.documentElement;
  root.dataset.theme = name;
  const theme = wasm.theme(name);
  for (const [role, colour] of Object.entries(theme)) root.style.setProperty(`--board-${role.replace("_", "-")}`, colour);
  app?.view().setTheme(theme);
  // the page's other canvases (the search chart) repaint in the new colours
  document.dispatchEvent(new CustomEvent("themechange"));
}

/**
 * Follows the Theme menu `menu` (and the system while it says "auto"); paints now.
 * @param {Wasm} wasm @param {App} app @param {HTMLSelectElement} menu
 */
export function attachTheme(wasm, app, menu) {
  const apply = () => paint(wasm, app, themeFor(menu.value));
  menu.addEventListener("change", apply);
  if (typeof matchMedia === "function") matchMedia(DARK).addEventListener("change", () => menu.value === "auto" && apply());
  apply();
}

/** Before the engine loads: the page's own colours at once, so a dark page does not flash white. @param {string} choice */
export function preTheme(choice) {
  document.documentElement.dataset.theme = themeFor(choice);
}
