#!/usr/bin/env bash
# The main job: install what is missing, build (release), then check the environment against the
# reference recordings (when ../shared is present) and benchmark it on the bundled example tasks.
# Also imports the bundled IGLU sample into build/release/examples.db and lists some tasks.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
iglu=build/release/workbench/cli/iglu
# The bundled sample (examples/data, microsoft/iglu-datasets, MIT) into a catalog; re-running updates it.
db=build/release/examples.db
"$iglu" import singleturn examples/data/iglu-singleturn --db "$db"
"$iglu" import sessions examples/data/iglu-singleturn --db "$db"
"$iglu" import structures examples/data/structures.json --db "$db"
"$iglu" tasks --db "$db" --source singleturn --limit 8
if [ -d ../shared/conformance ]; then
  "$iglu" conformance ../shared/conformance
else
  echo "demo: ../shared/conformance not found; skipping the conformance replay" >&2
fi
"$iglu" bench
