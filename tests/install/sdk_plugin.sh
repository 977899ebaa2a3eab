#!/bin/sh
# The plugin SDK works outside the tree: `cmake --install` (every component: the application and
# the SDK) into a fresh prefix, then the hello template (examples/plugins/hello) is configured and
# built as a project of its own against that prefix with the same compiler, and the installed
# iglu-workbench loads it (--plugin-path) next to its bundled plugins. Its plugin.json carries
# the SDK's API version, the configure step refuses a logic library that links Qt Widgets.
# usage: sdk_plugin.sh <build dir> <source dir> <C++ compiler>
set -eu
build=$1
src=$2
cxx=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "[$(date +%T)] $*"; }

step "install into $prefix"
cmake --install "$build" --prefix "$prefix" > "$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in include/workbench/api/plugin.hpp include/workbench/api/export.hpp include/workbench/api/version.hpp \
         include/core/catalog/catalog.hpp lib/cmake/IgluWorkbench/IgluWorkbenchConfig.cmake \
         lib/cmake/IgluWorkbench/IgluWorkbenchConfigVersion.cmake lib/cmake/IgluWorkbench/IgluPlugin.cmake; do
  [ -e "$prefix/$f" ] || fail "$f not installed"
done

# A copy of the template, away from the source tree (nothing may reach back into it).
cp -r "$src/examples/plugins/hello" "$tmp/hello"
step "configure the hello plugin against the SDK"
cmake -S "$tmp/hello" -B "$tmp/hello-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" > "$tmp/configure.log" 2>&1 \
  || { cat "$tmp/configure.log"; fail "configure the out-of-tree hello plugin"; }
step "build it"
cmake --build "$tmp/hello-build" > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "build the out-of-tree hello plugin"; }
module=$tmp/hello-build/plugins/libiglu_plugin_hello.so
[ -f "$module" ] || fail "no $module"
api=$(sed -n 's/^#define IGLU_WORKBENCH_API_VERSION \([0-9]*\)$/\1/p' "$prefix/include/workbench/api/version.hpp")
grep -q "\"ApiVersion\": $api," "$tmp/hello-build/plugin.json" || { cat "$tmp/hello-build/plugin.json"; fail "plugin.json lacks ApiVersion $api"; }

step "load it into the installed workbench"
out=$(cd "$tmp" && env -u IGLU_WORKBENCH_PLUGIN_PATH HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data" \
  XDG_CONFIG_HOME="$tmp/home/config" QT_QPA_PLATFORM=offscreen \
  "$prefix/bin/iglu-workbench" --list-plugins --plugin-path "$tmp/hello-build/plugins" 2>&1) \
  || { echo "$out"; fail "iglu-workbench --list-plugins"; }
echo "$out" | grep -q "^hello 0\.1\.0: loaded " || { echo "$out"; fail "the out-of-tree hello plugin did not load"; }
echo "$out" | grep -q "^tasklist .*: loaded " || { echo "$out"; fail "the bundled plugins did not load beside it"; }

# The headless rule holds out of the tree too: a logic library linking Qt Widgets fails configure.
step "a logic library linking Qt Widgets is refused"
sed -i 's|^  LOGIC logic/greeting.cpp logic/greeting.hpp$|& LIBS Qt6::Widgets|' "$tmp/hello/CMakeLists.txt"
grep -q 'LIBS Qt6::Widgets' "$tmp/hello/CMakeLists.txt" || fail "could not plant the Widgets link"
if cmake -S "$tmp/hello" -B "$tmp/bad-build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
     > "$tmp/bad.log" 2>&1; then
  fail "configure accepted a logic library linking Qt6::Widgets"
fi
grep -q "iglu_hello_logic must stay headless but links Qt6::Widgets" "$tmp/bad.log" || { cat "$tmp/bad.log"; fail "unclear refusal"; }
step "sdk plugin ok"
