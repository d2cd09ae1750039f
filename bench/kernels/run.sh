#!/bin/sh
# The kernel generator's figures for bench/README.md: one cold run (empty kernel cache), then
# three warm runs (cached kernels), each with the machine load; ratios come from one run each.
# Usage: bench/kernels/run.sh [DYNASCOPE] [ROUNDS]
set -e
exe=${1:-build-dev/app/dynascope}
rounds=${2:-15}
out=$(mktemp -d)
here=$(dirname "$0")
uptime
XDG_CACHE_HOME="$out/cache" "$exe" bench "$here/cases.py" --json --rounds 5 > "$out/cold.json"
for run in 1 2 3; do
  uptime
  XDG_CACHE_HOME="$out/cache" "$exe" bench "$here/cases.py" --json --rounds "$rounds" > "$out/run$run.json"
done
uptime
/usr/bin/python3.11 "$here/summary.py" "$out/cold.json" "$out/run1.json" "$out/run2.json" "$out/run3.json"
