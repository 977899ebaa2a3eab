#pragma once
// Where the program's read-only resources are, found from the running executable, never from a
// path compiled in: the build tree and an installed tree have the same layout,
//   <prefix>/bin/iglu, <prefix>/bin/iglu-workbench
//   <prefix>/lib/iglu/plugins/          workbench plugins
//   <prefix>/share/iglu/lua/            the bundled Lua library
//   <prefix>/share/iglu/examples/       tasks, agents, experiments, example data
// so the data folder is <folder of the executable>/../share/iglu. The environment variable
// IGLU_DATA_DIR, when set and not empty, names the data folder instead (a relocated data tree,
// or test executables that do not live in bin/).
#include <string>

namespace iglu::core {

/// Absolute folder of the running executable (Linux: /proc/self/exe); empty when unknown.
std::string executableDir();

/// The data folder: $IGLU_DATA_DIR, else <executableDir()>/../share/iglu (normalised; it may not
/// exist, callers say what is missing).
std::string dataDir();

/// A folder below the data folder: resourceDir("lua"), resourceDir("examples").
std::string resourceDir(const std::string& what);

/// The workbench plugins folder: <executableDir()>/../lib/iglu/plugins.
std::string pluginDir();

}  // namespace iglu::core
