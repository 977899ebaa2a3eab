#pragma once
// A clarifying-question model written in Lua, for `iglu nlp run --script` and the Experiments
// dock. The script returns a table with either or both of:
//   when(task)  -> a probability 0..1 that the instruction needs a clarification, or true / false
//   what(task)  -> one score per candidate (task.candidates order, higher = ask first), or the
//                  candidates' ids in the order to ask them (unlisted ones rank after, in order)
// `task` = {id, instruction, starting (the world, a grid), candidates = {{id =, text =}, ...}};
// the target is never given. Runs in the sandbox
// (scripting/lua_state.hpp) with its budgets per call; an error or a bad answer fails that task
// only (core::predictOne keeps the message), naming the script's file and line.
#include <memory>
#include <string>

#include "core/nlp/clarification_run.hpp"
#include "scripting/lua_state.hpp"

namespace iglu::scripting {

class LuaClarificationModel final : public core::ClarificationPredictor {
public:
    /// Loads the script (ScriptError with file:line when it fails or returns no when / what).
    LuaClarificationModel(const std::string& path, SandboxOptions sandbox);
    ~LuaClarificationModel() override;

    core::ClarificationAnswer answer(const core::ClarificationExample& task, const core::QuestionBank& bank) override;
    const std::string& path() const noexcept { return path_; }

private:
    std::string path_;
    LuaState lua_;
    int modelRef_ = -2;  // LUA_NOREF
};

}  // namespace iglu::scripting
