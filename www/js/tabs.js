// @ts-check
// The side panel's tabs (Play, Records, Search, Bounds, Share): one panel shown at a
// time, so every panel is reachable without scrolling the page. ARIA tabs: arrow keys
// move between them, Home and End go to the first and last.

/** @typedef {"play" | "records" | "search" | "bounds" | "share"} TabName */

/** Wires the tabs under `list`; returns `show(name)` for the page (a link to a panel). @param {HTMLElement} list */
export function attachTabs(list) {
  const tabs = /** @type {HTMLButtonElement[]} */ ([...list.querySelectorAll('[role="tab"]')]);
  /** Where each panel was scrolled to: the panels share one scroller, and a panel opened
   * again is where the user left it, another from its top. @type {Map<HTMLButtonElement, number>} */
  const scrolled = new Map();
  /** @type {HTMLButtonElement | null} */
  let shown = null;
  /** @param {HTMLButtonElement} tab @param {boolean} focus */
  const select = (tab, focus) => {
    const scroller = document.getElementById(tab.getAttribute("aria-controls") || "")?.parentElement;
    if (shown && scroller) scrolled.set(shown, scroller.scrollTop);
    for (const other of tabs) {
      const on = other === tab;
      other.setAttribute("aria-selected", String(on));
      other.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(other.getAttribute("aria-controls") || "");
      if (panel) panel.hidden = !on;
    }
    if (scroller && tab !== shown) scroller.scrollTop = scrolled.get(tab) ?? 0;
    shown = tab;
    if (focus) tab.focus();
  };
  for (const tab of tabs) {
    tab.addEventListener("click", () => select(tab, false));
    tab.addEventListener("keydown", (e) => {
      const i = tabs.indexOf(tab);
      /** @type {Record<string, number>} */
      const moves = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
      if (!(e.key in moves)) return;
      e.preventDefault(); // the arrows here move between tabs, not through the game (keys.js)
      select(tabs[(moves[e.key] + tabs.length) % tabs.length], true);
    });
  }
  select(tabs.find((x) => x.getAttribute("aria-selected") === "true") || tabs[0], false);
  /** @param {TabName} name */
  return (name) => {
    const tab = tabs.find((x) => x.id === `tab-${name}`);
    if (tab) select(tab, false);
  };
}
