#!/usr/bin/env node
// The search's wasm in Node's V8 (the engine of Chromium), without a browser: the quick way
// to see what a change does to the page's speed, and where wasm spends its time. Prints
// figures; asserts nothing.
//
//   node scripts/wasm-node.mjs build DIR [TREE] [--simd]   # TREE's crate (default: this one) into DIR
//   node scripts/wasm-node.mjs run DIR... [--search "5D 3 nrpa 1"] [--rounds N] [--bin PATH]
//   node scripts/wasm-node.mjs profile DIR [--search "5D 3 nrpa 1"]
//   node scripts/wasm-node.mjs count DIR... [--search "5D 2 nrpa 1"]   # needs valgrind
//   node scripts/wasm-node.mjs pair A B [--search "5T 2 stabilized 1"] [--seeds 100]
//   node scripts/wasm-node.mjs one DIR VARIANT LEVEL METHOD SEED   # one search, its figures as JSON
//
// build: the one-thread release build of the crate, as the page's default build is made
// (cargo for wasm32, wasm-bindgen, then wasm-opt -O3), for Node (`--target nodejs`) and
// with the functions' names kept (wasm-opt -g), so that a profile names them. --simd: with
// wasm's 128-bit SIMD, as the page's threaded build is compiled (scripts/build-threaded.sh);
// that build differs still by its atomics, its std compiled with it and its threads feature.
// run: per round, the native search, then one search per DIR, the DIRs' order reversed
// every other round, so that the machine's drift falls on each alike: VARIANT LEVEL METHOD
// SEED, one run at that level on one thread, the same game (hence the same work) as
// `morpion search -v VARIANT -l LEVEL --method METHOD --seed SEED -t 1` (--bin, default
// target/release/morpion, built by you: say which tree it is), whose playouts a second give
// the ratio. A wasm run whose game differs from the native one is flagged.
// profile: one search under V8's sampling profiler, self time per function.
// count: the instructions V8's compiled code runs in one search, under callgrind (Node with
// --no-liftoff --single-threaded, so the optimising compiler's code from the start): the
// same to about a hundred instructions run after run, where the whole process's count
// (compiling, the garbage collector) moves by several per cent; the measure of a change to
// the wasm's speed on a host too noisy to time it (BENCHMARKS.md, "V8's own instructions").
// pair: which of two builds is faster, timed: short searches (seeds SEED, SEED+1, ...) with
// each build in turn, in one process, so that the host's drift (15-20 % within an hour
// here) falls on both alike at the scale of a second, where `run`'s searches apart see it
// at the scale of minutes. Half the seeds in a process that loads A first, half in one
// that loads B first: the module loaded first ran 1-2 % faster in an A-against-A check.
// Prints the ratio of total times, and the mean of the per-seed ratios with its standard
// error (BENCHMARKS.md, "wasm SIMD in the threaded build").
// one: one search in this process (what `run` and `profile` start): for a tool wrapped
// around it, such as callgrind counting the instructions of V8's code (BENCHMARKS.md).

import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { createHash } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(ROOT, "node_modules", ".bin");

/** @param {string[]} args @param {boolean} timed: `run` (rounds, a native binary) or `profile`
 * @returns {{dirs: string[], search: string[], rounds: number, bin: string}} */
function options(args, timed) {
  const o = { dirs: /** @type {string[]} */ ([]), search: ["5D", "3", "nrpa", "1"], rounds: 2, bin: join(ROOT, "target", "release", "morpion") };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--search") o.search = (args[++i] ?? "").trim().split(/\s+/);
    else if (timed && args[i] === "--rounds") o.rounds = Number(args[++i]);
    else if (timed && args[i] === "--bin") o.bin = resolve(args[++i] ?? "");
    else if (args[i].startsWith("--")) throw new Error(`unknown option ${args[i]} for this command`);
    else o.dirs.push(resolve(args[i]));
  }
  if (o.search.length !== 4) throw new Error(`--search takes "VARIANT LEVEL METHOD SEED", not "${o.search.join(" ")}"`);
  if (!(o.rounds >= 1)) throw new Error("--rounds takes a number of 1 or more");
  return o;
}

/** @param {string} out @param {string} tree @param {boolean} simd */
function build(out, tree, simd) {
  // cargo's own target dir per output (two trees never share one)
  const target = join(tmpdir(), `morpion-wasm-node-${createHash("sha256").update(out).digest("hex").slice(0, 12)}`);
  const env = { ...process.env, PATH: `${BIN}:${process.env.PATH}` };
  // RUSTFLAGS, when set, would win over the target's flags: the build would quietly have no SIMD
  if (simd && (env.RUSTFLAGS || env.CARGO_ENCODED_RUSTFLAGS)) throw new Error("build --simd: unset RUSTFLAGS first");
  if (simd) env.CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS = "-C target-feature=+simd128";
  const run = (/** @type {string} */ cmd, /** @type {string[]} */ args, cwd = tree) =>
    execFileSync(cmd, args, { cwd, stdio: "inherit", env });
  run("cargo", ["build", "--release", "--locked", "-p", "morpion", "--lib", "--target", "wasm32-unknown-unknown", "--target-dir", target]);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  run("wasm-bindgen", ["--target", "nodejs", "--out-dir", out, join(target, "wasm32-unknown-unknown", "release", "morpion.wasm")]);
  const wasm = join(out, "morpion_bg.wasm");
  run("wasm-opt", ["-O3", "-g", "--enable-bulk-memory", "--enable-sign-ext", "--enable-nontrapping-float-to-int",
    "--enable-reference-types", "--enable-multivalue", "--enable-mutable-globals", ...(simd ? ["--enable-simd"] : []),
    wasm, "-o", wasm]);
  console.log(`built ${out} from ${tree}${simd ? ", with SIMD" : ""}`);
}

/** One search in this process. @param {string} dir @param {string[]} search */
function searchHere(dir, search) {
  const [variant, level, method, seed] = search;
  const r = timedSearch(createRequire(import.meta.url)(join(dir, "morpion.js")), variant, level, method, Number(seed));
  return { ...r, pps: r.playouts / r.seconds };
}

/** One search of a loaded build, timed. @param {any} m the build's module
 * @param {string} variant @param {string} level @param {string} method @param {number} seed */
function timedSearch(m, variant, level, method, seed) {
  const start = new m.Timeline(variant);
  const s = new m.Search(start.link("http://localhost/"), Number(level), seed, method);
  const t0 = performance.now();
  s.run_here(true, () => {}, 1e9);
  const seconds = (performance.now() - t0) / 1000;
  const r = s.progress(seconds);
  s.free();
  start.free();
  return { best: r.best, playouts: r.playouts, seconds };
}

/** The same search in a fresh Node (each DIR its own process, nothing shared).
 * @param {string} dir @param {string[]} search @param {string[]} [node] */
function searchApart(dir, search, node = []) {
  const me = fileURLToPath(import.meta.url);
  const p = spawnSync(process.execPath, [...node, me, "one", dir, ...search], { encoding: "utf8" });
  if (p.status !== 0) throw new Error(`the search in ${dir} failed:\n${p.stderr}`);
  return JSON.parse(p.stdout);
}

function native(/** @type {string} */ bin, /** @type {string[]} */ search) {
  const [variant, level, method, seed] = search;
  const out = execFileSync(bin,
    ["search", "-v", variant, "-l", level, "--method", method, "--seed", seed, "-t", "1", "--json", "-q"]).toString();
  const j = JSON.parse(out.trim().split("\n").pop() ?? "");
  return { best: j.score, pps: j.playouts_per_second, seconds: j.seconds };
}

/** `pair`'s half: seeds `first`.. `first + n - 1`, each searched with `dirs[0]`'s build
 * then `dirs[1]`'s (the other way round every other seed), both loaded in this process.
 * @param {string[]} dirs @param {string[]} search VARIANT LEVEL METHOD @param {number} first @param {number} n */
function pairHere(dirs, search, first, n) {
  const [variant, level, method] = search;
  const builds = dirs.map((d) => createRequire(import.meta.url)(join(d, "morpion.js")));
  const one = (/** @type {any} */ m, /** @type {number} */ seed) => timedSearch(m, variant, level, method, seed);
  for (const m of builds) one(m, 0); // both compiled and tiered up before the timing
  const out = [];
  for (let seed = first; seed < first + n; seed++) {
    const r = [0, 0].map(() => ({ seconds: 0, best: 0, playouts: 0 }));
    for (const i of seed % 2 ? [0, 1] : [1, 0]) r[i] = one(builds[i], seed);
    out.push({ seed, a: r[0].seconds, b: r[1].seconds, same: r[0].best === r[1].best });
  }
  return out;
}

/** `pair`: A against B, half the seeds with A loaded first. @param {string} a @param {string} b
 * @param {string[]} search VARIANT LEVEL METHOD SEED @param {number} seeds */
function pair(a, b, search, seeds) {
  /** A's and B's total seconds, and how much faster B ran. @param {{a: number, b: number}[]} rows */
  const totals = (rows) => {
    const ta = rows.reduce((t, r) => t + r.a, 0);
    const tb = rows.reduce((t, r) => t + r.b, 0);
    return `A ${ta.toFixed(1)} s, B ${tb.toFixed(1)} s: B ${(ta / tb).toFixed(3)}x as fast`;
  };
  const me = fileURLToPath(import.meta.url);
  const first = Number(search[3]);
  const half = Math.ceil(seeds / 2);
  /** @type {{seed: number, a: number, b: number, same: boolean}[]} */
  const rows = [];
  for (const [dirs, from, n, swap] of /** @type {[string[], number, number, boolean][]} */ ([[[a, b], first, half, false], [[b, a], first + half, seeds - half, true]])) {
    const p = spawnSync(process.execPath, [me, "pair-one", ...dirs, ...search.slice(0, 3), String(from), String(n)], { encoding: "utf8" });
    if (p.status !== 0) throw new Error(`the searches failed:\n${p.stderr}`);
    const got = /** @type {{seed: number, a: number, b: number, same: boolean}[]} */ (JSON.parse(p.stdout));
    const part = got.map((r) => (swap ? { ...r, a: r.b, b: r.a } : r));
    console.log(`${n} seeds from ${from}, ${swap ? "B" : "A"} loaded first: ${totals(part)}`);
    rows.push(...part);
  }
  const differ = rows.filter((r) => !r.same).map((r) => r.seed);
  if (differ.length > 0) console.log(`NOT the same best (the work differs) for seeds ${differ.join(" ")}`);
  const ratios = rows.map((r) => r.a / r.b);
  const mean = ratios.reduce((x, y) => x + y, 0) / ratios.length;
  const se = Math.sqrt(ratios.reduce((x, r) => x + (r - mean) ** 2, 0) / Math.max(1, ratios.length - 1) / ratios.length);
  console.log(`all ${rows.length} seeds: ${totals(rows)}; per seed ${mean.toFixed(3)}x (s.e. ${se.toFixed(3)})`);
}

const fmt = (/** @type {{best: number, pps: number, seconds: number}} */ r) =>
  `best ${r.best}, ${Math.round(r.pps).toLocaleString("en-US")} playouts/s, ${r.seconds.toFixed(2)} s`;

/** Self time per function of a V8 .cpuprofile, largest first. @param {string} file */
function selfTimes(file) {
  /** @type {{nodes: {id: number, callFrame: {functionName: string}}[], samples: number[], timeDeltas: number[]}} */
  const p = JSON.parse(readFileSync(file, "utf8"));
  const name = new Map(p.nodes.map((n) => [n.id, n.callFrame.functionName || "(anonymous)"]));
  /** @type {Map<string, number>} */
  const self = new Map();
  p.samples.forEach((id, i) => {
    const k = name.get(id) ?? "?";
    self.set(k, (self.get(k) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()].sort((a, b) => b[1] - a[1]).map(([k, us]) => ({ name: k, seconds: us / 1e6, share: us / total }));
}

/** One search under callgrind: its figures, the instructions of the code V8 generated
 * (callgrind's entries without a file, "???:0x...": the wasm, and a little JS) and of the
 * whole process. @param {string} dir @param {string[]} search */
function count(dir, search) {
  const out = mkdtempSync(join(tmpdir(), "morpion-count-"));
  try {
    const file = join(out, "callgrind.out");
    const node = [process.execPath, "--no-liftoff", "--single-threaded", fileURLToPath(import.meta.url), "one", dir, ...search];
    const p = spawnSync("valgrind", ["--tool=callgrind", `--callgrind-out-file=${file}`, ...node],
      { encoding: "utf8", maxBuffer: 1 << 28 });
    if (p.error) throw new Error(`valgrind: ${p.error.message} (count needs valgrind)`);
    if (p.status !== 0) throw new Error(`the search in ${dir} failed under valgrind:\n${p.stderr}`);
    const a = spawnSync("callgrind_annotate", ["--inclusive=no", "--threshold=100", file],
      { encoding: "utf8", maxBuffer: 1 << 28 });
    if (a.error || a.status !== 0) throw new Error(`callgrind_annotate (valgrind's): ${a.error?.message ?? a.stderr}`);
    const annotated = a.stdout;
    let jit = 0;
    let total = 0;
    for (const line of annotated.split("\n")) {
      const m = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
      if (!m) continue;
      const n = Number(m[1].replace(/,/g, ""));
      if (m[2].startsWith("PROGRAM TOTALS")) total = n;
      // code without a file nor an object: what V8 generated
      else if (m[2].startsWith("???:0x") && m[2].endsWith("[???]")) jit += n;
    }
    if (!(jit > 0 && total > 0)) throw new Error(`no count in callgrind_annotate's output for ${dir}`);
    return { ...JSON.parse(p.stdout), jit, total };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === "build") {
  const simd = rest.includes("--simd");
  const [dir, tree, ...extra] = rest.filter((a) => a !== "--simd");
  if (!dir || extra.length > 0) throw new Error("build DIR [TREE] [--simd]: where to build, from which tree");
  build(resolve(dir), resolve(tree ?? ROOT), simd);
} else if (command === "one") {
  console.log(JSON.stringify(searchHere(rest[0], rest.slice(1))));
} else if (command === "pair-one") {
  console.log(JSON.stringify(pairHere(rest.slice(0, 2).map((d) => resolve(d)), rest.slice(2, 5), Number(rest[5]), Number(rest[6]))));
} else if (command === "pair") {
  const seedsAt = rest.indexOf("--seeds");
  const seeds = seedsAt < 0 ? 100 : Number(rest[seedsAt + 1]);
  const args = seedsAt < 0 ? rest : rest.filter((_, i) => i !== seedsAt && i !== seedsAt + 1);
  const o = options(args.includes("--search") ? args : [...args, "--search", "5T 2 stabilized 1"], false);
  if (o.dirs.length !== 2) throw new Error("pair A B: give two builds");
  if (!(Number.isInteger(seeds) && seeds >= 2)) throw new Error("--seeds takes a whole number of 2 or more");
  if (!/^\d+$/.test(o.search[3])) throw new Error(`pair's --search ends with the first seed, a whole number, not "${o.search[3]}"`);
  console.log(`search: ${o.search.slice(0, 3).join(" ")}, seeds ${o.search[3]} to ${Number(o.search[3]) + seeds - 1}, one thread; A ${o.dirs[0]}, B ${o.dirs[1]}`);
  pair(o.dirs[0], o.dirs[1], o.search, seeds);
} else if (command === "run") {
  const o = options(rest, true);
  if (o.dirs.length === 0) throw new Error("run DIR...: give at least one build");
  console.log(`search: ${o.search.join(" ")} (variant, level, method, seed), one thread`);
  console.log(`native: ${o.bin}, built ${statSync(o.bin).mtime.toISOString()}`);
  for (let round = 1; round <= o.rounds; round++) {
    const n = native(o.bin, o.search);
    console.log(`round ${round}: native: ${fmt(n)}`);
    for (const dir of round % 2 ? o.dirs : [...o.dirs].reverse()) {
      const w = searchApart(dir, o.search);
      const same = w.best === n.best ? "" : " (NOT the native game: the work differs)";
      console.log(`round ${round}: ${dir}: ${fmt(w)} -> ${(w.pps / n.pps).toFixed(2)}x native${same}`);
    }
  }
} else if (command === "profile") {
  const o = options(rest, false);
  if (o.dirs.length !== 1) throw new Error("profile DIR: give one build");
  const out = mkdtempSync(join(tmpdir(), "morpion-profile-"));
  try {
    console.log(fmt(searchApart(o.dirs[0], o.search, ["--cpu-prof", `--cpu-prof-dir=${out}`])));
    const file = readdirSync(out).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error("V8 wrote no profile");
    for (const f of selfTimes(join(out, file)).filter((f) => f.share >= 0.005)) {
      console.log(`${f.seconds.toFixed(2).padStart(7)} s ${(100 * f.share).toFixed(1).padStart(5)} %  ${f.name}`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
} else if (command === "count") {
  const o = options(rest.includes("--search") ? rest : [...rest, "--search", "5D 2 nrpa 1"], false);
  if (o.dirs.length === 0) throw new Error("count DIR...: give at least one build");
  console.log(`search: ${o.search.join(" ")} (variant, level, method, seed), one thread, under callgrind`);
  /** @type {number | undefined} */
  let first;
  const M = (/** @type {number} */ n) => `${(n / 1e6).toLocaleString("en-US", { maximumFractionDigits: 2 })} M`;
  for (const [i, dir] of o.dirs.entries()) {
    const c = count(dir, o.search);
    first ??= c.jit;
    const change = i === 0 ? "" : `, ${(100 * (c.jit / first - 1)).toFixed(2)} % against the first`;
    console.log(`${dir}: ${M(c.jit)} in V8's code (process ${M(c.total)}), best ${c.best}, ${c.playouts} playouts${change}`);
  }
} else {
  console.error("usage: wasm-node.mjs build DIR [TREE] [--simd] | run DIR... [--search \"V L METHOD SEED\"] [--rounds N] [--bin PATH] | profile DIR [--search ...] | count DIR... [--search ...] | pair A B [--search ...] [--seeds N]");
  process.exit(2);
}
