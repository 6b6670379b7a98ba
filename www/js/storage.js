// @ts-check
// The page's local storage, or, where the browser refuses it (site data blocked, where even
// reading `localStorage` throws), a storage that keeps nothing: the page still works, and
// the address still carries the game.

/** @type {Storage} */
const NOTHING = /** @type {any} */ ({ getItem: () => null, setItem: () => {}, removeItem: () => {} });

/** @returns {Storage} */
export function pageStorage() {
  try {
    return globalThis.localStorage ?? NOTHING;
  } catch {
    return NOTHING;
  }
}

/**
 * The tab's own storage (kept through a reload of the tab, not in another tab), or one
 * that keeps nothing where the browser refuses it.
 * @returns {Storage}
 */
export function tabStorage() {
  try {
    return globalThis.sessionStorage ?? NOTHING;
  } catch {
    return NOTHING;
  }
}
