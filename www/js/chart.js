// @ts-check
// The score-over-time chart of a search: plain geometry (tested with node) and a canvas
// painter that knows nothing else. Its colours are the page's: the line in the board's
// colour of the last move, the axes and labels in the text colours (CSS custom properties
// set from the engine's palette and the stylesheet).

import { formatElapsed } from "./best-games.js";
import { t } from "./i18n.js";

/** @typedef {{ t: number, score: number }} Sample */
/** @typedef {{ left: number, right: number, top: number, bottom: number }} Pad */

/**
 * Where to draw `samples` ([{t, score}] in time order, t in seconds) in a `width` x `height`
 * box with `pad` pixels for the labels: the step line's points (the best score holds until
 * it rises), the score range and time span shown, and the y of each labelled score.
 * @param {Sample[]} samples @param {number} now @param {number} width @param {number} height @param {Pad} [pad]
 */
export function chartGeometry(samples, now, width, height, pad = { left: 30, right: 8, top: 8, bottom: 18 }) {
  if (samples.length === 0) return null;
  const scores = samples.map((s) => s.score);
  let lo = Math.min(...scores);
  const hi = Math.max(...scores);
  if (hi - lo < 4) lo = Math.max(0, hi - 4); // a flat line still gets a scale
  const span = Math.max(now, samples[samples.length - 1].t, 1e-3);
  const w = width - pad.left - pad.right;
  const h = height - pad.top - pad.bottom;
  const x = (/** @type {number} */ t) => pad.left + (t / span) * w;
  const y = (/** @type {number} */ score) => pad.top + (1 - (score - lo) / (hi - lo)) * h;
  /** @type {Array<[number, number]>} */
  const points = [];
  samples.forEach((s, i) => {
    if (i > 0) points.push([x(s.t), y(samples[i - 1].score)]);
    points.push([x(s.t), y(s.score)]);
  });
  points.push([x(span), y(samples[samples.length - 1].score)]);
  return { points, lo, hi, span, ticks: [lo, hi].map((v) => ({ score: v, y: y(v) })), pad, width, height };
}

/**
 * Paints the chart on a canvas sized in CSS pixels (`dpr`: device pixels per CSS pixel).
 * @param {HTMLCanvasElement} canvas @param {Sample[]} samples @param {number} now @param {number} dpr
 */
export function paintChart(canvas, samples, now, dpr = 1) {
  const css = getComputedStyle(canvas);
  const colors = {
    line: css.getPropertyValue("--board-last"),
    axis: css.getPropertyValue("--muted"),
    text: css.getPropertyValue("--muted"),
  };
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
  }
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const g = chartGeometry(samples, now, width, height);
  ctx.font = "11px system-ui, sans-serif";
  ctx.fillStyle = colors.text;
  if (!g) {
    ctx.fillText(t("search.chart-empty"), 8, height / 2);
    return;
  }
  ctx.strokeStyle = colors.axis;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(g.pad.left, g.pad.top);
  ctx.lineTo(g.pad.left, height - g.pad.bottom);
  ctx.lineTo(width - g.pad.right, height - g.pad.bottom);
  ctx.stroke();
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const tick of g.ticks) ctx.fillText(String(tick.score), g.pad.left - 4, tick.y);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillText("0 s", g.pad.left, height - 4);
  ctx.textAlign = "right";
  // as the panel's Time says it ("2 min 5 s", not "125 s")
  ctx.fillText(formatElapsed(g.span), width - g.pad.right, height - 4);
  ctx.strokeStyle = colors.line;
  ctx.lineWidth = 2;
  ctx.lineJoin = "round";
  ctx.beginPath();
  g.points.forEach(([px, py], i) => (i ? ctx.lineTo(px, py) : ctx.moveTo(px, py)));
  ctx.stroke();
}
