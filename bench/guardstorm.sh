#!/usr/bin/env bash
# A recompile storm: one compiled function called CALLS times with a new int each call (so each
# call tries every cache entry and recompiles), the cache limit raised to 2000. Prints the bytes
# of the worker's `call` events and of all its events, and `dynascope explain` wall time and
# output size (text and --json).
#
#   bench/guardstorm.sh DYNASCOPE_EXE [CALLS]
set -euo pipefail
exe=${1:?usage: guardstorm.sh DYNASCOPE_EXE [CALLS]}
calls=${2:-1000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/storm.py" <<PY
import torch
torch._dynamo.config.cache_size_limit = 2000

@torch.compile(backend="eager", dynamic=False)
def scale(x, n):
    return x * n + 1

x = torch.ones(4)
for n in range($calls):
    scale(x, n)
print("done")
PY
echo "{\"cmd\":\"run\",\"script\":\"$dir/storm.py\"}" | "$exe" worker > "$dir/events.jsonl" 2>/dev/null
python3 - "$dir/events.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1], "rb").read().splitlines()
calls = [l for l in lines if b'"type":"call"' in l]
guards = [l for l in lines if b'"type":"guards"' in l]
print(f"events: {len(lines)}  call events: {len(calls)}  call bytes: {sum(len(l) + 1 for l in calls)}"
      f"  guards bytes: {sum(len(l) + 1 for l in guards)}  all bytes: {sum(len(l) + 1 for l in lines)}")
PY
for flag in "" "--json"; do
  start=$(date +%s.%N)
  "$exe" explain "$dir/storm.py" $flag > "$dir/explain.out" 2>/dev/null
  end=$(date +%s.%N)
  printf 'explain %-6s %.2f s, %d bytes\n' "$flag" "$(echo "$end - $start" | bc)" "$(stat -c %s "$dir/explain.out")"
done
grep -m1 "recompile" "$dir/explain.out" >/dev/null || true
