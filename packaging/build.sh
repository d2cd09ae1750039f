#!/usr/bin/env bash
# Installs the dependencies, then configures and builds the `dev` preset (incremental, ccache'd).
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
# Relative paths in the ccache key: a clone in another folder (as CI makes) reuses the cache.
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
[ -f build-dev/CMakeCache.txt ] || cmake --preset dev
# CI builds with DYNASCOPE_WERROR=1: a compiler warning fails the build.
if [ "${DYNASCOPE_WERROR:-0}" = 1 ]; then cmake -S . -B build-dev -DDYNASCOPE_WERROR=ON >/dev/null; fi
cmake --build build-dev -j"${DYNASCOPE_JOBS:-2}"
