#pragma once
// Helpers for the scripting tests (header only; the test links iglu::scripting): run Lua snippets
// in a fresh sandboxed state, the test and example agents' paths.
#include <QString>
#include <QtTest>

#include <string>

#include "core/env/action.hpp"
#include "scripting/experiment.hpp"
#include "scripting/lua_state.hpp"

namespace iglu::test {

inline scripting::SandboxOptions sandboxFor(const QString& dataDir = {}) {
    scripting::SandboxOptions o;
    o.requireDirs = {IGLU_SOURCE_DIR "/tests/scripting/lua", scripting::bundledLibraryDir()};
    if (!dataDir.isEmpty()) o.dataDirs = {dataDir.toStdString()};
    o.instructionBudget = 2'000'000;
    o.memoryLimit = 64u << 20;
    return o;
}

/// An agent of tests/scripting/lua/agents/ and one of examples/agents/.
inline std::string testAgentPath(const char* name) { return IGLU_SOURCE_DIR "/tests/scripting/lua/agents/" + std::string(name); }
inline std::string exampleAgentPath(const char* name) { return IGLU_SOURCE_DIR "/examples/agents/" + std::string(name); }

/// An experiment spec that runs the agent file `agent` (as agent and script) in `space` for at
/// most `maxSteps` steps an episode; the rest as ExperimentSpec's defaults.
inline scripting::ExperimentSpec agentSpec(const std::string& agent, core::ActionSpace space, int maxSteps) {
    scripting::ExperimentSpec s;
    s.name = "test";
    s.agentPath = agent;
    s.scriptPath = agent;
    s.env.actionSpace = space;
    s.env.maxSteps = maxSteps;
    return s;
}

/// Runs `code`; returns "" on success or the error message (traceback included).
inline QString runLua(scripting::LuaState& lua, const QString& code) {
    try {
        lua.doString(code.toStdString(), "test", 0);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace iglu::test

#define LUA_OK_RUN(lua, code)                                                  \
    do {                                                                       \
        const QString err_ = iglu::test::runLua(lua, code);                    \
        QVERIFY2(err_.isEmpty(), qPrintable(err_));                            \
    } while (0)

#define LUA_FAILS_WITH(lua, code, needle)                                                      \
    do {                                                                                       \
        const QString err_ = iglu::test::runLua(lua, code);                                    \
        QVERIFY2(!err_.isEmpty(), "expected an error, the snippet succeeded");                \
        QVERIFY2(err_.contains(needle), qPrintable("expected '" + QString(needle) + "' in: " + err_)); \
    } while (0)
