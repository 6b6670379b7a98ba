// @ts-check
// Where undo and redo stop: one move at a time, or against the computer the user's turns
// (undo takes back the user's move and the computer's answer together).

/** @typedef {import("../../pkg/morpion.js").Timeline} Timeline */
/**
 * Whose turn it is, when a player is the computer (the App's `setTurns`).
 * @typedef {object} Turns
 * @property {() => string | null} mayPlay why the user may not play now (null: they may)
 * @property {(shown: number, finished: boolean) => boolean} stopAt a position undo and redo may stop at (the user's turn)
 */

/**
 * The move undo goes back to: one back, or against the computer the user's turn before
 * (their move and its answer); null when there is none.
 * @param {Timeline} tl @param {Turns | null} turns
 */
export function undoTarget(tl, turns) {
  if (!turns) return tl.can_undo() ? tl.shown() - 1 : null;
  for (let n = tl.shown() - 1; n >= 0; n--) if (turns.stopAt(n, false)) return n;
  return null;
}

/**
 * The move redo goes on to: one on, or against the computer the user's next turn (or the
 * end of the line); null when there is none.
 * @param {Timeline} tl @param {Turns | null} turns
 */
export function redoTarget(tl, turns) {
  if (!tl.can_redo()) return null;
  if (!turns) return tl.shown() + 1;
  // walk the line and come back: the game shown stays as it is
  const from = tl.shown();
  while (tl.redo()) if (turns.stopAt(tl.shown(), tl.finished())) break;
  const to = tl.shown();
  tl.go_to(from);
  return to;
}
