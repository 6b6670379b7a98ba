#!/usr/bin/env bash
# Large-neighbourhood search against fresh runs, at equal wall-clock time (issue 14).
#
# Usage: scripts/compare-lns.sh OUTDIR [VARIANT] [SEEDS] [TOTAL_S] [FIRST_S] [CHUNK_S] [LEVEL] [KEEP]
#   defaults: 5T, seeds 701-708, 120 s in all, a first run of 25 s, rebuilds of at most
#   25 s at level 3 keeping 0.3-0.85 of the game
#
# Per seed, two arms run at the same time, one thread each (one per core):
# - fresh: `search -l 3 -t 1 --time TOTAL`: level-3 runs one after the other, the best kept;
# - lns: one level-3 run for FIRST_S seconds, then until TOTAL_S is spent: take the best
#   game so far, keep its first k moves (k drawn uniformly in KEEP times its length) and
#   let a level-LEVEL search of at most CHUNK_S seconds rebuild the rest (`--from --take`);
#   the file keeps the longer game (`-o` never replaces a game by a shorter one).
# Prints one line per seed and the means, with the paired difference and its standard
# error. The games and each arm's messages (SEED's `lns-SEED.log`, `fresh-SEED.log`) are
# kept in OUTDIR, which must not exist yet or be empty.
# Needs target/release/morpion (`cargo build --release -p morpion-cli`) and python3.
set -euo pipefail
out=${1:?usage: compare-lns.sh OUTDIR [VARIANT] [SEEDS] [TOTAL_S] [FIRST_S] [CHUNK_S] [LEVEL] [KEEP]}
variant=${2:-5T}
seeds=${3:-701-708}
total=${4:-120}
first=${5:-25}
chunk=${6:-25}
level=${7:-3}
keep=${8:-0.3-0.85}
IFS=- read -r keep_lo keep_hi <<< "$keep"
m=$(cd "$(dirname "$0")/.." && pwd)/target/release/morpion
[ -x "$m" ] || { echo "compare-lns.sh: build $m first (cargo build --release -p morpion-cli)" >&2; exit 2; }
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "compare-lns.sh: $out is not empty; give a new directory" >&2
  exit 2
fi
mkdir -p "$out"
length() { python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["moves"]))' "$1"; }

lns() { # seed -> the best length
  local s=$1 game="$out/lns-$1.json" start i=0 left n k t
  start=$(date +%s)
  "$m" search -v "$variant" -l 3 -t 1 --seed "$s" --time "${first}s" -q -o "$game" >/dev/null 2>>"$out/lns-$s.log" || return 1
  while left=$(( total - ($(date +%s) - start) )); (( left > 1 )); do
    n=$(length "$game")
    k=$(python3 -c 'import random,sys; random.seed(int(sys.argv[1])); print(int(int(sys.argv[2]) * random.uniform(float(sys.argv[3]), float(sys.argv[4]))))' "$((s * 1000 + i))" "$n" "$keep_lo" "$keep_hi")
    t=$(( left < chunk ? left : chunk ))
    "$m" search -v "$variant" -l "$level" -t 1 --seed "$((s * 1000 + i))" --from "$game" --take "$k" \
      --time "${t}s" -q -o "$game" >/dev/null 2>>"$out/lns-$s.log" || return 1
    i=$(( i + 1 ))
  done
  length "$game"
}

fresh() { # seed -> the best length
  "$m" search -v "$variant" -l 3 -t 1 --seed "$1" --time "${total}s" -q -o "$out/fresh-$1.json" >/dev/null \
    2>>"$out/fresh-$1.log" || return 1
  length "$out/fresh-$1.json"
}

IFS=- read -r lo hi <<< "$seeds"
hi=${hi:-$lo}
for s in $(seq "$lo" "$hi"); do
  fresh "$s" > "$out/fresh-$s.len" &
  lns "$s" > "$out/lns-$s.len" || { echo "compare-lns.sh: seed $s's lns arm failed: see $out/lns-$s.log" >&2; exit 1; }
  wait $! || { echo "compare-lns.sh: seed $s's fresh arm failed: see $out/fresh-$s.log" >&2; exit 1; }
  echo "seed $s: fresh $(cat "$out/fresh-$s.len"), lns $(cat "$out/lns-$s.len")" | tee -a "$out/results.txt"
done
python3 - "$out/results.txt" <<'EOF'
import statistics as st, sys, math
rows = [l.split() for l in open(sys.argv[1])]
fresh = [int(r[3].rstrip(",")) for r in rows]
lns = [int(r[5]) for r in rows]
d = [b - a for a, b in zip(fresh, lns)]
line = f"fresh mean {st.mean(fresh):.2f}, lns mean {st.mean(lns):.2f}; lns - fresh {st.mean(d):+.2f}"
if len(d) > 1:
    se = st.stdev(d) / math.sqrt(len(d))
    line += f" ± {se:.2f} (paired, {len(d)} seeds): " + ("beyond noise" if abs(st.mean(d)) > 2 * se else "within noise")
else:
    line += " (one seed: no error to give)"
print(line)
EOF
