// @ts-check
// What the page says of the game on the board, written from what the App knows: the bar
// under the board (score, move buttons, slider, "Game over", the way back to a line left)
// and the Play panel's facts (variant, title, legal moves). No state of its own.

import { $, button, input, select, withAside } from "./dom.js";
import { num, t } from "./i18n.js";
import { variantName } from "./words.js";

/** @typedef {import("../../pkg/morpion.js").Timeline} Timeline */

/**
 * @param {Timeline} tl the game on the board
 * @param {{ title: string, own: boolean, undo: boolean, redo: boolean }} s `own`: the
 *   user's game (a preview's buttons are all off); `undo`, `redo`: whether they lead anywhere
 */
export function showStatus(tl, { title, own, undo, redo }) {
  const shown = tl.shown();
  const length = tl.length();
  $("score").textContent = num(shown);
  $("score-unit").textContent = t("bar.moves", { n: shown });
  $("legal").textContent = num(tl.legal_count());
  $("variant-name").textContent = variantName(tl.variant());
  // the menu names the user's game's variant, also under a search's best game of another
  // (its "New game" is of that variant)
  if (own) select("variant").value = tl.variant();
  $("title").textContent = title;
  button("undo").disabled = !own || !undo;
  button("redo").disabled = !own || !redo;
  button("first").disabled = !own || !tl.can_undo();
  button("last").disabled = !own || !tl.can_redo();
  button("play").disabled = !own || length === 0;
  const slider = input("slider");
  slider.disabled = !own;
  slider.max = String(length);
  slider.value = String(shown);
  slider.setAttribute("aria-valuetext", t("bar.move-of", { shown, length }));
  $("move-of").textContent = `${num(shown)} / ${num(length)}`;
}

/**
 * "Game over: n moves" when `over`, else nothing. The count is aside (`withAside`): the
 * score beside it says the same.
 * @param {boolean} over @param {number} n
 */
export function showOver(over, n) {
  const notice = $("gameover");
  notice.hidden = !over;
  if (over) withAside(notice, t("msg.game-over"), t("msg.game-over-n", { n }));
}

/** The way back to a line the user left, in the bar (none: hidden). @param {{ record: unknown } | null} left */
export function showBranch(left) {
  const back = button("back-to-game");
  back.hidden = !left;
  if (!left) return;
  // a phone shows the short words ("⤺ Record"): the long ones took a row of their own,
  // and the board lost that height the moment the user played their own move
  const which = left.record ? "record" : "game";
  const words = t(`branch.back-${which}`);
  const long = Object.assign(document.createElement("span"), { className: "back-long", textContent: words });
  const short = Object.assign(document.createElement("span"), { className: "back-short", textContent: t(`branch.back-${which}-short`) });
  back.setAttribute("aria-label", words);
  back.replaceChildren(long, short);
}
