#!/usr/bin/env bash
# The search figures of BENCHMARKS.md: level-3 runs over 5 seeds (both move codes), the
# timed 2-thread runs, and 1 vs 2 threads for the same wall time. About 30 minutes on
# 2 cores. Usage: scripts/bench-search.sh [OUTDIR]   (needs target/release/morpion)
# Rosin's NRPA (--method nrpa), as when these figures were first taken; the methods are
# compared by scripts/compare-methods.sh.
set -euo pipefail
out=${1:-bench-out}
mkdir -p "$out"
m=target/release/morpion
row() { # label, then morpion search arguments; prints one line from the --json summary
  local label=$1; shift
  $m search --method nrpa "$@" --json -q -o "$out/$label.msr.json" 2>/dev/null | tail -1 > "$out/$label.json"
  python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); print("%-28s score %4d  %7.1f s  %10d playouts  %9.0f/s" % (sys.argv[2], v["score"], v["seconds"], v["playouts"], v["playouts_per_second"]))' "$out/$label.json" "$label"
}
$m bench -v 5D --json | tail -1 > "$out/bench-5D.json"
$m bench -v 5T --json | tail -1 > "$out/bench-5T.json"
for code in line line-dot; do
  for v in 5D 5T; do
    for seed in 1 2 3 4 5; do row "$v-l3-$code-seed$seed" -v $v -l 3 -t 1 --seed $seed --code $code; done
  done
done
# the move codes at level 2, over many seeds (level-3 differences are within the noise of 5)
for code in line line-dot; do
  for v in 5D 5T; do
    for seed in $(seq 1 100); do
      $m search --method nrpa -v $v -l 2 -t 1 --seed $seed --code $code --json -q | tail -1
    done > "$out/$v-l2-$code.jsonl"
    python3 -c 'import json,sys,statistics as s; r=[json.loads(l) for l in open(sys.argv[1])]; x=[v["score"] for v in r]; print("%-28s mean %.2f  sd %.2f  %.0f playouts/s" % (sys.argv[2], s.mean(x), s.stdev(x), s.mean(v["playouts_per_second"] for v in r)))' "$out/$v-l2-$code.jsonl" "$v-l2-$code (100 seeds)"
  done
done
for seed in 1 2 3; do
  row "5D-30s-1thread-seed$seed" -v 5D -l 3 -t 1 --seed $seed --time 30s
  row "5D-30s-2threads-seed$seed" -v 5D -l 3 -t 2 --seed $seed --time 30s
done
row "5D-3m-2threads" -v 5D -t 2 --time 3m
row "5T-6m-2threads" -v 5T -t 2 --time 6m
