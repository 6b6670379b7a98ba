#!/usr/bin/env bash
# The two-player figures of BENCHMARKS.md: solves from the start (6T, 6D), how the solve of
# 4D and 5D grows with the moves left (from record games cut K moves in), and matches
# between the computer's strengths. Usage: scripts/bench-two-player.sh [BINARY] [OUTDIR]
set -u
bin=${1:-target/release/morpion}
out=${2:-/tmp/two-player-bench}
mkdir -p "$out"
run() { # name, timeout, command...
  local name=$1 t=$2; shift 2
  /usr/bin/time -f "%e s, %M KB" timeout "$t" "$bin" "$@" > "$out/$name.out" 2> "$out/$name.err"
  echo "== $name (exit $?): $*"; grep -h '^{' "$out/$name.out" | tail -1; tail -1 "$out/$name.err"
}
for v in 6T 6D; do run "solve-$v" 60 two-player solve -v "$v" --json --quiet; done
# the solve from a record cut after K moves, K going down until a solve takes too long
for rec in 4d-35-hyyroporanen:4D 5d-82-rosin:5D; do
  name=${rec%%:*}
  "$bin" records "$name" --to link > "$out/$name.link"
  total=$("$bin" replay "$(cat "$out/$name.link")" --json | tail -1 | sed 's/.*"moves":\([0-9]*\).*/\1/')
  k=$((total - 2))
  while [ "$k" -ge 0 ]; do
    run "from-$name-$k" 120 two-player solve --from "$(cat "$out/$name.link")" --take "$k" --memory 12G --json --quiet
    grep -q '"winner"' "$out/from-$name-$k.out" || break
    k=$((k - 2))
  done
done
run match-4D-random-fast 900 two-player match -v 4D --players random,fast --games 40 --check --json
run match-4D-fast-strong 900 two-player match -v 4D --players fast,strong --games 20 --time 0.2s --check --json
run match-5T-fast-strong 900 two-player match -v 5T --players fast,strong --games 10 --time 0.2s --json
