#!/usr/bin/env bash
# Builds the libFuzzer targets (`fuzz` preset, clang-14) and runs each from its seed corpus.
# CI: a fixed number of runs per target (FUZZ_RUNS, default 20000, -seed=1: the same inputs every
# time). On demand: FUZZ_SECONDS=600 tests/fuzz/run.sh [TARGET...] runs each that long instead.
# A crash leaves its input in build-fuzz/crashes/TARGET/ and fails the run: copy it into
# tests/fuzz/regressions/TARGET/ (tst_fuzzregressions replays those in the dev build).
set -euo pipefail
cd "$(dirname "$0")/../.."
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
[ -f build-fuzz/CMakeCache.txt ] || cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"${DYNASCOPE_JOBS:-2}"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(capturefile eventstream workerrequest lessonfile)
if [ -n "${FUZZ_SECONDS:-}" ]; then budget=(-max_total_time="$FUZZ_SECONDS"); else budget=(-runs="${FUZZ_RUNS:-20000}" -seed=1); fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
for t in "${targets[@]}"; do
  work=build-fuzz/corpus/$t crashes=build-fuzz/crashes/$t
  mkdir -p "$work" "$crashes"
  log=build-fuzz/fuzz_$t.log
  start=$(date +%s.%N)
  if ! build-fuzz/tests/fuzz/fuzz_"$t" "${budget[@]}" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="$crashes/" "$work" tests/fuzz/corpus/"$t" >"$log" 2>&1; then
    status=1
    echo "fuzz_$t: FAILED, see $log and $crashes/"; tail -30 "$log"
  fi
  seconds=$(awk "BEGIN { print $(date +%s.%N) - $start }")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "fuzz_$t: ${runs:-?} runs in ${seconds%.*} s ($(awk "BEGIN { printf \"%d\", ${runs:-0} / $seconds }") exec/s)," \
       "corpus $(ls "$work" | wc -l) files ($(du -sk "$work" | cut -f1) KB)," \
       "seeds $(ls tests/fuzz/corpus/"$t" | wc -l)"
done
exit $status
