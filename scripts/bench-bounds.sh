#!/usr/bin/env bash
# The bounds natively (BENCHMARKS.md): the LP against board size, the live bound and the LP
# bound along Rosin's 178, and the octagon campaign on 1 and 2 threads. Run on an idle
# machine: `cargo build --release -p morpion-cli && bash scripts/bench-bounds.sh`.
set -euo pipefail
M=${MORPION:-target/release/morpion}
ROSIN=crate/tests/data/records/5t-178-rosin.sjourdois.msr.json
echo "== the LP against board size (5T)"
for b in square:10 square:20 octagon:10,8,10,12,10,8,10,12 square:30 octagon:14,14,14,14,14,14,14,14; do
  "$M" bound lp --board "$b"
done
echo "== the live bound along Rosin's 178 (the list of final hulls built before timing)"
for k in 0 45 89 134 177 178; do
  echo -n "move $k: "; "$M" bound position "$ROSIN" --take "$k" | tail -1
done
echo "== the LP bound at 25, 50, 75 % and one move before the end"
for k in 45 89 134 177; do
  echo -n "move $k: "; "$M" bound position "$ROSIN" --take "$k" --lp 2>&1 | tail -1
done
echo "== the campaign: the same 40 octagons on 1 thread, then 2"
tmp=$(mktemp -d)
for t in 1 2; do
  "$M" bound campaign --sample 40 --threads "$t" --out "$tmp/c$t.csv" 2>/dev/null | grep -E "^solved|^maximum"
done
rm -rf "$tmp"
