// The human evaluation of the IGLU 2022 agents (human_agent_feedback.csv) → catalog human_feedback.
#include <chrono>

#include <nlohmann/json.hpp>

#include "core/util/json_parse.hpp"
#include "csv_reader.hpp"
#include "datasets/importer.hpp"

namespace iglu::datasets {

namespace {

std::string absentNa(const std::string& s) { return s == "NA" ? std::string() : s; }

}  // namespace

ImportReport importHumanFeedback(const std::string& path, catalog::Catalog& catalog, const ImportOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    ImportReport report;
    report.kind = "human-feedback";
    const CsvTable table = CsvTable::read(path);
    const int hit = table.column("HitId"), game = table.column("GameMinecraftId"), task = table.column("TaskMinecraftId");
    const int agent = table.column("AgentName"), annotation = table.column("Annotation");
    const auto code = table.findColumn("CompletionCode");
    std::vector<catalog::HumanFeedbackRecord> rows;
    const auto& records = table.records();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const CsvRecord& r = records[i];
        const std::string where = path + ":" + std::to_string(r.line);
        try {
            table.checkRecord(r);
            catalog::HumanFeedbackRecord f;
            f.hitId = r.fields[hit];
            if (f.hitId.empty()) throw DatasetError(Reason::BadCsvRow, where, "HitId is empty");
            f.gameId = absentNa(r.fields[game]);
            f.taskId = absentNa(r.fields[task]);
            f.agent = r.fields[agent];
            if (f.agent.empty()) throw DatasetError(Reason::BadCsvRow, where, "AgentName is empty");
            if (code) f.completionCode = absentNa(r.fields[*code]);
            f.source = where;
            nlohmann::json a;
            try {
                a = core::parseJson(r.fields[annotation], 10000);
            } catch (const std::exception& e) {
                throw DatasetError(Reason::MalformedJson, where, std::string("Annotation: ") + e.what());
            }
            if (!a.is_object()) throw DatasetError(Reason::WrongType, where, "Annotation: not a JSON object");
            if (auto it = a.find("was_chosen_best"); it != a.end() && !it->is_null()) {
                if (!it->is_boolean()) throw DatasetError(Reason::WrongType, where, "Annotation.was_chosen_best: not true / false");
                f.chosenBest = it->get<bool>();
            }
            if (auto it = a.find("agent_performance"); it != a.end() && !it->is_null()) {
                if (!it->is_string()) throw DatasetError(Reason::WrongType, where, "Annotation.agent_performance: not a string");
                f.comment = it->get<std::string>();
            }
            rows.push_back(std::move(f));
        } catch (const DatasetError& e) {
            report.skip(e);
        }
        if (options.progress) options.progress(i + 1, records.size());
        if (options.cancel && options.cancel->load()) {
            report.cancelled = true;
            break;
        }
    }
    catalog.putHumanFeedback(rows);
    report.imported = static_cast<int>(rows.size());
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

}  // namespace iglu::datasets
