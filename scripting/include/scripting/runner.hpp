#pragma once
// Runs the episodes of an experiment on N worker threads, each with its own AgentWorker (a new Lua
// state and a new environment per episode). Workers pull episode indices from an atomic counter;
// finished outcomes go to the calling thread, which hands them to `onOutcome` (so a catalog is
// written from one thread) and shows progress on stderr.
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/task/task.hpp"
#include "scripting/agent.hpp"
#include "scripting/experiment.hpp"

namespace iglu::scripting {

struct EpisodeKey {
    std::size_t task = 0;   ///< index into the task list
    std::int64_t seed = 0;
    int repetition = 0;
};

/// Every (task, seed, repetition) of an experiment, in a stable order.
std::vector<EpisodeKey> allEpisodes(const ExperimentSpec& spec, std::size_t taskCount);

/// Where a run stands (RunOptions::onProgress).
struct RunProgress {
    int finished = 0;        ///< outcomes delivered so far (including failed episodes)
    int failed = 0;
    std::size_t total = 0;   ///< episodes to run (todo)
    double seconds = 0;      ///< since the start
    double perSecond = 0;    ///< finished episodes per second
    double etaSeconds = 0;   ///< estimated time left at the current rate
};

struct RunOptions {
    int jobs = 1;
    bool progress = true;                        ///< a progress line on stderr
    const std::atomic<bool>* cancel = nullptr;   ///< set (e.g. by SIGINT) to stop; finished episodes are kept
    /// Called on the calling thread at most every `progressInterval` seconds while episodes finish,
    /// and once at the end (e.g. a GUI progress bar).
    std::function<void(const RunProgress&)> onProgress;
    double progressInterval = 0.25;
};

struct RunReport {
    int finished = 0;       ///< outcomes delivered (including failed episodes)
    int failed = 0;         ///< of which the script failed
    bool cancelled = false;
    double seconds = 0;
};

/// Runs `todo`. `onOutcome` is called on the calling thread, in completion order, for every
/// finished (not cancelled) episode. Throws ScriptError if the agent script cannot be loaded.
RunReport runEpisodes(const ExperimentSpec& spec, const std::vector<core::Task>& tasks,
                      const std::vector<EpisodeKey>& todo, const RunOptions& options,
                      const std::function<void(EpisodeOutcome&&)>& onOutcome);

}  // namespace iglu::scripting
