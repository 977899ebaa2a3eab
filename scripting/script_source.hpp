#pragma once
// The one way a Lua source file is read (an agent, an experiment, a script given to `iglu lua`, a
// module found by `require`, a file hashed to record which agent ran): through core's regular-file
// check (a FIFO, a device or a folder is refused, never read) and a size limit, so no path makes
// the program block or fill the memory.
#include <cstddef>
#include <string>

namespace iglu::scripting {

/// The largest Lua source file read (16 MiB: far above any hand-written script).
inline constexpr std::size_t kMaxLuaSourceBytes = std::size_t(16) << 20;

/// The file's bytes as they are (for hashing). Throws ScriptError(path, why).
std::string readLuaFile(const std::string& path);

/// The file's text as luaL_loadfile reads it: a UTF-8 byte order mark and a first line starting
/// with '#' (a shebang) dropped, that line kept empty so line numbers stay right. Throws
/// ScriptError(path, why).
std::string readLuaSource(const std::string& path);

}  // namespace iglu::scripting
