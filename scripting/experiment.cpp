#include "scripting/experiment.hpp"

#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

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
        if (lua_type(L, -1) == LUA_TSTRING) v = lua_tostring(L, -1);
        else if (!lua_isnil(L, -1)) {
            lua_pop(L, 1);
            fail(key, "must be a string");
        }
        lua_pop(L, 1);
        return v;
    }
    double num(int t, const char* key, double def) const {
        rawField(L, t, key);
        double v = def;
        if (lua_type(L, -1) == LUA_TNUMBER) v = lua_tonumber(L, -1);
        else if (!lua_isnil(L, -1)) {
            lua_pop(L, 1);
            fail(key, "must be a number");
        }
        lua_pop(L, 1);
        return v;
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
        e.env.maxSteps = static_cast<int>(er.num(t, "max_steps", e.env.maxSteps));
        if (e.env.maxSteps <= 0) r.fail("env.max_steps", "must be positive");
        e.env.targetInObs = er.boolean(t, "target_in_obs", e.env.targetInObs);
        e.env.selectAndPlace = er.boolean(t, "select_and_place", e.env.selectAndPlace);
        e.env.fixTunnelling = er.boolean(t, "fix_tunnelling", e.env.fixTunnelling);
        e.env.doneAfterMaxSteps = er.boolean(t, "done_after_max_steps", e.env.doneAfterMaxSteps);
        e.env.resetClearsAgentState = er.boolean(t, "reset_clears_agent_state", e.env.resetClearsAgentState);
        e.env.rightPlacementScale = er.num(t, "right_placement_scale", e.env.rightPlacementScale);
        e.env.wrongPlacementScale = er.num(t, "wrong_placement_scale", e.env.wrongPlacementScale);
        e.env.povInObs = er.boolean(t, "pov", e.env.povInObs);
        e.env.pov.width = static_cast<int>(er.num(t, "pov_width", e.env.pov.width));
        e.env.pov.height = static_cast<int>(er.num(t, "pov_height", e.env.pov.height));
        if (!e.env.pov.sizeValid())
            r.fail("env.pov_width", "pov_width and pov_height must be in 1.." + std::to_string(core::PovConfig::kMaxSide));
    } else if (!lua_isnil(L, -1)) {
        r.fail("env", "must be a table");
    }
    lua_pop(L, 1);

    rawField(L, r.table, "seeds");
    if (lua_istable(L, -1)) {
        e.seeds.clear();
        const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
        for (lua_Integer i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, i);
            if (!lua_isinteger(L, -1)) r.fail("seeds", "must be a list of integers");
            e.seeds.push_back(lua_tointeger(L, -1));
            lua_pop(L, 1);
        }
        if (e.seeds.empty()) r.fail("seeds", "must not be empty");
    } else if (lua_isinteger(L, -1)) {
        e.seeds = {lua_tointeger(L, -1)};
    } else if (!lua_isnil(L, -1)) {
        r.fail("seeds", "must be an integer or a list of integers");
    }
    lua_pop(L, 1);
    e.repetitions = static_cast<int>(r.num(r.table, "repetitions", 1));
    if (e.repetitions < 1) r.fail("repetitions", "must be at least 1");
    e.stopOnDone = r.boolean(r.table, "stop_on_done", e.stopOnDone);
    e.recordRollouts = r.boolean(r.table, "record_rollouts", e.recordRollouts);
    e.instructionBudget = static_cast<long long>(r.num(r.table, "instruction_budget", static_cast<double>(e.instructionBudget)));
    e.memoryLimit = static_cast<std::size_t>(r.num(r.table, "memory_mb", static_cast<double>(e.memoryLimit >> 20))) << 20;

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
                    else e.agentOptions.emplace_back(k, OptionValue(lua_tonumber(L, -1)));
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
