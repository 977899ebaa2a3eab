#pragma once
// The error type of the scripting library: what went wrong and where (a file, a file:line from a
// Lua traceback, or the API call).
#include <stdexcept>
#include <string>

namespace iglu::scripting {

class ScriptError : public std::runtime_error {
public:
    ScriptError(std::string where, const std::string& what)
        : std::runtime_error(where.empty() ? what : where + ": " + what), where_(std::move(where)) {}
    const std::string& where() const noexcept { return where_; }

private:
    std::string where_;
};

}  // namespace iglu::scripting
