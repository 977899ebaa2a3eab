#!/usr/bin/env bash
# The main job: install what is missing, build (release); import the bundled IGLU sample into
# build/release/examples.db (the catalog the workbench opens by default), label it automatically,
# run the Lua oracle builder on it, record a Python agent's episodes into it (the `iglu` package),
# check the environment against the reference recordings (when
# ../shared is present) and run the benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
iglu=build/release/bin/iglu
# The bundled sample (examples/data, microsoft/iglu-datasets, MIT) into a catalog; re-running updates it.
db=build/release/examples.db
"$iglu" import singleturn examples/data/iglu-singleturn --db "$db"
"$iglu" import sessions examples/data/iglu-singleturn --db "$db"
"$iglu" import structures examples/data/structures.json --db "$db"
"$iglu" tasks --db "$db" --source singleturn --limit 8
"$iglu" label auto --db "$db"
# A Lua agent that reads the target grid builds every bundled task (flying, 500 steps); re-running resumes.
"$iglu" run examples/experiments/oracle_flying.lua --db "$db" --jobs 2
# A Python agent (examples/python, the `iglu` package built beside the programs) recorded into the
# same catalog: its episodes are an experiment like the Lua run's (Experiments dock, Playback).
py=$(sed -n 's/^IGLU_PYTHON_EXECUTABLE:INTERNAL=//p' build/release/CMakeCache.txt)
PYTHONPATH=build/release/python "${py:-/usr/bin/python3}" examples/python/heuristic_agent.py --db "$db" \
  --experiment python-heuristic --filter "source:singleturn limit:20"
"$iglu" experiments show python-heuristic --db "$db"
"$iglu" render --db "$db" --task CQ-game-2681 --pov --size 256x256 --out build/release/pov.png
if [ -d ../shared/conformance ]; then
  "$iglu" conformance ../shared/conformance
else
  echo "demo: ../shared/conformance not found; skipping the conformance replay" >&2
fi
# The import benchmark reads the shared 451-task sample when it is given (else the bundled examples).
if [ -d ../shared/data/iglu-singleturn ]; then
  "$iglu" bench --shared ../shared
else
  "$iglu" bench
fi
