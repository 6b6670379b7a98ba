#!/usr/bin/env node
// Compares search methods at equal wall-clock time, unattended, the way issue 14 asks:
// every arm runs `morpion search ... --json` once per seed, seed after seed, so drift in
// the machine's speed falls on every arm alike; with --jobs equal to the number of arms
// (and equal `--time`s), the runs sharing the machine at any moment are one seed's arms.
// The table gives, per arm, the mean, its standard error, the best, the distribution and
// the speed, and the difference to the first arm with its standard error ("beyond noise"
// when it is more than about two of them: with 8 seeds or more, 95 % confidence or so;
// with 4, read it as a hint).
//
//   node scripts/compare-search.mjs --common "-v 5T -l 3 -t 1 --time 28s" \
//     --arm "nrpa=" --arm "clamp 4=--clamp 4" --seeds 1-8 --jobs 2 [--out results.jsonl]
//
// --jobs: runs at once (each with the threads its arm's options give; on 2 cores, two
// 1-thread runs or one 2-thread run). --bin: the morpion binary (target/release/morpion).
//
// An arm's OPTIONS may start with NAME=VALUE words, as a shell command may: `bin=PATH`
// runs that arm with another binary (two builds compared in one sitting, interleaved), any
// other NAME is set in the arm's environment (a throwaway build that reads a knob from it),
// and removed from the environment of the arms that do not set it. A VALUE has no spaces.
//   --arm "before=bin=/tmp/morpion-before" --arm "after=" --arm "noise 1=MORPION_NOISE=1"
// The raw results go to --out (JSON lines, one per run) if given; the table to stdout as
// Markdown, ready for BENCHMARKS.md.

import { spawn } from "node:child_process";
import { appendFileSync, existsSync } from "node:fs";
import os from "node:os";
import { parseSeeds } from "./seeds.mjs";

const DEFAULT_BIN = "target/release/morpion";

/**
 * An arm: its name and options as given, and what they say (see `armSetup`), read once
 * all the options are known (`--bin` may come after the arms).
 * @typedef {{name: string, args: string, bin: string, env: Record<string, string>, options: string[]}} Arm
 */

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{common: string, arms: Arm[], seeds: number[], jobs: number, bin: string, out: string | null}} */
  const o = { common: "", arms: [], seeds: [], jobs: 1, bin: DEFAULT_BIN, out: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    if (a === "--common") o.common = v();
    else if (a === "--arm") {
      const s = v();
      const eq = s.indexOf("=");
      if (eq < 1) throw new Error(`--arm '${s}': expected NAME=OPTIONS (OPTIONS may be empty)`);
      o.arms.push({ name: s.slice(0, eq), args: s.slice(eq + 1), bin: "", env: {}, options: [] });
    } else if (a === "--seeds") o.seeds = parseSeeds(v());
    else if (a === "--jobs") o.jobs = Number(v());
    else if (a === "--bin") o.bin = v();
    else if (a === "--out") o.out = v();
    else throw new Error(`unknown option ${a} (see the comment at the top of this script)`);
  }
  if (o.arms.length === 0) throw new Error("give at least one --arm NAME=OPTIONS");
  const names = o.arms.map((a) => a.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new Error(`two arms are named '${twice}': names must differ`);
  if (new Set(o.seeds).size < 2) throw new Error("give at least 2 seeds (--seeds 1-8): one seed has no standard error");
  if (o.out !== null && existsSync(o.out)) throw new Error(`${o.out} exists: give a new file for --out (it is never overwritten)`);
  if (!(Number.isInteger(o.jobs) && o.jobs >= 1)) throw new Error("--jobs must be a whole number >= 1");
  for (const arm of o.arms) {
    Object.assign(arm, armSetup(arm.args, o.bin));
    if (arm.bin === "") throw new Error(`arm '${arm.name}': bin= needs a path`);
    if (!existsSync(arm.bin)) {
      const hint = arm.bin === DEFAULT_BIN ? ": cargo build --release -p morpion-cli" : "";
      throw new Error(`${arm.bin} (arm '${arm.name}') does not exist${hint}`);
    }
  }
  return o;
}

/** The searches running, stopped if the comparison fails. @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();

/** @param {string} s */
const words = (s) => s.split(/\s+/).filter((w) => w.length > 0);

/**
 * An arm's options: its leading NAME=VALUE words (`bin=PATH`, or environment variables),
 * then the search's options.
 * @param {string} args @param {string} bin the binary of arms that name none
 * @returns {{bin: string, env: Record<string, string>, options: string[]}}
 */
function armSetup(args, bin) {
  const ws = words(args);
  /** @type {Record<string, string>} */
  const env = {};
  let k = 0;
  for (; k < ws.length; k++) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(ws[k]);
    if (!m) break;
    if (m[1] === "bin") bin = m[2];
    else env[m[1]] = m[2];
  }
  return { bin, env, options: ws.slice(k) };
}

/**
 * One search; resolves to its JSON line.
 * @param {string} bin @param {string[]} args @param {Record<string, string | undefined>} env the child's whole environment
 * @returns {Promise<any>}
 */
function runOne(bin, args, env) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, [...args, "--json", "-q"], { stdio: ["ignore", "pipe", "pipe"], env });
    children.add(p);
    p.on("error", (e) => reject(new Error(`${bin} could not start: ${e.message}`)));
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.on("close", (code) => {
      children.delete(p);
      const last = out.trim().split("\n").pop() ?? "";
      if (code !== 0) reject(new Error(`${bin} ${args.join(" ")} failed (${code}): ${err.trim()}`));
      else {
        try {
          resolve(JSON.parse(last));
        } catch {
          reject(new Error(`${bin} ${args.join(" ")}: no JSON line in its output`));
        }
      }
    });
  });
}

/** @param {number[]} xs */
function stats(xs) {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  return { n, mean, se: sd / Math.sqrt(n), best: Math.max(...xs) };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  // seed-major order: the runs that share the machine are the same seed's arms
  const queue = [];
  for (const seed of o.seeds) for (const arm of o.arms) queue.push({ arm, seed });
  /** @type {Map<string, any[]>} */
  const results = new Map(o.arms.map((a) => [a.name, []]));
  const started = Date.now();
  // a knob some arm sets is unset for the arms that do not set it: the calling shell's
  // value must not reach the arms that do not name it
  const shellEnv = { ...process.env };
  for (const name of o.arms.flatMap((a) => Object.keys(a.env))) delete shellEnv[name];
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const { arm, seed } = queue[next++];
      const args = [...words("search"), ...words(o.common), ...arm.options, "--seed", String(seed)];
      const r = await runOne(arm.bin, args, { ...shellEnv, ...arm.env });
      const row = { arm: arm.name, seed, score: r.score, playouts: r.playouts, seconds: r.seconds, pps: r.playouts_per_second };
      results.get(arm.name)?.push(row);
      if (o.out) appendFileSync(o.out, JSON.stringify({ ...row, bin: arm.bin, env: arm.env, args: args.join(" ") }) + "\n");
      process.stderr.write(`${arm.name} seed ${seed}: ${r.score} (${Math.round(r.playouts_per_second)}/s)\n`);
    }
  };
  await Promise.all(Array.from({ length: o.jobs }, worker));
  const base = stats((results.get(o.arms[0].name) ?? []).map((r) => r.score));
  const lines = [
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ` +
      `${o.jobs} run${o.jobs > 1 ? "s" : ""} at once, ${Math.round((Date.now() - started) / 1000)} s in all. ` +
      `Common options: \`${o.common}\`; seeds ${o.seeds.join(" ")}; binary \`${o.bin}\` unless an arm names one.`,
    "",
    `| arm | options | mean | s.e. | best | scores (sorted) | playouts/s | vs ${o.arms[0].name} |`,
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const arm of o.arms) {
    const rs = results.get(arm.name) ?? [];
    const s = stats(rs.map((r) => r.score));
    const pps = rs.reduce((a, r) => a + r.pps, 0) / rs.length;
    const sorted = rs.map((r) => r.score).sort((a, b) => b - a);
    let vs = "";
    if (arm !== o.arms[0]) {
      const d = s.mean - base.mean;
      const se = Math.sqrt(s.se ** 2 + base.se ** 2);
      const verdict = se > 0 && Math.abs(d) > 2 * se ? (d > 0 ? "better, beyond noise" : "worse, beyond noise") : "within noise";
      vs = `${d >= 0 ? "+" : ""}${d.toFixed(2)} ± ${se.toFixed(2)}: ${verdict}`;
    }
    lines.push(
      `| ${arm.name} | \`${arm.args || "(none)"}\` | **${s.mean.toFixed(2)}** | ${s.se.toFixed(2)} | ${s.best} | ${sorted.join(" ")} | ${Math.round(pps).toLocaleString("en")} | ${vs} |`,
    );
  }
  console.log(lines.join("\n"));
}

main().catch((e) => {
  for (const c of children) c.kill("SIGTERM"); // each prints its best and exits
  console.error(`compare-search: ${e.message}`);
  process.exit(1);
});
