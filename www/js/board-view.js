// @ts-check
// The board's view: where the game sits on the canvas (pan, zoom, fit, a new window size),
// how it is drawn (the toggles, the palette, the bounds' layers), and when (at most once an
// animation frame). It knows no game and no rules: the App says which position to show,
// and the other modules move the view through `app.view()`.

/** @typedef {import("../../pkg/morpion.js").Board} Board */
/** @typedef {import("../../pkg/morpion.js").Timeline} Timeline */
/** @typedef {import("../../pkg/morpion.js").Theme} Theme */
/** @typedef {{ numbers: boolean, hints: boolean, grid: boolean, theme?: Theme }} Toggles */
/** @typedef {{ hull?: number[], region?: number[], values?: number[], maxValue?: number, weighted?: number[] }} Layers */

/** What a change of the canvas's size must exceed, as a part of it, to refit the game. */
const REFIT = 0.12;

export class BoardView {
  /** @type {Board} */ #board;
  /** @type {Toggles} */ #style = { numbers: false, hints: true, grid: true };
  /** The rings held back (`holdHints`). */ #hintsHeld = false;
  #drawQueued = false;
  /** The canvas has its size (the first fit waits for it). */ #sized = false;
  /** A fit was asked for before the canvas had its size. */ #fitPending = false;
  /** The canvas size at the last fit on a resize. @type {[number, number]} */ #fittedSize = [0, 0];
  /** The zoom buttons' corner at the last fit on a resize. @type {[number, number]} */ #fittedCorner = [0, 0];
  /** The user zoomed or panned since the last fit: a new window size keeps their view. */ #userView = false;
  /** Told after each drawing (the point picker's chooser keeps away from the lines it offers). @type {(() => void) | null} */ #onDrawn = null;
  /** Told after each drawing whether zooming in and out can go on. @type {((zoomIn: boolean, zoomOut: boolean) => void) | null} */ #onZoomable = null;
  /** What it was told last. */ #zoomable = "";

  /** @param {Board} board the wasm board, which the PointPicker also marks (the lines offered, the cursor) */
  constructor(board) {
    this.#board = board;
    board.set_style(this.#style);
  }

  /**
   * Puts `timeline`'s position on the board; `fit` zooms to it (now, or once the canvas
   * has its size) and forgets the user's own view. The board drops the lines offered, the
   * chosen line and a growing line (the cursor stays): the App's alone, which closes its
   * PointPicker first.
   * @param {Timeline} timeline @param {boolean} fit
   */
  show(timeline, fit) {
    if (fit) this.#userView = false;
    this.#board.show(timeline, fit && this.#sized);
    if (fit && !this.#sized) this.#fitPending = true;
  }

  /** Draws at the next animation frame (at most once a frame). */
  redraw() {
    if (this.#drawQueued) return;
    this.#drawQueued = true;
    requestAnimationFrame(() => {
      this.#drawQueued = false;
      this.#board.draw();
      this.#tellZoomable();
      this.#onDrawn?.();
    });
  }

  /** `fn` is told after each drawing. @param {() => void} fn */
  onDrawn(fn) { this.#onDrawn = fn; }

  /**
   * `fn` is told, after a drawing that changed it, whether zooming in and out can still
   * change the scale (the zoom buttons grey out at its limits).
   * @param {(zoomIn: boolean, zoomOut: boolean) => void} fn
   */
  onZoomable(fn) {
    this.#onZoomable = fn;
    this.#zoomable = "";
    this.redraw();
  }

  #tellZoomable() {
    const zoomIn = this.#board.can_zoom(true);
    const zoomOut = this.#board.can_zoom(false);
    const now = `${zoomIn} ${zoomOut}`;
    if (now === this.#zoomable || !this.#onZoomable) return;
    this.#zoomable = now;
    this.#onZoomable(zoomIn, zoomOut);
  }

  /**
   * Draws the line from `a` to `b` growing, over `ms` milliseconds, while `still()` holds
   * (the computer's move, drawn before it is played). Whether it was drawn whole.
   * @param {[number, number]} a @param {[number, number]} b @param {number} ms @param {() => boolean} still
   */
  async growLine(a, b, ms, still) {
    const start = performance.now();
    for (;;) {
      const part = Math.min(1, (performance.now() - start) / ms);
      if (!still()) break;
      this.#board.set_growing(a[0], a[1], b[0], b[1], part);
      this.redraw();
      if (part >= 1) break;
      await new Promise((done) => requestAnimationFrame(done));
    }
    this.#board.set_growing(0, 0, 0, 0, -1);
    this.redraw();
    return still();
  }

  /** Draws now (the board's benchmark). */
  drawNow() { this.#board.draw(); }

  /** The toggles and palette in force (a copy: `setStyle` changes them). @returns {Toggles} */
  style() { return { ...this.#style }; }

  /** @param {Partial<Toggles>} changes */
  setStyle(changes) {
    Object.assign(this.#style, changes);
    this.#applyStyle();
  }

  /**
   * Holds the legal moves' rings back whatever the toggles say, or lets them show again:
   * while a tap does not play (a start being drawn: it puts a dot), a ring would say it
   * does. The toggles stay the user's (`style`).
   * @param {boolean} held
   */
  holdHints(held) {
    this.#hintsHeld = held;
    this.#applyStyle();
  }

  /** Whether the legal moves' rings are drawn. */
  hintsShown() { return this.#style.hints && !this.#hintsHeld; }

  #applyStyle() {
    this.#board.set_style({ ...this.#style, hints: this.hintsShown() });
    this.redraw();
  }

  /** The board's palette (the wasm `theme()`). @param {Theme} theme */
  setTheme(theme) { this.setStyle({ theme }); }

  /**
   * The bounds' layers on the board (see the wasm Board's set_analysis); they stay until
   * replaced. Missing fields draw nothing.
   * @param {Layers} layers
   */
  setAnalysis(layers) {
    const ints = (/** @type {number[] | undefined} */ a) => Int32Array.from(a ?? []);
    this.#board.set_analysis(ints(layers.hull), ints(layers.region), ints(layers.values), layers.maxValue ?? 8, Float64Array.from(layers.weighted ?? []));
    this.redraw();
  }

  /**
   * The canvas is `width` x `height` CSS pixels at `dpr` device pixels each, and the
   * `corner` ([width, height] CSS pixels at its top right) is under the zoom buttons: a fit
   * keeps the dots out of it.
   * @param {number} width @param {number} height @param {number} dpr @param {[number, number]} [corner]
   */
  resize(width, height, dpr, corner = [0, 0]) {
    this.#board.resize(width, height, dpr);
    this.#board.set_corner(corner[0], corner[1]);
    // A new window size refits the game unless the user chose their own view; a line more
    // or less of text under the board (a few percent) only keeps the centre.
    const [w0, h0] = this.#fittedSize;
    // the zoom buttons laid out anew (in a row on a short board) cover another corner too
    const [c0, c1] = this.#fittedCorner;
    const changed = Math.abs(width - w0) > REFIT * w0 || Math.abs(height - h0) > REFIT * h0
      || Math.abs(corner[0] - c0) > 8 || Math.abs(corner[1] - c1) > 8;
    if (!this.#sized || this.#fitPending || (!this.#userView && changed)) {
      this.#sized = true;
      this.#fitPending = false;
      this.#fittedSize = [width, height];
      this.#fittedCorner = corner;
      this.#board.fit();
    }
    this.#board.draw();
    this.#tellZoomable(); // a refit may have reached a limit of the scale, or left one
    this.#onDrawn?.();
  }

  /** Moves the view by (dx, dy) CSS pixels. @param {number} dx @param {number} dy */
  pan(dx, dy) { this.#userView = true; this.#board.pan(dx, dy); this.redraw(); }
  /** Zooms by `f` about (x, y) CSS pixels. @param {number} f @param {number} x @param {number} y */
  zoomAt(f, x, y) { this.#userView = true; this.#board.zoom_at(f, x, y); this.redraw(); }
  /** Zooms by `f` about the middle. @param {number} f */
  zoom(f) { this.#userView = true; this.#board.zoom(f); this.redraw(); }
  /** Zooms to the game, and a new window size refits it again. */
  fit() { this.#userView = false; this.#board.fit(); this.redraw(); }
  /** Pans just enough that grid point (x, y) is in sight, a cell and more from the edges (the keyboard's cursor). @param {number} x @param {number} y */
  bringIntoView(x, y) { this.#board.bring_into_view(x, y); this.redraw(); }
  /**
   * Pans just enough that the lines offered to choose from and their numbers come out
   * from under the zoom buttons (the user panned them there), when they can without
   * leaving the board. Whether it moved.
   * @returns {boolean}
   */
  bringOfferIntoView() {
    const moved = this.#board.bring_offer_into_view();
    if (moved) this.redraw();
    return moved;
  }
  /** Moves the view by (dx, dy) grid cells. @param {number} dx @param {number} dy */
  panCells(dx, dy) { const c = this.#board.cell(); this.#board.shift(dx * c, dy * c); this.redraw(); }

  /** Where grid point (x, y) is on the canvas, in CSS pixels. @param {number} x @param {number} y */
  screenOf(x, y) { return this.#board.screen_of(x, y); }
  /** The grid point nearest the middle of the canvas. */
  centrePoint() { return this.#board.centre_point(); }
  /** CSS pixels a grid cell. */
  cell() { return this.#board.cell(); }
  /** Where the numbers of the lines offered are drawn: `[x, y, radius, ...]` CSS pixels. */
  choiceBadges() { return this.#board.choice_badges(); }
  /** Whether the cells are large enough for move numbers (else they are left out). */
  numbersFit() { return this.#board.numbers_fit(); }
}
