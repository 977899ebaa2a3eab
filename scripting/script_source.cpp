#include "script_source.hpp"

#include "core/util/file_read.hpp"
#include "scripting/error.hpp"

namespace iglu::scripting {

std::string readLuaFile(const std::string& path) {
    try {
        return core::readRegularFile(path, kMaxLuaSourceBytes);
    } catch (const core::FileError& e) {
        throw ScriptError(path, e.message());
    }
}

std::string readLuaSource(const std::string& path) {
    std::string text = readLuaFile(path);
    if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
    if (text.starts_with("#")) text.erase(0, text.find('\n') == std::string::npos ? text.size() : text.find('\n'));
    return text;
}

}  // namespace iglu::scripting
