#!/usr/bin/env bash
# Installs what is missing, builds and runs every test: the release build, then (unless --fast)
# the same suite under AddressSanitizer + UBSan. GUI tests run under xvfb-run. With $CI set, the
# libFuzzer targets run first. Each phase is timed; the times are printed at the end (also when a
# phase fails), so CI's budget is watched on every run.
set -euo pipefail
cd "$(dirname "$0")/.."
fast=0
[ "${1:-}" = "--fast" ] && fast=1

phase_names=()
phase_secs=()
current_phase=""
phase_start=0
record_phase() {
  phase_names+=("$current_phase${1:-}")
  phase_secs+=($((SECONDS - phase_start)))
  current_phase=""
}
report_phases() {
  local rc=$?
  [ -n "$current_phase" ] && record_phase " (FAILED)"
  echo "== phase times" >&2
  local i total=0
  for i in "${!phase_names[@]}"; do
    printf '   %-24s %5d s\n' "${phase_names[$i]}" "${phase_secs[$i]}" >&2
    total=$((total + phase_secs[i]))
  done
  printf '   %-24s %5d s (%d min)\n' "total" "$total" $((total / 60)) >&2
  return $rc
}
trap report_phases EXIT
# run_phase NAME COMMAND...: a failing command ends the script (set -e) with the phase marked.
run_phase() {
  current_phase=$1
  shift
  phase_start=$SECONDS
  echo "== $current_phase" >&2
  "$@"
  record_phase
}

# CI only: the libFuzzer targets, ~60 s each from their seed corpora, side by side (one per core;
# a crash, leak or timeout fails the run; the crashing input is kept under build/fuzz/artifacts/).
fuzz_build() {
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz
}
fuzz_one() {  # fuzz_one TARGET CORPUS
  local work rc=0
  work=$(mktemp -d)
  cp -r "$2"/. "$work"/
  "build/fuzz/bin/$1" -max_total_time=60 -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=build/fuzz/artifacts/ "$work" >"build/fuzz/$1.log" 2>&1 || rc=$?
  rm -rf "$work"
  tail -n 20 "build/fuzz/$1.log" >&2
  return $rc
}
fuzz_run() {
  mkdir -p build/fuzz/artifacts
  fuzz_one fuzz_parsers tests/datasets/fuzz_corpus &
  local parsers=$!
  local rc=0
  fuzz_one fuzz_lua_api tests/scripting/fuzz_corpus || rc=$?
  wait "$parsers" || rc=$?
  return $rc
}
# The sanitizer pass runs the tests of the Qt-free layers and the plugins' headless logic (every
# test but those labelled gui: widget / VTK / screenshot tests, which run in release only, and
# install: a packaging check) and builds only what those tests run, so it adds what sanitizers find
# without a second GUI build (CI's time budget: README.md).
readonly SANITIZER_SKIPS='^(gui|install)$'
build() {
  cmake --preset "$1" >/dev/null
  if [ "$1" = asan ]; then
    # Only what the selected tests run (target iglu_sanitizer_tests, tests/CMakeLists.txt).
    cmake --build --preset asan --target iglu_sanitizer_tests
  else
    cmake --build --preset "$1"
  fi
}
run_tests() {
  local skip=()
  [ "$1" = asan ] && skip=(-LE "$SANITIZER_SKIPS")
  xvfb-run -a -s "-screen 0 1280x1024x24" ctest --preset "$1" -j2 "${skip[@]}"
}

run_phase "deps" bash scripts/deps.sh
if [ -n "${CI:-}" ]; then
  run_phase "fuzz build" fuzz_build
  run_phase "fuzz run (2 x 60 s, parallel)" fuzz_run
fi
presets=(release)
[ $fast -eq 1 ] || presets+=(asan)
for preset in "${presets[@]}"; do
  run_phase "$preset build" build "$preset"
  run_phase "$preset tests" run_tests "$preset"
done
