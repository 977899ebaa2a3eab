#!/bin/sh
# `pip install .` from a clean clone into a fresh virtual environment (Debian's python3-venv,
# --system-site-packages for Debian's numpy), offline (--no-index: nothing from PyPI), then the
# installed package works from an empty folder with nothing on PYTHONPATH.
# usage: pip_install.sh <source dir> [<build dir>]
#   with <build dir> (CTest: the build tree itself): the backend reuses its compiled objects
#   ($IGLU_BUILD_DIR), so this takes seconds; without: a fresh CMake build of the Python package
#   in the clone (minutes: the release pass, or by hand).
set -eu
src=$(cd "$1" && pwd -P)
python=${IGLU_PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
start=$(date +%s)

"$python" -c "import venv, ensurepip" 2>/dev/null || { echo "SKIP: python3-venv is not installed"; exit 0; }
# A clone of the committed tree (what a user gets): no build folders, no untracked files.
git clone -q --no-hardlinks "$src" "$tmp/src" || fail "git clone $src"
"$python" -m venv --system-site-packages "$tmp/venv" || fail "python3 -m venv"
if [ $# -ge 2 ]; then
  IGLU_BUILD_DIR=$(cd "$2" && pwd -P)
  export IGLU_BUILD_DIR
fi
unset PYTHONPATH || true
(cd "$tmp" && "$tmp/venv/bin/python" -m pip install --no-index --disable-pip-version-check -q "$tmp/src") > "$tmp/pip.log" 2>&1 \
  || { cat "$tmp/pip.log"; fail "pip install"; }
built=$(date +%s)

mkdir "$tmp/work"
cd "$tmp/work"
# (sanitizer builds: the instrumented extension needs the runtimes preloaded, as install_tree.sh does)
LD_PRELOAD="${IGLU_PYTHON_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 "$tmp/venv/bin/python" - "$tmp/venv" <<'PY' || fail "the installed package"
import os, sys
import numpy as np
import iglu
venv = os.path.realpath(sys.argv[1])
assert os.path.realpath(iglu.__file__).startswith(venv), iglu.__file__       # installed, not a build tree
from importlib.metadata import version, files
assert version("iglu") == iglu.__version__, (version("iglu"), iglu.__version__)
assert any(str(f).endswith(".so") for f in files("iglu"))                        # the extension, recorded
import iglu.gridworld as gridworld
assert gridworld.GridWorld is not None
task = iglu.Task("", iglu.to_dense([(0, -1, 0, 1)]), starting_grid=[])
e = iglu.Env(task, discretize=True)
obs, info = e.reset(seed=0)
for a in [14] * 9 + [17]:
    obs, reward, terminated, truncated, info = e.step(a)
assert terminated and reward == 1.0, (reward, terminated)
v = iglu.VectorEnv([task], num_envs=4, discretize=True)
v.reset()
v.step(np.zeros(4, dtype=np.int64))
print("iglu", iglu.__version__, "installed in", venv)
PY
"$tmp/venv/bin/python" -m pip uninstall -y -q iglu || fail "pip uninstall"
[ -z "$(find "$tmp/venv" -path '*/site-packages/iglu' 2>/dev/null)" ] || fail "pip uninstall left iglu/ behind"
echo "pip install: $((built - start)) s (clone, venv, build, install); checks $(( $(date +%s) - built )) s"
