#!/usr/bin/env bash
# Builds the Debian package from the `release` preset, then checks it: desktop-file-validate,
# appstreamcli and lintian must be clean (lintian fails on any error or warning; info tags are
# printed). Prints the .deb's path last.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh >&2
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
[ -f build-release/CMakeCache.txt ] || cmake --preset release >&2
cmake --build build-release -j"${DYNASCOPE_JOBS:-2}" >&2
rm -f build-release/dynascope_*.deb
(cd build-release && cpack -G DEB >&2)
deb=$(ls "$PWD"/build-release/dynascope_*.deb)
desktop-file-validate packaging/org.dynascope.Dynascope.desktop >&2
appstreamcli validate --no-net build-release/packaging/org.dynascope.Dynascope.metainfo.xml >&2
lintian --fail-on error,warning --display-info "$deb" >&2
echo "$deb"
