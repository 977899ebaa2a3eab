// iglu nlp train --db FILE --model MODEL.json [--folds K]   the clarification baselines (core/nlp)
// iglu nlp eval --db FILE [--model MODEL.json] [--json]     their scores on held-out tasks
// iglu nlp run --db FILE --name NAME (--model MODEL.json | --script MODEL.lua) [--json]
//                                                            a model run stored as an experiment
//
// Held-out rule: `train` trains on the tasks whose id hash (FNV-1a) mod 5 is not 0 and stores
// their ids in the model; `eval --model` scores the catalog's tasks the model was not trained on.
// Without --model, `eval` is k-fold cross-validation on the catalog (fold = id hash mod K).
#include <chrono>
#include <filesystem>
#include <cstdio>
#include <iostream>
#include <memory>
#include <set>
#include <stdexcept>

#include "cli_util.hpp"
#include "commands.hpp"
#include "core/catalog/clarification_data.hpp"
#include "core/catalog/clarification_experiment.hpp"
#include "interrupt.hpp"
#include "progress_line.hpp"
#include "scripting/lua_clarification_model.hpp"
#include "core/nlp/clarification_model.hpp"

namespace iglu::cli {

namespace nlp_command {

constexpr int kHoldOutFolds = 5;  ///< train holds out the tasks with foldOf(id, 5) == 0

struct NlpOptions {
    std::string db, model, script, name;
    int folds = 5;
    bool json = false;
};

nlohmann::json whenJson(const core::Agreement& a) {
    return {{"precision", a.precision()}, {"recall", a.recall()}, {"f1", a.f1()}, {"accuracy", a.accuracy()}, {"n", a.total()},
            {"tp", a.tp}, {"fp", a.fp}, {"fn", a.fn}, {"tn", a.tn}};
}

nlohmann::json whatJson(const core::RankingScores& r) {
    return {{"mrr", r.mrr()}, {"recall_at_1", r.recallAt(1)}, {"recall_at_5", r.recallAt(5)}, {"recall_at_20", r.recallAt(20)}, {"n", r.n()}};
}

void printScores(const char* title, const core::ClarificationScores& s, const core::ClarificationScores& balanced) {
    const auto& w = s.when;
    const auto& b = balanced.when;
    std::printf("%s\n", title);
    std::printf("  when to ask (needs clarification): precision %.3f  recall %.3f  F1 %.3f  accuracy %.3f  (n %d: tp %d fp %d fn %d tn %d)\n",
                w.precision(), w.recall(), w.f1(), w.accuracy(), w.total(), w.tp, w.fp, w.fn, w.tn);
    std::printf("    class-balanced subset:           precision %.3f  recall %.3f  F1 %.3f  accuracy %.3f  (n %d)\n", b.precision(),
                b.recall(), b.f1(), b.accuracy(), b.total());
    std::printf("  what to ask (gold question rank):  MRR %.3f  recall@1 %.3f  @5 %.3f  @20 %.3f  (n %d)\n", s.what.mrr(),
                s.what.recallAt(1), s.what.recallAt(5), s.what.recallAt(20), s.what.n());
    if (s.withoutBank > 0)
        std::printf("  %d task(s) with a gold question skipped for ranking: no question bank texts for their candidates "
                    "(re-import with question_bank.csv beside the CSV)\n",
                    s.withoutBank);
}

std::set<std::string> balancedIds(const std::vector<const core::ClarificationExample*>& tasks) {
    std::set<std::string> ids;
    for (const auto* e : core::classBalanced(tasks)) ids.insert(e->id);
    return ids;
}

core::ClarificationModel trainOrSay(const std::string& db, const std::vector<const core::ClarificationExample*>& tasks,
                                    const core::QuestionBank& bank) {
    try {
        return core::ClarificationModel::train(tasks, bank);
    } catch (const std::invalid_argument& e) {
        throw std::runtime_error(db + ": " + e.what());
    }
}

core::ClarificationScores crossValidateOrSay(const std::string& db, const std::vector<core::ClarificationExample>& examples,
                                             const core::QuestionBank& bank, int folds, const std::set<std::string>* only) {
    try {
        return core::crossValidateClarification(examples, bank, folds, only);
    } catch (const std::invalid_argument& e) {
        throw std::runtime_error(db + ": cross-validation: " + e.what());
    }
}

void runTrain(const NlpOptions& o) {
    const catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
    const auto examples = catalog::clarificationExamples(cat);
    const auto bank = catalog::questionBank(cat);
    std::vector<core::ClarificationExample> training;
    for (const auto& e : examples)
        if (core::foldOf(e.id, kHoldOutFolds) != 0) training.push_back(e);
    std::vector<const core::ClarificationExample*> pointers;
    for (const auto& e : training) pointers.push_back(&e);
    const core::ClarificationModel model = trainOrSay(o.db, pointers, bank);
    const auto only = balancedIds(pointers);
    const auto cv = crossValidateOrSay(o.db, training, bank, o.folds, nullptr);
    const auto cvBalanced = crossValidateOrSay(o.db, training, bank, o.folds, &only);
    model.save(o.model);
    if (o.json) {
        std::cout << jsonText({{"model", o.model}, {"trained_on", training.size()}, {"held_out", examples.size() - training.size()},
                               {"folds", o.folds}, {"cross_validated", {{"when", whenJson(cv.when)}, {"when_balanced", whenJson(cvBalanced.when)},
                                                                        {"what", whatJson(cv.what)}, {"skipped_without_bank", cv.withoutBank}}}},
                              2)
                  << "\n";
        return;
    }
    std::printf("trained on %zu of %zu tasks (%d with a clarity label, %d ranked); %zu held out (id hash mod %d == 0) for iglu nlp eval\n",
                training.size(), examples.size(), model.trainedOnClassifier(), model.trainedOnRanker(), examples.size() - training.size(),
                kHoldOutFolds);
    printScores((std::to_string(o.folds) + "-fold cross-validation on the training tasks:").c_str(), cv, cvBalanced);
    std::printf("model written to %s\n", o.model.c_str());
}

void runEval(const NlpOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    const catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
    const auto examples = catalog::clarificationExamples(cat);
    const auto bank = catalog::questionBank(cat);
    core::ClarificationScores scores, balanced;
    std::string protocol;
    if (!o.model.empty()) {
        const auto model = core::ClarificationModel::load(o.model);
        std::vector<const core::ClarificationExample*> heldOut;
        for (const auto& e : examples)
            if (!model.trainedOn(e.id)) heldOut.push_back(&e);
        if (heldOut.empty())
            throw std::runtime_error(o.db + ": every task was used to train " + o.model + ": none is held out to evaluate on");
        scores = core::evaluateClarification(model, heldOut, bank);
        balanced = core::evaluateClarification(model, core::classBalanced(heldOut), bank);
        protocol = "model " + o.model + " on the " + std::to_string(heldOut.size()) + " tasks it was not trained on";
    } else {
        std::vector<const core::ClarificationExample*> all;
        for (const auto& e : examples) all.push_back(&e);
        const auto only = balancedIds(all);
        scores = crossValidateOrSay(o.db, examples, bank, o.folds, nullptr);
        balanced = crossValidateOrSay(o.db, examples, bank, o.folds, &only);
        protocol = "the baselines, " + std::to_string(o.folds) + "-fold cross-validated on " + std::to_string(examples.size()) +
                   " tasks (fold = id hash mod " + std::to_string(o.folds) + ")";
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (o.json) {
        std::cout << jsonText({{"protocol", protocol}, {"when", whenJson(scores.when)}, {"when_balanced", whenJson(balanced.when)},
                               {"what", whatJson(scores.what)}, {"skipped_without_bank", scores.withoutBank}, {"seconds", seconds}},
                              2)
                  << "\n";
        return;
    }
    printScores(protocol.c_str(), scores, balanced);
    std::printf("  %.2f s\n", seconds);
}

// Stores a model's predictions as a clarification experiment: the baselines (--model) on the tasks
// they were not trained on, a Lua model (--script) on every clarification task.
void runModel(const NlpOptions& o) {
    if (o.model.empty() == o.script.empty()) throw std::runtime_error("nlp run: give exactly one of --model MODEL.json and --script MODEL.lua");
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadWrite);
    catalog::ClarificationRunOptions options;
    options.name = o.name;
    std::set<std::string> heldOut;
    std::unique_ptr<core::ClarificationModel> baseline;
    std::unique_ptr<core::ClarificationPredictor> predictor;
    nlohmann::json config;
    if (!o.model.empty()) {
        baseline = std::make_unique<core::ClarificationModel>(core::ClarificationModel::load(o.model));
        for (const auto& e : catalog::clarificationExamples(cat))
            if (!baseline->trainedOn(e.id)) heldOut.insert(e.id);
        if (heldOut.empty()) throw std::runtime_error(o.db + ": every task was used to train " + o.model + ": none is held out to run on");
        options.only = &heldOut;
        predictor = std::make_unique<core::BaselinePredictor>(*baseline);
        options.script = o.model;
        config = {{"model", o.model}, {"source", "baseline"}, {"protocol", "the tasks the model was not trained on"}};
    } else {
        scripting::SandboxOptions sandbox;
        sandbox.requireDirs = {std::filesystem::path(o.script).parent_path().string(), scripting::bundledLibraryDir()};
        sandbox.dataDirs = scripting::defaultDataDirs();
        sandbox.cancel = &interruptFlag();
        predictor = std::make_unique<scripting::LuaClarificationModel>(o.script, sandbox);
        options.script = o.script;
        config = {{"model", o.script}, {"source", "lua"}, {"protocol", "every task with a clarity label or a gold question"}};
    }
    options.config = config.dump();
    options.cancel = &interruptFlag();
    ProgressLine progress("nlp run");
    options.progress = [&](int done, int total) { progress.update(done, total); };
    const auto t0 = std::chrono::steady_clock::now();
    const catalog::ClarificationRunReport report = catalog::runClarification(cat, *predictor, options);
    progress.finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const core::ClarificationSummary summary = catalog::clarificationSummary(cat, report.experiment.id);
    if (o.json) {
        nlohmann::json j = summary.toJson();
        j["experiment"] = report.experiment.name;
        j["kind"] = report.experiment.kind;
        j["run"] = {{"tasks", report.tasks}, {"stored", report.stored}, {"errors", report.errors}, {"cancelled", report.cancelled}, {"seconds", seconds}};
        std::cout << jsonText(j, 2) << "\n";
    } else {
        std::printf("clarification experiment %s: %d of %d tasks stored%s, %d refused answers, %.2f s\n", report.experiment.name.c_str(),
                    report.stored, report.tasks, report.cancelled ? " (cancelled)" : "", report.errors, seconds);
        std::cout << summary.table();
    }
    if (report.cancelled) exitCode() = 130;
}

}  // namespace nlp_command

void addNlpCommand(CLI::App& app) {
    using namespace nlp_command;
    auto* cmd = app.add_subcommand("nlp", "The clarifying-question track: when to ask and what to ask (IGLU 2022 NLP task)");
    cmd->require_subcommand(1);
    auto train = std::make_shared<NlpOptions>();
    auto* t = cmd->add_subcommand("train", "Train the baseline classifier and ranker on a catalog's tasks (one fifth held out by id hash)");
    t->add_option("--db", train->db, "Catalog file")->required()->check(CLI::ExistingFile);
    t->add_option("--model", train->model, "Model file to write (JSON)")->required();
    addNumberOption(t, "--folds", train->folds, 2, 100, "Cross-validation folds on the training tasks (default 5)");
    t->add_flag("--json", train->json, "Print the cross-validated scores as JSON");
    t->callback([train] { runTrain(*train); });
    auto eval = std::make_shared<NlpOptions>();
    auto* e = cmd->add_subcommand("eval", "Score a model on the tasks it was not trained on (without --model: k-fold cross-validation)");
    e->add_option("--db", eval->db, "Catalog file")->required()->check(CLI::ExistingFile);
    e->add_option("--model", eval->model, "A model from `iglu nlp train`");
    addNumberOption(e, "--folds", eval->folds, 2, 100, "Cross-validation folds without --model (default 5)");
    e->add_flag("--json", eval->json, "Print {when: {precision, recall, f1, accuracy, n}, when_balanced, what: {mrr, recall_at_1, ...}}");
    e->callback([eval] { runEval(*eval); });
    auto run = std::make_shared<NlpOptions>();
    auto* r = cmd->add_subcommand("run", "Run a clarification model over the catalog's tasks and store it as an experiment of kind clarification");
    r->add_option("--db", run->db, "Catalog file")->required()->check(CLI::ExistingFile);
    r->add_option("--name", run->name, "Experiment name (an existing clarification experiment is extended / updated)")->required();
    r->add_option("--model", run->model, "A model from `iglu nlp train` (runs on the tasks it was not trained on)");
    r->add_option("--script", run->script, "A Lua model returning {when = function(task), what = function(task)}")->check(CLI::ExistingFile);
    r->add_flag("--json", run->json, "Print the stored experiment's summary as JSON (as `iglu experiments show --json`)");
    r->callback([run] { runModel(*run); });
}

}  // namespace iglu::cli
