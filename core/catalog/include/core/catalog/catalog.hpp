#pragma once
// The project catalog: one SQLite file holding tasks, goal structures, multi-turn sessions,
// dialogs, rollouts (human tapes and agent episodes), skill labels, notes, experiments and their
// episodes. Every plugin and the CLI read and write it through this class.
//
// - Explicit open modes (OpenMode): readers never write and never create a file; writers need an
//   existing catalog unless they may create one.
// - Versioned schema (PRAGMA user_version) with forward migrations. Opening checks the file before
//   trusting it (header, write-ahead log, page integrity, every table's columns): an empty,
//   foreign, truncated, damaged or newer file throws CatalogError naming the file and what is
//   wrong, never crashes, and is left byte for byte as it was.
// - WAL journal: readers never block the writer; a killed process loses at most the transaction
//   in flight. Every multi-row write is one transaction.
// - A Catalog object is not thread-safe: use one per thread (SQLite handles cross-connection
//   locking; a busy timeout absorbs short waits).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/architect_sessions.hpp"
#include "core/catalog/catalog_error.hpp"
#include "core/catalog/scalars.hpp"
#include "core/nlp/clarification_run.hpp"
#include "core/rollout/rollout.hpp"
#include "core/skills/skill.hpp"
#include "core/task/task.hpp"

namespace iglu::catalog {

// CatalogError, the one error type of every catalog function: catalog_error.hpp (included above).

inline constexpr int kSchemaVersion = 7;

/// Where a task came from.
enum class TaskSource : std::uint8_t { SingleTurn = 0, SessionTurn = 1, Structure = 2, Custom = 3 };
const char* taskSourceName(TaskSource s) noexcept;  ///< "singleturn", "session", "structure", "custom"
std::optional<TaskSource> parseTaskSource(std::string_view name) noexcept;

/// A task with everything the catalog knows about it.
struct TaskRecord {
    core::Task task;                     ///< id, dialog, instruction, starting, target (+ metadata)
    TaskSource source = TaskSource::Custom;
    std::string structureId;             ///< e.g. "C58" (from "14-c58" or structures.json), may be empty
    std::string sessionId;               ///< multi-turn session folder, e.g. "14-c58"; may be empty
    int turn = -1;                       ///< session turn (step-N), -1 when not a session turn
    std::optional<bool> clear;           ///< IsInstructionClear: Yes = true, No = false
    std::string clarifyingQuestion;
    std::string questionBankIds;         ///< qbank column as given (space/comma separated ids)
    std::string partition;               ///< train / test ...
    std::string startingPath, targetPath;  ///< source files, relative to the dataset root
};

/// One row of a task listing: the cheap fields a browser table shows.
struct TaskSummary {
    std::string id;
    TaskSource source = TaskSource::Custom;
    std::string structureId;
    std::string instruction;
    std::optional<bool> clear;
    int startingBlocks = 0, targetBlocks = 0;
    int blocksToAdd = 0, blocksToRemove = 0;  ///< cells where target has a block start lacks / vice versa (colour changes count in both)
    core::SkillSet humanSkills, autoSkills;  ///< latest human label per skill (any labeler) / auto labels
    bool humanLabeled = false;               ///< at least one human label exists
};

/// Filter for task listings. Empty fields do not filter.
struct TaskFilter {
    std::string text;                    ///< every whitespace-separated word must occur (case-insensitive substring) in id, instruction or dialog
    std::vector<core::Skill> skills;     ///< task must have all of them (human label if any, else auto)
    std::optional<bool> clear;
    std::optional<TaskSource> source;
    std::vector<std::string> ids;        ///< restrict to these ids
    int limit = -1;                      ///< -1 = no limit
    int offset = 0;
};

enum class LabelSource : std::uint8_t { Human = 0, Auto = 1 };
const char* labelSourceName(LabelSource s) noexcept;  ///< "human" / "auto"

struct SkillLabel {
    std::string taskId;
    core::Skill skill = core::Skill::Flat;
    bool value = false;
    LabelSource source = LabelSource::Human;
    std::string labeler;                 ///< person, or "auto-labeler vN" / "iglu-skill-study"
    std::string reason;                  ///< auto labels: short human-readable reason
    std::string time;                    ///< ISO 8601 UTC, set by the catalog when empty
};

/// A multi-turn builder session: the ordered turns are tasks (SessionTurn) with this session id.
struct SessionRecord {
    std::string id;                      ///< folder name, e.g. "14-c58"
    std::string structureId;             ///< "C58"
    std::string attempt;                 ///< "14"
    int turns = 0;
};

/// One utterance of a dialog (extension point for the multi-turn dialogs.csv: speaker and text per turn).
struct Utterance {
    std::string sessionId;
    int turn = 0;
    int seq = 0;
    std::string speaker;                 ///< "architect" / "builder"
    std::string text;
};

struct RolloutSummary {
    std::int64_t id = 0;
    std::string taskId;
    core::RolloutKind kind = core::RolloutKind::Human;
    std::string source;
    int frames = 0;
    int blockChanges = 0;
    double totalReward = 0;
};

struct ExperimentRecord {
    std::int64_t id = 0;
    std::string name;                    ///< unique
    std::string script;                  ///< path of the experiment script
    std::string config;                  ///< JSON: agent, env options, seeds, task set...
    std::string created;                 ///< ISO 8601 UTC
    std::string agentSha256;             ///< the agent that ran (scripting/agent_fingerprint.hpp); "" when not recorded
    std::string agentFiles;              ///< JSON {file name: SHA-256} of the agent and its modules; "" when not recorded
    std::string kind = "build";          ///< "build" (episodes) or "clarification" (clarification_predictions)
    std::string tags;                    ///< comma-separated, sorted, no duplicates ("" none)
    std::string note;                    ///< free text
};

inline constexpr const char* kBuildExperiment = "build";
inline constexpr const char* kClarificationExperiment = "clarification";

/// One episode of an experiment. (experiment, task, seed, repetition) is unique: re-running an
/// experiment skips episodes already stored (resume).
struct EpisodeRecord {
    std::int64_t id = 0;
    std::int64_t experimentId = 0;
    std::string taskId;
    std::int64_t seed = 0;
    int repetition = 0;
    bool ok = true;                      ///< false: the episode aborted (script error, budget)
    std::string error;                   ///< Lua traceback (file:line) when !ok
    int steps = 0;
    double totalReturn = 0;
    double precision = 0, recall = 0, f1 = 0;
    bool success = false;                ///< built grid equals the target at the best alignment
    /// The IGLU-2022 evaluator's F1 (blocks added / removed vs the start, at the step it scores:
    /// core::Iglu2022EvaluatorStep); none for episodes stored before schema version 4.
    std::optional<double> iglu2022F1;
    std::optional<core::Grid> prediction;  ///< the agent's last belief (none: it published none)
    std::optional<double> predictionF1;    ///< F1 of `prediction` against the target (core::score)
    std::optional<std::int64_t> rolloutId;
    std::string finished;                ///< ISO 8601 UTC, set by the catalog when empty
};

/// The process writing an experiment's episodes (Catalog::claimExperimentWriter).
struct ExperimentWriter {
    std::int64_t experimentId = 0;
    std::int64_t pid = 0;
    std::string host;
    std::string started;                 ///< ISO 8601 UTC
};

/// What storing a task does when its id is already in the catalog. A task's rollouts (human
/// tapes, agent episodes' rollouts), labels, note and experiment episodes belong to its content:
/// it never changes under them silently.
enum class TaskWrite : std::uint8_t {
    /// The same task again (taskDifference is empty) changes nothing, so re-imports are idempotent;
    /// other content under the id is refused: CatalogError naming the id and what differs.
    NewOrSame,
    /// Any existing id is refused (a task made by hand is always new).
    New,
    /// Other content under the id replaces the stored task and, in the same transaction, deletes
    /// its rollouts, labels, note and every experiment's episodes of it; the same task changes nothing.
    Replace,
};

/// The first field in which two records of a task differ ("target blocks", "instruction", ...), or
/// "" when they are the same task.
std::string taskDifference(const TaskRecord& a, const TaskRecord& b);

/// How a catalog file is opened.
enum class OpenMode : std::uint8_t {
    /// For commands that only read (iglu tasks, render, label export): the file must exist and is
    /// never written; a write-protected file, or one in a read-only folder, opens too.
    ReadOnly,
    /// For commands that change an existing catalog (label auto / import): the file must exist
    /// and be writable.
    ReadWrite,
    /// For commands that fill a catalog (import, run): as ReadWrite, but an absent file is created
    /// (atomically: other processes never see a half-made catalog).
    Create,
};

class Catalog {
public:
    /// Opens a catalog file (a plain file name: never a URI, never ":memory:"), migrating an older
    /// schema forward when the mode may write. Throws CatalogError naming the file: empty path, no
    /// such file (ReadOnly / ReadWrite), empty / not SQLite / another application's database,
    /// truncated, damaged pages, damaged write-ahead log, invalid or newer schema version, missing
    /// or mistyped columns, write-protected (ReadWrite / Create).
    explicit Catalog(const std::string& path, OpenMode mode = OpenMode::Create);
    /// A private catalog in memory (e.g. to evaluate a file without storing it, or a task list
    /// opened in the workbench). `name` stands for it in path() and in every message (e.g. the
    /// file it was filled from); nothing is ever written to a file of that name.
    static Catalog inMemory(const std::string& name = ":memory:");
    ~Catalog();
    Catalog(const Catalog&) = delete;
    Catalog& operator=(const Catalog&) = delete;
    Catalog(Catalog&&) noexcept;
    Catalog& operator=(Catalog&&) noexcept;

    const std::string& path() const noexcept;
    int schemaVersion() const;
    OpenMode mode() const noexcept;
    /// True when this object created the file (OpenMode::Create on an absent path).
    bool createdFile() const noexcept;

    /// True when another connection (this process or another) committed a change since the last
    /// call (or since opening). Cheap: PRAGMA data_version, no table is read.
    bool changedSinceLastCheck();
    /// True while another process has this catalog open for writing (ReadWrite / Create; see
    /// writer_presence.hpp). Cheap and non-blocking; false for ReadOnly catalogs.
    bool openForWritingElsewhere();

    /// Runs `work` in one transaction (nested calls join the outer one); rolls back on exception.
    void transaction(const std::function<void()>& work);

    // --- tasks ------------------------------------------------------------------------------
    /// Stores tasks (one transaction: a refused task stores none of them). What happens to an id
    /// already in the catalog is `how` (TaskWrite); an unchanged task is never rewritten.
    void putTasks(std::span<const TaskRecord> tasks, TaskWrite how = TaskWrite::NewOrSame);
    void putTask(const TaskRecord& task, TaskWrite how = TaskWrite::NewOrSame) { putTasks({&task, 1}, how); }
    std::optional<TaskRecord> task(const std::string& id) const;
    bool hasTask(const std::string& id) const;
    int taskCount() const;
    std::vector<TaskSummary> findTasks(const TaskFilter& filter = {}) const;
    /// Full records for a filter (for experiments).
    std::vector<TaskRecord> loadTasks(const TaskFilter& filter = {}) const;

    // --- structures, sessions, dialogs -----------------------------------------------------------
    /// Goal structures are stored as tasks (source Structure, empty start, target = structure).
    void putSessions(std::span<const SessionRecord> sessions);
    std::vector<SessionRecord> sessions() const;
    /// Tasks of a session ordered by turn.
    std::vector<TaskSummary> sessionTurns(const std::string& sessionId) const;
    void putUtterances(std::span<const Utterance> utterances);
    std::vector<Utterance> utterances(const std::string& sessionId) const;

    // --- rollouts -------------------------------------------------------------------------------
    /// Stores a rollout with its frames; a human rollout with the same (task, source) replaces the
    /// previous one (idempotent re-import). Returns the rollout id.
    std::int64_t putRollout(const core::Rollout& rollout);
    std::optional<core::Rollout> rollout(std::int64_t id) const;
    std::vector<RolloutSummary> rollouts(const std::string& taskId) const;

    // --- skill labels and notes -----------------------------------------------------------------
    /// Inserts or updates labels keyed by (task, skill, source, labeler); one transaction.
    void putLabels(std::span<const SkillLabel> labels);
    void putLabel(const SkillLabel& label) { putLabels({&label, 1}); }
    void removeLabel(const std::string& taskId, core::Skill skill, LabelSource source, const std::string& labeler);
    std::vector<SkillLabel> labels(const std::string& taskId) const;
    std::vector<SkillLabel> allLabels(std::optional<LabelSource> source = {}) const;
    /// Ids of the tasks that `labeler` has given a human label for every skill.
    std::vector<std::string> tasksLabeledBy(const std::string& labeler) const;
    void setNote(const std::string& taskId, const std::string& text);
    std::string note(const std::string& taskId) const;

    /// Catalog-wide facts by key (table catalog_info), e.g. "question_bank": the single-turn
    /// dataset's question_bank.csv as a JSON object {id: question} (datasets/singleturn.cpp).
    void setInfo(const std::string& key, const std::string& value);
    std::string info(const std::string& key) const;  ///< empty when absent

    // --- experiments and episodes ------------------------------------------------------------
    /// Returns the experiment with this name, creating it (script, config, kind) if absent; an
    /// existing experiment's script/config are updated. An existing experiment of another kind is
    /// a CatalogError naming both kinds (nothing changes).
    ExperimentRecord ensureExperiment(const std::string& name, const std::string& script, const std::string& config,
                                      const std::string& kind = kBuildExperiment);
    /// Records what agent the experiment runs (ExperimentRecord::agentSha256 / agentFiles).
    void setExperimentAgent(std::int64_t experimentId, const std::string& sha256, const std::string& filesJson);
    std::optional<ExperimentRecord> experiment(const std::string& name) const;
    std::vector<ExperimentRecord> experiments() const;
    /// Stores finished episodes (one transaction); an existing (experiment, task, seed, repetition)
    /// is replaced, and the agent rollout it referenced (if another than the new one) is deleted.
    void putEpisodes(std::span<const EpisodeRecord> episodes);
    void putEpisode(const EpisodeRecord& e) { putEpisodes({&e, 1}); }
    std::vector<EpisodeRecord> episodes(std::int64_t experimentId) const;
    bool hasEpisode(std::int64_t experimentId, const std::string& taskId, std::int64_t seed, int repetition) const;
    /// Management (experiment_admin.cpp). Each is one transaction and throws CatalogError naming
    /// the experiment when it does not exist. delete: the experiment, its episodes, their agent
    /// rollouts (with beliefs), its predictions, writer record and training curves (the scalar runs
    /// linked to it or named after it) — no orphan left; refused while
    /// another live process writes it (`writerAlive` judges a recorded writer). rename: also the
    /// rollouts' source "experiment:NAME"; the new name is checked and must be free.
    void deleteExperiment(const std::string& name, const std::function<bool(const ExperimentWriter&)>& writerAlive);
    void renameExperiment(const std::string& name, const std::string& newName);
    /// Tags: words of letters, digits, '-', '_', '.', ':' (at most 40 bytes each); stored sorted.
    void setExperimentTags(const std::string& name, const std::vector<std::string>& tags);
    void setExperimentNote(const std::string& name, const std::string& note);
    /// Stores a clarification experiment's predictions (one transaction; a task already stored for
    /// the experiment is replaced). The experiment must be of kind "clarification".
    void putClarificationPredictions(std::int64_t experimentId, std::span<const core::ClarificationPrediction> predictions);
    /// Its predictions in task id order (none for a catalog older than schema version 6).
    std::vector<core::ClarificationPrediction> clarificationPredictions(std::int64_t experimentId) const;

    /// Records `writer` as the process writing its experiment's episodes, in one transaction with
    /// the check: when another writer is recorded and `stale(that writer)` returns false, nothing
    /// changes and that writer is returned; otherwise (none, or a stale one, which is replaced)
    /// nullopt. Liveness is the caller's to judge (a process id, an OS lock).
    std::optional<ExperimentWriter> claimExperimentWriter(const ExperimentWriter& writer,
                                                          const std::function<bool(const ExperimentWriter&)>& stale);
    std::optional<ExperimentWriter> experimentWriter(std::int64_t experimentId) const;
    /// Removes the writer record of the experiment if it is (pid, host).
    void releaseExperimentWriter(std::int64_t experimentId, std::int64_t pid, const std::string& host);
    /// Deletes agent rollouts of `source` (e.g. "experiment:NAME") that no episode references
    /// (left by versions that replaced episodes without their rollouts). Returns how many.
    int removeOrphanRollouts(const std::string& source);
    /// Agent rollouts of `source` that no episode references.
    int orphanRolloutCount(const std::string& source) const;

    // --- architect sessions and human feedback (architect_sessions.hpp; architect_sessions.cpp) ---
    /// Stores a finished session with its turns and their rollouts (one transaction); returns its id.
    std::int64_t putArchitectSession(const ArchitectSessionRecord& session);
    std::optional<ArchitectSessionRecord> architectSession(std::int64_t id) const;
    std::vector<ArchitectSessionSummary> architectSessions() const;
    /// Stores feedback rows (one transaction); a row of the same (HitId, game, agent) is replaced.
    void putHumanFeedback(std::span<const HumanFeedbackRecord> rows);
    std::vector<HumanFeedbackRecord> humanFeedback() const;
    /// Per agent (by name), from human_feedback.
    std::vector<FeedbackSummary> feedbackSummary() const;

    // --- training curves (scalars.hpp; scalars.cpp) ----------------------------------------------
    /// Logs values under `run` (one transaction: a bad value stores none of them; a (tag, step)
    /// already stored is replaced). The run is linked to the experiment of its name when there is
    /// one. Throws ScalarValueError naming the file and field: run or tag empty, too long, not printable UTF-8
    /// on one line; step negative; value NaN or infinite.
    void logScalars(const std::string& run, std::span<const ScalarValue> values);
    void logScalar(const std::string& run, const std::string& tag, std::int64_t step, double value) {
        const ScalarValue v{tag, step, value};
        logScalars(run, {&v, 1});
    }
    /// Runs with scalars by name; tags of a run by name; a tag's points by step. Empty for a
    /// catalog older than schema 7 (until a writer upgrades it: read again then).
    std::vector<ScalarRun> scalarRuns() const;
    std::vector<ScalarTag> scalarTags(const std::string& run) const;
    std::vector<ScalarPoint> scalarSeries(const std::string& run, const std::string& tag) const;

private:
    Catalog() = default;
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Current UTC time as ISO 8601 ("2026-11-23T12:00:00Z").
std::string utcNow();

}  // namespace iglu::catalog
