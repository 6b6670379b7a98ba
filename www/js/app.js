// @ts-check
// The controller: one game (a wasm Timeline), one board, and what each control does to
// them. Rules, formats and drawing are in the wasm module (crate/src/wasm); this keeps the
// status, the address and local storage in step with the game.
//
// Its state is private: the other modules (main.js, share.js, search-panel.js) use the
// small API below (queries, actions, and `on` for the change hooks), as chessground's Api.
// Two rooms of the board are its own: the view (board-view.js: pan, zoom, fit, the drawing,
// reached through `view()`) and what taps and keys pick on it (point-picker.js).

import { $, assumed5T, clearError, errorText, forgetNotesBut, notesSentence, say, select, showError } from "./dom.js";
import { recordNote, t } from "./i18n.js";
import { OwnGame } from "./own-game.js";
import { lineOf, linkBase, showInAddress } from "./saved.js";
import { PointPicker } from "./point-picker.js";
import { Replay } from "./replay.js";
import { redoTarget, undoTarget } from "./turns.js";
import { BoardView } from "./board-view.js";
import { showBranch, showOver, showStatus } from "./status-bar.js";
import { branchOf, gameTitle, titleWho, whyNotText } from "./words.js";

/** @typedef {import("../../pkg/morpion.js")} Wasm */
/** @typedef {import("../../pkg/morpion.js").Timeline} Timeline */
/** @typedef {import("../../pkg/morpion.js").RecordInfo} RecordInfo */
/** @typedef {import("../../pkg/morpion.js").OpponentMove} OpponentMove */
/** @typedef {import("./turns.js").Turns} Turns */
/** @typedef {"change" | "previewend" | "board" | "played" | "kept"} AppEvent */
/** @typedef {[number, number]} GridPoint */

/** How long the computer's line takes to draw itself (ms). */
const DRAW_LINE_MS = 420;

/**
 * A game's text read without error that holds no move from the cross: nothing to import.
 * `format` is the engine's name of the format it was read as (the page words it).
 */
export class EmptyImport extends Error {
  /** @param {string} format */
  constructor(format) {
    super(`no move (${format})`);
    this.format = format;
  }
}

/** One game on one board, and what the controls do to them. */
export class App {
  /** @type {Wasm} */ #wasm;
  /** Where and how the board is drawn. @type {BoardView} */ #view;
  /** @type {Timeline} */ #timeline;
  /** @type {RecordInfo[]} */ #records;
  /** Whose turn it is against the computer; null: anyone may play any move. @type {Turns | null} */ #turns = null;
  /** What taps, the mouse and the keys on the board pick, and the lines offered. @type {PointPicker} */ #picker;
  /** The replay's clock. */ #replay = new Replay();
  /** A game shown instead of the user's (a search's best), not played. @type {Timeline | null} */
  #preview = null;
  /** The record on the board (it stays reachable after the user branches off it). @type {RecordInfo | null} */ #record = null;
  /** Whether the game is one of the user's, kept for the next visit, and which. */ #mine = new OwnGame();
  /** The line the user left by playing a move of their own in its middle (`own`: it was
   * the user's, so going back to it keeps it). @type {{ link: string, at: number, length: number, own: boolean, record: RecordInfo | null } | null} */
  #left = null;
  /** While set, a tap or Enter on a grid point goes here instead of playing (the start
   * editor). @type {((p: GridPoint) => void) | null} */
  #pointHandler = null;
  /** @type {Record<AppEvent, Array<() => void>>} */
  #listeners = { change: [], previewend: [], board: [], played: [], kept: [] };
  /** "Back at move 10...": said of that move, and taken back once the board leaves it. @type {{ at: number, said: string } | null} */
  #backSaid = null;

  /** @param {Wasm} wasm @param {HTMLCanvasElement} canvas */
  constructor(wasm, canvas) {
    this.#wasm = wasm;
    // one wasm board, two rooms: where and how it is drawn, and what is picked on it
    const board = new wasm.Board(canvas);
    this.#view = new BoardView(board);
    this.#picker = new PointPicker(board, canvas, this.#view, {
      previewing: () => this.#preview !== null,
      pointHandler: () => this.#pointHandler,
      refused: () => this.#turns?.mayPlay(),
      choicesAt: (p) => this.#timeline.choices_at(p[0], p[1]),
      whyNot: (p) => whyNotText(this.#timeline.why_not(p[0], p[1])),
      link: () => this.link(),
      lineLength: () => Number(this.#timeline.variant()[0]),
      play: (p, choice) => this.#play(p, choice),
      stopReplay: () => this.stopReplay(),
    });
    this.#timeline = new wasm.Timeline("5T");
    this.#records = wasm.records();
  }

  // ---- hooks -------------------------------------------------------------------

  /**
   * Calls `fn` on `event`: "change" after every change of the user's game (a move, undo,
   * replay step, a new game); "previewend" when the board goes back to the user's game
   * because the user played, undid or replayed (not when asked by `endPreview`); "board"
   * whenever the board shows another position (the user's game or a preview); "played"
   * after the user played a move (after its "change"), even the recorded next one.
   * @param {AppEvent} event @param {() => void} fn
   */
  on(event, fn) {
    this.#listeners[event].push(fn);
  }

  /** @param {AppEvent} event */
  #emit(event) {
    for (const fn of this.#listeners[event]) fn();
  }

  // ---- queries -------------------------------------------------------------------

  variant() { return this.#timeline.variant(); }
  /** Moves shown (the score on the board). */
  shown() { return this.#timeline.shown(); }
  /** Moves in the line of play, shown or not. */
  length() { return this.#timeline.length(); }
  /** The user's game is a two-player one. */
  twoPlayer() { return this.#timeline.two_player(); }
  /** Who draws the next line of the user's game: 1 or 2. */
  playerToMove() { return this.#timeline.player_to_move(); }
  /** Who drew the last line of the user's finished game (undefined before the end). */
  winner() { return this.#timeline.winner(); }
  /** How many moves can be played in the user's game (at the move shown). */
  legalCount() { return this.#timeline.legal_count(); }
  /** No legal move is left in the user's game (at the move shown). */
  finished() { return this.#timeline.finished(); }
  /** Moves of the line of play come after the one shown. */
  canRedo() { return this.#timeline.can_redo(); }
  /** The replay is running. */
  replaying() { return this.#replay.running(); }
  /** The link of the user's game (with the shown move unless all are shown). */
  link() { return this.#timeline.link(linkBase()); }
  /** The dots of the game's start, `[x, y, ...]` (its smallest x and y are 0). */
  startDots() { return Array.from(this.#timeline.start_dots()); }
  /** Every game from the game's start is known to end (not so in 3T and 3D, nor in 4T and 4D from another start than the cross). */
  gamesEnd() { return this.#timeline.games_end(); }
  /** `cross`, or the code of the game's start. */
  startSpec() { return this.#timeline.start_spec(); }
  /**
   * The link of a new game of `variant` from the start of `dots` (`[x, y, ...]`), a
   * two-player one if the game is (a start is drawn for either game). Throws when they are
   * not a start (none, or wider than 64 cells).
   * @param {string} variant @param {number[]} dots
   */
  startLink(variant, dots) {
    const fresh = this.#wasm.Timeline.on_start(variant, Int32Array.from(dots));
    try {
      fresh.set_two_player(this.#timeline.two_player());
      return fresh.link(linkBase());
    } finally {
      fresh.free();
    }
  }
  /** The link of a new game of `variant`, two-player if `twoPlayer`. @param {string} variant @param {boolean} [twoPlayer] */
  newGameLink(variant, twoPlayer = false) {
    const fresh = new this.#wasm.Timeline(variant);
    try {
      fresh.set_two_player(twoPlayer);
      return fresh.link(linkBase());
    } finally {
      fresh.free();
    }
  }
  /** Playouts in one top-level search run of `method` at `level` (the engine's count). @param {number} level @param {string} method */
  runPlayouts(level, method) { return this.#wasm.Search.run_playouts(level, method); }
  /** The whole line of play in a text format (`pentasol`, `msr-json`, ...). @param {string} format */
  exportText(format) { return this.#timeline.export(format, linkBase()); }
  /** Why `format` cannot hold the game (a 6D game in Pentasol), as a note, without writing it; null when it can. @param {string} format @returns {unknown} */
  exportRefusal(format) { return this.#timeline.export_refusal(format); }
  /** What an export in `format` leaves unread elsewhere (MSR of a 6T game), or null. @param {string} format @returns {unknown} */
  exportNote(format) { return this.#timeline.export_note(format); }
  /** The user's game at the move shown (a preview is not the user's), as an SVG image
   * (move numbers as on the board, no hints). */
  svg() { return this.#timeline.svg(this.#imageStyle(), 28); }
  /** Paints the user's game at the move shown on `canvas` for a PNG (`scale` device pixels a CSS pixel). @param {HTMLCanvasElement} canvas @param {number} scale */
  drawImage(canvas, scale) { this.#wasm.draw_image(canvas, this.#timeline, this.#imageStyle(), 28, scale); }
  /** Images are drawn in the light palette whatever the page's theme: they are printed and
   * shared (a two-player game's in its players' colours, as on the board). */
  #imageStyle() { return { numbers: this.#view.style().numbers, hints: false, grid: true }; }
  /** Who played the user's game and when, in the language, for a caption that says the
   * variant and the length itself (empty when the game does not say). */
  gameWho() { return titleWho(this.#timeline.title(), this.#records); }
  /** The embedded record games. */
  records() { return this.#records; }
  /** The lines that would add a dot at grid point (x, y). @param {number} x @param {number} y */
  choicesAt(x, y) { return this.#timeline.choices_at(x, y); }
  /**
   * The board's view: pan, zoom, fit, the toggles and palette, the bounds' layers
   * (board-view.js). Which position it shows, the computer's growing line, and whether
   * taps play (the rings held back) are the App's alone, so they are not part of the type.
   * @returns {Omit<BoardView, "show" | "growLine" | "holdHints">}
   */
  view() { return this.#view; }
  /** Whether the board shows a game that is not the user's (a search's best). */
  previewing() { return this.#preview !== null; }
  /** The link of the position the board shows: the preview's, else the user's game's. */
  boardLink() { return (this.#preview ?? this.#timeline).link(linkBase()); }
  /**
   * The link of the position after the board's first `n` moves, none after them
   * (undefined when it shows fewer): the same on every line of play that went on from
   * there, so that what is known of that position is known on all of them.
   * @param {number} n
   */
  boardLinkOfFirst(n) { return (this.#preview ?? this.#timeline).link_of_first(n, linkBase()); }
  /** How many moves the board shows: the preview's, else the user's game's. */
  boardShown() { return (this.#preview ?? this.#timeline).shown(); }
  /** The link of the position the board shows, alone: its key for boardLinkOfFirst. */
  boardPositionLink() {
    const tl = this.#preview ?? this.#timeline;
    return /** @type {string} */ (tl.link_of_first(tl.shown(), linkBase()));
  }

  /**
   * While `fn` is set, a tap, click or Enter on a grid point calls it instead of playing
   * there, and no line is offered under the mouse (the start editor). @param {((p: GridPoint) => void) | null} fn
   */
  setPointHandler(fn) {
    this.#pointHandler = fn;
    this.closeOffer();
    this.#view.holdHints(fn !== null); // a tap does not play: no ring says it does
    this.#showOver();
  }

  // ---- which game --------------------------------------------------------------

  /**
   * Makes `timeline` the game on the board (the App owns it from now on). `how`: "new" (a
   * new history entry) or "view" (already in the address); both zoom to fit unless
   * `keepView`. `own`: the user's own game, kept for the next visit from now on; else it
   * is only when it is the game kept already (Back to it, or a reload), until the user
   * plays in it.
   * @param {Timeline} timeline @param {"new" | "view"} how @param {RecordInfo | null} record @param {boolean} keepView
   * @param {boolean} own
   */
  #setGame(timeline, how, record = null, keepView = false, own = false) {
    this.stopReplay();
    this.#endPreview();
    if (timeline !== this.#timeline) {
      this.#timeline.free();
      this.#timeline = timeline;
    }
    this.closeOffer();
    this.#record = record;
    this.#left = null;
    this.#mine.opened(timeline.link(linkBase()), own);
    // one of the user's lines, opened again: its title, which its link does not carry
    const from = this.#mine.from();
    if (from) timeline.name_if_unknown(from);
    clearError(); // an alert about the game before (a damaged link) is over
    select("records").value = record ? record.name : "";
    $("record-note").textContent = record ? recordNote(record.name, record.note) : "";
    // with a record on the board, the bar says how to step through it: the panel's hint,
    // which says the same, is for before one is chosen
    $("records-hint").hidden = record !== null;
    say("");
    this.#update(!keepView, how === "new");
  }

  /** A new game of `variant` (a new history entry), two-player if the game was. @param {string} variant */
  newGame(variant) {
    const fresh = new this.#wasm.Timeline(variant);
    fresh.set_two_player(this.#timeline.two_player());
    this.#setGame(fresh, "new");
    // unless a listener put another game in its place (the start editor: its dots, drawn on)
    // (the computer's turn first: its move is on its way, and taps are refused till then)
    if (this.#timeline === fresh) say(t(this.#turns?.mayPlay() ? "msg.new-game-computer" : "msg.new-game", { variant }));
  }

  /**
   * Opens the game of a link (or any text the readers know); `keepView` keeps the zoom and
   * the pan. Throws, changing nothing, when it cannot be read.
   * @param {string} link @param {"new" | "view"} how @param {boolean} [keepView]
   */
  openLink(link, how, keepView = false) {
    const timeline = this.#wasm.Timeline.import(link, "");
    const notes = notesSentence(timeline.notes()); // a move to show that is not the game's
    this.#setGame(timeline, how, this.#recordOf(timeline), keepView);
    if (notes) say(notes);
  }

  /**
   * The record whose game this is, move for move (a record's link, Back onto one): shown
   * as the record, its note and its place in the list, as when it is chosen there.
   * @param {import("../../pkg/morpion.js").Timeline} timeline @returns {RecordInfo | null}
   */
  #recordOf(timeline) {
    const name = timeline.record_name();
    return (name && this.#records.find((r) => r.name === name)) || null;
  }

  /**
   * Imports a game in any format; `variant` ("" for none) wins over the text's. Throws,
   * changing nothing, when it cannot be read (the engine's error), or when it holds no
   * move from the cross (`EmptyImport`). Returns what the user should be told.
   * @param {string} text @param {string} variant
   */
  importText(text, variant) {
    const timeline = this.#wasm.Timeline.import(text, variant);
    const read = { format: timeline.format() || "", notes: timeline.notes(), length: timeline.length() };
    // a text of no move from the cross (a Pentasol file's first line alone) would replace
    // the user's game by an empty one: New game does that, an import is for a game
    if (read.length === 0 && timeline.start_spec() === "cross") {
      timeline.free();
      throw new EmptyImport(read.format);
    }
    this.#setGame(timeline, "new", null, false, true);
    return read;
  }

  /**
   * The variant a game's text records, if it records one and can be read with it: what an
   * import that failed in another variant may say. Changes nothing.
   * @param {string} text @returns {string | null}
   */
  variantSaid(text) {
    let timeline;
    try {
      timeline = this.#wasm.Timeline.import(text, "");
    } catch {
      return null;
    }
    const assumed = timeline.notes().some(assumed5T);
    const variant = timeline.variant();
    timeline.free();
    return assumed ? null : variant;
  }

  /** A game of the record library, by name. @param {string} name */
  openRecord(name) {
    const record = this.#records.find((r) => r.name === name) || null;
    this.#setGame(this.#wasm.Timeline.record(name), "new", record);
  }

  /**
   * Keeps the game on the board for the next visit, as one the user played in: a game they
   * made otherwise (a start they drew, a game their search found).
   */
  keep() {
    this.#mine.claim();
    this.#remember(this.#timeline.link(linkBase()));
    this.#emit("kept"); // no "change" follows: the list must hear of it
  }

  /** Which of the user's games is on the board (saved.js), if one is. */
  ownId() { return this.#mine.id(); }

  /** Keeps the game on the board, at `link`, among the user's games. @param {string} link */
  #remember(link) {
    const tl = this.#timeline;
    const start = tl.start_spec() === "cross" ? undefined : tl.start_dots().length / 2;
    const title = tl.title();
    const from = branchOf(title) ? title : undefined;
    this.#mine.keep(link, { moves: tl.length(), variant: tl.variant(), twoPlayer: tl.two_player(), start, from });
  }

  /** Back to the line the user left by playing their own move in its middle, at that move. */
  backToLeft() {
    const left = this.#left;
    if (!left) return;
    if (left.record) {
      this.openRecord(left.record.name);
      this.goTo(left.at);
    } else {
      this.openLink(left.link, "new");
    }
    if (left.own) this.keep();
    const said = t("branch.back", { at: left.at, n: left.length });
    say(said);
    this.#backSaid = { at: left.at, said };
  }

  /**
   * Makes the user's game a two-player one (`on`) or a solitaire one; the moves stay, the
   * link says which.
   * @param {boolean} on
   */
  setTwoPlayer(on) {
    if (this.#timeline.two_player() === on) return;
    this.#endPreview(false);
    this.#timeline.set_two_player(on);
    this.#update();
  }

  /**
   * Against the computer: who may play, and where undo and redo stop (undo takes back the
   * user's move and the computer's answer). `null`: anyone plays, one move at a time.
   * @param {Turns | null} turns
   */
  setTurns(turns) {
    this.#turns = turns;
    this.#update(); // the undo and redo buttons, and the listeners (the computer may be to move)
  }

  /** After any change of the game: board, status, address, storage, listeners. */
  #update(fit = false, newEntry = false) {
    if (this.#preview) return; // the game changes (a replay step) but the preview stays on show
    const tl = this.#timeline;
    if (this.#backSaid && tl.shown() !== this.#backSaid.at) {
      if ($("message").textContent === this.#backSaid.said) say("");
      this.#backSaid = null;
    }
    this.#show(tl, fit);
    this.#showStatus(tl, gameTitle(tl.title(), this.#records));
    showBranch(this.#left);
    const link = tl.link(linkBase());
    forgetNotesBut(link);
    showInAddress(link, newEntry);
    if (this.#mine.own()) this.#remember(link);
    this.#view.redraw();
    this.#emit("change");
    this.#emit("board");
  }

  /**
   * Puts `tl` on the board (`fit`: zoomed to it). The board then drops the lines offered,
   * so the picker closes first: its offer belonged to the position before.
   * @param {Timeline} tl @param {boolean} fit
   */
  #show(tl, fit) {
    if (this.#picker.offering()) this.#picker.close();
    this.#view.show(tl, fit);
  }

  /** The status and the move controls, for the timeline `tl` on the board (the user's game or a preview). @param {Timeline} tl @param {string} title */
  #showStatus(tl, title) {
    const own = tl === this.#timeline;
    showStatus(tl, { title, own, undo: own && this.#undoTarget() !== null, redo: own && this.#redoTarget() !== null });
    this.#showOver();
  }

  /** "Game over" when the user's game on the board ended. */
  #showOver() {
    const tl = this.#timeline;
    // not under a preview (a search's best so far is not a finished game of the user's),
    // nor while a start is drawn (its taps put dots, not moves); a two-player game's end
    // says who won (the two-player panel's)
    showOver(!this.#preview && this.#pointHandler === null && tl.finished() && !tl.two_player(), tl.shown());
  }

  // ---- a game shown without being played (a search's best) --------------------

  /**
   * Shows the game of `link` on the board instead of the user's game, which stays as it
   * was (address, storage, undo history). `title` says what it is; `fit` zooms to it.
   * Throws, changing nothing, if the link cannot be read.
   * @param {string} link @param {string} title @param {boolean} fit
   */
  showPreview(link, title, fit) {
    const timeline = this.#wasm.Timeline.import(link, "");
    this.stopReplay();
    if (this.#preview) this.#preview.free();
    const first = !this.#preview;
    this.#preview = timeline;
    if (first) say(t("msg.preview-on"));
    this.#show(timeline, fit || first);
    this.#showStatus(timeline, title);
    this.#view.redraw();
    this.#emit("board");
  }

  /** Back to the user's game, as the search panel asks (its box unticked). */
  endPreview() {
    this.#endPreview(false);
  }

  /** Back to the user's game; `notify` tells the "previewend" listeners (the user did it). */
  #endPreview(notify = true) {
    if (!this.#preview) return;
    this.#preview.free();
    this.#preview = null;
    say("");
    this.#update(true);
    if (notify) this.#emit("previewend");
  }

  // ---- playing -------------------------------------------------------------------

  /** A tap or click at (x, y) CSS pixels on the board. @param {number} x @param {number} y */
  tap(x, y) { this.#picker.tap(x, y); }
  /** The mouse is at (x, y), or left the board (null). @param {number | null} x @param {number} [y] */
  hover(x, y = 0) { this.#picker.hover(x, y); }
  /** A key pressed on the board (keys.js); whether it was one of the board's. @param {KeyboardEvent} e */
  boardKey(e) { return this.#picker.key(e); }
  /** A digit pressed off the board while lines are offered to choose from: whether it chose one. @param {KeyboardEvent} e */
  choiceKey(e) { return this.#picker.digit(e); }
  /** Whether lines are offered on the board. */
  offering() { return this.#picker.offering(); }
  /** Takes the lines offered off the board. */
  closeOffer() { this.#picker.close(); }
  /** Shows the line from `a` to `b` on the board (a hint), until the next move or pointer. @param {GridPoint} a @param {GridPoint} b */
  showLine(a, b) { this.#picker.showLine(a, b); }

  /** @param {GridPoint} p @param {number} choice */
  #play(p, choice) {
    const refused = this.#turns?.mayPlay();
    if (refused) return say(refused);
    const was = this.#lineNow();
    try {
      this.#timeline.play_at(p[0], p[1], choice);
    } catch (e) {
      return say(errorText(e));
    }
    const step = this.#noteBranch(was);
    const branched = step === "branch";
    // the line's own next move (a record's, say) is a step through it, as Redo is: it makes
    // nothing the user's; any other move does
    if (step !== "next") this.#mine.claim();
    this.closeOffer();
    clearError("link", "import", "export"); // the user plays on: an alert about those is over
    const left = this.#left;
    say(branched && left ? t(left.record ? "branch.record" : "branch.game", { at: left.at, n: left.length }) : "");
    this.#update();
    this.#emit("played");
  }

  /** The line of play and the move shown, before a move (see `#noteBranch`). */
  #lineNow() {
    const tl = this.#timeline;
    return { link: tl.link(linkBase()), at: tl.shown(), length: tl.length(), own: this.#mine.own() };
  }

  /**
   * After a move: one played in the middle of a line (not its recorded next move) drops the
   * rest of it, so a way back is kept. What the move was: a branch, the line's own next
   * move, or one more at its end.
   * @param {{ link: string, at: number, length: number, own: boolean }} was @returns {"branch" | "next" | "end"}
   */
  #noteBranch(was) {
    if (was.at === was.length) return "end";
    if (lineOf(this.#timeline.link(linkBase())) === lineOf(was.link)) return "next";
    this.#mine.branched(was.length - was.at);
    this.#left = { ...was, record: this.#record };
    // the game is the user's now: a later branch is off their own line, not the record's
    this.#record = null;
    select("records").value = "";
    $("record-note").textContent = "";
    $("records-hint").hidden = false;
    return "branch";
  }

  undo() {
    this.#endPreview();
    this.stopReplay();
    const to = this.#undoTarget();
    if (to === null) return;
    this.#timeline.go_to(to);
    this.#update();
  }

  redo() {
    this.#endPreview();
    this.stopReplay();
    const to = this.#redoTarget();
    if (to === null) return;
    this.#timeline.go_to(to);
    this.#update();
  }

  #undoTarget() { return undoTarget(this.#timeline, this.#turns); }
  #redoTarget() { return redoTarget(this.#timeline, this.#turns); }

  /**
   * Plays the computer's `move` in the game of `link`, its line drawn first: false when the
   * game has changed meanwhile (the user undid, or opened another) or `wanted()` turned
   * false (the opponent changed), and nothing is played.
   * @param {OpponentMove} move @param {string} link @param {() => boolean} wanted
   * @returns {Promise<boolean>}
   */
  async playComputer(move, link, wanted) {
    const same = () => wanted() && !this.#preview && this.#timeline.link(linkBase()) === link;
    if (!same()) return false;
    this.closeOffer();
    if (!(await this.#view.growLine(move.from, move.to, DRAW_LINE_MS, same))) return false;
    const was = this.#lineNow();
    try {
      this.#timeline.play_index(move.index);
    } catch (e) {
      this.#view.redraw();
      showError(t("two.computer-failed", { why: errorText(e) }));
      return false;
    }
    // not the user's own by this move: a link looked at may end on the computer's turn
    this.#noteBranch(was); // an answer other than the line's next move leaves the line too
    this.#update();
    return true;
  }

  /** Shows the first `n` moves. @param {number} n */
  goTo(n) {
    this.#endPreview();
    this.stopReplay();
    this.#timeline.go_to(n);
    this.closeOffer();
    this.#update();
  }

  first() { this.goTo(0); }
  last() { this.goTo(this.#timeline.length()); }

  // ---- replay ----------------------------------------------------------------

  toggleReplay() {
    if (this.#replay.running()) return this.stopReplay();
    this.#endPreview();
    if (!this.#timeline.can_redo()) this.#timeline.go_to(0);
    const step = () => {
      if (!this.#timeline.redo()) return this.stopReplay();
      // stopped before the last step is shown, so its listeners see a game at rest (the
      // computer, whose turn it may be, moves)
      if (!this.#timeline.can_redo()) this.stopReplay();
      this.#update();
    };
    this.#replay.start(step, Number(select("speed").value));
    this.#update();
  }

  /** The replay speed changed: a running replay goes on at the new speed. */
  speedChanged() {
    if (!this.#replay.running()) return;
    this.stopReplay();
    this.toggleReplay();
  }

  stopReplay() { this.#replay.stop(); }
}
