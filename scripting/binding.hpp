#pragma once
// Internal helpers shared by the binding files. Rule of the house: a C function called by Lua
// never keeps a C++ object with a destructor alive when it may raise a Lua error (lua_error
// longjmps); C++ exceptions are caught with protect() and turned into Lua errors afterwards.
#include <cstdio>
#include <exception>

#include <lua.hpp>

#include "core/env/action.hpp"
#include "core/grid/grid.hpp"
#include "core/metrics/metrics.hpp"
#include "core/task/task.hpp"

namespace iglu::scripting::detail {

inline constexpr const char* kGridMeta = "iglu.Grid";
inline constexpr const char* kEnvMeta = "iglu.Env";
inline constexpr const char* kObsMeta = "iglu.Obs";

/// Grid userdata: an owned grid, or a read-only view of a grid owned by another userdata (kept
/// alive through the user value).
struct LuaGrid {
    core::Grid* ptr = nullptr;
    bool readOnly = false;
    core::Grid own;
};

/// Runs `f` (returning the number of Lua results); a C++ exception becomes a Lua error raised
/// after every C++ local of `f` is gone.
template <typename F>
int protect(lua_State* L, F&& f) {
    char msg[512];
    msg[0] = '\0';
    int results = -1;
    try {
        results = f();
    } catch (const std::exception& e) {
        std::snprintf(msg, sizeof msg, "%s", e.what());
    } catch (...) {
        std::snprintf(msg, sizeof msg, "unknown C++ exception");
    }
    if (results < 0) return luaL_error(L, "%s", msg);
    return results;
}

core::Grid* newGrid(lua_State* L);                                   ///< pushes an owned empty grid
void pushGridView(lua_State* L, const core::Grid* grid, int ownerIndex);  ///< read-only view
const core::Grid& checkGrid(lua_State* L, int idx);
/// A grid argument given as a grid userdata or a block list {{x, y, z, colour}, ...}; a list is
/// converted into a new grid pushed on the stack (so the result stays alive).
const core::Grid& toGridArg(lua_State* L, int idx);
/// Fills `task` from a task table {id, instruction, dialog, starting, target}. Raises Lua errors
/// only before touching `task`'s strings... `task` must live in a userdata (never a C++ local).
void readTask(lua_State* L, int idx, core::Task& task);

/// Pushes {precision, recall, f1, intersection, target_size, built_size, exact, dx, dz, rot}.
int pushScores(lua_State* L, const core::Scores& s);
/// Reads an action (discrete id, walking dict table or flying table) for `space`; raises a Lua
/// error naming the field when it is malformed. Call only from protected code.
void checkAction(lua_State* L, int idx, core::ActionSpace space, core::Action& out);

void registerGrid(lua_State* L, int module);
void registerEnv(lua_State* L, int module);
void registerGeometry(lua_State* L, int module);
void registerTasks(lua_State* L, int module);
#ifdef IGLU_HAVE_CATALOG
void registerCatalog(lua_State* L, int module);
#endif

}  // namespace iglu::scripting::detail
