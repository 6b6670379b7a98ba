#!/usr/bin/env bash
# How much a search spends outside the rules, as ratios that machine noise moves little.
#
# Usage: scripts/profile-share.sh [BINARY] [VARIANT] [SEED] [PLAYOUTS]
#   (defaults: this clone's target/release/morpion, 5D, 1, 300000; needs `perf`)
#
# Records one level-3 search of Rosin's NRPA (one thread, a playout budget, so the work is
# fixed) with `perf record` and prints the shares of time in `Board::play` (the rules), in
# adapt (with `exp`) and in the rest (mostly the policy playout), then adapt/play and
# rest/play. A change outside the rules that plays the same moves (same seed, same budget)
# is judged by those two ratios: both come from one process, so a machine whose speed
# wanders during the day moves them far less than it moves playouts a second. Eight runs
# of one binary over an afternoon spread by 8-11 %, so one or two runs a build only show
# larger changes. The shares are Rosin's NRPA's (one adapt per playout); the default
# method adapts 4 times less often.
set -euo pipefail
bin=${1:-$(cd "$(dirname "$0")/.." && pwd)/target/release/morpion}
variant=${2:-5D}
seed=${3:-1}
playouts=${4:-300000}
command -v perf >/dev/null || { echo "profile-share.sh: needs perf (linux-perf)" >&2; exit 2; }
[ -x "$bin" ] || { echo "profile-share.sh: $bin is not an executable" >&2; exit 2; }
data=$(mktemp)
log=$(mktemp)
trap 'rm -f "$data" "$log"' EXIT
if ! perf record -q -o "$data" "$bin" search --method nrpa -v "$variant" -l 3 -t 1 --seed "$seed" \
  --playouts "$playouts" -q >/dev/null 2>"$log"; then
  echo "profile-share.sh: the profiled search failed:" >&2
  cat "$log" >&2
  exit 1
fi
perf report -i "$data" --no-children --stdio 2>/dev/null | grep '%' | awk -v label="$bin $variant seed $seed" '
  { p = $1; sub("%", "", p) }
  # `morpion::board::update::<impl morpion::board::Board>::play` since the board is a module
  # of several files (`morpion::board::Board::play` before)
  $NF ~ /Board>?::play$/ { play += p; next }
  $NF ~ /Policy::adapt$|^(__)?(ieee754_)?exp(_fma)?(@|$)/ { adapt += p; next }
  { rest += p }
  END {
    if (play == 0 || adapt == 0) {
      print "profile-share.sh: no samples in Board::play or in adapt (symbols stripped, or inlined?)" > "/dev/stderr"
      exit 1
    }
    printf "%s: play %.1f %%, adapt %.1f %%, rest %.1f %%; adapt/play %.3f, rest/play %.3f\n",
      label, play, adapt, rest, adapt / play, rest / play
  }'
