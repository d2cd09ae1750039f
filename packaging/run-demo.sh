#!/usr/bin/env bash
# Sets up, builds, and runs the main job: the GUI on the bundled demo, or headless without a display.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/build.sh
demo=resources/examples/add_relu.py
exe=build-dev/app/dynascope
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${DYNASCOPE_HEADLESS:-0}" != 1 ]; then
  exec "$exe" gui "$demo"
fi
echo "== no display: running $demo headless, then what torch.compile captured =="
"$exe" explain "$demo"
echo
echo "== disassembly of $demo =="
"$exe" dis "$demo"
