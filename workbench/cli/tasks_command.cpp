// iglu tasks --db FILE [--skill S]... [--text WORDS] [--clear yes|no] [--source KIND] [--limit N] [--json]
#include <cstdio>
#include <limits>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/catalog/catalog.hpp"
#include "core/catalog/task_filter.hpp"
#include "cli_util.hpp"
#include "commands.hpp"

namespace iglu::cli {

namespace tasks_command {

struct Options {
    std::string db;
    std::vector<std::string> skills;
    std::string text;
    std::string clear;
    std::string source;
    int limit = -1;
    bool json = false;
};

nlohmann::json blocksJson(const core::Grid& g) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& b : g.blocks()) out.push_back({b.x, b.y, b.z, b.colour});
    return out;
}

nlohmann::json skillsJson(core::SkillSet s) {
    nlohmann::json out = nlohmann::json::array();
    for (auto k : core::kAllSkills)
        if (s.has(k)) out.push_back(core::skillName(k));
    return out;
}

void run(const Options& o) {
    auto filter = catalog::parseTaskFilter(o.skills, o.text, o.clear, o.source, o.limit);
    catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
    auto rows = cat.findTasks(filter);
    if (o.json) {
        // Full records for the blocks, in the same order as the summaries.
        catalog::TaskFilter byIds;
        for (const auto& r : rows) byIds.ids.push_back(r.id);
        auto records = rows.empty() ? std::vector<catalog::TaskRecord>{} : cat.loadTasks(byIds);
        std::size_t k = 0;
        for (const auto& r : rows) {
            while (k < records.size() && records[k].task.id != r.id) ++k;
            if (k == records.size()) break;
            const auto& rec = records[k];
            nlohmann::json j = {{"id", r.id},
                                {"source", catalog::taskSourceName(r.source)},
                                {"structure", r.structureId},
                                {"instruction", r.instruction},
                                {"clear", r.clear ? nlohmann::json(*r.clear) : nlohmann::json(nullptr)},
                                {"clarifying_question", rec.clarifyingQuestion},
                                {"starting_blocks", blocksJson(rec.task.starting)},
                                {"target_blocks", blocksJson(rec.task.target)},
                                {"blocks_to_add", r.blocksToAdd},
                                {"blocks_to_remove", r.blocksToRemove},
                                {"human_skills", skillsJson(r.humanSkills)},
                                {"auto_skills", skillsJson(r.autoSkills)}};
            std::cout << jsonText(j) << "\n";
        }
        return;
    }
    std::printf("%-16s %-5s %5s %6s %4s %4s  %-22s %s\n", "id", "clear", "start", "target", "+add", "-rem", "skills", "instruction");
    for (const auto& r : rows) {
        std::string skills = catalog::effectiveSkills(r).toString();
        if (!r.humanLabeled && !skills.empty()) skills += " (auto)";
        std::string instr = r.instruction.size() > 70 ? r.instruction.substr(0, 67) + "..." : r.instruction;
        std::printf("%-16s %-5s %5d %6d %4d %4d  %-22s %s\n", r.id.c_str(), r.clear ? (*r.clear ? "yes" : "no") : "-",
                    r.startingBlocks, r.targetBlocks, r.blocksToAdd, r.blocksToRemove, skills.c_str(), instr.c_str());
    }
    std::printf("%zu tasks\n", rows.size());
}

}  // namespace tasks_command

void addTasksCommand(CLI::App& app) {
    using namespace tasks_command;
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("tasks", "List catalog tasks, filtered by skill, text and clarity");
    cmd->add_option("--db", opts->db, "Catalog file")->required()->check(CLI::ExistingFile);
    cmd->add_option("--skill", opts->skills, "Only tasks with these skills (repeat or comma-separate; human labels override auto)");
    cmd->add_option("--text", opts->text, "Only tasks whose id, instruction or dialog contains every word");
    cmd->add_option("--clear", opts->clear, "yes | no: only clear / unclear instructions");
    cmd->add_option("--source", opts->source, "singleturn | session | structure | custom");
    addNumberOption(cmd, "--limit", opts->limit, 0, std::numeric_limits<int>::max(), "At most N tasks");
    cmd->add_flag("--json", opts->json, "One JSON object per task (id, instruction, clear, starting_blocks, target_blocks, ...)");
    cmd->callback([opts] { run(*opts); });
}

}  // namespace iglu::cli
