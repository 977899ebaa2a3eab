// IGLU goal structures (shared/data/structures.json) → tasks with human skill labels.
#include <chrono>
#include <set>

#include <nlohmann/json.hpp>

#include "core/skills/skill.hpp"
#include "batch_writer.hpp"
#include "datasets/importer.hpp"
#include "json_text.hpp"
#include "world_state.hpp"

namespace iglu::datasets {

namespace {

constexpr const char* kLabeler = "iglu-skill-study";
// A fixed time keeps re-imports idempotent and lets any later human label take precedence.
constexpr const char* kLabelTime = "2022-07-01T00:00:00Z";

int intField(const nlohmann::json& v, const std::string& path, const std::string& where) {
    if (!v.is_number_integer()) throw DatasetError(Reason::WrongType, path, where + ": expected an integer, got " + std::string(v.type_name()));
    auto n = v.get<long long>();
    if (n < -1000 || n > 1000) throw DatasetError(Reason::OutOfZone, path, where + ": " + std::to_string(n) + " is far outside the zone");
    return static_cast<int>(n);
}

}  // namespace

ImportReport importStructures(const std::string& path, catalog::Catalog& catalog, const ImportOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    ImportReport report;
    report.kind = "structures";
    const std::string text = readDatasetFile(path);
    report.bytes = text.size();
    const nlohmann::json doc = parseJsonText(text, path);
    const nlohmann::json* list = &doc;
    if (doc.is_object()) {
        if (!doc.contains("structures")) throw DatasetError(Reason::WrongType, path, "structures: missing");
        list = &doc.at("structures");
    }
    if (!list->is_array()) throw DatasetError(Reason::WrongType, path, "structures: expected an array");

    BatchWriter writer(catalog, options, report);
    std::set<std::string> seen;
    for (std::size_t i = 0; i < list->size(); ++i) {
        if (writer.cancelled()) {
            report.cancelled = true;
            break;
        }
        const auto& s = (*list)[i];
        const std::string where = "structures[" + std::to_string(i) + "]";
        try {
            if (!s.is_object()) throw DatasetError(Reason::WrongType, path, where + ": expected an object");
            if (!s.contains("id") || !s["id"].is_string() || s["id"].get<std::string>().empty())
                throw DatasetError(Reason::WrongType, path, where + ".id: expected a non-empty string");
            const std::string id = s["id"].get<std::string>();
            if (!seen.insert(id).second) throw DatasetError(Reason::DuplicateBlock, path, where + ": duplicate structure id " + id);
            if (!s.contains("blocks") || !s["blocks"].is_array())
                throw DatasetError(Reason::WrongType, path, where + ".blocks: expected an array");
            catalog::TaskRecord t;
            t.task.id = id;
            t.source = catalog::TaskSource::Structure;
            t.structureId = id;
            if (s.contains("name") && s["name"].is_string()) {
                t.task.metadata["name"] = s["name"].get<std::string>();
                t.task.instruction = "Build the " + s["name"].get<std::string>() + " structure";
            }
            const auto& blocks = s["blocks"];
            for (std::size_t b = 0; b < blocks.size(); ++b) {
                const std::string bw = where + ".blocks[" + std::to_string(b) + "]";
                const auto& blk = blocks[b];
                if (!blk.is_array() || blk.size() != 4) throw DatasetError(Reason::WrongType, path, bw + ": expected [x, y, z, colour]");
                int x = intField(blk[0], path, bw), y = intField(blk[1], path, bw), z = intField(blk[2], path, bw);
                int c = intField(blk[3], path, bw);
                if (c < 1 || c > core::kNumColours) throw DatasetError(Reason::UnknownBlockId, path, bw + ": colour " + std::to_string(c) + " is not 1..6");
                if (!core::Grid::inZone(x, y, z)) throw DatasetError(Reason::OutOfZone, path, bw + ": block outside the build zone");
                if (t.task.target.at(x, y, z) != 0) throw DatasetError(Reason::DuplicateBlock, path, bw + ": second block at the same position");
                t.task.target.set(x, y, z, c);
            }
            writer.checkTask(t, path + ": " + where);
            if (s.contains("skills")) {
                if (!s["skills"].is_array()) throw DatasetError(Reason::WrongType, path, where + ".skills: expected an array");
                core::SkillSet skills;
                for (const auto& k : s["skills"]) {
                    auto skill = k.is_string() ? core::parseSkill(k.get<std::string>()) : std::nullopt;
                    if (!skill) throw DatasetError(Reason::WrongType, path, where + ".skills: unknown skill " + k.dump());
                    skills.set(*skill);
                }
                for (auto skill : core::kAllSkills)
                    writer.add(catalog::SkillLabel{id, skill, skills.has(skill), catalog::LabelSource::Human, kLabeler, "", kLabelTime});
            }
            writer.add(std::move(t));
        } catch (const DatasetError& e) {
            report.skip(e);
        }
        writer.itemDone(i + 1, list->size());
    }
    writer.flush();
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

}  // namespace iglu::datasets
