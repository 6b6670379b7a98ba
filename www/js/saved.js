// @ts-check
// Where the game lives besides memory: the page address (the link of the game, always
// current) and local storage (the last game, for a reload without a link).

const STORAGE_KEY = "morpion.last-game.v1";

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

/** Keeps the game for the next visit. Storage may be full or disabled: then it is not kept. @param {string} link */
export function remember(link) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ link }));
  } catch {
    // Private browsing or quota: the address still carries the game.
  }
}

/** The last game kept, as {link}, or null. @returns {{ link: string } | null} */
export function recall() {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
    return v && typeof v.link === "string" ? v : null;
  } catch {
    return null;
  }
}
