#!/usr/bin/env bash
# Regenerates the seed corpora in tests/fuzz/corpus/ from real runs of the dev build: .dscap
# captures (`trace --save`), the worker's event streams (`worker`, as the GUI runs it), and the
# worker commands the GUI sends. Usage: tests/fuzz/make-seeds.sh [path/to/dynascope]
set -euo pipefail
cd "$(dirname "$0")/../.."
exe=$(realpath "${1:-build-dev/app/dynascope}")
corpus=tests/fuzz/corpus
rm -rf "$corpus"
mkdir -p "$corpus"/{capturefile,eventstream,workerrequest,lessonfile}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for demo in add_relu graph_break closures raises; do
  cp "resources/examples/$demo.py" "$work/"
  (cd "$work" && "$exe" trace --max-steps 40 --save "$demo.dscap" "$demo.py" >/dev/null 2>&1) || true
  cp "$work/$demo.dscap" "$corpus/capturefile/$demo.dscap"
  request="{\"cmd\":\"run\",\"script\":\"$work/$demo.py\",\"args\":[],\"record\":true,\"max_steps\":30}"
  echo "$request" > "$corpus/workerrequest/$demo.json"
  (cd "$work" && echo "$request" | "$exe" worker > "$work/$demo.events" 2>/dev/null) || true
  cp "$work/$demo.events" "$corpus/eventstream/$demo.jsonl"
  # What the GUI's Save Recording writes: the header, then the worker's whole stream (graphs too).
  { head -n 1 "$work/$demo.dscap"; cat "$work/$demo.events"; } > "$corpus/capturefile/$demo-gui.dscap"
done
# Lessons and the drill as shipped: each kind of step, target and question appears in these.
for lesson in 01-bytecode 06-guards 09-dynamo-like 13-misconceptions; do
  cp "resources/lessons/$lesson.lesson.json" "$corpus/lessonfile/"
done
cp resources/lessons/drill.json "$corpus/lessonfile/"
echo '{"cmd":"run","script":"/tmp/a b/ü.py","args":["--x","é"],"include_library":true}' \
  > "$corpus/workerrequest/unicode.json"
du -sh "$corpus"/*
