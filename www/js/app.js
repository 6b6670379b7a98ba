// The controller: one game, one board, and what each control does to them. Rules, formats
// and drawing are in the wasm module (crate/src/wasm); this keeps the status, the address
// and local storage in step with the game. main.js starts it and wires the events.

import { arrowStep } from "./gesture.js";
import { linkBase, remember, showInAddress } from "./saved.js";

export const $ = (id) => document.getElementById(id);

const PLAY_ICON = '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M6 4v12l10-6z"/></svg>';
const PAUSE_ICON = '<svg viewBox="0 0 20 20" aria-hidden="true"><rect x="5" y="4" width="3.5" height="12"/><rect x="11.5" y="4" width="3.5" height="12"/></svg>';

/** Shows a message that needs attention (role="alert"); the app stays usable. */
export function showError(text) {
  $("error-text").textContent = text;
  $("error").hidden = false;
}

export function clearError() {
  $("error").hidden = true;
}

/** A short note under the score (role="status"). */
export function say(text) {
  $("message").textContent = text;
}

/** The message of anything thrown by the wasm module. */
export function errorText(e) {
  return (e && e.message) || String(e);
}

/** One game on one board, and what the controls do to them. */
export class App {
  constructor(wasm) {
    this.wasm = wasm;
    this.board = new wasm.Board($("board"));
    this.game = new wasm.Game("5T");
    this.style = { numbers: false, hints: true, grid: true };
    this.offerAt = null; // the point whose lines are offered: [x, y]
    this.choosing = false; // the offer is a choice the user must make
    this.cursor = null; // the keyboard cursor: [x, y]
    this.timer = null; // replay animation
    this.drawQueued = false;
    this.sized = false; // the canvas has its size (the first fit waits for it)
    this.fitPending = false;
    this.preview = null; // a game shown instead of this.game (a search's best), not played
    this.onPreviewEnd = () => {}; // told when the board goes back to this.game
    this.onUpdate = () => {}; // told after every change of this.game
  }

  /** Draws at the next animation frame (at most once a frame). */
  redraw() {
    if (this.drawQueued) return;
    this.drawQueued = true;
    requestAnimationFrame(() => {
      this.drawQueued = false;
      this.board.draw();
    });
  }

  setStyle(changes) {
    Object.assign(this.style, changes);
    this.board.set_style(this.style);
    this.redraw();
  }

  /**
   * Makes `game` the game on the board. `how`: "new" (a new history entry, zoom to fit) or
   * "view" (already in the address, zoom to fit). `record`: the library entry it is.
   */
  setGame(game, how, record = null) {
    this.endPreview();
    if (game !== this.game) {
      this.game.free();
      this.game = game;
    }
    this.closeOffer();
    $("records").value = record ? record.name : "";
    $("record-note").textContent = record && record.note ? record.note : "";
    this.update(true, how === "new");
  }

  /** After any change of the game: board, status, address, storage. */
  update(fit = false, newEntry = false) {
    if (this.preview) return; // the game changes (a replay step) but the preview stays on show
    const g = this.game;
    if (this.offerAt) this.closeOffer(); // the lines offered belonged to the position before
    this.board.show(g, fit && this.sized);
    if (fit && !this.sized) this.fitPending = true;
    this.showStatus(g, g.title());
    const link = g.link(linkBase());
    showInAddress(link, newEntry);
    remember(link);
    this.redraw();
    this.onUpdate();
  }

  /** The status panel and the move controls, for the game `g` on the board. */
  showStatus(g, title) {
    const shown = g.shown();
    const length = g.length();
    const own = g === this.game;
    $("score").textContent = String(shown);
    $("legal").textContent = String(g.legal_count());
    $("variant-name").textContent = g.variant();
    $("variant").value = g.variant();
    $("title").textContent = title;
    $("undo").disabled = !own || !g.can_undo();
    $("redo").disabled = !own || !g.can_redo();
    $("first").disabled = $("prev").disabled = !own || !g.can_undo();
    $("next").disabled = $("last").disabled = !own || !g.can_redo();
    $("play").disabled = !own || length === 0;
    const slider = $("slider");
    slider.disabled = !own;
    slider.max = String(length);
    slider.value = String(shown);
    slider.setAttribute("aria-valuetext", `move ${shown} of ${length}`);
    $("move-of").textContent = `${shown} of ${length}`;
    const over = $("gameover");
    over.hidden = !g.finished();
    if (g.finished()) over.textContent = `Game over: ${shown} moves. No legal move is left.`;
  }

  // ---- a game shown without being played (a search's best) --------------------

  /**
   * Shows `game` on the board instead of the user's game, which stays as it was (address,
   * storage, undo history). The App owns `game` from now on. `title` says what it is.
   */
  showPreview(game, title, fit) {
    this.stopReplay();
    this.closeOffer();
    if (this.preview && this.preview !== game) this.preview.free();
    const first = !this.preview;
    this.preview = game;
    this.board.show(game, (fit || first) && this.sized);
    this.showStatus(game, title);
    this.redraw();
  }

  /** Back to the user's game (`notify`: tell the search panel, which did not ask). */
  endPreview(notify = true) {
    if (!this.preview) return;
    this.preview.free();
    this.preview = null;
    this.update(true);
    if (notify) this.onPreviewEnd();
  }

  // ---- playing -------------------------------------------------------------

  /** A tap or click at (x, y) CSS pixels on the board. */
  tap(x, y) {
    if (this.preview) return say("The board shows the search's best game. To play, go back to your game (the search panel's \"Show the best game\" box), or open the best game to play on from it.");
    this.stopReplay();
    if (this.choosing) {
      const i = this.board.choice_near(x, y);
      if (i !== undefined) return this.play(this.offerAt, i);
      const p = this.board.hit(x, y);
      if (p && p[0] === this.offerAt[0] && p[1] === this.offerAt[1]) return; // still choosing
      this.closeOffer();
    }
    const p = this.board.hit(x, y);
    if (!p) return say("Tap on a grid point (a crossing of the grid lines).");
    this.choose(p);
  }

  /** The user picked point p (tap, click or Enter): play there, or offer the lines. */
  choose(p) {
    const choices = this.game.choices_at(p[0], p[1]);
    if (choices.length === 0) {
      this.closeOffer();
      return say(this.game.why_not(p[0], p[1]));
    }
    if (choices.length === 1) return this.play(p, 0);
    this.offer(p, true, choices);
  }

  play(p, choice) {
    try {
      this.game.play_at(p[0], p[1], choice);
    } catch (e) {
      return say(errorText(e));
    }
    this.closeOffer();
    say("");
    this.update();
  }

  /** Shows the lines that add a dot at p; `choosing` asks the user to pick one. */
  offer(p, choosing, choices) {
    this.offerAt = p;
    this.choosing = choosing;
    this.board.offer(choices.flatMap((c) => [...c.from, ...c.to]));
    const box = $("chooser");
    if (choosing) {
      const list = $("chooser-options");
      list.replaceChildren(...choices.map((c, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = `${i + 1}. ${c.label[0].toUpperCase()}${c.label.slice(1)}`;
        b.addEventListener("click", () => this.play(p, i));
        b.addEventListener("pointerenter", () => { this.board.set_chosen(i); this.redraw(); });
        b.addEventListener("focus", () => { this.board.set_chosen(i); this.redraw(); });
        return b;
      }));
      box.hidden = false;
      say(`${choices.length} lines can add the dot at (${p.join(", ")}): choose one.`);
    } else {
      box.hidden = true;
    }
    this.redraw();
  }

  closeOffer() {
    if (this.choosing) say("");
    this.offerAt = null;
    this.choosing = false;
    this.board.clear_offer();
    $("chooser").hidden = true;
    this.redraw();
  }

  /** The mouse is at (x, y), or left the board (null): preview what a click would do. */
  hover(x, y) {
    if (this.preview) return;
    if (this.choosing) {
      if (x !== null) {
        const i = this.board.choice_near(x, y);
        this.board.set_chosen(i);
        this.redraw();
      }
      return;
    }
    const p = x === null ? null : this.board.hit(x, y);
    const same = p && this.offerAt && p[0] === this.offerAt[0] && p[1] === this.offerAt[1];
    if (same) return;
    const choices = p ? this.game.choices_at(p[0], p[1]) : [];
    if (choices.length > 0) {
      this.offer(p, false, choices);
      $("board").style.cursor = "pointer";
    } else if (this.offerAt) {
      this.closeOffer();
      $("board").style.cursor = "";
    } else {
      $("board").style.cursor = "";
    }
  }

  undo() {
    this.endPreview();
    this.stopReplay();
    if (this.game.undo()) this.update();
  }

  redo() {
    this.endPreview();
    this.stopReplay();
    if (this.game.redo()) this.update();
  }

  goTo(n) {
    this.endPreview();
    this.game.go_to(n);
    this.closeOffer();
    this.update();
  }

  newGame(variant) {
    this.stopReplay();
    this.setGame(new this.wasm.Game(variant), "new");
    say(`New ${variant} game: click or tap a green ring to play there.`);
  }

  // ---- replay ----------------------------------------------------------------

  toggleReplay() {
    if (this.timer) return this.stopReplay();
    this.endPreview();
    if (!this.game.can_redo()) this.game.go_to(0);
    const step = () => {
      if (!this.game.redo()) return this.stopReplay();
      this.update();
      if (!this.game.can_redo()) this.stopReplay();
    };
    this.timer = setInterval(step, 1000 / Number($("speed").value));
    $("play").innerHTML = PAUSE_ICON;
    $("play").setAttribute("aria-label", "Pause");
    this.update();
  }

  stopReplay() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    $("play").innerHTML = PLAY_ICON;
    $("play").setAttribute("aria-label", "Play the moves");
  }

  // ---- keyboard ---------------------------------------------------------------

  boardKey(e) {
    if (this.preview) return false;
    const step = arrowStep(e.key);
    if (step) {
      e.preventDefault();
      const c = this.cursor || this.board.centre_point();
      this.cursor = [c[0] + step[0], c[1] + step[1]];
      this.board.set_cursor(this.cursor);
      if (!this.choosing) {
        const choices = this.game.choices_at(this.cursor[0], this.cursor[1]);
        if (choices.length > 0) this.offer(this.cursor, false, choices);
        else if (this.offerAt) this.closeOffer();
      }
      this.redraw();
      return true;
    }
    if ((e.key === "Enter" || e.key === " ") && this.cursor) {
      e.preventDefault();
      this.stopReplay();
      this.choose(this.cursor);
      return true;
    }
    if (this.choosing && /^[1-9]$/.test(e.key)) {
      e.preventDefault();
      this.play(this.offerAt, Number(e.key) - 1);
      return true;
    }
    return false;
  }

  pageKey(e) {
    const target = e.target;
    const typing = target.closest && target.closest("input, textarea, select, dialog");
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && !typing && e.key.toLowerCase() === "z") {
      e.preventDefault();
      return e.shiftKey ? this.redo() : this.undo();
    }
    if (ctrl && !typing && e.key.toLowerCase() === "y") {
      e.preventDefault();
      return this.redo();
    }
    if (e.key === "Escape" && this.offerAt) return this.closeOffer();
    if (typing || ctrl || e.altKey) return;
    if (target === $("board") && this.boardKey(e)) return;
    const keys = {
      ArrowLeft: () => this.undo(),
      ArrowRight: () => this.redo(),
      Home: () => this.goTo(0),
      End: () => this.goTo(this.game.length()),
      "+": () => this.zoom(1.25),
      "=": () => this.zoom(1.25),
      "-": () => this.zoom(0.8),
      "0": () => this.fit(),
      p: () => this.toggleReplay(),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  }

  zoom(f) {
    this.board.zoom(f);
    this.redraw();
  }

  fit() {
    this.board.fit();
    this.redraw();
  }
}
