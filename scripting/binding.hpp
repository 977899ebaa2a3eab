#pragma once
// Internal helpers shared by the binding files. Rule of the house: a C function called by Lua
// never keeps a C++ object with a destructor alive when it may raise a Lua error (lua_error
// longjmps); C++ exceptions are caught with protect() and turned into Lua errors afterwards.
#include <cstddef>
#include <cstdio>
#include <exception>
#include <memory>
#include <new>

#include <lua.hpp>

#include "core/env/action.hpp"
#include "core/env/environment.hpp"
#include "core/grid/grid.hpp"
#include "core/metrics/metrics.hpp"
#include "core/task/task.hpp"
#include "state_context.hpp"

namespace iglu::scripting::detail {

inline constexpr const char* kGridMeta = "iglu.Grid";
inline constexpr const char* kEnvMeta = "iglu.Env";
inline constexpr const char* kObsMeta = "iglu.Obs";

/// Grid userdata: an owned grid, or a read-only view of a grid owned by another userdata (kept
/// alive through the user value; `ownerAlive` is the owner's liveness flag, nullptr when the
/// grid belongs to the host).
struct LuaGrid {
    core::Grid* ptr = nullptr;
    bool readOnly = false;
    const bool* ownerAlive = nullptr;
    core::Grid own;
};

// --- userdata holding C++ objects ----------------------------------------------------------------
// Every metatable is locked (`__metatable`: getmetatable returns a string, so a script never reaches
// __gc or the method table), every method checks its argument's type and liveness, and __gc is
// idempotent: a destroyed object raises a clear Lua error and freed memory is never touched.

/// A userdata slot for a T (which names its metatable in T::kMeta and its kind in T::kWhat): the
/// object is constructed in place after the slot exists, `alive` says whether it is, `charged`
/// is the C++ memory it holds charged to the state's memory cap.
template <typename T>
struct Slot {
    bool alive = false;
    std::size_t charged = 0;
    alignas(T) unsigned char bytes[sizeof(T)];
    T* get() noexcept { return std::launder(reinterpret_cast<T*>(bytes)); }
};

/// luaL_newmetatable plus `__name` and `__metatable` (the lock); leaves the metatable on the stack.
void newLockedMetatable(lua_State* L, const char* name);
/// newLockedMetatable with `methods` (null-terminated; none when null) as `__index` and `gc` (when
/// not null) as `__gc`; leaves the metatable on the stack for further metamethods.
void newUserdataType(lua_State* L, const char* name, const luaL_Reg* methods, lua_CFunction gc);
/// Sets `functions` (null-terminated) as fields of the module table at index `module`.
void setModuleFunctions(lua_State* L, int module, const luaL_Reg* functions);

/// Raises "NAME: this WHAT was destroyed".
[[noreturn]] void raiseDestroyed(lua_State* L, int idx, const char* what);

/// Pushes an empty slot (not alive) with T's metatable and `nuvalue` user values.
template <typename T>
Slot<T>* newSlot(lua_State* L, int nuvalue) {
    auto* s = static_cast<Slot<T>*>(lua_newuserdatauv(L, sizeof(Slot<T>), nuvalue));
    s->alive = false;
    s->charged = 0;
    luaL_setmetatable(L, T::kMeta);
    return s;
}

/// The live T at `idx` (a T userdata, else a Lua type error; destroyed: a Lua error).
template <typename T>
T* checkLive(lua_State* L, int idx) {
    auto* s = static_cast<Slot<T>*>(luaL_checkudata(L, idx, T::kMeta));
    if (!s->alive) raiseDestroyed(L, idx, T::kWhat);
    return s->get();
}

/// The slot's liveness flag (for views into the object).
template <typename T>
const bool* livenessOf(lua_State* L, int idx) {
    return &static_cast<Slot<T>*>(luaL_checkudata(L, idx, T::kMeta))->alive;
}

/// __gc of T: destroys the object once and gives back its memory charge; ignores anything that is
/// not a T userdata and a second call.
template <typename T>
int slotGc(lua_State* L) {
    auto* s = static_cast<Slot<T>*>(luaL_testudata(L, 1, T::kMeta));
    if (s == nullptr) return 0;
    if (s->alive) {
        s->alive = false;
        std::destroy_at(s->get());
    }
    releaseMemory(L, s->charged);
    s->charged = 0;
    return 0;
}

// --- checked numbers -------------------------------------------------------------------------------
// Every integer a binding reads goes through these: a number with an exact integer value in
// [lo, hi], else a Lua error naming the argument or field and the range (no silent narrowing).

/// The rules without the error: true (and `out` set) when the value at `idx` is a number with an
/// exact integer value in [lo, hi] / a finite number in [lo, hi]. For readers outside protected
/// mode (the experiment file), which report with a C++ exception instead.
bool intIn(lua_State* L, int idx, lua_Integer lo, lua_Integer hi, lua_Integer& out);
bool numberIn(lua_State* L, int idx, double lo, double hi, double& out);
/// Argument `arg` named `name` (e.g. "x", "colour").
lua_Integer checkInt(lua_State* L, int arg, lua_Integer lo, lua_Integer hi, const char* name);
/// Same, `def` when the argument is absent or nil.
lua_Integer optInt(lua_State* L, int arg, lua_Integer def, lua_Integer lo, lua_Integer hi, const char* name);
/// Field `key` of the table at `t` (`def` when nil); errors say "WHERE: field 'KEY' ...".
lua_Integer intField(lua_State* L, int t, const char* key, lua_Integer def, lua_Integer lo, lua_Integer hi, const char* where);
/// A finite number argument in [lo, hi] (NaN and infinities refused).
double checkNumber(lua_State* L, int arg, double lo, double hi, const char* name);
double optNumber(lua_State* L, int arg, double def, double lo, double hi, const char* name);
double numberField(lua_State* L, int t, const char* key, double def, double lo, double hi, const char* where);
/// Bound for world coordinates and poses read from scripts (far outside any zone, exact in float).
inline constexpr double kMaxCoordinate = 1e6;

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
/// Pushes a read-only view of `grid`, owned by the userdata at `ownerIndex` (kept alive by the
/// view; `ownerAlive`: its liveness flag, checked on every use, nullptr when the host owns it).
void pushGridView(lua_State* L, const core::Grid* grid, int ownerIndex, const bool* ownerAlive = nullptr);
const core::Grid& checkGrid(lua_State* L, int idx);
/// A grid argument given as a grid userdata or a block list {{x, y, z, colour}, ...}; a list is
/// converted into a new grid pushed on the stack (so the result stays alive).
const core::Grid& toGridArg(lua_State* L, int idx);
/// Fills `task` from a task table {id, instruction, dialog, starting, target}. Raises Lua errors
/// only before touching `task`'s strings... `task` must live in a userdata (never a C++ local).
void readTask(lua_State* L, int idx, core::Task& task);

/// Upper bound of an environment's heap beyond its object: its two maximal-intersection tables
/// (checked against the allocator by test_sandbox) ...
inline constexpr std::size_t kEnvTablesBytes = 208u << 10;
/// ... plus the first-person view's buffers: what iglu.env charges to the memory cap.
std::size_t envHeapBytes(const core::EnvConfig& c) noexcept;
/// Bytes of the id / instruction / dialog strings of the task table at `idx`.
std::size_t taskTextBytes(lua_State* L, int idx);
/// Heap bytes of a task held by C++ (strings, metadata, the object itself).
std::size_t taskHeapBytes(const core::Task& t) noexcept;
/// The largest max_steps a script may ask for.
inline constexpr lua_Integer kMaxEpisodeSteps = core::EnvConfig::kMaxSteps;

/// Pushes {precision, recall, f1, intersection, target_size, built_size, exact, dx, dz, rot}.
int pushScores(lua_State* L, const core::Scores& s);
/// Pushes a hit test as hit [, x, y, z, colour [, px, py, pz]] (the previous cell only when there
/// is one); returns the number of values (iglu.raycast and env:hit_test).
int pushHitTest(lua_State* L, const core::HitTest& h);
/// Reads an action (discrete id, walking dict table or flying table) for `space`; raises a Lua
/// error naming the field when it is malformed. Call only from protected code.
void checkAction(lua_State* L, int idx, core::ActionSpace space, core::Action& out);

void registerGrid(lua_State* L, int module);
void registerEnv(lua_State* L, int module);
void registerGeometry(lua_State* L, int module);
void registerTasks(lua_State* L, int module);
void registerCatalog(lua_State* L, int module);
void registerText(lua_State* L, int module);

}  // namespace iglu::scripting::detail
