// Tasks for Lua: plain tables {id, instruction, dialog, starting, target} with grid userdata.
#include <new>
#include <vector>

#include "core/task/task_list.hpp"
#include "binding.hpp"
#include "module.hpp"
#include "state_context.hpp"

namespace iglu::scripting {

namespace detail {
namespace {

struct TaskListBox {
    static constexpr const char* kMeta = "iglu.TaskList";
    static constexpr const char* kWhat = "task list";
    std::vector<core::Task> tasks;
};

// A new (alive, empty) task list slot on the stack.
TaskListBox* pushTaskList(lua_State* L) {
    auto* slot = newSlot<TaskListBox>(L, 0);
    new (slot->bytes) TaskListBox();  // an empty vector: no allocation, no throw
    slot->alive = true;
    return slot->get();
}

}  // namespace

std::size_t taskHeapBytes(const core::Task& t) noexcept {
    std::size_t bytes = sizeof(core::Task) + t.id.capacity() + t.dialog.capacity() + t.instruction.capacity();
    for (const auto& [k, v] : t.metadata) bytes += 64 + k.capacity() + v.capacity();  // map node + strings
    return bytes;
}

namespace {

int readTasksFn(lua_State* L) {  // iglu.read_tasks(path) -> {task, ...} (JSON Lines task list)
    const char* path = luaL_checkstring(L, 1);
    const StateContext* ctx = context(L);
    if (ctx->options.sandboxed && !pathAllowed(path, ctx->options.dataDirs))
        return luaL_error(L, "iglu.read_tasks: '%s' is outside the readable data folders (sandbox)", path);
    TaskListBox* box = pushTaskList(L);
    const int slotIdx = lua_gettop(L);
    protect(L, [&] {
        box->tasks = core::readTaskList(path);
        return 0;
    });
    // The list is charged while it lives (until collected, after its tasks are copied to Lua).
    std::size_t bytes = 0;
    for (const auto& t : box->tasks) bytes += taskHeapBytes(t);
    chargeMemory(L, bytes, "iglu.read_tasks");
    static_cast<Slot<TaskListBox>*>(lua_touserdata(L, slotIdx))->charged = bytes;
    lua_createtable(L, static_cast<int>(box->tasks.size()), 0);
    for (std::size_t i = 0; i < box->tasks.size(); ++i) {
        pushTask(L, box->tasks[i], true);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
}

int taskFn(lua_State* L) {  // iglu.task{...} -> a normalised copy with grid userdata
    luaL_checktype(L, 1, LUA_TTABLE);
    TaskListBox* box = pushTaskList(L);
    const std::size_t bytes = sizeof(core::Task) + taskTextBytes(L, 1);
    chargeMemory(L, bytes, "iglu.task");
    static_cast<Slot<TaskListBox>*>(lua_touserdata(L, -1))->charged = bytes;
    protect(L, [&] {
        box->tasks.resize(1);
        return 0;
    });
    readTask(L, 1, box->tasks[0]);
    pushTask(L, box->tasks[0], true);
    return 1;
}

const char* optString(lua_State* L, int t, const char* key, size_t* len) {
    lua_getfield(L, t, key);
    const char* s = lua_isnil(L, -1) ? "" : luaL_checklstring(L, -1, len);
    if (lua_isnil(L, -1)) *len = 0;
    return s;  // stays on the stack (and alive) until the caller pops
}

}  // namespace

std::size_t taskTextBytes(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    std::size_t bytes = 0;
    for (const char* key : {"id", "instruction", "dialog"}) {
        if (lua_getfield(L, idx, key) == LUA_TSTRING) bytes += lua_rawlen(L, -1);
        lua_pop(L, 1);
    }
    return bytes;
}

void readTask(lua_State* L, int idx, core::Task& task) {
    idx = lua_absindex(L, idx);
    const int top = lua_gettop(L);
    size_t idLen = 0, insLen = 0, dlgLen = 0;
    const char* id = optString(L, idx, "id", &idLen);
    const char* instruction = optString(L, idx, "instruction", &insLen);
    const char* dialog = optString(L, idx, "dialog", &dlgLen);
    lua_getfield(L, idx, "starting");
    const core::Grid* starting = nullptr;
    core::Grid empty;
    if (!lua_isnil(L, -1)) starting = &toGridArg(L, -1);
    lua_getfield(L, idx, "target");
    if (lua_isnil(L, -1)) luaL_error(L, "task: field 'target' (grid or block list) is required");
    const core::Grid& target = toGridArg(L, -1);
    protect(L, [&] {
        task.id.assign(id, idLen);
        task.instruction.assign(instruction, insLen);
        task.dialog.assign(dialog, dlgLen);
        task.starting = starting ? *starting : empty;
        task.target = target;
        task.metadata.clear();
        return 0;
    });
    lua_settop(L, top);
}

}  // namespace detail

void pushTask(lua_State* L, const core::Task& task, bool withTarget) {
    lua_createtable(L, 0, 5);
    lua_pushlstring(L, task.id.data(), task.id.size());
    lua_setfield(L, -2, "id");
    lua_pushlstring(L, task.instruction.data(), task.instruction.size());
    lua_setfield(L, -2, "instruction");
    lua_pushlstring(L, task.dialog.data(), task.dialog.size());
    lua_setfield(L, -2, "dialog");
    *detail::newGrid(L) = task.starting;
    lua_setfield(L, -2, "starting");
    if (withTarget) {
        *detail::newGrid(L) = task.target;
        lua_setfield(L, -2, "target");
    }
}

namespace detail {
void registerTasks(lua_State* L, int module) {
    newUserdataType(L, TaskListBox::kMeta, nullptr, slotGc<TaskListBox>);
    lua_pop(L, 1);
    static const luaL_Reg functions[] = {{"read_tasks", readTasksFn}, {"task", taskFn}, {nullptr, nullptr}};
    setModuleFunctions(L, module, functions);
}
}  // namespace detail

}  // namespace iglu::scripting
