// iglu.text: the grounding rules of core/text (core/include/core/text/grounding.hpp) for Lua.
//   iglu.text.ground(instruction, grid_or_blocks) -> {predicted = grid, placed = {{x,y,z,c}...},
//     removed = {...}, confidence, notes = {...}, clauses = {{text, verb, trace = {...},
//     candidates = {{blocks, confidence, reading}...}}...}}
//   iglu.text.colour(word) -> 1..6 | nil, iglu.text.number(word) -> n | nil,
//   iglu.text.compass(word) -> dx, dz | nil
#include <new>
#include <string>

#include "binding.hpp"
#include "core/text/grounding.hpp"

namespace iglu::scripting::detail {

namespace {

// The grounding lives in a userdata while its tables are built, so a Lua error (out of memory)
// raised by a push never skips a C++ destructor: __gc destroys it.
struct TextResult {
    static constexpr const char* kMeta = "iglu.TextGrounding";
    static constexpr const char* kWhat = "grounding";
    core::text::Grounding g;
};

void pushBlocks(lua_State* L, const std::vector<core::Block>& blocks) {
    lua_createtable(L, static_cast<int>(blocks.size()), 0);
    lua_Integer i = 0;
    for (const core::Block& b : blocks) {
        lua_createtable(L, 4, 0);
        lua_pushinteger(L, b.x), lua_rawseti(L, -2, 1);
        lua_pushinteger(L, b.y), lua_rawseti(L, -2, 2);
        lua_pushinteger(L, b.z), lua_rawseti(L, -2, 3);
        lua_pushinteger(L, b.colour), lua_rawseti(L, -2, 4);
        lua_rawseti(L, -2, ++i);
    }
}

void pushStrings(lua_State* L, const std::vector<std::string>& lines) {
    lua_createtable(L, static_cast<int>(lines.size()), 0);
    lua_Integer i = 0;
    for (const std::string& s : lines) lua_pushlstring(L, s.data(), s.size()), lua_rawseti(L, -2, ++i);
}

int groundFn(lua_State* L) {
    std::size_t len = 0;
    const char* text = luaL_checklstring(L, 1, &len);
    const core::Grid& start = toGridArg(L, 2);
    auto* slot = newSlot<TextResult>(L, 0);
    const int holder = lua_gettop(L);
    const int ok = protect(L, [&] {
        new (slot->bytes) TextResult{core::text::ground(std::string_view(text, len), start)};
        slot->alive = true;
        return 0;
    });
    (void)ok;
    const core::text::Grounding& g = slot->get()->g;
    lua_createtable(L, 0, 6);
    *newGrid(L) = g.predicted;
    lua_setfield(L, -2, "predicted");
    pushBlocks(L, g.placed), lua_setfield(L, -2, "placed");
    pushBlocks(L, g.removed), lua_setfield(L, -2, "removed");
    lua_pushnumber(L, g.confidence), lua_setfield(L, -2, "confidence");
    pushStrings(L, g.notes), lua_setfield(L, -2, "notes");
    lua_createtable(L, static_cast<int>(g.clauses.size()), 0);
    lua_Integer ci = 0;
    for (const core::text::Clause& c : g.clauses) {
        lua_createtable(L, 0, 4);
        lua_pushlstring(L, c.text.data(), c.text.size()), lua_setfield(L, -2, "text");
        lua_pushstring(L, c.verb == core::text::Verb::Place ? "place" : "remove"), lua_setfield(L, -2, "verb");
        pushStrings(L, c.trace), lua_setfield(L, -2, "trace");
        lua_createtable(L, static_cast<int>(c.candidates.size()), 0);
        lua_Integer k = 0;
        for (const core::text::Candidate& cand : c.candidates) {
            lua_createtable(L, 0, 3);
            pushBlocks(L, cand.blocks), lua_setfield(L, -2, "blocks");
            lua_pushnumber(L, cand.confidence), lua_setfield(L, -2, "confidence");
            lua_pushlstring(L, cand.reading.data(), cand.reading.size()), lua_setfield(L, -2, "reading");
            lua_rawseti(L, -2, ++k);
        }
        lua_setfield(L, -2, "candidates");
        lua_rawseti(L, -2, ++ci);
    }
    lua_setfield(L, -2, "clauses");
    lua_remove(L, holder);
    return 1;
}

int colourFn(lua_State* L) {
    std::size_t len = 0;
    const char* w = luaL_checklstring(L, 1, &len);
    const int c = core::text::colourWord(std::string_view(w, len));
    if (c == 0) return lua_pushnil(L), 1;
    lua_pushinteger(L, c);
    return 1;
}

int numberFn(lua_State* L) {
    std::size_t len = 0;
    const char* w = luaL_checklstring(L, 1, &len);
    const int v = core::text::numberWord(std::string_view(w, len));
    if (v < 0) return lua_pushnil(L), 1;
    lua_pushinteger(L, v);
    return 1;
}

int compassFn(lua_State* L) {
    std::size_t len = 0;
    const char* w = luaL_checklstring(L, 1, &len);
    int dx = 0, dz = 0;
    if (!core::text::compassWord(std::string_view(w, len), dx, dz)) return lua_pushnil(L), 1;
    lua_pushinteger(L, dx), lua_pushinteger(L, dz);
    return 2;
}

}  // namespace

void registerText(lua_State* L, int module) {
    newUserdataType(L, TextResult::kMeta, nullptr, slotGc<TextResult>);
    lua_pop(L, 1);
    static const luaL_Reg functions[] = {
        {"ground", groundFn}, {"colour", colourFn}, {"number", numberFn}, {"compass", compassFn}, {nullptr, nullptr}};
    lua_createtable(L, 0, 4);
    setModuleFunctions(L, lua_gettop(L), functions);
    lua_pushinteger(L, static_cast<lua_Integer>(core::text::kMaxInstructionBytes));
    lua_setfield(L, -2, "max_instruction_bytes");
    lua_setfield(L, module, "text");
}

}  // namespace iglu::scripting::detail
