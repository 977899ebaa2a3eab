#pragma once
// The Run Experiment dialog's choices as an experiment file: what a researcher fills in (name,
// agent script, task words, action space, steps, seeds, repetitions, target in obs, record
// rollouts, stop on done) becomes an ordinary experiment script (examples/experiments/ shape),
// written to disk and run like any other, so `iglu run FILE` reruns it exactly and the catalog
// stores its configuration as usual. The file is read back by scripting::loadExperiment (the one
// validator of experiments) before it is run.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <QString>

namespace iglu::plugins::experiments {

struct ExperimentDraft {
    QString name;                ///< the experiment's name in the catalog: letters, digits, _ - .
    QString agentPath;           ///< the agent script (made absolute in the file)
    QString tasks = QStringLiteral("all");  ///< task-set words: all, filter words, ids:a,b, FILE.jsonl
    bool flying = false;         ///< action space flying (else walking)
    int maxSteps = 250;
    std::vector<std::int64_t> seeds{1};
    int repetitions = 1;
    bool targetInObs = false;
    bool recordRollouts = true;
    bool stopOnDone = false;
};

/// The most seeds a draft may list (the ranges' counts summed): every seed is an episode per task.
inline constexpr std::size_t kMaxSeeds = 10'000;

/// Seeds as people type them: "1, 2, 5-8" (commas or spaces; ranges inclusive), each number a
/// whole int64 read by core::parseNumber (the CLI's checked parser), at most kMaxSeeds in all;
/// counts are computed without overflow (e.g. "9223372036854775807" or the whole int64 range).
/// Empty with a message naming the bad part in *error when the text is not that.
std::optional<std::vector<std::int64_t>> parseSeeds(const QString& text, QString* error);

/// What is wrong with the draft before any file is written (name, agent file, seeds...); empty
/// when nothing is.
QString draftProblem(const ExperimentDraft& draft);

/// Whether an agent's Lua source reads the target: outside comments, a field `target_grid` or
/// `target` is read (obs.target_grid, task.target, x["target"]...). The rule is deliberately wide:
/// a false alarm costs a click, a miss costs a run of failed episodes (the oracle without the
/// target stores nothing but failures).
bool agentReadsTarget(const QString& source);

/// A warning before running the draft when its agent reads the target but the draft does not put
/// it in the observation (target in obs off); empty otherwise, or when the agent file cannot be
/// read (draftProblem says so) or is larger than 4 MiB (not looked at).
QString targetWarning(const ExperimentDraft& draft);

/// The experiment script of the draft (Lua source; strings quoted safely whatever they hold).
std::string experimentScript(const ExperimentDraft& draft);

/// A Lua string literal holding `text` exactly (quotes, backslashes, newlines, control bytes).
std::string luaQuoted(const std::string& text);

}  // namespace iglu::plugins::experiments
