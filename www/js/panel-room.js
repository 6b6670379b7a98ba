// @ts-check
// On a phone, where the side panel is a strip under the board (style.css), the panel takes
// more of the height while the user scrolls it, and gives it back when they touch the
// board: the board keeps its room for play, and a long panel (Search, Share) is not read
// through a strip a few lines tall (170 px on a 320x640 phone).

/** Where the panel sits under the board: style.css's phone layout, less a phone held
 * sideways (board and panel side by side again). Kept in step with style.css. */
export const STACKED = "(max-width: 560px), (max-width: 760px) and (min-height: 521px)";

/**
 * @param {HTMLElement} layout the grid of board and panel: "panel-raised" while raised
 * @param {HTMLElement} panels the panel's scroller
 * @param {HTMLElement} board what gives the room back when touched (the board and its
 *   zoom buttons)
 */
export function attachPanelRoom(layout, panels, board) {
  const stacked = window.matchMedia(STACKED);
  const raise = (/** @type {boolean} */ on) => layout.classList.toggle("panel-raised", on && stacked.matches);
  panels.addEventListener("scroll", () => {
    if (panels.scrollTop > 0) raise(true);
    // back at its top by the user's hand: a panel that still scrolls (one whose content
    // fits once raised is at its top for that reason, and stays raised)
    else if (panels.scrollHeight > panels.clientHeight + 1) raise(false);
  }, { passive: true });
  // the touch that gives the room back does only that: the board grows under the finger,
  // so a tap there would land elsewhere than aimed (caught before the board's own input)
  board.addEventListener("pointerdown", (e) => {
    if (!layout.classList.contains("panel-raised")) return;
    raise(false);
    e.stopPropagation();
    e.preventDefault();
  }, { capture: true });
  stacked.addEventListener("change", () => raise(false));
}
