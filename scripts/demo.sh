#!/usr/bin/env bash
# The main job: install what is missing, build (release), then check the environment against the
# reference recordings (when ../shared is present) and benchmark it on the bundled example tasks.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
iglu=build/release/workbench/cli/iglu
if [ -d ../shared/conformance ]; then
  "$iglu" conformance ../shared/conformance
else
  echo "demo: ../shared/conformance not found; skipping the conformance replay" >&2
fi
"$iglu" bench
