// @ts-check
// On a phone, where the side panel is a strip under the board (style.css), the panel takes
// more of the height while the user scrolls it, and gives it back when they touch the
// board: the board keeps its room for play, and a long panel (Search, Share) is not read
// through a strip a few lines tall (206 px on a 320x640 phone).

/** Where the panel sits under the board: style.css's phone layout, less a phone held
 * sideways (board and panel side by side again). style.css says it in the same words
 * (tests/panel-room.test.mjs checks). */
export const STACKED = "(max-width: 560px), (max-width: 760px) and (min-height: 521px)";

/** How long after the user's hand moved the panel a scroll is theirs (ms): not one the
 * page makes (a card brought into sight after a button's tap), nor one a keyboard's focus
 * makes, nor the jump of a panel that shrinks. */
const HAND_MS = 1500;

/** How much of its height (CSS px) the board must have to give, above its least, for the
 * panel to be raised: on a short window (a 320x460 phone) the board is near its least
 * already, a raise would gain the panel little or nothing and still swallow the next tap
 * on the board. */
const WORTH_RAISING = 40;

/**
 * @param {HTMLElement} layout the grid of board and panel: "panel-raised" while raised
 * @param {HTMLElement} panels the panel's scroller
 * @param {HTMLElement} board what gives the room back when touched or focused (the board
 *   and its zoom buttons), and gives it up (its height above its least)
 * @param {() => boolean} holding whether the board waits for an answer (lines offered for
 *   a dot): the panel then scrolls in its strip, rather than shrink the board to a band
 *   that the offer's buttons cover (98 px on a 320x640 phone)
 */
export function attachPanelRoom(layout, panels, board, holding) {
  const stacked = window.matchMedia(STACKED);
  const raised = () => layout.classList.contains("panel-raised");
  const roomToRaise = () => board.clientHeight - (parseFloat(getComputedStyle(board).minHeight) || 0) >= WORTH_RAISING;
  /** When the user's hand last moved the panel: a wheel, a swipe, its scrollbar taken. */
  let hand = -Infinity;
  const raise = (/** @type {boolean} */ on) => {
    layout.classList.toggle("panel-raised", on && stacked.matches);
    // lowered: the scroll a shrinking panel makes by itself is not the hand's
    if (!on) hand = -Infinity;
  };
  const handMoved = () => { hand = performance.now(); };
  panels.addEventListener("wheel", handMoved, { passive: true });
  panels.addEventListener("touchmove", handMoved, { passive: true });
  panels.addEventListener("pointerdown", (e) => { if (e.target === panels) handMoved(); }, { passive: true });
  panels.addEventListener("scroll", () => {
    if (performance.now() - hand > HAND_MS) return;
    if (panels.scrollTop > 0) {
      if (!holding() && roomToRaise()) raise(true);
    }
    // back at its top by the user's hand: a panel that still scrolls (one whose content
    // fits once raised is at its top for that reason, and stays raised)
    else if (panels.scrollHeight > panels.clientHeight + 1) raise(false);
  }, { passive: true });

  // The touch that gives the room back does only that: the board grows under the finger,
  // so a tap would land elsewhere than aimed. Caught before the board's own input, with
  // any other finger put down while it is down (a pinch), and the click it would make on a
  // button there (Fit, a line offered).
  /** The pointers whose touch is swallowed. @type {Set<number>} */
  const swallowed = new Set();
  /** Until when a click is one of those touches' (ms, `performance.now()`). */
  let eatUntil = -Infinity;
  board.addEventListener("pointerdown", (e) => {
    if (!raised()) {
      // a pointer put down again was lifted where no event told (a mouse let go outside
      // the window): it is free
      swallowed.delete(e.pointerId);
      if (swallowed.size === 0) return;
    }
    raise(false);
    swallowed.add(e.pointerId);
    e.stopPropagation();
    e.preventDefault();
  }, { capture: true });
  /** @param {PointerEvent} e */
  const lifted = (e) => {
    if (swallowed.delete(e.pointerId)) eatUntil = performance.now() + 500;
  };
  window.addEventListener("pointerup", lifted, { capture: true });
  window.addEventListener("pointercancel", lifted, { capture: true });
  board.addEventListener("click", (e) => {
    if (performance.now() > eatUntil) return;
    eatUntil = -Infinity;
    e.stopPropagation();
    e.preventDefault();
  }, { capture: true });
  board.addEventListener("focusin", () => raise(false));
  stacked.addEventListener("change", () => raise(false));
}
