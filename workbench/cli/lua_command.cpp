// iglu lua SCRIPT.lua [ARGS...]: runs a Lua script in the sandbox with the iglu module (for
// trying an idea: make an env, step it, print scores). `arg` holds the arguments.
#include <filesystem>
#include <limits>
#include <iostream>
#include <memory>

#include "scripting/lua_state.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "interrupt.hpp"

namespace iglu::cli {

namespace lua_command {
struct LuaOptions {
    std::string script;
    std::vector<std::string> args;
    bool trusted = false;
    long long budget = 0;
    std::size_t memoryMb = 256;
    double timeLimit = 0;
};

void runLua(const LuaOptions& o) {
    namespace fs = std::filesystem;
    scripting::SandboxOptions opts;
    opts.sandboxed = !o.trusted;
    const fs::path dir = fs::absolute(o.script).parent_path();
    opts.requireDirs = {dir.string(), scripting::bundledLibraryDir()};
    opts.dataDirs = scripting::defaultDataDirs();
    opts.dataDirs.push_back(dir.string());
    opts.instructionBudget = o.budget;  // default 0: a top-level script may run long; Ctrl-C stops it
    opts.memoryLimit = o.memoryMb << 20;
    opts.timeLimit = o.timeLimit;
    opts.cancel = &interruptFlag();  // the first Ctrl-C stops the script at its next hook call
    scripting::LuaState lua(opts);
    lua_State* L = lua.get();
    lua_createtable(L, static_cast<int>(o.args.size()), 1);
    lua_pushstring(L, o.script.c_str());
    lua_rawseti(L, -2, 0);
    for (std::size_t i = 0; i < o.args.size(); ++i) {
        lua_pushstring(L, o.args[i].c_str());
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_setglobal(L, "arg");
    try {
        lua.doFile(o.script, 0);
    } catch (const scripting::ScriptError& e) {
        std::cerr << "iglu lua: " << e.what() << "\n";
        exitCode() = interruptFlag().load() ? 130 : 1;
    }
}
}  // namespace lua_command

void addLuaCommand(CLI::App& app) {
    using namespace lua_command;
    auto o = std::make_shared<LuaOptions>();
    auto* cmd = app.add_subcommand("lua", "Run a Lua script with the iglu module (sandboxed)");
    cmd->add_option("script", o->script, "Lua script")->required()->check(CLI::ExistingFile);
    cmd->add_option("args", o->args, "Arguments (the script's arg table)");
    cmd->add_flag("--trusted", o->trusted, "Full standard library (no sandbox)");
    addNumberOption(cmd, "--instruction-budget", o->budget, 0LL, std::numeric_limits<long long>::max(),
                    "Stop the script after N Lua instructions (0 = no limit)");
    addNumberOption(cmd, "--memory-mb", o->memoryMb, std::size_t(1), std::size_t(1) << 20,
                    "Memory cap of the script in MB, its C++ objects included (default 256)");
    addNumberOption(cmd, "--time-limit", o->timeLimit, 0.0, 1e9, "Stop the script after S seconds (0 = no limit)");
    cmd->callback([o] { runLua(*o); });
}

}  // namespace iglu::cli
