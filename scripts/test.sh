#!/usr/bin/env bash
# Installs what is missing, builds and runs every test: the release build, then (unless --fast)
# the same suite under AddressSanitizer + UBSan. GUI tests run under xvfb-run.
set -euo pipefail
cd "$(dirname "$0")/.."
fast=0
[ "${1:-}" = "--fast" ] && fast=1
bash scripts/deps.sh
# CI only: the libFuzzer targets, ~60 s each from their seed corpora (a crash, leak or timeout
# fails the run; the crashing input is kept under build/fuzz/artifacts/).
if [ -n "${CI:-}" ]; then
  echo "== fuzz (60 s per target)" >&2
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz
  mkdir -p build/fuzz/artifacts
  for target in fuzz_parsers:tests/datasets/fuzz_corpus fuzz_lua_api:tests/scripting/fuzz_corpus; do
    bin="build/fuzz/bin/${target%%:*}"
    work=$(mktemp -d)
    cp -r "${target#*:}"/. "$work"/
    "$bin" -max_total_time=60 -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix=build/fuzz/artifacts/ "$work"
    rm -rf "$work"
  done
fi
presets=(release)
[ $fast -eq 1 ] || presets+=(asan)
for preset in "${presets[@]}"; do
  echo "== $preset build" >&2
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  echo "== $preset tests" >&2
  xvfb-run -a -s "-screen 0 1280x1024x24" ctest --preset "$preset" -j2
done
