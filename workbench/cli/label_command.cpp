// iglu label auto --db FILE        label every catalog task with the automatic labeler (source auto)
// iglu label eval LABELS.json [--model MODEL.json]  the rules (and a trained model) against human labels
// iglu label train LABELS.json|--db FILE --model MODEL.json  the labeler that learns (skill_model.hpp)
#include <algorithm>
#include <cstdio>
#include <optional>
#include <iostream>

#include <nlohmann/json.hpp>

#include "core/catalog/auto_labels.hpp"
#include "core/catalog/catalog.hpp"
#include "core/skills/agreement.hpp"
#include "core/skills/auto_labeler.hpp"
#include "core/skills/skill_model.hpp"
#include "core/util/output_check.hpp"
#include "datasets/importer.hpp"
#include "datasets/label_io.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "progress_line.hpp"

namespace iglu::cli {

namespace label_command {

struct AutoOptions {
    std::string db;
    std::string model;
};

void runAuto(const AutoOptions& o) {
    core::checkOutputFile({"--db", o.db, true}, {{"--model", o.model}}, {});
    std::optional<core::SkillModel> model;
    if (!o.model.empty()) model = core::SkillModel::load(o.model);  // before the catalog: a bad model changes nothing
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadWrite);
    ProgressLine progress("labeling");
    const auto& stop = interruptFlag();
    const catalog::AutoLabelRun run = catalog::storeAutoLabels(cat, [&](int done, int total) {
        progress.update(static_cast<std::size_t>(done), static_cast<std::size_t>(total));
        return !stop.load();
    }, model ? &*model : nullptr);
    progress.update(static_cast<std::size_t>(run.labeled), static_cast<std::size_t>(run.total));
    progress.finish();
    std::printf("labeled %d of %d tasks (%s)\n", run.labeled, run.total, core::kAutoLabelerName);
    if (model)
        for (core::Skill s : core::kAllSkills)
            if (model->preferred(s))
                std::printf("  %s suggested by the model (CV F1 %.3f > rules %.3f)\n", core::skillName(s), model->modelF1(s), model->rulesF1(s));
    for (core::Skill s : core::kAllSkills) std::printf("  %-8s %d\n", core::skillName(s), run.positives[static_cast<std::size_t>(s)]);
    if (run.labeled < run.total) exitCode() = 130;
}

struct EvalOptions {
    std::string file;
    std::string db;
    std::string model;
    bool json = false;
};

/// Tasks with a human label for every skill (the newest per skill), in id order: from a labels
/// file in the format of structures.json, or from a catalog's human labels.
std::vector<core::LabeledExample> labeledExamples(const EvalOptions& o) {
    std::optional<catalog::Catalog> owned;
    if (!o.db.empty()) {
        owned.emplace(o.db, catalog::OpenMode::ReadOnly);
    } else {
        owned.emplace(catalog::Catalog::inMemory(o.file));
        const auto report = datasets::importStructures(o.file, *owned);
        if (report.skipped > 0) std::cerr << report.summary();
    }
    auto out = catalog::humanLabeledExamples(*owned);
    if (out.empty())
        throw std::runtime_error((o.db.empty() ? o.file : o.db) + ": no task has a human label for every skill");
    return out;
}

nlohmann::json agreementJson(const std::array<core::Agreement, core::kNumSkills>& agree) {
    nlohmann::json perSkill = nlohmann::json::object();
    for (core::Skill s : core::kAllSkills) {
        const auto& a = agree[static_cast<std::size_t>(s)];
        perSkill[core::skillName(s)] = {{"precision", a.precision()}, {"recall", a.recall()}, {"f1", a.f1()}, {"kappa", a.kappa()},
                                        {"tp", a.tp}, {"fp", a.fp}, {"fn", a.fn}, {"tn", a.tn}};
    }
    return perSkill;
}

void printAgreement(const std::string& title, const std::array<core::Agreement, core::kNumSkills>& agree) {
    std::printf("%s\n%-9s %9s %7s %6s %6s   %3s %3s %3s %3s\n", title.c_str(), "skill", "precision", "recall", "f1", "kappa", "tp",
                "fp", "fn", "tn");
    for (core::Skill s : core::kAllSkills) {
        const auto& a = agree[static_cast<std::size_t>(s)];
        std::printf("%-9s %9.3f %7.3f %6.3f %6.3f   %3d %3d %3d %3d\n", core::skillName(s), a.precision(), a.recall(), a.f1(), a.kappa(),
                    a.tp, a.fp, a.fn, a.tn);
    }
}

void runEval(const EvalOptions& o) {
    const auto examples = labeledExamples(o);
    const auto rules = core::rulesAgreement(examples);
    std::optional<core::SkillModel> model;
    std::array<core::Agreement, core::kNumSkills> byModel{};
    if (!o.model.empty()) {
        model = core::SkillModel::load(o.model);
        for (const auto& e : examples) {
            const auto p = model->predict(e.target, &e.starting);
            for (std::size_t k = 0; k < core::kNumSkills; ++k) byModel[k].add(p[k].value, e.labels[k]);
        }
    }
    const std::string where = o.db.empty() ? o.file : o.db;
    if (o.json) {
        nlohmann::json j = {{"structures", examples.size()},
                            {"labeler", core::kAutoLabelerName},
                            {"per_skill", agreementJson(rules)},  // the rules' (kept for earlier readers)
                            {"rules", {{"labeler", core::kAutoLabelerName}, {"per_skill", agreementJson(rules)}}}};
        if (model) j["model"] = {{"labeler", o.model}, {"trained_on", model->trainedOn()}, {"per_skill", agreementJson(byModel)}};
        std::cout << jsonText(j, 2) << "\n";
        return;
    }
    printAgreement(std::string(core::kAutoLabelerName) + " against the human labels of " + std::to_string(examples.size()) +
                       " structures (" + where + ")",
                   rules);
    if (model) {
        std::printf("\n");
        printAgreement("model " + o.model + " (trained on " + std::to_string(model->trainedOn()) + ") on the same labels", byModel);
    }
}

struct TrainOptions {
    EvalOptions source;
    std::string model;
    int folds = 5;
    bool json = false;
};

void runTrain(const TrainOptions& o) {
    if (o.source.file.empty() == o.source.db.empty()) throw std::runtime_error("train: give a labels file or --db FILE (one of them)");
    core::checkOutputFile({"--model", o.model}, {{"LABELS", o.source.file}, {"--db", o.source.db, true}}, {".json"});
    const auto examples = labeledExamples(o.source);
    const core::SkillModelTraining trained = [&] {
        try {
            return core::trainSkillModel(examples, o.folds);  // scores stored: `label auto --model` uses them
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error((o.source.db.empty() ? o.source.file : o.source.db) + ": " + e.what());
        }
    }();
    const auto& rules = trained.rules;
    const auto& cv = trained.crossValidated;
    const core::SkillModel& model = trained.model;
    model.save(o.model);
    if (o.json) {
        std::cout << jsonText({{"model", o.model}, {"trained_on", examples.size()}, {"folds", o.folds},
                               {"cross_validated", agreementJson(cv)}, {"rules", agreementJson(rules)}},
                              2)
                  << "\n";
        return;
    }
    std::printf("trained on %zu labeled tasks; %d-fold cross-validated F1 (model) beside the rules' F1 on the same labels:\n",
                examples.size(), o.folds);
    std::printf("%-9s %8s %8s\n", "skill", "model", "rules");
    for (core::Skill s : core::kAllSkills)
        std::printf("%-9s %8.3f %8.3f\n", core::skillName(s), cv[static_cast<std::size_t>(s)].f1(), rules[static_cast<std::size_t>(s)].f1());
    std::printf("model written to %s\n", o.model.c_str());
}

struct FileOptions {
    std::string db;
    std::string file;
    std::string source;
};

void runExport(const FileOptions& o) {
    core::checkOutputFile({"--out", o.file}, {{"--db", o.db, true}}, {".csv", ".json"});
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
    std::optional<catalog::LabelSource> source;
    if (o.source == "human") source = catalog::LabelSource::Human;
    else if (o.source == "auto") source = catalog::LabelSource::Auto;
    const int n = datasets::exportLabels(cat, o.file, source);
    std::printf("exported %d labels to %s\n", n, o.file.c_str());
}

void runImport(const FileOptions& o) {
    core::checkOutputFile({"--db", o.db, true}, {{"FILE", o.file}}, {});
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadWrite);
    auto report = datasets::importLabels(o.file, cat);
    std::cout << report.summary();
    if (report.skipped > 0) exitCode() = 1;
}

}  // namespace label_command

void addLabelCommand(CLI::App& app) {
    using namespace label_command;
    auto* cmd = app.add_subcommand("label", "Automatic skill labels: label a catalog, or evaluate against human labels");
    cmd->require_subcommand(1);
    auto autoOpts = std::make_shared<AutoOptions>();
    auto* a = cmd->add_subcommand("auto", "Label every task of a catalog (source auto, with a reason per skill)");
    a->add_option("--db", autoOpts->db, "Catalog file")->required()->check(CLI::ExistingFile);
    a->add_option("--model", autoOpts->model,
                  "A model from `iglu label train`: it suggests the skills it scored higher on than the rules")
        ->check(CLI::ExistingFile);
    a->callback([autoOpts] { runAuto(*autoOpts); });
    auto evalOpts = std::make_shared<EvalOptions>();
    auto* e = cmd->add_subcommand("eval", "Per-skill precision / recall / F1 / Cohen's kappa of the automatic labels against the human ones");
    e->add_option("LABELS", evalOpts->file, "A labels file in the format of structures.json")->required();
    e->add_option("--model", evalOpts->model, "Also evaluate a model made by `iglu label train`");
    e->add_flag("--json", evalOpts->json, "Print {\"rules\": {per_skill}, \"model\": {per_skill}} (precision, recall, f1, kappa, counts)");
    e->callback([evalOpts] { runEval(*evalOpts); });

    auto trainOpts = std::make_shared<TrainOptions>();
    auto* t = cmd->add_subcommand("train", "Train the labeler that learns on human labels; prints its cross-validated F1 beside the rules'");
    t->add_option("LABELS", trainOpts->source.file, "A labels file in the format of structures.json (or --db)");
    t->add_option("--db", trainOpts->source.db, "A catalog: its tasks with a human label for every skill")->check(CLI::ExistingFile);
    t->add_option("--model", trainOpts->model, "Model file to write, MODEL.json")->required();
    addNumberOption(t, "--folds", trainOpts->folds, 2, 100, "Cross-validation folds (default 5)");
    t->add_flag("--json", trainOpts->json, "Print {cross_validated: {per skill}, rules: {per skill}}");
    t->callback([trainOpts] { runTrain(*trainOpts); });
    auto exportOpts = std::make_shared<FileOptions>();
    auto* x = cmd->add_subcommand("export", "Write the catalog's skill labels to a .csv or .json file");
    x->add_option("--db", exportOpts->db, "Catalog file")->required()->check(CLI::ExistingFile);
    x->add_option("--out", exportOpts->file, "Destination (.csv or .json)")->required();
    x->add_option("--source", exportOpts->source, "Only human or only auto labels")->check(CLI::IsMember({"human", "auto"}));
    x->callback([exportOpts] { runExport(*exportOpts); });
    auto importOpts = std::make_shared<FileOptions>();
    auto* i = cmd->add_subcommand("import", "Read skill labels from a .csv or .json file (as written by export) into a catalog");
    i->add_option("FILE", importOpts->file, "Label file (.csv or .json)")->required();
    i->add_option("--db", importOpts->db, "Catalog file")->required();
    i->callback([importOpts] { runImport(*importOpts); });
}

}  // namespace iglu::cli
