#include "datasets/label_io.hpp"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "csv_reader.hpp"
#include "json_text.hpp"
#include "world_state.hpp"

namespace iglu::datasets {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string csvField(const std::string& v) {
    if (v.find_first_of(",\"\r\n") == std::string::npos) return v;
    std::string out = "\"";
    for (char c : v) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

// Validates one label's text fields; throws DatasetError(WrongType) naming `where`.
catalog::SkillLabel makeLabel(const std::string& where, const std::string& path, const std::string& task, const std::string& skill,
                              bool value, const std::string& source, const std::string& labeler, const std::string& reason,
                              const std::string& time) {
    if (task.empty()) throw DatasetError(Reason::WrongType, path, where + ": empty task_id");
    auto s = core::parseSkill(skill);
    if (!s) throw DatasetError(Reason::WrongType, path, where + ": unknown skill '" + skill + "'");
    if (source != "human" && source != "auto") throw DatasetError(Reason::WrongType, path, where + ": source '" + source + "' is not human or auto");
    return {task, *s, value, source == "auto" ? catalog::LabelSource::Auto : catalog::LabelSource::Human, labeler, reason, time};
}

}  // namespace

int exportLabels(const catalog::Catalog& catalog, const std::string& path, std::optional<catalog::LabelSource> source) {
    const bool csv = endsWith(path, ".csv"), json = endsWith(path, ".json");
    if (!csv && !json) throw DatasetError(Reason::BadFileName, path, "label files end in .csv or .json");
    const auto labels = catalog.allLabels(source);
    std::ostringstream out;
    if (csv) {
        out << "task_id,skill,value,source,labeler,reason,time\n";
        for (const auto& l : labels)
            out << csvField(l.taskId) << ',' << core::skillName(l.skill) << ',' << (l.value ? 1 : 0) << ','
                << catalog::labelSourceName(l.source) << ',' << csvField(l.labeler) << ',' << csvField(l.reason) << ',' << csvField(l.time)
                << '\n';
    } else {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& l : labels)
            arr.push_back({{"task_id", l.taskId}, {"skill", core::skillName(l.skill)}, {"value", l.value},
                           {"source", catalog::labelSourceName(l.source)}, {"labeler", l.labeler}, {"reason", l.reason}, {"time", l.time}});
        out << nlohmann::json{{"labels", arr}}.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    }
    // Write next to the destination, then rename: a failed export never leaves half a file.
    const std::string tmp = path + ".partial";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f || !(f << out.str()) || !f.flush()) throw DatasetError(Reason::MissingFile, path, "cannot write the file");
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        throw DatasetError(Reason::MissingFile, path, "cannot write the file");
    }
    return static_cast<int>(labels.size());
}

ImportReport importLabels(const std::string& path, catalog::Catalog& catalog) {
    ImportReport report;
    report.kind = "labels";
    std::vector<catalog::SkillLabel> labels;
    if (endsWith(path, ".csv")) {
        auto table = CsvTable::read(path);
        const int cTask = table.column("task_id"), cSkill = table.column("skill"), cValue = table.column("value");
        const int cSource = table.column("source");
        const auto cLabeler = table.findColumn("labeler"), cReason = table.findColumn("reason"), cTime = table.findColumn("time");
        for (const auto& r : table.records()) {
            const std::string where = "line " + std::to_string(r.line);
            try {
                table.checkRecord(r);
                auto f = [&](int c) { return r.fields[static_cast<std::size_t>(c)]; };
                const std::string v = f(cValue);
                if (v != "0" && v != "1" && v != "true" && v != "false")
                    throw DatasetError(Reason::BadCsvRow, path, where + ": value '" + v + "' is not 1/0/true/false");
                labels.push_back(makeLabel(where, path, f(cTask), f(cSkill), v == "1" || v == "true", f(cSource),
                                           cLabeler ? f(*cLabeler) : "", cReason ? f(*cReason) : "", cTime ? f(*cTime) : ""));
            } catch (const DatasetError& e) {
                report.skip(e);
            }
        }
    } else if (endsWith(path, ".json")) {
        const nlohmann::json doc = parseJsonText(readDatasetFile(path), path);
        if (!doc.is_object() || !doc.contains("labels") || !doc["labels"].is_array())
            throw DatasetError(Reason::WrongType, path, "labels: expected {\"labels\": [...]}");
        const auto& arr = doc["labels"];
        for (std::size_t i = 0; i < arr.size(); ++i) {
            const std::string where = "labels[" + std::to_string(i) + "]";
            try {
                const auto& l = arr[i];
                auto str = [&](const char* k, bool required) -> std::string {
                    if (!l.is_object() || !l.contains(k)) {
                        if (required) throw DatasetError(Reason::WrongType, path, where + "." + k + ": missing");
                        return {};
                    }
                    if (!l[k].is_string()) throw DatasetError(Reason::WrongType, path, where + "." + k + ": expected a string");
                    return l[k].get<std::string>();
                };
                if (!l.is_object() || !l.contains("value") || !l["value"].is_boolean())
                    throw DatasetError(Reason::WrongType, path, where + ".value: expected true or false");
                labels.push_back(makeLabel(where, path, str("task_id", true), str("skill", true), l["value"].get<bool>(),
                                           str("source", true), str("labeler", false), str("reason", false), str("time", false)));
            } catch (const DatasetError& e) {
                report.skip(e);
            }
        }
    } else {
        throw DatasetError(Reason::BadFileName, path, "label files end in .csv or .json");
    }
    catalog.putLabels(labels);
    report.labels = static_cast<int>(labels.size());
    report.imported = report.labels;
    return report;
}

}  // namespace iglu::datasets
