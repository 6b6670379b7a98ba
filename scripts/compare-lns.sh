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
# error. The games and each arm's messages (`lns-SEED.log`, which also says what each
# rebuild kept, and `fresh-SEED.log`) are kept in OUTDIR, which must not exist yet or be
# empty. Ctrl+C stops the comparison (the seeds done stay in OUTDIR/results.txt).
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
IFS=- read -r lo hi <<< "$seeds"
hi=${hi:-$lo}
IFS=- read -r keep_lo keep_hi <<< "$keep"
usage() { echo "compare-lns.sh: $1" >&2; exit 2; }
for v in "$lo" "$hi" "$total" "$first" "$chunk" "$level"; do
  [[ $v =~ ^[0-9]+$ ]] || usage "seeds, TOTAL_S, FIRST_S, CHUNK_S and LEVEL are whole numbers (seconds, no unit); got '$v'"
done
(( lo <= hi )) || usage "SEEDS is LOW-HIGH with LOW <= HIGH; got '$seeds'"
(( first < total && chunk >= 1 && level >= 1 )) || usage "need FIRST_S < TOTAL_S, CHUNK_S >= 1 and LEVEL >= 1"
python3 -c 'import sys; lo, hi = map(float, sys.argv[1:]); sys.exit(not 0 <= lo <= hi < 1)' "$keep_lo" "${keep_hi:-x}" 2>/dev/null ||
  usage "KEEP is LOW-HIGH with 0 <= LOW <= HIGH < 1 (the share of the game kept); got '$keep'"
m=$(cd "$(dirname "$0")/.." && pwd)/target/release/morpion
[ -x "$m" ] || { echo "compare-lns.sh: build $m first (cargo build --release -p morpion-cli)" >&2; exit 2; }
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "compare-lns.sh: $out is not empty; give a new directory" >&2
  exit 2
fi
mkdir -p "$out"
length() { python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["moves"]))' "$1"; }

lns() { # seed -> the best length; the log says what each rebuild kept
  local s=$1 game="$out/lns-$1.json" log="$out/lns-$1.log" start i=0 left n k t
  start=$(date +%s)
  "$m" search -v "$variant" -l 3 -t 1 --seed "$s" --time "${first}s" -q -o "$game" >/dev/null 2>>"$log" || return 1
  while left=$(( total - ($(date +%s) - start) )); (( left > 0 )); do
    n=$(length "$game" 2>>"$log") || return 1
    k=$(python3 -c 'import random,sys; random.seed(int(sys.argv[1])); print(int(int(sys.argv[2]) * random.uniform(float(sys.argv[3]), float(sys.argv[4]))))' \
      "$((s * 1000 + i))" "$n" "$keep_lo" "$keep_hi" 2>>"$log") || return 1
    t=$(( left < chunk ? left : chunk ))
    echo "rebuild $i: best $n, keep $k moves, ${t} s at level $level" >> "$log"
    "$m" search -v "$variant" -l "$level" -t 1 --seed "$((s * 1000 + i))" --from "$game" --take "$k" \
      --time "${t}s" -q -o "$game" >/dev/null 2>>"$log" || return 1
    i=$(( i + 1 ))
  done
  length "$game" 2>>"$log"
}

fresh() { # seed -> the best length
  "$m" search -v "$variant" -l 3 -t 1 --seed "$1" --time "${total}s" -q -o "$out/fresh-$1.json" >/dev/null \
    2>>"$out/fresh-$1.log" || return 1
  length "$out/fresh-$1.json" 2>>"$out/fresh-$1.log"
}

# An interrupted search keeps its best and exits normally, so a Ctrl+C would only cut a
# pair short and go on: stop the whole comparison instead, and leave no search running.
fresh_pid=
stop() { [ -n "$fresh_pid" ] && kill "$fresh_pid" 2>/dev/null; echo "compare-lns.sh: $1; $out/results.txt holds the seeds done" >&2; exit "$2"; }
trap 'stop interrupted 130' INT TERM
for s in $(seq "$lo" "$hi"); do
  fresh "$s" > "$out/fresh-$s.len" &
  fresh_pid=$!
  lns "$s" > "$out/lns-$s.len" || stop "seed $s's lns arm failed (see $out/lns-$s.log)" 1
  wait "$fresh_pid" || stop "seed $s's fresh arm failed (see $out/fresh-$s.log)" 1
  fresh_pid=
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
    t = st.mean(d) / se if se > 0 else 0.0
    line += f" ± {se:.2f} (paired, {len(d)} seeds, t = {t:.2f}): " + ("beyond noise" if abs(st.mean(d)) > 2 * se else "within noise")
    line += " (with few seeds, compare t with Student's quantile: 2.36 for 8 seeds at 95 %)"
else:
    line += " (one seed: no error to give)"
print(line)
EOF
