#pragma once
// What the Run Experiment form remembers between uses (QSettings, group "experiments/runForm"):
// the last draft that ran — agent, tasks, action space, steps, seeds as typed, repetitions, target
// in obs, record rollouts, stop on done — and the jobs. Not the name: a new run gets a fresh
// name from the agent (a remembered name would silently resume the last experiment).
#include <optional>

#include <QString>

#include "experiment_draft.hpp"

class QSettings;

namespace iglu::plugins::experiments {

struct RunFormMemory {
    ExperimentDraft draft;   ///< name empty
    QString seedsText;       ///< as typed ("1-5")
    int jobs = 0;            ///< 0: not remembered
};

void rememberRunForm(QSettings& settings, const ExperimentDraft& draft, const QString& seedsText, int jobs);
/// None before the first run; values out of their ranges (a hand-edited file) are left at the
/// draft's defaults.
std::optional<RunFormMemory> rememberedRunForm(QSettings& settings);

}  // namespace iglu::plugins::experiments
