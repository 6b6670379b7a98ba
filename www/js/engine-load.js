// @ts-check
// How a worker loads the engine for heavy work on every core: the threaded build (atomics,
// shared memory, wasm-bindgen-rayon's pool) when the page is cross-origin isolated, else
// the page's own build, one thread. The search and opponent workers both load this way.

/** @typedef {import("../../pkg/morpion.js")} Wasm */
/** @typedef {{ wasm: Wasm, build: "threads" | "single" }} Loaded */

/** The builds, beside the page's scripts in dist/ (Trunk's and scripts/build-threaded.sh's). */
const SINGLE = "../morpion.js";
const THREADED = "../threaded/morpion.js";

/**
 * The threaded build with a pool of `threads` on an isolated page, else the page's own.
 * A rayon pool is made once a module: a worker calls this once.
 * @param {number} threads @returns {Promise<Loaded>}
 */
export async function loadEngine(threads) {
  if (self.crossOriginIsolated) {
    // the threaded build has wasm-bindgen-rayon's pool maker besides the page's bindings
    /** @type {Wasm & { initThreadPool(n: number): Promise<void> }} */
    const wasm = await import(THREADED);
    await wasm.default();
    await wasm.initThreadPool(threads);
    return { wasm, build: "threads" };
  }
  /** @type {Wasm} */
  const wasm = await import(SINGLE);
  await wasm.default();
  return { wasm, build: "single" };
}
