// @ts-check
// Whether the game on the board is one of the user's own (saved.js), and which: the App
// tells it when a game is opened, played in, branched off or kept, and it keeps the list
// of their games in step. Only their own games are kept, so a record or a friend's link
// looked at, in this tab or another, never replaces a game they played by hand.

import { pageStorage } from "./storage.js";
import { lineOf, mineById, mineOf, remember } from "./saved.js";

/** A new id for a game of the user's. */
const newId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export class OwnGame {
  /** The game is the user's (they played in it, imported it, kept it). */ #own = false;
  /** Which of their games it is: the same while they play on in it, a new one when they
   * branch off it (null: one to make at the next keep). @type {string | null} */
  #id = null;
  /** The line this tab last kept under `#id`: another one stored under it means another
   * tab plays on in the same game, and this tab's line then gets an id of its own. @type {string | null} */
  #keptLine = null;
  /** The title of the line this game branched off, as kept with it (MyGame `from`), for the
   * App to give back to the game opened again: its link does not carry it. @type {string | undefined} */
  #from;
  /** Where the list is kept. @type {Storage} */ #storage;

  /** @param {Storage} [storage] */
  constructor(storage = pageStorage()) {
    this.#storage = storage;
  }

  /**
   * A game, whose link is `link`, was put on the board: the user's when `own` (an import),
   * or when it is one of theirs opened again (a reload, Back, their list), as it was.
   * @param {string} link @param {boolean} own
   */
  opened(link, own) {
    const mine = own ? null : mineOf(link, this.#storage);
    this.#own = own || mine !== null;
    this.#id = mine?.id ?? null;
    this.#keptLine = mine ? lineOf(mine.link) : null;
    this.#from = typeof mine?.from === "string" ? mine.from : undefined;
  }

  /** The user played in the game, or made it theirs otherwise (a start drawn, a search's game opened). */
  claim() {
    if (!this.#own) this.#id = null; // theirs from now on, under an id of its own
    this.#own = true;
  }

  /**
   * The user's move (or the computer's answer) left a line of the user's: when it was more
   * than one move long past the move left (`past`), the game is another of theirs and the
   * line left stays in their list; one move past it was a move taken back and played
   * otherwise, and the game goes on under its id. @param {number} past
   */
  branched(past) {
    if (this.#own && past > 1) this.#id = null;
  }

  /** Whether the game is the user's. */
  own() { return this.#own; }

  /** Which of the user's games it is, if it is one. */
  id() { return this.#own ? this.#id : null; }

  /** The title of the line the game branched off, as kept with it (MyGame `from`). */
  from() { return this.#from; }

  /**
   * Keeps the game, now at `link`, among the user's games, as the last on the board.
   * @param {string} link @param {{ moves: number, variant: string, twoPlayer: boolean, start?: number, from?: string }} facts
   */
  keep(link, facts) {
    const stored = this.#id === null ? null : mineById(this.#id, this.#storage);
    if (this.#id === null || (stored && lineOf(stored.link) !== this.#keptLine)) this.#id = newId();
    remember({ id: this.#id, link, at: new Date().toISOString(), ...facts }, this.#storage);
    this.#keptLine = lineOf(link);
  }
}
