#include "core/util/resource_dirs.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace iglu::core {

namespace fs = std::filesystem;

std::string executableDir() {
    // Read once per process: every Lua state, panel and command asks, and the answer never changes.
    static const std::string dir = [] {
        std::error_code ec;
        const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
        return ec || exe.empty() ? std::string() : exe.parent_path().string();
    }();
    return dir;
}

namespace {

std::string besideExecutable(const char* relative) {
    const std::string exe = executableDir();
    if (exe.empty()) return {};
    return (fs::path(exe) / relative).lexically_normal().string();
}

}  // namespace

std::string dataDir() {
    if (const char* env = std::getenv("IGLU_DATA_DIR"); env && *env) return fs::path(env).lexically_normal().string();
    return besideExecutable("../share/iglu");
}

std::string resourceDir(const std::string& what) {
    const std::string data = dataDir();
    if (data.empty()) return {};
    return (fs::path(data) / what).lexically_normal().string();
}

std::string pluginDir() { return besideExecutable("../lib/iglu/plugins"); }

}  // namespace iglu::core
