// Unit tests of the search panel's plain parts: the best-games list, the chart geometry
// and the probe that picks the engine's build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { probeModule, SIMD_PROBE, threadsBlocked } from "../www/js/engine-load.js";
import { describeGame, forgetGame, formatDuration, formatElapsed, keepGame, KEEP, loadGames, withGame, withoutGame } from "../www/js/best-games.js";
import { chartGeometry } from "../www/js/chart.js";
import { memoryStorage } from "./memory-storage.mjs";

const game = (id, score, date = "2026-11-21T10:00:00Z") => ({ id, score, date, link: `#g=${id}`, variant: "5D" });


test("kept games are ordered best first, newest first among equals", () => {
  let list = [];
  list = withGame(list, game("a", 78, "2026-11-20T10:00:00Z"));
  list = withGame(list, game("b", 80));
  list = withGame(list, game("c", 78, "2026-11-21T10:00:00Z"));
  assert.deepEqual(list.map((e) => e.id), ["b", "c", "a"]);
});

test("a search's entry is replaced as its best improves, not added again", () => {
  let list = withGame([], game("run", 70));
  list = withGame(list, game("other", 75));
  list = withGame(list, game("run", 79));
  assert.deepEqual(list.map((e) => [e.id, e.score]), [["run", 79], ["other", 75]]);
  assert.deepEqual(withoutGame(list, "run").map((e) => e.id), ["other"]);
});

test("an entry is never replaced by a shorter game", () => {
  let list = withGame([], game("run", 82));
  list = withGame(list, game("run", 58));
  assert.deepEqual(list.map((e) => [e.id, e.score]), [["run", 82]]);
});

test("two tabs keeping games at once keep each other's", () => {
  const s = memoryStorage();
  // tab A keeps "a", tab B "b", then A improves "a": each keep reads what the other stored
  keepGame(game("a", 80), s);
  keepGame(game("b", 70), s);
  keepGame(game("a", 81), s);
  assert.deepEqual(loadGames(s).map((e) => [e.id, e.score]), [["a", 81], ["b", 70]]);
  // a deletion in one tab leaves the other's games
  keepGame(game("c", 75), s);
  forgetGame("a", s);
  assert.deepEqual(loadGames(s).map((e) => e.id), ["c", "b"]);
});

test("a game worse than KEEP kept ones is said not to be kept", () => {
  const s = memoryStorage();
  for (let i = 0; i < KEEP; i++) keepGame(game(`g${i}`, 100 + i), s);
  assert.equal(keepGame(game("worse", 10), s).kept, false);
  assert.equal(keepGame(game("better", 500), s).kept, true);
  assert.equal(loadGames(s).length, KEEP);
});

test("only the best KEEP games are kept", () => {
  let list = [];
  for (let i = 0; i < KEEP + 5; i++) list = withGame(list, game(`g${i}`, i));
  assert.equal(list.length, KEEP);
  assert.equal(list[list.length - 1].score, 5);
});

test("storage round trip; damaged or foreign storage gives an empty list, not an error", () => {
  const s = memoryStorage();
  assert.deepEqual(keepGame(game("a", 80), s), { list: [game("a", 80)], kept: true });
  assert.deepEqual(loadGames(s).map((e) => e.id), ["a"]);
  assert.deepEqual(loadGames(memoryStorage({ "morpion.best-games.v1": "{not json" })), []);
  assert.deepEqual(loadGames(memoryStorage({ "morpion.best-games.v1": '{"a":1}' })), []);
  const mixed = JSON.stringify([game("ok", 70), { id: "no-link", score: 3 }, null, 7]);
  assert.deepEqual(loadGames(memoryStorage({ "morpion.best-games.v1": mixed })).map((e) => e.id), ["ok"]);
  // a full storage keeps nothing new, says so, and the page goes on
  const full = /** @type {any} */ ({ getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } });
  assert.equal(keepGame(game("a", 1), full).kept, false);
  assert.deepEqual(loadGames(full), []);
});

test("a search's time reads in tenths under 10 s, then as a duration", () => {
  assert.equal(formatElapsed(0.04), "0.0 s");
  assert.equal(formatElapsed(5.64), "5.6 s");
  assert.equal(formatElapsed(9.96), "10 s");
  assert.equal(formatElapsed(125), "2 min 5 s");
});

test("kept games and durations read well", () => {
  assert.equal(describeGame({ ...game("a", 82), level: 4, seconds: 75, threads: 2, from: 0 }), "82 moves · 5D · level 4, 2 threads, found in 1 min 15 s");
  assert.equal(describeGame({ ...game("a", 90), level: 3, threads: 1, from: 12 }), "90 moves · 5D · level 3, 1 thread, from move 12");
  assert.equal(describeGame({ ...game("a", 30), level: 1, seconds: 0.2 }), "30 moves · 5D · level 1, found within a second", "not 'in 0 s'");
  // the method by its name on the page; an unknown one (a later version's) is left out
  assert.equal(describeGame({ ...game("a", 82), method: "nrpa", level: 4 }), "82 moves · 5D · NRPA (Rosin), level 4");
  assert.equal(describeGame({ ...game("a", 82), method: "stabilized", level: 3 }), "82 moves · 5D · Stabilized NRPA, level 3");
  assert.equal(describeGame({ ...game("a", 82), method: "beam", level: 3 }), "82 moves · 5D · level 3");
  assert.deepEqual([0, 9.4, 60, 3600, 3725].map(formatDuration), ["0 s", "9 s", "1 min", "1 h", "1 h 2 min 5 s"]);
});

test("the chart is a step line from the first best to now, scaled to the box", () => {
  const pad = { left: 10, right: 10, top: 10, bottom: 10 };
  const g = chartGeometry([{ t: 0, score: 70 }, { t: 5, score: 80 }], 10, 120, 120, pad);
  assert.deepEqual([g.lo, g.hi, g.span], [70, 80, 10]);
  // (0, 70) -> up at t = 5 to 80 -> held until now (t = 10)
  assert.deepEqual(g.points, [[10, 110], [60, 110], [60, 10], [110, 10]]);
  assert.equal(chartGeometry([], 3, 100, 100), null);
  // a single score still gets a scale of a few moves
  const flat = chartGeometry([{ t: 1, score: 60 }], 2, 100, 100, pad);
  assert.deepEqual([flat.lo, flat.hi], [56, 60]);
});

test("the SIMD probe is a valid module exactly where wasm has SIMD", {
  skip: process.arch === "x64" ? false : "V8 can turn wasm SIMD off on x86-64 only",
}, () => {
  assert.equal(WebAssembly.validate(SIMD_PROBE), true);
  // the frame is right (an i32 body validates) and validation reads the body's types
  assert.equal(WebAssembly.validate(probeModule(0x7f, [0x41, 0x00])), true);
  assert.equal(WebAssembly.validate(probeModule(0x7b, [0x41, 0x00])), false);
  // V8 without SSE4.1 has no wasm SIMD: the probe fails there, and the threads with it
  const url = new URL("../www/js/engine-load.js", import.meta.url).href;
  const script = `import { SIMD_PROBE } from ${JSON.stringify(url)}; console.log(WebAssembly.validate(SIMD_PROBE));`;
  const run = spawnSync(process.execPath, ["--no-enable-sse4-1", "--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout.trim(), "false");
  // Node is not a cross-origin isolated page
  assert.equal(threadsBlocked(), "isolation");
});
