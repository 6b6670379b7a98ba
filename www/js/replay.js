// @ts-check
// The replay's clock and its button: a step every 1/speed seconds until stopped, and the
// Play button showing Pause while it runs. What a step does is the App's.

import { button } from "./dom.js";
import { t } from "./i18n.js";

const PLAY_ICON = '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M6 4v12l10-6z"/></svg>';
const PAUSE_ICON = '<svg viewBox="0 0 20 20" aria-hidden="true"><rect x="5" y="4" width="3.5" height="12"/><rect x="11.5" y="4" width="3.5" height="12"/></svg>';

export class Replay {
  /** @type {ReturnType<typeof setInterval> | null} */ #timer = null;

  running() { return this.#timer !== null; }

  /** Calls `step` `perSecond` times a second until `stop`. @param {() => void} step @param {number} perSecond */
  start(step, perSecond) {
    this.stop();
    this.#timer = setInterval(step, 1000 / perSecond);
    button("play").innerHTML = PAUSE_ICON;
    button("play").setAttribute("aria-label", t("bar.pause"));
  }

  stop() {
    if (!this.#timer) return;
    clearInterval(this.#timer);
    this.#timer = null;
    button("play").innerHTML = PLAY_ICON;
    button("play").setAttribute("aria-label", t("bar.play"));
  }
}
