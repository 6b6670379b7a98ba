#!/usr/bin/env node
// The app's icons (www/icons/, committed; run again after a change here): the 5T start
// cross of 36 dots with one move played, a line of five and its new dot, in the page's
// palette. One drawing, written as SVG and rasterized to PNG here (node's zlib writes the
// PNG; each pixel's cover comes from its distance to the shapes, so edges are smooth):
//
//   icon.svg, icon-192.png, icon-512.png   rounded square, for any use
//   maskable-192.png, maskable-512.png     full bleed, the drawing inside the safe circle
//   apple-touch-icon.png (180)             full bleed (iOS rounds the corners itself)
//
//   node scripts/make-icons.mjs [out dir, default www/icons]

import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const BACKGROUND = "#fbfaf6";
const DOT = "#3d5a80";
const MOVE = "#e07a1f";

/** The cross's 36 dots: every grid point on the outline of the 10 x 10 Greek cross. */
function crossDots() {
  const corners = [[3, 0], [6, 0], [6, 3], [9, 3], [9, 6], [6, 6], [6, 9], [3, 9], [3, 6], [0, 6], [0, 3], [3, 3]];
  const dots = [];
  corners.forEach(([x, y], i) => {
    const [nx, ny] = corners[(i + 1) % corners.length];
    for (let k = 0; k < 3; k++) dots.push([x + (k * (nx - x)) / 3, y + (k * (ny - y)) / 3]);
  });
  return dots;
}

/**
 * The drawing on a `size` square: a list of shapes in drawing order. `bleed`: the
 * background fills the square and the cross fits the maskable safe circle (radius 40%).
 */
function shapes(size, bleed) {
  const unit = size * (bleed ? 0.074 : 0.09);
  const at = (v) => size / 2 + (v - 4.5) * unit;
  const dotR = unit * 0.3;
  const list = [bleed
    ? { kind: "rect", x: 0, y: 0, w: size, h: size, r: 0, fill: BACKGROUND }
    : { kind: "rect", x: size * 0.03, y: size * 0.03, w: size * 0.94, h: size * 0.94, r: size * 0.19, fill: BACKGROUND }];
  // the move: the new dot at (4,3) ends a line of five along the top of the left arm
  list.push({ kind: "line", x1: at(0), y1: at(3), x2: at(4), y2: at(3), width: unit * 0.28, fill: MOVE });
  for (const [x, y] of crossDots()) list.push({ kind: "circle", cx: at(x), cy: at(y), r: dotR, fill: DOT });
  list.push({ kind: "circle", cx: at(4), cy: at(3), r: dotR * 1.15, fill: MOVE });
  return list;
}

const num = (v) => String(Math.round(v * 100) / 100);

function svg(size = 512) {
  const body = shapes(size, false).map((s) => {
    if (s.kind === "rect") return `<rect x="${num(s.x)}" y="${num(s.y)}" width="${num(s.w)}" height="${num(s.h)}" rx="${num(s.r)}" fill="${s.fill}"/>`;
    if (s.kind === "line") return `<line x1="${num(s.x1)}" y1="${num(s.y1)}" x2="${num(s.x2)}" y2="${num(s.y2)}" stroke="${s.fill}" stroke-width="${num(s.width)}" stroke-linecap="round"/>`;
    return `<circle cx="${num(s.cx)}" cy="${num(s.cy)}" r="${num(s.r)}" fill="${s.fill}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">\n${body.map((l) => `  ${l}\n`).join("")}</svg>\n`;
}

/** Signed distance (pixels) from point (px, py) to a shape: negative inside. */
function distance(s, px, py) {
  if (s.kind === "circle") return Math.hypot(px - s.cx, py - s.cy) - s.r;
  if (s.kind === "line") {
    const dx = s.x2 - s.x1, dy = s.y2 - s.y1;
    const t = Math.max(0, Math.min(1, ((px - s.x1) * dx + (py - s.y1) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(px - (s.x1 + t * dx), py - (s.y1 + t * dy)) - s.width / 2;
  }
  // rounded rectangle
  const hx = s.w / 2, hy = s.h / 2;
  const qx = Math.abs(px - (s.x + hx)) - (hx - s.r), qy = Math.abs(py - (s.y + hy)) - (hy - s.r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - s.r;
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** RGBA pixels (straight alpha) of the drawing. */
function raster(size, bleed) {
  const list = shapes(size, bleed).map((s) => ({ ...s, rgb: rgb(s.fill) }));
  const px = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let [r, g, b, a] = [0, 0, 0, 0]; // premultiplied, 0..1
      for (const s of list) {
        const cover = Math.max(0, Math.min(1, 0.5 - distance(s, x + 0.5, y + 0.5)));
        if (cover === 0) continue;
        r = s.rgb[0] / 255 * cover + r * (1 - cover);
        g = s.rgb[1] / 255 * cover + g * (1 - cover);
        b = s.rgb[2] / 255 * cover + b * (1 - cover);
        a = cover + a * (1 - cover);
      }
      const i = (y * size + x) * 4;
      px[i] = a ? Math.round((r / a) * 255) : 0;
      px[i + 1] = a ? Math.round((g / a) * 255) : 0;
      px[i + 2] = a ? Math.round((b / a) * 255) : 0;
      px[i + 3] = Math.round(a * 255);
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A PNG file (8-bit RGBA, no filter) of `size` x `size` RGBA pixels. */
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // depth 8, RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rows.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const out = process.argv[2] || join(dirname(fileURLToPath(import.meta.url)), "..", "www", "icons");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "icon.svg"), svg());
for (const [name, size, bleed] of [
  ["icon-192.png", 192, false], ["icon-512.png", 512, false],
  ["maskable-192.png", 192, true], ["maskable-512.png", 512, true],
  ["apple-touch-icon.png", 180, true],
]) {
  writeFileSync(join(out, name), png(size, raster(size, bleed)));
}
console.log(`icons written in ${out}`);
