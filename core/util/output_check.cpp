#include "core/util/output_check.hpp"

#include <filesystem>
#include <system_error>

#include <sys/stat.h>

namespace iglu::core {

namespace fs = std::filesystem;

namespace {

/// The absolute path `p` names once every symbolic link is followed, also through a dangling
/// link (whose target would be created by a write).
fs::path resolved(const fs::path& p) {
    std::error_code ec;
    fs::path cur = fs::absolute(p, ec);
    for (int hops = 0; hops < 40; ++hops) {
        const auto st = fs::symlink_status(cur, ec);
        if (ec || st.type() != fs::file_type::symlink) break;
        const fs::path target = fs::read_symlink(cur, ec);
        if (ec) break;
        cur = target.is_absolute() ? target : cur.parent_path() / target;
    }
    const fs::path canon = fs::weakly_canonical(cur, ec);
    return ec ? cur.lexically_normal() : canon;
}

std::string lowerExtension(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return ext;
}

/// Every path the input stands for: itself, and a catalog's SQLite siblings.
std::vector<std::string> pathsOf(const NamedFile& in) {
    std::vector<std::string> paths{in.path};
    if (in.catalog)
        for (const char* suffix : {"-wal", "-shm", "-journal"}) paths.push_back(in.path + suffix);
    return paths;
}

void checkNotInput(const NamedFile& out, const std::vector<NamedFile>& inputs) {
    for (const auto& in : inputs) {
        if (in.path.empty()) continue;
        for (const auto& p : pathsOf(in))
            for (const auto& o : pathsOf(out))
                if (sameFile(o, p))
                    throw OutputError(out.option + " " + out.path + ": is " + (p == in.path && o == out.path ? "" : "a file of ") +
                                      "the input " + in.option + " " + in.path + (p == in.path ? "" : " (" + p + ")") +
                                      "; writing it would destroy it: choose another output");
    }
}

}  // namespace

bool sameFile(const std::string& a, const std::string& b) {
    struct stat sa {}, sb {};
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return resolved(a) == resolved(b);
}

void checkOutputFile(const NamedFile& out, const std::vector<NamedFile>& inputs, std::initializer_list<std::string_view> extensions) {
    if (out.path.empty()) throw OutputError(out.option + ": the file name is empty");
    checkNotInput(out, inputs);
    if (extensions.size() > 0) {
        const std::string ext = lowerExtension(out.path);
        bool known = false;
        std::string list;
        for (auto e : extensions) {
            known = known || ext == e;
            list += (list.empty() ? "" : ", ") + std::string(e);
        }
        if (!known)
            throw OutputError(out.option + " " + out.path + ": " + (ext.empty() ? "no extension" : "'" + ext + "'") +
                              ": this command writes " + list + " files only (name the file with one of these)");
    }
    std::error_code ec;
    const fs::path target = resolved(out.path);
    if (fs::is_directory(target, ec)) throw OutputError(out.option + " " + out.path + ": is a folder, not a file");
    const fs::path parent = target.parent_path();
    if (!parent.empty() && !fs::is_directory(parent, ec))
        throw OutputError(out.option + " " + out.path + ": the folder " + fs::path(out.path).parent_path().string() +
                          (fs::exists(parent, ec) ? " is not a folder" : " does not exist"));
}

void checkOutputFolder(const NamedFile& out, const std::vector<NamedFile>& inputs) {
    if (out.path.empty()) throw OutputError(out.option + ": the folder name is empty");
    checkNotInput(out, inputs);
    std::error_code ec;
    const fs::path target = resolved(out.path);
    if (fs::exists(target, ec) && !fs::is_directory(target, ec))
        throw OutputError(out.option + " " + out.path + ": is a file, not a folder");
}

}  // namespace iglu::core
