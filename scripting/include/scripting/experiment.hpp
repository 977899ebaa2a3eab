#pragma once
// An experiment: which tasks, which agent, which environment options, seeds and repetitions.
// Written as a Lua script returning a table (run sandboxed); see examples/experiments/.
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/env/environment.hpp"

namespace iglu::scripting {

/// Which tasks an experiment (or `iglu run --tasks`) runs on.
struct TaskSetSpec {
    enum class Kind { All, Filter, Ids, File };
    Kind kind = Kind::All;
    std::string text;               ///< Filter: words as `iglu tasks` takes them (skills, clear/unclear, free text)
    std::vector<std::string> ids;   ///< Ids
    std::string file;               ///< File: a JSON Lines task list (absolute or relative to the experiment)
    std::string describe() const;
};

/// Parses the --tasks words: "all"; a path ending in .jsonl (a task list file); "ids:a,b,c";
/// anything else is a catalog filter.
TaskSetSpec parseTaskSet(const std::string& words);

/// A scalar agent option (experiment field agent_options = {name = value}).
using OptionValue = std::variant<bool, long long, double, std::string>;

struct ExperimentSpec {
    std::string name;
    std::string scriptPath;          ///< the experiment file (absolute)
    std::string agentPath;           ///< the agent script (absolute)
    TaskSetSpec tasks;
    core::EnvConfig env;             ///< defaults: walking, 250 steps, target not observable
    std::vector<std::int64_t> seeds{1};
    int repetitions = 1;
    bool stopOnDone = false;         ///< end an episode when the environment says done
    bool recordRollouts = false;     ///< store each episode's rollout in the catalog
    long long instructionBudget = 20'000'000;  ///< per reset/act call
    std::size_t memoryLimit = 256u << 20;      ///< bytes per Lua state
    /// Passed to the agent as reset(obs, task, options): scalars only (booleans, numbers, strings).
    std::vector<std::pair<std::string, OptionValue>> agentOptions;
    std::string configJson;          ///< the resolved configuration, stored with the experiment
};

/// Runs an experiment script (sandboxed, require from its folder and the bundled library) and
/// reads the table it returns. Throws ScriptError naming the file and field.
ExperimentSpec loadExperiment(const std::string& path);

}  // namespace iglu::scripting
