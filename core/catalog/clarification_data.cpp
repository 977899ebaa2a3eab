#include "core/catalog/clarification_data.hpp"
#include "core/util/json_parse.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace iglu::catalog {

std::vector<core::ClarificationExample> clarificationExamples(const Catalog& catalog) {
    std::vector<core::ClarificationExample> out;
    for (TaskRecord& r : catalog.loadTasks()) {
        const auto qrel = r.task.metadata.find("qrel");
        if (!r.clear && qrel == r.task.metadata.end()) continue;
        core::ClarificationExample e;
        e.id = r.task.id;
        e.instruction = r.task.instruction;
        e.starting = r.task.starting;
        if (r.clear) e.needsClarification = !*r.clear;
        if (qrel != r.task.metadata.end()) e.goldQuestion = qrel->second;
        std::string cur;
        for (char c : r.questionBankIds + " ") {
            if (c == ' ' || c == ',') {
                if (!cur.empty()) e.candidates.push_back(cur);
                cur.clear();
            } else {
                cur += c;
            }
        }
        out.push_back(std::move(e));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    return out;
}

core::QuestionBank questionBank(const Catalog& catalog) {
    const std::string text = catalog.info(kQuestionBankKey);
    core::QuestionBank bank;
    if (text.empty()) return bank;
    const nlohmann::json j = core::parseJsonOrDiscarded(text);
    if (!j.is_object()) throw CatalogError(catalog.path() + ": catalog_info." + kQuestionBankKey + ": not a JSON object (re-import the data)");
    for (const auto& [id, question] : j.items()) {
        if (!question.is_string())
            throw CatalogError(catalog.path() + ": catalog_info." + kQuestionBankKey + "." + id + ": not a string (re-import the data)");
        bank[id] = question.get<std::string>();
    }
    return bank;
}

}  // namespace iglu::catalog
