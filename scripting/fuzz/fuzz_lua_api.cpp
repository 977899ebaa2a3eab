// Fuzz target for the Lua API surface: the input bytes drive a generator of scripts made of API
// calls (iglu.grid / env / observation / task / metrics / line-of-sight functions, grid and env
// methods, the sandbox's wrapped library functions) with arguments picked from a pool of hostile
// values (huge, negative, NaN and infinite numbers, integers just past 2^31 / 2^32 / 2^63,
// strings, tables, nil, metatable tricks, userdata of the wrong type). Each statement runs under
// pcall in a sandboxed LuaState with a small budget and memory cap. Any crash, sanitizer report or
// C++ exception is a finding; afterwards every C++ object must be collected and its memory charge
// given back. Built as a libFuzzer binary with clang (`fuzz_lua_api`, preset fuzz) and always as
// `fuzz_lua_api_replay`, which replays tests/scripting/fuzz_corpus in CTest.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "scripting/lua_state.hpp"

namespace {

// Statements; each '$' becomes an argument from kArgs.
constexpr const char* kStatements[] = {
    "G:get($, $, $)", "G:set($, $, $, $)", "G:count($)", "V = G:copy()", "G:clear()", "G:assign($)", "G:diff($)",
    "G:equals($)", "G:hash()", "G:list()", "V = iglu.grid($)", "for x, y, z, c in G:blocks() do end", "V = #G",
    "V = tostring(G)", "G = iglu.grid($)", "V = (G == $)",
    "E = iglu.env{max_steps = $, pov = $, pov_width = $, pov_height = $, action_space = $}",
    "E = iglu.env{max_steps = $, target_in_obs = $, right_placement_scale = $}", "E:set_task{target = $, starting = $, id = $}",
    "O = E:reset()", "E:step($)", "E:step{movement = {$, $, $}, camera = {$, $}, inventory = $, placement = $}",
    "E:step{forward = $, jump = $, camera = {$, $}, hotbar = $, use = $, attack = $}", "E:set_pose($, $, $, $, $)",
    "V = E:scores()", "V = E:hit_test()", "V = E:agent()", "V = E:grid():get($, $, $)", "O = E:observation()",
    "V = O:inventory($)", "V = O:pov($, $)", "V = O:pov_bytes()", "V = O.grid:count($)", "V = O.target_grid",
    "V = O:pose()", "V = O[$]", "V = E:step_no()", "V = E:action_space()", "V = E.reset($)", "V = G.set($, 0, 0, 0, 1)",
    "V = iglu.score($, $)", "V = iglu.max_intersection($, $)", "V = iglu.overlay($, $)", "V = iglu.raycast($, $, $, $, $, $)",
    "V = iglu.aim($, $, $, $, $, $, $, $, $, $)", "V = iglu.find_shot($, $, $, $, $, $, $, $, $)",
    "V = iglu.find_pillar_shot($, $, $, $, $, $, $, $)", "V = iglu.next_waypoint($, $, $, $, $)",
    "V = iglu.flight_clear($, $, $, $, $, $, $)", "V = iglu.solid($, $, $, $)", "V = iglu.placement_hits_agent($, $, $, $, $, $)",
    "V = iglu.action_name($)", "V = iglu.colour_name($)", "T = iglu.task{target = $, starting = $, id = $, instruction = $}",
    "V = iglu.read_tasks($)", "V = iglu.catalog($)", "V = string.rep($, $, $)", "V = table.concat($, $, $, $)",
    "V = table.move($, $, $, $)", "V = table.unpack($, $, $)", "V = table.insert($, $, $)", "V = table.remove($, $)",
    "V = table.sort($)", "V = setmetatable($, $)", "V = getmetatable($)", "V = string.format($, $)", "V = utf8.char($)",
    "V = string.pack($, $)", "V = coroutine.wrap(function() return $ end)()", "V = collectgarbage($)",
    "V = select('#', pcall(error, $))", "V = tostring($)", "V = iglu.grid{{$, $, $, $}}", "E = nil; O = nil; collectgarbage()",
    "V = xpcall(function() return G:get($, 0, 0) end, function(e) return e end)",
    "V = iglu.text.ground($, $)", "V = iglu.text.colour($)", "V = iglu.text.number($)", "V = iglu.text.compass($)",
};

constexpr const char* kArgs[] = {
    "0", "1", "-1", "2", "5", "6", "7", "-5", "2^31", "2^31 - 1", "-2^31 - 1", "2^32", "2^32 + 3", "2^53", "2^63",
    "math.maxinteger", "math.mininteger", "1e300", "-1e300", "0/0", "math.huge", "-math.huge", "0.5", "-7.25", "4096", "4097",
    "'place'", "'break'", "'flying'", "'walking'", "''", "'x'", "'%d'", "'%s'", "'i16'", "'grid'", "'pov'", "{}", "nil", "true",
    "false", "G", "E", "O", "T", "V", "{{0, 0, 0, 1}, {1, 0, 1, 2}}", "{{2^32, 0, 0, 1}}", "{{0, 0, 0, 9}}", "{{0/0, 0, 0, 1}}",
    "iglu.grid()", "E and E:grid()", "O and O.grid", "setmetatable({}, {__index = table.concat})",
    "setmetatable({}, {__len = function() return 2^62 end})", "string.rep('a', 100)", "{target = {{0, 0, 0, 1}}}",
    "{1, 2, 3}", "{movement = {1, 0, 0}}", "16", "'/etc/passwd'", "'../x.db'", "getmetatable(G)", "{__gc = print}",
    "{__close = print}", "coroutine.create(print)", "print", "1e9", "-1e9", "3.5e9",
    "'stack five red blocks on top of each blue block then remove 10^100 of them'", "string.rep('between red ', 500)",
};

template <std::size_t N>
const char* pick(const char* const (&table)[N], const std::uint8_t*& p, const std::uint8_t* end) {
    const std::size_t i = p < end ? *p++ : 0;
    return table[i % N];
}

std::string generate(const std::uint8_t* data, std::size_t size) {
    const std::uint8_t* p = data;
    const std::uint8_t* end = data + size;
    std::string script = "local iglu = require 'iglu'\nG = iglu.grid()\nE = iglu.env{}\nE:set_task{target = {{0, 0, 0, 1}}}\n"
                         "O = E:reset()\nT = nil\nV = nil\n";
    for (int n = 0; n < 48 && p < end; ++n) {
        const std::string stmt = pick(kStatements, p, end);
        std::string line = "pcall(function() ";
        for (char c : stmt) {
            if (c == '$') line += pick(kArgs, p, end);
            else line += c;
        }
        line += " end)\n";
        script += line;
    }
    return script;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace iglu::scripting;
    const std::string script = generate(data, size);
    static const bool show = std::getenv("IGLU_FUZZ_PRINT") != nullptr;  // to read a crashing input's script
    if (show) std::fprintf(stderr, "%s\n", script.c_str());
    SandboxOptions o;
    o.instructionBudget = 300'000;
    o.memoryLimit = 48u << 20;
    o.timeLimit = 5;
    o.dataDirs = {};  // nothing readable
    try {
        LuaState lua(o);
        try {
            lua.doString(script, "fuzz", 0);
        } catch (const ScriptError&) {  // the budget or the cap ended it: fine
        }
        // Every C++ object the script made is collectable and gives its memory charge back.
        lua_State* L = lua.get();
        for (const char* g : {"G", "E", "O", "T", "V"}) {
            lua_pushnil(L);
            lua_setglobal(L, g);
        }
        lua_settop(L, 0);
        lua_gc(L, LUA_GCCOLLECT, 0);
        lua_gc(L, LUA_GCCOLLECT, 0);
        if (lua.hostMemoryUsed() != 0) __builtin_trap();
        if (lua.memoryUsed() > o.memoryLimit) __builtin_trap();
    } catch (const std::exception&) {
        __builtin_trap();  // only ScriptError may leave the state, and only from doString
    }
    return 0;
}
