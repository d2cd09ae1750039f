#!/usr/bin/env bash
# Installs Dynascope's build, run and test dependencies from Debian 12 packages (idempotent).
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-charts-dev libqscintilla2-qt6-dev
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n fonts-wqy-microhei
  libgl-dev libqt6opengl6-dev libxkbcommon-dev
  python3.11 libpython3.11-dev python3-torch libtorch-dev
  libgraphviz-dev graphviz
  nlohmann-json3-dev pybind11-dev
  xvfb xauth
  # CI: fuzzing (clang's libFuzzer), packaging and its checks, the install test's man page
  clang-14 libfuzzer-14-dev lintian desktop-file-utils appstream man-db
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
