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

/// Seeds as people type them: "1, 2, 5-8" (commas or spaces; ranges inclusive). Empty with a
/// message naming the bad part in *error when the text is not that.
std::optional<std::vector<std::int64_t>> parseSeeds(const QString& text, QString* error);

/// What is wrong with the draft before any file is written (name, agent file, seeds...); empty
/// when nothing is.
QString draftProblem(const ExperimentDraft& draft);

/// The experiment script of the draft (Lua source; strings quoted safely whatever they hold).
std::string experimentScript(const ExperimentDraft& draft);

/// A Lua string literal holding `text` exactly (quotes, backslashes, newlines, control bytes).
std::string luaQuoted(const std::string& text);

}  // namespace iglu::plugins::experiments
