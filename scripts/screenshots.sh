#!/usr/bin/env bash
# Regenerates the screenshots in docs/ from the bundled example data, so they stay current:
#   docs/workbench-overlay.png   main window: a task with the intersection overlay
#   docs/workbench-playback.png  main window: a human tape mid-playback (timeline + reward/F1 chart)
#   docs/render-overlay.png      `iglu render` output (offscreen, same scene code)
#   docs/render-pov.png          `iglu render --pov`: the first-person view (CPU renderer)
#   docs/plugin-script.png       the Script dock: the oracle agent mid-episode (iglu-screenshot --script)
#   docs/plugin-play.png         the Play dock after a scripted key sequence (iglu-screenshot --play-keys)
#   docs/plugin-experiments.png  the Experiments dock: two experiments run on the bundled tasks
#   docs/plugin-compare.png      the Compare dock: a random agent's episode beside the human tape
#   docs/workbench-belief.png    the agent's belief in the 3D view: the language builder's episode of CQ-game-947
#   docs/plugin-architect.png    the Architect dock: a session with the language builder mid-turn, and
#   docs/plugin-architect-ab.png its A/B tab (both taken by the GUI test test_architect_workbench)
#   docs/architect-replay.png    a stored architect session replayed in the Dataset dock, turn 3 of 3
#                                (taken by the GUI test test_session_replay_workbench)
#   docs/workspace-ID.png        each workspace (inspect, label, compare, play, experiments, talk)
#                                at 1600x1000, as View > Workspace (Alt+1..6) lays it out
# Runs under Xvfb (xvfb-run); builds what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build/release}
app=$build/bin/iglu-workbench
shot=$build/bin/iglu-screenshot
cli=$build/bin/iglu
if [ ! -x "$app" ] || [ ! -x "$cli" ] || [ ! -x "$shot" ]; then
  cmake --preset release >/dev/null
  cmake --build "$build" --target iglu iglu-workbench iglu_plugins iglu-screenshot
fi
if [ ! -x "$build/bin/test_architect_workbench" ] || [ ! -x "$build/bin/test_session_replay_workbench" ]; then
  cmake --build "$build" --target test_architect_workbench test_session_replay_workbench
fi
# The Experiments dock needs experiments: the oracle (flying) and the do-nothing agent on the
# bundled single-turn tasks (auto skill labels for the per-skill rows), in a scratch catalog.
xpdir=$(mktemp -d)
trap 'rm -rf "$xpdir"' EXIT
"$cli" import singleturn examples/data/iglu-singleturn --db "$xpdir/xp.db" --no-rollouts >/dev/null
"$cli" label auto --db "$xpdir/xp.db" >/dev/null
printf "return { name = 'do_nothing', agent = '%s/examples/agents/noop.lua', tasks = 'all', env = { max_steps = 50 } }\n" \
  "$PWD" > "$xpdir/do_nothing.lua"
"$cli" run "$xpdir/do_nothing.lua" --db "$xpdir/xp.db" --jobs 2 --quiet >/dev/null
"$cli" run examples/experiments/oracle_flying.lua --db "$xpdir/xp.db" --jobs 2 --quiet >/dev/null  # the newest: shown first
# The belief screenshot: the language builder (it publishes its predicted target) in a catalog of its own.
"$cli" import singleturn examples/data/iglu-singleturn --db "$xpdir/belief.db" --no-rollouts >/dev/null
"$cli" run examples/experiments/language_builder.lua --db "$xpdir/belief.db" --quiet >/dev/null
mkdir -p docs
# One X server for all three (fewer start-up races with other xvfb-run users on the machine).
# Bundled data: the workbench's default (--db omitted: the example catalog, imported from
# examples/data on first use). Task lists also work with --db FILE.jsonl.
xvfb-run -a -s "-screen 0 1280x1024x24" bash -c "
  set -e
  '$app' --task CQ-game-2681 --overlay --screenshot docs/workbench-overlay.png --size 1280x800
  '$app' --task CQ-game-2681 --rollout first --step 60% --screenshot docs/workbench-playback.png --size 1280x800
  '$cli' render --db examples/tasks/bench_tasks.jsonl --task CQ-game-561 --overlay --out docs/render-overlay.png
  '$cli' render --db examples/tasks/bench_tasks.jsonl --task CQ-game-561 --pov --pose 0,2,9,0,12 --size 320x240 --out docs/render-pov.png
  '$shot' --db examples/tasks/bench_tasks.jsonl --task CQ-game-3214 --script oracle.lua --script-steps 25 --out docs/plugin-script.png
  '$shot' --task CQ-game-2681 --play-keys 'Down*6 1 Return Left*3 2 Return Right*6 3 Return Space 4 Return S*8 Up*3' --out docs/plugin-play.png
  '$app' --db '$xpdir/xp.db' --task CQ-game-2681 --panel experiments --disable-plugin dataset --disable-plugin labeling \\
    --screenshot docs/plugin-experiments.png --size 1280x900
  '$app' --task CQ-game-2681 --rollout random:3 --step 60% --panel compare --disable-plugin play --disable-plugin script \\
    --screenshot docs/plugin-compare.png --size 1280x900
  '$app' --db '$xpdir/belief.db' --task CQ-game-947 --rollout first --step 30% --disable-plugin play --disable-plugin script \\
    --disable-plugin compare --disable-plugin dataset --disable-plugin labeling --disable-plugin experiments \\
    --screenshot docs/workbench-belief.png --size 1280x900
  for ws in inspect label play talk; do
    '$app' --task CQ-game-2681 --rollout first --step 60% --workspace \$ws --screenshot docs/workspace-\$ws.png --size 1600x1000
  done
  '$app' --task CQ-game-2681 --rollout random:3 --step 60% --workspace compare --screenshot docs/workspace-compare.png --size 1600x1000
  '$app' --db '$xpdir/xp.db' --task CQ-game-2681 --workspace experiments --screenshot docs/workspace-experiments.png --size 1600x1000
  IGLU_ARCHITECT_SCREENSHOT=\"\$PWD/docs/plugin-architect.png\" '$build/bin/test_architect_workbench' screenshotMidTurn abComparisonInTheDock >/dev/null
  IGLU_REPLAY_SCREENSHOT=\"\$PWD/docs/architect-replay.png\" '$build/bin/test_session_replay_workbench' >/dev/null
"
ls -l docs/*.png
