#!/usr/bin/env node
// Would racing top-level runs pay? Answers it from whole runs before anything is built.
//
// A race starts two runs, gives each c iterations, then the rest of the budget to the one
// ahead; successive halving does the same with R runs, halving them after each of equal
// rounds. Both pay only if a run's best after a few iterations says where it ends. This
// script records whole runs with their progress lines (`collect`), then plays the races
// out on them (`simulate`): every ordered pair of runs for a race of two, every set of R
// runs for halving, so the figures are exact for the runs collected (no random draws).
//
//   node scripts/race-runs.mjs collect DIR --seeds 9097-9144 [--jobs 2] [--bin BIN] \
//     [--common "-v 5T -l 3 -t 1"]
//   node scripts/race-runs.mjs simulate DIR [--budgets 38,76]
//
// `collect` runs `morpion search COMMON --seed S --json` once per seed (one run: give a
// level and no budget), keeping its progress lines in DIR/progress.S and its report in
// DIR/report.S; a seed whose report is there already is skipped, so an interrupted
// collection goes on where it stopped. `simulate` prints Markdown tables (BENCHMARKS.md,
// "Racing top-level runs"). A run's best after t iterations is read from the progress
// lines (once a second: a best is dated to the iteration after those done) and from the
// report's run listing (the iteration that first reached the final best, exact).

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseSeeds } from "./seeds.mjs";

/** @param {string[]} argv */
function parseArgs(argv) {
  const [command, dir, ...rest] = argv;
  if ((command !== "collect" && command !== "simulate") || !dir) {
    throw new Error("usage: race-runs.mjs collect DIR --seeds A-B [...] | simulate DIR [...] (see the top of this script)");
  }
  const o = { command, dir, seeds: /** @type {number[]} */ ([]), jobs: 2, bin: "target/release/morpion", common: "-v 5T -l 3 -t 1", budgets: [38, 76] };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const v = () => {
      const x = rest[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    if (a === "--seeds") o.seeds = [...new Set(parseSeeds(v()))]; // one run a seed: its files are named by it
    else if (a === "--jobs") o.jobs = Number(v());
    else if (a === "--bin") o.bin = v();
    else if (a === "--common") o.common = v();
    else if (a === "--budgets") o.budgets = v().split(",").map(Number);
    else throw new Error(`unknown option ${a} (see the top of this script)`);
  }
  if (!Number.isInteger(o.jobs) || o.jobs < 1) throw new Error("--jobs: a whole number, 1 or more");
  if (o.budgets.some((b) => !Number.isInteger(b) || b < 2)) throw new Error("--budgets: whole numbers of iterations, 2 or more");
  if (command === "collect" && o.seeds.length === 0) throw new Error("collect needs --seeds A-B");
  return o;
}

/**
 * @param {string} bin
 * @param {string[]} args
 * @returns {Promise<{out: string, err: string, code: number | null}>}
 */
function run(bin, args) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, args);
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.on("error", reject);
    p.on("close", (code) => resolve({ out, err, code }));
  });
}

/** @param {ReturnType<typeof parseArgs>} o */
async function collect(o) {
  mkdirSync(o.dir, { recursive: true });
  const todo = o.seeds.filter((s) => !existsSync(join(o.dir, `report.${s}`)));
  const common = o.common.split(/\s+/).filter(Boolean);
  const worker = async () => {
    for (let s = todo.shift(); s !== undefined; s = todo.shift()) {
      const r = await run(o.bin, ["search", ...common, "--seed", String(s), "--json"]);
      if (r.code !== 0) throw new Error(`seed ${s}: ${o.bin} exited with ${r.code}:\n${r.err.trim()}`);
      const why = notWhole(r.out);
      if (why) throw new Error(`seed ${s}: ${why} (give a level and no --time or --playouts: one whole run)`);
      writeFileSync(join(o.dir, `progress.${s}`), r.err);
      writeFileSync(join(o.dir, `report.${s}`), r.out); // last: it marks the seed done
      console.error(`seed ${s} done`);
    }
  };
  await Promise.all(Array.from({ length: o.jobs }, worker));
}

/** The report's JSON (its last line). @param {string} report */
function reportJson(report) {
  try {
    return JSON.parse(report.trim().split("\n").pop() || "");
  } catch {
    return null;
  }
}

/** Why a report is not one whole run, or null when it is. @param {string} report */
function notWhole(report) {
  const json = reportJson(report);
  if (!json) return "no JSON report";
  if (json.interrupted) return "the search was interrupted";
  if (!Array.isArray(json.runs) || json.runs.length !== 1) return `${json.runs?.length ?? 0} runs listed, not one`;
  if (!json.runs[0].finished) return "its run did not finish";
  return null;
}

/**
 * A whole run's best after t iterations, for t = 0..its iterations.
 * @param {string} progress
 * @param {string} report
 * @returns {number[]}
 */
function trajectory(progress, report) {
  const why = notWhole(report);
  if (why) throw new Error(why);
  const r = reportJson(report).runs[0];
  const best = new Array(r.iterations + 1).fill(0);
  const raise = (/** @type {number} */ at, /** @type {number} */ score) => {
    for (let t = Math.min(at, r.iterations); t <= r.iterations; t++) best[t] = Math.max(best[t], score);
  };
  const lines = [...progress.matchAll(/best (\d+)\s+run 1 iteration (\d+)\//g)];
  // a progress line a second: runs of a few seconds say nothing of their first iterations
  if (lines.length < r.iterations / 10) {
    throw new Error(`${lines.length} progress lines for ${r.iterations} iterations: too few to follow the run (a longer run, such as level 3, is needed)`);
  }
  // a line's "iteration I" counts the iterations done, and its best may come from the one
  // still running: dated to I + 1, never earlier than it could be known
  for (const m of lines) raise(Number(m[2]) + 1, Number(m[1]));
  raise(r.best_iteration, r.best);
  return best;
}

/** @param {number[]} xs */
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** @param {number[]} x @param {number[]} y */
function correlation(x, y) {
  const [mx, my] = [mean(x), mean(y)];
  let [sxy, sxx, syy] = [0, 0, 0];
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Every k-subset of 0..n-1, as index arrays. @param {number} n @param {number} k */
function* subsets(n, k, from = 0, acc = /** @type {number[]} */ ([])) {
  if (acc.length === k) yield acc.slice();
  else for (let i = from; i <= n - (k - acc.length); i++) yield* subsets(n, k, i + 1, [...acc, i]);
}

/** @param {ReturnType<typeof parseArgs>} o */
function simulate(o) {
  if (!existsSync(o.dir)) throw new Error(`${o.dir}: no such folder (collect into it first)`);
  const seeds = readdirSync(o.dir)
    .filter((f) => /^report\.\d+$/.test(f))
    .map((f) => Number(f.slice(7)))
    .sort((a, b) => a - b);
  /** @type {number[][]} */
  const runs = [];
  for (const s of seeds) {
    try {
      runs.push(trajectory(readFileSync(join(o.dir, `progress.${s}`), "utf8"), readFileSync(join(o.dir, `report.${s}`), "utf8")));
    } catch (e) {
      throw new Error(`seed ${s} in ${o.dir}: ${e instanceof Error ? e.message : e}`, { cause: e });
    }
  }
  if (runs.length < 4) throw new Error(`${o.dir}: ${runs.length} whole runs; collect at least 4`);
  const n = Math.min(...runs.map((r) => r.length - 1)); // iterations of a run
  /** A run's best after t whole iterations (at most the shortest run's). @param {number[]} r @param {number} t */
  const f = (r, t) => r[Math.max(0, Math.min(Math.floor(t), n))];
  const fmt = (/** @type {number} */ x) => x.toFixed(2);
  const at = [...new Set([5, 10, 15, 20, 30, 50, 60, 80, n, ...o.budgets])].filter((t) => t <= n).sort((x, y) => x - y);
  console.log(`${runs.length} whole runs of ${n} iterations (${o.dir})\n`);
  console.log(`| iteration | ${at.join(" | ")} |\n|---|${at.map(() => "---|").join("")}`);
  console.log(`| the runs' mean best | ${at.map((t) => fmt(mean(runs.map((r) => f(r, t))))).join(" | ")} |`);
  const last = runs.map((r) => f(r, n));
  console.log(`| correlation with the final best | ${at.map((t) => correlation(runs.map((r) => f(r, t)), last).toFixed(2)).join(" | ")} |\n`);

  /** A race of two on runs a and b: c iterations each, the rest to the one ahead (a on a tie). */
  const race = (/** @type {number[]} */ a, /** @type {number[]} */ b, /** @type {number} */ c, /** @type {number} */ budget) => {
    const [win, lose] = f(a, c) >= f(b, c) ? [a, b] : [b, a];
    return Math.max(f(lose, c), f(win, budget - c));
  };
  /** `total` whole iterations in `k` shares as equal as can be (the first ones larger). @param {number} total @param {number} k */
  const split = (total, k) => Array.from({ length: k }, (_, i) => Math.floor(total / k) + (i < total % k ? 1 : 0));
  /** Successive halving of `set` (a power of two) over `budget`, in rounds as equal as can be. */
  const halving = (/** @type {number[][]} */ set, /** @type {number} */ budget) => {
    const rounds = split(budget, Math.log2(set.length) + 1);
    const done = set.map(() => 0);
    let alive = set.map((_, i) => i);
    let best = 0;
    for (let round = 0; ; round++) {
      const shares = split(rounds[round], alive.length);
      alive.forEach((i, k) => (done[i] += shares[k]));
      for (const i of alive) best = Math.max(best, f(set[i], done[i]));
      if (alive.length === 1) return best;
      alive = alive.sort((i, j) => f(set[j], done[j]) - f(set[i], done[i]) || i - j).slice(0, alive.length / 2);
    }
  };
  const pairs = runs.flatMap((a, i) => runs.filter((_, j) => j !== i).map((b) => /** @type {[number[], number[]]} */ ([a, b])));
  console.log("| budget (iterations) | one run | the better of two runs of B/2 | race of two, c = B/8 | c = B/4 | c = B/3 | halving, R = 4 |\n|---|---|---|---|---|---|---|");
  for (const budget of o.budgets) {
    const one = mean(runs.map((r) => f(r, budget)));
    const [h1, h2] = split(budget, 2);
    const halves = mean(pairs.map(([a, b]) => Math.max(f(a, h1), f(b, h2))));
    const races = [8, 4, 3].map((k) => {
      const c = Math.max(1, Math.round(budget / k));
      return `${fmt(mean(pairs.map(([a, b]) => race(a, b, c, budget))))} (c = ${c})`;
    });
    const quads = [...subsets(runs.length, 4)].map((ix) => halving(ix.map((i) => runs[i]), budget));
    console.log(`| ${budget} | **${fmt(one)}** | ${fmt(halves)} | ${races.join(" | ")} | ${fmt(mean(quads))} |`);
  }
  if (o.budgets.some((b) => b > n)) console.log(`\n(the runs stop at ${n} iterations: a budget beyond it gets no more of them)`);
}

try {
  const o = parseArgs(process.argv.slice(2));
  if (o.command === "collect") await collect(o);
  else simulate(o);
} catch (e) {
  console.error(`race-runs: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
