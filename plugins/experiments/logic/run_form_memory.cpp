#include "run_form_memory.hpp"

#include <QSettings>

namespace iglu::plugins::experiments {

namespace {
const QString kGroup = QStringLiteral("experiments/runForm");
}

void rememberRunForm(QSettings& settings, const ExperimentDraft& d, const QString& seedsText, int jobs) {
    settings.beginGroup(kGroup);
    settings.setValue(QStringLiteral("agent"), d.agentPath);
    settings.setValue(QStringLiteral("tasks"), d.tasks);
    settings.setValue(QStringLiteral("flying"), d.flying);
    settings.setValue(QStringLiteral("maxSteps"), d.maxSteps);
    settings.setValue(QStringLiteral("seeds"), seedsText);
    settings.setValue(QStringLiteral("repetitions"), d.repetitions);
    settings.setValue(QStringLiteral("targetInObs"), d.targetInObs);
    settings.setValue(QStringLiteral("recordRollouts"), d.recordRollouts);
    settings.setValue(QStringLiteral("stopOnDone"), d.stopOnDone);
    settings.setValue(QStringLiteral("jobs"), jobs);
    settings.endGroup();
}

std::optional<RunFormMemory> rememberedRunForm(QSettings& settings) {
    settings.beginGroup(kGroup);
    std::optional<RunFormMemory> out;
    if (settings.contains(QStringLiteral("agent"))) {
        RunFormMemory m;
        m.draft.agentPath = settings.value(QStringLiteral("agent")).toString();
        m.draft.tasks = settings.value(QStringLiteral("tasks"), m.draft.tasks).toString();
        m.draft.flying = settings.value(QStringLiteral("flying"), false).toBool();
        const auto inRange = [&](const char* key, int lo, int hi, int fallback) {
            bool ok = false;
            const int v = settings.value(QString::fromLatin1(key)).toInt(&ok);
            return ok && v >= lo && v <= hi ? v : fallback;
        };
        m.draft.maxSteps = inRange("maxSteps", 1, 100000, m.draft.maxSteps);
        m.seedsText = settings.value(QStringLiteral("seeds"), QStringLiteral("1")).toString();
        m.draft.repetitions = inRange("repetitions", 1, 10000, m.draft.repetitions);
        m.draft.targetInObs = settings.value(QStringLiteral("targetInObs"), false).toBool();
        m.draft.recordRollouts = settings.value(QStringLiteral("recordRollouts"), true).toBool();
        m.draft.stopOnDone = settings.value(QStringLiteral("stopOnDone"), false).toBool();
        m.jobs = inRange("jobs", 1, 256, 0);
        out = std::move(m);
    }
    settings.endGroup();
    return out;
}

}  // namespace iglu::plugins::experiments
