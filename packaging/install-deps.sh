#!/usr/bin/env bash
# Installs Dynascope's build, run and test dependencies from Debian 12 packages (idempotent).
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-charts-dev libqscintilla2-qt6-dev
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n fonts-wqy-microhei
  libgl-dev libqt6opengl6-dev libxkbcommon-dev
  python3.11 libpython3.11-dev python3-torch libtorch-dev
  python3-networkx  # the min-cut partitioner of training graphs (backend="inductor")
  libgraphviz-dev graphviz
  nlohmann-json3-dev pybind11-dev
  xvfb xauth
  # CI: fuzzing (clang's libFuzzer), packaging and its checks, the install test's man page
  clang-14 libfuzzer-14-dev lintian desktop-file-utils appstream man-db
  locales
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# tst_layout's comma-decimal test needs de_DE.UTF-8 (a test prerequisite, never a skip).
need_locale() {
  locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$' && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "install-deps: generating the de_DE.UTF-8 locale"
  $sudo localedef -i de_DE -f UTF-8 de_DE.UTF-8
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  need_locale
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
need_locale
