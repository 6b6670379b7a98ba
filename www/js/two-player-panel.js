// @ts-check
// The two-player game on the page: the mode (solitaire or two players), the opponent (a
// friend on this device or by link, or the computer at a strength), whose turn it is, who
// won, the computer's moves (thought of in the opponent worker, so the page never waits)
// and the winning-move hint. It talks to the App through its API only.

import { $, button, errorText, say, sayOf, select, showError } from "./dom.js";
import { num, t } from "./i18n.js";
import { OpponentClient } from "./opponent-client.js";
import { tabStorage } from "./storage.js";

/** @typedef {import("./app.js").App} App */
/** @typedef {import("./opponent-client.js").OpponentMove} OpponentMove */

/** The strength the hint thinks with: it solves the position when it is small enough. */
const HINT_STRENGTH = "strong";

/**
 * Where the tab keeps the opponent chosen: a reload during a game against the computer
 * goes on against it, where the page used to turn it silently into a game for two people
 * (a friend's link, opened in a tab of its own, still opens for two people).
 */
const OPPONENT_KEY = "morpion.opponent";

export class TwoPlayerPanel {
  /** @type {App} */ #app;
  #client = new OpponentClient();
  /** The link of the position the computer is thinking about (or the hint). @type {string | null} */ #asked = null;
  /** What is under way: the computer's move (thought of, then drawn) or a hint. @type {"move" | "hint" | null} */ #thinking = null;
  /** The last hint's words (its answer, or that it is thinking) and the position they are about, while they may be on show. @type {{ link: string, said: string } | null} */ #hintSaid = null;
  /** The opponent the user chose (line length 3 falls back to a friend, and back again after). */ #chosenOpponent = "human";
  /** The player the computer is (1 or 2), or 0 when it does not play: the rules the App has. */ #computer = 0;

  /** @param {App} app */
  constructor(app) {
    this.#app = app;
    select("mode").addEventListener("change", () => {
      const on = select("mode").value === "two-player";
      app.setTwoPlayer(on);
      // the moves already on the board become turns: said, as a record's 178 moves read as
      // a game of two players (who then won) would surprise
      const n = app.shown();
      if (on && n > 0) say(t("two.moves-as-turns", { n, count: num(n) }));
    });
    const kept = tabStorage().getItem(OPPONENT_KEY);
    if (kept && [...select("opponent").options].some((o) => o.value === kept)) this.#chosenOpponent = kept;
    select("opponent").addEventListener("change", () => {
      this.#chosenOpponent = select("opponent").value;
      tabStorage().setItem(OPPONENT_KEY, this.#chosenOpponent);
      this.#refresh();
    });
    select("you-play").addEventListener("change", () => this.#refresh());
    button("hint").addEventListener("click", () => this.#hint());
    app.on("change", () => this.#refresh());
    // the user's move asks for an answer even when the line of play goes on after it (the
    // recorded next move, after an undo): the computer then thinks again
    app.on("played", () => this.#refresh(true));
    // a search's best shown instead of the game: a hint under way was for the game
    app.on("board", () => {
      if (app.previewing() && this.#thinking === "hint") this.#stopThinking();
      this.#forgetHint();
      this.#show();
    });
    this.#refresh();
  }

  /** The opponent: `human`, or the computer's strength. */
  #opponent() { return select("opponent").value; }
  #againstComputer() { return this.#app.twoPlayer() && this.#opponent() !== "human"; }
  /** The player the computer is (1 or 2), against the computer. */
  #computerPlays() { return select("you-play").value === "2" ? 1 : 2; }
  #seconds() { return Number(select("think-time").value) || 1; }

  /**
   * Whose moves the user may make, and where undo stops, when the mode, the opponent or
   * the side has changed since the last time (the App then tells its listeners, this
   * among them).
   */
  #rules() {
    const app = this.#app;
    const computer = this.#againstComputer() ? this.#computerPlays() : 0;
    if (computer === this.#computer) return;
    this.#computer = computer;
    if (!computer) {
      app.setTurns(null);
      return;
    }
    app.setTurns({
      mayPlay: () => {
        if (app.playerToMove() !== computer) return null;
        // in the middle of the line of play the computer's recorded move comes next
        return t(app.canRedo() && this.#thinking !== "move" ? "two.computer-next" : "two.computer-turn");
      },
      // the user's turns (and the end): undo takes back their move and the computer's answer
      stopAt: (shown, finished) => finished || (shown % 2) + 1 !== computer,
    });
  }

  /**
   * The computer plays only games known to end (not line length 3, nor 4 from another
   * start than the cross: there may be no last line to aim at): its strengths are greyed
   * out otherwise, and the game is for two people.
   */
  #offerComputer() {
    const variant = this.#app.variant();
    const endless = !this.#app.gamesEnd();
    const menu = select("opponent");
    for (const option of menu.options) option.disabled = endless && option.value !== "human";
    menu.value = endless ? "human" : this.#chosenOpponent;
    const note = $("opponent-note");
    note.hidden = !endless;
    const why = variant.startsWith("3") ? "two.no-computer" : "two.no-computer-start";
    note.textContent = endless ? t(why, { variant }) : "";
  }

  /**
   * After each change of the user's game: the computer's turn, else stop thinking. At the
   * end of the line of play, or just after the user's move (`played`), the computer moves
   * when it is its turn; a step back into the middle of a game does not make it play.
   */
  #refresh(played = false) {
    this.#forgetHint();
    this.#offerComputer();
    // (setTurns updates the App, which calls this again: harmless, the second call finds
    // the question asked)
    this.#rules();
    const app = this.#app;
    const link = app.link();
    const computersTurn = this.#againstComputer() && !app.previewing() && !app.replaying()
      && !app.finished() && app.playerToMove() === this.#computerPlays();
    // the game moved on (an undo, another game, a preview), or the computer no longer
    // plays, or its turn came while a hint was sought
    const stale = this.#asked !== link || app.previewing()
      || (this.#thinking === "move" ? !computersTurn : computersTurn);
    if (this.#asked !== null && stale) this.#stopThinking();
    if (computersTurn && (played || !app.canRedo()) && this.#asked !== link) this.#computerMove(link);
    this.#show();
  }

  /** @param {string} link */
  async #computerMove(link) {
    this.#asked = link;
    this.#thinking = "move";
    this.#show();
    let move;
    try {
      move = await this.#client.ask({ link, strength: this.#opponent(), seconds: this.#seconds() });
    } catch (e) {
      this.#done(link);
      showError(t("two.computer-failed", { why: errorText(e) }));
      return;
    }
    if (!move || this.#asked !== link) return; // cancelled: the game moved on
    // still "move" while the line draws itself: a change meanwhile stops it (wanted())
    const played = await this.#app.playComputer(move, link, () => this.#asked === link);
    this.#done(link);
    if (played) sayOf(this.#why(move, "move"), this.#app.link());
  }

  /** The winning-move hint: the strong player's choice, with what it knows. */
  async #hint() {
    const app = this.#app;
    if (!app.twoPlayer() || app.finished() || this.#thinking) return;
    const link = app.link();
    this.#asked = link;
    this.#thinking = "hint";
    this.#show();
    // words about this position: gone with it, even while still thinking (`#forgetHint`)
    const thinking = t("two.hint-thinking");
    say(thinking);
    this.#hintSaid = { link, said: thinking };
    let move;
    try {
      move = await this.#client.ask({ link, strength: HINT_STRENGTH, seconds: this.#seconds() });
    } catch (e) {
      this.#done(link);
      say("");
      showError(t("two.computer-failed", { why: errorText(e) }));
      return;
    }
    if (!move || this.#asked !== link || app.previewing()) return;
    this.#done(link);
    app.showLine(move.from, move.to);
    const said = this.#why(move, "hint");
    say(said);
    this.#hintSaid = { link, said };
  }

  /**
   * The hint's words go with its dashed line: once the game has moved on (a move, an undo,
   * another mode or game), they would speak of a line no longer shown. Words said since
   * stay.
   */
  #forgetHint() {
    const hint = this.#hintSaid;
    if (!hint || (hint.link === this.#app.link() && this.#app.twoPlayer() && !this.#app.previewing())) return;
    this.#hintSaid = null;
    if ($("message").textContent === hint.said) say("");
  }

  /** @param {string} link */
  #done(link) {
    if (this.#asked !== link) return;
    this.#asked = null;
    this.#thinking = null;
    this.#show();
  }

  #stopThinking() {
    this.#client.cancel();
    this.#asked = null;
    this.#thinking = null;
  }

  /** What a move found says. @param {OpponentMove} move @param {"move" | "hint"} what */
  #why(move, what) {
    if (what === "move") {
      switch (move.reason) {
        case "last-line": return t("two.computer-last-line");
        case "solved-win": return t("two.computer-solved");
        case "solved-loss": return t("two.computer-loses");
        case "searched": return t("two.computer-searched", { n: move.games, games: num(move.games) });
        default: return "";
      }
    }
    switch (move.reason) {
      case "last-line": return t("two.hint-last-line");
      case "solved-win": return t("two.hint-win");
      case "solved-loss": return t("two.hint-loss");
      default: return t("two.hint-searched", { n: move.games, games: num(move.games) });
    }
  }

  /** The mode's controls, whose turn it is, and who won. */
  #show() {
    const app = this.#app;
    const on = app.twoPlayer();
    select("mode").value = on ? "two-player" : "solitaire";
    $("two-player-options").hidden = !on;
    const computer = this.#againstComputer();
    $("you-play-field").hidden = !computer;
    // the computer's thinking (its moves, the hint): nothing to time where it does not play
    $("think-field").hidden = !app.gamesEnd();
    const line = $("turn-line");
    const winnerLine = $("winner");
    const previewing = app.previewing();
    const winner = on && !previewing ? app.winner() : undefined;
    line.hidden = !on || previewing || winner !== undefined;
    winnerLine.hidden = winner === undefined;
    // the hint is the computer's thinking: none where it does not play (games not known to end)
    button("hint").disabled = !on || previewing || app.finished() || this.#thinking !== null || !app.gamesEnd()
      || (computer && app.playerToMove() === this.#computerPlays());
    if (!on || previewing) return;
    const player = app.playerToMove();
    const badge = $("turn");
    badge.textContent = String(player);
    badge.dataset.player = String(player);
    if (winner !== undefined) {
      winnerLine.dataset.player = String(winner);
      const loser = 3 - winner;
      const key = computer ? (winner === this.#computerPlays() ? "two.computer-wins" : "two.you-win") : "two.player-wins";
      const who = t(key, { winner, loser });
      const sentence = t("two.won-because", { who, why: t(`${key}-why`, { winner, loser }) });
      // who won, then why: a phone's row shows the first part only; the rest stays for
      // screen readers (style.css)
      const rest = sentence.startsWith(who) ? sentence.slice(who.length) : "";
      const first = document.createElement("span");
      first.textContent = rest ? who : sentence;
      const second = document.createElement("span");
      second.className = "winner-why";
      second.textContent = rest;
      winnerLine.replaceChildren(first, second);
      winnerLine.title = sentence;
      return;
    }
    let text;
    if (!computer) text = t("two.player-to-move", { player });
    else if (player !== this.#computerPlays()) text = t("two.your-move");
    else text = t(this.#thinking === "move" ? "two.computer-thinking" : "two.computer-to-move");
    $("turn-text").textContent = text;
  }
}
