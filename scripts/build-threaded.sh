#!/usr/bin/env bash
# The threaded search module: the crate with its `threads` feature, compiled to wasm with
# atomics and shared memory (what wasm-bindgen-rayon needs; see ../shared/spec/toolchain.md)
# into OUT (default: Trunk's staging dir when Trunk runs this as a hook, else dist)/threaded.
# `build-threaded.sh lint` runs clippy on that build instead (same flags, same target dir).
# The page's search worker loads it when the page is cross-origin isolated and the
# browser has wasm SIMD (www/js/engine-load.js), and the default build (Trunk's own, one
# thread, no SIMD) otherwise.
#
# Needs: the nightly toolchain with rust-src (`make web-setup`), wasm-bindgen-cli, and npm's
# binaryen for wasm-opt (Debian's wasm-opt breaks threaded modules).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-${TRUNK_STAGING_DIR:-$root/dist}/threaded}
profile=release
[ "${TRUNK_PROFILE:-release}" = debug ] && profile=dev
dir=$([ "$profile" = dev ] && echo debug || echo release)

# Only for the target: build scripts and proc macros stay ordinary host code. simd128: wasm's
# 128-bit SIMD, which every browser with wasm threads has had since 2023 (Safari 16.4), so
# this build asks for it and the one-thread build does not; the page loads this one only
# where it validates (www/js/engine-load.js). LLVM pairs in it what it pairs natively in
# SSE registers (the update's two passes over a line's own direction, the lanes of a ply's
# sum): 2.5-3.3 % fewer instructions run in V8, the search 3.9-5.6 % faster in Node's V8
# and 1.5-2.3 % in Chromium's (BENCHMARKS.md, "wasm SIMD in the threaded build").
export RUSTFLAGS="-C target-feature=+atomics,+bulk-memory,+mutable-globals,+simd128 \
-C link-arg=--shared-memory -C link-arg=--import-memory -C link-arg=--max-memory=1073741824 \
-C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size \
-C link-arg=--export=__tls_align -C link-arg=--export=__tls_base"
unset CARGO_ENCODED_RUSTFLAGS CARGO_BUILD_RUSTFLAGS

cd "$root"
if [ "${1:-}" = lint ]; then
  exec cargo +nightly clippy --locked -p morpion --lib --features threads \
    --target wasm32-unknown-unknown -Z build-std=panic_abort,std --target-dir target/threaded -- -D warnings
fi
cargo +nightly build --locked --profile "$profile" -p morpion --lib --features threads \
  --target wasm32-unknown-unknown -Z build-std=panic_abort,std --target-dir target/threaded
rm -rf "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
  "target/threaded/wasm32-unknown-unknown/$dir/morpion.wasm"
# wasm-bindgen-rayon 1.3.0 (its latest release) starts each worker by calling the module's
# init with two arguments, a form wasm-bindgen now warns about in every worker's console
# ("using deprecated parameters"): its start-up line gets the one-object form instead. A
# release that fixed it no longer has the line, and the file is left as it is.
for helper in "$out"/snippets/wasm-bindgen-rayon-*/src/workerHelpers*.js; do
  [ -e "$helper" ] || continue
  sed -i 's/pkg\.default(data\.module, data\.memory)/pkg.default({ module_or_path: data.module, memory: data.memory })/' "$helper"
done
if [ "$profile" = release ]; then
  # --print-function-map after -O3: the names of the functions the optimised module keeps
  # (wasm-bindgen's output has them; the written module has none without -g)
  map=$(mktemp)
  trap 'rm -f "$map"' EXIT
  wasm-opt -O3 --enable-threads --enable-bulk-memory --enable-mutable-globals --enable-simd \
    --enable-sign-ext --enable-nontrapping-float-to-int --enable-reference-types \
    --enable-multivalue "$out/morpion_bg.wasm" -o "$out/morpion_bg.wasm" \
    --print-function-map > "$map"
  # The playout loop must hold no call on its hot path, and `moves_out` (the rest of a
  # playout, with calls) must stay a function of its own: wasm-opt inlines any function
  # with a single call site, which cost the search 10 % more instructions (ARCHITECTURE.md,
  # "a playout loop without a call"). One copy a Morpion worker (line codes, line-dot
  # codes); the name ends in a hash under the legacy mangling. A change that brought one
  # back inline fails here, not silently.
  kept=$(grep -Ec '::moves_out(::h[0-9a-f]{16})?$' "$map" || true)
  if [ "$kept" -lt 2 ]; then
    echo "build-threaded.sh: wasm-opt inlined nrpa::nested::Worker::moves_out into the" \
      "playout loop ($kept copies of 2 left; the search would run about 10 % more" \
      "instructions); see ARCHITECTURE.md" >&2
    exit 1
  fi
fi
echo "threaded search module: $out"
