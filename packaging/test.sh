#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds Dynascope and runs every test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/build.sh
ctest --test-dir build-dev --output-on-failure -j"${DYNASCOPE_JOBS:-2}" "$@"
