#include "scripting/experiment.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/catalog/experiment_name.hpp"
#include "binding.hpp"
#include "scripting/lua_state.hpp"

namespace iglu::scripting {

namespace fs = std::filesystem;

std::string TaskSetSpec::describe() const {
    switch (kind) {
        case Kind::All: return "all";
        case Kind::Filter: return "filter: " + text;
        case Kind::File: return "file: " + file;
        case Kind::Ids: {
            std::string s = "ids:";
            for (std::size_t i = 0; i < ids.size(); ++i) s += (i ? "," : "") + ids[i];
            return s;
        }
    }
    return "?";
}

TaskSetSpec parseTaskSet(const std::string& words) {
    TaskSetSpec t;
    std::string w = words;
    while (!w.empty() && std::isspace(static_cast<unsigned char>(w.back()))) w.pop_back();
    while (!w.empty() && std::isspace(static_cast<unsigned char>(w.front()))) w.erase(w.begin());
    if (w.empty() || w == "all") return t;
    if (w.size() > 6 && w.ends_with(".jsonl")) {
        t.kind = TaskSetSpec::Kind::File;
        t.file = w;
        return t;
    }
    if (w.starts_with("ids:")) {
        t.kind = TaskSetSpec::Kind::Ids;
        std::stringstream ss(w.substr(4));
        for (std::string id; std::getline(ss, id, ',');)
            if (!id.empty()) t.ids.push_back(id);
        return t;
    }
    t.kind = TaskSetSpec::Kind::Filter;
    t.text = w;
    return t;
}

namespace {

// Raw field access: the experiment table is user data read outside protected mode, so no
// metamethod may run (an error there would have nowhere to go).
int rawField(lua_State* L, int t, const char* key) {
    t = lua_absindex(L, t);
    lua_pushstring(L, key);
    return lua_rawget(L, t);
}

struct Reader {
    lua_State* L;
    std::string file;
    int table;

    [[noreturn]] void fail(const std::string& field, const std::string& msg) const {
        throw ScriptError(file, "field '" + field + "': " + msg);
    }
    bool has(const char* key) const {
        rawField(L, table, key);
        const bool present = !lua_isnil(L, -1);
        lua_pop(L, 1);
        return present;
    }
    std::string str(const char* key, const std::string& def) const {
        rawField(L, table, key);
        std::string v = def;
        if (lua_type(L, -1) == LUA_TSTRING) {
            std::size_t n = 0;
            const char* s = lua_tolstring(L, -1, &n);
            v.assign(s, n);  // NUL bytes kept, never cut
        }
        else if (!lua_isnil(L, -1)) {
            lua_pop(L, 1);
            fail(key, "must be a string");
        }
        lua_pop(L, 1);
        return v;
    }
    // Every number of the experiment goes through these two: an exact integer / a finite number
    // in [lo, hi], else an error naming the file, the field (`name`, e.g. "env.max_steps") and
    // the range. No unchecked cast: 1e300, NaN or 2^63 cast to int is undefined behaviour.
    lua_Integer integer(int t, const char* key, const std::string& name, lua_Integer def, lua_Integer lo, lua_Integer hi) const {
        rawField(L, t, key);
        lua_Integer v = def;
        if (!lua_isnil(L, -1) && !detail::intIn(L, -1, lo, hi, v)) {
            const std::string got = describe(-1);
            lua_pop(L, 1);
            fail(name, "must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + got);
        }
        lua_pop(L, 1);
        return v;
    }
    double number(int t, const char* key, const std::string& name, double def, double lo, double hi) const {
        rawField(L, t, key);
        double v = def;
        if (!lua_isnil(L, -1) && !detail::numberIn(L, -1, lo, hi, v)) {
            const std::string got = describe(-1);
            lua_pop(L, 1);
            fail(name, "must be a finite number in " + shortNumber(lo) + ".." + shortNumber(hi) + ", got " + got);
        }
        lua_pop(L, 1);
        return v;
    }
    // The value as the message shows it: a number as Lua prints it, otherwise its type.
    std::string describe(int idx) const {
        if (lua_type(L, idx) != LUA_TNUMBER) return std::string("a ") + luaL_typename(L, idx);
        lua_pushvalue(L, idx);  // lua_tostring converts in place: work on a copy
        std::string text = lua_tostring(L, -1);
        lua_pop(L, 1);
        return text;
    }
    static std::string shortNumber(double x) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", x);
        return buf;
    }
    bool boolean(int t, const char* key, bool def) const {
        rawField(L, t, key);
        bool v = def;
        if (lua_isboolean(L, -1)) v = lua_toboolean(L, -1);
        else if (!lua_isnil(L, -1)) {
            lua_pop(L, 1);
            fail(key, "must be a boolean");
        }
        lua_pop(L, 1);
        return v;
    }
};

// Bounds of the experiment's numbers (episode steps and placement scales: core::EnvConfig, pov: PovConfig).
constexpr lua_Integer kMaxEpisodesPerTask = 10'000;  // seeds x repetitions
constexpr lua_Integer kMaxInstructionBudget = 1'000'000'000'000'000;  // 10^15: days of Lua, far from overflow
constexpr lua_Integer kMaxMemoryMb = 1 << 20;                          // as `iglu lua --memory-mb`

std::string resolve(const fs::path& base, const std::string& p) {
    fs::path path(p);
    if (path.is_relative()) path = base / path;
    std::error_code ec;
    fs::path canon = fs::weakly_canonical(path, ec);
    return (ec ? path : canon).string();
}

}  // namespace

ExperimentSpec loadExperiment(const std::string& path) {
    std::error_code ec;
    const fs::path script = fs::weakly_canonical(fs::absolute(path), ec);
    if (ec || !fs::is_regular_file(script)) throw ScriptError(path, "experiment script not found");
    const fs::path dir = script.parent_path();

    SandboxOptions opts;
    opts.requireDirs = {dir.string(), bundledLibraryDir()};
    opts.dataDirs = defaultDataDirs();
    opts.dataDirs.push_back(dir.string());
    LuaState lua(opts);
    lua.doFile(script.string(), 1);
    lua_State* L = lua.get();
    if (!lua_istable(L, -1)) throw ScriptError(script.string(), "an experiment script must return a table");
    Reader r{L, script.string(), lua_gettop(L)};

    ExperimentSpec e;
    e.scriptPath = script.string();
    e.name = r.str("name", script.stem().string());
    if (const auto problem = catalog::experimentNameProblem(e.name); !problem.empty())
        r.fail("name", "\"" + catalog::printableName(e.name) + "\" " + problem);
    const std::string agent = r.str("agent", "");
    if (agent.empty()) r.fail("agent", "required (path of the agent script, relative to the experiment)");
    e.agentPath = resolve(dir, agent);
    if (!fs::is_regular_file(e.agentPath)) r.fail("agent", "file not found: " + e.agentPath);

    // tasks = "all" | "words" | "file.jsonl" | {ids = {...}} | {file = "..."} | {filter = "..."}
    rawField(L, r.table, "tasks");
    if (lua_type(L, -1) == LUA_TSTRING) {
        e.tasks = parseTaskSet(lua_tostring(L, -1));
    } else if (lua_istable(L, -1)) {
        const int t = lua_gettop(L);
        Reader tr{L, r.file, t};
        if (tr.has("ids")) {
            e.tasks.kind = TaskSetSpec::Kind::Ids;
            rawField(L, t, "ids");
            const lua_Integer n = lua_istable(L, -1) ? static_cast<lua_Integer>(lua_rawlen(L, -1)) : 0;
            for (lua_Integer i = 1; i <= n; ++i) {
                lua_rawgeti(L, -1, i);
                if (lua_type(L, -1) != LUA_TSTRING) r.fail("tasks.ids", "must be a list of task id strings");
                e.tasks.ids.emplace_back(lua_tostring(L, -1));
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        } else if (tr.has("file")) {
            e.tasks.kind = TaskSetSpec::Kind::File;
            e.tasks.file = tr.str("file", "");
        } else if (tr.has("filter")) {
            e.tasks = parseTaskSet(tr.str("filter", ""));
        }
    } else if (!lua_isnil(L, -1)) {
        r.fail("tasks", "must be a string or a table {ids=} / {file=} / {filter=}");
    }
    lua_pop(L, 1);
    if (e.tasks.kind == TaskSetSpec::Kind::File) e.tasks.file = resolve(dir, e.tasks.file);

    rawField(L, r.table, "env");
    if (lua_istable(L, -1)) {
        const int t = lua_gettop(L);
        Reader er{L, r.file, t};
        const std::string space = er.str("action_space", "walking");
        if (space == "flying") e.env.actionSpace = core::ActionSpace::Flying;
        else if (space == "walking") e.env.actionSpace = core::ActionSpace::Walking;
        else r.fail("env.action_space", "must be 'walking' or 'flying'");
        e.env.maxSteps = static_cast<int>(er.integer(t, "max_steps", "env.max_steps", e.env.maxSteps, 1, detail::kMaxEpisodeSteps));
        e.env.targetInObs = er.boolean(t, "target_in_obs", e.env.targetInObs);
        e.env.selectAndPlace = er.boolean(t, "select_and_place", e.env.selectAndPlace);
        e.env.fixTunnelling = er.boolean(t, "fix_tunnelling", e.env.fixTunnelling);
        e.env.doneAfterMaxSteps = er.boolean(t, "done_after_max_steps", e.env.doneAfterMaxSteps);
        e.env.resetClearsAgentState = er.boolean(t, "reset_clears_agent_state", e.env.resetClearsAgentState);
        e.env.rightPlacementScale = er.number(t, "right_placement_scale", "env.right_placement_scale", e.env.rightPlacementScale, -core::EnvConfig::kMaxPlacementScale, core::EnvConfig::kMaxPlacementScale);
        e.env.wrongPlacementScale = er.number(t, "wrong_placement_scale", "env.wrong_placement_scale", e.env.wrongPlacementScale, -core::EnvConfig::kMaxPlacementScale, core::EnvConfig::kMaxPlacementScale);
        e.env.povInObs = er.boolean(t, "pov", e.env.povInObs);
        e.env.pov.width = static_cast<int>(er.integer(t, "pov_width", "env.pov_width", e.env.pov.width, 1, core::PovConfig::kMaxSide));
        e.env.pov.height = static_cast<int>(er.integer(t, "pov_height", "env.pov_height", e.env.pov.height, 1, core::PovConfig::kMaxSide));
        const std::string povStyle = er.str("pov_style", std::string(core::povStyleName(e.env.pov.style)));
        if (const auto style = core::parsePovStyle(povStyle)) e.env.pov.style = *style;
        else r.fail("env.pov_style", "must be one of " + std::string(core::kPovStyleNames) + ", got '" + povStyle + "'");
    } else if (!lua_isnil(L, -1)) {
        r.fail("env", "must be a table");
    }
    lua_pop(L, 1);

    rawField(L, r.table, "seeds");
    const auto seedAt = [&](int idx, const std::string& name) {
        lua_Integer v = 0;
        if (!detail::intIn(L, idx, LUA_MININTEGER, LUA_MAXINTEGER, v))
            r.fail(name, "must be a 64-bit integer, got " + r.describe(idx));
        return static_cast<std::int64_t>(v);
    };
    if (lua_istable(L, -1)) {
        e.seeds.clear();
        const lua_Unsigned n = lua_rawlen(L, -1);
        if (n > static_cast<lua_Unsigned>(kMaxEpisodesPerTask))
            r.fail("seeds", "at most " + std::to_string(kMaxEpisodesPerTask) + " seeds, got " + std::to_string(n));
        for (lua_Integer i = 1; i <= static_cast<lua_Integer>(n); ++i) {
            lua_rawgeti(L, -1, i);
            const std::int64_t seed = seedAt(-1, "seeds[" + std::to_string(i) + "]");
            if (std::find(e.seeds.begin(), e.seeds.end(), seed) != e.seeds.end())
                r.fail("seeds[" + std::to_string(i) + "]", "seed " + std::to_string(seed) + " appears twice");
            e.seeds.push_back(seed);
            lua_pop(L, 1);
        }
        if (e.seeds.empty()) r.fail("seeds", "must not be empty");
    } else if (lua_type(L, -1) == LUA_TNUMBER) {
        e.seeds = {seedAt(-1, "seeds")};
    } else if (!lua_isnil(L, -1)) {
        r.fail("seeds", "must be an integer or a list of integers");
    }
    lua_pop(L, 1);
    e.repetitions = static_cast<int>(r.integer(r.table, "repetitions", "repetitions", 1, 1, kMaxEpisodesPerTask));
    if (e.seeds.size() * static_cast<std::size_t>(e.repetitions) > static_cast<std::size_t>(kMaxEpisodesPerTask))
        r.fail("repetitions", std::to_string(e.seeds.size()) + " seeds x " + std::to_string(e.repetitions) +
                                  " repetitions is more than " + std::to_string(kMaxEpisodesPerTask) + " episodes per task");
    e.stopOnDone = r.boolean(r.table, "stop_on_done", e.stopOnDone);
    e.recordRollouts = r.boolean(r.table, "record_rollouts", e.recordRollouts);
    e.instructionBudget = r.integer(r.table, "instruction_budget", "instruction_budget", e.instructionBudget, 1, kMaxInstructionBudget);
    e.memoryLimit = static_cast<std::size_t>(r.integer(r.table, "memory_mb", "memory_mb", static_cast<lua_Integer>(e.memoryLimit >> 20), 1,
                                                       kMaxMemoryMb))
                    << 20;

    if (rawField(L, r.table, "agent_options") == LUA_TTABLE) {
        const int t = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, t) != 0) {  // raw traversal
            if (lua_type(L, -2) != LUA_TSTRING) r.fail("agent_options", "keys must be strings");
            std::string k = lua_tostring(L, -2);
            switch (lua_type(L, -1)) {
                case LUA_TBOOLEAN: e.agentOptions.emplace_back(k, OptionValue(static_cast<bool>(lua_toboolean(L, -1)))); break;
                case LUA_TNUMBER:
                    if (lua_isinteger(L, -1)) e.agentOptions.emplace_back(k, OptionValue(static_cast<long long>(lua_tointeger(L, -1))));
                    else if (std::isfinite(lua_tonumber(L, -1))) e.agentOptions.emplace_back(k, OptionValue(lua_tonumber(L, -1)));
                    else r.fail("agent_options." + k, "must be a finite number");
                    break;
                case LUA_TSTRING: e.agentOptions.emplace_back(k, OptionValue(std::string(lua_tostring(L, -1)))); break;
                default: r.fail("agent_options." + k, "must be a boolean, number or string");
            }
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        r.fail("agent_options", "must be a table");
    }
    lua_pop(L, 1);

    nlohmann::json options = nlohmann::json::object();
    for (const auto& option : e.agentOptions) {  // no structured binding: clang < 16 cannot capture one
        const std::string& k = option.first;
        std::visit([&](const auto& x) { options[k] = x; }, option.second);
    }
    nlohmann::json cfg = {{"agent_options", options},{"agent", e.agentPath},
                          {"tasks", e.tasks.describe()},
                          {"env",
                           {{"action_space", core::toString(e.env.actionSpace)},
                            {"max_steps", e.env.maxSteps},
                            {"target_in_obs", e.env.targetInObs},
                            {"select_and_place", e.env.selectAndPlace},
                            {"fix_tunnelling", e.env.fixTunnelling}}},
                          {"seeds", e.seeds},
                          {"repetitions", e.repetitions},
                          {"stop_on_done", e.stopOnDone},
                          {"record_rollouts", e.recordRollouts},
                          {"instruction_budget", e.instructionBudget},
                          {"memory_mb", e.memoryLimit >> 20}};
    // Keys added later appear only when set, so stored configurations of older runs still match.
    if (e.env.povInObs) cfg["env"]["pov"] = {e.env.pov.width, e.env.pov.height};
    // The view's look changes what a policy reading obs.pov sees. Runs stored before the look
    // became the reference's (no pov_style) were rendered otherwise: they do not match, so they
    // cannot be resumed with frames of another look.
    if (e.env.povInObs) cfg["env"]["pov_style"] = std::string(core::povStyleName(e.env.pov.style));
    // Options that change episodes must be part of the configuration (a resume under another
    // value would mix results). reset_clears_agent_state is not: every episode starts from a
    // new environment, so it cannot change one.
    const core::EnvConfig defaults;
    if (e.env.doneAfterMaxSteps != defaults.doneAfterMaxSteps) cfg["env"]["done_after_max_steps"] = e.env.doneAfterMaxSteps;
    if (e.env.rightPlacementScale != defaults.rightPlacementScale) cfg["env"]["right_placement_scale"] = e.env.rightPlacementScale;
    if (e.env.wrongPlacementScale != defaults.wrongPlacementScale) cfg["env"]["wrong_placement_scale"] = e.env.wrongPlacementScale;
    e.configJson = cfg.dump();
    return e;
}

}  // namespace iglu::scripting
