#pragma once
// The `iglu` Lua module: grids, environments, observations (views), tasks, metrics, the maximal
// intersection, line-of-sight helpers and (when built) the catalog. `require "iglu"` in any state
// created by LuaState; see scripting/README.md for the API.
#include <string>
#include <utility>
#include <vector>

#include <lua.hpp>

#include "core/env/environment.hpp"
#include "scripting/belief_sink.hpp"
#include "scripting/experiment.hpp"

namespace iglu::scripting {

/// Pushes the module table (building it once per state) and returns 1.
int luaopen_iglu(lua_State* L);

/// Pushes an observation userdata viewing `env` (owned elsewhere; it must outlive the state or
/// the view, or `alive` — the owner's liveness flag — must turn false when it is destroyed).
/// Fields: grid, target_grid, x, y, z, yaw, pitch, step, compass, dialog; method inventory(colour).
/// `beliefs` (may be null: obs:publish_belief then refuses) takes obs:publish_belief(blocks).
/// `dialog` (may be null: the environment's task chat) is what obs.dialog reads, owned by the
/// caller (an architect session's dialogue so far, scripting/lua_agent.hpp).
void pushObservation(lua_State* L, const core::Environment* env, const bool* alive = nullptr, BeliefSink* beliefs = nullptr,
                     const std::string* dialog = nullptr);

/// Pushes an agent's options as a table {name = value} (reset's third argument).
void pushOptions(lua_State* L, const std::vector<std::pair<std::string, OptionValue>>& options);

/// Pushes a task as a table {id, instruction, dialog, starting, target (only if withTarget)}.
void pushTask(lua_State* L, const core::Task& task, bool withTarget);

}  // namespace iglu::scripting
