#pragma once
// One run of an experiment against a catalog: what `iglu run` and the workbench's Experiments
// plugin share. It loads the experiment script and its task set (catalog filter words, ids, or a
// task-list file whose unknown tasks are added to the catalog as custom), refuses to mix a changed
// configuration into the episodes stored under the same name, takes the experiment's writer lock
// (one writer per experiment and catalog, see experiment_lock.hpp; held until destruction), skips
// episodes already stored (resume; they count in the summary), runs the rest on N threads, writes
// finished episodes with their rollouts (when the experiment records them) in batched
// transactions, and keeps the per-skill summary beside the do-nothing agent.
//
// Reproducible: an episode's stored row depends only on (experiment configuration, agent code,
// task, seed, repetition), never on the jobs count, the order episodes ran in, or a resume (each
// episode gets a new environment and a new Lua state, see agent_session.hpp).
//
// Not thread-safe: construct and run it on one thread (it owns its catalog connection). Cancel
// from any thread through the flag in SessionRun.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "core/skills/skill.hpp"
#include "core/task/task.hpp"
#include "scripting/agent.hpp"
#include "scripting/agent_fingerprint.hpp"
#include "scripting/experiment.hpp"
#include "scripting/runner.hpp"
#include "scripting/summary.hpp"

namespace iglu::catalog {
class Catalog;
struct EpisodeRecord;
}  // namespace iglu::catalog

namespace iglu::scripting {

/// The catalog filter of a task set (All, Filter: the words of `iglu tasks`; Ids): the tasks a
/// session runs on, and what the Run Experiment dialog counts as the user types. A File set is a
/// task list, not a catalog filter (an empty filter is returned). Throws std::runtime_error for
/// bad filter words (core/catalog/task_filter.hpp).
catalog::TaskFilter taskFilterOf(const TaskSetSpec& set);

/// Whether `spec` may add episodes to an experiment of its name stored in `cat` (none stored:
/// yes). Throws std::runtime_error for another configuration, AgentChangedError (naming the files
/// and a free name for a new experiment) for another agent: an experiment recorded its agent's
/// fingerprint when it first ran; one stored before that resumes and records it.
void checkResumable(const catalog::Catalog& cat, const ExperimentSpec& spec, const AgentFingerprint& agent);

struct SessionOptions {
    std::string db;     ///< catalog: task source, episode store, resume; empty = none (task-list files only)
    std::string tasks;  ///< overrides the experiment's task set (`--tasks` words); empty = the experiment's own
    std::string name;   ///< store under this name instead of the script's `name`
};

struct SessionRun {
    int jobs = 1;
    bool progressLine = false;                   ///< the runner's progress line on stderr
    const std::atomic<bool>* cancel = nullptr;   ///< set to stop: episodes in flight are dropped, finished ones stored
    std::function<void(const RunProgress&)> onProgress;
    /// Each finished episode, on the calling thread, once it is counted and queued for writing (its
    /// rollout, if any, has moved to the store). An exception stops the run; finished episodes are kept.
    std::function<void(const EpisodeOutcome&)> onEpisode;
};

class ExperimentSession {
public:
    /// Loads the experiment and its tasks, checks the stored configuration and agent
    /// (checkResumable: before anything is written), takes the writer lock,
    /// removes orphan rollouts of the experiment and finds the episodes left to run. Throws
    /// ScriptError (experiment script), CatalogError, or std::runtime_error naming the catalog /
    /// task set, or naming the experiment and the process (pid, host, start time) already running it.
    /// The agent script is compiled before the catalog is opened; a catalog file the session
    /// created (absent --db) is removed again when it fails to open, or when run() throws before
    /// any episode was stored (then when the session is destroyed).
    ExperimentSession(const std::string& experimentPath, const SessionOptions& options);
    ~ExperimentSession();
    ExperimentSession(const ExperimentSession&) = delete;
    ExperimentSession& operator=(const ExperimentSession&) = delete;

    const ExperimentSpec& spec() const noexcept { return spec_; }
    const std::vector<core::Task>& tasks() const noexcept { return tasks_; }
    /// The agent this session runs and stores with the experiment (with a catalog; else empty).
    const AgentFingerprint& agent() const noexcept { return agent_; }
    /// Every (task, seed, repetition) of the experiment.
    std::size_t episodeCount() const noexcept { return episodeCount_; }
    /// Episodes found stored when the session opened (not run again).
    std::size_t resumedCount() const noexcept { return resumed_; }
    /// Episodes still to run.
    std::size_t todoCount() const noexcept { return todo_.size(); }
    /// The experiment's catalog id (0 without a catalog).
    std::int64_t experimentId() const noexcept { return experimentId_; }
    /// The dead writer whose lock this session took over ("process PID on host H (started T)"), or empty.
    const std::string& tookOverFrom() const noexcept { return tookOver_; }
    /// Rollouts of this experiment no episode referenced (left by older versions), deleted on opening.
    int orphanRolloutsRemoved() const noexcept { return orphansRemoved_; }
    /// Stored (resumed) plus finished episodes. After run() returns it is summed in the
    /// experiment's episode order, so it does not depend on the order episodes finished in
    /// (floating-point sums); during run() finished episodes are added as they come.
    const Summary& summary() const noexcept { return summary_; }

    /// Runs the episodes left. Finished episodes are written every 64 episodes or 0.5 s and at the
    /// end (also when cancelled or when a callback throws). A later run() continues with what is
    /// still left.
    RunReport run(const SessionRun& how);

private:
    struct Store;
    std::size_t indexOf(std::size_t task, std::int64_t seed, int repetition) const;
    void rebuildSummary();
    std::vector<std::optional<EpisodeResult>> results_;  // per episode, in allEpisodes order
    ExperimentSpec spec_;
    std::vector<core::Task> tasks_;
    std::vector<core::SkillSet> skills_;  // parallel to tasks_
    std::vector<EpisodeKey> todo_;
    std::size_t episodeCount_ = 0;
    std::size_t resumed_ = 0;
    std::int64_t experimentId_ = 0;
    std::string tookOver_;
    AgentFingerprint agent_;
    int orphansRemoved_ = 0;
    Summary summary_;
    std::unique_ptr<Store> store_;
};

/// Adds one stored episode of `task` to a summary (the do-nothing baseline from the task's grids).
/// What the summary counts of a stored episode (the do-nothing baseline computed from the task).
EpisodeResult episodeResult(const catalog::EpisodeRecord& episode, const core::Task& task);
void addStoredEpisode(Summary& summary, const catalog::EpisodeRecord& episode, const core::Task& task,
                      core::SkillSet skills);

/// The summary of an experiment's stored episodes, as `iglu run` prints it after a resume: skills
/// are a task's human labels when it has any, else the automatic ones.
Summary storedSummary(const catalog::Catalog& cat, std::int64_t experimentId);

}  // namespace iglu::scripting
