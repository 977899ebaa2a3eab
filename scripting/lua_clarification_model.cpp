#include "scripting/lua_clarification_model.hpp"

#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "binding.hpp"
#include "module.hpp"
#include "script_source.hpp"

namespace iglu::scripting {

namespace lua_clarification_model {

// Protected: (chunk) -> the model table.
int loadModel(lua_State* L) {
    lua_call(L, 0, 1);
    if (!lua_istable(L, -1))
        return luaL_error(L, "a clarification model script must return a table with when(task) and / or what(task)");
    const bool when = lua_getfield(L, -1, "when") == LUA_TFUNCTION;
    const bool what = lua_getfield(L, -2, "what") == LUA_TFUNCTION;
    lua_pop(L, 2);
    if (!when && !what) return luaL_error(L, "the model table has neither a when(task) nor a what(task) function");
    return 1;
}

struct Call {
    const core::ClarificationExample* task;
    const core::QuestionBank* bank;
    core::ClarificationAnswer* out;
    std::vector<std::string>* ordering;  // what() returned ids: turned into scores after the call
};

void pushExample(lua_State* L, const core::ClarificationExample& e, const core::QuestionBank& bank) {
    lua_createtable(L, 0, 5);
    lua_pushlstring(L, e.id.data(), e.id.size());
    lua_setfield(L, -2, "id");
    lua_pushlstring(L, e.instruction.data(), e.instruction.size());
    lua_setfield(L, -2, "instruction");
    *detail::newGrid(L) = e.starting;
    lua_setfield(L, -2, "starting");
    lua_createtable(L, static_cast<int>(e.candidates.size()), 0);
    for (std::size_t i = 0; i < e.candidates.size(); ++i) {
        lua_createtable(L, 0, 2);
        lua_pushlstring(L, e.candidates[i].data(), e.candidates[i].size());
        lua_setfield(L, -2, "id");
        const auto text = bank.find(e.candidates[i]);
        if (text != bank.end()) lua_pushlstring(L, text->second.data(), text->second.size());
        else lua_pushliteral(L, "");
        lua_setfield(L, -2, "text");
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_setfield(L, -2, "candidates");
}

// what() returned a table at `index`: scores (numbers, into `scores`, sized to the candidates,
// zeros) or an ordering (question ids, into `ordering`; core::scoresFromOrdering scores them
// once the protected call has returned). Both live in the caller: an error raised here (a
// longjmp) skips no C++ destructor.
void readWhat(lua_State* L, int index, const core::ClarificationExample& e, std::vector<double>& scores, std::vector<std::string>& ordering) {
    const auto n = static_cast<std::size_t>(luaL_len(L, index));
    if (n == 0) return;
    lua_rawgeti(L, index, 1);
    const bool ids = lua_type(L, -1) == LUA_TSTRING;
    lua_pop(L, 1);
    if (!ids) {
        if (n != e.candidates.size())
            luaL_error(L, "what returned %d scores for %d candidates", static_cast<int>(n), static_cast<int>(e.candidates.size()));
        for (std::size_t i = 0; i < n; ++i) {
            lua_rawgeti(L, index, static_cast<lua_Integer>(i + 1));
            int isNumber = 0;
            scores[i] = lua_tonumberx(L, -1, &isNumber);
            if (!isNumber) luaL_error(L, "what: score %d is not a number", static_cast<int>(i + 1));
            lua_pop(L, 1);
        }
        return;
    }
    for (std::size_t i = 0; i < n; ++i) {
        lua_rawgeti(L, index, static_cast<lua_Integer>(i + 1));
        std::size_t len = 0;
        const char* id = lua_tolstring(L, -1, &len);
        if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "what: entry %d is not a question id", static_cast<int>(i + 1));
        bool outOfMemory = false;
        try {
            ordering.emplace_back(id, len);
        } catch (const std::bad_alloc&) {
            outOfMemory = true;
        }
        if (outOfMemory) luaL_error(L, "what: out of memory");
        lua_pop(L, 1);
    }
}

// Protected: (model, call*) -> nothing; fills call->out.
int answerTask(lua_State* L) {
    auto* call = static_cast<Call*>(lua_touserdata(L, 2));
    pushExample(L, *call->task, *call->bank);  // [3]
    if (lua_getfield(L, 1, "when") == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        lua_call(L, 1, 1);
        if (lua_isboolean(L, -1)) call->out->needsProbability = lua_toboolean(L, -1) ? 1.0 : 0.0;
        else if (lua_type(L, -1) == LUA_TNUMBER) call->out->needsProbability = lua_tonumber(L, -1);
        else if (!lua_isnil(L, -1)) return luaL_error(L, "when returned a %s, not a probability or a boolean", luaL_typename(L, -1));
    }
    lua_settop(L, 3);
    if (call->task->candidates.empty() || lua_getfield(L, 1, "what") != LUA_TFUNCTION) return 0;
    lua_pushvalue(L, 3);
    lua_call(L, 1, 1);
    if (lua_isnil(L, -1)) return 0;
    if (!lua_istable(L, -1)) return luaL_error(L, "what returned a %s, not a table of scores or question ids", luaL_typename(L, -1));
    bool outOfMemory = false;
    try {
        call->out->scores.emplace(call->task->candidates.size(), 0.0);
    } catch (const std::bad_alloc&) {
        outOfMemory = true;
    }
    if (outOfMemory) return luaL_error(L, "what: out of memory");
    readWhat(L, lua_gettop(L), *call->task, *call->out->scores, *call->ordering);
    return 0;
}

}  // namespace lua_clarification_model

LuaClarificationModel::LuaClarificationModel(const std::string& path, SandboxOptions sandbox) : path_(path), lua_(std::move(sandbox)) {
    using namespace lua_clarification_model;
    const std::string text = readLuaSource(path);
    lua_State* L = lua_.get();
    const std::string chunkName = "@" + path;
    if (luaL_loadbufferx(L, text.data(), text.size(), chunkName.c_str(), "t") != LUA_OK) throw ScriptError(path, lua_.popError());
    lua_pushcfunction(L, loadModel);
    lua_insert(L, -2);
    if (lua_.pcall(1, 1) != LUA_OK) throw ScriptError("", lua_.popError());
    modelRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

LuaClarificationModel::~LuaClarificationModel() = default;

core::ClarificationAnswer LuaClarificationModel::answer(const core::ClarificationExample& task, const core::QuestionBank& bank) {
    using namespace lua_clarification_model;
    core::ClarificationAnswer out;
    std::vector<std::string> ordering;
    Call call{&task, &bank, &out, &ordering};
    lua_State* L = lua_.get();
    lua_pushcfunction(L, answerTask);
    lua_rawgeti(L, LUA_REGISTRYINDEX, modelRef_);
    lua_pushlightuserdata(L, &call);
    if (lua_.pcall(2, 0) != LUA_OK) throw std::runtime_error(lua_.popError());
    if (!ordering.empty()) out.scores = core::scoresFromOrdering(ordering, task);
    return out;
}

}  // namespace iglu::scripting
