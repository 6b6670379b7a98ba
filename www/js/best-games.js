// "My best games": the games searches found, kept in local storage so they survive a
// reload. Pure list functions (tested with node) and a thin storage layer.

const KEY = "morpion.best-games.v1";
/** How many games are kept (the best ones). */
export const KEEP = 50;

/** A stored entry is usable if it has a link and a score; anything else is skipped. */
function valid(e) {
  return e && typeof e.id === "string" && typeof e.link === "string" && Number.isFinite(e.score);
}

/** Best first; equal scores, newest first. */
function order(a, b) {
  return b.score - a.score || (b.date || "").localeCompare(a.date || "");
}

/** The list with `entry` added, or replacing the entry of the same id (a search's best as it improves). */
export function withGame(list, entry) {
  const rest = list.filter((e) => e.id !== entry.id);
  return [...rest, entry].sort(order).slice(0, KEEP);
}

export function withoutGame(list, id) {
  return list.filter((e) => e.id !== id);
}

/** The kept games (an empty list when storage is empty, disabled or damaged). */
export function loadGames(storage = globalThis.localStorage) {
  try {
    const v = JSON.parse(storage.getItem(KEY) || "[]");
    return Array.isArray(v) ? v.filter(valid).sort(order) : [];
  } catch {
    return [];
  }
}

/** Saves the list; returns false if storage refused (private browsing, quota). */
export function saveGames(list, storage = globalThis.localStorage) {
  try {
    storage.setItem(KEY, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}

/** One line about a kept game: "82 moves · 5D · level 4, 2 threads, found in 1 min". */
export function describeGame(e) {
  const parts = [`${e.score} moves`, e.variant];
  const how = [];
  if (e.level) how.push(`level ${e.level}`);
  if (e.threads) how.push(`${e.threads} thread${e.threads === 1 ? "" : "s"}`);
  if (e.from) how.push(`from move ${e.from}`);
  if (Number.isFinite(e.seconds)) how.push(`found in ${formatDuration(e.seconds)}`);
  if (how.length) parts.push(how.join(", "));
  return parts.join(" · ");
}

/** 75 -> "1 min 15 s", 9.4 -> "9 s", 3600 -> "1 h". */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const out = [];
  if (h) out.push(`${h} h`);
  if (m) out.push(`${m} min`);
  if (r || out.length === 0) out.push(`${r} s`);
  return out.join(" ");
}
