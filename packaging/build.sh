#!/usr/bin/env bash
# Installs the dependencies, then configures and builds the `dev` preset (incremental, ccache'd).
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
[ -f build-dev/CMakeCache.txt ] || cmake --preset dev
cmake --build build-dev -j"${DYNASCOPE_JOBS:-2}"
