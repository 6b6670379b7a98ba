// @ts-check
// How a worker loads the engine for heavy work on every core: the threaded build (atomics,
// shared memory, wasm-bindgen-rayon's pool, 128-bit SIMD) when the page is cross-origin
// isolated and the browser has wasm SIMD, else the page's own build (one thread, no SIMD).
// The search and opponent workers both load this way; the page asks `threadsBlocked` what
// to offer and say.

/** @typedef {import("../../pkg/morpion.js")} Wasm */
/** @typedef {{ wasm: Wasm, build: "threads" | "single" }} Loaded */

/** The builds, beside the page's scripts in dist/ (Trunk's and scripts/build-threaded.sh's). */
const SINGLE = "../morpion.js";
const THREADED = "../threaded/morpion.js";

/**
 * A module of one function, `() -> result` with the body `code` (under 120 bytes: each
 * length is one byte here): for a feature probe.
 * @param {number} result a value type's byte (0x7f i32, 0x7b v128) @param {number[]} code
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function probeModule(result, code) {
  const body = [0x00, ...code, 0x0b]; // no locals, the code, end
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, result, // types: one, () -> result
    0x03, 0x02, 0x01, 0x00, // functions: one, of type 0
    0x0a, body.length + 2, 0x01, body.length, ...body, // code: one body
  ]);
}

/**
 * `i8x16.splat(i32.const 0)`: valid only where wasm has 128-bit SIMD, which the threaded
 * build is compiled with (scripts/build-threaded.sh: its search 1.5-2.3 % faster in
 * Chromium, 3.9-5.6 % in Node; BENCHMARKS.md). Every browser with wasm threads has had
 * it since 2023 (Safari 16.4).
 */
export const SIMD_PROBE = probeModule(0x7b, [0x41, 0x00, 0xfd, 0x0f]);

/**
 * Why the threaded build cannot run here, or null when it can: "isolation" (no shared
 * memory: the page is not cross-origin isolated) or "simd" (the browser's wasm has no SIMD).
 * @returns {null | "isolation" | "simd"}
 */
export function threadsBlocked() {
  if (!globalThis.crossOriginIsolated || typeof SharedArrayBuffer !== "function") return "isolation";
  return WebAssembly.validate(SIMD_PROBE) ? null : "simd";
}

/**
 * The threaded build with a pool of `threads` where it runs (`threadsBlocked`), else the
 * page's own. A rayon pool is made once a module: a worker calls this once.
 * @param {number} threads @returns {Promise<Loaded>}
 */
export async function loadEngine(threads) {
  if (threadsBlocked() === null) {
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
