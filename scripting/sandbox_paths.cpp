// Where a sandboxed script may read (state_context.hpp): `require`'s one resolution rule
// (findModule, moduleFile) and the data folders' confinement (pathAllowed), symbolic links
// followed and never leaving the folder. Below the sandbox (sandbox.cpp) and the bindings that
// open files (lua_task.cpp, lua_catalog.cpp), which all call it.
#include <cstring>
#include <filesystem>
#include <system_error>

#include "state_context.hpp"

namespace iglu::scripting::detail {

namespace {

namespace fs = std::filesystem;

// Whether `file` lies below `dir`, component by component (both already canonical).
bool isBelow(const fs::path& file, const fs::path& dir) {
    auto f = file.begin();
    for (auto d = dir.begin(); d != dir.end(); ++d, ++f) {
        if (d->empty()) continue;  // trailing separator
        if (f == file.end() || *f != *d) return false;
    }
    return true;
}

}  // namespace

bool findModule(const char* name, const std::vector<std::string>& dirs, char* out, std::size_t n) noexcept {
    try {
        std::string rel;
        for (const char* p = name; *p; ++p) {
            const char c = *p;
            if (c == '.') rel += '/';
            else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-') rel += c;
            else return false;  // no "..", no slashes, no absolute paths
        }
        if (rel.empty() || rel.front() == '/' || rel.back() == '/') return false;
        for (const auto& dir : dirs) {
            fs::path candidate = fs::path(dir) / (rel + ".lua");
            std::error_code ec;
            if (!fs::is_regular_file(candidate, ec)) continue;
            const fs::path real = fs::weakly_canonical(candidate, ec);
            const fs::path root = fs::weakly_canonical(fs::path(dir), ec);
            if (ec || !isBelow(real, root)) continue;  // a symlink out of the folder
            const std::string s = real.string();
            if (s.size() + 1 > n) return false;
            std::memcpy(out, s.c_str(), s.size() + 1);
            return true;
        }
    } catch (...) {
    }
    return false;
}

std::string moduleFile(const std::string& name, const std::vector<std::string>& dirs) {
    char path[4096];
    return findModule(name.c_str(), dirs, path, sizeof path) ? std::string(path) : std::string();
}

bool pathAllowed(const char* path, const std::vector<std::string>& dirs) noexcept {
    try {
        std::error_code ec;
        const fs::path real = fs::weakly_canonical(fs::absolute(fs::path(path), ec), ec);
        if (ec) return false;
        for (const auto& dir : dirs) {
            const fs::path root = fs::weakly_canonical(fs::absolute(fs::path(dir), ec), ec);
            if (!ec && isBelow(real, root)) return true;
        }
    } catch (...) {
    }
    return false;
}

}  // namespace iglu::scripting::detail
