// iglu label auto --db FILE        label every catalog task with the automatic labeler (source auto)
// iglu label eval STRUCTURES.json  compare the automatic labels with the human ones, per skill
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "core/catalog/auto_labels.hpp"
#include "core/catalog/catalog.hpp"
#include "core/skills/agreement.hpp"
#include "core/skills/auto_labeler.hpp"
#include "datasets/importer.hpp"
#include "datasets/label_io.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "progress_line.hpp"

namespace iglu::cli {

namespace {

struct AutoOptions {
    std::string db;
};

void runAuto(const AutoOptions& o) {
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadWrite);
    ProgressLine progress("labeling");
    const auto& stop = interruptFlag();
    const catalog::AutoLabelRun run = catalog::storeAutoLabels(cat, [&](int done, int total) {
        progress.update(static_cast<std::size_t>(done), static_cast<std::size_t>(total));
        return !stop.load();
    });
    progress.update(static_cast<std::size_t>(run.labeled), static_cast<std::size_t>(run.total));
    progress.finish();
    std::printf("labeled %d of %d tasks (%s)\n", run.labeled, run.total, core::kAutoLabelerName);
    for (core::Skill s : core::kAllSkills) std::printf("  %-8s %d\n", core::skillName(s), run.positives[static_cast<std::size_t>(s)]);
    if (run.labeled < run.total) exitCode() = 130;
}

struct EvalOptions {
    std::string file;
    bool json = false;
};

void runEval(const EvalOptions& o) {
    auto cat = catalog::Catalog::inMemory();
    auto report = datasets::importStructures(o.file, cat);
    if (report.skipped > 0) std::cerr << report.summary();
    std::map<std::string, std::array<bool, core::kNumSkills>> human;
    for (const auto& l : cat.allLabels(catalog::LabelSource::Human)) human[l.taskId][static_cast<std::size_t>(l.skill)] = l.value;
    std::array<core::Agreement, core::kNumSkills> agree;
    for (const auto& [id, labels] : human) {
        auto t = cat.task(id);
        auto predicted = core::autoLabel(t->task.target);
        for (core::Skill s : core::kAllSkills) agree[static_cast<std::size_t>(s)].add(predicted[s].value, labels[static_cast<std::size_t>(s)]);
    }
    if (o.json) {
        nlohmann::json perSkill = nlohmann::json::object();
        for (core::Skill s : core::kAllSkills) {
            const auto& a = agree[static_cast<std::size_t>(s)];
            perSkill[core::skillName(s)] = {{"precision", a.precision()}, {"recall", a.recall()}, {"f1", a.f1()}, {"kappa", a.kappa()},
                                            {"tp", a.tp}, {"fp", a.fp}, {"fn", a.fn}, {"tn", a.tn}};
        }
        std::cout << jsonText(nlohmann::json{{"structures", human.size()}, {"labeler", core::kAutoLabelerName}, {"per_skill", perSkill}}, 2) << "\n";
        return;
    }
    std::printf("%s against the human labels of %zu structures (%s)\n", core::kAutoLabelerName, human.size(), o.file.c_str());
    std::printf("%-9s %9s %7s %6s %6s   %3s %3s %3s %3s\n", "skill", "precision", "recall", "f1", "kappa", "tp", "fp", "fn", "tn");
    for (core::Skill s : core::kAllSkills) {
        const auto& a = agree[static_cast<std::size_t>(s)];
        std::printf("%-9s %9.3f %7.3f %6.3f %6.3f   %3d %3d %3d %3d\n", core::skillName(s), a.precision(), a.recall(), a.f1(), a.kappa(),
                    a.tp, a.fp, a.fn, a.tn);
    }
}

struct FileOptions {
    std::string db;
    std::string file;
    std::string source;
};

void runExport(const FileOptions& o) {
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
    std::optional<catalog::LabelSource> source;
    if (o.source == "human") source = catalog::LabelSource::Human;
    else if (o.source == "auto") source = catalog::LabelSource::Auto;
    const int n = datasets::exportLabels(cat, o.file, source);
    std::printf("exported %d labels to %s\n", n, o.file.c_str());
}

void runImport(const FileOptions& o) {
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadWrite);
    auto report = datasets::importLabels(o.file, cat);
    std::cout << report.summary();
    if (report.skipped > 0) exitCode() = 1;
}

}  // namespace

void addLabelCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("label", "Automatic skill labels: label a catalog, or evaluate against human labels");
    cmd->require_subcommand(1);
    auto autoOpts = std::make_shared<AutoOptions>();
    auto* a = cmd->add_subcommand("auto", "Label every task of a catalog (source auto, with a reason per skill)");
    a->add_option("--db", autoOpts->db, "Catalog file")->required()->check(CLI::ExistingFile);
    a->callback([autoOpts] { runAuto(*autoOpts); });
    auto evalOpts = std::make_shared<EvalOptions>();
    auto* e = cmd->add_subcommand("eval", "Per-skill precision / recall / F1 / Cohen's kappa of the automatic labels against the human ones");
    e->add_option("STRUCTURES", evalOpts->file, "A file in the format of structures.json")->required();
    e->add_flag("--json", evalOpts->json, "Print {\"per_skill\": {skill: {precision, recall, f1, kappa}}}");
    e->callback([evalOpts] { runEval(*evalOpts); });
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
