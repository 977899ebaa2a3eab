#pragma once
// A clarification experiment over a catalog's tasks: a model (core::ClarificationPredictor — the
// shipped baselines, a Lua model, a Python callable) answers for each task with a known clarity
// or gold question, with the task's world (never its target) and candidate questions; the
// predictions are stored as an experiment of kind "clarification" in batches (a cancelled run
// keeps what it finished; running again replaces the tasks it redoes and adds new ones). Its
// summary — per skill, with intervals — and the comparison of two such experiments read what is
// stored. Used by `iglu nlp run`, `iglu experiments show / compare`, Python's iglu.nlp and the
// Experiments dock. Qt-free.
#include <atomic>
#include <functional>
#include <set>
#include <string>

#include "core/catalog/catalog.hpp"
#include "core/nlp/clarification_run.hpp"

namespace iglu::catalog {

struct ClarificationRunOptions {
    std::string name;                     ///< the experiment (created, or extended when it exists)
    std::string script;                   ///< what ran: a model file or script path, "python:<callable>"
    std::string config = "{}";            ///< JSON stored with the experiment (model, protocol)
    const std::set<std::string>* only = nullptr;  ///< restrict to these task ids (e.g. a model's held-out tasks)
    const std::atomic<bool>* cancel = nullptr;    ///< stops between tasks; finished ones are stored
    /// (done, total) after each task.
    std::function<void(int, int)> progress;
};

struct ClarificationRunReport {
    ExperimentRecord experiment;
    int tasks = 0, stored = 0, errors = 0;
    bool cancelled = false;
};

/// Runs `model` over the catalog's clarification tasks (catalog::clarificationExamples, in id
/// order) and stores the predictions. CatalogError when there is no such task (or none left by
/// `only`), when the name is taken by a build experiment, or the catalog is read-only.
ClarificationRunReport runClarification(Catalog& catalog, core::ClarificationPredictor& model, const ClarificationRunOptions& options);

/// The stored predictions of an experiment summarised per skill (the tasks' effective skills).
core::ClarificationSummary clarificationSummary(const Catalog& catalog, std::int64_t experimentId);

}  // namespace iglu::catalog
