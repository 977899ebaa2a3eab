#!/usr/bin/env bash
# Installs what is missing, builds and runs every test: the release build, then (unless --fast)
# the same suite under AddressSanitizer + UBSan. GUI tests run under xvfb-run.
set -euo pipefail
cd "$(dirname "$0")/.."
fast=0
[ "${1:-}" = "--fast" ] && fast=1
bash scripts/deps.sh
presets=(release)
[ $fast -eq 1 ] || presets+=(asan)
for preset in "${presets[@]}"; do
  echo "== $preset build" >&2
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  echo "== $preset tests" >&2
  xvfb-run -a -s "-screen 0 1280x1024x24" ctest --preset "$preset" -j2
done
