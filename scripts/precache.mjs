#!/usr/bin/env node
// The service worker's precache list, made at build time: every file of the built app
// (index.html as "./", the threaded module with its hashed snippets, icons, ...) but the
// worker itself, and the build's version (a hash of those files), written into the built
// sw.js between its `/* precache */` and `/* end precache */` markers. A new build thus
// changes sw.js, so browsers install the new worker, which caches the new files under a
// new name and drops the old cache.
//
// Trunk runs it after scripts/build-threaded.sh (Trunk.toml's post_build hook), on its
// staging dir; by hand: `node scripts/precache.mjs [dir]` (default dist/).

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Files of the build that are not precached: the worker (the browser fetches it itself). */
export const NOT_PRECACHED = ["sw.js"];
const MARKERS = /\/\* precache \*\/.*\/\* end precache \*\//s;

/** Every file under `dir`, as sorted "/"-separated paths relative to it, but hidden ones
 * (Trunk's dist/.trunk-lock, its .stage/ when run on dist/ during a build). */
export function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith("."))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)).map((f) => `${e.name}/${f}`) : e.isFile() ? [e.name] : []))
    .sort();
}

/** The address the worker stores a file under, relative to it: index.html is the app's root. */
export const precacheName = (file) => (file === "index.html" ? "./" : file);

/** The precache list and version of the app built in `dir`. */
export function precacheOf(dir) {
  const files = filesUnder(dir).filter((f) => !NOT_PRECACHED.includes(f));
  const hash = createHash("sha256");
  for (const f of files) hash.update(f).update("\0").update(readFileSync(join(dir, f))).update("\0");
  return { version: hash.digest("hex").slice(0, 16), files: files.map(precacheName) };
}

/** The precache list and version written in a built sw.js (its text), or throws. */
export function readPrecache(swText) {
  const m = swText.match(MARKERS);
  if (!m) throw new Error("sw.js has no /* precache */ ... /* end precache */ markers");
  return JSON.parse(m[0].replace("/* precache */", "").replace("/* end precache */", ""));
}

/** Writes the list of the app built in `dir` into `dir`/sw.js; returns it. */
export function writePrecache(dir) {
  const path = join(dir, "sw.js");
  const text = readFileSync(path, "utf8");
  if (!MARKERS.test(text)) throw new Error(`${path} has no /* precache */ ... /* end precache */ markers`);
  const build = precacheOf(dir);
  writeFileSync(path, text.replace(MARKERS, () => `/* precache */ ${JSON.stringify(build)} /* end precache */`));
  return build;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR || join(root, "dist");
  try {
    const build = writePrecache(dir);
    console.log(`precache: ${build.files.length} files, version ${build.version}, in ${join(dir, "sw.js")}`);
  } catch (e) {
    console.error(`precache: ${e.message}`);
    process.exit(1);
  }
}
