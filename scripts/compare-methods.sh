#!/usr/bin/env bash
# The comparison of issue 14, unattended: Rosin's NRPA against the default method (and any
# other arms given in ARMS) at equal wall-clock time, in one sitting, on this machine.
# Each part prints a Markdown table for BENCHMARKS.md (mean, standard error, best,
# distribution, speed, difference to NRPA) and keeps every run's JSON line.
#
#   scripts/compare-methods.sh [OUT_DIR] [PARTS]     # PARTS: any of short 5d long (default all)
#
#   short: 5T, level 3, 1 thread, 25 s (about one level-3 run of NRPA here), 16 seeds, two
#          runs at once (one a core): each seed's two arms share the machine.  ~7 min
#   5d:    5D, 60 s, 2 threads, 8 seeds, one run at a time.                    ~16 min
#   long:  5T, 6 min, 2 threads, 4 seeds, one run at a time.                   ~48 min
# (for the two arms; each added arm adds half as much again)
#
# Seeds are fresh for each part (nothing was tuned on them). Set BIN to compare another
# build, SHORT_TIME to fit the short part to this machine's level-3 run time.
set -euo pipefail
# paths given are the caller's: resolved before moving to the repository
out=$(realpath -m "${1:-compare-$(date +%Y%m%d-%H%M)}")
parts=${2:-short 5d long}
given=${BIN:+$(realpath "$BIN")}
cd "$(dirname "$0")/.."
if [ -n "$given" ]; then
  bin=$given
else
  cargo build --release -p morpion-cli # nothing to do when it is up to date
  bin=target/release/morpion
fi
mkdir -p "$out"
arms=(--arm "nrpa=--method nrpa" --arm "stabilized=--method stabilized")
# more arms, e.g. ARMS='--arm "k 8=--stabilize 8"'
if [ -n "${ARMS:-}" ]; then eval "arms+=($ARMS)"; fi
run() { # name, common options, seeds, jobs
  echo "== $1: $2, seeds $3" >&2
  node scripts/compare-search.mjs --bin "$bin" --common "$2" "${arms[@]}" --seeds "$3" --jobs "$4" \
    --out "$out/$1.jsonl" | tee "$out/$1.md"
}
for part in $parts; do
  case $part in
    short) run short "-v 5T -l 3 -t 1 --time ${SHORT_TIME:-25s}" 101-116 2 ;;
    5d) run 5d "-v 5D -t 2 --time 60s" 201-208 1 ;;
    long) run long "-v 5T -t 2 --time 6m" 301-304 1 ;;
    *) echo "unknown part '$part' (short, 5d or long)" >&2; exit 2 ;;
  esac
done
