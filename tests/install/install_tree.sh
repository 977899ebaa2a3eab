#!/bin/sh
# The installed tree works on its own: `cmake --install` into a fresh prefix, then, from an empty
# working folder and with no IGLU_* variable pointing anywhere, the installed programs find their
# libraries, plugins, Lua library and examples relative to themselves; and no installed file
# contains the source or build tree's path (no baked-in source paths, no build RPATH).
# usage: install_tree.sh <build dir> <source dir>
set -eu
# Both spellings of each tree: as given (a path through a symbolic link) and the real one.
build=$(cd "$1" && pwd -P)
src=$(cd "$2" && pwd -P)
build_given=$(cd "$1" && pwd -L)
src_given=$(cd "$2" && pwd -L)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
work=$tmp/work
mkdir "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" > "$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in bin/iglu bin/iglu-workbench share/iglu/lua/iglu/build.lua share/iglu/examples/tasks/bench_tasks.jsonl \
         share/applications/iglu-workbench.desktop; do
  [ -e "$prefix/$f" ] || fail "$f not installed"
done
ls "$prefix"/lib/iglu/plugins/*.so > /dev/null 2>&1 || fail "no plugin in lib/iglu/plugins"

cd "$work"
unset IGLU_DATA_DIR IGLU_LUA_LIB IGLU_SHARED_DIR IGLU_WORKBENCH_PLUGIN_PATH LD_LIBRARY_PATH || true
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config"

"$prefix/bin/iglu" --version | grep -q '^iglu ' || fail "iglu --version"

# The bundled Lua library (require) and the default readable data folder (installed examples).
cat > probe.lua <<'LUA'
local build = require("iglu.build")
assert(type(build) == "table", "iglu.build is not a module")
local n = 0
for _ in io.lines(arg[1]) do n = n + 1 end
print("lua ok " .. n)
LUA
# (print goes to stderr: stdout belongs to the command output)
out=$("$prefix/bin/iglu" lua probe.lua "$prefix/share/iglu/examples/tasks/bench_tasks.jsonl" 2>&1) || fail "iglu lua: $out"
echo "$out" | grep -q '^lua ok [1-9]' || fail "iglu lua printed: $out"

# A catalog of the installed example data, then `iglu tasks` on it.
"$prefix/bin/iglu" import singleturn "$prefix/share/iglu/examples/data/iglu-singleturn" --db ex.db > import.log 2>&1 \
  || { cat import.log; fail "iglu import"; }
"$prefix/bin/iglu" tasks --db ex.db > tasks.txt || fail "iglu tasks"
[ "$(wc -l < tasks.txt)" -gt 1 ] || fail "iglu tasks listed nothing"

# The workbench finds its plugins in lib/iglu/plugins, all of them load.
QT_QPA_PLATFORM=offscreen "$prefix/bin/iglu-workbench" --list-plugins > plugins.txt 2>&1 \
  || { cat plugins.txt; fail "iglu-workbench --list-plugins"; }
grep -q 'tasklist' plugins.txt || { cat plugins.txt; fail "tasklist plugin not listed"; }
if grep -qi 'failed' plugins.txt; then cat plugins.txt; fail "a plugin failed to load"; fi

# The Python package: importable from the installed dist-packages folder alone, and it works.
pydir=$(find "$prefix/lib" -maxdepth 3 -type d -name dist-packages | head -n 1)
[ -n "$pydir" ] && [ -d "$pydir/iglu" ] || fail "the iglu Python package was not installed under lib/python*/dist-packages"
out=$(cd "$work" && PYTHONPATH="$pydir" LD_PRELOAD="${IGLU_PYTHON_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 "${IGLU_PYTHON:-python3}" -c "
import iglu
t = iglu.read_tasks('$prefix/share/iglu/examples/tasks/bench_tasks.jsonl')
env = iglu.gridworld.GridWorld(render=False, discretize=True)
env.set_task(t[0]); env.reset()
print('python ok', iglu.__file__.startswith('$pydir'), env.step(1)[1])
" 2>&1) || fail "import iglu from the installed tree: $out"
echo "$out" | grep -q '^python ok True' || fail "the installed iglu package printed: $out"

# No installed file names the source tree (the build tree is inside it or named separately).
# One exception, in sanitizer builds only (IGLU_SANITIZED=1; never installed for users): GCC 12's
# ASan and UBSan record the source file of each instrumented global and check verbatim, not
# subject to -ffile-prefix-map; there a mention is allowed when it is a source file's name.
found=""
for f in $(find "$prefix" -type f \( -path '*/bin/*' -o -name '*.so*' \) | sort); do
  hits=$(strings -a "$f" | grep -F -e "$src" -e "$build" -e "$src_given" -e "$build_given" | sort -u || true)
  if [ -n "$hits" ] && [ "${IGLU_SANITIZED:-0}" = 1 ]; then
    hits=$(echo "$hits" | grep -v -E '^/[^ ]*\.(c|cc|cpp|cxx|h|hpp|hxx|inl|moc)$' || true)
  fi
  if [ -n "$hits" ]; then
    [ -n "$found" ] || { echo "strings naming the tree in $f:" >&2; echo "$hits" | head -n 5 >&2; }
    found="$found $f"
  fi
done
[ -z "$found" ] || fail "installed files contain the source or build path:$found"
echo "install tree ok: $(ls "$prefix"/lib/iglu/plugins | wc -l) plugins, $(wc -l < tasks.txt) task lines"
