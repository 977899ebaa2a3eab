#!/usr/bin/env bash
# Installs the Debian 12 packages IGLU Workbench needs, skipping those already installed.
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config mold
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev
  libvtk9-dev liblua5.4-dev libsqlite3-dev
  libsimdjson-dev nlohmann-json3-dev libcli11-dev libpng-dev
  xvfb xauth libgl1-mesa-dri
  clang libclang-rt-14-dev
  pybind11-dev python3-dev python3-numpy python3-pytest python3-distributed python3-venv
  ffmpeg
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#packages[@]} packages present" >&2
  exit 0
fi
echo "deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "deps: done" >&2
